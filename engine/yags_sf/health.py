"""Wounds, fatigue, survival rolls, knockdown and first aid (Yags SF 0.30a, Damage to
Recovery from Wounds).

The survival rolls are health x stamina + 2d10! without the wound and fatigue penalties
(rules-notes): the text names the penalties for the fatigue roll only, and a fatal
character at -15 could hardly ever make the 30 that keeps him awake.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags_sf.character import Condition, Fighter, penalty_terms
from engine.yags_sf.dice import FUMBLE, roll_check
from engine.yags_sf.tables import (
    CONSCIOUS_DIFFICULTY,
    CRITICAL,
    CRITICAL_FUMBLE,
    FATAL,
    ROUNDS_PER_MINUTE,
    SURVIVAL_DIFFICULTY,
    UNCONSCIOUS_FUMBLE,
    WOUND_NAMES,
    fatigue_difficulty,
    fatigue_due,
    first_aid_difficulty,
    survival_fumble,
)

KNOCKOUT_FATIGUE = 6  # short term fatigue that knocks a fighter out (rules-notes)


@dataclass(frozen=True)
class Outcome:
    condition: Condition
    rolls: tuple[Roll, ...] = ()
    events: tuple[str, ...] = ()


def stamina_term(fighter: Fighter) -> Term:
    h, s = fighter.attr("health"), fighter.skill("stamina")
    return Term("stamina", h * s, f"Hea {h} x Stamina {s}")


def survival_roll(dice: Dice, fighter: Fighter, label: str, fumble: int) -> Roll:
    """health x stamina + 2d10! against 20 with the given fumble chance."""
    return roll_check(dice, label, [stamina_term(fighter)], SURVIVAL_DIFFICULTY, fumble_chance=fumble)


def add_fatigue(fighter: Fighter, cond: Condition, levels: int, why: str) -> Outcome:
    """Short term fatigue; the sixth level knocks the fighter out (rules-notes)."""
    if cond.status == "dead" or levels <= 0:
        return Outcome(cond)
    fatigue = min(cond.fatigue + levels, KNOCKOUT_FATIGUE)
    events = [f"{fighter.name}: {why}: +{levels} fatigue ({fatigue})"]
    if fatigue >= KNOCKOUT_FATIGUE and cond.status == "ok":
        events.append(f"{fighter.name} collapses, exhausted: unconscious")
        return Outcome(cond.with_(fatigue=fatigue, status="unconscious", cause="fatigue"), (), tuple(events))
    return Outcome(cond.with_(fatigue=fatigue), (), tuple(events))


def take_hit(dice: Dice, fighter: Fighter, cond: Condition, levels: int | None, *,
             knocked: bool = False, subduing: bool = False, killing_blow: bool = False) -> Outcome:
    """Apply one hit read off the wound chart: knockdown, stun, fatigue or wounds, and the
    survival rolls they call for."""
    if cond.status == "dead":
        return Outcome(cond)
    rolls: list[Roll] = []
    events: list[str] = []
    if knocked:
        out = add_fatigue(fighter, cond.with_(prone=True), 1, "knocked down")
        cond, events = out.condition, list(out.events)
    if levels is None:
        return Outcome(cond, (), tuple(events))
    if levels == 0:
        if not knocked:  # the knockdown already stunned
            out = add_fatigue(fighter, cond, 1, "stunned")
            cond, events = out.condition, events + list(out.events)
        return Outcome(cond, (), tuple(events))
    if subduing:
        if killing_blow and levels >= 2 and cond.status == "ok":
            events.append(f"{fighter.name} is knocked out cold")
            return Outcome(cond.with_(status="unconscious", cause="knocked out"), (), tuple(events))
        out = add_fatigue(fighter, cond, levels, "a subduing blow")
        return Outcome(out.condition, (), tuple(events) + out.events)
    if killing_blow and levels >= 2:
        events.append(f"{fighter.name} is slain by a killing blow")
        return Outcome(cond.with_(wounds=min(cond.wounds + levels, FATAL), status="dead",
                                  cause="killing blow"), (), tuple(events))
    before, after = cond.wounds, cond.wounds + levels
    shown = WOUND_NAMES[min(after, FATAL)] + (f", {after - FATAL} beyond" if after > FATAL else "")
    events.append(f"{fighter.name} takes {levels} wound level{'s' * (levels > 1)} ({shown})")
    if after >= FATAL:
        fumble = survival_fumble(levels, after)
        roll = survival_roll(dice, fighter, "fatal wound roll", fumble)
        rolls.append(roll)
        cond = cond.with_(wounds=FATAL, fresh_fatal=cond.fresh_fatal or before < FATAL)
        if roll.fumble or roll.total < SURVIVAL_DIFFICULTY:
            events.append(f"{fighter.name} dies of the wound")
            return Outcome(cond.with_(status="dead", cause="fatal wound"), tuple(rolls), tuple(events))
        if roll.total < CONSCIOUS_DIFFICULTY and cond.status == "ok":
            events.append(f"{fighter.name} lives, unconscious")
            return Outcome(cond.with_(status="unconscious", cause="fatal wound"), tuple(rolls), tuple(events))
        return Outcome(cond, tuple(rolls), tuple(events))
    cond = cond.with_(wounds=after)
    if after >= CRITICAL > before:
        roll = survival_roll(dice, fighter, "critical wound roll", CRITICAL_FUMBLE)
        rolls.append(roll)
        if not roll.success and cond.status == "ok":
            events.append(f"{fighter.name} passes out")
            cond = cond.with_(status="unconscious", cause="critical wound")
    return Outcome(cond, tuple(rolls), tuple(events))


def end_of_round(dice: Dice, fighter: Fighter, cond: Condition, *, exerted: bool = True,
                 rested: bool = False) -> Outcome:
    """The rolls at the end of a round: a conscious fatal fighter's (not in the round he was
    fatally wounded), an unconscious fatal one's each minute until tended, and the fatigue
    roll every third round. `exerted`: he acted (not lying still); `rested`: he spent the
    round resting (Fatigue in Combat)."""
    if cond.status == "dead":
        return Outcome(cond)
    rolls: list[Roll] = []
    events: list[str] = []
    cond = cond.with_(rounds=cond.rounds + 1, rested=cond.rested or rested)
    if cond.wounds >= FATAL and cond.status == "ok" and not cond.fresh_fatal:
        roll = survival_roll(dice, fighter, "fatal wound roll", CRITICAL_FUMBLE)
        rolls.append(roll)
        if exerted and (roll.fumble or roll.total < SURVIVAL_DIFFICULTY):
            events.append(f"{fighter.name} dies of the fatal wound")
            cond = cond.with_(status="dead", cause="fatal wound")
        elif roll.fumble or roll.total < CONSCIOUS_DIFFICULTY:
            events.append(f"{fighter.name} loses consciousness")
            cond = cond.with_(status="unconscious", cause="fatal wound")
    elif cond.wounds >= FATAL and cond.status == "unconscious" and not cond.tended:
        cond = cond.with_(unconscious_rounds=cond.unconscious_rounds + 1)
        if cond.unconscious_rounds % ROUNDS_PER_MINUTE == 0:
            roll = survival_roll(dice, fighter, "dying roll", UNCONSCIOUS_FUMBLE)
            rolls.append(roll)
            if not roll.success:
                events.append(f"{fighter.name} dies without first aid")
                cond = cond.with_(status="dead", cause="fatal wound")
    if cond.status == "ok" and fatigue_due(cond.rounds):
        out = fatigue_roll(dice, fighter, cond)
        rolls.extend(out.rolls)
        events.extend(out.events)
        cond = out.condition
    return Outcome(cond.with_(fresh_fatal=False), tuple(rolls), tuple(events))


def fatigue_roll(dice: Dice, fighter: Fighter, cond: Condition) -> Outcome:
    """Fatigue in Combat: health x stamina at 10, +5 for each earlier roll (10 again after a
    round of rest), with the encumbrance, wound and fatigue penalties; failure: +1 fatigue."""
    target = fatigue_difficulty(0 if cond.rested else cond.fatigue_rolls)
    terms = [stamina_term(fighter), *penalty_terms(fighter, cond)]
    roll = roll_check(dice, "fatigue roll", terms, target, fumble_chance=FUMBLE)
    made = 1 if cond.rested else cond.fatigue_rolls + 1
    cond = cond.with_(fatigue_rolls=made, rested=False)
    if roll.success:
        return Outcome(cond, (roll,))
    out = add_fatigue(fighter, cond, 1, "tiring")
    return Outcome(out.condition, (roll,), out.events)


def first_aid(dice: Dice, healer: Fighter, healer_cond: Condition, patient: Condition,
              patient_name: str = "") -> Outcome:
    """First aid (Recovery from Wounds): intelligence x first aid against the wound level's
    difficulty, with the healer's wound and fatigue penalties. Success: the wounds are seen
    to, which ends the dying rolls of an unconscious fatal patient."""
    if patient.wounds < 1:
        raise ValueError(f"{patient_name or 'the patient'} has no wound to tend")
    if patient.status == "dead":
        raise ValueError(f"{patient_name or 'the patient'} is dead")
    i, fa = healer.attr("intelligence"), healer.skill("first_aid")
    terms = [Term("ability", i * fa, f"Int {i} x First Aid {fa}"),
             *penalty_terms(healer, healer_cond, physical=False)]
    roll = roll_check(dice, "first aid", terms, first_aid_difficulty(patient.wounds))
    if not roll.success:
        return Outcome(patient, (roll,), (f"first aid fails ({WOUND_NAMES[min(patient.wounds, FATAL)]})",))
    return Outcome(patient.with_(tended=True), (roll,), ("wounds tended",))


def automatic_death(victim: Fighter, cond: Condition, killer: str) -> Outcome:
    """Automatic Death: an unconscious or helpless fighter is killed by one who spends the
    round doing nothing else; the strike comes after all other actions."""
    if cond.status != "unconscious":
        raise ValueError(f"{victim.name} is {cond.status}: only the helpless can be killed outright")
    return Outcome(cond.with_(status="dead", cause=f"killed by {killer}"), (),
                   (f"{killer} kills the helpless {victim.name}",))
