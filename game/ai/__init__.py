"""AI controllers: each decides a unit's declaration from the same world queries the UI uses."""

from __future__ import annotations

from game.ai.baseline import BaselineAI, RandomAI

LEVELS = ("random", "easy", "normal", "hard")


def make_controller(level: str, seed: int, team: str):
    """The controller for an AI level (all but `random` are the baseline for now)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    if level == "random":
        return RandomAI(seed, team)
    return BaselineAI(seed, team, level)
