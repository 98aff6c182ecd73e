"""Hold: do nothing but defend (the declared defences still count)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.world.actions.base import ActionKind


@dataclass(frozen=True)
class Hold:
    """Do nothing but defend (the declared defences still count)."""


class HoldKind(ActionKind[Hold]):
    action: ClassVar[type] = Hold
    tag: ClassVar[str] = "hold"
    quiet: ClassVar[bool] = True
    plain: ClassVar[bool] = True
    rests: ClassVar[bool] = True
    without_initiative: ClassVar[bool] = True
