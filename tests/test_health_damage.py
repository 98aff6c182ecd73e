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
