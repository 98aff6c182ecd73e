"""What the main menu knows of maps: the shipped maps, the squads a map offers, each map's
facts and thumbnail as the picker shows them (`map_info`, remembered per file and time), the
ruleset a map asks for, and a fresh seed for a new skirmish."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.session import MAP_UNITS

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"


def shipped_maps(root: Path = MAPS_DIR) -> list[str]:
    return [str(p) for p in sorted(root.glob("*.tmx"))]


def _map_has_units(path: str) -> bool:
    info = map_info(path)
    return not info.error and info.has_units


def squad_choices(path: str) -> list[str]:
    """"map units" (when the map has its own) then the squads in game/data/squads.toml."""
    from game.squads import SquadError, templates

    try:
        squads = sorted(templates()[1])
    except SquadError:
        squads = []
    return ([MAP_UNITS] if path and _map_has_units(path) else []) + squads


@dataclass
class MapInfo:
    """What the picker shows of a map: its name, size, sides, rounds, briefing, a picture."""

    path: str
    name: str = ""
    facts: str = ""
    briefing: str = ""
    thumb: pygame.Surface | None = None
    error: str = ""
    """Why the map cannot be played: the command line's own message (game.judge)."""
    warnings: tuple[str, ...] = ()
    """What to hear before playing it (missing art), as the command line warns."""
    has_units: bool = False
    ruleset: str = "yags"
    """The ruleset the map asks for (its `ruleset` property)."""
    deployments: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The map's `deploy NAME` layers: (NAME, the sides it places), in document order."""


_infos: dict[tuple[str, float], MapInfo] = {}
_thumbs: dict[tuple[str, float, tuple[int, int]], pygame.Surface] = {}


def map_info(path: str, box: tuple[int, int] | None = None) -> MapInfo:
    """The map's facts (remembered per file and its time), with a thumbnail fitting `box`
    when one is asked for."""
    from game.judge import judge_map
    from game.maps import MapError
    from game.squads import SquadError
    from game.ui.maprender import MapRenderer

    try:
        stamp = Path(path).stat().st_mtime
    except OSError:
        return MapInfo(path, error=f"{path}: file not found")
    key = (str(path), stamp)
    info = _infos.get(key)
    grid = None
    if info is None:
        try:
            judged = judge_map(path)
        except (MapError, SquadError, OSError, ValueError) as exc:
            from game.files import one_line

            info = MapInfo(path, error=one_line(exc))  # the command line's words (game.judge)
        else:
            grid = judged.grid
            sides: dict[str, int] = {}
            for u in grid.units:
                sides[u.team] = sides.get(u.team, 0) + 1
            squad = " v ".join(f"{n} {t}" for t, n in sorted(sides.items())) or "default squads of 8"
            goals = ""
            if grid.objectives:  # issue 30: what each side must do, and who wins at time
                goals = "; objectives: " + ", ".join(f"{o.team} {o.kind} '{o.name}'" for o in grid.objectives) + (
                    "" if grid.at_time == "draw" else f"; {grid.at_time} wins at time")
            info = MapInfo(path, grid.name or Path(path).stem,
                           f"{grid.width} x {grid.height} tiles of {grid.metres_per_tile:g} m, {squad}, "
                           f"{grid.max_rounds} rounds at most{goals}", " ".join((grid.briefing or "").split()),
                           warnings=judged.warnings, has_units=bool(grid.units), ruleset=judged.ruleset,
                           deployments=tuple((d.name, tuple(t for t in ("blue", "red") if d.of(t)))
                                             for d in grid.deployments))
        if len(_infos) > 32:
            _infos.clear()
        _infos[key] = info
    if box is None or info.error:
        return info
    tkey = (*key, box)
    if tkey not in _thumbs:
        if len(_thumbs) > 16:
            _thumbs.clear()
        _thumbs[tkey] = MapRenderer(grid or judge_map(path).grid).thumbnail(box)
    return MapInfo(info.path, info.name, info.facts, info.briefing, _thumbs[tkey],
                   warnings=info.warnings, has_units=info.has_units, ruleset=info.ruleset,
                   deployments=info.deployments)


def map_ruleset(path: str) -> str:
    """The ruleset a map asks for (its `ruleset` property), else yags (also for a map that
    does not load: the menu says what is wrong with it)."""
    return map_info(path).ruleset


def fresh_seed() -> int:
    """A new seed for a new skirmish (so every game does not start from the same rolls)."""
    return random.SystemRandom().randrange(1, 1_000_000)
