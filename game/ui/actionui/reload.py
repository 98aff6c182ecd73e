"""Reload (game/world/actions/reload.py) on the battle screen: R; a reload is heard in the
playback."""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Row


class ReloadUI(ActionUI):
    tag: ClassVar[str] = "reload"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"reload": ((pygame.K_r,), "R")}
    declares: ClassVar[tuple[str, ...]] = ("reload",)
    intents: ClassVar[dict[str, tuple[str, str]]] = {"reload": ("reload", "")}
    help: ClassVar[tuple[Row, ...]] = ((("reload",), "reload (or clear a jam)"),)
    reload_sound: ClassVar[bool] = True
