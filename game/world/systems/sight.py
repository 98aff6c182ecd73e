"""Sight and cover (a query: read-only): who sees whom, the cover between them, places of
cover, and whether a target's movement is across the line of fire (yags-combat.md, Cover;
Shooting from Cover; Other Modifiers: Target moving). One sight function serves seeing and
shooting alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.actions import kind_of
from game.world.components import Moved

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]
_COVER_RANK = {None: 0, "crouched": 5, "soft50": 5, "prone": 10, "soft90": 10, "hard50": 10, "hard90": 20}


def best_cover(cover: str | None, other: str) -> str:
    """The better of two covers (a crouched or prone target counts as in 50% or 90% cover:
    noticing a hidden unit, engine.notice)."""
    return other if _COVER_RANK.get(other, 0) > _COVER_RANK.get(cover, 0) else (cover or other)


def can_see(m: Match, a: int, b: int) -> bool:
    return m.topology.line_of_sight(m.view(a).pos, m.view(b).pos)


def visible_enemies(m: Match, uid: int) -> list[UnitView]:
    pos = m.view(uid).pos
    return [e for e in m.enemies_of(uid) if m.topology.line_of_sight(pos, e.pos)]


def target_cover(m: Match, attacker: int, target: int) -> str | None:
    """The cover a target has from an attacker: the ground's, and a mover that ends out
    of the attacker's sight was in cover for part of the round (hard 50%). Not its
    posture: that goes to the ruleset apart (`Situation.target_stance`), for each
    ruleset's text gives crouched and prone its own rule (Yags: the better of the two,
    engine.yags.ranged.target_cover; the step dice: prone makes the cover one kind
    better; rules-notes, "Posture and cover")."""
    a, t = m.view(attacker), m.view(target)
    cover = m.topology.cover_between(a.pos, t.pos)
    moved = m.component(target, Moved)
    if moved.mode != "none":
        path = moved.path
        if path and not m.topology.line_of_sight(a.pos, (path[-1][0], path[-1][1])):
            cover = best_cover(cover, "hard50")
    return cover


def in_cover(m: Match, v: UnitView, tile: Tile) -> bool:
    """A place of cover (Moving from cover to cover): every enemy that sees `tile` has
    some cover (soft or hard) between it and the tile."""
    for e in m.enemies_of(v.uid):
        if m.topology.line_of_sight(e.pos, tile) and m.topology.cover_between(e.pos, tile) is None:
            return False
    return True


def lateral(m: Match, shooter: Tile, uid: int) -> bool:
    """Is `uid`'s movement this round across `shooter`'s line of fire (Other Modifiers:
    "Target moving: lateral movement")? Our reading: its way this round (start to end of
    its path; a melee attacker's, toward its target) is at least 45 degrees off the line
    from the shooter; a walk that ends where it began counts as lateral."""
    v = m.view(uid)
    path = m.component(uid, Moved).path
    if path:
        start, end = tuple(path[0]), tuple(path[-1])
    else:
        d = m.declared(uid)
        target = kind_of(d.action).strikes_at(d.action) if d is not None else None
        if target is None or not m.has_unit(target):
            return True
        start, end = v.pos, m.view(target).pos
    mx, my = end[0] - start[0], end[1] - start[1]
    fx, fy = v.pos[0] - shooter[0], v.pos[1] - shooter[1]
    if (mx, my) == (0, 0) or (fx, fy) == (0, 0):
        return True
    return abs(mx * fy - my * fx) >= abs(mx * fx + my * fy)
