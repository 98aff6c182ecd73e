"""What the battle screen knows of one kind of action, registered beside it: its keys (and
which of them declare at once), its buttons, its help rows, how a declaration of it is drawn
on the map, and how its attacks are animated in the playback. Each action has its module in
this package (`pick_up.py` is the whole shape); `game.ui.actionui` is the registry, read by
the keymap, the input, the buttons, the help, the map's overlays and the animation, so that
none of them tests an action's type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import pygame

    from game.ui.buttons import Button, Choice
    from game.ui.camera import Camera
    from game.world.match import Match, UnitView

Colour = tuple[int, int, int]
Row = tuple[tuple[str, ...] | str, str]


class ActionUI:
    """One kind of action on the battle screen (defaults: nothing drawn, no button, shown in
    the playback by its harm only)."""

    tag: ClassVar[str]  # the world kind's tag (game.world.actions)
    # The keys it brings to the keymap: name -> (its keys, the first the one it is known by;
    # the key as the player reads it). An action given with the mouse alone has none.
    keys: ClassVar[dict[str, tuple[tuple[int, ...], str]]] = {}
    mouse: ClassVar[str] = ""  # how it is given with the mouse, when it is ("click a tile")
    declares: ClassVar[tuple[str, ...]] = ()  # of its keys, those that declare (or start to)
    # What its buttons declare as the ruleset hears it: key name -> (tag, mode); a button the
    # ruleset refuses is greyed with the ruleset's reason.
    intents: ClassVar[dict[str, tuple[str, str]]] = {}
    # Its rows in the help (F1): (its key names, or the mouse's words; what they do). The
    # keymap's own rows name the first actions in twos; an action named there in none brings
    # these rows to the help.
    help: ClassVar[tuple[Row, ...]] = ()
    strike: ClassVar[str] = "none"  # an attack event of its actor in the playback: "fire", "swing",
    # "none" (nothing shown, once a pair), "skip" (shown otherwise, by the flight and blast of a throw)
    reload_sound: ClassVar[bool] = False  # its ammunition events sound a reload

    def strike_of(self, action: Any) -> str:
        """How an attack event of its actor shows in the playback (`strike`, by default)."""
        return self.strike

    def buttons(self, match: Match, uid: int, choice: Choice) -> list[Button]:
        """Its buttons on the panel for the player's unit `uid` (the older actions' buttons
        are made by game/ui/actionbar.py, in the order the panel has always shown them)."""
        return []

    def on_key(self, name: str, match: Match, uid: int) -> Any | None:
        """The declaration its key `name` makes at once for `uid`, or None (the input does
        what else the key does)."""
        return None

    def draw_declared(self, surface: pygame.Surface, cam: Camera, match: Match, v: UnitView, action: Any,
                      colour: Colour, head: int) -> None:
        """A declaration of it, drawn on the map so that later declarers can react."""
