"""Dice driven by an injected random source, never the global one.

One `random.Random` per match makes a match reproducible bit for bit; `ScriptedDice` replays
given faces so tests can follow the rules texts' worked examples roll by roll.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class Dice:
    """Rolls dice from a seeded `random.Random` passed in by the caller."""

    def __init__(self, rng: random.Random) -> None:
        if not isinstance(rng, random.Random):
            raise TypeError("Dice needs a random.Random instance (seeded per match)")
        self.rng = rng

    def roll(self, sides: int) -> int:
        """One die of `sides` faces, 1..sides."""
        return self.rng.randint(1, sides)

    def d20(self) -> int:
        return self.roll(20)

    def d100(self) -> int:
        return self.roll(100)

    def choice(self, seq):  # noqa: ANN001 - any sequence
        """A uniformly chosen element (random targets, scatter directions)."""
        return seq[self.rng.randrange(len(seq))]


class ScriptedDice(Dice):
    """Dice that return the faces given, in order; for tests and replays of a known roll."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.used: list[int] = []
        self.rng = random.Random(0)  # only for choice() when a test does not script it

    def roll(self, sides: int) -> int:
        if not self.faces:
            raise IndexError(f"ScriptedDice ran out of faces after {self.used}")
        face = self.faces.pop(0)
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} is not on a d{sides}")
        self.used.append(face)
        return face


def seeded(seed: int) -> Dice:
    """Dice for one match from an integer seed."""
    return Dice(random.Random(seed))
