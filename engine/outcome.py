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
