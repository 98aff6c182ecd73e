"""yags-combat.md: Inflicting Damage, Stun Damage, the health checks, armour and weapon
properties, size effects."""

from engine.dice import ScriptedDice
from engine.yags.character import Character
from engine.yags.damage import armour_against, damage_kind, roll_damage
from engine.yags.equipment import Armour, ArmourPiece, Weapon
from engine.yags.health import DEAD, OK, UNCONSCIOUS, Condition, end_of_round, take_damage

SWORD = Weapon(id="sword", name="Sword", kind="melee", skill="Melee", attack=4, defence=4, damage=8, reach=2)
SPEAR = Weapon(id="spear", name="Spear", kind="melee", skill="Melee", damage=8, reach=3,
               properties=frozenset({"impaling"}))
CLUB = Weapon(id="club", name="Club", kind="melee", skill="Melee", damage=5, reach=1, damage_type="mixed",
              properties=frozenset({"light"}))
AXE = Weapon(id="axe", name="Axe", kind="melee", skill="Melee", damage=6, reach=1, properties=frozenset({"heavy"}))
RIFLE = Weapon(id="rifle", name="M16", kind="missile", skill="Rifles", damage=26, muscle=False,
               properties=frozenset({"firearm"}), increment=30, short=550, medium=800, long=2400)
HEAVY_RIFLE = Weapon(id="hr", name="HMG", kind="missile", skill="Guns", damage=40, muscle=False,
                     properties=frozenset({"firearm", "heavy"}))
LIGHT_PISTOL = Weapon(id="lp", name="Pocket pistol", kind="missile", skill="Pistols", damage=14, muscle=False,
                      properties=frozenset({"firearm", "light"}))

LEATHER = ArmourPiece("leather", "Soft leather jacket", 2, 0.5, frozenset({"torso", "arms"}), frozenset({"soft"}))
HAUBERK = ArmourPiece("hauberk", "Chain hauberk", 8, 4, frozenset({"torso", "arms", "legs"}),
                      frozenset({"heavy", "mail"}))
KEVLAR = ArmourPiece("kevlar", "Kevlar vest", 6, 2, frozenset({"torso"}), frozenset({"bullet_proof", "soft"}))
HELM = ArmourPiece("helm", "Metal helm", 1, 0.5, frozenset({"head"}))


def test_damage_roll_is_strength_times_four_plus_weapon_and_soak_roll():
    """Inflicting Damage (rules/README.md reading): strength x 4 + weapon damage + d20 against
    soak + armour + d20; 1 wound plus 1 per 5 over."""
    attacker = Character("a", {"strength": 3})
    target = Character("t", armour=Armour((HELM,)))
    r = roll_damage(ScriptedDice([10, 5]), attacker, SWORD, target)
    assert r.damage_roll.total == 12 + 8 + 10
    assert r.soak_roll.total == 12 + 1 + 5
    assert r.levels == 1 + (30 - 18) // 5
    assert r.kind == "wounds"
    assert "Str 3 x 4" in r.damage_roll.describe()


def test_firearm_damage_is_its_number_and_halves_armour():
    """Missile Weapon Properties, Firearms: straight damage + d20; armour not bullet-proof
    halved."""
    target = Character("t", armour=Armour((HAUBERK,)))
    r = roll_damage(ScriptedDice([10, 10]), Character("a", {"strength": 5}), RIFLE, target)
    assert r.damage_roll.total == 26 + 10
    assert r.soak_roll.total == 12 + 4 + 10


def test_bullet_proof_not_halved_heavy_firearm_ignores_others():
    """Bullet Proof: not halved against firearms. Heavy firearms ignore non-bullet-proof
    armour and halve light bullet-proof armour."""
    suit = Armour((KEVLAR, HELM))
    assert armour_against(suit, RIFLE, "wounds").value == 6 + 1  # 6 + 0.5, rounded once
    assert armour_against(suit, HEAVY_RIFLE, "wounds").value == 3


def test_light_firearm_against_bullet_proof_is_a_kind_less():
    """Missile Weapon Properties, Light: against heavy or bullet-proof armour, one category
    less."""
    eff = armour_against(Armour((KEVLAR,)), LIGHT_PISTOL, "wounds")
    assert eff.kind_shift == -1
    assert damage_kind(LIGHT_PISTOL, eff.kind_shift, 5, 5) == "mixed"


def test_impaling_halves_mail_heavy_halves_light_armour_light_weapon_vs_heavy():
    """Special properties: impaling halves mail; heavy weapons halve light armour; light
    weapons do one kind less against heavy armour (Properties of armour)."""
    mail = Armour((HAUBERK,))
    assert armour_against(mail, SPEAR, "wounds").value == 4
    assert armour_against(mail, SWORD, "wounds").value == 8
    leather = Armour((LEATHER,))
    assert armour_against(leather, AXE, "wounds").value == 1
    eff = armour_against(mail, CLUB, "mixed")
    assert eff.kind_shift == -1 and damage_kind(CLUB, eff.kind_shift, 5, 5) == "stuns"


def test_soft_armour_doubles_against_stuns_and_mixed():
    """Soft: doubled against stun and mixed attacks, halved against impaling."""
    leather = Armour((LEATHER,))
    assert armour_against(leather, CLUB, "mixed").value == 4
    assert armour_against(leather, SPEAR, "wounds").value == 1


def test_heavy_suit_rule():
    """Properties of armour: heavy covering torso and arms (or legs) makes the suit heavy."""
    assert Armour((HAUBERK,)).heavy
    vest = ArmourPiece("v", "Chain vest", 5, 3, frozenset({"torso"}), frozenset({"heavy"}))
    assert not Armour((vest,)).heavy
    assert Armour((vest, ArmourPiece("g", "Greaves", 2, 1, frozenset({"legs"}), frozenset({"heavy"})))).heavy


def test_size_shifts_damage_down_for_an_elephant():
    """Size effects on Damage: a size 15 target shifts a size 5 attacker's wounds to mixed."""
    elephant = Character("e", size=15)
    r = roll_damage(ScriptedDice([10, 10]), Character("a"), SWORD, elephant)
    assert r.kind == "mixed"


def test_fatal_wounds_health_check_example():
    """Inflicting Damage: heavily wounded (4) + 3 wounds: health check at 25. Fail: dead."""
    c = Character("v", {"health": 3})
    out = take_damage(ScriptedDice([12]), c, Condition(wounds=4), 3, "wounds")
    assert out.rolls[0].target == 25
    assert out.rolls[0].total == 24
    assert out.condition.status == DEAD
    out = take_damage(ScriptedDice([13]), c, Condition(wounds=4), 3, "wounds")
    assert out.condition.status == UNCONSCIOUS
    out = take_damage(ScriptedDice([20]), c, Condition(wounds=4), 3, "wounds")
    assert out.condition.status == UNCONSCIOUS  # 32 vs 25: a success, not good
    strong = Character("s", {"health": 6})
    out = take_damage(ScriptedDice([19]), strong, Condition(wounds=4), 3, "wounds")
    assert out.condition.status == OK and out.condition.fighting_on


def test_good_success_fights_on_but_checks_each_round():
    """Inflicting Damage: a good success continues fighting, checking at 20 each round."""
    c = Character("v", {"health": 3})
    cond = Condition(wounds=6, fighting_on=True)
    assert end_of_round(ScriptedDice([1]), c, cond).condition.status == DEAD
    assert end_of_round(ScriptedDice([10]), c, cond).condition.status == UNCONSCIOUS
    assert end_of_round(ScriptedDice([18]), c, cond).condition.status == OK


def test_beaten_check_failure_is_unconscious_not_dead():
    """Stun Damage: reaching beaten, a failed health check knocks out; success stands."""
    c = Character("v", {"health": 3})
    out = take_damage(ScriptedDice([2]), c, Condition(stuns=3), 6, "stuns")
    assert out.condition.stuns == 6 and out.condition.status == UNCONSCIOUS
    out = take_damage(ScriptedDice([9]), c, Condition(stuns=3), 6, "stuns")
    assert out.condition.status == OK


def test_vitals_bonus_applies_to_the_check_after_a_hit():
    """Properties of armour, Vitals: a bonus to health checks right after being hit."""
    c = Character("v", {"health": 3})
    out = take_damage(ScriptedDice([12]), c, Condition(wounds=4), 3, "wounds", vitals=2)
    assert out.rolls[0].total == 26 and out.condition.status == UNCONSCIOUS


def test_triple_auto_doubles_wounds():
    """Triple Auto: any wounds caused are doubled."""
    c = Character("v")
    assert take_damage(ScriptedDice([]), c, Condition(), 2, "wounds", wound_multiplier=2).condition.wounds == 4
    out = take_damage(ScriptedDice([]), c, Condition(), 3, "mixed", wound_multiplier=2).condition
    assert (out.stuns, out.wounds) == (2, 2)


def test_explosion_stun_divisor():
    """Explosive damage: beyond triple radius stuns divided by 5 (19 -> 3)."""
    out = take_damage(ScriptedDice([]), Character("v"), Condition(), 19, "stuns", stun_divisor=5)
    assert out.condition.stuns == 3


def test_dead_stay_dead_and_no_damage_no_change():
    c = Character("v")
    dead = Condition(wounds=9, status=DEAD)
    assert take_damage(ScriptedDice([]), c, dead, 5, "wounds").condition == dead
    assert take_damage(ScriptedDice([]), c, Condition(), 0, "wounds").condition == Condition()


def test_armour_piercing_halves_or_ignores_armour_and_does_mixed():
    """Missile Weapon Properties, Armour Piercing: all armour is halved (or ignored, if already
    halved), but damage caused is mixed."""
    ap = Weapon(id="ap", name="AP rifle", kind="missile", skill="Rifles", damage=26, muscle=False,
                properties=frozenset({"firearm", "armour_piercing"}))
    # the hauberk is not bullet-proof: halved by the firearm, then ignored by the AP round
    assert armour_against(Armour((HAUBERK,)), ap, "mixed").value == 0
    # the kevlar vest is bullet-proof (not halved by the firearm): the AP round halves it
    assert armour_against(Armour((KEVLAR,)), ap, "mixed").value == 3
    r = roll_damage(ScriptedDice([10, 10]), Character("a"), ap, Character("t", armour=Armour((KEVLAR,))))
    assert r.kind == "mixed" and r.soak_roll.total == 12 + 3 + 10


def test_thrusting_weapon_used_two_handed_is_impaling():
    """Special properties, Thrusting: used two handed it counts as impaling, and impaling
    halves mail (a hauberk of 8 gives 4)."""
    from engine.yags.attack import Fighter
    from engine.yags.melee import MeleeAttack, plan_melee

    pike = Weapon(id="pike", name="Pike", kind="melee", skill="Melee", damage=9, reach=3,
                  weapon_class=("great",), properties=frozenset({"thrusting", "two_handed"}))
    spear = Weapon(id="sp", name="Spear", kind="melee", skill="Melee", damage=9, reach=3,
                   weapon_class=("single",), properties=frozenset({"thrusting"}))
    knight = Character("k", armour=Armour((HAUBERK,)))

    def soak(weapon):
        plan = plan_melee(MeleeAttack(Fighter(Character("a", weapon=weapon)), Fighter(knight)))
        return sum(t.value for t in plan.damage.soak_terms)

    assert soak(pike) == 12 + 4
    assert soak(spear) == 12 + 8  # one handed: not impaling


def test_fatal_wounds_while_unconscious_still_call_the_check():
    """Inflicting Damage: "as soon as you receive damage that takes you to fatally wounded or
    beyond" the health check is made, unconscious or not: failure is death. Heavily wounded
    (4) + 3 wounds: 25; health 3: 12 + d20 (12) = 24 dies, 12 + 13 = 25 stays unconscious."""
    c = Character("v", {"health": 3})
    down = Condition(wounds=4, status=UNCONSCIOUS)
    out = take_damage(ScriptedDice([12]), c, down, 3, "wounds")
    assert out.rolls[0].target == 25 and out.condition.status == DEAD
    out = take_damage(ScriptedDice([13]), c, down, 3, "wounds")
    assert out.condition.status == UNCONSCIOUS and out.condition.wounds == 7
    # stuns alone never call the fatal check
    assert take_damage(ScriptedDice([]), c, Condition(stuns=6, status=UNCONSCIOUS), 2, "stuns").rolls == ()


def test_first_aid_worked_example_and_outcomes():
    """Healing and First aid: Intelligence x First aid against 10 + half the wound and stun
    penalties (round up): moderate wounds (-10) and light stuns (-5): 10 + 15 / 2 = 18.
    Success stabilises, a good success heals one wound; stuns have base 0 and each level of
    success heals one stun."""
    from engine.yags.health import FIRST_AID_ROUNDS, first_aid

    medic = Character("m", {"intelligence": 3}, {"First aid": 4})  # 12 + d20
    patient = Condition(wounds=3, stuns=2)
    out = first_aid(ScriptedDice([6]), medic, Condition(), patient)
    assert out.rolls[0].target == 18 and out.rolls[0].total == 18
    assert out.condition.stabilised and out.condition.wounds == 3
    out = first_aid(ScriptedDice([16]), medic, Condition(), patient)  # 28: good
    assert out.condition.wounds == 2
    out = first_aid(ScriptedDice([5]), medic, Condition(), patient)  # 17: fails
    assert out.condition == patient
    # stuns: 0 + 15 / 2 = 8; 12 + d20 (6) = 18 is 10 over: good, two stuns healed
    out = first_aid(ScriptedDice([6]), medic, Condition(), patient, stuns=True)
    assert out.rolls[0].target == 8 and (out.condition.stuns, out.condition.wounds) == (0, 3)
    out = first_aid(ScriptedDice([1]), medic, Condition(), patient, stuns=True)  # fumble
    assert out.condition == patient
    # the healer's own penalties count ("you suffer your full penalties")
    hurt = first_aid(ScriptedDice([16]), medic, Condition(wounds=2), patient)
    assert hurt.rolls[0].total == 28 - 5 and hurt.condition.wounds == 3
    assert FIRST_AID_ROUNDS == 12  # tending takes one minute of five-second rounds


def test_first_aid_stops_the_fatal_checks():
    """Healing and First aid: beaten and fatally wounded, the difficulty is 50; Fatal Wounds:
    the checks go on "until you receive medical attention", and a fresh wound bleeds again."""
    from engine.yags.health import first_aid

    surgeon = Character("s", {"intelligence": 4}, {"First aid": 8})  # 32 + d20
    dying = Condition(wounds=6, stuns=6, status=UNCONSCIOUS, rounds_unconscious=11)
    out = first_aid(ScriptedDice([18]), surgeon, Condition(), dying)
    assert out.rolls[0].target == 50 and out.condition.stabilised
    # a minute passes with no health check (ScriptedDice would run out if one were rolled)
    assert end_of_round(ScriptedDice([]), Character("v"), out.condition).condition.status == UNCONSCIOUS
    fresh = take_damage(ScriptedDice([15]), Character("v"), out.condition, 1, "wounds")
    assert not fresh.condition.stabilised and fresh.rolls[0].target == 25


def test_fatigue_track_reading():
    """Fatigue (reading, rules-notes): health + 3 levels before Exhausted, with the wound
    table's penalties; Exhausted is -40; fatigue penalties add to wounds and stuns."""
    c = Character("v", {"health": 3})
    assert c.fatigue_track == 6
    assert [Condition(fatigue=n).fatigue_penalty(c.fatigue_track) for n in range(7)] == [0, 0, -5, -10, -15, -25, -40]
    assert Condition(fatigue=6).fatigue_penalty(Character("h", {"health": 5}).fatigue_track) == -25
    assert Condition(wounds=2, stuns=3, fatigue=2).penalty(6) == -20


def test_shock_lowers_initiative_to_zero_then_halves_and_slows():
    """Shock and Pain: shock reduces initiative, never below zero, from the next round; at
    zero all actions are slow and all rolls are halved."""
    from engine.yags.attack import Fighter
    from engine.yags.health import add_shock
    from engine.yags.melee import MeleeAttack, plan_melee
    from engine.yags.ruleset import YagsRuleset

    rules = YagsRuleset(catalogue=None)
    cond = add_shock(add_shock(Condition(), 5), 10)
    assert cond.shock == 15 and add_shock(cond, -3).shock == 15
    assert rules.initiative_now(22, cond) == 7
    assert rules.initiative_now(12, cond) == 0
    ann = Character("Ann", {"dexterity": 4}, {"Melee": 5}, weapon=SWORD)
    decl = rules.declare(ann, cond, initiative=0)
    assert decl.initiative_zero
    plan = plan_melee(MeleeAttack(Fighter(ann, initiative_zero=True, defending=True), Fighter(Character("Bob"))))
    assert plan.attack.halve and plan.attack.total(10) == (20 + 4 + 10 + 1) // 2


def test_choosing_and_stacking_armour():
    """Choosing armour: soft leather trousers (2) and a soft leather jacket (2) total 4.
    Stacking Armour: armour cannot be layered (only the best counts) unless made to: soft
    leather under chain or plate, plate over chain, a helm over a chain coif."""
    from engine.yags.catalogue import default_catalogue

    cat = default_catalogue()

    def suit(*ids):
        return Armour(tuple(cat.armour_piece(i) for i in ids))

    assert suit("soft_leather_trousers", "soft_leather_jacket").protection == 4
    assert suit("soft_leather_jacket", "chain_hauberk").protection == 2 + 8
    assert suit("plate_cuirass", "chain_hauberk", "soft_leather_jacket").protection == 3 + 8 + 2
    assert suit("metal_helm", "chain_coif").protection == 1 + 1
    assert suit("hard_leather_jacket", "quilted_jacket").protection == 4  # neither layers
    assert suit("chain_hauberk", "chain_leggings").protection == 8  # mail over mail: the best
    assert suit("plate_cuirass", "plate_shoulder_plates").protection == 3  # "cannot be combined"
    vest_and_flak = suit("kevlar_vest", "flak_jacket")
    assert vest_and_flak.protection == 6 and vest_and_flak.load == 1.5 + 4  # all still carried
    # the soak counts only what is worn: kevlar against a sword, the flak jacket ignored
    assert armour_against(vest_and_flak, SWORD, "wounds").value == 6
