"""The Yags ruleset's health: a hit's damage applied (vital strikes too), fumbles and tiring
manoeuvres, the end-of-round checks (bullet shyness, sprinting), first aid, and how a
fighter's condition reads (`YagsHealthRules`, mixed into `YagsRuleset`)."""

from __future__ import annotations

from engine.capabilities import FirstAidRules
from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll, Term
from engine.ruleset import Applied, HealthFacts, Outcome, Participant
from engine.yags import health
from engine.yags.attack import AttackResult
from engine.yags.character import Character
from engine.yags.damage import DamageResult
from engine.yags.declaration import YagsDeclaration
from engine.yags.health import Condition
from engine.yags.tables import STUN_NAMES, WOUND_NAMES


class YagsHealthRules(FirstAidRules):
    """Damage, fatigue, the end of the round and first aid under Yags."""

    def apply(self, dice: Dice, combatant: Character, state: Condition, result: Outcome) -> Applied:
        """The hit's damage and the health checks it calls for; a fumbled defence whose
        chosen outcome is fatigue costs the defender a point of fatigue (Fumbling a defence),
        hit or miss."""
        if not isinstance(result, AttackResult):
            raise TypeError(f"not a Yags attack result: {result!r}")
        if result.defence_fumble_outcome == "fatigue" and not state.out_of_fight:
            state = health.add_fatigue(state)
            fumbled: tuple[str, ...] = (f"{combatant.name} fumbles a defence: +1 fatigue",)
        else:
            fumbled = ()
        if not result.hit or result.damage is None:
            return Applied(state, (), fumbled)
        out = self._apply_hit(dice, combatant, state, result, result.damage)
        return Applied(out.state, out.rolls, fumbled + out.events)

    def apply_to_attacker(self, dice: Dice, combatant: Character, state: Condition,
                          result: Outcome) -> Applied:
        """Fumbling an attack (the outcome chosen is fatigue) and tiring manoeuvres (Melee
        Manoeuvres: "the fatigue is gained immediately after the manoeuvre completes (only on
        success)") each cost the attacker a point of fatigue."""
        if isinstance(result, Impossible) or state.out_of_fight:
            return Applied(state)
        events: list[str] = []
        if result.fumble_outcome == "fatigue":
            state = health.add_fatigue(state)
            events.append(f"{combatant.name} fumbles the attack: +1 fatigue")
        if "fatigue" in result.effects:
            state = health.add_fatigue(state)
            events.append(f"{combatant.name} tires from the manoeuvre: +1 fatigue")
        return Applied(state, (), tuple(events))

    def _apply_hit(self, dice: Dice, combatant: Character, state: Condition, result: AttackResult,
                   damage: DamageResult) -> Applied:
        out = health.take_damage(dice, combatant, state, damage.levels, damage.kind,
                                 wound_multiplier=result.wound_multiplier,
                                 stun_divisor=result.stun_divisor, vitals=combatant.armour.vitals,
                                 halve=result.target_halved)
        caused = out.condition.wounds - state.wounds
        if "vital_strike" in result.effects and caused >= 1 and out.condition.status == "ok":
            vital = vital_strike_check(dice, combatant, caused, halve=result.target_halved)
            rolls = out.rolls + (vital,)
            if not vital.success and out.condition.wounds < 6:
                more = health.take_damage(dice, combatant, out.condition, 6 - out.condition.wounds, "wounds",
                                          halve=result.target_halved)
                return Applied(more.condition, rolls + more.rolls,
                               out.events + ("vital strike: falls fatally wounded",) + more.events)
            return Applied(out.condition, rolls, out.events)
        return Applied(out.condition, out.rolls, out.events)

    def end_of_round(self, dice: Dice, combatant: Character, state: Condition, *, bursts: int = 0,
                     in_cover: bool = False, moved: str = "none",
                     declaration: YagsDeclaration | None = None) -> Applied:
        """Health checks, then bullet shyness: one Will check for every burst aimed at the
        fighter this round (yags-combat.md, Bullet Shyness); a sprint costs a point of
        fatigue (yags-core.md, Sprinting: "a sprinting character gains a point of fatigue
        every round"). A fighter at initiative 0 this round (its `declaration` says so) makes
        these checks halved (Shock and Pain: "all rolls are halved")."""
        halve = declaration is not None and declaration.initiative_zero
        out = health.end_of_round(dice, combatant, state, halve)
        rolls, events, cond = list(out.rolls), list(out.events), out.condition
        if moved == "sprint" and not cond.out_of_fight:
            cond = health.add_fatigue(cond)
            events.append(f"{combatant.name} is tiring from the sprint: +1 fatigue")
        if bursts and not cond.out_of_fight:
            from engine.yags.autofire import bullet_shyness

            roll, shock = bullet_shyness(dice, combatant, bursts, in_cover, halve)
            rolls.append(roll)
            if shock:
                cond = health.add_shock(cond, shock)
                events.append(f"{combatant.name} is pinned down: initiative -{shock}")
        return Applied(cond, tuple(rolls), tuple(events))

    def first_aid(self, dice: Dice, healer: Participant, patient: Participant, *,
                  stuns: bool = False) -> Applied:
        """First aid (Healing and First aid): the healer's Intelligence x First aid against
        10 (0 for stuns) + half the patient's wound and stun penalties; see health.first_aid."""
        if healer.state.out_of_fight:
            raise ValueError(f"{healer.name} is {healer.state.status} and cannot tend anyone")
        d: YagsDeclaration | None = healer.declaration
        out = health.first_aid(dice, healer.combatant, healer.state, patient.state, stuns=stuns,
                               self_aid=healer.name == patient.name,
                               halve=d is not None and d.initiative_zero)
        return Applied(out.condition, out.rolls, tuple(f"{patient.name}: {e}" for e in out.events))

    def first_aid_rounds(self) -> int:
        return health.FIRST_AID_ROUNDS

    def must_rest(self, combatant: Character, state: Condition) -> bool:
        """Fatigue: "If a character becomes Exhausted then they must immediately rest"."""
        return not state.out_of_fight and health.exhausted(combatant, state)

    def out_of_fight(self, state: Condition) -> bool:
        return state.out_of_fight

    def health_facts(self, state: Condition) -> HealthFacts:
        """Wounds and stuns (0-6 tracks), fatigue and the status (ok, unconscious, dead...)."""
        return HealthFacts(state.status, state.out_of_fight, state.status == "dead", state.wounds, state.stuns,
                           state.fatigue)

    def status(self, state: Condition) -> str:
        parts = [f"wounds {state.wounds} ({WOUND_NAMES[min(state.wounds, 6)]})",
                 f"stuns {state.stuns} ({STUN_NAMES[min(state.stuns, 6)]})"]
        if state.fatigue:
            parts.append(f"fatigue {state.fatigue}")
        pen = state.wound_penalty + state.stun_penalty
        if pen:
            parts.append(f"{pen:+d}")
        if state.status != "ok":
            parts.append(state.status.upper())
        return ", ".join(parts)


def vital_strike_check(dice: Dice, combatant: Character, wounds_caused: int, halve: bool = False) -> Roll:
    """Vital strike: Health x Size at 20 + 5 x wounds caused, or fall fatally wounded (halved
    at initiative 0)."""
    from engine.yags.checks import roll_check
    from engine.yags.melee import vital_strike_target

    h = combatant.attributes["health"]
    term = Term("ability", h * combatant.size, f"Hea {h} x Size {combatant.size}")
    return roll_check(dice, "vital strike check", [term], vital_strike_target(wounds_caused), halve=halve)
