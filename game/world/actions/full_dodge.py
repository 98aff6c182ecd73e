"""Full dodge: dive for full cover within the combat move; a full defence against missiles
all round (yags-combat.md, Full Dodge: "there must be some full cover within your base move
distance")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Impossible
from game.world.actions.base import ActionKind, Fields, Tile
from game.world.components import Moved

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class FullDodge:
    """Dive for full cover within the base move (the nearest when no tile is named)."""

    tile: Tile | None = None


class FullDodgeKind(ActionKind[FullDodge]):
    action: ClassVar[type] = FullDodge
    tag: ClassVar[str] = "full_dodge"
    quiet: ClassVar[bool] = True  # the dive shows itself to an overwatch by its steps
    plain: ClassVar[bool] = True
    dodges: ClassVar[bool] = True

    def gait(self, action: FullDodge, approach: str = "none") -> str:
        return "free"

    def dodge_path(self, m: Match, v: UnitView, action: FullDodge, stance: str,
                   full: bool) -> tuple[Tile, ...] | Impossible:
        tile = m.movement.dodge_to(v, action.tile, stance)
        if isinstance(tile, Impossible):
            return tile
        if tile != v.pos and full:
            return tuple(m.movement.path(v.uid, tile) or ())
        return ()

    def declared(self, m: Match, uid: int, action: FullDodge, approach: str, dodge_path: tuple[Tile, ...]) -> None:
        if dodge_path:
            mv = m.component(uid, Moved)
            mv.mode, mv.path = "free", dodge_path

    def describe(self, action: FullDodge, names: Mapping[int, str]) -> str:
        return "full dodge"

    def to_dict(self, action: FullDodge) -> dict[str, Any]:
        return {"tile": None if action.tile is None else list(action.tile)}

    def from_dict(self, f: Fields) -> FullDodge:
        return FullDodge(f.optional_tile("tile"))
