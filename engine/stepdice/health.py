"""Life points, stun and wounds (step-dice-combat.md, Basic Attack / Damage).

- "If total damage from both stun and wounds equals your life points then an average
  Vitality + Willpower check must be made or fall unconscious. Each turn after the check must
  be made at +4 difficulty." The first check is made when the damage gets there; one more
  at the end of each later round, each 4 harder than the last (rules-notes).
- "When you wounds equal half your total life points the you start bleeding and you start
  suffering a -2 step penalty on all attributes." Bleeding is a wound a minute; the penalty
  steps the attributes of actions, not the health checks' Vitality + Willpower (rules-notes).
- "When your wound damage equals or exceeds your life points you must make an endurance check
  every minute or else be dead." Endurance is Vitality + Willpower, average (rules-notes).
- "If your total wounds equals twice your life points then you are fit for the worms."

Damage only ever adds to stun and wounds: nothing on the sheet heals within a fight.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from engine.dice import Dice
from engine.rolls import Roll
from engine.stepdice.character import (
    Character,
    Condition,
    attribute_steps,
    bleeding,
    dying,
    fit_for_the_worms,
)
from engine.stepdice.round import ROUNDS_PER_MINUTE
from engine.stepdice.steps import AVERAGE, HARD, Part, check, check_chance

KO_STEP = 4  # "Each turn after the check must be made at +4 difficulty"
STUNNED_ROUNDS = 2  # a failed vital area test: no actions for the rest of this round and the next


@dataclass(frozen=True)
class HealthOutcome:
    condition: Condition
    rolls: tuple[Roll, ...] = ()
    events: tuple[str, ...] = ()


def vitality_willpower(character: Character, cond: Condition) -> tuple[Part, Part]:
    """Vitality + Willpower as the health checks roll them (unconsciousness, Endurance):
    the dice as they are, not stepped at half life. The half-life penalty steps the
    attributes a fighter acts with; were it to step these, an average d6 + d6 figure would
    roll d2 + d2 (at most 4) against average 7 once it bleeds, which it almost always does
    by the time its damage reaches its life points, and every unconsciousness and death check
    would be a certain failure, the sheet's "each turn after ... +4" and "every minute or
    else be dead" empty (rules-notes, issue 28). `cond` is kept for the callers' sake."""
    del cond
    return (Part("Vitality", character.attribute("vitality"), 0),
            Part("Willpower", character.attribute("willpower"), 0))


def ko_difficulty(checks_made: int) -> int:
    """The unconsciousness check's difficulty: average, +4 for each one made before."""
    return AVERAGE + KO_STEP * checks_made


def unconscious_check(dice: Dice, character: Character, cond: Condition) -> tuple[Roll, Condition]:
    """One unconsciousness check; a failure knocks the character out."""
    target = ko_difficulty(cond.ko_checks)
    name = "average" if cond.ko_checks == 0 else f"average +{KO_STEP * cond.ko_checks}"
    roll = check(dice, f"{character.name}: unconsciousness check", vitality_willpower(character, cond), target, name)
    cond = replace(cond, ko_checks=cond.ko_checks + 1, checked_this_round=True)
    if not roll.success:
        cond = replace(cond, status="unconscious")
    return roll, cond


def ko_chance(character: Character, cond: Condition) -> Fraction:
    """The exact chance the next unconsciousness check fails."""
    return 1 - check_chance(vitality_willpower(character, cond), ko_difficulty(cond.ko_checks))


def endurance_check(dice: Dice, character: Character, cond: Condition, why: str) -> Roll:
    """An Endurance test (Vitality + Willpower, average; rules-notes)."""
    return check(dice, f"{character.name}: endurance check ({why})", vitality_willpower(character, cond),
                 AVERAGE, "average")


def _thresholds(character: Character, before: Condition, after: Condition) -> tuple[Condition, list[str]]:
    """Status changes from wounds crossing half life, life points and twice life points."""
    events: list[str] = []
    if fit_for_the_worms(character, after):
        if after.status != "dead":
            events.append(f"{character.name} is fit for the worms")
        return replace(after, status="dead"), events
    if bleeding(character, after) and not bleeding(character, before):
        events.append(f"{character.name} starts bleeding (-2 steps on all attributes)")
    if dying(character, after) and not dying(character, before):
        events.append(f"{character.name} is dying: an endurance check each minute")
    return after, events


def take_damage(dice: Dice, character: Character, cond: Condition, stun: int, wounds: int) -> HealthOutcome:
    """Add a hit's stun and wounds and make the checks they call for."""
    if stun < 0 or wounds < 0:
        raise ValueError(f"damage cannot be negative: {stun} stun, {wounds} wounds")
    if cond.status == "dead" or (stun == 0 and wounds == 0):
        return HealthOutcome(cond)
    after = replace(cond, stun=cond.stun + stun, wounds=cond.wounds + wounds)
    after, events = _thresholds(character, cond, after)
    rolls: list[Roll] = []
    if after.status == "ok" and after.damage >= character.life_points and after.ko_checks == 0:
        roll, after = unconscious_check(dice, character, after)
        rolls.append(roll)
        if after.status == "unconscious":
            events.append(f"{character.name} falls unconscious")
    return HealthOutcome(after, tuple(rolls), tuple(events))


def hit_effect(dice: Dice, character: Character, cond: Condition, effect: str, other: str = "") -> HealthOutcome:
    """A special attack's consequence for its target: the Endurance test of a limb, vital
    area or minuscule target attack, the hard Agility + Willpower check against a disarm, a
    grapple's hold."""
    if cond.status == "dead":
        return HealthOutcome(cond)
    name = character.name
    if effect == "held":
        return HealthOutcome(replace(cond, held_by=other), (), (f"{name} is held by {other} (prone)",))
    if effect == "disarmed":
        steps = attribute_steps(character, cond)
        roll = check(dice, f"{name}: keeps the weapon", (Part("Agility", character.attribute("agility"), steps),
                     Part("Willpower", character.attribute("willpower"), steps)), HARD, "hard")
        if roll.success:
            return HealthOutcome(cond, (roll,))
        return HealthOutcome(replace(cond, disarmed=True), (roll,), (f"{name} drops the weapon",))
    if effect not in ("lamed", "stunned", "special_injury"):
        raise ValueError(f"unknown effect {effect!r}")
    if cond.out_of_fight:
        return HealthOutcome(cond)
    roll = endurance_check(dice, character, cond, effect.replace("_", " "))
    if roll.success:
        return HealthOutcome(cond, (roll,))
    events = []
    if effect in ("lamed", "special_injury"):
        cond = replace(cond, lamed=True)
        events.append(f"{name}'s limb is out of use (half move, -1 step on attacks)")
    if effect in ("stunned", "special_injury"):
        cond = replace(cond, stunned=STUNNED_ROUNDS)
        events.append(f"{name} is stunned: no actions until the end of next round")
    return HealthOutcome(cond, (roll,), tuple(events))


def end_of_round(dice: Dice, character: Character, cond: Condition) -> HealthOutcome:
    """The round's end for one character: lost actions count down; an unconsciousness check
    if its damage is at its life points and none was made this round; bleeding and the death
    check on each full minute since they began."""
    if cond.status == "dead":
        return HealthOutcome(cond)
    rolls: list[Roll] = []
    events: list[str] = []
    cond = replace(cond, stunned=max(0, cond.stunned - 1))
    if cond.status == "ok" and cond.damage >= character.life_points and not cond.checked_this_round:
        roll, cond = unconscious_check(dice, character, cond)
        rolls.append(roll)
        if cond.status == "unconscious":
            events.append(f"{character.name} falls unconscious")
    cond = replace(cond, checked_this_round=False)
    if bleeding(character, cond):
        cond = replace(cond, bleeding_rounds=cond.bleeding_rounds + 1)
        if cond.bleeding_rounds % ROUNDS_PER_MINUTE == 0:
            before = cond
            cond, more = _thresholds(character, before, replace(cond, wounds=cond.wounds + 1))
            events.append(f"{character.name} bleeds: +1 wound")
            events.extend(more)
    if cond.status != "dead" and dying(character, cond):
        cond = replace(cond, dying_rounds=cond.dying_rounds + 1)
        if cond.dying_rounds % ROUNDS_PER_MINUTE == 0:
            roll = endurance_check(dice, character, cond, "death")
            rolls.append(roll)
            if not roll.success:
                cond = replace(cond, status="dead")
                events.append(f"{character.name} dies")
    return HealthOutcome(cond, tuple(rolls), tuple(events))
