"""The rules core stays pure, and the round's ordering follows The Combat Sequence."""

import ast
import pathlib

from engine.dice import ScriptedDice
from engine.yags.character import Character
from engine.yags.round import (
    action_order,
    action_speed,
    declaration_order,
    movement_allowance,
    roll_initiative,
)

ENGINE = pathlib.Path(__file__).resolve().parent.parent / "engine"


def _imports(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module.split(".")[0]


def test_engine_imports_no_pygame_esper_pytmx():
    files = list(ENGINE.rglob("*.py"))
    assert files
    for f in files:
        bad = {"pygame", "esper", "pytmx"} & set(_imports(f))
        assert not bad, f"{f} imports {bad}"


def _global_random_uses(tree):
    """Uses of the module-level random state: `random.<anything but Random>` and
    `from random import <anything but Random>` (a seeded `random.Random` instance is fine)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            yield from (f"from random import {a.name}" for a in node.names if a.name != "Random")
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "random" and node.attr != "Random"):
            yield f"random.{node.attr}"
        elif isinstance(node, ast.Import):
            yield from (f"import {a.name}" for a in node.names if a.name in ("secrets", "numpy"))


def test_engine_never_uses_the_global_random():
    """No global random state under engine/: dice come from an injected random.Random."""
    files = list(ENGINE.rglob("*.py"))
    assert files
    for f in files:
        bad = list(_global_random_uses(ast.parse(f.read_text())))
        assert not bad, f"{f} uses the global random: {bad}"
    # the check itself catches the forms it looks for
    probe = ast.parse("import random\nfrom random import choice\nrandom.randint(1, 6)\nrandom.Random(3)")
    assert list(_global_random_uses(probe)) == ["from random import choice", "random.randint"]


def test_initiative_is_agility_times_four_plus_d20_and_fumble_loses_round():
    """The Combat Sequence: agility x 4 + d20; fumbling it, you may not act the first round."""
    c = Character("c", {"agility": 4})
    init = roll_initiative(ScriptedDice([9]), c)
    assert init.value == 25 and not init.lost_first_round
    assert roll_initiative(ScriptedDice([1]), c).lost_first_round


def test_declarations_in_increasing_initiative_actions_fast_normal_slow_decreasing():
    """The Combat Round: declare in increasing initiative; perform fast, then normal, then
    slow actions, each in decreasing initiative."""
    assert declaration_order([("a", 20, 3), ("b", 12, 3), ("c", 30, 3)]) == ["b", "a", "c"]
    order = action_order([("a", "normal", 20, 3), ("b", "fast", 12, 3), ("c", "slow", 30, 3), ("d", "normal", 25, 3)])
    assert order == ["b", "d", "a", "c"]


def test_action_speed_slowest_wins():
    """Stances and drawing force slow; aggressive attacks are fast."""
    assert action_speed("normal", "slow") == "slow"
    assert action_speed("normal", "fast") == "fast"
    assert action_speed("fast", None) == "fast"
    assert action_speed("normal") == "normal"


def test_movement_allowance_average_person():
    """Movement: half Move free (6 m), full Move with only a slow attack (12 m), sprint (26 m)."""
    assert movement_allowance(Character("avg")) == {"free": 6, "run": 12, "sprint": 26}
    assert movement_allowance(Character("avg"), penalty=-5)["sprint"] == 21
