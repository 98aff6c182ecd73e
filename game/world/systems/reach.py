"""Reach and holds (a query: read-only): who holds whom, and which foes could strike at a
mover leaving their reach (yags-combat.md, Melee Combat: Reach; Free Strikes; Grapple).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.world.components import Grapple

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


def grappled_with(m: Match, uid: int) -> int | None:
    """The unit `uid` holds or is held by (Grappled), None if it is in no hold."""
    m.use_world()
    g = m.try_component(uid, Grapple)
    return None if g is None else g.partner


def holds(m: Match, uid: int) -> bool:
    """Is `uid` the one holding (not the one held) in its grapple?"""
    m.use_world()
    g = m.try_component(uid, Grapple)
    return g is not None and g.holder


def able_to_strike(m: Match, foes: Sequence[UnitView]) -> list[int]:
    """The places in `foes` of those that could strike at a mover leaving their reach as
    they stand now (in the fight, a melee weapon in hand): `strikes_leaving_reach` need
    look at no other until something but the mover's steps changes the world."""
    view, facts_of = m.view, m.rules.weapon_facts
    return [k for k, foe in enumerate(foes) if not (e := view(foe.uid)).out and facts_of(e.combatant).melee]
