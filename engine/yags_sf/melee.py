"""Melee attacks and the special attacks made with melee weapons (The Combat Round, Melee
Combat, Damage, Special Attacks)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll, Term
from engine.yags_sf.character import Condition, Fighter, SkillUse, penalty_terms
from engine.yags_sf.dice import FUMBLE, roll_check
from engine.yags_sf.equipment import SIZES, Weapon
from engine.yags_sf.plan import (
    AttackPlan,
    AttackResult,
    DamagePlan,
    DefencePlan,
    roll_attack,
    roll_damage,
)
from engine.yags_sf.round import (
    ATTACK_MOD,
    DEFENCE_MOD,
    FEINT_BONUS,
    FIREARM_SPECIALS,
    Declaration,
)
from engine.yags_sf.tables import MELEE_BASE_DIFFICULTY, half

# Fumbling: "Poor conditions can raise this to four, or even five" (situation tags).
CONDITION_FUMBLE = {"poor_conditions": 1, "very_poor_conditions": 2}


@dataclass(frozen=True)
class Side:
    """One fighter in an attack: the fighter, his condition and his declaration."""

    fighter: Fighter
    cond: Condition
    decl: Declaration | None = None

    @property
    def name(self) -> str:
        return self.fighter.name

    @property
    def special(self) -> str | None:
        return self.decl.special if self.decl else None


def conditions_fumble(environment: Iterable[str]) -> int:
    return max((CONDITION_FUMBLE.get(e, 0) for e in environment), default=0)


def soak_terms(target: Fighter, halved: bool = False, cover: int = 0) -> tuple[Term, ...]:
    """Soak: strength (Very High Strengths), armour, hard cover; halved by an ambush."""
    terms = [Term("soak", target.soak - target.protection, f"soak {target.soak - target.protection}")]
    if target.protection:
        terms.append(Term("armour", target.protection))
    if cover:
        terms.append(Term("cover", cover))
    if halved:
        whole = sum(t.value for t in terms)
        return (Term("soak", half(whole), f"soak {whole} halved (ambush)"),)
    return tuple(terms)


def weapon_terms(side: Side, weapon: Weapon, use: SkillUse, bonus: int, attribute: str | None = None) -> list[Term]:
    """attribute x skill + the weapon's bonus, its strength shortfall and the penalties."""
    terms = [side.fighter.ability(use, attribute), Term("weapon", use.bonus(bonus))]
    short = side.fighter.strength_shortfall(weapon)
    if short:
        terms.append(Term("strength", short))
    return terms + penalty_terms(side.fighter, side.cond)


def defence_plan(defender: Side, environment: Iterable[str] = ()) -> DefencePlan:
    """dexterity x skill + the weapon's defence (a firearm parries as a knife, club or
    quarterstaff), a shield's, the declaration's modifier; floor 15."""
    w = defender.fighter.parry_weapon(defender.cond)
    use = defender.fighter.skill_use(w)
    terms = weapon_terms(defender, w, use, w.defence)
    shield = defender.fighter.shield_defence(defender.cond)
    if shield:
        terms.append(Term("shield", shield))
    if defender.special in DEFENCE_MOD:
        terms.append(Term(defender.special, DEFENCE_MOD[defender.special]))
    return DefencePlan(tuple(terms), FUMBLE + use.fumble_extra + conditions_fumble(environment))


def melee_damage(attacker: Side, target: Fighter, weapon: Weapon, *, subduing: bool,
                 killing_blow: bool, halve_soak: bool) -> DamagePlan:
    """strength + the weapon's damage bonus (half when subduing) + 2d10! less soak."""
    bonus = half(weapon.damage) if subduing else weapon.damage
    terms = [Term("strength", attacker.fighter.attr("strength"), f"Str {attacker.fighter.attr('strength')}"),
             Term("subduing weapon" if subduing and weapon.damage else "weapon", bonus)]
    short = attacker.fighter.strength_shortfall(weapon)
    if short:
        terms.append(Term("strength shortfall", short))
    over = 2 * target.attr("strength") + target.attr("agility")
    return DamagePlan(tuple(terms), soak_terms(target, halve_soak), knockdown_over=over,
                      subduing=subduing, killing_blow=killing_blow)


def plan_melee(attacker: Side, target: Side, *, defending: bool, unaware: bool = False,
               environment: Iterable[str] = ()) -> AttackPlan | Impossible:
    """A melee attack as declared. The target rolls his defence if `defending` (his one
    defence is for this attacker, and he is aware and conscious), else the base of 15."""
    environment = tuple(environment)
    if attacker.cond.out_of_fight:
        return Impossible(f"{attacker.name} is {attacker.cond.status}")
    if attacker.cond.prone:
        return Impossible(f"{attacker.name} is down: regaining his feet takes the attack action")
    weapon = attacker.fighter.wielded(attacker.cond)
    if not weapon.melee:
        return Impossible(f"the {weapon.name.lower()} is a firearm: it shoots, and parries only")
    decl = attacker.decl or Declaration()
    special = decl.special
    if special in FIREARM_SPECIALS:
        return Impossible(f"{special.replace('_', ' ')} needs a firearm")
    if special == "ambush" and not unaware:
        return Impossible("an ambush needs a foe unaware of the attack")
    effect = "damage"
    if special in ("disarm", "weapon_smash"):
        theirs = target.fighter.wielded(target.cond)
        if theirs is target.fighter.fist:
            return Impossible(f"{target.name} holds no weapon")
        if special == "disarm" and SIZES.index(theirs.size) - SIZES.index(weapon.size) >= 2:
            return Impossible(f"the {weapon.name.lower()} is two sizes smaller than the {theirs.name.lower()}")
        effect = "disarm" if special == "disarm" else "smash"
    use = attacker.fighter.skill_use(weapon)
    terms = weapon_terms(attacker, weapon, use, weapon.attack)
    if special in ATTACK_MOD:
        terms.append(Term(special.replace("_", " "), ATTACK_MOD[special]))
    if attacker.cond.feinted:
        terms.append(Term("feint", FEINT_BONUS))
    fumble = FUMBLE + use.fumble_extra + conditions_fumble(environment)
    defence = None
    difficulty: tuple[Term, ...] = (Term("base", MELEE_BASE_DIFFICULTY, f"base {MELEE_BASE_DIFFICULTY}"),)
    if defending and not unaware and not target.cond.out_of_fight:
        defence = defence_plan(target, environment)
        difficulty = ()
    # Brawling: "damage caused by this style is temporary damage" (bare hands; rules-notes).
    subduing = decl.subduing or weapon.skill == "brawling"
    killing_blow = special in ("killing_blow", "ambush")
    damage = melee_damage(attacker, target.fighter, weapon, subduing=subduing,
                          killing_blow=killing_blow, halve_soak=special == "ambush")
    label = "attack" if special is None else special.replace("_", " ")
    return AttackPlan(attacker.name, target.name, label, tuple(terms), fumble, difficulty, defence,
                      damage, effect)


def disarm_contest(dice: Dice, attacker: Side, target: Side) -> tuple[tuple[Roll, Roll], bool]:
    """Disarm: opposed dexterity x weapon skill rolls; the attacker equal or better wins (a
    fumble loses)."""
    rolls = []
    for side in (attacker, target):
        w = side.fighter.wielded(side.cond)
        use = side.fighter.skill_use(w)
        terms = [side.fighter.ability(use, "dexterity"), *penalty_terms(side.fighter, side.cond)]
        rolls.append(roll_check(dice, f"{side.name}: disarm", terms, fumble_chance=FUMBLE + use.fumble_extra))
    a, d = rolls
    return (a, d), not a.fumble and (d.fumble or a.total >= d.total)


def smash_contest(dice: Dice, attacker: Side, target: Side) -> tuple[tuple[Roll, Roll], bool]:
    """Weapon Smash: opposed damage rolls; the attacker must win (beat the defender's)."""
    rolls = []
    for side in (attacker, target):
        w = side.fighter.parry_weapon(side.cond) if side is target else side.fighter.wielded(side.cond)
        dp = melee_damage(side, side.fighter, w, subduing=False, killing_blow=False, halve_soak=False)
        rolls.append(roll_check(dice, f"{side.name}: smash", dp.terms, fumble_chance=0))
    a, d = rolls
    return (a, d), a.total > d.total


def resolve_melee(dice: Dice, plan: AttackPlan, attacker: Side, target: Side) -> AttackResult:
    """Roll a melee plan: attack against defence, then damage, or the disarm or smash."""
    stage = roll_attack(dice, plan)
    damage = None
    contest: tuple[Roll, ...] = ()
    effects: tuple[str, ...] = ()
    if stage.hit:
        if plan.effect == "damage" and plan.damage is not None:
            damage = roll_damage(dice, plan.damage)
        elif plan.effect == "disarm":
            contest, won = disarm_contest(dice, attacker, target)
            effects = ("disarmed",) if won else ()
        elif plan.effect == "smash":
            contest, won = smash_contest(dice, attacker, target)
            effects = ("disarmed",) if won else ()  # "a brute force disarm" (rules-notes)
    return AttackResult(plan.attacker, plan.target, stage.attack, stage.defence, stage.hit, damage,
                        plan.effect, contest, effects, notes=plan.notes)


def is_defending(target: Side, attacker: str) -> bool:
    """Whether the target's one defence is for this attacker: declared for him, or still free
    (he is the first to attack; the driver then gives it to him with `note_attacked`)."""
    d = target.decl
    if d is None:
        return True
    return d.can_defend and d.defend_against in (None, attacker)
