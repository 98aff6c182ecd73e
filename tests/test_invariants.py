"""Hypothesis over the world and the rules core: random legal declarations for random units on
random maps never break an invariant.

- the fallen never act: after a unit's "down" event it declares, attacks, strikes and moves
  no more (but a grenade that downs its own thrower still hits the rest of its radius);
- ammunition is never negative nor above the magazine, spare magazines never negative;
- wounds never drop during a match;
- the log is reproducible: the same seed and the same declarations, replayed into a fresh
  match, give the same events, field by field.

Candidates per unit and round: Hold, Move (free, run or sprint) to a random reachable tile,
Attack a random visible enemy in a random mode of its weapon (area fire for area and
suppress), Reload, Throw a grenade at an enemy or a random tile, Aim, Stand, Full dodge (in
place or to a tile), First aid on itself or a friend (wounds or stuns), Pick up, Overwatch
(at an enemy or a random tile; in reach for melee), each with a random stance and number of
defences; `match.check` filters them, hypothesis picks one.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from randmap import random_setup  # noqa: E402

from game.flow import driver
from game.world.actions import (  # noqa: E402
    Aim,
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    Overwatch,
    PickUp,
    Reload,
    Stand,
    Throw,
)
from game.world.match import Match  # noqa: E402

STANCES = (None, "normal", "aggressive", "defensive", "crouched", "prone")
DEFENCES = (None, 0, 1, 2, 3)
ACTING = ("declare", "attack", "free_strike", "move")


def candidates(match: Match, uid: int, rng: random.Random) -> list[Any]:
    """Legal declarations for `uid` now (a few of each kind), by `match.check`."""
    v = match.view(uid)
    facts = match.rules.weapon_facts(v.combatant)
    g = match.grid
    out: list[Any] = [Hold(), Reload(), Stand(), FullDodge(), PickUp(), Overwatch(),
                      Overwatch((rng.randrange(g.width), rng.randrange(g.height)))]
    for mode in ("free", "run", "sprint"):
        tiles = sorted(match.movement.reachable(uid, mode))
        for tile in rng.sample(tiles, min(2, len(tiles))):
            path = match.movement.path(uid, tile)
            if path:
                out.append(Move(tuple(path), mode))
            if mode == "free":
                out.append(FullDodge(tile))
    for f in match.units(v.team, living=True):
        out += [FirstAid(f.uid), FirstAid(f.uid, stuns=True)]
    for e in match.sight.visible_enemies(uid):
        out += [Aim(e.uid), Overwatch(e.pos)]
        for mode in facts.modes:
            if mode in ("area", "suppress"):
                out.append(AreaFire(e.pos, suppressive=(mode == "suppress")))
            else:
                out.append(Attack(e.uid, mode))
    if facts.melee:
        out += [Attack(e.uid, "melee") for e in match.enemies_of(uid)]
    for weapon in v.grenades:
        for e in match.enemies_of(uid):
            out.append(Throw(weapon, e.pos))
        out.append(Throw(weapon, (rng.randrange(g.width), rng.randrange(g.height))))
    return [a for a in out if not hasattr(match.check(uid, a), "reason")]


def event_key(match: Match) -> list[tuple]:
    return [(e.round, e.phase, e.kind, e.text, e.actor, e.target, repr(e.data)) for e in match.log]


def check_state(match: Match, wounds: dict[int, int], seed: int) -> None:
    for v in match.units():
        if v.ammo is not None:
            a = v.ammo
            assert 0 <= a.loaded <= a.capacity, f"seed {seed}: {v.name} ammo {a}"
            assert a.magazines >= 0 and a.reload_left >= 0, f"seed {seed}: {v.name} ammo {a}"
        w = int(getattr(v.state, "wounds", 0))
        assert w >= wounds.get(v.uid, 0), f"seed {seed}: {v.name} wounds {wounds[v.uid]} -> {w}"
        wounds[v.uid] = w


def check_fallen_never_act(match: Match, seed: int) -> None:
    fallen: dict[int, str] = {}
    blast: tuple[int | None, str] | None = None  # the thrower and phase of a blast resolving
    for n, e in enumerate(match.log):
        if e.kind == "blast":
            blast = (e.actor, e.phase)
        elif e.kind in ACTING and blast != (e.actor, e.phase):
            blast = None
        # A blast hits every figure in its radius, its thrower too: the hits after the
        # thrower falls are the same throw resolving, not a new action.
        if e.kind in ACTING and e.actor in fallen and not (e.kind == "attack" and blast):
            context = "\n".join(x.line() for x in match.log.events[max(0, n - 12):n + 1])
            raise AssertionError(f"seed {seed}: {fallen[e.actor]}, then acts: {e.line()}\n{context}")
        if e.kind == "down" and e.actor is not None:
            fallen[e.actor] = e.line()


Made = list[tuple[int, int, Any, dict[str, Any]]]


def play(seed: int, pick) -> tuple[tuple, Made]:
    """A match on the random setup of `seed`, each declaration chosen by `pick(options)`;
    returns its events and result, and the declarations made, in order."""
    grid, squads = random_setup(seed, max_size=3)
    match = Match(grid, squads, seed=seed)
    rng = random.Random(seed)
    made: Made = []
    wounds: dict[int, int] = {}
    try:
        while not match.over:
            assert match.round < match.max_rounds, f"seed {seed}: past max_rounds"
            for uid in driver(match).start_round():
                if match.view(uid).out:
                    continue
                action = pick(candidates(match, uid, rng))
                stance = pick(STANCES)
                choices: dict[str, Any] = {} if stance is None else {"stance": stance}
                defences = pick(DEFENCES)
                if defences is not None:
                    choices["defences"] = defences
                made.append((match.round, uid, action, choices))
                if hasattr(match.declare(uid, action, **choices), "reason"):
                    made.append((match.round, uid, Hold(), {}))
                    assert not hasattr(match.declare(uid, Hold()), "reason")
                check_state(match, wounds, seed)
            driver(match).resolve_round()
            check_state(match, wounds, seed)
        assert match.winner in ("blue", "red", "draw")
        check_fallen_never_act(match, seed)
        return (event_key(match), match.result()), made
    finally:
        match.close()


def replay(seed: int, made: Made) -> tuple:
    grid, squads = random_setup(seed, max_size=3)
    match = Match(grid, squads, seed=seed)
    try:
        queue = list(made)
        while not match.over and queue:
            driver(match).start_round()
            while queue and queue[0][0] == match.round:
                _, uid, action, choices = queue.pop(0)
                match.declare(uid, action, **dict(choices))
            driver(match).resolve_round()
        return event_key(match), match.result()
    finally:
        match.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), data=st.data())
def test_random_declarations_keep_invariants(seed: int, data: st.DataObject) -> None:
    def pick(options):
        return data.draw(st.sampled_from(list(options))) if len(options) > 1 else options[0]

    first, made = play(seed, pick)
    assert replay(seed, made) == first
