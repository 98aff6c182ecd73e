"""The one answer to "can this be done?" across the project: `Done` or `Impossible(reason)`.

Rules cores, the world's actions and the UI all use these two: an ordinary refusal is a
value with its reason (the UI shows it, the AI tries something else), never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Done:
    """It was done (or can be); `message` says anything worth showing."""

    message: str = ""


@dataclass(frozen=True)
class Impossible:
    """It cannot be done, and why (`reason`, shown to the player); `notes` add detail."""

    reason: str
    notes: tuple[str, ...] = field(default=())


def metres(distance_m: float) -> str:
    """A distance in a message as the player reads it: to a tenth of a metre, no ".0"
    (74.2428 -> "74.2 m", 6 -> "6 m")."""
    return f"{distance_m:.1f}".removesuffix(".0") + " m"
