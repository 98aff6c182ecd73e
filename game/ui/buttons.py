"""A button of the battle screen's panel, and what the screen has chosen so far (which
buttons are lit): the values `actionbar` lays out and each action's UI entry
(game/ui/actionui/) makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.outcome import Impossible


@dataclass(frozen=True)
class Button:
    key: int  # the key it stands for
    label: str  # what the button says, its key first
    tip: str  # one line for the player when hovered
    enabled: bool = True
    active: bool = False  # the current choice (attack mode, shot type, stance)


@dataclass(frozen=True)
class Choice:
    """What the battle screen has chosen so far, for lighting the buttons."""

    attack_mode: str = "shot"
    shot: str = "normal"
    defences: int | None = None
    pending: str = ""  # "throw", "aim", "overwatch" or "first_aid": waiting for a click on the map
    lost_round: bool = False  # fumbled initiative: only hold or move in the first round
    first_aid_stuns: bool = False  # first aid treats stuns (else wounds)
    reaction: str | None = None  # a reaction policy chosen to declare (None: the one the unit keeps)
    manoeuvre: str = ""  # a melee manoeuvre for the next attack (step dice: feint, grapple, break_free)
    all_out: bool = False  # an all-out attack (step dice)


def why(check: Any) -> str:
    """The reason of a refusal (Impossible), or "" for anything else."""
    return check.reason if isinstance(check, Impossible) else ""
