"""Work that lasts several rounds (an effect): reloading and first aid go on while the unit
declares them again, and stop when it declares something else (yags-combat.md, Magazines and
reloading; Healing and First aid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.actions import FirstAid, kind_of
from game.world.components import Ammo, Tending
from game.world.events import EventKind, GearNote
from game.world.systems.health import health_of, set_state
from game.world.systems.under_way import tending

if TYPE_CHECKING:
    from game.world.match import Match


def interrupt(m: Match) -> None:
    """A reload or first aid goes on only while the unit declares it again: another
    declaration interrupts it, and a later one starts afresh (reloading and tending take
    the round's action)."""
    busy = {uid for uid, ammo in m.having(Ammo) if ammo.reload_left} | {uid for uid, _ in m.having(Tending)}
    for uid in m.turn.queue:
        if uid not in busy:
            continue
        d = m.declared(uid)
        a = d.action if d is not None else None
        ammo = m.view(uid).ammo
        if ammo is not None and ammo.reload_left and not (a is not None and kind_of(a).reloads):
            m.write(uid, Ammo, reload_left=0)
            m.event(EventKind.AMMO, f"{m.name(uid)} stops reloading", uid)
        t = tending(m, uid)
        if t is not None and a != FirstAid(t.patient, t.stuns):
            m.drop(uid, Tending)
            m.event(EventKind.INFO, f"{m.name(uid)} stops tending {m.name(t.patient)}", uid, t.patient)


def tend(m: Match, uid: int, a: FirstAid) -> None:
    """One round of first aid; the check when the last round is done (Healing and First
    aid: an Intelligence x First aid check after a minute's tending)."""
    p = m.view(a.patient)
    aid = m.rules.first_aid_rules
    assert aid is not None  # first aid is declared only under a ruleset that has it
    if m.rules.health_facts(p.state).dead or m.topology.steps(m.view(uid).pos, p.pos) > 1:
        if m.has_component(uid, Tending):
            m.drop(uid, Tending)
        m.event(EventKind.INFO, f"{m.name(uid)} cannot tend {p.name}", uid, a.patient)
        return
    t = m.try_component(uid, Tending)
    if t is None:
        t = Tending(a.patient, a.stuns, aid.first_aid_rounds())
        m.put(uid, t)
        m.event(EventKind.INFO, f"{m.name(uid)} tends {p.name}'s {'stuns' if a.stuns else 'wounds'} "
                 f"({t.rounds_left} rounds)", uid, a.patient)
    t.rounds_left -= 1
    if t.rounds_left > 0:
        m.event(EventKind.INFO, f"{m.name(uid)} goes on tending {p.name} ({t.rounds_left} rounds left)",
                 uid, a.patient)
        return
    m.drop(uid, Tending)
    applied = aid.first_aid(m.dice, m.participant(uid), m.participant(a.patient), stuns=a.stuns)
    for roll in applied.rolls:
        m.event(EventKind.ROLL, roll.describe(), uid, a.patient)
    for text in applied.events:
        m.event(EventKind.STATUS, text, uid, a.patient, data=health_of(m, a.patient, applied.state, first_aid=True))
    set_state(m, a.patient, applied.state)


def reload(m: Match, uid: int) -> None:
    """Reloading takes the round's action for the weapon's reload rounds (Magazines and
    reloading); clearing a jam takes one round's action (the jammed round is already
    spent); a reload declared again goes on (`interrupt` stops one not declared)."""
    ammo = m.component(uid, Ammo)
    facts = m.rules.weapon_facts(m.view(uid).combatant)
    if ammo.jammed:
        m.write(uid, Ammo, jammed=False)
        m.event(EventKind.AMMO, f"{m.name(uid)} clears the jam of the {facts.name}", uid, data=GearNote(jammed=False))
        return
    if ammo.reload_left:
        m.event(EventKind.AMMO, f"{m.name(uid)} goes on reloading ({ammo.reload_left} rounds left)", uid)
    else:
        c = m.view(uid)
        ammo.reload_left = max(1, m.rules.reload_rounds(c.combatant, c.state))
        m.event(EventKind.AMMO, f"{m.name(uid)} reloads ({ammo.reload_left} rounds)", uid)
    ammo.reload_left -= 1
    if ammo.reload_left == 0 and ammo.magazines > 0:
        ammo.magazines -= 1
        ammo.loaded = ammo.capacity
        m.event(EventKind.AMMO, f"{m.name(uid)} has reloaded", uid)
    m.changed(uid, Ammo)
