"""The grid a match is played on: plain per-tile facts, no pytmx, no pixels."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.maps.props import COVER_KINDS, cover_name

TEAMS: tuple[str, ...] = ("blue", "red")
"""Teams a map can place: blue starts in the west, red in the east, unless the map says."""


class TileRect(NamedTuple):
    """A rectangle of tiles: columns x .. x+width-1, rows y .. y+height-1."""

    x: int
    y: int
    width: int
    height: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def positions(self) -> list[tuple[int, int]]:
        """Every (x, y) in the rectangle, row by row."""
        return [
            (x, y)
            for y in range(self.y, self.y + self.height)
            for x in range(self.x, self.x + self.width)
        ]


@dataclass(frozen=True)
class Route:
    """A named route: the tiles under its points, in order (repeats dropped)."""

    name: str
    points: tuple[tuple[int, int], ...]

    @property
    def end(self) -> tuple[int, int]:
        return self.points[-1]


@dataclass(frozen=True)
class Spawn:
    """A spawn zone: where a team's squad may be placed at the start."""

    team: str
    rect: TileRect
    name: str = ""


@dataclass(frozen=True)
class UnitSpawn:
    """A unit the map places itself, at tile (x, y)."""

    team: str
    x: int
    y: int
    name: str | None = None
    template: str | None = None
    weapon: str | None = None
    armour: str | None = None
    attributes: dict[str, int] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)
    second_weapon: str | None = None  # a shield or off-hand weapon id
    grenades: str | None = None  # comma-separated weapon ids
    magazines: int | None = None  # spare magazines
    role: str | None = None  # what the unit is in the squad (gunner, marksman, ...): other rulesets build it from this


@dataclass(frozen=True)
class GridMap:
    """A loaded map as facts per tile, indexed ``y * width + x``.

    ``walkable_cells``/``blocks_sight_cells`` hold 0 or 1, ``cover_cells`` a cover code (0 none,
    then soft50, soft90, hard50, hard90), ``move_cost_cells`` the cost to enter a tile.
    Read them through the accessors; they raise IndexError off the map (see ``in_bounds``).
    """

    name: str
    path: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    metres_per_tile: float
    max_rounds: int
    briefing: str
    properties: dict[str, Any]
    walkable_cells: bytes
    move_cost_cells: tuple[float, ...]
    blocks_sight_cells: bytes
    cover_cells: bytes
    spawns: tuple[Spawn, ...] = ()
    units: tuple[UnitSpawn, ...] = ()
    routes: tuple[Route, ...] = ()
    """Named routes (class ``route``) that tactics send units along (game/maps/routes.py)."""
    assumptions: tuple[str, ...] = ()
    ruleset: str = "yags"
    """The map property ``ruleset`` (yags, mythras, yags-sf, step): read and checked, not yet
    used by the game."""
    fog: bool = False
    """The map property ``fog`` (on/off): fog of war, when neither the command line nor a
    scenario says (game.sim.choose_fog)."""
    fog_given: bool = False
    """Does the map set ``fog`` itself (else the mode's default decides)?"""
    missing_art: tuple[str, ...] = ()
    """One line per image the map names that is not there: the map plays, the window draws
    placeholders, check-map refuses it."""
    art: tuple[str, ...] = ()
    """The image files the map draws with (each passed the safe probe)."""
    stacked_units: tuple[str, ...] = ()
    """One line per unit the map places on a tile another unit (of any layer) stands on: the
    match moves one of the two to a free tile of its side's spawn zone, check-map refuses the map."""
    objectives: tuple[Any, ...] = ()
    """The map's objectives (game.maps.objectives.Objective), in document order."""
    at_time: str = "draw"
    """Who wins when the rounds run out (map property ``at_time``): draw, blue or red."""
    objectives_all: bool = False
    """Map property ``objectives = "all"``: a side wins only when all its objectives are met."""
    deployments: tuple[Any, ...] = ()
    """The map's deployments (game.maps.deployments.Deployment): ``deploy NAME`` layers."""

    def __post_init__(self) -> None:
        size = self.width * self.height
        for name in ("walkable_cells", "move_cost_cells", "blocks_sight_cells", "cover_cells"):
            if len(getattr(self, name)) != size:
                raise ValueError(f"{name} has {len(getattr(self, name))} cells, expected {size}")

    @property
    def size_metres(self) -> tuple[float, float]:
        """The map's width and height in metres."""
        return self.width * self.metres_per_tile, self.height * self.metres_per_tile

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def _index(self, x: int, y: int) -> int:
        if not self.in_bounds(x, y):
            raise IndexError(f"({x}, {y}) is outside the {self.width}x{self.height} map")
        return y * self.width + x

    def walkable(self, x: int, y: int) -> bool:
        """Can a figure stand on and move through this tile?"""
        return bool(self.walkable_cells[self._index(x, y)])

    def move_cost(self, x: int, y: int) -> float:
        """Cost to enter this tile, 1 for open ground."""
        return self.move_cost_cells[self._index(x, y)]

    def blocks_sight(self, x: int, y: int) -> bool:
        """Does this tile block line of sight through it?"""
        return bool(self.blocks_sight_cells[self._index(x, y)])

    def cover(self, x: int, y: int) -> str | None:
        """The cover kind this tile gives (soft50, soft90, hard50, hard90), or None."""
        return cover_name(self.cover_cells[self._index(x, y)])

    def spawn_tiles(self, team: str) -> list[tuple[int, int]]:
        """Walkable tiles where ``team`` may be placed: row by row for blue, in the reverse
        order for red, so that a map whose east half is its west half turned round places
        both squads alike.

        The team's spawn zones if the map has any for it; otherwise blue gets the west edge
        and red the east edge (the first column in from that edge with a walkable tile).
        """
        if team not in TEAMS:
            raise ValueError(f"unknown team {team!r} (expected one of {', '.join(TEAMS)})")
        zones = [spawn.rect for spawn in self.spawns if spawn.team == team]
        if zones:
            seen: set[tuple[int, int]] = set()
            tiles = []
            for rect in zones:
                for x, y in rect.positions():
                    if self.in_bounds(x, y) and self.walkable(x, y) and (x, y) not in seen:
                        seen.add((x, y))
                        tiles.append((x, y))
            return sorted(tiles, key=lambda p: (p[1], p[0]), reverse=(team == "red"))
        columns = range(self.width) if team == "blue" else range(self.width - 1, -1, -1)
        for x in columns:
            tiles = [(x, y) for y in range(self.height) if self.walkable(x, y)]
            if tiles:
                return tiles if team == "blue" else tiles[::-1]
        return []

    def count_cover(self) -> dict[str, int]:
        """How many tiles give each cover kind."""
        return {kind: self.cover_cells.count(code) for code, kind in enumerate(COVER_KINDS, 1)}
