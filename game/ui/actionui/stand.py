"""Stand (game/world/actions/stand.py) on the battle screen: P stands a prone unit up (and
lays a standing one down: a hold, prone)."""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Row


class StandUI(ActionUI):
    tag: ClassVar[str] = "stand"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"prone": ((pygame.K_p,), "P")}
    declares: ClassVar[tuple[str, ...]] = ("prone",)
    help: ClassVar[tuple[Row, ...]] = ((("prone",), "prone or stand up"),)
