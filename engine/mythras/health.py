"""A fighter's condition (0004, Damage and Wound Levels; Fatigue; Blood Loss): hit points
per location, wounds and their Endurance rolls, incapacitation, unconsciousness and death.

Hit points only go down from damage; First Aid (0003) is the only thing here that raises
them (1d3, once per injury, minor wounds only: rules-notes)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.dice import Dice
from engine.mythras.character import Character
from engine.mythras.checks import D100Roll, resist, roll_skill
from engine.mythras.dicexpr import roll_expr
from engine.mythras.tables import (
    ARMS,
    FATIGUE_EFFECTS,
    LEGS,
    LIMBS,
    LOCATIONS,
    fatigue_can_act,
    fatigue_name,
    hardest,
    wound_level,
)
from engine.rolls import Roll

VITALS = frozenset({"abdomen", "chest", "head"})


@dataclass(frozen=True)
class MythrasState:
    """Everything that changes about a fighter during a match. `hp` and `armour` follow
    LOCATIONS; counters in Turns tick at the fighter's own Turns (`start_turn`)."""

    hp: tuple[int, ...]
    armour: tuple[int, ...]
    fatigue: int = 0
    prone: bool = False
    dead: bool = False
    unconscious: bool = False
    incapacitated: bool = False  # cannot fight on (a Major Wound, Drop Foe)
    recoverable: bool = False  # the incapacitation lifts with First Aid (Drop Foe)
    useless: frozenset[str] = frozenset()  # limbs out of use until back to positive hit points
    no_attack_turns: int = 0  # Serious Wound: "cannot attack ... for the next 1d3 Turns"
    stunned: tuple[tuple[str, int], ...] = ()  # Stun Location: (location, Turns left)
    bleeding: bool = False
    dying_rounds: int | None = None  # a Major Wound to the torso or head left untreated
    treated: frozenset[str] = frozenset()  # injuries First Aid has been applied to
    pinned: bool = False  # Pin Down: cannot return fire on the next Turn
    blinded_turns: int = 0
    blind_grade: str = "hard"
    weapon_state: str = "ready"  # ready, dropped, broken, malfunction
    weapon_damage: int = 0  # hit points the weapon has lost (Damage Weapon)
    rapid_reload: int = 0  # Turns the next reload is shortened by (Rapid Reload, stacked)
    fire_mode: str | None = None  # the firearm's selector (Switch Fire Mode); None: its first mode
    gripped_by: str | None = None
    entangled: str | None = None  # the location an entangling weapon holds
    impaled: tuple[tuple[str, str], ...] = ()  # (location, grade it imposes): a weapon left in the wound
    warded: frozenset[str] = frozenset()  # locations a weapon or shield blocks passively
    braced: bool = False
    steady: bool = False
    receiving: bool = False  # a weapon set to receive a charge (0005 Charging), until it moves or attacks
    outmanoeuvred: frozenset[str] = frozenset()  # foes who cannot attack it this round (0005 Outmaneuvering)
    withdrawing: bool = False  # it beat them all: it may move away from the fight this round
    aiming: str | None = None  # the target a whole round of aiming was spent on
    surprised: bool = False
    ap: int = 2  # Action Points left this round (engine.mythras.round spends them)
    delayed: int = 0  # of those, kept by Delay for an Interrupt until the next Turn
    holding: bool = False  # takes no more Turns this round, keeps its points for reactions
    turns_taken: int = 0  # Turns taken this round (a surprised fighter defends after its first)
    events: tuple[str, ...] = field(default=(), compare=False)

    def hp_at(self, location: str) -> int:
        return self.hp[LOCATIONS.index(location)]

    def armour_at(self, location: str) -> int:
        return self.armour[LOCATIONS.index(location)]

    @property
    def out_of_fight(self) -> bool:
        return self.dead or self.unconscious or self.incapacitated or not fatigue_can_act(self.fatigue)

    @property
    def status(self) -> str:
        if self.dead or fatigue_name(self.fatigue) == "dead":
            return "dead"
        if self.unconscious or not fatigue_can_act(self.fatigue):
            return "unconscious"
        if self.incapacitated:
            return "incapacitated"
        return "ok"

    def fatigue_grade(self) -> str | None:
        eff = FATIGUE_EFFECTS.get(fatigue_name(self.fatigue))
        return eff[0] if eff else "hopeless"

    def skill_grade(self, location_used: str | None = None) -> str:
        """The grade every roll suffers from fatigue, blinding and a weapon left in a wound
        (the hardest: 0003 Modifying Skills)."""
        grades = [g for g in (self.fatigue_grade(),) if g]
        if self.blinded_turns > 0:
            grades.append(self.blind_grade)
        for _, grade in self.impaled:
            grades.append(grade)
        if self.entangled in VITALS:
            grades.append("hard")  # 0005 Entangle: "an enmeshed head, chest, or abdomen"
        return hardest(*grades)

    @property
    def can_attack(self) -> bool:
        """Not out, not reeling from a Serious Wound, not stunned in the torso or head."""
        if self.out_of_fight or self.no_attack_turns > 0 or self.surprised:
            return False  # surprised: "may not perform any offensive Action" this round
        stunned = {loc for loc, n in self.stunned if n > 0}
        return not (stunned & VITALS)

    @property
    def can_defend(self) -> bool:
        """Parry and Evade remain after a Serious Wound; a stunned head cannot act at all,
        and the surprised are flat-footed until their Initiative (0005 Surprise)."""
        if self.out_of_fight or (self.surprised and self.turns_taken == 0):
            return False
        return "head" not in {loc for loc, n in self.stunned if n > 0}

    def usable(self, location: str) -> bool:
        stunned = {loc for loc, n in self.stunned if n > 0}
        return location not in self.useless and location not in stunned and self.entangled != location


def fresh_state(character: Character) -> MythrasState:
    return MythrasState(hp=tuple(character.hit_points[loc] for loc in LOCATIONS),
                        armour=tuple(character.armour_points[loc] for loc in LOCATIONS),
                        ap=character.action_points)


def _set(values: tuple[int, ...], location: str, value: int) -> tuple[int, ...]:
    i = LOCATIONS.index(location)
    return values[:i] + (value,) + values[i + 1:]


@dataclass(frozen=True)
class HealthOutcome:
    state: MythrasState
    rolls: tuple[Roll, ...] = ()
    events: tuple[str, ...] = ()
    wound: str | None = None


def _endurance(dice: Dice, label: str, endurance: int, against: D100Roll | None,
               grade: str) -> tuple[bool, D100Roll]:
    """An Endurance roll against a wound: opposed to the attack roll when there is one (0004
    Serious Wound), else a plain roll. (resisted, roll)."""
    if against is not None:
        return resist(dice, label, "Endurance", endurance, against, grade)
    roll = roll_skill(dice, label, "Endurance", endurance, grade)
    return roll.succeeded, roll


def take_damage(dice: Dice, character: Character, state: MythrasState, location: str, damage: int,
                against: D100Roll | None, *, label: str = "") -> HealthOutcome:
    """Damage past armour to one location, and the wound it makes (0004): a Serious Wound
    stuns for 1d3 Turns and asks an Endurance roll against the attack roll (a limb goes
    useless, a vital location knocks out); a Major Wound incapacitates and asks one too (a
    limb: unconscious; a vital location: death, else dying within 2 x Healing Rate rounds)."""
    if damage <= 0 or state.dead:
        return HealthOutcome(state)
    name = character.name
    start = character.hit_points[location]
    before = state.hp_at(location)
    after = before - damage
    state = replace(state, hp=_set(state.hp, location, after), treated=state.treated - {location})
    level = wound_level(start, after)
    where = location.replace("_", " ")
    events = [f"{name}: {damage} damage to the {where} ({after} HP left): {level} wound"]
    rolls: list[Roll] = []
    if level == "minor":
        return HealthOutcome(state, (), tuple(events), level)
    endurance = character.skill("endurance")
    grade = state.skill_grade()
    if level == "serious":
        turns = roll_expr(dice, "1d3", f"{name}: reeling from the wound (Turns)")
        rolls.append(turns)
        state = replace(state, no_attack_turns=max(state.no_attack_turns, turns.total))
        events.append(f"{name} cannot attack for {turns.total} Turns")
        ok, roll = _endurance(dice, f"{name}: Endurance against the wound", endurance, against, grade)
        rolls.append(roll)
        if not ok:
            if location in LIMBS:
                state = replace(state, useless=state.useless | {location})
                if location in LEGS:
                    state = replace(state, prone=True)
                    events.append(f"{name}'s {where} is useless: falls prone")
                elif location in ARMS:
                    # the weapon is in the right hand, a shield or the other hand of a
                    # two-handed weapon in the left (rules-notes)
                    if (location == "right_arm" or character.weapon.two_handed) and state.weapon_state == "ready":
                        state = replace(state, weapon_state="dropped")
                    events.append(f"{name}'s {where} is useless: drops what it held")
            else:
                state = replace(state, unconscious=True, prone=True)
                events.append(f"{name} is knocked unconscious for {damage} minutes")
        return HealthOutcome(state, tuple(rolls), tuple(events), level)
    # major
    state = replace(state, incapacitated=True, recoverable=False, prone=True,
                    useless=state.useless | ({location} if location in LIMBS else frozenset()))
    events.append(f"{name} is incapacitated by a major wound")
    ok, roll = _endurance(dice, f"{name}: Endurance against the major wound", endurance, against, grade)
    rolls.append(roll)
    if location in LIMBS:
        if not ok:
            state = replace(state, unconscious=True)
            events.append(f"{name} passes out from the agony")
    else:
        state = replace(state, unconscious=True)
        if not ok:
            state = replace(state, dead=True, dying_rounds=None)
            events.append(f"{name} is killed outright")
        else:
            rounds = 2 * character.healing_rate
            if state.dying_rounds is None or rounds < state.dying_rounds:
                state = replace(state, dying_rounds=rounds)
            events.append(f"{name} falls unconscious: dies in {state.dying_rounds} rounds without treatment")
    return HealthOutcome(state, tuple(rolls), tuple(events), level)


def add_fatigue(state: MythrasState, levels: int = 1) -> MythrasState:
    fatigue = state.fatigue + levels
    dead = state.dead or fatigue_name(fatigue) == "dead"
    return replace(state, fatigue=fatigue, dead=dead)


def start_turn(state: MythrasState) -> MythrasState:
    """The fighter's Turn begins: Turn counters (reeling, stunned locations, blinding) run
    down; a Pin Down lasts for this one Turn (`pinned` is cleared by `end_turn`)."""
    stunned = tuple((loc, n - 1) for loc, n in state.stunned if n - 1 > 0)
    return replace(state, no_attack_turns=max(0, state.no_attack_turns - 1), stunned=stunned,
                   blinded_turns=max(0, state.blinded_turns - 1))


def end_turn(state: MythrasState) -> MythrasState:
    return replace(state, pinned=False) if state.pinned else state


def end_of_round(character: Character, state: MythrasState) -> HealthOutcome:
    """Bleeding costs a level of Fatigue "at the start of each Combat Round" (0005 Bleed,
    taken here between rounds); a Major Wound to the torso or head kills when its 2 x
    Healing Rate rounds run out untreated (0004 Major Wound)."""
    if state.dead:
        return HealthOutcome(state)
    events: list[str] = []
    if state.bleeding:
        state = add_fatigue(state)
        events.append(f"{character.name} bleeds: now {fatigue_name(state.fatigue).replace('_', ' ')}")
    if state.dying_rounds is not None:
        left = state.dying_rounds - 1
        if left <= 0:
            state = replace(state, dead=True, dying_rounds=None)
            events.append(f"{character.name} dies from blood loss and shock")
        else:
            state = replace(state, dying_rounds=left)
    return HealthOutcome(state, (), tuple(events))


FIRST_AID_ROUNDS = 1  # rules-notes: the SRD gives no time; one Combat Round


def first_aid(dice: Dice, healer: Character, healer_state: MythrasState, patient: Character,
              patient_state: MythrasState, location: str | None = None) -> HealthOutcome:
    """First Aid (0003): once per injury; on a success it heals 1d3 on a minor wound, or
    stabilises a serious or major one (stops bleeding and dying, wakes the unconscious of a
    Serious Wound, lifts a Drop Foe incapacitation) (rules-notes). `location`: the injury
    treated (default: the worst untreated)."""
    if healer_state.out_of_fight:
        raise ValueError(f"{healer.name} is {healer_state.status} and cannot tend anyone")
    if patient_state.dead:
        raise ValueError(f"{patient.name} is dead")
    loc = location or _worst_untreated(patient, patient_state)
    needs_stabilising = patient_state.bleeding or patient_state.dying_rounds is not None or (
        patient_state.unconscious and not patient_state.incapacitated) or patient_state.recoverable
    if loc is None and not needs_stabilising:
        raise ValueError(f"{patient.name} has no untreated injury")
    grade = healer_state.skill_grade()
    roll = roll_skill(dice, f"{healer.name}: First Aid on {patient.name}", "First Aid",
                      healer.skill("first_aid"), grade)
    rolls: list[Roll] = [roll]
    events: list[str] = []
    state = patient_state
    if not roll.succeeded:
        events.append(f"{healer.name}'s First Aid on {patient.name} fails")
        return HealthOutcome(state, tuple(rolls), tuple(events))
    if loc is not None:
        state = replace(state, treated=state.treated | {loc})
        hp, start = state.hp_at(loc), patient.hit_points[loc]
        if hp > 0 and hp < start:
            heal = roll_expr(dice, "1d3", f"{patient.name}: First Aid heals")
            rolls.append(heal)
            state = replace(state, hp=_set(state.hp, loc, min(start, hp + heal.total)))
            events.append(f"{patient.name}'s {loc.replace('_', ' ')} heals {min(heal.total, start - hp)}")
    if state.bleeding or state.dying_rounds is not None:
        state = replace(state, bleeding=False, dying_rounds=None)
        events.append(f"{patient.name} is stabilised")
    if state.unconscious and not state.incapacitated:
        state = replace(state, unconscious=False)
        events.append(f"{patient.name} comes round")
    if state.recoverable:
        state = replace(state, incapacitated=False, recoverable=False)
        events.append(f"{patient.name} shakes off the shock")
    return HealthOutcome(state, tuple(rolls), tuple(events))


def _worst_untreated(patient: Character, state: MythrasState) -> str | None:
    hurt = [(state.hp_at(loc) - patient.hit_points[loc], loc) for loc in LOCATIONS
            if state.hp_at(loc) < patient.hit_points[loc] and loc not in state.treated]
    return min(hurt)[1] if hurt else None


def describe(character: Character, state: MythrasState) -> str:
    """One line: the hit points of hurt locations, fatigue, conditions."""
    parts = []
    for loc in LOCATIONS:
        hp, start = state.hp_at(loc), character.hit_points[loc]
        if hp < start:
            parts.append(f"{loc.replace('_', ' ')} {hp}/{start} ({wound_level(start, hp)})")
    if state.fatigue:
        parts.append(fatigue_name(state.fatigue).replace("_", " "))
    for flag, text in ((state.prone, "prone"), (state.bleeding, "bleeding"), (state.pinned, "pinned"),
                       (state.no_attack_turns > 0, f"reeling {state.no_attack_turns}"),
                       (state.weapon_state != "ready", f"weapon {state.weapon_state}")):
        if flag:
            parts.append(text)
    if state.status != "ok":
        parts.append(state.status.upper())
    return ", ".join(parts) if parts else "unhurt"
