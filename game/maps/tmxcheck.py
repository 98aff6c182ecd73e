"""Check a parsed .tmx (and its .tsx tilesets) before pytmx sees it.

Everything pytmx would trip over, hang on or allocate too much for is refused here with a
message that names the place: the map's size and orientation, tilesets, each layer's data
(decoded with bounded decompression), attribute and property values. External tilesets are
read safely and inlined into the map's tree, so pytmx never opens a file itself.
"""

from __future__ import annotations

import bisect
import math
import os
from dataclasses import dataclass, field
from typing import NoReturn
from xml.etree.ElementTree import Element

from game.maps.artcheck import check_art
from game.maps.errors import MapError
from game.maps.layerdata import LayerDataError, decode_layer_data
from game.maps.templates import apply_templates
from game.maps.xmlsafe import read_xml

MAX_SIDE = 2000
"""Most tiles along either side of a map."""
MAX_TILES = 1_000_000
"""Most tiles in a map (width * height)."""
MAX_TILE_PIXELS = 4096
"""Largest tile width or height in pixels."""
MAX_TILESET_TILES = 262_144
"""Most tiles one tileset may hold (pytmx walks every tile of a tileset's image)."""
MAX_ALL_TILESET_TILES = 1_048_576
"""Most tiles all the tilesets of one map may hold together."""
MAX_LAYER_TILES = 8_000_000
"""Most tiles all the tile layers of one map may hold together (layers x width x height)."""

GID_FLAGS = (1 << 31) | (1 << 30) | (1 << 29)
"""Tiled's flip bits in a gid, as pytmx 3.32 strips them."""

# The attributes pytmx 3.32 casts (pytmx.pytmx.types) on the elements it reads them from.
_INT_ATTRS = frozenset(
    "columns duration firstgid gid id margin nextobjectid offsetx offsety spacing tile "
    "tilecount tileheight tileid tilewidth".split()
)
_FLOAT_ATTRS = frozenset("height hexsidelength opacity pixelsize probability rotation width x y".split())
_BOOL_ATTRS = frozenset("bold italic kerning strikeout underline visible wrap".split())
_CAST_TAGS = frozenset("map group layer objectgroup object imagelayer tileset tile".split())
_DESCRIBED = frozenset("map layer objectgroup group imagelayer object tileset tile".split())
_PROPERTY_TYPES = frozenset("string color file bool int float object enum class".split())


@dataclass
class TilesetInfo:
    """Where a tileset's gids lie, and what to call it in messages."""

    firstgid: int
    count: int
    name: str
    file: str | None = None


@dataclass
class LayerInfo:
    """A tile layer in document order (as pytmx finds them), with its effective visibility."""

    name: str
    visible: bool


@dataclass
class Prepared:
    """A checked map tree ready for pytmx, and what the check found worth telling the author."""

    root: Element
    tilesets: list[TilesetInfo]
    tile_layers: list[LayerInfo]
    object_groups: list[bool]
    """For each <objectgroup> in document order: is it a visible map layer (not a collider)?"""
    notes: list[str] = field(default_factory=list)
    missing_art: list[str] = field(default_factory=list)
    """One line per image the map names that is not there (the map still plays)."""
    art: list[str] = field(default_factory=list)
    """The image files the map names that are there (probed, each once)."""


def prepare(path: str, root: Element) -> Prepared:
    """Check the map whose root element is ``root``; raise MapError on anything unplayable."""
    return _Checker(path, root).run()


class _Checker:
    def __init__(self, path: str, root: Element) -> None:
        self.path = path
        self.root = root
        self.notes: list[str] = []
        self.parents: dict[Element, Element] = {}
        self.width = 0
        self.height = 0
        self.tilesets: list[TilesetInfo] = []
        self.tileset_files: dict[Element, str] = {}
        self._firstgids: list[int] = []
        self.hidden: set[Element] = set()

    def fail(self, where: str, message: str, path: str | None = None) -> NoReturn:
        raise MapError(path or self.path, message, where)

    def run(self) -> Prepared:
        self.check_map_header()
        apply_templates(self.path, self.root)
        self.parents = {child: parent for parent in self.root.iter() for child in parent}
        self.inline_tilesets()
        self.parents = {child: parent for parent in self.root.iter() for child in parent}
        self.hidden = self.find_hidden()
        art = check_art(self.path, self.root, self.parents, self.describe)
        self.notes.extend(art.notes)
        self.check_tilesets()
        self.check_attributes_and_properties()
        layers = self.check_tile_layers()
        groups = self.check_object_groups()
        self.drop_empty_image_layers()
        return Prepared(self.root, self.tilesets, layers, groups, self.notes, art.missing,
                        art.found)

    # -- the map element --------------------------------------------------------------

    def check_map_header(self) -> None:
        root = self.root
        orientation = root.get("orientation", "orthogonal")
        if orientation != "orthogonal":
            self.fail("map", f"orientation {orientation!r} is not supported: only orthogonal maps "
                      "can be played (in Tiled: Map > Map Properties > Orientation)")
        infinite = root.get("infinite", "0").strip()
        if infinite not in ("0", ""):
            self.fail("map", "infinite maps are not supported: untick Infinite in Tiled's "
                      "Map > Map Properties and give the map a fixed size")
        width = self.whole(root, "width", "map", low=1)
        height = self.whole(root, "height", "map", low=1)
        if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_TILES:
            self.fail("map", f"map is {width}x{height} tiles; the limit is {MAX_SIDE} a side "
                      f"and {MAX_TILES:,} tiles in all")
        self.whole(root, "tilewidth", "map", low=1, high=MAX_TILE_PIXELS)
        self.whole(root, "tileheight", "map", low=1, high=MAX_TILE_PIXELS)
        self.width, self.height = width, height

    def whole(self, el: Element, attr: str, where: str, *, low: int = 0,
              high: int | None = None, default: int | None = None) -> int:
        """An attribute that must be a whole number within [low, high]."""
        text = el.get(attr)
        if text is None:
            if default is not None:
                return default
            self.fail(where, f"attribute {attr} is missing")
        try:
            value = int(text.strip())
        except ValueError:
            self.fail(where, f"{attr}={text!r} is not a whole number")
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.fail(where, f"{attr}={value} is out of range (must be {bound})")
        return value

    # -- tilesets ---------------------------------------------------------------------

    def inline_tilesets(self) -> None:
        """Replace each <tileset source="x.tsx"> by the safely read .tsx, paths rebased."""
        for index, el in enumerate(list(self.root.iter("tileset"))):
            source = el.get("source")
            if source is None:
                continue
            where = f"tileset '{source}'"
            if not source.lower().endswith(".tsx"):
                self.fail(where, "external tilesets must be .tsx files (JSON tilesets are not "
                          "read): in Tiled, export the tileset as .tsx, or run tiled "
                          "--export-tileset IN.tsj OUT.tsx")
            firstgid = self.whole(el, "firstgid", where, low=1)
            tsx_path = os.path.join(os.path.dirname(self.path), source)
            if not os.path.exists(tsx_path):
                self.fail(where, f"tileset file not found (looked for {tsx_path})")
            tsx = read_xml(tsx_path, "tileset", note=f" (tileset #{index} of {self.path})")
            tsx.set("firstgid", str(firstgid))
            self.tileset_files[tsx] = tsx_path
            base = os.path.dirname(source)
            for image in tsx.iter("image"):
                if image.get("source"):
                    image.set("source", os.path.join(base, image.get("source", "")))
            parent = self.parents[el]
            position = list(parent).index(el)
            parent.remove(el)
            parent.insert(position, tsx)
        for el in self.root.iter("tileset"):
            if el.get("source") is not None:  # pytmx would read that file itself
                where = f"tileset '{el.get('name') or el.get('source')}'"
                self.fail(where, "a tileset file may not refer to another tileset file",
                          self.tileset_files.get(el, self.path))

    def check_tilesets(self) -> None:
        total = 0
        for index, el in enumerate(self.root.iter("tileset")):
            file = self.tileset_files.get(el)
            name = el.get("name") or (os.path.basename(file) if file else f"#{index}")
            where = f"tileset '{name}'"
            path = file or self.path
            firstgid = self._whole_in(path, el, "firstgid", where, 1, (1 << 29) - 1)
            tile_w = self._whole_in(path, el, "tilewidth", where, 1, MAX_TILE_PIXELS)
            tile_h = self._whole_in(path, el, "tileheight", where, 1, MAX_TILE_PIXELS)
            spacing = self._whole_in(path, el, "spacing", where, 0, MAX_TILE_PIXELS, default=0)
            margin = self._whole_in(path, el, "margin", where, 0, MAX_TILE_PIXELS, default=0)
            count = self._whole_in(path, el, "tilecount", where, 0, MAX_TILESET_TILES, default=0)
            image = el.find("image")
            if image is not None:
                img_w = self._whole_in(path, image, "width", f"{where} image", 0, 1 << 20)
                img_h = self._whole_in(path, image, "height", f"{where} image", 0, 1 << 20)
                # the same walk over the image as pytmx's reload_images
                cols = len(range(margin, img_w + margin - tile_w + 1, tile_w + spacing))
                rows = len(range(margin, img_h + margin - tile_h + 1, tile_h + spacing))
                if cols * rows > MAX_TILESET_TILES:
                    self.fail(f"{where} image", f"a {img_w}x{img_h} px image of {tile_w}x{tile_h} "
                              f"px tiles holds {cols * rows:,} tiles, more than "
                              f"{MAX_TILESET_TILES:,}", path)
                count = max(count, cols * rows)
            for tile in el.iter("tile"):  # pytmx walks every <tile> under a tileset
                tile_id = self._whole_in(path, tile, "id", f"{where} tile", 0, MAX_TILESET_TILES - 1)
                count = max(count, tile_id + 1)
            total += count
            if total > MAX_ALL_TILESET_TILES:
                self.fail(where, f"the map's tilesets hold more than {MAX_ALL_TILESET_TILES:,} "
                          "tiles together", path)
            self.tilesets.append(TilesetInfo(firstgid, count, name, file))
        self.tilesets.sort(key=lambda t: t.firstgid)
        self._firstgids = [t.firstgid for t in self.tilesets]

    def _whole_in(self, path: str, el: Element, attr: str, where: str, low: int, high: int,
                  default: int | None = None) -> int:
        try:
            return self.whole(el, attr, where, low=low, high=high, default=default)
        except MapError as err:
            raise MapError(path, err.message, err.where) from None

    def tileset_of(self, gid: int) -> TilesetInfo | None:
        """The tileset that owns a (flag-free) Tiled gid, if any."""
        return tileset_of(self.tilesets, gid, self._firstgids)

    # -- attributes and properties everywhere -----------------------------------------

    def describe(self, el: Element) -> tuple[str, str]:
        """(file, where) for an element, for messages."""
        tileset: Element | None = el
        while tileset is not None and tileset.tag != "tileset":
            tileset = self.parents.get(tileset)
        file = self.tileset_files.get(tileset, self.path) if tileset is not None else self.path
        tag = el.tag
        if tag == "map":
            return file, "map"
        if tag in ("layer", "objectgroup", "group", "imagelayer"):
            where = f"layer '{el.get('name', '')}'"
            if tag == "objectgroup" and self.parents.get(el) is not None \
                    and self.parents[el].tag == "tile":
                return file, self.describe(self.parents[el])[1] + " collision shapes"
            return file, where
        if tag == "object":
            name = el.get("name")
            label = f"object {el.get('id', '?')}" + (f" '{name}'" if name else "")
            parent = self.parents.get(el)
            if parent is not None:
                return file, f"{self.describe(parent)[1]} {label}"
            return file, label
        if tag == "tileset":
            name = el.get("name") or os.path.basename(self.tileset_files.get(el, "")) or "?"
            return file, f"tileset '{name}'"
        if tag == "tile":
            parent = self.parents.get(el)
            owner = self.describe(parent)[1] if parent is not None else "tileset"
            return file, f"{owner} tile {el.get('id', '?')}"
        holder = self.parents.get(el)
        while holder is not None and holder.tag not in _DESCRIBED:
            holder = self.parents.get(holder)  # a loop, not recursion: nesting may be deep
        if holder is not None:
            return self.describe(holder)
        return file, tag

    def check_attributes_and_properties(self) -> None:
        for el in list(self.root.iter()):
            if el.tag in _CAST_TAGS:
                self.check_attributes(el)
            elif el.tag == "frame":
                for attr in ("tileid", "duration"):
                    file, where = self.describe(el)
                    self._whole_in(file, el, attr, f"{where} animation frame", 0, 1 << 31)
            elif el.tag == "properties":
                self.check_properties(el)
            if el.tag == "object":
                self.check_object(el)

    def check_attributes(self, el: Element) -> None:
        for attr, text in list(el.attrib.items()):
            if attr in _INT_ATTRS:
                try:
                    int(text)
                except ValueError:
                    number = _finite(text)
                    if attr in ("offsetx", "offsety") and number is not None:
                        el.set(attr, str(round(number)))  # pytmx 3.32 wants whole pixels
                        continue
                    file, where = self.describe(el)
                    self.fail(where, f"{attr}={text!r} is not a whole number", file)
            elif attr in _FLOAT_ATTRS:
                if _finite(text) is None:
                    file, where = self.describe(el)
                    self.fail(where, f"{attr}={text!r} is not a number", file)
            elif attr in _BOOL_ATTRS:
                word = text.strip().lower()
                if word and word[0] not in "1yt-0nf":
                    file, where = self.describe(el)
                    self.fail(where, f"{attr}={text!r} is not a bool (use 0 or 1)", file)

    def check_properties(self, properties: Element) -> None:
        owner = self.parents.get(properties)
        if owner is not None and owner.tag == "property":
            return  # members of a class property, dropped with it
        for prop in list(properties.findall("property")):
            name = prop.get("name")
            kind = prop.get("type", "string")
            file, where = self.describe(owner if owner is not None else properties)
            if name is None:
                self.fail(where, "a property has no name", file)
            label = f"{where} property '{name}'"
            if kind not in _PROPERTY_TYPES:
                self.fail(label, f"unknown property type {kind!r}", file)
            if kind == "class":
                properties.remove(prop)
                self.notes.append(f"{label} has a Tiled class type, which pytmx cannot read "
                                  "without the project's custom types: it was ignored")
                continue
            value = prop.get("value")
            if kind in ("bool", "int", "float", "object") and value is None:
                self.fail(label, f"a {kind} property needs a value", file)
            if value is None:
                continue
            if kind == "bool" and value.strip().lower() not in ("true", "false", "1", "0"):
                self.fail(label, f"{value!r} is not a bool (use true or false)", file)
            if kind in ("int", "object"):
                try:
                    int(value)
                except ValueError:
                    self.fail(label, f"{value!r} is not a whole number", file)
            if kind == "float" and _finite(value) is None:
                self.fail(label, f"{value!r} is not a number", file)

    def check_object(self, el: Element) -> None:
        for shape in ("polygon", "polyline"):
            node = el.find(shape)
            if node is None:
                continue
            points = node.get("points", "")
            pairs = points.split()
            ok = bool(pairs)
            for pair in pairs:
                xy = pair.split(",")
                if len(xy) != 2 or _finite(xy[0]) is None or _finite(xy[1]) is None:
                    ok = False
                    break
            if not ok:
                file, where = self.describe(el)
                self.fail(where, f"{shape} points {points[:40]!r} are not 'x,y x,y ...'", file)
        if el.get("template"):
            file, where = self.describe(el)
            self.notes.append(
                f"{where} uses the object template {el.get('template')!r}, which is not read: "
                "its class and properties from the template are missing (detach it in Tiled)")

    # -- layers -----------------------------------------------------------------------

    def find_hidden(self) -> set[Element]:
        """Elements hidden themselves or inside a hidden group (one pass, parents first)."""
        hidden: set[Element] = set()
        for el in self.root.iter():
            if self.parents.get(el) in hidden or el.get("visible", "1").strip() in ("0", "false"):
                hidden.add(el)
        return hidden

    def visible(self, el: Element) -> bool:
        return el not in self.hidden

    def check_tile_layers(self) -> list[LayerInfo]:
        layers = []
        elements = list(self.root.iter("layer"))
        if len(elements) * self.width * self.height > MAX_LAYER_TILES:
            self.fail("map", f"{len(elements)} tile layers of {self.width}x{self.height} tiles "
                      f"hold more than {MAX_LAYER_TILES:,} tiles in all")
        for index, el in enumerate(elements):
            name = el.get("name") or f"#{index}"
            where = f"layer '{name}'"
            width = self.whole(el, "width", where, low=0, default=self.width)
            height = self.whole(el, "height", where, low=0, default=self.height)
            if (width, height) != (self.width, self.height):
                self.fail(where, f"layer is {width}x{height} tiles but the map is "
                          f"{self.width}x{self.height}")
            el.set("width", str(width))
            el.set("height", str(height))
            data = el.find("data")
            if data is None:
                self.fail(where, "layer has no <data>")
            gids = self.decode(data, where)
            self.check_gids(gids, where)
            layers.append(LayerInfo(name, self.visible(el)))
        return layers

    def decode(self, data: Element, where: str) -> list[int]:
        try:
            return decode_layer_data(data, self.width, self.height)
        except LayerDataError as err:
            self.fail(f"{where}{err.at}", str(err))

    def check_gids(self, gids: list[int], where: str) -> None:
        bad = {raw for raw in set(gids)
               if raw & ~GID_FLAGS and self.tileset_of(raw & ~GID_FLAGS) is None}
        if bad:
            i = next(i for i, raw in enumerate(gids) if raw in bad)
            self.fail(f"{where} at ({i % self.width}, {i // self.width})",
                      f"tile gid {gids[i] & ~GID_FLAGS} belongs to no tileset")

    def check_object_groups(self) -> list[bool]:
        flags = []
        for el in self.root.iter("objectgroup"):
            parent = self.parents.get(el)
            is_layer = parent is not None and parent.tag in ("map", "group")
            flags.append(is_layer and self.visible(el))
        return flags

    def drop_empty_image_layers(self) -> None:
        """pytmx 3.32 fails on an image layer without an image; it means nothing to play."""
        for el in list(self.root.iter("imagelayer")):
            if el.find("image") is None:
                self.parents[el].remove(el)


def tileset_of(tilesets: list[TilesetInfo], gid: int,
               firstgids: list[int] | None = None) -> TilesetInfo | None:
    """The tileset (from a list sorted by firstgid) that owns a flag-free Tiled gid, if any."""
    if firstgids is None:
        firstgids = [t.firstgid for t in tilesets]
    at = bisect.bisect_right(firstgids, gid) - 1
    if at < 0:
        return None
    tileset = tilesets[at]
    return tileset if gid < tileset.firstgid + tileset.count else None


def _finite(text: str) -> float | None:
    try:
        number = float(text)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None
