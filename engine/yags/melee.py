"""Melee combat (yags-combat.md, Making an attack; Brawling; Melee; Reach; Free, Automatic and
Counter Strikes; Stance; Fumbles in Combat; Drawing a weapon; Retreat; Melee Manoeuvres).

attack  = attribute x skill + weapon attack + d20 (Brawl on agility, Melee on dexterity)
defence = attribute x skill + weapon defence + d20; undefended, the target is 15.
The attack hits if it equals or beats the greater of the defence roll and 15.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Term
from engine.yags.attack import (
    STANCE_MODIFIERS,
    AttackResult,
    Fighter,
    can_carry,
    strength_shortfall,
)
from engine.yags.checks import ability_term
from engine.yags.damage import armour_against, damage_kind, damage_terms, soak_terms
from engine.yags.equipment import Weapon
from engine.yags.plan import AttackPlan, CheckPlan, DamagePlan, roll_plan
from engine.yags.tables import half_up

BASE_DIFFICULTY = 15
CRUSHING_KNOCKBACK = 5

# Manoeuvre: (required degree, stance required or None, fatigue on success)
MANOEUVRES = {
    "improved_damage": (3, "aggressive", True),
    "massive_damage": (4, "aggressive", True),
    "knockdown": (2, "aggressive", True),
    "vital_strike": (3, "aggressive", True),
    "disarm": (3, None, False),
    "overwhelm": (1, None, False),
    "trip": (2, None, False),
    "grapple": (2, None, False),
    "grapple_neck": (3, None, False),
}
UNARMED_MANOEUVRES = ("trip", "grapple", "grapple_neck")


def skill_attribute(skill: str) -> str:
    """Brawl is based on agility; Melee (and other weapon skills) on dexterity."""
    return "agility" if skill.lower() == "brawl" else "dexterity"


@dataclass(frozen=True)
class MeleeStyle:
    """How a fighter is using a weapon: skill, attribute, halved bonuses for Brawl with a
    non-brawl weapon (slow, fumble +1)."""

    skill: str
    attribute: str
    halved: bool
    fumble: int
    slow: bool


def melee_style(fighter: Fighter, weapon: Weapon | None = None) -> MeleeStyle:
    w = weapon or fighter.arm
    c = fighter.character
    brawl = c.skill("Brawl")
    melee = c.skill("Melee")
    usable_by_brawl = "brawl" in w.weapon_class or w.skill == "Brawl"
    if w.skill == "Brawl" or (usable_by_brawl and brawl * c.attribute("agility") >= melee * c.attribute("dexterity")):
        return MeleeStyle("Brawl", "agility", False, 1, False)
    if melee > 0 or brawl == 0:
        return MeleeStyle("Melee", "dexterity", False, 1, False)
    # Other weapons may be used with Brawl: bonuses halved, slow, fumble +1.
    return MeleeStyle("Brawl", "agility", True, 2, True)


def _bonus(value: int, halved: bool) -> int:
    return half_up(value) if halved else value


def reach_advantage(attacker_weapon: Weapon, defender_weapon: Weapon) -> str | None:
    """Reach: "defender" if the defender's longer reach earns a free strike before the
    attack; "attacker" if the attacker's longer weapon lets them ignore a free strike."""
    if defender_weapon.reach > attacker_weapon.reach:
        return "defender"
    if attacker_weapon.reach > defender_weapon.reach:
        return "attacker"
    return None


def too_long_penalty(reach: int, room: int | None) -> int:
    """A weapon too long for the space (or against a foe inside its reach): -5 per excess
    level of reach. `room` is the longest reach the place allows (None: open ground)."""
    if room is None or reach <= room:
        return 0
    return -5 * (reach - room)


def reach_term(reach: int, room: int | None, closed: int | None) -> Term | None:
    """Reach: "A weapon that is too long for the situation, or which is being used against a
    foe that has closed to within the weapon's reach, gives a -5 to attack rolls for each
    excess level of reach": one penalty, from the tighter of the two limits (the longest
    reach the place allows, `room`, and the longest the foe's closeness allows, `closed`)."""
    limits = [(x, why) for x, why in ((room, "too long"), (closed, "foe within reach")) if x is not None]
    if not limits:
        return None
    limit, why = min(limits, key=lambda t: t[0])
    pen = too_long_penalty(reach, limit)
    return Term(why, pen) if pen else None


def _ability_plan(fighter: Fighter, label: str, weapon: Weapon, bonus_name: str, bonus: int,
                  stance_index: int, extra: list[Term]) -> CheckPlan:
    style = melee_style(fighter, weapon)
    c = fighter.character
    attr = c.attribute(style.attribute)
    skill = c.skill(style.skill)
    terms = [ability_term(style.attribute, attr, style.skill, skill)]
    value = _bonus(bonus, style.halved)
    if value:
        terms.append(Term(bonus_name, value))
    stance_mod = STANCE_MODIFIERS[fighter.stance][stance_index]
    if stance_mod:
        terms.append(Term(fighter.stance, stance_mod))
    terms.extend(fighter.injury_terms())
    terms.extend(fighter.strength_terms(weapon))
    if fighter.drawing and weapon.reach:
        terms.append(Term("drawing", -5 * weapon.reach))
    terms.extend(extra)
    fumble = style.fumble
    halve = fighter.initiative_zero
    notes: list[str] = []
    if fighter.stance == "grappled" and weapon.reach > 0:
        halve = True
        fumble += 2 * weapon.reach
        notes.append("grappled with a reach weapon: halved")
    if style.halved:
        notes.append("non-brawl weapon with Brawl: bonuses halved")
    return CheckPlan(label, tuple(terms), fumble, unskilled=(skill == 0), halve=halve, notes=tuple(notes))


@dataclass(frozen=True)
class MeleeAttack:
    attacker: Fighter
    defender: Fighter
    manoeuvre: str | None = None
    room: int | None = None  # longest reach the attacker's surroundings allow (None: open)
    # longest reach the foe's closeness allows (None: the foe stands at the weapon's length)
    closed: int | None = None
    automatic: bool = False  # an automatic strike: no defence, base difficulty
    kind: str = "attack"  # "attack", "free strike", "counter strike", "automatic strike", "overwatch strike"
    # Action Types, Overwatch: "your attack roll is halved"; the target "will be unaware of
    # your attack and therefore unable to defend".
    overwatch: bool = False
    unaware: bool = False


def is_shield(weapon: Weapon) -> bool:
    return "shield" in weapon.weapon_class


def defence_plan(defender: Fighter, attacker_skill: int, attacker: str | None = None) -> CheckPlan | None:
    """The defender's roll, or None if they cannot or did not defend. Melee 3: a second
    weapon adds half (round up) of its defence bonus. Grappled: no defence against anyone
    but the one grappled with, and no shield."""
    if defender.condition.out_of_fight or defender.stance == "focused":
        return None
    if not (defender.defending or defender.full_dodge):
        return None
    grappled = defender.stance == "grappled"
    if grappled and defender.grappling is not None and attacker is not None and attacker != defender.grappling:
        return None
    w = defender.arm
    extra: list[Term] = []
    second = defender.character.second_weapon
    style = melee_style(defender, w)
    if (second is not None and style.skill == "Melee" and second.defence
            and not (grappled and is_shield(second))):
        extra.append(Term(f"{second.name.lower()} (half)", half_up(second.defence)))
    if defender.retreat_m and defender.stance == "defensive":
        extra.append(Term("retreat", 3 * min(defender.retreat_m, defender.character.attribute("agility"))))
    return _ability_plan(defender, "defence", w, "defence", w.defence, 1, extra)


def plan_melee(attack: MeleeAttack) -> AttackPlan | Impossible:
    """Build the plan for one melee attack (or free, counter or automatic strike)."""
    a, d = attack.attacker, attack.defender
    w = a.arm
    if w.kind != "melee":
        return Impossible(f"{w.name} is not a melee weapon")
    if strength_shortfall(a.character, w) > 2:
        return Impossible(f"{a.name} is too weak to use {w.name} (strength {w.strength})")
    if not can_carry(a.character, w):
        return Impossible(f"{a.name} cannot carry {w.name} ({w.load:g} kg), so cannot use it at all")
    if a.condition.out_of_fight:
        return Impossible(f"{a.name} is {a.condition.status}")
    if d.condition.status == "dead":
        return Impossible(f"{d.name} is already dead")
    if a.retreat_m:
        return Impossible(f"{a.name} is retreating and may not attack this round")
    if a.stance == "grappled" and a.grappling is not None and a.grappling != d.name:
        return Impossible(f"{a.name} is grappled with {a.grappling} and can attack no one else")
    if a.stance == "grappled" and is_shield(w):
        return Impossible("a shield cannot be used whilst grappled")
    extra: list[Term] = []
    long_pen = reach_term(w.reach, attack.room, attack.closed)
    if long_pen is not None:
        extra.append(long_pen)
    min_level = 1
    effects: tuple[str, ...] = ()
    notes: list[str] = []
    man = attack.manoeuvre
    if man is not None:
        if man not in MANOEUVRES:
            return Impossible(f"unknown manoeuvre {man!r}")
        need, stance, _ = MANOEUVRES[man]
        if stance and a.stance != stance:
            return Impossible(f"{man.replace('_', ' ')} needs the {stance} stance")
        if man in UNARMED_MANOEUVRES and w.martial:
            return Impossible(f"{man.replace('_', ' ')} is an unarmed manoeuvre")
        min_level = need
        effects = (man,)
    atk = _ability_plan(a, "attack", w, "attack", w.attack, 0, extra)
    if attack.overwatch:
        atk = replace(atk, halve=True, notes=(*atk.notes, "overwatch: attack roll halved"))
    if attack.unaware:
        notes.append(f"{d.name} is unaware of the attack: no defence")
    style = melee_style(a, w)
    skill_a = a.character.skill(style.skill)
    d_style = melee_style(d)
    skill_d = d.character.skill(d_style.skill)
    defence = None if (attack.automatic or attack.unaware) else defence_plan(d, skill_a, a.name)
    # Damage: strength x 4 + weapon damage (+5 aggressive, +5 / +10 manoeuvres).
    kind0 = w.damage_type
    if man == "knockdown":
        kind0 = "stuns"
    dmg_extra: list[Term] = []
    if STANCE_MODIFIERS[a.stance][2]:
        dmg_extra.append(Term(a.stance, STANCE_MODIFIERS[a.stance][2]))
    if man == "improved_damage":
        dmg_extra.append(Term("improved damage", 5))
    elif man == "massive_damage":
        dmg_extra.append(Term("massive damage", 10))
    damage = None
    if man not in ("overwhelm", "disarm", "grapple", "grapple_neck", "trip"):
        dmg_weapon = w
        if style.halved and w.damage:
            dmg_extra.insert(0, Term("halved bonus", half_up(w.damage) - w.damage))
        impaling = w.impaling or ("thrusting" in w.properties and w.two_handed)
        eff = armour_against(d.character.armour, dmg_weapon, kind0, impaling=impaling)
        kind = damage_kind(dmg_weapon, eff.kind_shift, a.character.size, d.character.size, base=kind0)
        damage = DamagePlan(tuple(damage_terms(a.character, dmg_weapon, dmg_extra)),
                            tuple(soak_terms(d.character, eff.value)), kind, notes=eff.notes,
                            damage_halved=a.initiative_zero, soak_halved=d.initiative_zero)
    if defence is None and not (attack.automatic or attack.unaware) and not (d.defending or d.full_dodge):
        notes.append(f"{d.name} is not defending: base difficulty {BASE_DIFFICULTY}")
    return AttackPlan(
        attacker=a.name, target=d.name, attack=atk, defence=defence,
        base_difficulty=BASE_DIFFICULTY, damage=damage, min_level=min_level,
        defence_fumble_fails=skill_a > skill_d,
        attack_fumble_outcome="drop_weapon" if skill_d > skill_a else "fatigue",
        defence_fumble_outcome="fail_defence" if skill_a > skill_d else "fatigue",
        effects_on_hit=effects, notes=tuple(notes),
        counter_if_undefended=not a.defending,
        attack_skill=skill_a, defence_skill=skill_d,
    )


def resolve_melee(dice: Dice, attack: MeleeAttack) -> AttackResult | Impossible:
    """Roll one melee attack and say what it earns: counter strikes (the attacker declared no
    defence against the target; or a martial defender's good defence against an unarmed
    attack), manoeuvre effects and fatigue."""
    plan = plan_melee(attack)
    if isinstance(plan, Impossible):
        return plan
    r = roll_plan(dice, plan)
    a, d = attack.attacker, attack.defender
    effects: list[str] = []
    notes: list[str] = list(plan.notes)
    man = attack.manoeuvre
    if r.hit and man:
        effects.append(man)
        if MANOEUVRES[man][2]:
            effects.append("fatigue")
        if man == "overwhelm":
            effects.append(f"overwhelmed:{-5 * r.level}")
        if man == "knockdown" and r.damage is not None:
            # Crushing weapons get +5 to damage for purposes of knockback (Special properties).
            push = r.damage.damage_roll.total + (CRUSHING_KNOCKBACK if a.arm.has("crushing") else 0)
            if push > d.character.attributes["strength"] * 10:
                effects.append("prone")
                notes.append(f"knockdown: damage {push} > strength x 10")
    if r.hit and man in ("grapple", "grapple_neck", "trip"):
        won, contest_notes = strength_contest(dice, a, d)
        notes.extend(contest_notes)
        if won:
            effects.append("prone" if man == "trip" else "grappled")
        else:
            effects.append("hold broken")
    if r.hit and man == "disarm":
        effects.append("disarmed")
    counter = False
    if attack.kind == "attack" and d.condition.status == "ok":
        if not a.defending:
            counter = True
            notes.append(f"{a.name} declared no defence against {d.name}: counter strike")
        elif (r.defence_roll is not None and not r.hit and d.arm.martial and a.arm.unarmed
              and r.defence_roll.total >= r.attack_roll.total + 10):
            counter = True
            notes.append("a martial weapon's good defence against an unarmed attack: counter strike")
        elif man == "disarm" and not r.hit and a.arm.unarmed:
            counter = True
            notes.append("a failed unarmed disarm: counter strike")
    return AttackResult(
        attacker=a.name, target=d.name, attack_roll=r.attack_roll, defence_roll=r.defence_roll,
        hit=r.hit, level=r.level, damage=r.damage,
        fumble_outcome=r.attack_fumble, defence_fumble_outcome=r.defence_fumble,
        counter_strike=counter, effects=tuple(effects), notes=tuple(notes),
        automatic=attack.automatic, target_halved=d.initiative_zero,
    )


def strength_contest(dice: Dice, a: Fighter, d: Fighter) -> tuple[bool, list[str]]:
    """Grapple / Trip: after the grab, a contest of Strength x Brawl; the attacker must win."""
    from engine.yags.checks import contest_winner, roll_check

    rolls = []
    for f in (a, d):
        terms = [ability_term("strength", f.character.attributes["strength"], "Brawl", f.character.skill("Brawl"))]
        rolls.append(roll_check(dice, f"{f.name} strength contest", terms, halve=f.initiative_zero))
    winner = contest_winner(rolls[0], a.character.skill("Brawl"), rolls[1], d.character.skill("Brawl"))
    return winner == 0, [r.describe() for r in rolls]


def vital_strike_target(wounds_caused: int) -> int:
    """Vital strike: Health x Size check at 20 + 5 x wounds caused."""
    return 20 + 5 * wounds_caused


def merge_strikes(count: int) -> str | None:
    """Several free strikes from one action merge into one automatic strike; ignoring one
    free strike lowers the count by one (Free Strikes)."""
    if count <= 0:
        return None
    return "free strike" if count == 1 else "automatic strike"
