"""Each ruleset's exchange generator (`Ruleset.resolve_exchange`, engine/exchange_types.py)
driven directly, with no world (tests/exchange_drive.py stands in for the match): one
example from each ruleset's text, the steps the generator yields in order and what they
carry; and no effect travels as a string to parse (issue 28, the seam)."""

from __future__ import annotations

import re
from pathlib import Path

from exchange_drive import Table, drive

from engine.dice import ScriptedDice
from engine.exchange_types import (
    Ask,
    Astray,
    ExchangeRequest,
    GoesOn,
    Harmed,
    Reacted,
    Redeclared,
    Rolled,
    Spent,
)
from engine.mythras.ruleset import MythrasRuleset
from engine.ruleset import AttackRequest, Participant, Situation
from engine.stepdice.ruleset import StepRuleset
from engine.yags.ruleset import YagsRuleset
from engine.yags_sf.ruleset import YagsSFRuleset

ROOT = Path(__file__).resolve().parent.parent


def unit(rules, name: str, **spec) -> Participant:
    c = rules.make_combatant({"name": name, **spec})
    return Participant(name, c, rules.fresh_state(c), rules.declare(c, rules.fresh_state(c)))


def kinds(steps) -> list[str]:
    return [type(s).__name__ for s in steps]


def test_yags_firing_into_melee_fumbles_onto_a_random_target():
    """yags-combat.md, Firing into melee: "Firing into a melee involving six people, would
    give a +18 to the fumble chance, meaning the attacker has a chance of hitting a random
    target if the d20 roll is anything other than a 20"; "A fumble in this situation means
    that a random target is hit". The exchange takes up the target's declared defence (one
    per attacker: Declaring Defences), rolls (d20 19: a fumble), lands the miss and hands the
    world the random target (`Astray`). The same d20 in the shot that went astray (rolled
    with no crowd) is no fumble: it hits."""
    rules = YagsRuleset()
    soldier = {"attributes": {"str": 3, "agi": 3, "dex": 4, "per": 3}, "skills": {"Rifles": 5},
               "weapon": "m16_a1", "armour": ["kevlar_vest", "combat_helmet"]}
    ann = unit(rules, "Ann", **soldier)
    c = rules.make_combatant({"name": "Bob", **soldier})
    bob = Participant("Bob", c, rules.fresh_state(c), rules.declare(c, rules.fresh_state(c), defences=1))
    shot = AttackRequest(ann, bob, "shot", {}, Situation(distance_m=20, target_melee_crowd=6))
    table = Table(rules, ann, bob, declared=("Ann", "Bob"))
    steps, [result] = drive(rules.resolve_exchange(ScriptedDice([19, 10]), ExchangeRequest(shot), table),
                            table, "Ann")
    assert kinds(steps) == ["Redeclared", "Rolled", "Harmed", "Spent", "Astray"]
    assert isinstance(steps[0], Redeclared) and steps[0].holder == "Bob" and steps[0].declaration.covers("Ann")
    assert result.fumble_outcome == "random_target" and not result.hit
    assert isinstance(steps[1], Rolled) and steps[1].target == "Bob" and "fumble" in result.describe()
    assert isinstance(steps[2], Harmed) and steps[2].applied.state == bob.state and steps[2].effects == ()
    table = Table(rules, ann, bob, declared=("Ann", "Bob"))
    steps, [stray] = drive(rules.resolve_exchange(ScriptedDice([19, 10, 10, 10]), ExchangeRequest(shot, "stray"),
                                                  table), table, "Ann")
    assert not any(isinstance(s, Astray) for s in steps) and stray.hit
    assert table.units["Bob"].state.wounds == 2  # damage 26 + 10 = 36 against soak 12 + 8 + 10 = 30


def test_yags_sf_melee_meets_the_parry_and_a_shot_meets_none():
    """Yags SF 0.30a, Defence: "Firearms cannot be used in a defensive fashion"; Attack: "If
    the attack roll equals or exceeds the defence, then a successful attack has been made".
    A sword's blow takes up the defender's parry (and the attacker's own, at the one it
    fights): 11 x 4 + 12 + 2d10 (4, 5) = 65 equals the defence 11 x 4 + 8 + 4 + 2d10 (3, 6)
    = 65: a hit. A rifle's shot at the same swordsman takes up no defence: it is rolled
    against the range's difficulty alone."""
    rules = YagsSFRuleset()
    a, d = unit(rules, "A", role="swordsman"), unit(rules, "D", role="swordsman")
    table = Table(rules, a, d, declared=("A", "D"))
    blow = AttackRequest(a, d, "melee", {}, Situation(distance_m=1, tiles_apart=1))
    dice = ScriptedDice([4, 5, 3, 6] + [1] * 10)
    steps, [result] = drive(rules.resolve_exchange(dice, ExchangeRequest(blow), table), table, "A")
    assert [(s.holder, s.declaration.defend_against) for s in steps if isinstance(s, Redeclared)] == [
        ("D", "A"), ("A", "D")]
    assert "= 65 vs defence 65: success" in result.describe() and result.hit
    assert kinds(steps)[2:4] == ["Rolled", "Harmed"]
    r = unit(rules, "R", role="rifleman")
    table = Table(rules, r, d, declared=("R", "D"))
    shot = AttackRequest(r, d, "shot", {}, Situation(distance_m=20, tiles_apart=10))
    steps, [result] = drive(rules.resolve_exchange(ScriptedDice([4, 5] + [1] * 10), ExchangeRequest(shot), table),
                            table, "R")
    assert not any(isinstance(s, Redeclared) for s in steps) and "defence" not in result.describe()
    assert table.units["D"].declaration.defend_against is None


def test_mythras_parry_asked_after_the_attack_roll_deflects_by_size():
    """0005 Combat, Parry: "Parrying an attack with a weapon or shield of equal or greater
    Size deflects all damage", "of one Size less only deflects half damage". The exchange
    rolls the attack first (d100 30 against 79: a success), then asks the defender, who has
    seen it, for its reaction (none, parry, evade); the parry costs an Action Point
    (Reactive Actions) and is rolled (40: a success, equal levels: no special effect); the
    broadsword's 4 points are all deflected, a two-handed spear's (Large) 5 only half."""
    rules = MythrasRuleset()
    asked: list[Ask] = []

    def parry(ask: Ask) -> str:
        asked.append(ask)
        return "parry"

    for weapon, through in (("broad_sword", "4 rolled, 0 past the parry"), ("long_spear", "5 rolled, 2 past the parry")):
        a, d = unit(rules, "A", role="swordsman", weapon=weapon), unit(rules, "D", role="swordsman")
        table = Table(rules, a, d, declared=("A", "D"))
        blow = AttackRequest(a, d, "melee", {}, Situation(distance_m=1, tiles_apart=1))
        dice = ScriptedDice([30, 40, 2, 2, 2])
        steps, [result] = drive(rules.resolve_exchange(dice, ExchangeRequest(blow), table), table, "A", parry)
        assert dice.faces == [] and kinds(steps) == ["Redeclared", "Redeclared", "Ask", "Reacted", "Rolled", "Harmed",
                                                     "Spent"]
        assert asked[-1].of == "D" and asked[-1].question.kind == "reaction"
        assert [o.key for o in asked[-1].question.options] == ["none", "parry", "evade"]
        assert isinstance(steps[3], Reacted) and steps[3].state.ap == d.state.ap - 1
        lines = result.describe().splitlines()
        assert "d100 (30)" in lines[0] and "parry: d100 (40)" in lines[1] and any(through in x for x in lines)
        assert table.units["D"].state.hp == d.state.hp and isinstance(steps[5], Harmed)


def test_step_dice_an_unstated_dodge_is_asked_and_counts_as_an_action():
    """Step dice, Dodge: "Dodging counts as one action. Your defense difficulty now becomes
    Agility + Athletics / Dodge"; Innate Defense: "an unskilled agility roll if you are aware
    of the attacker". A defender that stated no defence is asked (innate, dodge or block,
    each with its exact chance of no hit), dodges: the attack (Agility d8 4 + Melee d8 3 =
    7) fails against the dodge (Agility d8 6 + Athletics d4 4 = 10), and its Turn carries
    the dodge as an action taken unstated."""
    rules = StepRuleset()
    a, d = unit(rules, "A", role="swordsman"), unit(rules, "D", role="swordsman")
    table = Table(rules, a, d, declared=("A", "D"))
    blow = AttackRequest(a, d, "melee", {}, Situation(distance_m=1, tiles_apart=1))
    asked: list[Ask] = []

    def dodge(ask: Ask) -> str:
        asked.append(ask)
        return "dodge"

    dice = ScriptedDice([4, 3, 6, 4])
    steps, [result] = drive(rules.resolve_exchange(dice, ExchangeRequest(blow), table), table, "A", dodge)
    assert kinds(steps) == ["Redeclared", "Redeclared", "Ask", "Rolled", "Harmed", "Spent", "Redeclared"]
    [ask] = asked
    assert ask.of == "D" and [o.key for o in ask.question.options] == ["innate", "dodge", "block"]
    assert all(0 < o.chance < 1 for o in ask.question.options)
    text = result.describe()
    assert "Agility d8 (4) + Melee d8 (3) = 7 vs dodge 10: failure" in text and not result.hit
    assert "dodge: Agility d8 (6) + Athletics d4 (4) = 10" in text
    assert d.declaration.unstated == 0 and table.units["D"].declaration.unstated == 1
    assert isinstance(steps[-1], Redeclared) and steps[-1].holder == "D"
    assert isinstance(steps[5], Spent)


def test_no_effect_travels_as_a_string_to_parse():
    """Issue 28: effects are typed values (engine/exchange_types.py); no "strike:HOW:NAME",
    "knockback:M", "disarmed:M" or "attacker:..." protocol is built by a ruleset or parsed by
    the world, and the world's systems match effects by type, not by text."""
    code = [p for d in ("engine", "game") for p in (ROOT / d).rglob("*.py")]
    protocol = re.compile(r"""["'](strike|knockback|disarmed|attacker):""")
    assert [str(p.relative_to(ROOT)) for p in code if protocol.search(p.read_text())] == []
    parsing = re.compile(r"""effect\.(startswith|partition|split)\(|effect == ["']""")
    systems = sorted((ROOT / "game/world/systems").glob("*.py"))
    assert systems and [p.name for p in systems if parsing.search(p.read_text())] == []
    assert "isinstance(effect, Knockback" in (ROOT / "game/world/systems/health.py").read_text()
    from engine.mythras.facts import world_effects

    assert world_effects("T", (), (("select_target", "E"),)) == (GoesOn("E", "select_target"),)
