"""Movement (an effect): stepping along a path (leaving reach, stepping into an overwatch,
running into an unseen enemy) and the moves that end with the round. Where a unit can go is
game/world/systems/paths.py's.

Movement on the grid (yags-combat.md, Initiative: "all movement actions begin at the start of
the round and end at the end of the round"): during the round a mover stands on its start
tile; it reaches its end tile after every other action (the "move" phase). A melee attack's
approach is walked when the attack comes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from engine.turn import Question
from game.world.components import Moved, Position
from game.world.events import Event, EventKind, MovedTo
from game.world.systems.free_strikes import strikes_leaving_reach
from game.world.systems.overwatch import on_step
from game.world.systems.placement import note_walked
from game.world.systems.reach import able_to_strike

if TYPE_CHECKING:
    from game.world.match import Match

Tile = tuple[int, int]


def walk(m: Match, uid: int, path: Sequence[Tile], attacking: int | None = None) -> Iterator[Question]:
    """Move along `path`, through friends (as `reachable` allows) but stopping short of
    an enemy and of a taken end tile, never ending on a friend's tile; enemies whose reach
    the mover passes through (without attacking them) get a free strike (Free Strikes, 3);
    an enemy's overwatch covering a tile stepped on goes off."""
    v = m.view(uid)
    pos = m.component(uid, Position)
    steps = [(int(p[0]), int(p[1])) for p in path]
    if steps and steps[0] == v.pos:
        steps = steps[1:]
    struck: set[int] = set()
    occupied = m.occupied(uid)
    # Each foe handles its strikes independently, in initiative order (Free Strikes).
    foes = sorted(m.enemies_of(uid), key=lambda e: (-e.initiative, e.uid))
    foe_tiles = {e.pos for e in foes}
    last_free = v.pos
    bumped = None
    able: list[int] | None = None  # the foes that could strike, while only this walk's steps change the world
    for i, step in enumerate(steps):
        if step in foe_tiles or (step in occupied and i == len(steps) - 1):
            if step in foe_tiles:
                bumped = next(e.uid for e in foes if e.pos == step)
            break
        if able is None:
            able = able_to_strike(m, foes)
        strikes = len(struck)
        down = yield from strikes_leaving_reach(m, uid, (pos.x, pos.y), step, foes, struck, attacking, able)
        if down:
            return
        if len(struck) != strikes:
            able = None
        m.write(uid, Position, x=step[0], y=step[1])
        if step not in occupied:
            last_free = step
        if m.turn.watching:
            mark = len(m.log)
            yield from on_step(m, uid)  # stepping into an enemy's overwatch
            able = None
            if m.view(uid).out:  # it fell where it stepped: its move is logged before the shot
                m.log.insert(mark, Event(m.round, m.phase, EventKind.MOVE, f"{v.name} moves to {step}", uid,
                                         data=MovedTo(step)))
                return
    if (pos.x, pos.y) in occupied:  # stopped short on a friend: back to the last free tile
        m.write(uid, Position, x=last_free[0], y=last_free[1])
    m.event(EventKind.MOVE, f"{v.name} moves to {(pos.x, pos.y)}", uid, data=MovedTo((pos.x, pos.y)))
    if bumped is not None and m.vision is not None and not m.view(uid).out:
        # fog of war: its side planned as if the tile were free (`blockers`); the mover
        # stops short of the unit it ran into, and its side now knows where it stands
        if m.vision.bump(v.team, bumped):
            m.event(EventKind.INFO, f"{v.name} runs into {m.name(bumped)} at {m.view(bumped).pos} "
                     f"and stops at {(pos.x, pos.y)}", uid, bumped)


def finish_moves(m: Match) -> Iterator[Question]:
    """Movers reach their end tiles in decreasing initiative: a higher initiative takes a
    contested tile first (rules-notes, Simultaneous movement)."""
    m.phase = "move"
    movers = {uid for uid, mv in m.having(Moved) if mv.mode != "none" and mv.path}
    for uid in reversed(m.turn.queue):
        if uid not in movers:  # nothing in the moves makes a unit that did not move move
            continue
        mv = m.component(uid, Moved)
        if mv.mode == "none" or not mv.path or m.view(uid).out:
            continue
        note_walked(m, uid, mv.mode, mv.path)
        yield from walk(m, uid, mv.path)
