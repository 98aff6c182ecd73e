"""First aid (game/world/actions/first_aid.py) on the battle screen: T, then the patient; Y
chooses stuns or wounds."""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Row


class FirstAidUI(ActionUI):
    tag: ClassVar[str] = "first_aid"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"first_aid": ((pygame.K_t,), "T"),
                                                              "treat": ((pygame.K_y,), "Y")}
    declares: ClassVar[tuple[str, ...]] = ("first_aid",)
    intents: ClassVar[dict[str, tuple[str, str]]] = {"first_aid": ("first_aid", ""), "treat": ("first_aid", "")}
    help: ClassVar[tuple[Row, ...]] = ((("first_aid", "treat"), "first aid (click the patient) / treat stuns or wounds"),)
