"""Free strikes at a mover (an effect): every foe whose melee reach a mover leaves strikes at
it once (yags-combat.md, Free Strikes, 3).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any

from engine.turn import Question
from game.world.events import EventKind
from game.world.systems.combat import strike
from game.world.systems.reach import grappled_with

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]


def strikes_leaving_reach(m: Match, uid: int, here: Tile, step: Tile, foes: Sequence[UnitView], struck: set[int],
                          attacking: int | None, able: Sequence[int] | None = None) -> Generator[Question, Any, bool]:
    """`uid` steps from `here` to `step`: every foe (in `foes`' order) whose melee reach it
    leaves, and that has not struck at it on this move, gets a free strike (Free Strikes,
    3), unless it is the foe `uid` is attacking or holds another. Returns True when the
    mover is down. `able` (`able_to_strike`, asked since nothing but the mover's steps
    changed): the only foes to look at, until a strike changes the world."""
    if not m.rules.free_strikes():
        return False
    v = m.view(uid)
    view, facts_of, steps = m.view, m.rules.weapon_facts, m.topology.steps  # asked for every foe at every step
    order: Sequence[int] = range(len(foes)) if able is None else able
    k = 0
    while k < len(order):
        f = order[k]
        k += 1
        foe = foes[f]
        if foe.uid in struck or foe.uid == attacking:
            continue
        e = view(foe.uid)
        if e.out:
            continue
        ef = facts_of(e.combatant)
        if (ef.melee and steps(e.pos, here) <= ef.reach_tiles and steps(e.pos, step) > ef.reach_tiles
                and grappled_with(m, e.uid) in (None, uid)):
            struck.add(e.uid)
            m.event(EventKind.FREE_STRIKE, f"{e.name} strikes at {v.name} moving past", e.uid, uid)
            yield from strike(m, e.uid, uid, "melee", {"kind": "free strike"})
            if m.view(uid).out:
                return True
            if able is not None:  # the strike may have changed who can strike: the rest as they are now
                order, k, able = range(len(foes)), f + 1, None
    return False
