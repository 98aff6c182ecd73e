"""The grid's topology behind one interface: neighbours, distances, lines, arcs, paths.

The world's systems, the AI and the UI ask a match's `topology` these questions and never
assume a square grid themselves; `SquareGrid` answers them for Tiled's orthogonal maps with
the fast square-grid geometry (game/world/geometry/). A hex grid would implement the same
`Topology` protocol (its `steps` counting hexes, its lines and arcs on hex centres).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from typing import Protocol

from game.maps.grid import GridMap
from game.world import geometry as geo
from game.world.geometry.sight_batch import lines_of_sight, remember_sight

Tile = tuple[int, int]


class Topology(Protocol):
    """What the world needs to know about the shape of a grid."""

    grid: GridMap

    def in_bounds(self, tile: Tile) -> bool:
        """Is `tile` on the map?"""
        ...

    def neighbours(self, tile: Tile) -> list[Tile]:
        """The tiles next to `tile` on the map (walkable or not)."""
        ...

    def steps(self, a: Tile, b: Tile) -> int:
        """How many tiles apart two tiles are, as reach counts them (next to each other: 1)."""
        ...

    def distance_m(self, a: Tile, b: Tile) -> float:
        """The distance between the centres of two tiles, in metres."""
        ...

    def line_of_sight(self, a: Tile, b: Tile) -> bool:
        """Can a figure on `a` see one on `b` (and the reverse)?"""
        ...

    def remember_sight(self, pairs: Sequence[tuple[Tile, Tile]]) -> None:
        """Work out the lines of sight of many (a, b) pairs at once, to be asked later (a
        speed-up only: `line_of_sight` answers the same either way)."""
        ...

    def lines_of_sight(self, pairs: Sequence[tuple[Tile, Tile]]) -> list[bool]:
        """`line_of_sight` for each (a, b) of `pairs` (worked out together where that is quicker)."""
        ...

    def cover_between(self, shooter: Tile, target: Tile) -> str | None:
        """The best cover near `target` on the line from `shooter`: soft50, soft90, hard50,
        hard90, or None."""
        ...

    def hidden_from(self, threats: Sequence[Tile], tile: Tile) -> bool:
        """Is `tile` in full cover (out of sight, or behind hard 90% cover) from every threat?"""
        ...

    def cover_near(self, tile: Tile) -> bool:
        """Is there cover, or anything that blocks sight, on a tile round `tile`?"""
        ...

    def room_reach(self, tile: Tile) -> int | None:
        """The longest reach the surroundings of `tile` allow (None: no limit)."""
        ...

    def in_arc(self, origin: Tile, aim: Tile, point: Tile, degrees: float) -> bool:
        """Is `point` within the arc of `degrees` centred on the line from `origin` to `aim`?"""
        ...

    def targets_in_arc(self, origin: Tile, aim: Tile, points: Iterable[Tile], degrees: float,
                       reach_tiles: float) -> list[Tile]:
        """The `points` within that arc and `reach_tiles`, nearest first."""
        ...

    def reachable(self, start: Tile, budget_m: float, blocked: AbstractSet[Tile] = frozenset(),
                  pass_through: AbstractSet[Tile] = frozenset()) -> dict[Tile, float]:
        """Tiles reachable on foot within `budget_m` metres, with their cost."""
        ...

    def path(self, start: Tile, goal: Tile, blocked: AbstractSet[Tile] = frozenset(),
             pass_through: AbstractSet[Tile] = frozenset()) -> list[Tile] | None:
        """The cheapest path on foot from `start` to `goal`, both included (None: none)."""
        ...

    def check_path(self, path: Sequence[Tile]) -> str | None:
        """What is wrong with a path (off the map, a gap, a wall), or None."""
        ...

    def path_cost_m(self, path: Sequence[Tile]) -> float:
        """What walking a path costs, in metres of movement."""
        ...

    def full_cover_within(self, start: Tile, budget_m: float, threats: Sequence[Tile],
                          blocked: AbstractSet[Tile] = frozenset(),
                          pass_through: AbstractSet[Tile] = frozenset()) -> Tile | None:
        """The nearest tile within `budget_m` in full cover from every threat, or None."""
        ...

    def visible_from(self, origin: Tile, max_range_m: float) -> set[Tile]:
        """Every tile seen from `origin` within `max_range_m`."""
        ...

    def costs_to(self, goals: Iterable[Tile]) -> geo.CostsTo:
        """Metres on foot from any tile to the nearest of `goals`, worked out as asked."""
        ...


class SquareGrid:
    """The topology of an orthogonal map: 8 neighbours, octile movement, Chebyshev reach."""

    def __init__(self, grid: GridMap) -> None:
        self.grid = grid
        geo.prepare(grid)
        self._room: dict[Tile, int | None] = {}
        self._around: dict[Tile, list[Tile]] = {}  # neighbours by tile, remembered (the grid is fixed)

    def in_bounds(self, tile: Tile) -> bool:
        return self.grid.in_bounds(*tile)

    def neighbours(self, tile: Tile) -> list[Tile]:
        """The tiles next to `tile`, remembered by tile (the list is shared: not to be changed)."""
        hit = self._around.get(tile)
        if hit is None:
            hit = self._around[tile] = geo.neighbours8(self.grid, tile)
        return hit

    def steps(self, a: Tile, b: Tile) -> int:
        return geo.chebyshev(a, b)

    def distance_m(self, a: Tile, b: Tile) -> float:
        return geo.distance_m(self.grid, a, b)

    def line_of_sight(self, a: Tile, b: Tile) -> bool:
        return geo.line_of_sight(self.grid, a, b)

    def remember_sight(self, pairs: Sequence[tuple[Tile, Tile]]) -> None:
        remember_sight(self.grid, pairs)

    def lines_of_sight(self, pairs: Sequence[tuple[Tile, Tile]]) -> list[bool]:
        return lines_of_sight(self.grid, pairs)

    def cover_between(self, shooter: Tile, target: Tile) -> str | None:
        return geo.cover_between(self.grid, shooter, target)

    def hidden_from(self, threats: Sequence[Tile], tile: Tile) -> bool:
        return geo.hidden_from(self.grid, threats, tile)

    def cover_near(self, tile: Tile) -> bool:
        return geo.cover_near(self.grid, tile)

    def room_reach(self, tile: Tile) -> int | None:
        """(Remembered by tile: the grid never changes.)"""
        memo = self._room
        if tile not in memo:
            memo[tile] = geo.room_reach(self.grid, tile)
        return memo[tile]

    def in_arc(self, origin: Tile, aim: Tile, point: Tile, degrees: float) -> bool:
        return geo.in_arc(origin, aim, point, degrees)

    def targets_in_arc(self, origin: Tile, aim: Tile, points: Iterable[Tile], degrees: float,
                       reach_tiles: float) -> list[Tile]:
        return geo.targets_in_arc(origin, aim, list(points), degrees, reach_tiles)

    def reachable(self, start: Tile, budget_m: float, blocked: AbstractSet[Tile] = frozenset(),
                  pass_through: AbstractSet[Tile] = frozenset()) -> dict[Tile, float]:
        return geo.reachable(self.grid, start, budget_m, blocked=blocked, pass_through=pass_through)

    def path(self, start: Tile, goal: Tile, blocked: AbstractSet[Tile] = frozenset(),
             pass_through: AbstractSet[Tile] = frozenset()) -> list[Tile] | None:
        return geo.path_to(self.grid, start, goal, blocked=blocked, pass_through=pass_through)

    def check_path(self, path: Sequence[Tile]) -> str | None:
        return geo.check_path(self.grid, list(path))

    def path_cost_m(self, path: Sequence[Tile]) -> float:
        return geo.path_cost_m(self.grid, list(path))

    def full_cover_within(self, start: Tile, budget_m: float, threats: Sequence[Tile],
                          blocked: AbstractSet[Tile] = frozenset(),
                          pass_through: AbstractSet[Tile] = frozenset()) -> Tile | None:
        return geo.full_cover_within(self.grid, start, budget_m, threats, blocked=blocked, pass_through=pass_through)

    def visible_from(self, origin: Tile, max_range_m: float) -> set[Tile]:
        return geo.visible_from(self.grid, origin, max_range_m)

    def costs_to(self, goals: Iterable[Tile]) -> geo.CostsTo:
        return geo.CostsTo(self.grid, list(goals))
