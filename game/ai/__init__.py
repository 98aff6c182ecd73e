"""AI controllers: each decides a unit's declaration from the same world queries the UI uses.

`random` picks any legal declaration; every other level is the one tactical controller
(game/ai/tactical.py) driven by its data in game/data/ai_levels.toml.
"""

from __future__ import annotations

from game.ai.baseline import RandomAI
from game.ai.levels import LevelError, load_levels
from game.ai.tactical import TacticalAI

LEVELS = ("random", "easy", "normal", "hard")

__all__ = ["LEVELS", "LevelError", "RandomAI", "TacticalAI", "make_controller"]


def make_controller(level: str, seed: int, team: str, sees_all: bool = False):
    """The controller for an AI level (`sees_all`: it decides from the whole board even in a
    fogged match)."""
    if level == "random":
        return RandomAI(seed, team)
    levels = load_levels()
    if level not in levels:
        known = ", ".join(("random", *levels))
        raise ValueError(f"unknown AI level {level!r}; expected one of {known}")
    ai = TacticalAI(seed, team, levels[level])
    ai.sees_all = sees_all
    return ai
