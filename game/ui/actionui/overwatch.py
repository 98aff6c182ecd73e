"""Overwatch (game/world/actions/overwatch.py) on the battle screen: O, then a tile (a melee
weapon covers its reach at once); declared, its arc; in the playback, its shots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Colour, Row
from game.ui.overlays import draw_overwatch

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.world.match import Match, UnitView


class OverwatchUI(ActionUI):
    tag: ClassVar[str] = "overwatch"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"overwatch": ((pygame.K_o,), "O")}
    declares: ClassVar[tuple[str, ...]] = ("overwatch",)
    intents: ClassVar[dict[str, tuple[str, str]]] = {"overwatch": ("overwatch", "")}
    help: ClassVar[tuple[Row, ...]] = ((("overwatch",), "overwatch (click to aim its arc)"),)
    strike: ClassVar[str] = "fire"

    def draw_declared(self, surface: pygame.Surface, cam: Camera, match: Match, v: UnitView, action: Any,
                      colour: Colour, head: int) -> None:
        draw_overwatch(surface, cam, match, v.uid, action.aim, colour)
