"""Throw (game/world/actions/throw.py) on the battle screen: G, then a tile; declared, its
free move, an arrow and the blast bands where it lands; in the playback its flight and blast
(not its roll)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Colour, Row
from game.ui.overlays import arrow, draw_blast, draw_path

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.world.match import Match, UnitView


class ThrowUI(ActionUI):
    tag: ClassVar[str] = "throw"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"grenade": ((pygame.K_g,), "G")}
    declares: ClassVar[tuple[str, ...]] = ("grenade",)
    intents: ClassVar[dict[str, tuple[str, str]]] = {"grenade": ("throw", "")}
    help: ClassVar[tuple[Row, ...]] = ((("grenade",), "throw a grenade (click a tile)"),)
    strike: ClassVar[str] = "skip"

    def draw_declared(self, surface: pygame.Surface, cam: Camera, match: Match, v: UnitView, action: Any,
                      colour: Colour, head: int) -> None:
        if action.path:  # the free move taken with it
            draw_path(surface, cam, [v.pos, *action.path], colour, 2)
        arrow(surface, (255, 220, 60), cam.centre(v.pos), cam.centre(action.tile), 2, head)
        draw_blast(surface, cam, match, action.weapon, action.tile)
