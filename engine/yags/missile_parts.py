"""The parts of a missile attack's plan (engine/yags/missile.py, yags-combat.md, Missile
Attacks; Defending against missile attacks; Shooting from Cover; Full Dodge; Shotguns): the
attacker's terms, the target's dodge and cover, a shotgun's cone. `missile_defence` and
`attack_terms_of` give their last answer again for the same attack: the AI previews a shot
and then a burst of one attack, which share them (the same values as worked out afresh,
tests/test_missile_facts.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from engine.frozen import maker
from engine.rolls import Term
from engine.yags.attack import STANCE_MODIFIERS, Fighter
from engine.yags.checks import ability_term
from engine.yags.equipment import Weapon
from engine.yags.missile_attack import MissileAttack, ShotFacts
from engine.yags.missile_facts import term
from engine.yags.missile_rules import OFF_HAND_PENALTY, PRONE_ATTACK, STANCE_COVER, is_thrown
from engine.yags.plan import CheckPlan
from engine.yags.tables import cover_bonus

_make_check = maker(CheckPlan)  # a dodge, built for every attack previewed (engine/frozen.py)


def dodge_plan(fighter: Fighter, halve: bool = False, label: str = "dodge",
               notes: Sequence[str] = ()) -> CheckPlan:
    """A dodge: agility x Athletics + stance defence modifier + injuries + d20."""
    c = fighter.character
    skill = c.skill("Athletics")
    terms = [ability_term("agility", c.attribute("agility"), "Athletics", skill)]
    stance = STANCE_MODIFIERS[fighter.stance][1]
    if stance:
        terms.append(term(fighter.stance, stance))
    terms.extend(fighter.injury_terms())
    return _make_check(label=label, terms=tuple(terms), fumble_chance=1, unskilled=(skill == 0),
                       halve=halve or fighter.initiative_zero, notes=tuple(notes))


def missile_defence(attack: MissileAttack, facts: ShotFacts) -> CheckPlan | None:
    """Defending against missile attacks: thrown weapons full defence; projectile weapons
    halve it at short range unless in melee with the attacker; firearms the same "and ...
    at medium and long range as well" (so at every range but short range in melee with the
    attacker; rules-notes). Full dodge and an impaired or crippled weapon give the full
    defence. Prone: no dodge. (The last answer given again for the same attack, a frozen
    value, and facts alike in what it reads: a burst asks right after the attack's shot.)"""
    global _last_defence
    last = _last_defence
    if (last and last[0] is attack and last[1] is facts.weapon and last[2] == facts.band
            and last[3] == facts.quarters):
        return last[4]
    defence = _missile_defence(attack, facts)
    _last_defence = (attack, facts.weapon, facts.band, facts.quarters, defence)
    return defence


_last_defence: tuple = ()  # (attack, weapon, band, quarters, the defence)


def _missile_defence(attack: MissileAttack, facts: ShotFacts) -> CheckPlan | None:
    t, w = attack.target, facts.weapon
    if t.condition.out_of_fight or t.stance in ("prone", "focused") or attack.unaware:
        return None
    if not (t.defending or t.dodging_all_round):
        return None
    halve, why = False, ""
    if t.dodging_all_round:
        why = "full dodge: full defence"
    elif facts.quarters is not None:
        why = f"{facts.quarters} weapon: full defence"
    elif is_thrown(w):
        pass
    elif facts.band == "short" and attack.in_melee_with_attacker and (w.is_firearm or w.has("projectile")):
        why = "in melee with the attacker: full defence"
    elif w.is_firearm:
        halve, why = True, "firearm: defence halved"
    elif w.has("projectile") and facts.band == "short":
        halve, why = True, "projectile at short range: defence halved"
    return dodge_plan(t, halve, notes=(why,) if why else ())


def target_cover_bonus(attack: MissileAttack, speed: str) -> int:
    """Best of the map's cover, the target's crouched / prone stance and, against normal
    attacks, a full dodge's 90% hard cover (Shooting from Cover; Full Dodge). Firing from
    full cover: the bonus from 90% cover all round; moving from cover to cover: the full
    dodge comes with no bonus from cover."""
    t = attack.target
    covers = [attack.cover, STANCE_COVER.get(t.stance)]
    if t.cover_action == "step_out":
        covers.append("hard90")
    elif t.full_dodge and speed == "normal" and t.cover_action is None:
        covers.append("hard90")
    return cover_bonus(*covers)


def cone_pattern(weapon: Weapon, distance_m: float) -> tuple[int, int, int | None]:
    """Shotguns (Co-X): (damage modifier, targets it may hit, auto-hit face or None). Per
    full increment of the cone range: -5 damage, one more target, auto hit on 20 at one
    increment, 19+ at two, ... (at best 16+, as the area-burst table; rules-notes)."""
    if weapon.cone <= 0:
        return 0, 1, None
    k = math.floor(Fraction(distance_m) / Fraction(weapon.cone))
    return -5 * k, 1 + k, (max(16, 21 - k) if k else None)


def attack_terms(fighter: Fighter, weapon: Weapon, *, keep_bonus: bool, scope: int = 0,
                 off_hand: bool = False, attribute_score: int | None = None) -> list[Term]:
    """Dexterity x skill, the weapon's attack bonus (if kept), scope, prone (-10), injuries,
    drawing (-5 and -5 per reach) and the off hand (-10). A missile attacker is "considered
    to be using the normal stance ... for purposes of melee" (Missile Attacks): aggressive and
    defensive give a shot nothing, but lying prone is where the shooter is, not a way of
    fighting, and "attack ... rolls whilst prone are at -10" (Stance: Prone; rules-notes)."""
    c = fighter.character
    dex = c.attribute("dexterity") if attribute_score is None else attribute_score
    terms = [ability_term("dexterity", dex, weapon.skill, c.skill(weapon.skill))]
    if weapon.attack and keep_bonus:
        terms.append(term("attack", weapon.attack))
    if scope:
        terms.append(term("laser scope" if weapon.laser_scope else "scope", scope))
    if fighter.stance == "prone":
        terms.append(Term("prone", PRONE_ATTACK))
    terms.extend(fighter.injury_terms())
    if fighter.drawing:
        terms.append(Term("drawing", -5 - 5 * weapon.reach))
    if off_hand:
        terms.append(Term("off hand", OFF_HAND_PENALTY))
    return terms


_last_terms: tuple = ()  # (attack, weapon, keep_bonus, scope, attribute_score, the terms)


def attack_terms_of(attack: MissileAttack, weapon: Weapon, keep_bonus: bool, scope: int,
                    attribute_score: int | None) -> list[Term]:
    """`attack_terms` of the attack's attacker (and its off hand), a list of the caller's own;
    the last terms given again for the same attack, a frozen value, and the same arguments
    (a burst asks right after the attack's shot)."""
    global _last_terms
    last = _last_terms
    if (last and last[0] is attack and last[1] is weapon and last[2] == keep_bonus and last[3] == scope
            and last[4] == attribute_score):
        return list(last[5])
    terms = attack_terms(attack.attacker, weapon, keep_bonus=keep_bonus, scope=scope, off_hand=attack.off_hand,
                         attribute_score=attribute_score)
    _last_terms = (attack, weapon, keep_bonus, scope, attribute_score, tuple(terms))
    return terms
