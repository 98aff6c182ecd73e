"""yags-combat.md, melee: attack against defence or 15, stances, defences, reach, strength,
Brawl with weapons, counter strikes, manoeuvres, fumbles."""

from engine.dice import ScriptedDice
from engine.outcome import Impossible
from engine.yags.attack import Fighter
from engine.yags.character import Character
from engine.yags.equipment import FIST, Weapon
from engine.yags.health import Condition
from engine.yags.melee import (
    MeleeAttack,
    merge_strikes,
    plan_melee,
    reach_advantage,
    resolve_melee,
    too_long_penalty,
)

SWORD = Weapon(id="sword", name="Broad sword", kind="melee", skill="Melee", attack=4, defence=4, damage=8,
               reach=2, strength=2, weapon_class=("single",))
GREAT = Weapon(id="gs", name="Great sword", kind="melee", skill="Melee", attack=6, defence=4, damage=14,
               reach=3, strength=5, weapon_class=("great",), properties=frozenset({"two_handed"}))
KNIFE = Weapon(id="knife", name="Knife", kind="melee", skill="Brawl", attack=1, defence=1, damage=3,
               reach=0, weapon_class=("brawl",))

ANN = Character("Ann", {"dexterity": 4, "strength": 3, "agility": 3}, {"Melee": 5}, weapon=SWORD)
BOB = Character("Bob", {"dexterity": 3, "strength": 3}, {"Melee": 4}, weapon=SWORD)


def test_undefended_target_is_base_difficulty_15():
    """Making an attack: no defence declared, the target difficulty is 15."""
    atk = MeleeAttack(Fighter(ANN, defending=True, defences=1), Fighter(BOB))
    r = resolve_melee(ScriptedDice([1 + 0, 10, 10]), atk)  # die 1 fumbles: check the target only
    assert r.attack_roll.target == 15
    assert r.defence_roll is None
    r = resolve_melee(ScriptedDice([2, 10, 10]), atk)  # 20 + 4 + 2 = 26 vs 15
    assert r.hit and r.level == 2


def test_attack_against_defence_roll():
    """Making an attack: attribute x skill + weapon attack + d20 against attribute x skill +
    weapon defence + d20; equal hits."""
    atk = MeleeAttack(Fighter(ANN, defending=True, defences=1), Fighter(BOB, defending=True, defences=1))
    # attack 20 + 4 + 8 = 32; defence 12 + 4 + 16 = 32: equal hits
    r = resolve_melee(ScriptedDice([8, 16, 10, 10]), atk)
    assert r.attack_roll.total == 32 and r.defence_roll.total == 32
    assert r.hit and r.level == 1
    r = resolve_melee(ScriptedDice([8, 17]), atk)
    assert not r.hit and r.damage is None


def test_defence_below_fifteen_still_needs_fifteen():
    """Distance Increment: the target is the defence roll or 15, whichever is greater (the
    same floor used for melee: rules-notes)."""
    weak = Character("Weak", {"dexterity": 1}, {"Melee": 1}, weapon=FIST)
    plan = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(weak, defending=True, defences=1)))
    assert plan.target_for(5, False) == 15
    assert plan.target_for(22, False) == 22


def test_stances_modify_attack_defence_and_damage():
    """Stance: aggressive +5 attack and damage, -10 defence; defensive +5 defence, -10
    attack; prone -10 both."""
    agg = plan_melee(MeleeAttack(Fighter(ANN, stance="aggressive", defending=True), Fighter(BOB)))
    assert agg.attack.base == 20 + 4 + 5
    assert sum(t.value for t in agg.damage.damage_terms) == 12 + 8 + 5
    d = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB, stance="aggressive", defending=True)))
    assert d.defence.base == 12 + 4 - 10
    d = plan_melee(MeleeAttack(Fighter(ANN, stance="defensive", defending=True),
                               Fighter(BOB, stance="defensive", defending=True)))
    assert d.attack.base == 20 + 4 - 10 and d.defence.base == 12 + 4 + 5
    p = plan_melee(MeleeAttack(Fighter(ANN, stance="prone", defending=True), Fighter(BOB, stance="prone", defending=True)))
    assert p.attack.base == 14 and p.defence.base == 6


def test_focused_cannot_defend():
    """Stance, Focused: no defence rolls."""
    plan = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB, stance="focused", defending=True)))
    assert plan.defence is None


def test_multiple_defences_penalise_attacks_and_defences():
    """Declaring Defences: 3 defences, -20 to all attacks and defences that round."""
    plan = plan_melee(MeleeAttack(Fighter(ANN, defences=3, defending=True), Fighter(BOB, defences=3, defending=True)))
    assert plan.attack.base == 24 - 20
    assert plan.defence.base == 16 - 20


def test_wound_and_stun_penalties_apply():
    """Inflicting Damage: light wounds -5; Stun Damage: penalties add."""
    hurt = Fighter(ANN, condition=Condition(wounds=2, stuns=3), defending=True)
    assert plan_melee(MeleeAttack(hurt, Fighter(BOB))).attack.base == 24 - 15


def test_strength_requirement():
    """Weapon attributes, Strength: two handed adds 50% (round up); one short -5, two -15,
    more: cannot use."""
    weak3 = Character("W", {"strength": 3, "dexterity": 3}, {"Melee": 3}, weapon=GREAT)
    # 3 + 2 (half of 3 rounded up) = 5: enough for a strength 5 great sword
    assert plan_melee(MeleeAttack(Fighter(weak3, defending=True), Fighter(BOB))).attack.base == 9 + 6
    weak2 = Character("W2", {"strength": 2, "dexterity": 3}, {"Melee": 3}, weapon=GREAT)  # 2 + 1 = 3
    assert plan_melee(MeleeAttack(Fighter(weak2, defending=True), Fighter(BOB))).attack.base == 9 + 6 - 15
    weak1 = Character("W1", {"strength": 1, "dexterity": 3}, {"Melee": 3}, weapon=GREAT)
    assert isinstance(plan_melee(MeleeAttack(Fighter(weak1), Fighter(BOB))), Impossible)


def test_brawl_is_agility_and_other_weapons_halved_with_brawl():
    """Brawling: Brawl uses agility; a non-brawl weapon with Brawl halves its bonuses, is slow
    and fumbles on one more."""
    brawler = Character("Br", {"agility": 4, "dexterity": 2}, {"Brawl": 4}, weapon=KNIFE)
    plan = plan_melee(MeleeAttack(Fighter(brawler, defending=True), Fighter(BOB)))
    assert plan.attack.terms[0].describe(first=True) == "Agi 4 x Brawl 4"
    untrained = Character("Un", {"agility": 4}, {"Brawl": 4, "Melee": 0}, weapon=SWORD)
    plan = plan_melee(MeleeAttack(Fighter(untrained, defending=True), Fighter(BOB)))
    assert plan.attack.base == 16 + 2  # sword attack 4 halved
    assert plan.attack.fumble_chance == 2


def test_reach_free_strikes_and_too_long():
    """Reach: a longer-reach defender strikes first; the longer attacker ignores that; a
    weapon too long for the space: -5 per excess level."""
    assert reach_advantage(KNIFE, SWORD) == "defender"
    assert reach_advantage(SWORD, KNIFE) == "attacker"
    assert reach_advantage(SWORD, SWORD) is None
    assert too_long_penalty(3, 1) == -10
    assert too_long_penalty(1, 1) == 0
    plan = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB), room=1))
    assert plan.attack.base == 24 - 5


def test_counter_strike_when_attacker_declared_no_defence():
    """Declaring Defences / Counter Strikes: attacking someone you do not defend against
    gives them a counter strike after your attack."""
    r = resolve_melee(ScriptedDice([10, 10, 10, 10]), MeleeAttack(Fighter(ANN), Fighter(BOB, defending=True)))
    assert r.counter_strike
    r = resolve_melee(ScriptedDice([10, 10, 10, 10]), MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB, defending=True)))
    assert not r.counter_strike


def test_martial_good_defence_against_unarmed_counter_strikes():
    """Martial and non-Martial Weapons / Counter Strikes: a good defence with a martial weapon
    against an unarmed attack earns a counter strike."""
    puncher = Character("P", {"agility": 3}, {"Brawl": 2}, weapon=FIST)
    r = resolve_melee(ScriptedDice([2, 20]), MeleeAttack(Fighter(puncher, defending=True), Fighter(BOB, defending=True)))
    assert not r.hit and r.counter_strike


def test_automatic_strike_has_no_defence():
    """Automatic Strikes: no defence, against the base difficulty."""
    plan = plan_melee(MeleeAttack(Fighter(ANN), Fighter(BOB, defending=True), automatic=True))
    assert plan.defence is None and plan.base_difficulty == 15


def test_merging_free_strikes():
    """Free Strikes: several from one action merge into one automatic strike."""
    assert merge_strikes(1) == "free strike"
    assert merge_strikes(2) == "automatic strike"
    assert merge_strikes(0) is None


def test_manoeuvres_need_their_degree_and_stance():
    """Melee Manoeuvres: improved damage needs excellent and the aggressive stance; below the
    degree the attack fails completely; +5 damage."""
    assert isinstance(plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB), manoeuvre="improved_damage")), Impossible)
    atk = MeleeAttack(Fighter(ANN, stance="aggressive", defending=True), Fighter(BOB), manoeuvre="improved_damage")
    # attack 29 + d20 vs 15: die 5 = 34 (good, not excellent): fails completely
    r = resolve_melee(ScriptedDice([5]), atk)
    assert not r.hit
    r = resolve_melee(ScriptedDice([7, 10, 1]), atk)  # 36: excellent
    assert r.hit and "fatigue" in r.effects
    assert r.damage.damage_roll.total == 12 + 8 + 5 + 5 + 10


def test_overwhelm_and_knockdown():
    """Overwhelming attacks: -5 per level to the foe; Knockdown: stun damage, prone if the
    damage roll beats strength x 10."""
    r = resolve_melee(ScriptedDice([12]), MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB), manoeuvre="overwhelm"))
    assert r.hit and "overwhelmed:-15" in r.effects and r.damage is None  # 36 vs 15: excellent
    atk = MeleeAttack(Fighter(ANN, stance="aggressive", defending=True), Fighter(BOB), manoeuvre="knockdown")
    r = resolve_melee(ScriptedDice([10, 15, 1]), atk)
    assert r.hit and r.damage.kind == "stuns"
    assert "prone" in r.effects  # damage 12 + 8 + 5 + 15 = 40 > 30


def test_fumble_outcome_chosen_by_the_more_skilled():
    """Fumbles in Combat: you choose unless the opponent has the higher skill."""
    r = resolve_melee(ScriptedDice([1, 10]), MeleeAttack(Fighter(BOB, defending=True), Fighter(ANN, defending=True)))
    assert not r.hit and r.fumble_outcome == "drop_weapon"
    r = resolve_melee(ScriptedDice([1, 10]), MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB, defending=True)))
    assert r.fumble_outcome == "fatigue"
    # Ann (skill 5) chooses Bob's defence fumble: his defence fails, base difficulty only.
    r = resolve_melee(ScriptedDice([2, 1, 10, 10]), MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB, defending=True)))
    assert r.defence_fumble_outcome == "fail_defence" and r.hit and r.attack_roll.target == 15


def test_drawing_and_retreat():
    """Drawing a weapon: -5 per reach; Retreat: +3 defence per metre up to agility."""
    plan = plan_melee(MeleeAttack(Fighter(ANN, drawing=True, defending=True),
                                  Fighter(BOB, stance="defensive", retreat_m=5, defending=True)))
    assert plan.attack.base == 24 - 10
    assert plan.defence.base == 12 + 4 + 5 + 9  # agility 3: at most 3 m, +9


def test_grappled_with_reach_weapon_halves_and_fumbles_more():
    """Stance, Grappled: a weapon with reach above zero halves skill rolls, +2 fumble per reach."""
    plan = plan_melee(MeleeAttack(Fighter(ANN, stance="grappled", defending=True), Fighter(BOB)))
    assert plan.attack.halve and plan.attack.fumble_chance == 1 + 4


def test_describe_names_everything():
    r = resolve_melee(ScriptedDice([8, 16, 10, 10]),
                      MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB, defending=True)))
    text = r.describe()
    assert "Dex 4 x Melee 5 + attack +4 + d20 (8) = 32 vs defence 32" in text
    assert "Str 3 x 4" in text and "soak 12" in text


def test_grapple_needs_good_hit_then_strength_brawl_contest():
    """Grapple (good, unarmed): on success an immediate contest of Strength x Brawl; winning it
    leaves both grappled."""
    wrestler = Character("W", {"agility": 4, "strength": 4}, {"Brawl": 5}, weapon=FIST)
    atk = MeleeAttack(Fighter(wrestler, defending=True), Fighter(BOB), manoeuvre="grapple")
    # attack 20 + 5 = 25 vs 15: good; contest W 20 + 15 = 35 against Bob 3 x 2 + 10 = 16
    r = resolve_melee(ScriptedDice([5, 15, 10]), atk)
    assert r.hit and "grappled" in r.effects
    r = resolve_melee(ScriptedDice([5, 1, 20]), atk)  # W fumbles the contest
    assert "hold broken" in r.effects
    assert isinstance(plan_melee(MeleeAttack(Fighter(ANN), Fighter(BOB), manoeuvre="grapple")), Impossible)


def test_vital_strike_check():
    """Vital strike: Health x Size at 20 + 5 x wounds caused; failure falls fatally wounded."""
    from engine.yags.ruleset import YagsRuleset, vital_strike_check

    assert vital_strike_check(ScriptedDice([4]), BOB, 2).target == 30
    assert vital_strike_check(ScriptedDice([4]), BOB, 2).total == 15 + 4
    rules = YagsRuleset(catalogue=None)
    atk = MeleeAttack(Fighter(ANN, stance="aggressive", defending=True), Fighter(BOB), manoeuvre="vital_strike")
    r = resolve_melee(ScriptedDice([7, 10, 10]), atk)  # 36 vs 15: excellent; damage 35 vs soak 22: 3 wounds
    assert r.hit and r.damage.levels == 3
    applied = rules.apply(ScriptedDice([3, 15]), BOB, Condition(), r)  # vital 18 vs 35 fails; fatal check 27 vs 20
    assert applied.state.wounds == 6
    assert applied.state.status == "unconscious"


SHIELD = Weapon(id="rs", name="Round shield", kind="melee", skill="Melee", attack=2, defence=7, reach=1,
                strength=2, weapon_class=("shield",))


def test_second_weapon_adds_half_its_defence():
    """Melee 3: with a second weapon, half (round up) of its defence bonus is added: a round
    shield's 7 gives +4. A shield cannot be used whilst grappled (Stance, Grappled)."""
    carl = Character("Carl", {"dexterity": 3}, {"Melee": 4}, weapon=SWORD, second_weapon=SHIELD)
    plan = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(carl, defending=True)))
    assert plan.defence.base == 12 + 4 + 4
    held = Fighter(carl, stance="grappled", grappling="Ann", defending=True)
    plan = plan_melee(MeleeAttack(Fighter(ANN, defending=True), held))
    assert plan.defence.base == 12 + 4
    brawler = Character("Dan", {"agility": 4}, {"Brawl": 4}, weapon=KNIFE, second_weapon=SHIELD)
    plan = plan_melee(MeleeAttack(Fighter(ANN, defending=True), Fighter(brawler, defending=True)))
    assert plan.defence.base == 16 + 1  # Brawl lists no second-weapon bonus


def test_grappled_defends_and_attacks_only_the_partner():
    """Stance, Grappled: neither can defend against attacks made by others, nor attack anyone
    other than the person they are grappling; a shield cannot be used."""
    bob = Fighter(BOB, stance="grappled", grappling="Carl", defending=True)
    assert plan_melee(MeleeAttack(Fighter(ANN, defending=True), bob)).defence is None
    carl = Character("Carl", {"dexterity": 3}, {"Melee": 4}, weapon=SWORD)
    assert plan_melee(MeleeAttack(Fighter(carl, defending=True), bob)).defence is not None
    assert isinstance(plan_melee(MeleeAttack(bob, Fighter(ANN))), Impossible)
    assert not isinstance(plan_melee(MeleeAttack(bob, Fighter(carl))), Impossible)
    shield_only = Character("S", weapon=SHIELD)
    assert isinstance(plan_melee(MeleeAttack(Fighter(shield_only, stance="grappled"), Fighter(BOB))), Impossible)


def test_retreating_fighter_may_not_attack():
    """Retreat: up to agility metres at +3 defence each, but no attacks that turn."""
    out = plan_melee(MeleeAttack(Fighter(BOB, stance="defensive", retreat_m=2, defending=True), Fighter(ANN)))
    assert isinstance(out, Impossible) and "retreat" in out.reason


def test_crushing_weapon_knocks_back_with_five_more():
    """Special properties, Crushing: +5 to damage for purposes of knockback; Knockdown: prone
    if the damage roll is greater than strength x 10 (Bob: 30)."""
    mace = Weapon(id="m", name="Mace", kind="melee", skill="Melee", damage=5, reach=1)
    crushing = Weapon(**{**mace.__dict__, "properties": frozenset({"crushing"})})
    for weapon, prone in ((mace, False), (crushing, True)):
        ann = Character("Ann", {"dexterity": 4, "strength": 3}, {"Melee": 5}, weapon=weapon)
        atk = MeleeAttack(Fighter(ann, stance="aggressive", defending=True), Fighter(BOB), manoeuvre="knockdown")
        # attack 20 + 5 + d20 (5) = 30 vs 15: good; damage 12 + 5 + 5 + d20 (8) = 30
        r = resolve_melee(ScriptedDice([5, 8, 10]), atk)
        assert r.hit and r.damage.damage_roll.total == 30
        assert ("prone" in r.effects) is prone


def test_counter_strikes_do_not_chain():
    """Free Strikes: a single foe only gets one counter strike for a given action; a counter
    strike (or free strike) made without a declared defence earns no counter in return."""
    for kind in ("counter strike", "free strike"):
        r = resolve_melee(ScriptedDice([10, 10, 10, 10]), MeleeAttack(Fighter(ANN), Fighter(BOB, defending=True), kind=kind))
        assert not r.counter_strike


def test_unarmed_means_reach_zero_not_just_non_martial():
    """Martial and non-Martial Weapons: an unarmed attack uses natural weapons or non-martial
    weapons with a reach of zero (a knife is one); a martial defender's good defence against
    it earns a counter strike. A stun baton with reach 1 is neither martial nor unarmed."""
    baton = Weapon(id="b", name="Baton", kind="melee", skill="Melee", damage=4, reach=1, damage_type="stuns")
    assert KNIFE.unarmed and not KNIFE.martial and FIST.unarmed
    assert not baton.martial and not baton.unarmed and not SWORD.unarmed
    for weapon, counter in ((KNIFE, True), (baton, False)):
        thug = Character("T", {"dexterity": 3}, {"Melee": 2}, weapon=weapon)
        # attack 6 + d20 (2) at most 9; Bob's defence 12 + 4 + d20 (20) = 36: good by far
        r = resolve_melee(ScriptedDice([2, 20]), MeleeAttack(Fighter(thug, defending=True), Fighter(BOB, defending=True)))
        assert not r.hit and r.counter_strike is counter


def test_disarm_needs_excellent_and_a_failed_unarmed_one_is_countered():
    """Disarm (excellent): the foe loses a weapon; made as an unarmed attack, a failure
    invokes a counter strike."""
    r = resolve_melee(ScriptedDice([16]), MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB), manoeuvre="disarm"))
    assert r.hit and "disarmed" in r.effects and r.damage is None  # 40 vs 15: excellent
    r = resolve_melee(ScriptedDice([10]), MeleeAttack(Fighter(ANN, defending=True), Fighter(BOB), manoeuvre="disarm"))
    assert not r.hit and not r.counter_strike  # 34: good only; a sword is not unarmed
    boxer = Character("Box", {"agility": 4}, {"Brawl": 5}, weapon=FIST)
    r = resolve_melee(ScriptedDice([14]), MeleeAttack(Fighter(boxer, defending=True), Fighter(BOB), manoeuvre="disarm"))
    assert not r.hit and r.counter_strike  # 34 vs 15: good, not excellent
