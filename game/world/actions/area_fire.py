"""Area fire: a burst over an arc aimed at a tile, 30 degrees (60 for suppressive fire)
(yags-combat.md, Automatic Fire: Area fire; Suppressive fire). The fire itself is the
automatic-fire system's (game/world/systems/autofire.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ActionKind, Fields, Tile, ammo_refusal, tiles_out
from game.world.components import Moved

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class AreaFire:
    """A burst over an arc aimed at a tile (30 degrees; 60 for suppressive fire)."""

    aim: Tile
    suppressive: bool = False
    path: tuple[Tile, ...] = ()  # a free move taken with the burst (fired from where the unit stands)


class AreaFireKind(ActionKind[AreaFire]):
    action: ClassVar[type] = AreaFire
    tag: ClassVar[str] = "area_fire"
    attacks: ClassVar[bool] = True

    def path(self, action: AreaFire) -> tuple[Tile, ...]:
        return action.path

    def gait(self, action: AreaFire, approach: str = "none") -> str:
        return "free" if action.path else "none"

    def mode(self, action: AreaFire) -> str:
        return "suppress" if action.suppressive else "area"

    def missile(self, action: AreaFire) -> bool:
        return True

    def arc(self, action: AreaFire) -> tuple[Tile, bool] | None:
        return action.aim, action.suppressive

    def on_the_way(self, action: AreaFire, path: tuple[Tile, ...]) -> AreaFire | None:
        return AreaFire(action.aim, action.suppressive, path)

    def standing(self, action: AreaFire) -> AreaFire | None:
        return AreaFire(action.aim, action.suppressive) if action.path else action

    def check(self, m: Match, v: UnitView, action: AreaFire, stance: str | None) -> Done | Impossible:
        facts = m.rules.weapon_facts(v.combatant)
        if "area" not in facts.modes:
            return Impossible(f"{facts.name} cannot fire bursts at an area")
        if not m.topology.in_bounds(action.aim):
            return Impossible("that tile is off the map")
        if tuple(action.aim) == v.pos:
            return Impossible("aim the burst at another tile than your own")
        refusal = ammo_refusal(v, facts.name)
        if refusal is not None:
            return refusal
        return m.movement.validate_path(v, action.path, "free", stance) if action.path else Done()

    def speed(self, m: Match, uid: int, action: AreaFire) -> str | None:
        return "normal"

    def declared(self, m: Match, uid: int, action: AreaFire, approach: str, dodge_path: tuple[Tile, ...]) -> None:
        if action.path:
            mv = m.component(uid, Moved)
            mv.mode, mv.path = "free", action.path

    def resolve(self, m: Match, uid: int, action: AreaFire) -> Iterator[Question]:
        yield from m.autofire.area_fire(uid, action)

    def describe(self, action: AreaFire, names: Mapping[int, str]) -> str:
        move = f" after a free move to {action.path[-1]}" if action.path else ""
        return f"{'suppressive' if action.suppressive else 'area'} fire at {action.aim}{move}"

    def to_dict(self, action: AreaFire) -> dict[str, Any]:
        out: dict[str, Any] = {"aim": list(action.aim), "suppressive": action.suppressive}
        if action.path:  # left out when empty: records and saves from before read the same
            out["path"] = tiles_out(action.path)
        return out

    def from_dict(self, f: Fields) -> AreaFire:
        return AreaFire(f.tile("aim"), f.flag("suppressive"), f.tiles("path", ()))
