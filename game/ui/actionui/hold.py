"""Hold (game/world/actions/hold.py) on the battle screen: H holds, C crouches and holds."""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Row


class HoldUI(ActionUI):
    tag: ClassVar[str] = "hold"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"hold": ((pygame.K_h,), "H"),
                                                              "crouch": ((pygame.K_c,), "C")}
    declares: ClassVar[tuple[str, ...]] = ("hold", "crouch")
    intents: ClassVar[dict[str, tuple[str, str]]] = {"hold": ("hold", "")}
    help: ClassVar[tuple[Row, ...]] = ((("hold", "crouch"), "hold / crouch and hold"),)
