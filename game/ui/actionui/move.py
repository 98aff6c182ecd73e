"""Move (game/world/actions/move.py) on the battle screen: a click on a shaded tile stages
it; declared, its path is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.ui.actionui.base import ActionUI, Colour, Row
from game.ui.overlays import draw_path

if TYPE_CHECKING:
    import pygame

    from game.ui.camera import Camera
    from game.world.match import Match, UnitView


class MoveUI(ActionUI):
    tag: ClassVar[str] = "move"
    mouse: ClassVar[str] = "click a tile"
    help: ClassVar[tuple[Row, ...]] = (("click a tile", "stage a move there"),)

    def draw_declared(self, surface: pygame.Surface, cam: Camera, match: Match, v: UnitView, action: Any,
                      colour: Colour, head: int) -> None:
        if action.path:
            draw_path(surface, cam, [v.pos, *action.path] if action.path[0] != v.pos else list(action.path), colour, 2)
