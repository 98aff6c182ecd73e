"""Fire (an effect): shots and bursts with their ammunition, automatic fire over an area and
suppressive fire, and the bursts aimed at each unit for its bullet shyness check at the end of
the round (yags-combat.md, Missile Attacks; Automatic Fire; Bullet Shyness; Magazines and
reloading).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.exchange_types import ExchangeRequest
from engine.turn import Question
from game.world.actions import kind_of
from game.world.actions.attack import further_targets
from game.world.components import Ammo
from game.world.events import EventKind
from game.world.systems.combat import drive, strike
from game.world.systems.gear import jam
from game.world.systems.range import cone_others, request, situation
from game.world.systems.sight import target_cover

if TYPE_CHECKING:
    from game.world.actions import AreaFire, Attack
    from game.world.match import Match


def fire(m: Match, uid: int, a: Attack) -> Iterator[Question]:
    """A shot or burst at one target (with a shotgun's cone), as its magazine allows."""
    v, t = m.view(uid), m.view(a.target)
    facts = m.rules.weapon_facts(v.combatant)
    if not m.topology.line_of_sight(v.pos, t.pos):
        m.event(EventKind.INFO, f"{v.name} has lost sight of {t.name}", uid, a.target)
        return
    ammo = m.try_component(uid, Ammo)
    if facts.melee:
        m.event(EventKind.INFO, f"{v.name} has no weapon to shoot with", uid, a.target)
        return
    if ammo is not None and (ammo.jammed or ammo.loaded <= 0 or ammo.reload_left):
        m.event(EventKind.INFO, f"{v.name}'s {facts.name} is {'jammed' if ammo.jammed else 'empty'}", uid)
        return
    a = _schedule_later(m, uid, a)
    if ammo is not None:
        # the rounds in the weapon before it fires, and the initiative it fires at (Yags SF:
        # no shot of several after initiative 0)
        options = {"ammo": ammo.loaded, "initiative": v.initiative, **a.options}
        need = m.rules.ammo_use(v.combatant, a.mode, options)
        if need > ammo.loaded:
            options["rounds"] = ammo.loaded
            need = ammo.loaded
        ammo.loaded -= need
        others = cone_others(m, uid, a.target, facts)
        bursts = -(-need // facts.burst) if a.mode == "burst" and facts.burst else 0
        split = _split_bursts(m, uid, a, bursts)
        if split:  # Full Auto at separate targets: burst 2, 3... at each
            others = tuple((m.participant(t), situation(m, uid, t)) for t in split)
        if bursts:
            shy(m, uid, a.target, bursts - len(split))  # each burst fired at it
        yield from strike(m, uid, a.target, a.mode, options, others=others)
        m.event(EventKind.AMMO, f"{v.name}: {ammo.loaded}/{ammo.capacity} rounds, {ammo.magazines} magazines", uid)
    else:
        if a.mode == "burst":
            shy(m, uid, a.target, max(1, int(a.options.get("bursts", 1))))
        yield from strike(m, uid, a.target, a.mode, a.options)


def _split_bursts(m: Match, uid: int, a: Attack, bursts: int) -> list[int]:
    """The further targets of a burst split over several (the Attack option `further`),
    as many as there are further bursts, each standing and in sight now; each noted for
    its bullet shyness."""
    if a.mode != "burst" or bursts < 2:
        return []
    v = m.view(uid)
    split = [t for t in further_targets(a.options)[:bursts - 1]
             if not m.view(t).out and m.topology.line_of_sight(v.pos, m.view(t).pos)]
    for t in split:
        shy(m, uid, t, 1)
    return split


def _schedule_later(m: Match, uid: int, a: Attack) -> Attack:
    """The part of the attack made now; the parts its ruleset puts at later initiative
    counts (engine.capabilities.TimingRules: Yags SF's further shots) are scheduled with
    the round (`RoundSteps.schedule`), each fired when its count comes."""
    timing = m.rules.timing_rules
    if timing is None:
        return a
    v = m.view(uid)
    now, later = timing.later_parts(v.combatant, a.mode, a.options, v.initiative)
    further = further_targets(a.options)
    for k, (count, options) in enumerate(later, start=1):  # shot k+1 at its own target
        target = further[k - 1] if k - 1 < len(further) else a.target
        part = {key: value for key, value in options.items() if key != "further"}
        m.steps.schedule(uid, count, replace(a, target=target, options=part))
    return replace(a, options={k: v for k, v in now.items() if k != "further"}) if later else a


def shy(m: Match, uid: int, target: int, bursts: int) -> None:
    """Note `bursts` aimed at `target` for its bullet shyness check at the end of the round
    (Bullet Shyness), and whether it was in 90% cover or better from the firer then
    (soft or hard 90%, or diving for cover in a full dodge)."""
    cover = target_cover(m, uid, target)  # the situation's cover, without the rest of it
    d = m.declared(target)
    covered = cover in ("soft90", "hard90", "full") or (d is not None and (
        kind_of(d.action).dodges or d.choices.get("cover_action") == "step_out"))
    m.turn.pressure.setdefault(target, []).extend([covered] * bursts)


def area_fire(m: Match, uid: int, a: AreaFire) -> Generator[Question, Any, None]:
    """A burst swept over an arc (30 degrees; 60 suppressive), at every unit in it that
    the firer sees, nearest first."""
    v = m.view(uid)
    arc = 60 if a.suppressive else 30
    facts = m.rules.weapon_facts(v.combatant)
    ammo = m.try_component(uid, Ammo)
    if "area" not in facts.modes:
        m.event(EventKind.INFO, f"{v.name} has no weapon to fire with", uid)
        return
    if ammo is not None:
        if ammo.loaded <= 0 or ammo.reload_left or ammo.jammed:
            m.event(EventKind.INFO, f"{v.name}'s {facts.name} is {'jammed' if ammo.jammed else 'empty'}", uid)
            return
        bullets = min(ammo.loaded, m.rules.ammo_use(v.combatant, "suppress" if a.suppressive else "area", {}))
        ammo.loaded -= bullets
    else:
        bullets = m.rules.ammo_use(v.combatant, "suppress" if a.suppressive else "area", {})
    others = [w for w in m.units(living=True) if w.uid != uid]
    points = [w.pos for w in others]
    in_arc = m.topology.targets_in_arc(v.pos, a.aim, points, arc, int(facts.long_m / m.grid.metres_per_tile))
    by_pos = {w.pos: w for w in others}
    victims = [by_pos[p] for p in in_arc if m.topology.line_of_sight(v.pos, p)]
    if not victims:
        m.event(EventKind.INFO, f"{v.name} fires into an empty arc", uid)
        return
    first, rest = victims[0], victims[1:]
    req = request(m, uid, first.uid, "suppress" if a.suppressive else "area", {"rounds": bullets})
    req = replace(req, others=tuple((m.participant(w.uid), situation(m, uid, w.uid)) for w in rest))
    yield from drive(m, uid, first.uid, ExchangeRequest(req, "sweep"),
                     jammed=lambda j: _jammed(m, uid, ammo, bullets, j.shares, j.unfired),
                     harmed=lambda target: shy(m, uid, target, 1))  # targeted by the burst, hit or not


def _jammed(m: Match, uid: int, ammo: Ammo | None, bullets: int, shares: int, unfired: int) -> None:
    """The gun jammed (Mythras' Weapon Malfunction: "useless until time can be spent
    field stripping and cleaning it") part way through the sweep: it fires at no one
    after, and the shares of the rounds it did not fire stay in the magazine (the sweep's
    rounds were shared evenly over the arc: 0005 Full-Automatic)."""
    jam(m, uid)
    if unfired and ammo is not None:
        ammo.loaded = min(ammo.capacity, ammo.loaded + (bullets // shares) * unfired)
        m.event(EventKind.INFO, f"{m.name(uid)}'s sweep stops: {unfired} more in the arc not fired at", uid)
