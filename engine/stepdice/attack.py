"""An attack against a defence, in stages a driver can stop between (step-dice-combat.md).

1. `plan_attack`: the attacker's dice with every step (actions, range, special attack, burst,
   half life), the target's cover, the damage die; or `Impossible` with the reason (a die
   stepped below d2 loses the action, out of range, ...).
2. `defence_options`: what the defender may answer with (innate defence, dodge, block), each
   with the exact chance the attack hits and whether it carries into next round. The
   defender's controller chooses before anything is rolled.
3. `resolve_attack`: roll the attack (three rolls for a burst) and the chosen defence; each
   roll at or above the defence plus cover hits: basic damage (attack - defence, half stun and
   half wounds) plus the weapon's damage die, armour stopping wounds.
4. engine.stepdice.health applies the damage and the special attack's test to the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.dice import Dice
from engine.outcome import Impossible, metres
from engine.rolls import Roll, Term
from engine.stepdice.character import Character, Condition, attribute_steps
from engine.stepdice.equipment import Weapon
from engine.stepdice.round import Turn
from engine.stepdice.steps import EASY, Part, Pool, step_die
from engine.stepdice.tables import (
    BURST_ROLLS,
    BURST_STEPS,
    armour_stops,
    basic_damage,
    cover_difficulty,
    hit_damage,
    point_blank_cover,
    prone_cover,
    range_band,
    range_steps,
    special,
    split_damage,
    thrown_object_steps,
)

PRONE_STEPS = -2  # Grapple: prone "incurs a -2 steep attribute penalty to attacks"
LAMED_STEPS = -1  # a limb out of use (rules-notes)
ATTACK_MODES = ("melee", "single", "burst", "throw")
AIMED_SPECIALS = ("limb", "vital", "miniscule", "disarm")
# An object not meant for throwing carries as far as a throwing knife (rules-notes).
IMPROVISED_BANDS = (5.0, 10.0, 15.0)




@dataclass(frozen=True)
class Fighter:
    """One side of an attack: the character, its condition and its round so far."""

    character: Character
    condition: Condition = field(default_factory=Condition)
    turn: Turn | None = None  # None: no statement this round (no step penalty, may defend)
    prone: bool = False
    aware: bool = True  # aware of the attacker (Sneak Attack; Innate Defense)
    still: bool = False  # has not moved this round (Autofire)

    @property
    def name(self) -> str:
        return self.character.name

    @property
    def round(self) -> Turn:
        return self.turn or Turn()


def skill_pool(label: str, character: Character, cond: Condition, attribute: str, skill: str,
               skill_steps: int = 0, extra_attribute_steps: int = 0, notes: tuple[str, ...] = ()) -> Pool:
    """Attribute + skill, the skill die stepped by `skill_steps` and the attribute by half
    life and `extra_attribute_steps`. Unskilled: the attribute die alone takes every step."""
    a_steps = attribute_steps(character, cond) + extra_attribute_steps
    sdie = character.skill(skill)
    attr_name = attribute.title()
    if sdie is None:
        part = Part(f"{attr_name} (unskilled {skill})", character.attribute(attribute), a_steps + skill_steps)
        return Pool(label, (part,), notes=notes)
    return Pool(label, (Part(attr_name, character.attribute(attribute), a_steps),
                        Part(skill.title(), sdie, skill_steps)), notes=notes)


@dataclass(frozen=True)
class AttackPlan:
    attacker: Fighter
    target: Fighter
    mode: str
    weapon: Weapon
    pool: Pool
    rolls: int
    cover: str | None
    band: str | None
    special: str | None
    damage_die: int
    damage_type: str
    place: str | None  # body, limbs, head; None: no armour there
    deals_damage: bool = True
    all_stun: bool = False  # unarmed: "only inflicts stun damage"
    fixed_defence: bool = False  # the target has an easy 3 only (unaware, held, feinted: innate)
    innate_only: bool = False

    @property
    def cover_difficulty(self) -> int:
        return cover_difficulty(self.cover)

    @property
    def melee(self) -> bool:
        return self.mode == "melee"

    @property
    def protection(self) -> int:
        """The target's armour over the place this attack hits."""
        return self.target.character.protection(self.place)


def _band(weapon: Weapon, distance_m: float) -> str | None:
    return range_band(distance_m, weapon.short, weapon.medium, weapon.long)


def plan_attack(attacker: Fighter, target: Fighter, *, mode: str, weapon: Weapon, distance_m: float = 1.0,
                cover: str | None = None, special_attack: str | None = None, bang_to_rights: bool = False,
                improvised: str | None = None) -> AttackPlan | Impossible:
    """Plan one attack action. `weapon` is the one used (the fighter's, or its fist when
    disarmed); `cover` the sheet's cover kind of the target; `special_attack` one of limb,
    vital, miniscule, disarm; `improvised` the size of an object not meant for throwing."""
    a, c = attacker, attacker.character
    if a.condition.out_of_fight:
        return Impossible(f"{a.name} is {a.condition.status}")
    if a.condition.stunned:
        return Impossible(f"{a.name} is stunned")
    if mode not in ATTACK_MODES:
        raise ValueError(f"unknown attack mode {mode!r}; expected one of {', '.join(ATTACK_MODES)}")
    if weapon.melee != (mode == "melee") and not (improvised and mode == "throw"):
        return Impossible(f"{weapon.name} cannot make a {mode} attack")
    if mode != "melee" and not improvised and not weapon.has(mode):
        return Impossible(f"{weapon.name} has no {mode} mode")
    if special_attack is not None and special_attack not in AIMED_SPECIALS:
        raise ValueError(f"unknown special attack {special_attack!r}; expected one of {', '.join(AIMED_SPECIALS)}")
    if special_attack and mode == "burst":
        return Impossible("a burst cannot be aimed at one spot (single shots and melee only)")
    notes: list[str] = []
    skill_steps = 0
    if not bang_to_rights:
        skill_steps += a.round.attack_steps
        if a.round.count > 1:
            notes.append(f"{a.round.count} actions {a.round.steps:+d}")
        if a.round.statement.all_out == "attack":
            notes.append("all-out attack +2")
    band = None
    if mode != "melee":
        band = range_band(distance_m, *IMPROVISED_BANDS) if improvised else _band(weapon, distance_m)
        if band is None:
            return Impossible(f"{metres(distance_m)} is beyond {weapon.name}'s long range ({weapon.long:g} m)")
        skill_steps += range_steps(band)
        if range_steps(band):
            notes.append(f"{band.replace('_', ' ')} range {range_steps(band):+d}")
    if bang_to_rights:
        if mode == "melee" or band != "point_blank":
            return Impossible("bang to rights needs a gun held at point blank")
        skill_steps += special("bang_to_rights").ranged_steps
        notes.append("bang to rights +2")
    sp = special(special_attack) if special_attack else None
    if sp is not None:
        s = sp.melee_steps if mode == "melee" else sp.ranged_steps
        skill_steps += s
        notes.append(f"{sp.name} {s:+d}")
    if mode == "burst":
        skill_steps += BURST_STEPS
        notes.append(f"burst {BURST_STEPS:+d}")
    if improvised:
        s = thrown_object_steps(improvised)
        skill_steps += s
        notes.append(f"{improvised} object thrown {s:+d}")
    if a.condition.lamed:
        skill_steps += LAMED_STEPS
        notes.append(f"lamed {LAMED_STEPS:+d}")
    attr_steps = 0
    if a.condition.held_by or (a.prone and mode == "melee"):
        attr_steps += PRONE_STEPS
        notes.append(f"prone {PRONE_STEPS:+d} on Agility")
    if attribute_steps(c, a.condition):
        notes.append("half life -2 on Agility")
    skill = "throwing" if improvised else weapon.skill
    pool = skill_pool(f"{a.name} attacks {target.name}", c, a.condition, "agility", skill, skill_steps,
                      attr_steps, tuple(notes))
    if pool.lost:
        return Impossible(pool.lost_reason())
    kind = None
    if mode != "melee":
        kind = cover
        if band == "point_blank":
            kind = point_blank_cover(kind)
        elif target.prone:
            kind = prone_cover(kind)
    damage_steps = sp.damage_steps if sp else 0
    place = {"limb": "limbs", "vital": "head", "miniscule": None}.get(special_attack or "", "body")
    held = target.condition.held_by is not None
    return AttackPlan(
        attacker=a, target=target, mode=mode, weapon=weapon, pool=pool,
        rolls=BURST_ROLLS if mode == "burst" else 1, cover=kind, band=band, special=special_attack,
        damage_die=step_die(weapon.damage, damage_steps) or weapon.damage,
        damage_type="stun" if weapon.unarmed else weapon.damage_type, place=place,
        deals_damage=sp.deals_damage if sp else True,
        all_stun=weapon.unarmed and "mean_left_hook" not in c.traits,
        fixed_defence=not target.aware or held, innate_only=a.name in target.round.feinted_by,
    )


# --- defences ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DefenceOption:
    """One answer to an attack: its dice (or a flat 3), whether it spends a stated defence or
    carries into next round."""

    kind: str  # innate, dodge, block
    pool: Pool
    stated: bool = False
    carries: bool = False
    unarmed_block: bool = False  # a successful unarmed block still takes the weapon damage


def innate_pool(fighter: Fighter) -> Pool:
    """Innate Defense: "3 if you are unaware, or an unskilled agility roll if you are aware of
    the attacker"; an Agility stepped below d2 counts as unaware (rules-notes)."""
    c = fighter.character
    if not fighter.aware:
        return Pool(f"{fighter.name}: innate defence (unaware)", (), EASY)
    part = Part("Agility", c.attribute("agility"), attribute_steps(c, fighter.condition))
    if part.sides is None:
        return Pool(f"{fighter.name}: innate defence (no Agility die)", (), EASY)
    return Pool(f"{fighter.name}: innate defence", (part,))


def defence_options(plan: AttackPlan) -> list[DefenceOption]:
    """What the target may answer the attack with; the first is always its innate defence."""
    t = plan.target
    if plan.fixed_defence:
        why = "held" if t.condition.held_by else "unaware"
        return [DefenceOption("innate", Pool(f"{t.name}: easy target ({why})", (), EASY))]
    options = [DefenceOption("innate", innate_pool(t))]
    if plan.innate_only or t.condition.out_of_fight or t.condition.stunned or t.round.may_defend():
        return options
    stated = t.round.defences_open()[0]
    steps = t.round.defence_steps
    notes: tuple[str, ...] = (f"{t.round.count} actions {t.round.steps:+d}",) if t.round.count > 1 else ()
    if t.round.statement.all_out == "defence":
        notes += ("all-out defence +2",)
    dodge = skill_pool(f"{t.name}: dodge", t.character, t.condition, "agility", "athletics", steps, notes=notes)
    if not dodge.lost:
        options.append(DefenceOption("dodge", dodge, stated, not stated))
    if plan.melee:
        w = t.character.weapon if not t.condition.disarmed else None
        unarmed = w is None or not w.melee or w.unarmed
        skill = "unarmed" if unarmed else "melee"
        shield = t.character.shield
        s = steps + (shield.block_steps if shield and not unarmed else 0)
        block = skill_pool(f"{t.name}: block", t.character, t.condition, "agility", skill, s,
                           notes=notes + ((f"{shield.name} +{shield.block_steps}",) if shield and not unarmed else ()))
        if not block.lost:
            options.append(DefenceOption("block", block, stated, not stated,
                                         unarmed_block=unarmed and not plan.weapon.unarmed))
    return options


def choose_defence(plan: AttackPlan, kind: str) -> DefenceOption:
    for option in defence_options(plan):
        if option.kind == kind:
            return option
    raise ValueError(f"{plan.target.name} cannot answer with {kind!r} here")


# --- damage ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hit:
    attack: int
    difficulty: int
    basic: tuple[int, int]  # (stun, wounds) of basic damage
    weapon_face: int
    armour: int  # wounds armour stopped
    stun: int
    wounds: int


def damage_of(plan: AttackPlan, attack: int, difficulty: int, weapon_face: int) -> Hit:
    """One hit's damage: basic damage plus the weapon's, then armour over the place hit."""
    basic = basic_damage(attack, difficulty)
    if basic is None:
        raise ValueError(f"{attack} against {difficulty} is a miss")
    if not plan.deals_damage:
        return Hit(attack, difficulty, basic, 0, 0, 0, 0)
    stun, wounds, stopped = hit_damage(attack, difficulty, weapon_face, plan.damage_type, all_stun=plan.all_stun,
                                       protection=plan.protection)
    return Hit(attack, difficulty, basic, weapon_face, stopped, stun, wounds)


def block_damage(plan: AttackPlan, weapon_face: int) -> tuple[int, int]:
    """Block: "If you are unarmed an successfully block you still take the weapon damage"
    (the weapon's die alone, armour as for a hit)."""
    stun, wounds = split_damage(weapon_face, plan.damage_type)
    return stun, armour_stops(wounds, plan.protection)[0]


@dataclass(frozen=True)
class AttackResult:
    attacker: str
    target: str
    mode: str
    defence: str
    rolls: tuple[Roll, ...]
    hits: tuple[Hit, ...] = ()
    effects: tuple[str, ...] = ()
    carried: bool = False  # the defence is added to the defender's next round
    stated_defence: bool = False
    blocked_damage: tuple[int, int] | None = None  # an unarmed block's weapon damage

    @property
    def hit(self) -> bool:
        return bool(self.hits)

    fumble_outcome = None  # the sheet has no fumbles
    counter_strike = False

    @property
    def turn_effects(self) -> tuple[str, ...]:
        """For the defender's Turn (`StepRuleset.note_effect`): the defence it spent."""
        return (f"defended:{self.defence}",) if self.defence in ("dodge", "block") else ()

    @property
    def stun(self) -> int:
        return sum(h.stun for h in self.hits) + (self.blocked_damage[0] if self.blocked_damage else 0)

    @property
    def wounds(self) -> int:
        return sum(h.wounds for h in self.hits) + (self.blocked_damage[1] if self.blocked_damage else 0)

    def describe(self) -> str:
        """What it did, then each of its rolls, one a line."""
        head = f"{self.attacker} -> {self.target} ({self.mode}, {self.defence}): "
        if not self.hits and not self.blocked_damage:
            head += "miss"
        else:
            head += f"{len(self.hits)} hit{'s' if len(self.hits) != 1 else ''}, {self.stun} stun, {self.wounds} wounds"
        return "\n".join([head] + ["  " + r.describe() for r in self.rolls])


def resolve_attack(dice: Dice, plan: AttackPlan, defence: str = "innate") -> AttackResult:
    """Roll the attack (all its rolls first) and the chosen defence, then the weapon's
    damage die for each hit."""
    option = choose_defence(plan, defence)
    attacks = [plan.pool.roll(dice) for _ in range(plan.rolls)]
    d_roll = option.pool.roll(dice)
    difficulty = d_roll.total + plan.cover_difficulty
    terms: tuple[Term, ...] = (Term(option.kind, d_roll.total, f"{option.kind} {d_roll.total}"),)
    if plan.cover:
        terms += (Term(f"{plan.cover} cover", plan.cover_difficulty),)
    rolls: list[Roll] = []
    damage_rolls: list[Roll] = []
    hits: list[Hit] = []
    for r in attacks:
        r = replace(r, target=difficulty, target_terms=terms, level=int(r.total >= difficulty))
        rolls.append(r)
        if r.total >= difficulty:
            face = dice.roll(plan.damage_die) if plan.deals_damage else 0
            if plan.deals_damage:
                damage_rolls.append(_damage_roll(plan, face))
            hits.append(damage_of(plan, r.total, difficulty, face))
    rolls.append(d_roll)
    rolls.extend(damage_rolls)
    blocked = None
    if option.unarmed_block and not hits and plan.deals_damage:
        face = dice.roll(plan.damage_die)
        rolls.append(_damage_roll(plan, face))
        blocked = block_damage(plan, face)
    effects: tuple[str, ...] = ()
    test = special(plan.special).test if hits and plan.special else None
    if test is not None:  # every aimed special (AIMED_SPECIALS) has its Endurance test
        effects = (test,)
    return AttackResult(plan.attacker.name, plan.target.name, plan.mode, defence, tuple(rolls), tuple(hits),
                        effects, option.carries, option.stated, blocked)


def _damage_roll(plan: AttackPlan, face: int) -> Roll:
    return Roll(f"{plan.weapon.name} damage", (Term("damage", face, f"d{plan.damage_die} ({face})"),), None,
                face, notes=(plan.damage_type,))
