"""What a unit has under way (a query: read-only): the first aid it is giving, the weapon it
dropped, and what it declares to carry on with when nobody declares for it (yags-combat.md,
Magazines and reloading; Healing and First aid; Waiting beyond a round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.actions import Action, FirstAid, Hold, Reload
from game.world.components import Dropped, Tending
from game.world.systems.watches import kept

if TYPE_CHECKING:
    from game.world.match import Match


def tending(m: Match, uid: int) -> Tending | None:
    """First aid `uid` is giving (patient, wounds or stuns, rounds left), or None."""
    m.use_world()
    return m.try_component(uid, Tending)


def dropped_weapon(m: Match, uid: int) -> tuple[str, tuple[int, int]] | None:
    """The weapon `uid` dropped (its name) and the tile where it lies, or None."""
    m.use_world()
    d = m.try_component(uid, Dropped)
    return None if d is None else (d.name, d.tile)


def carry_on(m: Match, uid: int) -> Action:
    """What `uid` declares to go on with what it is in the middle of (a reload, first aid,
    an overwatch nothing triggered last round: Waiting beyond a round), else Hold: the
    declaration for a unit nobody declared for."""
    ammo = m.view(uid).ammo
    if ammo is not None and ammo.reload_left:
        return Reload()
    t = tending(m, uid)
    if t is not None:
        return FirstAid(t.patient, t.stuns)
    return kept(m, uid) or Hold()
