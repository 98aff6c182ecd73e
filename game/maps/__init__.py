"""Tiled maps as grids of plain facts: ``load_map(path) -> GridMap`` or ``MapError``."""

from game.maps.errors import MapError
from game.maps.grid import TEAMS, GridMap, Spawn, TileRect, UnitSpawn
from game.maps.loader import load_map
from game.maps.props import COVER_KINDS

__all__ = [
    "COVER_KINDS",
    "TEAMS",
    "GridMap",
    "MapError",
    "Spawn",
    "TileRect",
    "UnitSpawn",
    "load_map",
]
