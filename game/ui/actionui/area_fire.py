"""Area fire (game/world/actions/area_fire.py) on the battle screen: 4 or 5, then a tile;
declared, its free move and an arrow to its aim; in the playback, shots sweeping the arc."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Colour, Row
from game.ui.overlays import arrow, draw_path

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.world.match import Match, UnitView


class AreaFireUI(ActionUI):
    tag: ClassVar[str] = "area_fire"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"area": ((pygame.K_4,), "4"),
                                                              "suppress": ((pygame.K_5,), "5")}
    intents: ClassVar[dict[str, tuple[str, str]]] = {"area": ("area_fire", "area"), "suppress": ("area_fire", "suppress")}
    help: ClassVar[tuple[Row, ...]] = ((("area", "suppress"), "area fire 30 degrees / suppressive fire 60 degrees "
                                                               "(click a tile)"),)
    strike: ClassVar[str] = "fire"

    def draw_declared(self, surface: pygame.Surface, cam: Camera, match: Match, v: UnitView, action: Any,
                      colour: Colour, head: int) -> None:
        if action.path:  # the free move taken with it
            draw_path(surface, cam, [v.pos, *action.path], colour, 2)
        arrow(surface, (255, 150, 40), cam.centre(v.pos), cam.centre(action.aim), 2, head)
