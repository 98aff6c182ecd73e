"""`skirmish duel`: two fighters on an open strip, fought out by the world and the turn driver
under any ruleset, every roll printed.

The duel is the smallest whole match: the two stand `distance_m` apart on a strip of open
ground 2 m a tile, each commanded by the normal AI, and the match runs through the same
world and flow as any skirmish (so a melee fighter out of reach closes in before it strikes,
as on the grid: Declaring Attacks, "Any movement required in order to make the attack is
implied"; Movement, half Move freely, a full Move for a slow attack, else it only moves).
"""

from __future__ import annotations

from typing import Any

from engine.rulesets import UnknownRuleset, make_ruleset
from game.ai import make_controller
from game.flow import Flow
from game.limits import MAX_DUEL_METRES
from game.maps.grid import GridMap
from game.world.events import EventKind
from game.world.match import Match

METRES_PER_TILE = 2.0  # the shipped maps' scale
NAMES = ("Ann", "Bob")


class DuelError(ValueError):
    """Bad duel input (an unknown weapon id, a bad distance, a ruleset without the weapon)."""


def strip(tiles_apart: int, metres_per_tile: float = METRES_PER_TILE) -> GridMap:
    """Open ground three tiles deep, long enough for two fighters `tiles_apart` tiles apart
    with a tile to spare at each end."""
    w, h = tiles_apart + 3, 3
    return GridMap(name="duel", path="<duel>", width=w, height=h, tile_width=32, tile_height=32,
                   metres_per_tile=metres_per_tile, max_rounds=20, briefing="", properties={},
                   walkable_cells=bytes([1]) * (w * h), move_cost_cells=(1.0,) * (w * h),
                   blocks_sight_cells=bytes(w * h), cover_cells=bytes(w * h))


def fighter_spec(name: str, weapon_id: str, skill_name: str, skill: int, melee: bool, x: int) -> dict[str, Any]:
    """A duellist as a unit spec: Yags numbers (an average soldier with `skill` in the
    weapon's skill), and the role other rulesets build it from (a swordsman or a rifleman)."""
    return {
        "name": name, "x": x, "y": 1, "weapon": weapon_id, "grenades": [],
        "role": "swordsman" if melee else "rifleman", "template": "swordsman" if melee else "rifleman",
        "attributes": {"strength": 3, "health": 3, "agility": 3, "dexterity": 4, "perception": 3},
        "skills": {skill_name: skill, "Brawl": 3, "Athletics": 3},
    }


def duel_match(weapon_a: str, weapon_b: str, *, distance_m: float = 1.0, seed: int = 1, max_rounds: int = 20,
               skill: int = 5, ruleset: str = "yags") -> tuple[Match, Flow]:
    """The duel's match and its driver (the normal AI on both sides), before the first round."""
    if not 0 < distance_m <= MAX_DUEL_METRES:  # nan fails this too
        raise DuelError(f"--distance: must be more than 0, at most {MAX_DUEL_METRES:,g} metres, got {distance_m}")
    try:
        rules = make_ruleset(ruleset)
    except UnknownRuleset as exc:
        raise DuelError(f"--ruleset: {exc}") from None
    from engine.yags.catalogue import default_catalogue

    cat = default_catalogue()  # the duel names weapons by their Yags catalogue ids, as maps do
    apart = max(1, round(distance_m / METRES_PER_TILE))
    squads = {}
    for team, name, wid, x in (("blue", "Ann", weapon_a, 1), ("red", "Bob", weapon_b, 1 + apart)):
        if wid not in cat.weapons:
            raise DuelError(f"--{'a' if name == 'Ann' else 'b'}: unknown weapon {wid!r} (see 'skirmish rules weapons')")
        w = cat.weapons[wid]
        spec = fighter_spec(name, wid, w.skill, skill, not w.is_missile, x)
        problem = rules.spec_problem(spec)
        if problem is not None:
            raise DuelError(f"--{'a' if name == 'Ann' else 'b'}: {problem}")
        squads[team] = [spec]
    match = Match(strip(apart), squads, seed=seed, ruleset=rules, max_rounds=max_rounds)
    ais = {team: make_controller("normal", seed, team) for team in squads}
    return match, Flow(match, ais)


def run_duel(weapon_a: str, weapon_b: str, *, distance_m: float = 1.0, seed: int = 1,
             max_rounds: int = 20, skill: int = 5, ruleset: str = "yags") -> tuple[list[str], str | None]:
    """Fight until one side is out; returns the log lines and the winner's name (None: draw)."""
    match, flow = duel_match(weapon_a, weapon_b, distance_m=distance_m, seed=seed, max_rounds=max_rounds,
                             skill=skill, ruleset=ruleset)
    try:
        apart = match.topology.distance_m(match.view(0).pos, match.view(1).pos)
        log = [f"duel under {match.rules.name}, seed {seed}: Ann ({weapon_a}) against Bob ({weapon_b}) "
               f"at {apart:g} m"]
        log.extend(e.text for e in match.log.events)
        while not match.over:
            start = len(match.log)
            flow.play_round()
            log.append(f"-- round {match.round}")
            log.extend(e.text for e in match.log.since(start) if e.kind != EventKind.VICTORY)
        winner = match.winner if match.winner in ("blue", "red") else None
        name = None if winner is None else NAMES[0 if winner == "blue" else 1]
        log.append(f"{name} wins after {match.round} rounds" if name else f"draw after {match.round} rounds")
        return log, name
    finally:
        match.close()

