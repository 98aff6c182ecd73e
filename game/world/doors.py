"""The match's doors to its systems: each door holds a system's functions bound to one match,
so that the UI, the AI, the actions and the tests write `match.movement.reachable(uid)` for
`paths.reachable(match, uid)` (game/world/systems/: the queries and effects, and what each
module holds). The systems themselves import what they use by name and use no door.
"""

from __future__ import annotations

from functools import partial
from types import FunctionType, ModuleType
from typing import Any

from game.world.systems import (
    autofire,
    combat,
    engagement,
    explosions,
    free_strikes,
    gear,
    health,
    holds,
    movement,
    overwatch,
    paths,
    placement,
    range,
    reach,
    sight,
    under_way,
    watches,
    work,
)

# Each door of the match (its attribute) and the system modules whose functions it opens on.
DOORS: dict[str, tuple[ModuleType, ...]] = {
    "movement": (paths, movement, placement),
    "sight": (sight,),
    "range": (range,),
    "engagement": (reach, holds, free_strikes, engagement),
    "combat": (combat, gear, under_way),
    "autofire": (autofire,),
    "explosions": (explosions,),
    "health": (health,),
    "work": (under_way, work),
    "overwatch": (watches, overwatch),
}


class Door:
    """The public functions of `modules` bound to `match`: `door.f(*args)` is `f(match, *args)`."""

    def __init__(self, match: Any, modules: tuple[ModuleType, ...]) -> None:
        for module in modules:
            for name, fn in vars(module).items():
                if isinstance(fn, FunctionType) and fn.__module__ == module.__name__ and not name.startswith("_"):
                    setattr(self, name, partial(fn, match))

    def __getattr__(self, name: str) -> Any:
        """Only reached for a name no module of the door has (for the type checker, the doors'
        functions are set in `__init__`)."""
        raise AttributeError(f"no system function {name!r} behind this door")


def open_doors(match: Any) -> dict[str, Door]:
    """The match's doors, by attribute name."""
    return {name: Door(match, modules) for name, modules in DOORS.items()}
