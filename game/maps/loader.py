"""load_map: a Tiled .tmx file -> a GridMap of plain facts, or one MapError.

The file is read and checked safely first (xmlsafe, tmxcheck); pytmx then builds its model
from the checked tree, with no images. Tile facts come from tile and layer properties,
never from gids (pytmx renumbers them).
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytmx

from game.limits import MAX_ROUNDS_LIMIT
from game.maps.deployments import deployment_name, read_deployments
from game.maps.errors import MapError
from game.maps.grid import TEAMS, GridMap
from game.maps.objectives import (
    AT_TIME,
    OBJECTIVE_CLASS,
    OBJECTIVES_NEEDED,
    gather,
    read_objectives,
)
from game.maps.objects import object_kind, object_label, read_objects
from game.maps.project import MAP_CLASS, SPAWN_CLASS, UNIT_CLASS, project_types
from game.maps.props import (
    FOG_CHOICES,
    RULESETS,
    as_bool,
    as_choice,
    as_positive_int,
    as_positive_number,
    cover_code,
)
from game.maps.repeats import share_properties, strip_repeats
from game.maps.routes import read_routes
from game.maps.tmxcheck import Prepared, prepare, tileset_of
from game.maps.xmlsafe import read_xml

MIN_METRES_PER_TILE = 0.1
MAX_METRES_PER_TILE = 1000.0
"""Tile sides in metres: a figure needs more than 10 cm to stand on, and a 1 km tile is past
every weapon's long range (and a figure's whole run would be a fraction of a tile)."""
MAX_MOVE_COST = 1000.0
"""Most a tile may cost to enter (a tile nobody should enter is `blocks_move`)."""
TILE_KEYS = ("blocks_move", "blocks_sight", "cover", "move_cost")
MAP_KEYS = ("name", "metres_per_tile", "max_rounds", "briefing", "ruleset", "fog", "at_time", "objectives")
FALLBACKS = {"at_time": "draw", "objectives": "any"}
"""Map properties a project made before issue 30 has no default for."""


@dataclass(frozen=True)
class TileFacts:
    """What tile or layer properties say; None where they say nothing."""

    blocks_move: bool | None = None
    blocks_sight: bool | None = None
    cover: int | None = None
    move_cost: float | None = None

    def over(self, base: TileFacts) -> TileFacts:
        """These facts, falling back to ``base`` where these say nothing."""
        return TileFacts(*(mine if mine is not None else theirs
                           for mine, theirs in zip(self.astuple(), base.astuple(), strict=True)))

    def astuple(self) -> tuple[Any, ...]:
        return (self.blocks_move, self.blocks_sight, self.cover, self.move_cost)

    @property
    def empty(self) -> bool:
        return self.astuple() == (None, None, None, None)


def load_map(path: str | os.PathLike[str]) -> GridMap:
    """Load and check a Tiled map; raise MapError (one line, naming file and place) if the map
    cannot be played."""
    name = os.fspath(path)
    try:
        root = read_xml(name, "map")
        prepared = prepare(name, root)
        tmx = _pytmx_map(name, prepared)
        return _Builder(name, prepared, tmx).build()
    except MapError:
        raise
    except (RecursionError, MemoryError):
        raise MapError(name, "the map is too deeply nested or too large to read") from None
    except Exception as err:  # a safety net: a map never raises anything but MapError
        raise MapError(name, f"cannot read the map ({type(err).__name__}: {err})") from err


def tiled_model(path: str | os.PathLike[str],
                image_loader: Callable[..., Any]) -> pytmx.TiledMap:
    """pytmx's model of a map, checked exactly as ``load_map`` checks it, with its images
    loaded by ``image_loader`` (the window's, which goes through the same safe probe): pytmx
    never opens a file itself. MapError (one line) if the map cannot be played."""
    name = os.fspath(path)
    try:
        return _pytmx_map(name, prepare(name, read_xml(name, "map")), image_loader)
    except MapError:
        raise
    except (RecursionError, MemoryError):
        raise MapError(name, "the map is too deeply nested or too large to read") from None


def _pytmx_map(path: str, prepared: Prepared,
               image_loader: Callable[..., Any] | None = None) -> pytmx.TiledMap:
    """pytmx's model of the checked tree, with pytmx's default image loader (loads nothing)
    unless one is given.

    allow_duplicate_names lets objects carry properties such as ``name`` and ``template``;
    pytmx keeps that switch on a class, so it is put back afterwards.
    """
    previous = pytmx.TiledElement.allow_duplicate_names
    try:
        tmx = (pytmx.TiledMap(allow_duplicate_names=True) if image_loader is None else
               pytmx.TiledMap(allow_duplicate_names=True, image_loader=image_loader))
        tmx.filename = path
        shared = strip_repeats(prepared)
        tmx.parse_xml(prepared.root)
        share_properties(tmx, shared)
    except MapError:
        raise
    except Exception as err:  # pytmx raises bare Exception, ValueError, TypeError, ...
        raise MapError(path, f"pytmx could not read the map ({type(err).__name__}: {err})") from None
    finally:
        pytmx.TiledElement.allow_duplicate_names = previous
    return tmx


def _metres_per_tile(value: Any) -> float:
    metres = as_positive_number(value, MAX_METRES_PER_TILE)
    if metres < MIN_METRES_PER_TILE:
        raise ValueError(f"{value!r} is less than {MIN_METRES_PER_TILE:g} (a tile must hold a figure)")
    return metres


class _Builder:
    def __init__(self, path: str, prepared: Prepared, tmx: pytmx.TiledMap) -> None:
        self.path = path
        self.prepared = prepared
        self.tmx = tmx
        self.width = int(tmx.width)
        self.height = int(tmx.height)
        self.seen: set[str] = set()
        self.tile_facts: dict[int, TileFacts] = {}

    def fail(self, where: str, message: str, path: str | None = None) -> NoReturn:
        raise MapError(path or self.path, message, where)

    def build(self) -> GridMap:
        tmx = self.tmx
        props = dict(tmx.properties)
        project = project_types()
        self.read_all_tile_facts()
        cells, placed_layers = self.combine_layers()
        blocks_move, blocks_sight, cover, cost = cells
        pairs = self.paired(pytmx.TiledObjectGroup, self.prepared.object_groups)
        layers = self.prepared.object_layers or [keep for _, keep in pairs]
        groups = [group for (group, keep) in pairs if keep and deployment_name(group.name) is None]
        walkable = bytes(blocks_move.translate(b"\x01\x00" + bytes(254)))  # 1 - b
        stacked: list[str] = []
        spawns, units = read_objects(
            groups, width=self.width, height=self.height, tile_width=int(tmx.tilewidth),
            tile_height=int(tmx.tileheight),
            walkable=lambda x, y: bool(walkable[y * self.width + x]), fail=self.fail,
            defaults={UNIT_CLASS: project.defaults(UNIT_CLASS),
                      SPAWN_CLASS: project.defaults(SPAWN_CLASS)}, stacked=stacked)
        routes = read_routes(groups, width=self.width, height=self.height, tile_width=int(tmx.tilewidth),
                             tile_height=int(tmx.tileheight),
                             walkable=lambda x, y: bool(walkable[y * self.width + x]), fail=self.fail)
        deployments = read_deployments(
            [group for (group, _), layer in zip(pairs, layers, strict=True) if layer],
            lambda group: read_objects(
                [group], width=self.width, height=self.height, tile_width=int(tmx.tilewidth),
                tile_height=int(tmx.tileheight), walkable=lambda x, y: bool(walkable[y * self.width + x]),
                fail=self.fail, defaults={UNIT_CLASS: project.defaults(UNIT_CLASS)})[1],
            self.fail)
        self.defaults = project.defaults(MAP_CLASS)
        self.project_path = project.path
        zones, unknown = gather(groups, object_label, object_kind)
        objectives = read_objectives(
            zones, width=self.width, height=self.height, tile_width=int(tmx.tilewidth),
            tile_height=int(tmx.tileheight), walkable=lambda x, y: bool(walkable[y * self.width + x]),
            fail=self.fail, units=units, defaults=project.defaults(OBJECTIVE_CLASS))
        grid = GridMap(
            name=self.text_property(props, "name") or Path(self.path).stem,
            path=self.path,
            width=self.width,
            height=self.height,
            tile_width=int(tmx.tilewidth),
            tile_height=int(tmx.tileheight),
            metres_per_tile=self.map_property(props, "metres_per_tile", _metres_per_tile),
            max_rounds=self.map_property(
                props, "max_rounds", lambda v: as_positive_int(v, MAX_ROUNDS_LIMIT)),
            briefing=self.text_property(props, "briefing") or "",
            properties={k: v for k, v in props.items() if k not in MAP_KEYS},
            walkable_cells=walkable,
            move_cost_cells=tuple(c if c else 1.0 for c in cost),
            blocks_sight_cells=bytes(blocks_sight),
            cover_cells=bytes(cover),
            spawns=tuple(spawns),
            units=tuple(units),
            routes=routes,
            assumptions=tuple(self.assumptions(props, placed_layers, spawns, units) + unknown),
            ruleset=self.map_property(props, "ruleset", lambda v: as_choice(v, RULESETS)),
            fog=self.map_property(props, "fog", lambda v: as_choice(v, FOG_CHOICES)) == "on",
            fog_given="fog" in props,
            missing_art=tuple(self.prepared.missing_art),
            art=tuple(self.prepared.art),
            stacked_units=tuple(f"{self.path}: {line}" for line in stacked),
            objectives=tuple(objectives),
            deployments=tuple(deployments),
            at_time=self.map_property(props, "at_time", lambda v: as_choice(v, AT_TIME)),
            objectives_all=self.map_property(
                props, "objectives", lambda v: as_choice(v, OBJECTIVES_NEEDED)) == "all",
        )
        for team in TEAMS:
            if not grid.spawn_tiles(team):
                where = f"spawn zones for {team}" if any(s.team == team for s in spawns) else "map"
                self.fail(where, f"no walkable tile to place {team} on")
        return grid

    @property
    def map_class(self) -> str:
        """The map's class: ``class`` in Tiled 1.9 and later (1.8 has no map classes)."""
        root = self.prepared.root
        return (root.get("class") or root.get("type") or "").strip().lower()

    # -- map properties ---------------------------------------------------------------

    def map_property(self, props: dict[str, Any], key: str,
                     convert: Callable[[Any], Any]) -> Any:
        """A map property, or the map class's default from the project when the map leaves
        it out (as Tiled does while it is at its default)."""
        if key not in props:
            try:
                return convert(self.defaults.get(key, FALLBACKS.get(key)))
            except ValueError as err:
                raise MapError(self.project_path, f"the default is wrong: {err}",
                               f"class '{MAP_CLASS}' member '{key}'") from None
        value = props[key]
        try:
            return convert("" if value is None else value)
        except ValueError as err:
            self.fail(f"map property '{key}'", str(err))

    @staticmethod
    def text_property(props: dict[str, Any], key: str) -> str | None:
        value = props.get(key)
        return None if value is None else str(value).strip()

    # -- tiles ------------------------------------------------------------------------

    def paired(self, kind: type, flags: list[Any]) -> list[tuple[Any, Any]]:
        """pytmx's layers of one kind, paired with what the check found for each in the same
        (document) order."""
        layers = [layer for layer in self.tmx.layers if isinstance(layer, kind)]
        if len(layers) != len(flags):
            self.fail("map", f"pytmx found {len(layers)} {kind.__name__} layers, the check "
                      f"{len(flags)}")
        return list(zip(layers, flags, strict=True))

    def facts(self, props: dict[str, Any], where: str, path: str | None = None) -> TileFacts:
        """Validate the game's properties among ``props`` (of ``where`` in ``path``)."""
        values: list[Any] = []
        for key, convert in (("blocks_move", as_bool), ("blocks_sight", as_bool),
                             ("cover", cover_code),
                             ("move_cost", lambda v: as_positive_number(v, MAX_MOVE_COST))):
            if key not in props:
                values.append(None)
                continue
            value = props[key]
            try:  # pytmx gives None for an empty string property
                values.append(convert("" if value is None else value))
            except ValueError as err:
                self.fail(f"{where} property '{key}'", str(err), path)
        return TileFacts(*values)

    def tile_label(self, gid: int, firstgids: list[int] | None = None) -> tuple[str, str | None, int]:
        """How to name a pytmx gid's tile in a message, the file it is defined in, and its
        id in that tileset (-1 if it has none)."""
        tiled_gid = self.tmx.tiledgidmap.get(gid, gid)
        tileset = tileset_of(self.prepared.tilesets, tiled_gid, firstgids)
        if tileset is None:
            return f"tile gid {tiled_gid}", None, -1
        local = tiled_gid - tileset.firstgid
        return f"tileset '{tileset.name}' tile {local}", tileset.file, local

    def read_all_tile_facts(self) -> None:
        """Check every tile with properties, placed or not, so an author hears of all: each
        tile of a .tsx once, however many times the map names that file."""
        firstgids = [t.firstgid for t in self.prepared.tilesets]
        checked: dict[tuple[str, int], TileFacts] = {}
        for gid, props in self.tmx.tile_properties.items():
            where, file, local = self.tile_label(gid, firstgids)
            key = (file, local) if file is not None and local >= 0 else None
            facts = checked.get(key) if key is not None else None
            if facts is None:
                facts = self.facts(props or {}, where, file)
                if key is not None:
                    checked[key] = facts
            self.tile_facts[gid] = facts

    def combine_layers(self) -> tuple[tuple[bytearray, bytearray, bytearray, array], int]:
        """OR blocks_move and blocks_sight, keep the best cover and the highest move_cost over
        the visible tile layers. A layer's own properties are defaults for its non-empty tiles;
        a tile's properties win over them. Empty cells add nothing."""
        size = self.width * self.height
        blocks_move, blocks_sight, cover = bytearray(size), bytearray(size), bytearray(size)
        cost = array("d", bytes(8 * size))  # 0.0 = no tile says
        placed = 0
        for layer, info in self.paired(pytmx.TiledTileLayer, self.prepared.tile_layers):
            if not info.visible:
                continue
            placed += 1
            layer_facts = self.facts(layer.properties, f"layer '{info.name}'")
            self.note_seen(layer_facts)
            merged: dict[int, TileFacts | None] = {}
            width = self.width
            for y, row in enumerate(layer.data):
                base = y * width
                for x, gid in enumerate(row):
                    if not gid:
                        continue
                    facts: TileFacts | None | bool = merged.get(gid, False)
                    if facts is False:
                        own = self.tile_facts.get(gid, TileFacts())
                        self.note_seen(own)
                        facts = own.over(layer_facts)
                        facts = None if facts.empty else facts
                        merged[gid] = facts
                    if not isinstance(facts, TileFacts):
                        continue
                    i = base + x
                    if facts.blocks_move:
                        blocks_move[i] = 1
                    if facts.blocks_sight:
                        blocks_sight[i] = 1
                    if facts.cover and facts.cover > cover[i]:
                        cover[i] = facts.cover
                    if facts.move_cost is not None and facts.move_cost > cost[i]:
                        cost[i] = facts.move_cost
        return (blocks_move, blocks_sight, cover, cost), placed

    def note_seen(self, facts: TileFacts) -> None:
        for key, value in zip(TILE_KEYS, facts.astuple(), strict=True):
            if value is not None:
                self.seen.add(key)

    # -- what the loader assumed ------------------------------------------------------

    def assumptions(self, props: dict[str, Any], placed_layers: int,
                    spawns: list[Any], units: list[Any]) -> list[str]:
        notes = []
        if not placed_layers:
            notes.append("the map has no visible tile layer: every tile is open ground; "
                         "paint the ground and walls on a tile layer")
        if "blocks_move" not in self.seen:
            notes.append("no tile has blocks_move: every tile is open ground; add a bool "
                         "property blocks_move to wall tiles in the tileset")
        if "blocks_sight" not in self.seen:
            notes.append("no tile has blocks_sight: nothing blocks line of sight; add a bool "
                         "property blocks_sight to wall tiles in the tileset")
        if "cover" not in self.seen:
            notes.append("no tile has cover: no tile gives cover; add a string property cover "
                         "(soft50, soft90, hard50 or hard90) to tiles that give cover")
        if "move_cost" not in self.seen:
            notes.append("no tile has move_cost: every tile costs 1 to enter; add a float "
                         "property move_cost to tiles that slow movement (2 = twice the cost)")
        teams = {spawn.team for spawn in spawns}
        if not teams:
            notes.append("no spawn zones: squads are placed at the west (blue) and east (red) "
                         "edges; add rectangle objects of class spawn with a string property "
                         "team (blue or red) on an object layer")
        else:
            for team, edge in (("blue", "west"), ("red", "east")):
                if team not in teams:
                    notes.append(f"no spawn zone for {team}: {team} is placed at the {edge} "
                                 f"edge; add a rectangle object of class spawn with team={team}")
        placed = {unit.team for unit in units}
        for team in TEAMS:
            if placed and team not in placed:
                notes.append(f"the map places units for {', '.join(sorted(placed))} but none for "
                             f"{team}: {team} fields nobody (and loses at once) unless a squad is "
                             f"given for it (simulate --{team}-squad); add unit objects with "
                             f"team={team}")
        if self.map_class == MAP_CLASS:
            return notes + self.prepared.notes  # Tiled showed the author every default
        if "metres_per_tile" not in props:
            notes.append(f"metres_per_tile not set: one tile is {self.defaults['metres_per_tile']:g} "
                         "metres (the skirmish_map default); add a float map property "
                         "metres_per_tile, or give the map the class skirmish_map")
        if "max_rounds" not in props:
            notes.append(f"max_rounds not set: a match lasts at most "
                         f"{self.defaults['max_rounds']} rounds; add an int map property "
                         "max_rounds")
        if not self.text_property(props, "name"):
            notes.append(f"name not set: the map is called {Path(self.path).stem!r} after its "
                         "file; add a string map property name")
        if not self.text_property(props, "briefing"):
            notes.append("briefing not set: no briefing is shown before a match; add a string "
                         "map property briefing")
        return notes + self.prepared.notes
