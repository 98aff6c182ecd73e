"""The battle screen's registry of actions: one entry (an `ActionUI`, see base.py) per kind
of action of the world, in its own module here. The keymap takes its keys from here, the
input what a key declares, the panel the buttons and what they declare, the help the rows of
an action it does not name, the map's overlay how a declaration is drawn, the playback how
an attack shows: none of them tests an action's type.

To add an action to the screen: write its module here (copy `pick_up.py`) and add its entry
to `ENTRIES` below; tests/ui/test_ui_action_registry.py checks that every kind of
`game.world.actions.KINDS` has one, with a key or a mouse gesture, a help row and a button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.ui.actionui.aim import AimUI
from game.ui.actionui.area_fire import AreaFireUI
from game.ui.actionui.attack import AttackUI
from game.ui.actionui.base import ActionUI, Row
from game.ui.actionui.first_aid import FirstAidUI
from game.ui.actionui.full_dodge import FullDodgeUI
from game.ui.actionui.hold import HoldUI
from game.ui.actionui.move import MoveUI
from game.ui.actionui.overwatch import OverwatchUI
from game.ui.actionui.pick_up import PickUpUI
from game.ui.actionui.reload import ReloadUI
from game.ui.actionui.stand import StandUI
from game.ui.actionui.throw import ThrowUI
from game.ui.assets import TEAM_COLOURS, WHITE
from game.world.actions import find_kind

if TYPE_CHECKING:
    import pygame

    from game.ui.buttons import Button, Choice
    from game.ui.camera import Camera
    from game.world.match import Match

ENTRIES: tuple[ActionUI, ...] = (
    HoldUI(), MoveUI(), AttackUI(), AreaFireUI(), ThrowUI(), ReloadUI(), StandUI(), FullDodgeUI(), AimUI(),
    FirstAidUI(), PickUpUI(), OverwatchUI(),
)
_BY_TAG: dict[str, ActionUI] = {e.tag: e for e in ENTRIES}
_NONE = ActionUI()  # an action registered in the world with no entry: shown by its harm only

__all__ = ["ENTRIES", "ActionUI", "buttons", "declaring", "draw_declarations", "entry", "entry_of", "help_rows",
           "intents", "keys", "on_key"]


def entry(tag: str) -> ActionUI | None:
    """The entry of the action kind tagged `tag`, if it has one."""
    return _BY_TAG.get(tag)


def entry_of(action: Any) -> ActionUI:
    """The entry of `action`'s kind (one that draws and offers nothing, for a kind without, or
    anything that is no action)."""
    kind = find_kind(action)
    return _BY_TAG.get(kind.tag, _NONE) if kind is not None else _NONE


def keys() -> dict[str, tuple[tuple[int, ...], str]]:
    """The keys the actions bring to the keymap: name -> (keys, the key as read)."""
    return {name: bound for e in ENTRIES for name, bound in e.keys.items()}


def declaring() -> tuple[str, ...]:
    """The names of the keys that declare (or start to)."""
    return tuple(name for e in ENTRIES for name in e.declares)


def intents() -> dict[str, tuple[str, str]]:
    """What each action's buttons declare as the ruleset hears it: key name -> (tag, mode)."""
    return {name: intent for e in ENTRIES for name, intent in e.intents.items()}


def buttons(match: Match, uid: int, choice: Choice) -> list[Button]:
    """The buttons the entries make themselves, in the registry's order."""
    return [b for e in ENTRIES for b in e.buttons(match, uid, choice)]


def on_key(name: str, match: Match, uid: int) -> Any | None:
    """The declaration the key `name` makes at once, or None."""
    for e in ENTRIES:
        if name in e.keys:
            return e.on_key(name, match, uid)
    return None


def help_rows(named: set[str]) -> list[Row]:
    """The help rows of the actions whose keys `named` (the keymap's own rows) leaves out."""
    return [row for e in ENTRIES if e.keys and not named & set(e.keys) for row in e.help]


def draw_declarations(surface: pygame.Surface, cam: Camera, match: Match,
                      shown: Callable[[int], bool] | None = None) -> None:
    """What has been declared this round, so later declarers can react (`shown`: whose
    declarations the viewer sees, under fog of war)."""
    for v in match.units(living=True):
        d = match.declared(v.uid)
        if d is None or (shown is not None and not shown(v.uid)):
            continue
        entry_of(d.action).draw_declared(surface, cam, match, v, d.action, TEAM_COLOURS.get(v.team, WHITE),
                                         max(6, cam.tile_px // 2))
