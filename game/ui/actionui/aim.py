"""Aim (game/world/actions/aim.py) on the battle screen: V, then the enemy."""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Row


class AimUI(ActionUI):
    tag: ClassVar[str] = "aim"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"aim": ((pygame.K_v,), "V")}
    declares: ClassVar[tuple[str, ...]] = ("aim",)
    intents: ClassVar[dict[str, tuple[str, str]]] = {"aim": ("aim", "")}
    help: ClassVar[tuple[Row, ...]] = ((("aim",), "aim (an aimed shot next round)"),)
