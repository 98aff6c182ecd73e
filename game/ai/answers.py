"""How the AI answers the questions asked in the middle of an action (engine/turn.py): a
defender's reaction and the winner's special effects. The ruleset lists the options with
their exact chances and in its order of worth; the AI takes the likeliest reaction and the
first effects (the random level picks at random)."""

from __future__ import annotations

import random
from typing import Any

from engine.turn import Question


def best_reaction(question: Question) -> str:
    """The option with the best chance (the first of equals; an option with no chance, such
    as taking the blow, only when no other has one)."""
    rated = [o for o in question.options if o.chance is not None]
    if not rated:
        return question.options[0].key
    return max(rated, key=lambda o: float(o.chance)).key


def first_effects(question: Question) -> tuple[str, ...]:
    """The first `pick` options: the ruleset lists the most telling first."""
    return tuple(o.key for o in question.options[: question.pick])


def answer(question: Question, rng: random.Random | None = None) -> Any:
    """The AI's answer to a reaction or effects question (at random with `rng`)."""
    if question.kind == "reaction":
        if rng is not None:
            return rng.choice(question.options).key
        return best_reaction(question)
    if question.kind == "effects":
        if rng is not None:
            keys = [o.key for o in question.options]
            return tuple(rng.sample(keys, min(question.pick, len(keys))))
        return first_effects(question)
    raise ValueError(f"the AI cannot answer a {question.kind} question")
