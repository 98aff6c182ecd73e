"""Explosions (an effect): a grenade thrown (and scattering when the throw misses), its blast
on every unit in reach by distance band, hard cover and sight, and the victims taking cover
(yags-combat.md, Explosions; Thrown weapons; Taking Cover).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.outcome import Impossible
from engine.turn import Question
from game.world.components import Grenades
from game.world.events import BlastAt, EventKind
from game.world.systems.combat import log_result
from game.world.systems.health import apply

if TYPE_CHECKING:
    from game.world.actions import Throw
    from game.world.match import Match


def throw(m: Match, uid: int, a: Throw) -> Iterator[Question]:
    v = m.view(uid)
    grenades = m.component(uid, Grenades)
    if a.weapon not in grenades.weapon_ids:
        return
    dist = m.topology.distance_m(v.pos, a.tile)
    blasts = m.rules.blast_rules
    assert blasts is not None  # a throw is declared only under a ruleset with explosives
    try:
        roll, offset_m = blasts.throw(m.dice, m.participant(uid), a.weapon, dist)
    except ValueError as exc:  # it can no longer throw (knocked down since it declared)
        m.event(EventKind.INFO, f"{v.name} cannot throw: {exc}", uid)
        return
    grenades.weapon_ids.remove(a.weapon)
    m.changed(uid, Grenades)
    m.event(EventKind.ATTACK, roll.describe(), uid)
    land = a.tile
    if offset_m != (0.0, 0.0):
        mpt = m.grid.metres_per_tile
        lx = min(max(0, a.tile[0] + round(offset_m[0] / mpt)), m.grid.width - 1)
        ly = min(max(0, a.tile[1] + round(offset_m[1] / mpt)), m.grid.height - 1)
        land = (lx, ly)
        m.event(EventKind.BLAST, f"the {a.weapon.replace('_', ' ')} scatters to {land}", uid)
    victims = []
    for w in m.units():
        if w.state is not None and m.rules.health_facts(w.state).dead:
            continue
        d_m = m.topology.distance_m(land, w.pos)
        covered = (not m.topology.line_of_sight(land, w.pos)
                   or m.topology.cover_between(land, w.pos) in ("hard50", "hard90"))
        d_m += take_cover(m, uid, w.uid, a.weapon, d_m)
        victims.append((w.uid, m.participant(w.uid), d_m, covered))
    results = blasts.blast(m.dice, m.participant(uid), a.weapon, [(p, d_m, c) for _, p, d_m, c in victims])
    m.event(EventKind.BLAST, f"the {a.weapon.replace('_', ' ')} explodes at {land}", uid, data=BlastAt(land))
    for (wuid, _, _, _), r in zip(victims, results, strict=False):
        if r is None:
            continue
        log_result(m, uid, wuid, r)
        if not isinstance(r, Impossible):
            apply(m, wuid, r, uid, origin=land)
    yield from ()


def take_cover(m: Match, thrower: int, uid: int, weapon: str, distance_m: float) -> float:
    """Taking Cover: a victim in the blast's reach with a defence for the thrower dodges;
    the metres it gets further out (it dives where it stands: the grid keeps it on its
    tile, the blast's bands count the distance; rules-notes). The dodge spends that
    defence, as an attack from the thrower would. The thrower itself does not dodge."""
    d, v = m.declared(uid), m.view(uid)
    if uid == thrower or d is None or m.rules.out_of_fight(v.state):
        return 0.0  # the thrower is busy throwing
    blasts = m.rules.blast_rules
    assert blasts is not None
    decl = m.rules.note_attacked(d.ruleset_decl, m.name(thrower))
    roll, metres = blasts.take_cover(m.dice, replace(m.participant(uid), declaration=decl),
                                      m.name(thrower), weapon, distance_m)
    if roll is None:
        return 0.0
    m.put(uid, replace(d, ruleset_decl=decl))
    m.event(EventKind.ATTACK, roll.describe() + (f": {v.name} dives {metres:g} m further out" if metres
                                                  else f": {v.name} is caught"), uid)
    return metres
