"""Weapons lost and found (an effect): a weapon dropped or flung away and picked up again, a
gun that jams (yags-combat.md, Fumbling an attack; Missile fumbles; Disarm).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Ammo, Combatant, Dropped
from game.world.events import EventKind, GearNote

if TYPE_CHECKING:
    from game.world.match import Match


def drop_weapon(m: Match, uid: int, how: str, tile: tuple[int, int] | None = None) -> bool:
    """The unit loses its weapon (Disarm: it "falls to the ground within a few metres";
    Fumbling an attack: "You lose your weapon"): it lies on the unit's tile and the unit
    fights with what it has left, its natural weapons, until it picks it up. A unit with
    nothing but natural weapons has nothing to drop. `tile`: where it lands (flung away),
    else at the unit's feet."""
    if m.has_component(uid, Dropped):
        return False
    c = m.component(uid, Combatant)
    facts = m.rules.weapon_facts(c.combatant)
    bare = m.rules.make_combatant(m.rules.disarmed_spec(m.spec(uid)))
    if m.rules.weapon_facts(bare).name == facts.name:
        m.event(EventKind.INFO, f"{m.name(uid)} fights with its {facts.name.lower()}: nothing to drop", uid)
        return False
    ammo = m.try_component(uid, Ammo)
    if ammo is not None:
        m.drop(uid, Ammo)
        ammo.reload_left = 0
    tile = tile or m.view(uid).pos
    m.put(uid, Dropped(facts.name, tile, c.combatant, ammo))
    m.write(uid, Combatant, combatant=bare)
    m.event(EventKind.STATUS, f"{m.name(uid)} {how} the {facts.name}: it lies at {tile}", uid,
             data=GearNote(weapon=facts.name, tile=tile))
    return True


def pick_up(m: Match, uid: int) -> None:
    """The unit picks up its dropped weapon, if it lies within reach."""
    d = m.try_component(uid, Dropped)
    if d is None:
        return
    if m.topology.steps(m.view(uid).pos, d.tile) > 1:
        m.event(EventKind.INFO, f"{m.name(uid)} cannot reach the {d.name}", uid)
        return
    m.drop(uid, Dropped)
    m.write(uid, Combatant, combatant=d.armed)
    if d.ammo is not None:
        m.put(uid, d.ammo)
    m.event(EventKind.STATUS, f"{m.name(uid)} picks up the {d.name}", uid, data=GearNote(weapon=d.name))


def jam(m: Match, uid: int) -> None:
    """Missile fumbles: "An unreliable weapon will jam"; it fires no more until cleared."""
    m.use_world()
    ammo = m.try_component(uid, Ammo)
    if ammo is None:
        return
    m.write(uid, Ammo, jammed=True)
    name = m.rules.weapon_facts(m.view(uid).combatant).name
    m.event(EventKind.AMMO, f"{m.name(uid)}'s {name} jams: it fires no more until cleared (reload)", uid,
             data=GearNote(jammed=True))
