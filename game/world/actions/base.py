"""What every action of the world provides: the base of the action modules.

An action is a small frozen dataclass (what the unit declared) and an `ActionKind` that knows
how to judge it (`check`), when it resolves (`speed`), what declaring it sets up (`declared`),
how it is carried out (`resolve`, a generator of the questions it asks on the way), how it reads
in the log (`describe`) and how a save stores it (`to_dict`, `from_dict`). Each action lives in
its own module of this package and is registered in `game.world.actions` (the registry): a
new action is one new module and one line there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from engine.outcome import Done, Impossible
from engine.turn import Question

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]
MOVE_MODES = ("free", "run", "sprint")
ATTACK_MODES = ("melee", "shot", "burst", "triple", "area", "suppress")
COVER_ACTIONS = ("step_out", "cover_to_cover")  # the `cover_action` declaration choice (Shooting from Cover)

A = TypeVar("A")


class Fields(Protocol):
    """Reads a saved action's fields, checking each one's type (game.saveformat implements
    it; a wrong field raises with its place in the save)."""

    def integer(self, key: str) -> int: ...

    def text(self, key: str, allowed: tuple[str, ...] | None = None) -> str: ...

    def flag(self, key: str, default: bool = False) -> bool: ...

    def tile(self, key: str) -> Tile: ...

    def optional_tile(self, key: str) -> Tile | None: ...

    def tiles(self, key: str, default: tuple[Tile, ...] | None = None) -> tuple[Tile, ...]: ...

    def scalars(self, key: str) -> dict[str, Any]: ...


def ammo_refusal(v: UnitView, weapon: str) -> Impossible | None:
    """Why `v`'s weapon cannot fire now (jammed, or empty), or None (no magazine: it can)."""
    if v.ammo is not None and v.ammo.jammed:
        return Impossible(f"the {weapon} is jammed: clear it (reload)")
    if v.ammo is not None and v.ammo.loaded < 1:
        return Impossible(f"{weapon} is empty: reload")
    return None


def tiles_out(path: Any) -> list[list[int]]:
    """A path as JSON lists."""
    return [[int(x), int(y)] for x, y in path]


class ActionKind(Generic[A]):
    """How the world handles one kind of action. Subclasses set `action` (the dataclass) and
    `tag` (its name in saves), and override what differs from these defaults: always legal,
    slow, nothing set up when declared, nothing done when resolved."""

    action: ClassVar[type]
    tag: ClassVar[str]
    quiet: ClassVar[bool] = False  # carried out where it stands, does it show itself to an overwatch? (no)

    def check(self, m: Match, v: UnitView, action: A, stance: str | None) -> Done | Impossible:
        """Is `action` legal for `v` now (in `stance`, when given)? The declaration's common
        rules (turn, stance, grapples, cover actions) are judged before, in the declaration."""
        return Done()

    def speed(self, m: Match, uid: int, action: A) -> str | None:
        """When it resolves this round: the ruleset's action speed; None for an action that
        acts only when something triggers it."""
        return "slow"

    def declared(self, m: Match, uid: int, action: A, approach: str, dodge_path: tuple[Tile, ...]) -> None:
        """What declaring it sets up at once (how the unit moves this round)."""

    def resolve(self, m: Match, uid: int, action: A) -> Iterator[Question]:
        """Carry it out; yields the questions asked on the way."""
        yield from ()

    def describe(self, action: A, names: Mapping[int, str]) -> str:
        """One line for the log and the UI."""
        return self.tag.replace("_", " ")

    def target(self, action: A) -> int | None:
        """The unit it is aimed at, if any (the declaration event names it)."""
        return None

    def to_dict(self, action: A) -> dict[str, Any]:
        """The fields a save keeps (the tag is added by the registry)."""
        return {}

    def from_dict(self, f: Fields) -> A:
        """The action a save's fields stand for."""
        return self.action()
