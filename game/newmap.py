"""``skirmish new-map NAME [--from MAP] [--tiles WxH]``: a map folder that keeps its art.

The folder NAME holds the map (NAME/NAME.tmx), every tileset it uses (.tsx) and every image
they name, with paths relative to the folder, and the game's Tiled project (for the
drop-downs): move or copy the folder anywhere and nothing is lost. A fresh map is grass
with the shipped terrain tileset and a spawn zone on each side; ``--from`` copies a map,
its tilesets and art (object templates detached into the objects). The folder is written
aside and renamed into place only once the new map loads and is judged playable, so a
failure leaves nothing behind.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element, SubElement

from game.judge import judge_map
from game.limits import MAX_SIDE, MAX_TILES, MIN_SIDE
from game.maps.errors import MapError
from game.maps.images import ImageError, read_image
from game.maps.project import MAP_CLASS, OBJECT_TYPES_FILE, PROJECT_FILE
from game.maps.templates import apply_templates
from game.maps.tmxwriter import Choice, MapObject, ObjectLayer, TileLayer, TilesetRef, map_xml
from game.maps.xmlsafe import read_xml
from game.maps.xmlwrite import to_text

SHIPPED_TILESET = PROJECT_FILE.with_name("terrain.tsx")
DEFAULT_TILES = (40, 30)
TILE = 32
GRASS = 1
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class NewMapError(ValueError):
    """Why the folder cannot be made: one line."""


@dataclass
class NewMap:
    """What was made: the folder, the map in it, every file written, and notes."""

    folder: Path
    map_path: Path
    files: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def parse_tiles(text: str) -> tuple[int, int]:
    """``40x30`` -> (40, 30), within the limits a map may have."""
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text)
    if not match:
        raise NewMapError(f"--tiles: {text!r} is not WIDTHxHEIGHT (as 40x30)")
    width, height = int(match.group(1)), int(match.group(2))
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE) \
            or width * height > MAX_TILES:
        raise NewMapError(f"--tiles: {width}x{height} is out of range: {MIN_SIDE} to {MAX_SIDE} "
                          f"tiles a side, {MAX_TILES:,} in all")
    return width, height


def new_map(name: str, *, source: str | None = None, tiles: tuple[int, int] | None = None,
            where: str | os.PathLike[str] = ".") -> NewMap:
    """Make the folder ``where/name``; NewMapError or MapError (one line) if it cannot be."""
    if not _NAME.fullmatch(name) or name in (".", ".."):
        raise NewMapError(f"{name!r}: the name must be a folder name of letters, digits, '-', "
                          "'_' and '.' (at most 64), not a path")
    if source is not None and tiles is not None:
        raise NewMapError("--tiles: a map made --from another keeps its size; draw it bigger "
                          "or smaller in Tiled (Map > Resize Map)")
    folder = Path(where) / name
    if os.path.lexists(folder):
        raise NewMapError(f"{folder}: already exists; choose another name or move it away")
    staging = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=str(Path(where))))
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(staging, 0o777 & ~mask)  # a folder like any other, not mkdtemp's private one
    try:
        made = NewMap(folder, folder / f"{name}.tmx")
        writer = _Writer(staging, made)
        if source is None:
            writer.fresh(name, tiles or DEFAULT_TILES)
        else:
            writer.copy(name, source)
        for shipped in (PROJECT_FILE, OBJECT_TYPES_FILE):
            shutil.copyfile(shipped, staging / shipped.name)
            made.files.append(shipped.name)
        _judge(staging / f"{name}.tmx", made)
        os.rename(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return made


def _judge(path: Path, made: NewMap) -> None:
    """The new map must be one every command plays (else nothing is kept)."""
    judged = judge_map(path)
    made.notes.extend(judged.warnings)


class _Writer:
    def __init__(self, folder: Path, made: NewMap) -> None:
        self.folder = folder
        self.made = made
        self.names: dict[str, str] = {}  # source path -> name in the folder

    def place(self, source: str, suffix_hint: str = "") -> str:
        """A name in the folder for ``source`` (its own, or with -2, -3 ... if taken)."""
        if source in self.names:
            return self.names[source]
        stem, ext = os.path.splitext(os.path.basename(source))
        taken = set(self.names.values())
        name, n = stem + ext, 1
        while name in taken:
            n += 1
            name = f"{stem}-{n}{ext}"
        self.names[source] = name
        self.made.files.append(name)
        return name

    def copy_image(self, image: Element, base: str) -> None:
        """Copy an <image>'s file (through the safe reader) and point the element at it."""
        src = (image.get("source") or "").strip()
        if not src:
            return
        path = os.path.normpath(os.path.join(base, src))
        try:
            _, data = read_image(path)
        except ImageError as err:
            if not err.missing:
                raise MapError(path, str(err), "image") from None
            self.made.notes.append(f"{path}: file not found: the copy names it as "
                                   f"{os.path.basename(path)} beside the map; put the art there")
            image.set("source", os.path.basename(path))
            return
        fresh = path not in self.names
        name = self.place(path)
        if fresh:
            (self.folder / name).write_bytes(data)
        image.set("source", name)

    def fresh(self, name: str, tiles: tuple[int, int]) -> None:
        width, height = tiles
        tsx = self.tileset(str(SHIPPED_TILESET))
        zone_w = max(2, width // 10)
        zone_h = max(2, height // 2)
        top = (height - zone_h) // 2
        spawns = [MapObject("blue start", "spawn", 0, top * TILE, zone_w * TILE, zone_h * TILE,
                            properties={"team": Choice("team", "blue")}),
                  MapObject("red start", "spawn", (width - zone_w) * TILE, top * TILE,
                            zone_w * TILE, zone_h * TILE, properties={"team": Choice("team", "red")})]
        text = map_xml(
            width=width, height=height, tile_width=TILE, tile_height=TILE,
            tilesets=[TilesetRef(tsx)],
            layers=[TileLayer("ground", [GRASS] * (width * height)),
                    TileLayer("structures", [0] * (width * height))],
            object_layers=[ObjectLayer("units", spawns)],
            properties={"name": name, "metres_per_tile": 2.0, "max_rounds": 30,
                        "briefing": f"{name}: a new map. Say here what the fight is about."},
            map_class=MAP_CLASS)
        (self.folder / f"{name}.tmx").write_text(text, encoding="utf-8", newline="\n")
        self.made.files.insert(0, f"{name}.tmx")

    def tileset(self, tsx_path: str) -> str:
        """Copy a .tsx and its images into the folder; its name there."""
        tsx_path = os.path.normpath(tsx_path)
        if tsx_path in self.names:
            return self.names[tsx_path]
        root = read_xml(tsx_path, "tileset")
        for image in root.iter("image"):
            self.copy_image(image, os.path.dirname(tsx_path))
        name = self.place(tsx_path)
        _write_xml(root, self.folder / name)
        return name

    def copy(self, name: str, source: str) -> None:
        from game.maps.loader import load_map

        load_map(source)  # a map that does not load is not copied (its own one line)
        root = read_xml(source, "map")
        base = os.path.dirname(source)
        if apply_templates(source, root):
            self.made.notes.append("object templates were detached into the objects")
        for tileset in root.findall("tileset"):
            if tileset.get("source"):
                tileset.set("source", self.tileset(os.path.join(base, tileset.get("source", ""))))
            else:
                for image in tileset.iter("image"):
                    self.copy_image(image, base)
        for layer in root.iter("imagelayer"):
            for image in layer.findall("image"):
                self.copy_image(image, base)
        _set_name(root, name)
        _write_xml(root, self.folder / f"{name}.tmx")
        self.made.files.insert(0, f"{name}.tmx")


def _set_name(root: Element, name: str) -> None:
    """The copy's map property ``name`` is its own (the menu lists both)."""
    props = root.find("properties")
    if props is None:
        props = Element("properties")
        props.tail = "\n "
        root.insert(0, props)
    for prop in props.findall("property"):
        if prop.get("name") == "name":
            prop.set("value", name)
            prop.text = None
            return
    SubElement(props, "property", {"name": "name", "value": name})


def _write_xml(root: Element, path: Path) -> None:
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + to_text(root) + "\n"
    path.write_text(text, encoding="utf-8", newline="\n")
