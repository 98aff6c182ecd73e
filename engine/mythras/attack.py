"""An attack in stages (0005, Attacks and Parries; Evading; Special Effects), so a driver can
ask the defender and the winner in between:

    plan = plan_attack(ctx)                       # skill, grade and its reasons, band...
    a = attack_roll(dice, plan)                   # step 1: the attacker's roll
    options = reaction_options(plan, a, ap)       # step 2: none / parry / evade, exact chances
    d = defence_roll(dice, plan, reaction)        # the defender's roll (None for none)
    ex = exchange(plan, a, reaction, d)           # steps 3-4: levels won and by whom
    picks = effect_options(plan, ex)              # the winner's choices (as many as levels)
    out = resolve_hit(dice, plan, ex, chosen)     # steps 5-7 (engine.mythras.outcome)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.dice import Dice
from engine.mythras.character import Character
from engine.mythras.checks import D100Roll, judge, rejudge, roll_skill
from engine.mythras.close import CHARGE_GRADE, CLOSE_SITUATIONS, DEFENDER_SITUATIONS
from engine.mythras.effects import EffectRule, EffectSituation, available_effects
from engine.mythras.equipment import UNARMED, Weapon
from engine.mythras.health import MythrasState
from engine.mythras.ranged import (
    CROWD_GRADE,
    Cover,
    aim,
    hits_die,
    long_range_force,
    range_band,
    recoil_grade,
    situational_grades,
)
from engine.mythras.tables import (
    LEVEL_RANK,
    differential,
    grade_allows_roll,
    grade_skill,
    hardest,
    opposed_skills,
    size_step,
)
from engine.outcome import Impossible

MODES = ("melee", "single", "burst", "full_auto", "throw")
REACTIONS = ("none", "parry", "evade", "counter")




@dataclass(frozen=True)
class AttackContext:
    """What the world knows about one attack. `situations` are keys of the close or ranged
    situational tables; `rounds` the full-automatic rounds aimed at this target."""

    attacker: Character
    attacker_state: MythrasState
    defender: Character
    defender_state: MythrasState
    mode: str = "melee"
    weapon: Weapon | None = None
    distance_m: float = 1.0
    situations: frozenset[str] = frozenset()
    charging: bool = False
    cover: Cover | None = None
    crowd: str | None = None  # edge, through
    rounds: int = 0
    aimed: bool = False
    target_stationary: bool = True
    target_unaware: bool = False
    surprise_bonus: bool = False  # the first attack on a surprised target
    bystanders: tuple[str, ...] = ()
    behind: tuple[str, ...] = ()
    attacker_by_cover: bool = False
    borrowed_dm_step: int | None = None  # a set weapon's counter: the charger's Damage Modifier step (0005 Charging)
    room_behind_m: float | None = None  # a thrust this long or longer meets an obstacle (Bash); None: room enough
    engaged: bool = True
    prepared_position: bool = False
    gait: str = "walk"  # walk, run, sprint: 0002 Gaits (one or two grades harder)


@dataclass(frozen=True)
class AttackPlan:
    ctx: AttackContext
    weapon: Weapon
    skill_key: str
    skill_name: str
    skill: int
    grade: str
    reasons: tuple[tuple[str, str], ...]  # (why, grade): every modifier that applied
    band: str | None
    size: str | None  # the attack's Size or Force after charging or long range
    dm_step: int | None  # the Damage Modifier step added (None: none)
    halve_damage: bool
    hits_die: int
    reactions: tuple[str, ...]
    crowd_free_skill: int | None = None  # the skill without the crowd's grade

    @property
    def target(self) -> int:
        return grade_skill(self.skill, self.grade) if grade_allows_roll(self.grade) else (
            self.skill if self.grade == "automatic" else 0)


def _reactions(ctx: AttackContext, weapon: Weapon) -> tuple[str, ...]:
    st, d = ctx.defender_state, ctx.defender
    if not st.can_defend or ctx.target_unaware or "target_helpless" in ctx.situations:
        return ("none",)
    out = ["none"]
    parry = d.active_parry(bool(st.warded))
    arm = "left_arm" if parry.kind == "shield" else "right_arm"
    if st.weapon_state == "ready" and st.usable(arm):
        if not weapon.ranged or (not weapon.firearm and parry.kind == "shield"):
            out.append("parry")
    out.append("evade")
    if ctx.charging and not weapon.ranged and not d.weapon.ranged:
        out.append("counter")
    return tuple(out)


def plan_attack(ctx: AttackContext) -> AttackPlan | Impossible:
    """The skill, the grade (the hardest of every modifier: 0003; aiming eases the hardest
    situational one: 0005 Aiming) and what the exchange allows."""
    a, st = ctx.attacker, ctx.attacker_state
    weapon = ctx.weapon or a.weapon
    if ctx.mode not in MODES:
        raise ValueError(f"unknown attack mode {ctx.mode!r}; expected one of {', '.join(MODES)}")
    if not st.can_attack:
        return Impossible(f"{a.name} cannot attack now ({'reeling' if st.no_attack_turns else st.status})")
    if a.name in ctx.defender_state.outmanoeuvred:  # any attack: a free strike, a counter, overwatch too
        return Impossible(f"{ctx.defender.name} has outmanoeuvred {a.name}: no attack on him this round "
                          "(Outmaneuvering)")
    if st.pinned and weapon.ranged:
        return Impossible(f"{a.name} is pinned down and cannot return fire this Turn")
    if st.weapon_state != "ready" and weapon is a.weapon:
        return Impossible(f"{a.name}'s weapon is {st.weapon_state}")
    arms = ("right_arm", "left_arm") if weapon.two_handed else ("right_arm",)
    if weapon is not UNARMED and not all(st.usable(arm) for arm in arms):
        return Impossible(f"{a.name} cannot use the {weapon.name}: "
                          f"{' or '.join(arm.replace('_', ' ') for arm in arms)} out of use")
    if ctx.mode == "melee" and weapon.ranged:
        weapon = UNARMED  # a gun in melee: fists and feet (rules-notes)
    if ctx.mode != "melee" and not weapon.ranged:
        return Impossible(f"{weapon.name} is not a ranged weapon")
    if ctx.mode in ("burst", "full_auto", "single") and ctx.mode not in (weapon.modes or ("single",)):
        return Impossible(f"{weapon.name} cannot fire {ctx.mode.replace('_', ' ')}")
    key, skill, base_grade = a.weapon_skill(weapon)
    reasons: list[tuple[str, str]] = []
    if base_grade != "standard":
        reasons.append(("weapon outside the Combat Style", base_grade))
    band = None
    size = weapon.size if not weapon.ranged else weapon.force
    halve = False
    if weapon.ranged:
        band = range_band(weapon, ctx.distance_m)
        if band is None:
            return Impossible(f"{ctx.distance_m:.0f} m is beyond the {weapon.name}'s long range")
        if band == "long":
            halve, size = True, long_range_force(size)
        sit = situational_grades(weapon, ctx.situations, prepared_position=ctx.prepared_position)
        if ctx.crowd:
            sit.append((f"firing {'through' if ctx.crowd == 'through' else 'at the edge of'} a crowd",
                        CROWD_GRADE[ctx.crowd]))
        reasons += aim(sit) if ctx.aimed else sit
        recoil = recoil_grade(ctx.mode, st.steady)
        if recoil:
            reasons.append((f"{ctx.mode.replace('_', ' ')} recoil{', steadied' if st.steady else ''}", recoil))
    else:
        for key_s in CLOSE_SITUATIONS:  # in the table's order (a set's changes from process to process)
            if key_s in ctx.situations and key_s not in DEFENDER_SITUATIONS:
                grade, why = CLOSE_SITUATIONS[key_s]
                reasons.append((why, grade))
        if ctx.charging:
            reasons.append(("charging", CHARGE_GRADE))
            size = size_step(size or "S", 1)
    if ctx.gait in ("run", "sprint") and not ctx.charging:
        # 0002 Gaits (errata): no attacks at a Run or Sprint but a charge, or ranged fire
        # with the Skirmishing trait ("whilst walking or running": 0005 Traits), Hard
        if not (weapon.ranged and "skirmishing" in a.traits and ctx.gait == "run"):
            return Impossible(f"no attack at a {ctx.gait} (only a charge, or Skirmishing fire at a run)")
        reasons.append(("firing at a run", "hard"))
    if ctx.cover is not None and ctx.cover.total:
        reasons.append(("striking blindly through total cover", "hard"))
    if st.prone and not weapon.ranged:
        reasons.append(("fighting while prone", "formidable"))
    fatigue = st.skill_grade()
    if fatigue != "standard":
        reasons.append(("fatigue, blinding or a wound", fatigue))
    grade = hardest(*(g for _, g in reasons))
    if "target_helpless" in ctx.situations and not weapon.ranged:
        grade = "automatic"
    if grade == "hopeless":
        return Impossible("hopeless: no attempt can be made")
    crowd_free = None
    if ctx.crowd:
        rest = [g for why, g in reasons if "crowd" not in why]
        crowd_free = grade_skill(skill, hardest(*rest)) if grade_allows_roll(hardest(*rest)) else skill
    dm_step = None
    if weapon.damage_modifier and not weapon.firearm:
        dm_step = a.damage_modifier_step + (1 if ctx.charging and not weapon.ranged else 0)
        if ctx.borrowed_dm_step is not None and not weapon.ranged:  # "may use": the better of the two
            dm_step = max(dm_step, ctx.borrowed_dm_step)
    n_hits = hits_die(ctx.mode, weapon, ctx.rounds)
    return AttackPlan(ctx, weapon, key, a.skill_label(key), skill, grade, tuple(reasons), band, size,
                      dm_step, halve, n_hits, _reactions(ctx, weapon), crowd_free)


def attack_roll(dice: Dice, plan: AttackPlan) -> D100Roll:
    """Step 1: the attacker rolls his Combat Skill at the plan's grade."""
    a = plan.ctx.attacker
    notes = tuple(f"{why}: {g.replace('_', ' ')}" for why, g in plan.reasons)
    return roll_skill(dice, f"{a.name} attacks {plan.ctx.defender.name}", plan.skill_name, plan.skill, plan.grade, notes)


def defence_skill(plan: AttackPlan, reaction: str) -> tuple[str, int, str]:
    """(name, value, grade) of the defender's roll for a reaction. "Fighting while prone:
    Formidable" is the close-combat table's: a prone target's Evade against a ranged attack
    is not made harder by it (the ranged table's "Target prone" grades the attack)."""
    d, st, ctx = plan.ctx.defender, plan.ctx.defender_state, plan.ctx
    grades = [g for g in (st.skill_grade(),) if g != "standard"]
    if not plan.weapon.ranged:  # the Close Combat Situational Modifiers
        grades += [CLOSE_SITUATIONS[k][0] for k in CLOSE_SITUATIONS if k in ctx.situations & DEFENDER_SITUATIONS]
    if st.prone and not plan.weapon.ranged:  # Close Combat Situational Modifiers only
        grades.append("formidable")
    if reaction == "parry":
        key, value, g = d.weapon_skill(d.active_parry(bool(st.warded)))
        return d.skill_label(key), value, hardest(g, *grades)
    return "Evade", d.skill("evade"), hardest(*grades)


@dataclass(frozen=True)
class ReactionOption:
    """A reaction and its exact chances, given the attack roll already made."""

    key: str
    skill: str
    target: int
    p_damage_avoided: Fraction  # no damage reaches the defender from this exchange's roll
    p_attacker_effects: Fraction  # the attacker wins special effects
    p_defender_effects: Fraction
    levels: dict[tuple[str | None, int], Fraction] = field(default_factory=dict)
    meaning: str = ""
    share_avoided: Fraction = Fraction(0)  # the expected share of the blow's damage turned aside


def _contest(plan: AttackPlan, attack: D100Roll, reaction: str, face: int | None) -> tuple[D100Roll, D100Roll | None]:
    """Both rolls after the over-100 rule, for a defence face (None: no defence roll)."""
    if reaction in ("none", "counter") or face is None:
        return attack, None
    name, value, grade = defence_skill(plan, reaction)
    d = judge(f"{plan.ctx.defender.name}: {reaction}", name, value, grade, face)
    if attack.die is None or d.target is None or attack.target is None:
        return attack, d
    a_adj, d_adj = opposed_skills(attack.target, d.target)
    return (rejudge(attack, a_adj) if a_adj != attack.target else attack,
            rejudge(d, d_adj) if d_adj != d.target else d)


def reaction_options(plan: AttackPlan, attack: D100Roll, defender_ap: int = 1) -> tuple[ReactionOption, ...]:
    """Step 2: what the defender may do (a reaction costs an Action Point), each with the
    exact chances over its 100 faces."""
    keys = plan.reactions if defender_ap > 0 else ("none",)
    out = []
    for key in keys:
        faces = [None] if key in ("none", "counter") else list(range(1, 101))
        levels: dict[tuple[str | None, int], Fraction] = {}
        avoided = a_fx = d_fx = share = Fraction(0)
        for face in faces:
            a2, d2 = _contest(plan, attack, key, face)
            ex = exchange(plan, a2, key, d2, adjusted=True)
            w = Fraction(1, len(faces))
            k = (ex.winner, ex.levels)
            levels[k] = levels.get(k, Fraction(0)) + w
            if not ex.hit or (ex.parried and ex.deflects >= 1.0):
                avoided += w
            share += w if not ex.hit else w * Fraction(ex.deflects) if ex.parried else 0
            if ex.winner == "attacker" and ex.levels:
                a_fx += w
            if ex.winner == "defender" and ex.levels:
                d_fx += w
        if key == "none":
            name, target = "none", 0
        elif key == "counter":
            name, target = "counterattack", 0
        else:
            name, value, grade = defence_skill(plan, key)
            target = grade_skill(value, grade) if grade_allows_roll(grade) else 0
        out.append(ReactionOption(key, name, target, avoided, a_fx, d_fx, levels,
                                  {"none": "take the blow (an automatic failure)",
                                   "parry": "1 AP: parry; a success deflects by weapon sizes",
                                   "evade": "1 AP: dive clear; winning avoids all damage; ends prone",
                                   "counter": "1 AP: strike back at the charger instead"}[key], share))
    return tuple(out)


def defence_roll(dice: Dice, plan: AttackPlan, reaction: str) -> D100Roll | None:
    """The defender's roll for the reaction chosen (None for none or a counterattack)."""
    if reaction not in plan.reactions:
        raise ValueError(f"{reaction!r} is not open to {plan.ctx.defender.name}: {', '.join(plan.reactions)}")
    if reaction in ("none", "counter"):
        return None
    name, value, grade = defence_skill(plan, reaction)
    return roll_skill(dice, f"{plan.ctx.defender.name}: {reaction}", name, value, grade)


@dataclass(frozen=True)
class Exchange:
    """Steps 3-4: the rolls compared. `hit`: damage is rolled; `deflects` what a successful
    parry takes off by sizes (before effects like Enhance Parry or Circumvent Parry)."""

    attack: D100Roll
    reaction: str
    defence: D100Roll | None
    winner: str | None  # attacker, defender or None
    levels: int  # special effects won (the surprise bonus included)
    hit: bool
    parried: bool
    deflects: float
    fumble_only: bool = False  # a fumbled shot: the target picks one fumble effect
    counterattack: bool = False


def exchange(plan: AttackPlan, attack: D100Roll, reaction: str, defence: D100Roll | None,
             *, adjusted: bool = False) -> Exchange:
    """Compare the rolls: a parry or no reaction as a Differential Roll (no reaction is an
    automatic failure: 0005 Unable or Unwilling to Parry); an evade as an Opposed Roll whose
    winner takes the difference in levels as effects (0005 Evading)."""
    from engine.mythras.tables import parry_deflects

    if defence is not None and not adjusted:
        attack, defence = _contest_rolls(attack, defence)
    a_level = attack.outcome
    d_level = defence.outcome if defence is not None else "failure"
    winner, levels = differential(a_level, d_level)
    winner = {"protagonist": "attacker", "antagonist": "defender", None: None}[winner]
    hit = attack.succeeded
    parried = reaction == "parry" and defence is not None and defence.succeeded
    deflects = 0.0
    if parried:
        parry_size = plan.ctx.defender.active_parry(bool(plan.ctx.defender_state.warded)).parry_size or "S"
        if "unarmed_prowess" in plan.ctx.defender.traits and parry_size == "S":
            parry_size = "M"
        deflects = parry_deflects(plan.size or "S", parry_size)
    if reaction == "evade" and defence is not None:
        from engine.mythras.checks import opposed_winner

        # the evade resists the attack: equal faces at equal levels leave the attack standing
        w = opposed_winner(defence, attack)
        if w == "a":
            hit, winner = False, "defender"
        else:
            winner = "attacker" if w == "b" else None
        levels = abs(LEVEL_RANK[a_level] - LEVEL_RANK[d_level]) if winner else 0
    fumble_only = False
    if plan.weapon.firearm and a_level == "fumble" and not (winner == "defender" and levels):
        winner, levels, fumble_only = "defender", 1, True
    if plan.ctx.surprise_bonus and hit and winner != "defender":
        winner, levels = "attacker", levels + 1
    ex = Exchange(attack, reaction, defence, winner, levels, hit, parried, deflects, fumble_only,
                  reaction == "counter")
    if ex.winner and ex.levels and not available_effects(effect_situation(plan, ex)):
        # 0005 Evading: "they may select suitable Special Effects": none suits (a won Evade
        # against gunfire, not prone and no fumble): nothing is won
        ex = replace(ex, levels=0)
    return ex


def evade_drops(plan: AttackPlan, ex: Exchange) -> bool:
    """Does the defender's Evade leave him prone (0003 Evade; 0005 Evading: "the evasive
    gambit leaves the defender prone ... unless they can use the Arise Special Effect")?
    Daredevil: never against blows, only on a failure against missiles (0005 Combat Style
    Traits)."""
    if ex.reaction != "evade" or ex.defence is None:
        return False
    daredevil = "daredevil" in plan.ctx.defender.traits
    return not daredevil or (plan.weapon.ranged and not ex.defence.succeeded)


def _contest_rolls(attack: D100Roll, defence: D100Roll) -> tuple[D100Roll, D100Roll]:
    if attack.die is None or attack.target is None or defence.target is None or defence.die is None:
        return attack, defence
    a_adj, d_adj = opposed_skills(attack.target, defence.target)
    return (rejudge(attack, a_adj) if a_adj != attack.target else attack,
            rejudge(defence, d_adj) if d_adj != defence.target else defence)


def effect_situation(plan: AttackPlan, ex: Exchange) -> EffectSituation:
    ctx = plan.ctx
    d, a = ctx.defender, ctx.attacker
    dst = ctx.defender_state
    return EffectSituation(
        winner=ex.winner or "attacker", attacker_weapon=plan.weapon, attacker_level=ex.attack.outcome,
        defender_level=ex.defence.outcome if ex.defence else None, reaction=ex.reaction,
        parry_weapon=d.active_parry(bool(dst.warded)) if ex.reaction == "parry" else None, hit=ex.hit, parried=ex.parried,
        close_range=plan.band == "close", stationary_or_unaware=ctx.target_stationary or ctx.target_unaware,
        blind_strike=bool(ctx.cover and ctx.cover.total), defender_prone=dst.prone,
        defender_drops=evade_drops(plan, ex),
        defender_held=bool(dst.gripped_by or dst.entangled or dst.pinned),
        attacker_by_cover=ctx.attacker_by_cover, bystanders=ctx.bystanders, behind=ctx.behind,
        siz_ok=d.siz * (2 if dst.braced else 1) <= 2 * a.siz,  # 0005 Brace: "Against the Bash ... SIZ is doubled" str_ok=d.char("STR") <= 2 * a.char("STR"), engaged=ctx.engaged,
        fumble_only=ex.fumble_only, defender_weapon=d.active_parry(bool(dst.warded)) if ex.reaction == "parry" else (
            d.weapon if dst.weapon_state == "ready" else None))


def effect_options(plan: AttackPlan, ex: Exchange) -> tuple[EffectRule, ...]:
    """The special effects the winner may pick (none when nobody won a level)."""
    if ex.winner is None or ex.levels <= 0:
        return ()
    return available_effects(effect_situation(plan, ex))
