"""The step-die system (step-dice-combat.md): dice d2..d12 stepped up and down, attribute +
skill dice, stun and wound life points. Selectable as the ruleset "step"."""

from engine.stepdice.round import action_steps
from engine.stepdice.steps import step_die
from engine.stepdice.tables import basic_damage, cover_difficulty, range_steps

__all__ = ["action_steps", "basic_damage", "cover_difficulty", "range_steps", "step_die"]
