"""Reach and engagement: melee attacks with their approach, free strikes (a longer reach,
a grab, leaving a foe's reach), counter strikes, grapples and overwhelming attacks
(yags-combat.md, Melee Combat: Reach; Free Strikes; Counter strikes; Grapple; Overwhelming).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.exchange_types import Overwhelmed
from engine.outcome import Impossible
from engine.turn import Question
from game.world.components import Grapple, Moved, Posture
from game.world.events import EventKind, Marker, StrikeNote
from game.world.systems import System

if TYPE_CHECKING:
    from game.world.actions import Attack
    from game.world.match import UnitView

Tile = tuple[int, int]


class EngagementSystem(System):
    """Who is within whose reach, and what that earns."""

    # --- queries ----------------------------------------------------------------------------

    def grappled_with(self, uid: int) -> int | None:
        """The unit `uid` holds or is held by (Grappled), None if it is in no hold."""
        self.m.use_world()
        g = self.m.try_component(uid, Grapple)
        return None if g is None else g.partner

    def holds(self, uid: int) -> bool:
        """Is `uid` the one holding (not the one held) in its grapple?"""
        self.m.use_world()
        g = self.m.try_component(uid, Grapple)
        return g is not None and g.holder

    # --- melee --------------------------------------------------------------------------------

    def melee(self, uid: int, a: Attack) -> Iterator[Question]:
        """A melee attack: the approach walked if the target is out of reach, the free strikes
        it earns the defender, the attack, and the counter strike a result may earn."""
        m = self.m
        t = m.view(a.target)
        v = m.view(uid)
        facts = m.rules.weapon_facts(v.combatant)
        if m.topology.steps(v.pos, t.pos) > facts.reach_tiles:
            path = m.movement.approach(v, t.pos, facts.reach_tiles)
            if not path:
                m.event(EventKind.INFO, f"{v.name} cannot reach {t.name}", uid, a.target)
                return
            mode = m.component(uid, Moved).mode
            m.movement.note_walked(uid, mode if mode != "none" else "free", path)
            yield from m.movement.walk(uid, path, attacking=a.target)
            if m.view(uid).out:
                return
        t_facts = m.rules.weapon_facts(t.combatant)
        if (m.rules.free_strikes() and t_facts.melee and not m.view(a.target).out
                and self.grappled_with(a.target) in (None, uid)):
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
                yield from m.combat.strike(a.target, uid, "melee", {"kind": kind, "automatic": count >= 2})
                if m.view(uid).out:
                    return
        results = yield from m.combat.strike(uid, a.target, "melee", a.options)
        follow = m.rules.follow_up(a.options)  # step dice: a feint's blow, in the same declaration
        if follow is not None and not m.view(a.target).out and not m.view(uid).out:
            results += (yield from m.combat.strike(uid, a.target, "melee", follow))
        for r in results:
            if (not isinstance(r, Impossible) and r.counter_strike and not m.view(a.target).out and not m.view(uid).out
                    and self.grappled_with(a.target) in (None, uid)):
                if m.rules.weapon_facts(m.view(a.target).combatant).melee:
                    m.event(EventKind.FREE_STRIKE, f"{t.name} counter strikes", a.target, uid)
                    yield from m.combat.strike(a.target, uid, "melee", {"kind": "counter strike"})

    def able_to_strike(self, foes: Sequence[UnitView]) -> list[int]:
        """The places in `foes` of those that could strike at a mover leaving their reach as
        they stand now (in the fight, a melee weapon in hand): `strikes_leaving_reach` need
        look at no other until something but the mover's steps changes the world."""
        m = self.m
        view, facts_of = m.view, m.rules.weapon_facts
        return [k for k, foe in enumerate(foes) if not (e := view(foe.uid)).out and facts_of(e.combatant).melee]

    def strikes_leaving_reach(self, uid: int, here: Tile, step: Tile, foes: Sequence[UnitView], struck: set[int],
                              attacking: int | None, able: Sequence[int] | None = None) -> Generator[Question, Any, bool]:
        """`uid` steps from `here` to `step`: every foe (in `foes`' order) whose melee reach it
        leaves, and that has not struck at it on this move, gets a free strike (Free Strikes,
        3), unless it is the foe `uid` is attacking or holds another. Returns True when the
        mover is down. `able` (`able_to_strike`, asked since nothing but the mover's steps
        changed): the only foes to look at, until a strike changes the world."""
        m = self.m
        if not m.rules.free_strikes():
            return False
        v = m.view(uid)
        view, facts_of, steps = m.view, m.rules.weapon_facts, m.topology.steps  # asked for every foe at every step
        order: Sequence[int] = range(len(foes)) if able is None else able
        k = 0
        while k < len(order):
            f = order[k]
            k += 1
            foe = foes[f]
            if foe.uid in struck or foe.uid == attacking:
                continue
            e = view(foe.uid)
            if e.out:
                continue
            ef = facts_of(e.combatant)
            if (ef.melee and steps(e.pos, here) <= ef.reach_tiles and steps(e.pos, step) > ef.reach_tiles
                    and self.grappled_with(e.uid) in (None, uid)):
                struck.add(e.uid)
                m.event(EventKind.FREE_STRIKE, f"{e.name} strikes at {v.name} moving past", e.uid, uid)
                yield from m.combat.strike(e.uid, uid, "melee", {"kind": "free strike"})
                if m.view(uid).out:
                    return True
                if able is not None:  # the strike may have changed who can strike: the rest as they are now
                    order, k, able = range(len(foes)), f + 1, None
        return False

    # --- holds and overwhelming ---------------------------------------------------------------

    def redeclare(self, uid: int, effect: Any, other: str = "") -> None:
        """Carry `effect` on `uid`'s declaration for the rest of the round."""
        m = self.m
        d = m.declared(uid)
        if d is not None:
            m.put(uid, replace(d, ruleset_decl=m.rules.note_effect(d.ruleset_decl, effect, other)))

    def overwhelm(self, uid: int, effect: Overwhelmed) -> None:
        """Overwhelming attacks: "-5 per level of success to any further attacks or defences
        that they make that round against anyone"."""
        self.redeclare(uid, effect)
        self.m.event(EventKind.STATUS, f"{self.m.name(uid)} is overwhelmed: {effect.penalty} to further "
                      "attacks and defences this round", uid)

    def grapple(self, holder: int, held: int) -> None:
        """Grapple: "both you and the target are considered to be grappled"; the held "loses
        the rest of their declared actions that round" (its action if it has not acted, and
        its move). A new hold ends any other hold either was in."""
        m = self.m
        for uid in (holder, held):
            if self.grappled_with(uid) is not None:
                self.release(uid, "lets go")
        m.put(holder, Grapple(held, True))
        m.put(held, Grapple(holder, False))
        for uid, other in ((holder, held), (held, holder)):
            m.write(uid, Posture, stance="normal")  # the grappled stance replaces any other
            self.redeclare(uid, "grappled", m.name(other))
        mv = m.component(held, Moved)
        mv.mode, mv.path = "none", ()
        lost = held not in m.turn.acted
        m.turn.lost.add(held)
        m.event(EventKind.STATUS, f"{m.name(holder)} holds {m.name(held)}: both are grappled"
                 + (f"; {m.name(held)} loses the rest of its actions this round" if lost
                    else f"; {m.name(held)} loses its move this round"),
                 holder, held, data=Marker("grapple"))

    def release(self, uid: int, how: str) -> None:
        """End `uid`'s hold (both sides)."""
        m = self.m
        partner = self.grappled_with(uid)
        if partner is None:
            return
        for u in (uid, partner):
            m.drop(u, Grapple)
        m.event(EventKind.STATUS, f"{m.name(uid)} {how}: the hold with {m.name(partner)} ends", uid, partner)

