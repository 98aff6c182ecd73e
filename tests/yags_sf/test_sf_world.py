"""engine/yags_sf/world.py: the world's actions as Yags SF declarations (Special Attacks,
Special Firearm Attacks), knockdown as an effect, the AI's worth of a preview, the attack
options it weighs, and the catalogue as `skirmish rules` lists it."""

from fractions import Fraction

import pytest

from engine.rolls import Roll
from engine.ruleset import AttackRequest, Intent, Participant, Situation
from engine.yags_sf.character import Condition
from engine.yags_sf.plan import AttackResult, DamageRoll
from engine.yags_sf.round import roll_initiative
from engine.yags_sf.ruleset import YagsSFRuleset
from engine.yags_sf.world import attack_options, expected_harm, knocked

R = YagsSFRuleset()
RIFLEMAN = R.make_combatant({"name": "Rifleman", "role": "rifleman"})
PISTOL = R.make_combatant({"name": "Pistol", "role": "pistol"})
SWORDSMAN = R.make_combatant({"name": "Swordsman", "role": "swordsman"})


def declared(fighter, tag, mode="", options=None, move="none", **choices):
    return R.declare(fighter, Condition(), intent=Intent(tag, mode, options or {}, "Foe", move), **choices)


def test_the_grid_attacks_are_the_texts_firearm_attacks():
    """Special Firearm Attacks: a burst is full auto, a triple a triple shot, several shots
    multiple shots; the snap shot two of them, the careful shot the single shot."""
    assert declared(RIFLEMAN, "attack", "burst", {"bursts": 2}).special == "full_auto"
    assert declared(RIFLEMAN, "attack", "burst", {"bursts": 2}).bursts == 2
    assert declared(RIFLEMAN, "attack", "triple").special == "triple_shot"
    d = declared(PISTOL, "attack", "shot", {"shot": "snap"})
    assert d.special == "multiple_shots" and d.shots == 2
    assert declared(PISTOL, "attack", "shot", {"shots": 3}).shots == 3
    assert declared(RIFLEMAN, "attack", "shot", {"shot": "careful"}).special == "single_shot"
    assert declared(RIFLEMAN, "attack", "shot").special is None
    assert declared(RIFLEMAN, "attack", "shot").target == "Foe"


def test_stances_are_the_aggressive_and_defensive_special_attacks_in_melee():
    """Aggressive: "+5 bonus to attack and initiative rolls"; Defensive: "-10 penalty to your
    attack and initiative"."""
    assert declared(SWORDSMAN, "attack", "melee", stance="aggressive").special == "aggressive"
    assert declared(SWORDSMAN, "attack", "melee", stance="defensive").special == "defensive"
    assert declared(SWORDSMAN, "attack", "melee", {"special": "disarm"}, stance="aggressive").special == "disarm"
    assert declared(SWORDSMAN, "hold", stance="defensive").special is None
    assert declared(SWORDSMAN, "attack", "melee", {"subduing": True}).subduing


def test_a_declaration_changes_initiative():
    """Initiative after the declarations: a single shot rolls 10 lower; a disarm loses it."""
    from engine.dice import ScriptedDice

    plain = roll_initiative(ScriptedDice([5, 5]), RIFLEMAN, Condition(), declared(RIFLEMAN, "attack", "shot"))
    single = roll_initiative(ScriptedDice([5, 5]), RIFLEMAN, Condition(),
                             declared(RIFLEMAN, "attack", "shot", {"shot": "careful"}))
    assert single.value == plain.value - 10
    disarm = roll_initiative(ScriptedDice([5, 5]), SWORDSMAN, Condition(),
                             declared(SWORDSMAN, "attack", "melee", {"special": "disarm"}))
    assert disarm.lost


@pytest.mark.parametrize("tag,move,action", [
    ("move", "free", "move"), ("move", "run", "run"), ("move", "sprint", "sprint"), ("full_dodge", "free", "move"),
    ("pick_up", "none", "move"), ("hold", "none", "nothing"), ("aim", "none", "aim"), ("reload", "none", "reload"),
    ("throw", "none", "throw"), ("first_aid", "none", "first_aid"), ("stand", "none", "move")])
def test_each_world_action_is_a_declared_action(tag, move, action):
    assert declared(RIFLEMAN, tag, move=move).action == action


def test_rest_and_stand():
    """Fatigue in Combat: "spend a round resting"; Knockdown: regaining the feet."""
    assert R.declare(RIFLEMAN, Condition(), intent=Intent("hold"), rest=True).action == "rest"
    down = Condition(prone=True)
    assert R.declare(RIFLEMAN, down, intent=Intent("stand")).action == "stand"


def test_no_attack_after_a_run():
    with pytest.raises(ValueError, match="run allows no attack"):
        declared(SWORDSMAN, "attack", "melee", move="run")
    assert declared(SWORDSMAN, "attack", "melee", move="free").action == "attack"


def test_a_knockdown_shows_as_prone():
    roll = Roll("damage", (), None, 40)
    hit = AttackResult("A", "B", None, None, True, DamageRoll(roll, 20, 20, 4, True, False, False))
    assert knocked(hit).effects == ("prone",)
    assert knocked(AttackResult("A", "B", None, None, False)).effects == ()
    assert "prone" not in knocked(hit).describe()  # the damage line says it


def test_expected_harm_counts_the_levels_reached_and_more_for_critical_and_fatal():
    """The AI's worth: wound levels, critical 6 and fatal 9, fatigue half, never more than 9;
    a sure hit taking an unhurt target to serious is worth 4, an even chance of taking a
    serious one to critical 1."""

    class P:
        kind = "wounds"
        p_knockdown = Fraction(0)

        def __init__(self, outcome, before=(0, 0)):
            self.p_outcome, self.before = outcome, before

    assert expected_harm(P({(4, 0): Fraction(1)})) == 4
    assert expected_harm(P({(4, 0): Fraction(1, 2), (5, 0): Fraction(1, 2)}, (4, 0))) == 1.0
    assert expected_harm(P({(0, 0): Fraction(1, 2), (6, 0): Fraction(1, 2)})) == 4.5
    assert expected_harm(P({(6, 3): Fraction(1)}, (6, 0))) == 0  # no worth beyond fatal


def test_expected_harm_of_a_real_preview_is_capped_at_fatal():
    a, t = Participant("A", RIFLEMAN, Condition()), Participant("T", RIFLEMAN, Condition())
    shot = R.preview(AttackRequest(a, t, "shot", {}, Situation(distance_m=20)))
    burst = R.preview(AttackRequest(a, t, "burst", {"bursts": 3}, Situation(distance_m=20)))
    assert 0 < R.expected_harm(shot) < R.expected_harm(burst) <= 9 + 0.5


def test_attack_options_follow_the_weapon():
    """Multiple Shots for "~" and automatic weapons; bursts as the rate of fire (50: five)
    and the magazine (30 rounds: three) allow, two at most."""
    rifle, pistol = RIFLEMAN.weapon, PISTOL.weapon
    assert attack_options(rifle, "burst") == ({}, {"bursts": 2})
    assert attack_options(rifle, "shot") == ({}, {"shot": "careful"}, {"shots": 3})
    assert attack_options(pistol, "burst") == ({},)
    assert {"shots": 3} in attack_options(pistol, "shot") and {"shot": "careful"} in attack_options(pistol, "shot")
    laser = R.catalogue.weapon("laser_rifle")
    assert attack_options(laser, "shot") == ({}, {"shot": "careful"})  # one shot a round
    assert attack_options(SWORDSMAN.weapon, "melee") == ({},)


def test_the_catalogue_lists_the_texts_tables():
    lines = R.catalogue_lines("weapons")
    text = "\n".join(lines)
    assert "assault_rifle" in text and "great_sword" in text and "frag_grenade" in text
    rifle = next(line for line in lines if line.split()[0] == "assault_rifle")
    assert rifle.split()[1:6] == ["rifles", "+9", "+12", "20", "10"]  # Init, Attk, Dmg, Str
    armour = R.catalogue_lines("armour")
    assert armour[0].startswith("armour:") and any("battle_dress.full" in a and "+25" in a for a in armour)
