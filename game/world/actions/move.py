"""Move: along a path this round. Movement begins at the start of the round and ends at its
end (yags-combat.md, Initiative), so the mover arrives after every other action (the movement
system, game/world/systems/movement.py, walks it in the round's move phase)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Done, Impossible
from game.world.actions.base import MOVE_MODES, ActionKind, Fields, Tile, tiles_out
from game.world.components import Moved

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class Move:
    """Move along a path this round (free, run or sprint)."""

    path: tuple[Tile, ...]
    mode: str = "free"


class MoveKind(ActionKind[Move]):
    action: ClassVar[type] = Move
    tag: ClassVar[str] = "move"
    quiet: ClassVar[bool] = True  # it shows itself to an overwatch by its steps
    without_initiative: ClassVar[bool] = True
    lets_go: ClassVar[bool] = True

    def path(self, action: Move) -> tuple[Tile, ...]:
        return action.path

    def gait(self, action: Move, approach: str = "none") -> str:
        return action.mode

    def advances(self, action: Move) -> bool:
        return True

    def standing(self, action: Move) -> Move | None:
        return None

    def check(self, m: Match, v: UnitView, action: Move, stance: str | None) -> Done | Impossible:
        return m.movement.validate_path(v, action.path, action.mode, stance)

    def declared(self, m: Match, uid: int, action: Move, approach: str, dodge_path: tuple[Tile, ...]) -> None:
        mv = m.component(uid, Moved)
        mv.mode, mv.path = action.mode, action.path

    def describe(self, action: Move, names: Mapping[int, str]) -> str:
        return f"{action.mode} move to {action.path[-1] if action.path else 'here'}"

    def to_dict(self, action: Move) -> dict[str, Any]:
        return {"path": tiles_out(action.path), "mode": action.mode}

    def from_dict(self, f: Fields) -> Move:
        return Move(f.tiles("path"), f.text("mode", MOVE_MODES))
