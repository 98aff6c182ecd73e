"""A fighter's changing state and the health checks (yags-combat.md, Inflicting Damage;
Stun Damage; Mixed Damage; Fatigue; Shock and Pain; Fatal Wounds; End of Round; Healing and
First aid: First aid)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags.character import Character
from engine.yags.checks import ability_term, roll_check
from engine.yags.tables import (
    TRACK_LENGTH,
    apply_damage,
    fatal_check_target,
    first_aid_difficulty,
    injury_penalty,
)

OK, UNCONSCIOUS, DEAD = "ok", "unconscious", "dead"
ROUNDS_PER_MINUTE = 12  # a round is about five seconds
FIRST_AID_ROUNDS = ROUNDS_PER_MINUTE  # "Tending a wound takes one minute"
FIRST_AID_SKILL = "First aid"


@dataclass(frozen=True)
class Condition:
    stuns: int = 0
    wounds: int = 0
    fatigue: int = 0
    status: str = OK
    fighting_on: bool = False  # fatally wounded but made a good health check
    shock: int = 0  # initiative lost to shock, applied from next round
    rounds_unconscious: int = 0
    stabilised: bool = False  # first aid stopped fatal wounds bleeding (until the next wound)

    @property
    def out_of_fight(self) -> bool:
        return self.status != OK

    @property
    def wound_penalty(self) -> int:
        return injury_penalty(self.wounds)

    @property
    def stun_penalty(self) -> int:
        return injury_penalty(self.stuns)

    def fatigue_penalty(self, track: int) -> int:
        """Fatigue is measured like wounds: the wound table's penalties, Exhausted at the end
        of the track (rules-notes)."""
        if self.fatigue >= track:
            return -40
        return injury_penalty(min(self.fatigue, TRACK_LENGTH - 1))

    def penalty(self, track: int = 6) -> int:
        """Total action penalty: wounds + stuns + fatigue (their penalties add)."""
        return self.wound_penalty + self.stun_penalty + self.fatigue_penalty(track)


@dataclass(frozen=True)
class HealthOutcome:
    condition: Condition
    rolls: tuple[Roll, ...] = ()
    events: tuple[str, ...] = ()


def health_check(dice: Dice, character: Character, target: int, label: str, bonus: int = 0,
                 halve: bool = False) -> Roll:
    """A pure Health check (health x 4 + d20). Injury penalties do not apply to checks to
    stay alive or conscious (rules-notes); vitals armour adds right after a hit. `halve`: the
    character is at initiative 0 (Shock and Pain: "all rolls are halved")."""
    terms = [ability_term("health", character.attributes["health"], None, None)]
    if bonus:
        terms.append(Term("vitals", bonus))
    return roll_check(dice, label, terms, target, halve=halve)


def take_damage(dice: Dice, character: Character, cond: Condition, levels: int, kind: str | None,
                *, wound_multiplier: int = 1, stun_divisor: int = 1, vitals: int = 0,
                halve: bool = False) -> HealthOutcome:
    """Apply a hit and make the checks it calls for at once: reaching fatal wounds (health at
    20 + 5 per wound past 6: fail dead, success unconscious, good fights on) or beaten stuns
    (fail unconscious). `halve`: the checks are halved (the character is at initiative 0)."""
    if cond.status == DEAD or kind is None or levels <= 0:
        return HealthOutcome(cond)
    stuns, wounds = cond.stuns, cond.wounds
    if kind == "stuns" and stun_divisor > 1:
        levels //= stun_divisor
        if levels == 0:
            return HealthOutcome(cond, events=("the blast's stuns are spent",))
    if wound_multiplier != 1 and kind in ("wounds", "mixed"):
        # Triple auto doubles the wounds caused; of mixed damage only the wound half.
        stun_part = (levels + 1) // 2 if kind == "mixed" else 0
        wound_part = (levels - stun_part) * wound_multiplier
        stuns, wounds = _exact_split(cond, stun_part, wound_part)
    else:
        stuns, wounds = apply_damage(stuns, wounds, levels, kind)
    new = replace(cond, stuns=stuns, wounds=wounds)
    if wounds > cond.wounds:
        new = replace(new, stabilised=False)  # a fresh wound bleeds again
    rolls: list[Roll] = []
    events: list[str] = []
    if wounds >= TRACK_LENGTH and cond.wounds < wounds:
        # "As soon as you receive damage that takes you to fatally wounded or beyond": the
        # unconscious check too (failure is death; success leaves them unconscious).
        target = fatal_check_target(wounds)
        assert target is not None
        roll = health_check(dice, character, target, "fatal wound health check", vitals, halve)
        rolls.append(roll)
        if new.status == OK:
            new, event = _fatal_result(new, roll)
        elif roll.success:
            event = "stays unconscious"
        else:
            new, event = replace(new, status=DEAD, fighting_on=False), "dies"
        events.append(event)
    if new.status == OK and stuns >= TRACK_LENGTH and cond.stuns < TRACK_LENGTH:
        new = _beaten_check(dice, character, new, vitals, rolls, events, halve)
    return HealthOutcome(new, tuple(rolls), tuple(events))


def _beaten_check(dice: Dice, character: Character, cond: Condition, vitals: int,
                  rolls: list[Roll], events: list[str], halve: bool = False) -> Condition:
    """Stun Damage: a beaten fighter checks health at 20; failure is unconscious."""
    roll = health_check(dice, character, 20, "beaten health check", vitals, halve)
    rolls.append(roll)
    if roll.success:
        events.append(f"{character.name} is beaten but stays standing")
        return cond
    events.append(f"{character.name} is beaten unconscious")
    return replace(cond, status=UNCONSCIOUS)


def _exact_split(cond: Condition, stun_part: int, wound_part: int) -> tuple[int, int]:
    stuns = cond.stuns + stun_part
    wounds = cond.wounds + wound_part
    if stuns > TRACK_LENGTH:
        wounds += stuns - TRACK_LENGTH
        stuns = TRACK_LENGTH
    return stuns, wounds


def _fatal_result(cond: Condition, roll: Roll) -> tuple[Condition, str]:
    if not roll.success:
        return replace(cond, status=DEAD, fighting_on=False), "dies"
    if roll.level is not None and roll.level >= 2:
        return replace(cond, fighting_on=True), "fights on, fatally wounded"
    return replace(cond, status=UNCONSCIOUS, fighting_on=False), "falls unconscious"


def end_of_round(dice: Dice, character: Character, cond: Condition, halve: bool = False) -> HealthOutcome:
    """End-of-round bookkeeping: a fatally wounded fighter still on their feet checks health
    at 20 every round (fail or fumble dies; success falls unconscious; good fights on); one
    unconscious checks every minute; a beaten one checks to stay conscious. Fatal wounds
    stabilised by first aid need no checks (Fatal Wounds: "until you receive medical
    attention"). `halve`: the fighter was at initiative 0 this round (its checks halved)."""
    if cond.status == DEAD:
        return HealthOutcome(cond)
    rolls: list[Roll] = []
    events: list[str] = []
    new = cond
    bleeding = cond.wounds >= TRACK_LENGTH and not cond.stabilised
    if cond.status == UNCONSCIOUS:
        new = replace(new, rounds_unconscious=cond.rounds_unconscious + 1)
        if bleeding and new.rounds_unconscious % ROUNDS_PER_MINUTE == 0:
            roll = health_check(dice, character, 20, "fatal wound health check (minute)")
            rolls.append(roll)
            if not roll.success:
                new = replace(new, status=DEAD)
                events.append(f"{character.name} dies of their wounds")
        return HealthOutcome(new, tuple(rolls), tuple(events))
    if bleeding:
        roll = health_check(dice, character, 20, "fatal wound health check", halve=halve)
        rolls.append(roll)
        new, event = _fatal_result(new, roll)
        events.append(f"{character.name} {event}")
    if new.status == OK and new.stuns >= TRACK_LENGTH:
        new = _beaten_check(dice, character, new, 0, rolls, events, halve)
    return HealthOutcome(new, tuple(rolls), tuple(events))


def exhausted(character: Character, cond: Condition) -> bool:
    """Fatigue: at the end of the track (health + 3 levels; rules-notes) the character is
    Exhausted, and "If a character becomes Exhausted then they must immediately rest"."""
    return cond.fatigue >= character.fatigue_track


def add_fatigue(cond: Condition, levels: int = 1) -> Condition:
    return replace(cond, fatigue=cond.fatigue + levels)


def add_shock(cond: Condition, points: int) -> Condition:
    """Shock lowers initiative (never below 0) from next round on."""
    return replace(cond, shock=cond.shock + max(points, 0))


# --- first aid in combat (yags-combat.md, Healing and First aid: First aid) ---------------


def first_aid(dice: Dice, healer: Character, healer_cond: Condition, patient_cond: Condition,
              *, stuns: bool = False, self_aid: bool = False, halve: bool = False) -> HealthOutcome:
    """Tend a patient for one minute (FIRST_AID_ROUNDS): Intelligence x First aid + d20, the
    healer's own wound, stun and fatigue penalties apply ("you suffer your full penalties");
    the target is `first_aid_difficulty` of the patient's stuns and wounds, base 10 for
    wounds, 0 for stuns (moderate wounds and light stuns: 10 + (10 + 5) / 2 = 18).

    Wounds: success stabilises them (fatal wounds stop calling for health checks); a good
    success also heals one wound. Stuns: success heals one stun and each level of success
    beyond it one more. `self_aid`: the healer is the patient (same penalties, noted);
    `halve`: the healer is at initiative 0 (the check halved)."""
    intelligence = healer.attributes["intelligence"]
    skill = healer.skill(FIRST_AID_SKILL)
    terms = [ability_term("intelligence", intelligence, FIRST_AID_SKILL, skill)]
    for name, value in (("wounds", healer_cond.wound_penalty), ("stuns", healer_cond.stun_penalty),
                        ("fatigue", healer_cond.fatigue_penalty(healer.fatigue_track))):
        if value:
            terms.append(Term(name, value))
    base = 0 if stuns else 10
    target = first_aid_difficulty(patient_cond.stuns, patient_cond.wounds, base)
    label = f"first aid ({'stuns' if stuns else 'wounds'}{', self' if self_aid else ''})"
    roll = roll_check(dice, label, terms, target, unskilled=(skill == 0), halve=halve)
    if patient_cond.status == DEAD or not roll.success:
        return HealthOutcome(patient_cond, (roll,), ("first aid fails",))
    level = roll.level or 0
    if stuns:
        healed = min(level, patient_cond.stuns)
        new = replace(patient_cond, stuns=patient_cond.stuns - healed)
        return HealthOutcome(new, (roll,), (f"first aid heals {healed} stun{'s' if healed != 1 else ''}",))
    new = replace(patient_cond, stabilised=True)
    events = ["first aid stabilises the wounds"]
    if level >= 2 and new.wounds > 0:
        new = replace(new, wounds=new.wounds - 1)
        events.append("a good success heals one wound")
    if new.wounds < TRACK_LENGTH:
        new = replace(new, fighting_on=False)
    return HealthOutcome(new, (roll,), tuple(events))
