"""Melee (an effect): a melee attack with its approach walked, the free strikes it earns the
defender and the counter strike a result may earn (yags-combat.md, Melee Combat: Reach; Free
Strikes; Counter strikes).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.outcome import Impossible
from engine.turn import Question
from game.world.components import Moved
from game.world.events import EventKind, StrikeNote
from game.world.systems.combat import strike
from game.world.systems.movement import walk
from game.world.systems.paths import approach
from game.world.systems.placement import note_walked
from game.world.systems.reach import grappled_with

if TYPE_CHECKING:
    from game.world.actions import Attack
    from game.world.match import Match


def melee(m: Match, uid: int, a: Attack) -> Iterator[Question]:
    """A melee attack: the approach walked if the target is out of reach, the free strikes
    it earns the defender, the attack, and the counter strike a result may earn."""
    t = m.view(a.target)
    v = m.view(uid)
    facts = m.rules.weapon_facts(v.combatant)
    if m.topology.steps(v.pos, t.pos) > facts.reach_tiles:
        path = approach(m, v, t.pos, facts.reach_tiles)
        if not path:
            m.event(EventKind.INFO, f"{v.name} cannot reach {t.name}", uid, a.target)
            return
        mode = m.component(uid, Moved).mode
        note_walked(m, uid, mode if mode != "none" else "free", path)
        yield from walk(m, uid, path, attacking=a.target)
        if m.view(uid).out:
            return
    t_facts = m.rules.weapon_facts(t.combatant)
    if (m.rules.free_strikes() and t_facts.melee and not m.view(a.target).out
            and grappled_with(m, a.target) in (None, uid)):
        # Free strikes before the attack (Reach 1-2; Free Strikes 1-2): the defender's
        # longer reach earns one, grappling or tripping one; an attacker with the
        # longer weapon ignores one; several merge into one automatic strike.
        why = []
        if t_facts.reach > facts.reach:
            why.append(f"{t.name}'s longer reach")
        if a.options.get("manoeuvre") in ("grapple", "grapple_neck", "trip"):
            why.append(f"{v.name} reaching to grab")
        count = len(why) - (1 if facts.reach > t_facts.reach else 0)
        if count >= 1:
            kind = "automatic strike" if count >= 2 else "free strike"
            m.event(EventKind.FREE_STRIKE, f"{t.name}: {' and '.join(why)}: a{'n' if count >= 2 else ''} "
                     f"{kind} at {v.name}", a.target, uid, data=StrikeNote(kind))
            yield from strike(m, a.target, uid, "melee", {"kind": kind, "automatic": count >= 2})
            if m.view(uid).out:
                return
    results = yield from strike(m, uid, a.target, "melee", a.options)
    follow = m.rules.follow_up(a.options)  # step dice: a feint's blow, in the same declaration
    if follow is not None and not m.view(a.target).out and not m.view(uid).out:
        results += (yield from strike(m, uid, a.target, "melee", follow))
    for r in results:
        if (not isinstance(r, Impossible) and r.counter_strike and not m.view(a.target).out and not m.view(uid).out
                and grappled_with(m, a.target) in (None, uid)):
            if m.rules.weapon_facts(m.view(a.target).combatant).melee:
                m.event(EventKind.FREE_STRIKE, f"{t.name} counter strikes", a.target, uid)
                yield from strike(m, a.target, uid, "melee", {"kind": "counter strike"})
