"""Headless AI-against-AI matches, one at a time: what `skirmish simulate` and the tactics
lab (game/lab/, which runs many of them: game/lab/simulate.py) play.

Each battle's record says who won, how long it took, which weapons did the harm (hits that
caused damage and the levels they caused, read from the event log as it is written), where
units fought from and where they fell, and how long the AI took to decide.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.rulesets import make_ruleset
from game.ai import make_controller
from game.flow import Flow
from game.maps import load_map
from game.maps.grid import GridMap
from game.squads import (
    SquadError,
    deployed,
    map_squads,
    squad_specs,
    template_spec,
    templates,
)
from game.tactics import check_tactic, parse_tactic
from game.tactics.orders import OrdersAI
from game.world.actions import find_kind
from game.world.events import Event
from game.world.logcodec import encode
from game.world.match import Match

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "crossroads.tmx"
COMBAT_PHASES = ("fast", "normal", "slow", "move", "turn")  # "turn": a ruleset of Turns (engine.turn.Act)


@dataclass(frozen=True)
class MatchSpec:
    map_path: str
    seed: int
    blue_ai: str = "normal"
    red_ai: str = "normal"
    squad: str = "default"
    size: int | None = None
    blue_squad: str | None = None
    red_squad: str | None = None
    ruleset: str = "yags"
    fog: bool = False  # fog of war (issue 17)
    ai_sees_all: bool | str = False  # the AI decides from the whole board even with fog (True, or one side)
    blue_deployment: str | None = None  # a `deploy NAME` layer of the map (issue 30)
    red_deployment: str | None = None
    blue_tactic: tuple[str, str] | None = None  # a tactic for the side: (its file's path, its text), docs/tactics.md
    red_tactic: tuple[str, str] | None = None
    max_rounds: int | None = None  # None: the map's max_rounds
    blue_weights: tuple[tuple[str, float], ...] = ()  # AI weights over the level's (game/data/ai_levels.toml)
    red_weights: tuple[tuple[str, float], ...] = ()
    keep_log: bool = False  # the record carries the whole event log, compressed (game/world/logcodec.py)


FOG_AVAILABLE = True
"""Whether matches can be played with fog of war: until they can, asking for it is refused in
one line (FogUnavailable) rather than quietly played without."""
FOG_UNAVAILABLE = "fog of war is not available yet"


def choose_fog(command: str | None, scenario: str | None, grid: GridMap | None, default: bool) -> bool:
    """Fog of war on or off: the command line's `--fog`, else the scenario's `fog`, else the
    map's property `fog` (when the map sets it), else `default` (on for solo and hot-seat
    play, off for watch, simulate and duel)."""
    for said in (command, scenario):
        if said is not None:
            return said == "on"
    if grid is not None and grid.fog_given:
        return grid.fog
    return default


class FogUnavailable(ValueError):
    """A match asked for fog of war, which the game cannot play yet."""

    def __init__(self) -> None:
        super().__init__(FOG_UNAVAILABLE)


def side_specs(squad: str, team: str, count: int) -> list[dict[str, Any]]:
    """A side's unit specs: a squad id from game/data/squads.toml, or a comma-separated list
    of templates (`swordsman,rifleman`), repeated to `count` units."""
    _, squads = templates()
    if squad in squads:
        return squad_specs(squad, team, count)
    names = [t.strip() for t in squad.split(",") if t.strip()]
    if not names:
        raise SquadError(f"squad {squad!r}: empty")
    return [template_spec(names[i % len(names)], f"{team.title()} {i + 1}") for i in range(count)]


def spec_squads(grid: GridMap, spec: MatchSpec) -> dict[str, list[dict[str, Any]]]:
    """The squads of a match: the map's (or the default squad), with a side's own squad when
    one is given (`size` units, else as many as the map gives that side)."""
    squads = map_squads(grid, spec.squad, spec.size)
    for team, own in (("blue", spec.blue_squad), ("red", spec.red_squad)):
        if own:
            squads[team] = side_specs(own, team, spec.size or len(squads.get(team, ())) or 8)
    if spec.blue_deployment or spec.red_deployment:
        squads = deployed(grid, squads, {"blue": spec.blue_deployment, "red": spec.red_deployment})
    return squads


def with_weights(controller: Any, weights: dict[str, float]) -> None:
    """The controller's AI weights with `weights` over its level's (the random level has none:
    a plan that gives it weights is refused before anything plays)."""
    if not hasattr(controller, "w"):
        raise ValueError("the random AI level has no weights to set")
    controller.w = {**controller.w, **weights}


def check_spec_tactics(grid: GridMap, spec: MatchSpec) -> None:
    """TacticError (one line naming the tactic's file and field) for a tactic that cannot be
    played on the map by its side's units."""
    squads = spec_squads(grid, spec)
    for team, tactic in (("blue", spec.blue_tactic), ("red", spec.red_tactic)):
        if tactic is not None:
            check_tactic(parse_tactic(tactic[1], tactic[0]), grid, squads[team], team)


class BattleTally:
    """Listens to a match's event log (`EventLog.subscribe`), tallying harm by weapon,
    where units fought and fell, and who downed whom in which round.

    A hit's weapon is the attacker's at the time (its grenade when it declared a throw, its
    melee weapon for a free strike); the levels are the target's wounds and stuns after the
    hit less those before it."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.source: tuple[int, str] | None = None
        self.before: dict[int, int] = {}
        self.weapons: dict[str, dict[str, int]] = {}
        self.fought_from: set[tuple[str, int, int]] = set()
        self.fell: list[tuple[str, int, int]] = []
        self.hit_from: list[tuple[str, int, int]] = []  # where each damaging hit came from (its side)
        self.downs: dict[int, tuple[int, int | None]] = {}  # a unit downed: (the round, who downed it, if known)
        self.hurt_by: dict[int, int] = {}  # the unit whose hit last hurt each unit

    def units(self) -> list[dict[str, Any]]:
        """Each unit of the match, by uid (from 0): its side, its role (its template's, unless
        the map gave it another), the round it first went down and the unit that downed it: the
        one whose attack was being resolved, else (a fall at the round's end from its wounds)
        the one whose hit last hurt it (None: never downed, or no attack ever hurt it)."""
        out = []
        for uid in self.match.uids():
            spec = self.match.spec(uid)
            down, by = self.downs.get(uid, (None, None))
            out.append({"team": self.match.view(uid).team,
                        "role": str(spec.get("role") or spec.get("template") or "unit"), "down": down, "by": by})
        return out

    def _levels(self, uid: int) -> int:
        return self.match.rules.health_facts(self.match.view(uid).state).harm

    def _weapon(self, uid: int, free_strike: bool) -> str:
        v = self.match.view(uid)
        d = self.match.declared(uid)
        thrown = find_kind(d.action) if not free_strike and d is not None else None
        blast = thrown.blast(d.action) if thrown is not None and d is not None else None
        if blast is not None:
            return blast[1].replace("_", " ")
        return self.match.rules.weapon_facts(v.combatant).name

    def hear(self, event: Event) -> None:
        kind, phase = event.kind, event.phase
        if kind == "down" and event.actor is not None:
            v = self.match.view(event.actor)
            self.fell.append((v.team, *v.pos))
            # downed by the attack being resolved, else (a fall at the round's end from its wounds)
            # by the unit whose hit last hurt it; None when no attack ever hurt it
            hit = phase in COMBAT_PHASES and self.source is not None and event.actor in self.before
            by = self.source[0] if hit and self.source else self.hurt_by.get(event.actor)
            self.downs.setdefault(event.actor, (event.round, by))
        if phase not in COMBAT_PHASES:
            return
        if kind == "free_strike" and event.actor is not None:
            self.source = (event.actor, self._weapon(event.actor, True))
        elif kind == "attack" and event.actor is not None:
            if self.source is None or self.source[0] != event.actor:
                self.source = (event.actor, self._weapon(event.actor, False))
            v = self.match.view(event.actor)
            self.fought_from.add((v.team, *v.pos))
            if event.target is not None:
                self.before[event.target] = self._levels(event.target)
        elif kind == "declare":
            self.source = None
        if kind in ("damage", "down") and self.source is not None:
            target = event.target if kind == "damage" else event.actor
            if target is None or target not in self.before:
                return
            now = self._levels(target)
            gained = now - self.before[target]
            self.before[target] = now
            tally = self.weapons.setdefault(self.source[1], {"hits": 0, "levels": 0, "downed": 0})
            if kind == "down":
                tally["downed"] += 1
            if gained > 0:
                tally["hits"] += 1
                tally["levels"] += gained
                a = self.match.view(self.source[0])
                self.hit_from.append((a.team, *a.pos))
                self.hurt_by[target] = self.source[0]
        if kind in ("move", "free_strike") and self.source is not None and kind == "move":
            self.source = None


class _Timed:
    """A controller that notes how long each of its decisions took."""

    def __init__(self, controller: Any, times: list[float]) -> None:
        self.controller, self.times = controller, times

    def choose(self, match: Match, question: Any) -> Any:
        t0 = time.perf_counter()
        answer = self.controller.choose(match, question)
        self.times.append(time.perf_counter() - t0)
        return answer


def play_match(grid: GridMap, spec: MatchSpec, on_round: Callable[[Match], None] | None = None) -> dict[str, Any]:
    """Play one match to the end; the record for the JSON `battles` list."""
    if spec.fog and not FOG_AVAILABLE:
        raise FogUnavailable()
    squads = spec_squads(grid, spec)
    match = Match(grid, squads, seed=spec.seed, ruleset=make_ruleset(spec.ruleset), fog=spec.fog,
                  max_rounds=spec.max_rounds)
    log = BattleTally(match)
    match.log.subscribe(log.hear)
    times: list[float] = []
    try:
        ais = {t: make_controller(level, spec.seed, t, sees_all=spec.ai_sees_all in (True, "both", t))
               for t, level in (("blue", spec.blue_ai), ("red", spec.red_ai))}
        for t, weights in (("blue", spec.blue_weights), ("red", spec.red_weights)):
            if weights:
                with_weights(ais[t], dict(weights))
        for t, tactic in (("blue", spec.blue_tactic), ("red", spec.red_tactic)):
            if tactic is not None:
                ais[t] = OrdersAI(ais[t], parse_tactic(tactic[1], tactic[0]), t)
        flow = Flow(match, {team: _Timed(ai, times) for team, ai in ais.items()})
        while not match.over:
            flow.play_round()
            if on_round is not None:
                on_round(match)
        r = match.result()
        battle: dict[str, Any] = {
            "seed": spec.seed, "winner": r.winner, "rounds": r.rounds, "by": r.by,
            "objectives": list(r.objectives), "survivors": r.survivors, "casualties": r.casualties,
            "exited": r.exited, "weapons": log.weapons,
            "fell": sorted(log.fell), "fought_from": sorted(log.fought_from), "hit_from": sorted(log.hit_from),
            "units": log.units(),
            "decision_ms": {"count": len(times),
                            "median": round(1000 * statistics.median(times), 3) if times else 0.0,
                            "max": round(1000 * max(times), 3) if times else 0.0}}
        if spec.keep_log:
            battle["event_log"] = {"events": len(match.log), "blob": encode(match.log)}
        return battle
    finally:
        match.close()


_GRIDS: dict[str, GridMap] = {}  # a worker process's maps, loaded once for all its matches


def settle() -> None:
    """What lives for the whole run (the code, the catalogue, the map) is set aside from the
    cyclic garbage collector's scans: a full collection during a match then only looks at
    what the match made (it cut the worst AI decision on the open field from 39 to 28 ms)."""
    gc.collect()
    gc.freeze()


def run_one(spec: MatchSpec) -> dict[str, Any]:
    """One match by its spec, in a worker process: the map is loaded once for all the
    process's matches (and set aside from the garbage collector's scans: settle)."""
    grid = _GRIDS.get(spec.map_path)
    if grid is None:
        grid = _GRIDS[spec.map_path] = load_map(spec.map_path)
        settle()
    return play_match(grid, spec)
