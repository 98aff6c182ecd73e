"""AI levels are data, validated on load with one-line errors naming file, level, field."""

import pytest

from game.ai import LEVELS, RandomAI, TacticalAI, make_controller
from game.ai.levels import LEVELS_FILE, LevelError, load_levels, parse_levels


def test_shipped_levels_load_and_make_controllers():
    levels = load_levels()
    assert set(levels) == set(LEVELS) - {"random"}
    assert isinstance(make_controller("random", 1, "blue"), RandomAI)
    for name in levels:
        c = make_controller(name, 1, "red")
        assert isinstance(c, TacticalAI) and c.level.name == name
    assert levels["hard"].mistake_rate < levels["normal"].mistake_rate < levels["easy"].mistake_rate


def test_unknown_level():
    with pytest.raises(ValueError, match="unknown AI level 'brutal'"):
        make_controller("brutal", 1, "blue")


def _broken(old: str, new: str) -> str:
    text = LEVELS_FILE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old,new,expect", [
    ("mistake_rate = 0.25", "mistake_rate = 1.5", "level.easy: mistake_rate: must be between 0 and 1"),
    ("targets = 1", "targets = 'many'", "level.easy: targets: must be an integer"),
    ("read_declarations = false", "read_declarations = 0", "level.easy: read_declarations: must be true or false"),
    ("modes = 1\n", "modes = 1\nfoo = 3\n", "level.easy: foo: unknown field"),
    ("harm = 1.0\ncover = 0.5", "cover = 0.5", "level.easy: weights.harm: missing"),
    ("[level.easy]", "[level.easy]\nbad = [", "ai_levels.toml"),
])
def test_bad_level_data_is_one_line(old, new, expect):
    with pytest.raises(LevelError) as exc:
        parse_levels(_broken(old, new), LEVELS_FILE)
    msg = str(exc.value)
    assert expect in msg and "\n" not in msg and "ai_levels.toml" in msg


def test_missing_field():
    with pytest.raises(LevelError, match=r"level.normal: sprint_beyond_m: missing"):
        parse_levels(_broken("sprint_beyond_m = 90.0\n", ""), LEVELS_FILE)
