"""Attack (game/world/actions/attack.py) on the battle screen: the mode and shot keys, a click
on an enemy; declared, a line to the target (and the path before it); in the playback a
swing in melee, else shots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Colour, Row
from game.ui.overlays import arrow, draw_path

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.world.match import Match, UnitView


class AttackUI(ActionUI):
    tag: ClassVar[str] = "attack"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {
        "shot": ((pygame.K_1,), "1"), "snap": ((pygame.K_q,), "Q"), "careful": ((pygame.K_e,), "E"),
        "burst": ((pygame.K_2,), "2"), "triple": ((pygame.K_3,), "3"), "miniscule": ((pygame.K_m,), "M"),
        "disarm": ((pygame.K_b,), "B"), "feint": ((pygame.K_k,), "K"), "grapple": ((pygame.K_j,), "J"),
        "all_out": ((pygame.K_l,), "L"),
    }
    mouse: ClassVar[str] = "click an enemy"
    help: ClassVar[tuple[Row, ...]] = (
        (("shot", "snap", "careful"), "single shot: normal / snap / careful"),
        (("burst", "triple"), "burst / triple burst at one target"),
        ("click an enemy", "attack it"),
    )

    def strike_of(self, action: Any) -> str:
        return "swing" if action.mode == "melee" else "fire"

    def draw_declared(self, surface: pygame.Surface, cam: Camera, match: Match, v: UnitView, action: Any,
                      colour: Colour, head: int) -> None:
        t = match.view(action.target)
        if action.path:
            draw_path(surface, cam, list(action.path), colour, 2)
        # the attack: a line in the attacker's colour edged in red, its head at the target
        short = cam.tile_px * 0.6
        arrow(surface, (255, 60, 40), cam.centre(v.pos), cam.centre(t.pos), 4, head + 2, short)
        arrow(surface, colour, cam.centre(v.pos), cam.centre(t.pos), 2, head, short)
