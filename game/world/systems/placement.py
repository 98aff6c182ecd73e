"""Placing units (an effect): a unit put on a tile at once (a knockback, a withdrawal,
ducking back: not a move), and the gait and metres a unit has walked this round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.world.components import Moved, Position
from game.world.events import EventKind, MovedTo

if TYPE_CHECKING:
    from game.world.match import Match

Tile = tuple[int, int]
GAITS = ("none", "free", "run", "sprint")  # slowest first


def note_walked(m: Match, uid: int, mode: str, path: Sequence[Tile]) -> None:
    """Keep the fastest gait `uid` has walked this round and how far (`Moved.walked`)."""
    mv = m.component(uid, Moved)
    if GAITS.index(mode) > GAITS.index(mv.walked):
        mv.walked = mode
    start = m.view(uid).pos
    mv.walked_m += sum(m.topology.distance_m(a, b) for a, b in zip((start, *path), path, strict=False))


def thrust(m: Match, uid: int, to: Tile, why: str) -> None:
    """Put `uid` on `to` at once (a knockback, a withdrawal, ducking back): not a move,
    so no free strike and no overwatch; its declared move this round goes on from there."""
    pos = m.component(uid, Position)
    if (pos.x, pos.y) == to:
        return
    m.write(uid, Position, x=to[0], y=to[1])
    m.event(EventKind.MOVE, f"{m.name(uid)} {why} to {to}", uid, data=MovedTo(to))
