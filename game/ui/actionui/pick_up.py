"""Pick up (game/world/actions/pick_up.py) on the battle screen: U declares it, its button
says what lies where, its help row."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ui.actionui.base import ActionUI, Row
from game.ui.buttons import Button, Choice, why
from game.world.actions.pick_up import PickUp

if TYPE_CHECKING:
    from game.world.match import Match


class PickUpUI(ActionUI):
    tag: ClassVar[str] = "pick_up"
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {"pick_up": ((pygame.K_u,), "U")}
    declares: ClassVar[tuple[str, ...]] = ("pick_up",)
    intents: ClassVar[dict[str, tuple[str, str]]] = {"pick_up": ("pick_up", "")}
    help: ClassVar[tuple[Row, ...]] = ((("pick_up",), "pick up your dropped weapon (lying within a tile)"),)

    def buttons(self, match: Match, uid: int, choice: Choice) -> list[Button]:
        pick = match.check(uid, PickUp())
        dropped = match.combat.dropped_weapon(uid)
        (k,), read = self.keys["pick_up"]
        lying = f"Pick up the {dropped[0]} lying at {dropped[1]} (takes the round)" if dropped is not None else ""
        return [Button(k, f"{read} pick up", why(pick) or lying, not why(pick))]

    def on_key(self, name: str, match: Match, uid: int) -> Any | None:
        return PickUp()
