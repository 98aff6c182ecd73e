"""Full dodge (game/world/actions/full_dodge.py) on the battle screen: D (to the hovered tile
in free move, else the nearest cover); declared, its way is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Colour, Row
from game.ui.overlays import draw_path

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.world.match import Match, UnitView


class FullDodgeUI(ActionUI):
    tag: ClassVar[str] = "full_dodge"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"dodge": ((pygame.K_d,), "D")}
    declares: ClassVar[tuple[str, ...]] = ("dodge",)
    intents: ClassVar[dict[str, tuple[str, str]]] = {"dodge": ("full_dodge", "")}
    help: ClassVar[tuple[Row, ...]] = ((("dodge",), "full dodge to cover"),)

    def draw_declared(self, surface: pygame.Surface, cam: Camera, match: Match, v: UnitView, action: Any,
                      colour: Colour, head: int) -> None:
        if action.tile:
            draw_path(surface, cam, [v.pos, action.tile], colour, 2)
