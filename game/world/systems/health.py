"""Health: a result's damage and effects applied, a unit's state changing (falling,
exhaustion), what an attack costs the attacker, and the end-of-round checks (yags-combat.md,
Inflicting Damage; Stuns and Wounds; End of round; yags-core.md, Fatigue).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.turn import Question
from game.world.components import Combatant, Moved, Posture
from game.world.events import EventKind, Health, Marker
from game.world.systems import System


class HealthSystem(System):
    """How units fare."""

    def process(self, phase: str, tasks: list[Iterator[Question]]) -> None:  # type: ignore[override]
        if phase == "end":
            tasks.append(self.end_of_round())

    def health_of(self, uid: int, state: Any, first_aid: bool = False) -> Health:
        """The payload for a change of `uid`'s state: the unit and its state after it as plain
        values, so that a replay or the UI's playback can show each unit as it was at every
        step of the round."""
        return Health(uid, self.m.rules.health_facts(state), first_aid)

    def set_state(self, uid: int, state: Any) -> None:
        """`uid`'s state is now `state`: a unit that falls is down (and lets go of any hold);
        one that becomes exhausted must rest."""
        m = self.m
        c = m._comp(uid, Combatant)
        before = m.rules.out_of_fight(c.state)
        resting = m.rules.must_rest(c.combatant, c.state)
        c.state = state
        m._changed(uid)
        if not before and m.rules.out_of_fight(state):
            m._event(EventKind.DOWN, f"{m.name(uid)} is down: {m.rules.status(state)}", uid, data=self.health_of(uid, state))
            m.engagement.release(uid, "is down")
        elif not resting and m.rules.must_rest(c.combatant, state):
            self.exhausted(uid)

    def exhausted(self, uid: int) -> None:
        """Fatigue: "If a character becomes Exhausted then they must immediately rest": during
        the round's actions it loses the rest of them (its action if it has not come, and its
        move); from the next round it may only hold (the declaration's rest rule)."""
        m = self.m
        now = m.phase in ("fast", "normal", "slow")
        if now:
            m._lost.add(uid)
            m._resting.add(uid)
            mv = m._comp(uid, Moved)
            mv.mode, mv.path = "none", ()
        m._event(EventKind.STATUS, f"{m.name(uid)} is exhausted and must rest"
                 + ("; it loses the rest of its round" if now and uid not in m._acted else ""), uid,
                 data=Marker("exhausted"))

    def apply(self, target: int, result: Any, attacker: int | None = None) -> None:
        """Apply one result's damage and effects to `target` (knocked prone, grappled,
        disarmed, overwhelmed)."""
        m = self.m
        c = m._comp(target, Combatant)
        applied = m.rules.apply(m.dice, c.combatant, c.state, result)
        for roll in applied.rolls:
            m._event(EventKind.ROLL, roll.describe(), target)
        health = self.health_of(target, applied.state)
        for text in applied.events:
            m._event(EventKind.STATUS, f"{m.name(target)} {text}" if not text.startswith(m.name(target)) else text,
                     target, data=health)
        self.set_state(target, applied.state)
        standing = not m.rules.out_of_fight(m._comp(target, Combatant).state)
        for effect in result.effects:
            if effect == "prone":
                m._comp(target, Posture).stance = "prone"
                m._changed(target)
                m._event(EventKind.STATUS, f"{m.name(target)} is knocked prone", target)
            elif effect == "grappled" and attacker is not None and standing and not m.view(attacker).out:
                m.engagement.grapple(attacker, target)
            elif effect == "disarmed" and standing:
                m.combat.drop_weapon(target, "is disarmed and drops")
            elif effect.startswith("overwhelmed:") and standing:
                m.engagement.overwhelm(target, effect)
        if result.hit and not m.rules.out_of_fight(m._comp(target, Combatant).state):
            state = m._comp(target, Combatant).state
            m._event(EventKind.DAMAGE, f"{m.name(target)}: {m.rules.status(state)}", None, target,
                     data=self.health_of(target, state))

    def cost_attacker(self, uid: int, result: Any) -> None:
        """What an attack costs the one who made it (Yags: fatigue for a fumble whose chosen
        outcome is fatigue, and for a tiring manoeuvre that succeeded)."""
        m = self.m
        c = m._comp(uid, Combatant)
        applied = m.rules.apply_to_attacker(m.dice, c.combatant, c.state, result)
        if applied.state is c.state:
            return
        for text in applied.events:
            m._event(EventKind.STATUS, text, uid, data=self.health_of(uid, applied.state))
        self.set_state(uid, applied.state)

    def end_of_round(self) -> Iterator[Question]:
        """The ruleset's end-of-round checks for every unit (Yags: health checks, bullet
        shyness from the bursts aimed at it, fatigue from sprinting)."""
        m = self.m
        m.phase = "end"
        for uid in m.uids():
            c = m._comp(uid, Combatant)
            aimed = m.autofire.pressure.pop(uid, [])
            d = m.declared(uid)
            applied = m.rules.end_of_round(m.dice, c.combatant, c.state, bursts=len(aimed),
                                           in_cover=bool(aimed) and all(aimed),
                                           moved=m._comp(uid, Moved).mode,
                                           declaration=d.ruleset_decl if d is not None else None)
            for roll in applied.rolls:
                m._event(EventKind.ROLL, roll.describe(), uid)
            for text in applied.events:
                m._event(EventKind.STATUS, text, uid, data=self.health_of(uid, applied.state))
            self.set_state(uid, applied.state)
        yield from ()
