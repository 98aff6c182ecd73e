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


def make_controller(level: str, seed: int, team: str):
    """The controller for an AI level."""
    if level == "random":
        return RandomAI(seed, team)
    levels = load_levels()
    if level not in levels:
        known = ", ".join(("random", *levels))
        raise ValueError(f"unknown AI level {level!r}; expected one of {known}")
    return TacticalAI(seed, team, levels[level])
