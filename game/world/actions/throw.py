"""Throw: a grenade at a tile (yags-combat.md, Thrown weapons; Explosions). The blast is the
explosions system's (game/world/systems/explosions.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ActionKind, Fields, Tile, tiles_out
from game.world.components import Moved

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class Throw:
    """Throw a grenade at a tile, after a free move if the path says so (thrown from where
    the unit stands when the round's actions resolve, as a shot on the way is: Movement)."""

    weapon: str
    tile: Tile
    path: tuple[Tile, ...] = ()  # a free move taken with the throw


class ThrowKind(ActionKind[Throw]):
    action: ClassVar[type] = Throw
    tag: ClassVar[str] = "throw"
    attacks: ClassVar[bool] = True

    def path(self, action: Throw) -> tuple[Tile, ...]:
        return action.path

    def gait(self, action: Throw, approach: str = "none") -> str:
        return "free" if action.path else "none"

    def missile(self, action: Throw) -> bool:
        return True

    def blast(self, action: Throw) -> tuple[Tile, str] | None:
        return action.tile, action.weapon

    def check(self, m: Match, v: UnitView, action: Throw, stance: str | None) -> Done | Impossible:
        if action.weapon not in v.grenades:
            return Impossible(f"{v.name} has no {action.weapon}")
        if not m.topology.in_bounds(action.tile):
            return Impossible("that tile is off the map")
        blasts = m.rules.blast_rules
        if blasts is None:
            return Impossible(f"{m.rules.name} has no explosives")
        reach = blasts.throw_range_m(v.combatant, action.weapon)
        dist = m.topology.distance_m(v.pos, action.tile)
        if dist > reach:
            return Impossible(f"too far to throw ({reach:g} m at most)")
        chance = blasts.preview_throw(m.participant(v.uid), action.weapon, dist)
        if isinstance(chance, Impossible):
            return chance  # the ruleset's refusal (cannot throw now)
        return m.movement.validate_path(v, action.path, "free", stance) if action.path else Done()

    def declared(self, m: Match, uid: int, action: Throw, approach: str, dodge_path: tuple[Tile, ...]) -> None:
        if action.path:
            mv = m.component(uid, Moved)
            mv.mode, mv.path = "free", action.path

    def speed(self, m: Match, uid: int, action: Throw) -> str | None:
        return "normal"

    def resolve(self, m: Match, uid: int, action: Throw) -> Iterator[Question]:
        yield from m.explosions.throw(uid, action)

    def describe(self, action: Throw, names: Mapping[int, str]) -> str:
        move = f" after a free move to {action.path[-1]}" if action.path else ""
        return f"throw {action.weapon} at {action.tile}{move}"

    def to_dict(self, action: Throw) -> dict[str, Any]:
        out: dict[str, Any] = {"weapon": action.weapon, "tile": list(action.tile)}
        if action.path:  # left out when empty: records and saves from before read the same
            out["path"] = tiles_out(action.path)
        return out

    def from_dict(self, f: Fields) -> Throw:
        return Throw(f.text("weapon"), f.tile("tile"), f.tiles("path", ()))
