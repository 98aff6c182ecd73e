"""The world's actions: one module each, registered here.

Each module holds the action's dataclass (what a unit declares) and its `ActionKind` (how the
world checks, times, sets up, carries out, describes and saves it; see base.py). To add an
action: write its module and add its kind to `KINDS` below; declarations, resolution, the log
and saved games then know it.

Declarations are commands: carrying one out returns `Done` or `Impossible("reason")` (from
engine.outcome), never raising for an ordinary refusal; the UI shows the reason, the AI tries
something else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.world.actions.aim import Aim, AimKind
from game.world.actions.area_fire import AreaFire, AreaFireKind
from game.world.actions.attack import Attack, AttackKind
from game.world.actions.base import ATTACK_MODES, COVER_ACTIONS, MOVE_MODES, ActionKind, Fields
from game.world.actions.first_aid import FirstAid, FirstAidKind
from game.world.actions.full_dodge import FullDodge, FullDodgeKind
from game.world.actions.hold import Hold, HoldKind
from game.world.actions.move import Move, MoveKind
from game.world.actions.overwatch import Overwatch, OverwatchKind
from game.world.actions.pick_up import PickUp, PickUpKind
from game.world.actions.reload import Reload, ReloadKind
from game.world.actions.stand import Stand, StandKind
from game.world.actions.throw import Throw, ThrowKind

Action = Hold | Move | Attack | AreaFire | Throw | Reload | FullDodge | Aim | Stand | FirstAid | PickUp | Overwatch

# (the order counts where the AI draws among them: `plain_actions` lists them in it)
KINDS: tuple[ActionKind[Any], ...] = (
    HoldKind(), MoveKind(), AttackKind(), AreaFireKind(), ThrowKind(), ReloadKind(), StandKind(),
    FullDodgeKind(), AimKind(), FirstAidKind(), PickUpKind(), OverwatchKind(),
)
_BY_TYPE: dict[type, ActionKind[Any]] = {}
_BY_TAG: dict[str, ActionKind[Any]] = {}
TAGS: tuple[str, ...] = ()


def register(kind: ActionKind[Any]) -> None:
    """Make an action known to the world: declarations, the round, the log and saves."""
    global TAGS
    if kind.tag in _BY_TAG and _BY_TAG[kind.tag] is not kind:
        raise ValueError(f"an action is already registered as {kind.tag!r}")
    _BY_TYPE[kind.action] = kind
    _BY_TAG[kind.tag] = kind
    TAGS = tuple(_BY_TAG)


for _kind in KINDS:
    register(_kind)

__all__ = [
    "ATTACK_MODES", "COVER_ACTIONS", "KINDS", "MOVE_MODES", "TAGS", "Action", "ActionKind", "Aim", "AreaFire",
    "Attack", "Fields", "FirstAid", "FullDodge", "Hold", "Move", "Overwatch", "PickUp", "Reload", "Stand", "Throw",
    "describe", "find_kind", "from_dict", "kind_of", "kinds", "mending", "plain_actions", "register", "to_dict",
]


def kinds() -> tuple[ActionKind[Any], ...]:
    """Every registered kind, in the order registered."""
    return tuple(_BY_TAG.values())


def plain_actions() -> list[Any]:
    """One of each action declared as it is, with nothing to choose (hold, reload, stand up,
    dodge, pick up...): the AI offers them."""
    return [k.action() for k in _BY_TAG.values() if k.plain]


def mending(m: Any, uid: int) -> list[Any]:
    """What puts `uid` right before anything else (a dropped weapon picked up), by kind."""
    return [a for k in _BY_TAG.values() if (a := k.mends(m, uid)) is not None]


def kind_of(action: Any) -> ActionKind[Any]:
    """The kind that handles `action`; TypeError for anything that is not a registered action."""
    kind = _BY_TYPE.get(type(action))
    if kind is None:
        raise TypeError(f"not an action: {action!r}")
    return kind


def find_kind(action: Any) -> ActionKind[Any] | None:
    """The kind that handles `action`, or None for anything that is not a registered action."""
    return _BY_TYPE.get(type(action))


def describe(action: Any, names: Mapping[int, str]) -> str:
    """One line for the log and the UI: what a unit declared."""
    return kind_of(action).describe(action, names)


def to_dict(action: Any) -> dict[str, Any]:
    """A small tagged dict for a save."""
    kind = kind_of(action)
    return {"type": kind.tag, **kind.to_dict(action)}


def from_dict(tag: str, fields: Fields) -> Any:
    """The action a save's tagged dict stands for; KeyError for an unknown tag."""
    return _BY_TAG[tag].from_dict(fields)
