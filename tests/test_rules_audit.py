"""Issue 12, the rules half: readings and omissions an audit of yags-combat.md and yags-core.md
found in the rules core. Each test names the section it pins and uses the text's numbers; the
readings are in docs/rules-notes.md."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Situation
from engine.yags.attack import Fighter, can_carry
from engine.yags.autofire import bullet_shyness
from engine.yags.catalogue import default_catalogue
from engine.yags.character import Character
from engine.yags.equipment import Weapon
from engine.yags.explosions import plan_throw_at_tile
from engine.yags.health import Condition, first_aid, take_damage
from engine.yags.melee import MeleeAttack, plan_melee, resolve_melee, strength_contest
from engine.yags.missile import MissileAttack, plan_missile, resolve_missile
from engine.yags.missile_rules import WRESTLING_FUMBLE
from engine.yags.plan import roll_plan
from engine.yags.preview import preview_plan
from engine.yags.ruleset import YagsDeclaration, YagsRuleset
from engine.yags.tables import half_up

SWORD = Weapon(id="sword", name="Broad sword", kind="melee", skill="Melee", attack=4, defence=4, damage=8,
               reach=2, strength=2, weapon_class=("single",))
SPEAR = Weapon(id="spear", name="Spear", kind="melee", skill="Melee", attack=3, defence=3, damage=9,
               reach=3, strength=2, weapon_class=("longshaft",))
PISTOL = Weapon(id="pistol", name="Pistol", kind="missile", skill="Pistols", attack=4, damage=18, muscle=False,
                reach=0, strength=2, properties=frozenset({"firearm", "semiauto"}), increment=15, short=60,
                medium=120, long=600, rof=3, recoil=-5, capacity=6, reload=3)
BOW = Weapon(id="bow", name="Bow", kind="missile", skill="Bows", attack=2, damage=20, muscle=False, reach=0,
             strength=2, weapon_class=("bow",), properties=frozenset({"projectile"}), increment=10, short=30,
             medium=60, long=120)

ANN = Character("Ann", {"dexterity": 4, "strength": 3, "agility": 3}, {"Melee": 5, "Pistols": 5}, weapon=SWORD)
BOB = Character("Bob", {"dexterity": 3, "strength": 3}, {"Melee": 4}, weapon=SWORD)


@pytest.fixture(scope="module")
def rules():
    return YagsRuleset()


# --- Shock and Pain: "all your actions are slow and all rolls are halved" ---------------------


def test_initiative_zero_halves_the_damage_and_soak_rolls():
    """Shock and Pain: at initiative 0 "all rolls are halved" - the attacker's damage roll as
    well as its attack, the target's soak roll as well as its defence. Ann (Dex 4 x Melee 5,
    sword +4, Str 3 x 4 + 8 damage) against Bob (soak 12): attack 20 + 4 + 10 = 34, halved 17
    against 15; damage 12 + 8 + 10 = 30, halved 15, against soak 12 + 10 = 22: no damage. The
    other way round, Bob at 0 soaks (12 + 10) / 2 = 11 against 30: 1 + 19 // 5 = 4 wounds."""
    shocked = resolve_melee(ScriptedDice([10, 10, 10]), MeleeAttack(Fighter(ANN, initiative_zero=True), Fighter(BOB)))
    assert shocked.attack_roll.halved and shocked.attack_roll.total == 17 and shocked.hit
    dmg = shocked.damage
    assert dmg.damage_roll.halved and dmg.damage_roll.total == 15 and not dmg.soak_roll.halved
    assert dmg.soak_roll.total == 22 and dmg.levels == 0
    soaker = resolve_melee(ScriptedDice([10, 10, 10]), MeleeAttack(Fighter(ANN), Fighter(BOB, initiative_zero=True)))
    assert not soaker.damage.damage_roll.halved and soaker.damage.damage_roll.total == 30
    assert soaker.damage.soak_roll.halved and soaker.damage.soak_roll.total == 11 and soaker.damage.levels == 4
    assert soaker.target_halved  # the health checks right after the hit are the target's rolls too
    # a firearm's damage roll is the shooter's roll too: 18 + 10 = 28, halved 14
    shot = resolve_missile(ScriptedDice([10, 10, 10]),
                           MissileAttack(Fighter(ANN, weapon=PISTOL, initiative_zero=True), Fighter(BOB), 10))
    assert shot.damage.damage_roll.halved and shot.damage.damage_roll.total == 14


def test_the_preview_of_a_halved_damage_roll_is_exact():
    """Previews of chances are exact: the halved damage and soak rolls are enumerated face by
    face (400 cases per degree), not approximated from the difference of the bases."""
    plan = plan_melee(MeleeAttack(Fighter(ANN, initiative_zero=True), Fighter(BOB, initiative_zero=True)))
    dp = plan.damage
    assert dp.damage_halved and dp.soak_halved
    counts: dict[int, int] = {}
    for d in range(1, 21):
        for s in range(1, 21):
            dmg, soak = half_up(dp.damage_base(1) + d), half_up(dp.soak_base + s)
            levels = 0 if dmg < soak else 1 + (dmg - soak) // 5
            counts[levels] = counts.get(levels, 0) + 1
    p = preview_plan(plan)
    # the damage base is the same at every degree (no level bonus): each hit splits alike
    assert p.p_damage_levels == {k: p.p_hit * Fraction(v, 400) for k, v in counts.items()}
    assert counts != {0: 400}  # something to compare: some faces do damage


def test_initiative_zero_halves_health_checks_shyness_first_aid_and_contests(rules):
    """Shock and Pain: "all rolls are halved" (Re-evaluating Initiative: the re-roll is
    halved "just like all your other rolls"), so the fighter's own checks are too. Fatal
    Wounds: a health 3 fighter taken to 6 wounds checks 12 + d20 (18) = 30 against 20 (good:
    fights on); halved, 15 fails and it dies. Bullet Shyness: Will 3 x 4 + d20 (10) = 22
    against 20 succeeds; halved, 11 fails by 9: one level, 5 shock. First aid: 12 + 6 = 18
    against 18 succeeds; halved, 9 fails. The grapple's Strength x Brawl contest is halved
    for the one at 0."""
    c = Character("Hal")
    whole = take_damage(ScriptedDice([18]), c, Condition(wounds=5), 1, "wounds")
    assert whole.condition.status == "ok" and whole.condition.fighting_on
    halved = take_damage(ScriptedDice([18]), c, Condition(wounds=5), 1, "wounds", halve=True)
    assert halved.rolls[0].halved and halved.rolls[0].total == 15 and halved.condition.status == "dead"
    roll, shock = bullet_shyness(ScriptedDice([10]), c, 1)
    assert roll.success and shock == 0
    roll, shock = bullet_shyness(ScriptedDice([10]), c, 1, halve=True)
    assert roll.total == 11 and shock == 5
    medic = Character("m", {"intelligence": 3}, {"First aid": 4})
    assert first_aid(ScriptedDice([6]), medic, Condition(), Condition(wounds=3, stuns=2)).condition.stabilised
    out = first_aid(ScriptedDice([6]), medic, Condition(), Condition(wounds=3, stuns=2), halve=True)
    assert out.rolls[0].total == 9 and not out.condition.stabilised
    won, lines = strength_contest(ScriptedDice([10, 10]), Fighter(ANN, initiative_zero=True), Fighter(BOB))
    assert not won and "/ 2" in lines[0] and "/ 2" not in lines[1]
    # through the ruleset: the end of the round hears the declaration, first aid the healer's
    zero = YagsDeclaration(initiative_zero=True)
    fatal = Condition(wounds=6, fighting_on=True)
    assert rules.end_of_round(ScriptedDice([18]), c, fatal).state.status == "ok"
    assert rules.end_of_round(ScriptedDice([18]), c, fatal, declaration=zero).state.status == "dead"
    healer = Participant("m", medic, Condition(), zero)
    patient = Participant("p", c, Condition(wounds=3, stuns=2))
    assert rules.first_aid(ScriptedDice([6]), healer, patient).rolls[0].total == 9


def test_initiative_zero_halves_the_soak_against_a_blast_not_the_blast(rules):
    """Explosive damage: one damage roll for the explosion - the explosive's, so it is not
    halved for a shocked thrower - and a soak roll per victim, halved for a victim at 0."""
    c = rules.make_combatant({"name": "V", "weapon": "fist"})
    thrower = Participant("T", c, Condition(), YagsDeclaration(initiative_zero=True))
    calm = Participant("A", c, Condition())
    shocked = Participant("B", c, Condition(), YagsDeclaration(initiative_zero=True))
    a, b = rules.blast(ScriptedDice([10, 10, 10]), thrower, "frag_grenade", [(calm, 30.0, False), (shocked, 30.0, False)])
    assert a.damage.damage_roll is b.damage.damage_roll and not a.damage.damage_roll.halved
    assert not a.damage.soak_roll.halved and b.damage.soak_roll.halved
    assert b.damage.soak_roll.total == half_up(a.damage.soak_roll.total) and b.target_halved


# --- yags-core.md, A roll of 20 ----------------------------------------------------------------


def test_a_natural_twenty_with_the_higher_skill_wins_the_attack_against_a_defence():
    """yags-core.md, A roll of 20: "If a character rolls a 20 when making a contested skill
    check against another character, and their skill level ... is higher than the second
    character's, then they automatically win." An attack against a defence roll is such a
    contest. Ann (Melee 5): 20 + 4 + 20 = 44 against Dan (Dex 6 x Melee 4 + 4 + d20 (19) = 47):
    the 20 beats the defence, and the attack meets the base 15 (excellent). Cal (Dex 2 x Melee
    6) rolls a 20 in defence: 12 + 4 + 20 = 36 stops Ann's 42 (skill 6 over 5). Both 20s, or
    equal skills: the totals decide."""
    dan = Character("Dan", {"dexterity": 6}, {"Melee": 4}, weapon=SWORD)
    atk = MeleeAttack(Fighter(ANN, defending=True), Fighter(dan, defending=True))
    r = resolve_melee(ScriptedDice([20, 19, 10, 10]), atk)
    assert r.defence_roll.total == 47 and r.attack_roll.total == 44
    assert r.hit and r.level == 3 and r.attack_roll.target == 15
    assert "natural 20" in r.describe()
    cal = Character("Cal", {"dexterity": 2}, {"Melee": 6}, weapon=SWORD)
    r = resolve_melee(ScriptedDice([18, 20]), MeleeAttack(Fighter(ANN, defending=True), Fighter(cal, defending=True)))
    assert r.attack_roll.total == 42 and r.defence_roll.total == 36 and not r.hit
    r = resolve_melee(ScriptedDice([20, 20, 10, 10]), MeleeAttack(Fighter(ANN, defending=True), Fighter(cal, defending=True)))
    assert r.hit  # both rolled 20: 44 against 36
    even = Character("Eve", {"dexterity": 6}, {"Melee": 5}, weapon=SWORD)
    r = resolve_melee(ScriptedDice([20, 19]), MeleeAttack(Fighter(ANN, defending=True), Fighter(even, defending=True)))
    assert not r.hit  # equal skills: 44 against 30 + 4 + 19 = 53
    # a 20 that changes nothing is not noted: Wes defends 1 x 1 + 4 + 2 = 7, below the base 15
    wes = Character("Wes", {"dexterity": 1}, {"Melee": 1}, weapon=SWORD)
    r = resolve_melee(ScriptedDice([20, 2, 10, 10]), MeleeAttack(Fighter(ANN, defending=True), Fighter(wes, defending=True)))
    assert r.hit and "natural 20" not in r.describe()


def test_the_natural_twenty_is_in_the_exact_preview():
    """The preview enumerates the same rule: its chance to hit is the share of the 400 pairs
    of faces `AttackPlan.outcome` calls hits (for the attacker's and the defender's 20s)."""
    for defender in (Character("Dan", {"dexterity": 6}, {"Melee": 4}, weapon=SWORD),
                     Character("Cal", {"dexterity": 2}, {"Melee": 6}, weapon=SWORD)):
        plan = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(defender, defending=True)))
        hits = sum(plan.outcome(a, d)[0] for a in range(1, 21) for d in range(1, 21))
        assert preview_plan(plan).p_hit == Fraction(hits, 400)
    plain = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(Character("Dan", {"dexterity": 6},
                                                                                    {"Melee": 4}, weapon=SWORD),
                                                                          defending=True)))
    assert plain.outcome(20, 19)[0] and not plain.outcome(19, 19)[0]


def test_a_natural_twenty_against_a_dodge_keeps_the_distance():
    """A missile attack against a dodge is a contest too (the weapon skill against
    Athletics): the 20 beats the dodge, but "the distance modifier adds to the (possibly
    halved) defence roll ... (or to 15, whichever is greater)", so the base 15 and the
    distance stay. A thrower (Dex 2 x Throw 3 + 1 + 20 = 27) against a dodger (Agi 8 x
    Athletics 2 + d20 (19) = 35) at 20 m (+5): 27 against 15 + 5 hits."""
    knife = Weapon(id="tk", name="Knife", kind="missile", skill="Throw", attack=1, damage=2, muscle=True,
                   properties=frozenset({"thrown"}), increment=15, short=10, medium=20, long=30,
                   range_per_strength=True)
    thrower = Character("T", {"dexterity": 2}, {"Throw": 3}, weapon=knife)
    dodger = Character("D", {"agility": 8}, {"Athletics": 2})
    atk = MissileAttack(Fighter(thrower), Fighter(dodger, defending=True), 20)
    r = resolve_missile(ScriptedDice([20, 19, 10, 10]), atk)
    assert r.defence_roll.total == 35 and r.attack_roll.total == 27
    assert r.hit and r.attack_roll.target == 20


# --- Reach: "a foe that has closed to within the weapon's reach" ---------------------------------


def test_a_foe_closed_within_a_long_weapons_reach_is_minus_five_a_level(rules):
    """Reach: "A weapon that is too long for the situation, or which is being used against a
    foe that has closed to within the weapon's reach, gives a -5 to attack rolls for each
    excess level of reach." On the grid a foe on the next tile has closed within a reach 3
    or 4 weapon (reach 0-2 strike the next tile): the spear (3) -5, the long spear (4) -10; a
    foe two tiles away stands at the spear's length. The tighter limit counts once: in a
    one-wide passage (reach 1) the spear is -10 whoever stands where."""
    def terms(plan):
        return {t.name: t.value for t in plan.attack.terms}
    assert terms(plan_melee(MeleeAttack(Fighter(ANN, weapon=SPEAR), Fighter(BOB), closed=2)))["foe within reach"] == -5
    assert "foe within reach" not in terms(plan_melee(MeleeAttack(Fighter(ANN), Fighter(BOB), closed=2)))
    both = terms(plan_melee(MeleeAttack(Fighter(ANN, weapon=SPEAR), Fighter(BOB), room=1, closed=2)))
    assert both.get("too long") == -10 and "foe within reach" not in both
    spec = {"name": "S", "attributes": {"dex": 4}, "skills": {"Melee": 5}}

    def request(weapon, tiles):
        a = Participant("A", rules.make_combatant({**spec, "weapon": weapon}), Condition(), None)
        b = Participant("B", rules.make_combatant({**spec, "name": "B", "weapon": "broad_sword"}), Condition(), None)
        return AttackRequest(a, b, "melee", {}, Situation(tiles_apart=tiles))

    def penalty(weapon, tiles):
        return sum(t.value for t in rules.preview(request(weapon, tiles)).terms if t.name == "foe within reach")
    assert (penalty("spear", 1), penalty("long_spear", 1), penalty("spear", 2), penalty("broad_sword", 1)) == (-5, -10, 0, 0)
    assert penalty("spear", None) == 0  # off the grid (the rules core alone): no closeness known


# --- Character Strength: "If you can't carry the weapon, then you can't use it at all" -----------


def test_a_weapon_one_cannot_carry_cannot_be_used_at_all():
    """Character Strength: "If you can't carry the weapon, then you can't use it at all";
    yags-core.md, Encumbrance: beyond ten times the square of strength (Greatly, x10) a
    character "cannot move". The M61 Vulcan (112 kg) is beyond a strength 3 soldier's 90 kg:
    no shot at all; strength 4 (160 kg) carries it, though too weak to fire it well
    (snapshots, slow). A melee weapon the same."""
    vulcan = default_catalogue().weapon("m61_vulcan")
    weak = Character("W", {"strength": 3, "dexterity": 4}, {"Guns": 5}, weapon=vulcan)
    strong = Character("S", {"strength": 4, "dexterity": 4}, {"Guns": 5}, weapon=vulcan)
    assert not can_carry(weak, vulcan) and can_carry(strong, vulcan)
    plan = plan_missile(MissileAttack(Fighter(weak), Fighter(BOB), 10))
    assert isinstance(plan, Impossible) and "cannot carry" in plan.reason
    assert not isinstance(plan_missile(MissileAttack(Fighter(strong), Fighter(BOB), 10)), Impossible)
    log = Weapon(id="log", name="Battering log", kind="melee", skill="Melee", damage=10, strength=1, load=95)
    assert "cannot carry" in plan_melee(MeleeAttack(Fighter(ANN, weapon=log), Fighter(BOB))).reason


# --- Missile Attacks and Stance: Prone -------------------------------------------------------------


def test_a_prone_shooter_is_at_minus_ten():
    """Missile Attacks: a missile attacker is "considered to be using the normal stance ...
    for purposes of melee": aggressive or defensive change nothing for the shot, but lying
    prone is not a way of fighting one chooses for melee, and Stance, Prone: "Attack and
    defence rolls whilst prone are at -10" - a shot or a throw from the ground too."""
    def terms(plan):
        return {t.name: t.value for t in plan.attack.terms}
    assert terms(plan_missile(MissileAttack(Fighter(ANN, weapon=PISTOL, stance="prone"), Fighter(BOB), 10)))["prone"] == -10
    for stance in ("normal", "aggressive", "defensive", "crouched"):
        got = terms(plan_missile(MissileAttack(Fighter(ANN, weapon=PISTOL, stance=stance), Fighter(BOB), 10)))
        assert set(got) == {"ability", "attack"}, stance
    grenadier = Character("G", {"dexterity": 3}, {"Throw": 3}, grenades=(default_catalogue().weapon("frag_grenade"),))
    assert terms(plan_throw_at_tile(Fighter(grenadier, stance="prone"), 10))["prone"] == -10


# --- Defending against missile attacks ------------------------------------------------------------


def test_firearms_do_not_halve_the_dodge_of_a_foe_in_melee_with_the_shooter():
    """Defending against missile attacks: projectile weapons halve defence rolls "At short
    range ... unless you are in melee combat with the attacker"; "Firearms are hard to dodge
    at all ranges, and halve defence rolls at medium and long range as well" - as well as the
    projectile rule at short range, exemption included. A pistol at 2 m against a foe
    fighting the shooter: full dodge; not in melee: halved; at medium range: halved."""
    t = Fighter(BOB, defending=True)
    close = plan_missile(MissileAttack(Fighter(ANN, weapon=PISTOL), t, 2, in_melee_with_attacker=True))
    assert not close.defence.halve and "in melee with the attacker: full defence" in close.defence.notes
    assert plan_missile(MissileAttack(Fighter(ANN, weapon=PISTOL), t, 2)).defence.halve
    assert plan_missile(MissileAttack(Fighter(ANN, weapon=PISTOL), t, 100, in_melee_with_attacker=True)).defence.halve
    assert not plan_missile(MissileAttack(Fighter(ANN, weapon=BOW), t, 2, in_melee_with_attacker=True)).defence.halve


# --- Firing into melee: wrestling ----------------------------------------------------------------


def test_wrestling_adds_five_to_fifteen_by_the_range_band():
    """Firing into melee: "If someone is wrestling with the intended target, add +5 to +15 to
    the fumble chance, depending on how bad a shot it is": +5 at short range, +10 at medium,
    +15 at long (the range band fumbles on 1, 3 and 10: 6, 13 and 25 - at long range every
    shot goes astray into the tangle). A fumble sends the shot at a random figure."""
    assert WRESTLING_FUMBLE == {"short": 5, "medium": 10, "long": 15}
    chances = [plan_missile(MissileAttack(Fighter(ANN, weapon=PISTOL), Fighter(BOB), d, wrestling=True)).attack.fumble_chance
               for d in (10, 100, 300)]
    assert chances == [1 + 5, 3 + 10, 10 + 15]
    r = resolve_missile(ScriptedDice([6]), MissileAttack(Fighter(ANN, weapon=PISTOL), Fighter(BOB), 10, wrestling=True))
    assert r.attack_roll.fumble and r.fumble_outcome == "random_target"
    plan = plan_missile(MissileAttack(Fighter(ANN, weapon=PISTOL), Fighter(BOB), 10, wrestling=True))
    assert any("wrestles" in n for n in plan.notes)
    assert roll_plan(ScriptedDice([7, 10, 10]), plan).hit
