"""Holds and overwhelming (an effect): grapples made and ended, and a result's effect carried
on a declaration for the rest of the round (yags-combat.md, Grapple; Overwhelming).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.exchange_types import Overwhelmed
from game.world.components import Grapple, Moved, Posture
from game.world.events import EventKind, Marker
from game.world.systems.reach import grappled_with

if TYPE_CHECKING:
    from game.world.match import Match


def redeclare(m: Match, uid: int, effect: Any, other: str = "") -> None:
    """Carry `effect` on `uid`'s declaration for the rest of the round."""
    d = m.declared(uid)
    if d is not None:
        m.put(uid, replace(d, ruleset_decl=m.rules.note_effect(d.ruleset_decl, effect, other)))


def overwhelm(m: Match, uid: int, effect: Overwhelmed) -> None:
    """Overwhelming attacks: "-5 per level of success to any further attacks or defences
    that they make that round against anyone"."""
    redeclare(m, uid, effect)
    m.event(EventKind.STATUS, f"{m.name(uid)} is overwhelmed: {effect.penalty} to further "
                  "attacks and defences this round", uid)


def grapple(m: Match, holder: int, held: int) -> None:
    """Grapple: "both you and the target are considered to be grappled"; the held "loses
    the rest of their declared actions that round" (its action if it has not acted, and
    its move). A new hold ends any other hold either was in."""
    for uid in (holder, held):
        if grappled_with(m, uid) is not None:
            release(m, uid, "lets go")
    m.put(holder, Grapple(held, True))
    m.put(held, Grapple(holder, False))
    for uid, other in ((holder, held), (held, holder)):
        m.write(uid, Posture, stance="normal")  # the grappled stance replaces any other
        redeclare(m, uid, "grappled", m.name(other))
    mv = m.component(held, Moved)
    mv.mode, mv.path = "none", ()
    lost = held not in m.turn.acted
    m.turn.lost.add(held)
    m.event(EventKind.STATUS, f"{m.name(holder)} holds {m.name(held)}: both are grappled"
             + (f"; {m.name(held)} loses the rest of its actions this round" if lost
                else f"; {m.name(held)} loses its move this round"),
             holder, held, data=Marker("grapple"))


def release(m: Match, uid: int, how: str) -> None:
    """End `uid`'s hold (both sides)."""
    partner = grappled_with(m, uid)
    if partner is None:
        return
    for u in (uid, partner):
        m.drop(u, Grapple)
    m.event(EventKind.STATUS, f"{m.name(uid)} {how}: the hold with {m.name(partner)} ends", uid, partner)
