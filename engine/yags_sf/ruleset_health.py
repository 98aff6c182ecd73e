"""The Yags SF ruleset's health (`YagsSFHealthRules`, mixed into `YagsSFRuleset`): a hit's
wounds or fatigue and the survival rolls, automatic deaths, the end of the round (and what a
declaration carries into the next), first aid, and how a fighter's condition reads."""

from __future__ import annotations

from engine.capabilities import FirstAidRules
from engine.dice import Dice
from engine.outcome import Impossible
from engine.ruleset import Applied, HealthFacts, Outcome, Participant
from engine.yags_sf import health
from engine.yags_sf import round as rnd
from engine.yags_sf.character import Condition, Fighter
from engine.yags_sf.plan import AttackResult
from engine.yags_sf.round import Declaration
from engine.yags_sf.tables import FIRST_AID_ROUNDS, WOUND_NAMES


class YagsSFHealthRules(FirstAidRules):
    """Damage, the end of the round and first aid under Yags SF."""

    def apply(self, dice: Dice, combatant: Fighter, state: Condition, result: Outcome) -> Applied:
        """The hit's wounds or fatigue and the survival rolls; a lost weapon; a kill."""
        if isinstance(result, Impossible) or not result.hit:
            return Applied(state)
        if not isinstance(result, AttackResult):
            raise TypeError(f"not a Yags SF attack result: {result!r}")
        if result.effect == "kill":
            out = health.automatic_death(combatant, state, result.attacker)
            return Applied(out.condition, out.rolls, out.events)
        if "disarmed" in result.effects:  # the weapon is the driver's to take away (`unarmed`)
            return Applied(state)
        d = result.damage
        if d is None:
            return Applied(state)
        out = health.take_hit(dice, combatant, state, d.levels, knocked=d.knocked,
                              subduing=d.subduing, killing_blow=d.killing_blow)
        return Applied(out.condition, out.rolls, out.events)

    def end_of_round(self, dice: Dice, combatant: Fighter, state: Condition, *, bursts: int = 0,
                     in_cover: bool = False, moved: str = "none",
                     declaration: Declaration | None = None) -> Applied:
        """The survival and fatigue rolls (health.end_of_round), then what the declaration
        carries into the next round (round.carry_over). Bursts and cover change nothing here."""
        decl = declaration or Declaration()
        out = health.end_of_round(dice, combatant, state, exerted=decl.exerting,
                                  rested=decl.action == "rest")
        return Applied(rnd.carry_over(out.condition, declaration), out.rolls, out.events)

    def first_aid(self, dice: Dice, healer: Participant, patient: Participant, *, stuns: bool = False) -> Applied:
        if healer.state.out_of_fight:
            raise ValueError(f"{healer.name} is {healer.state.status} and cannot tend anyone")
        try:
            out = health.first_aid(dice, healer.combatant, healer.state, patient.state, patient.name)
        except ValueError as exc:  # no wound to tend, or dead: the minute was spent for nothing
            return Applied(patient.state, (), (f"{patient.name}: {exc}",))
        return Applied(out.condition, out.rolls, tuple(f"{patient.name}: {e}" for e in out.events))

    def first_aid_rounds(self) -> int:
        return FIRST_AID_ROUNDS

    # --- state for the UI ---------------------------------------------------------------

    def out_of_fight(self, state: Condition) -> bool:
        return state.out_of_fight

    def health_facts(self, state: Condition) -> HealthFacts:
        return HealthFacts(state.status, state.out_of_fight, state.status == "dead", state.wounds, 0, state.fatigue,
                           prone=state.prone)

    def status(self, state: Condition) -> str:
        parts = [f"wounds {state.wounds} ({WOUND_NAMES[state.wounds]})"]
        if state.fatigue:
            parts.append(f"fatigue {state.fatigue}")
        pen = state.wound_penalty + state.fatigue_penalty
        if pen:
            parts.append(f"{pen:+d}")
        if state.prone:
            parts.append("down")
        if state.disarmed:
            parts.append("disarmed")
        if state.status != "ok":
            parts.append(state.status.upper())
        return ", ".join(parts)
