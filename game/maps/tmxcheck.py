"""Check a parsed .tmx (and its .tsx tilesets) before pytmx sees it.

Everything pytmx would trip over, hang on or allocate too much for is refused here with a
message that names the place: the map's size and orientation, tilesets, each layer's data
(decoded with bounded decompression), attribute and property values. External tilesets are
read safely and inlined into the map's tree, so pytmx never opens a file itself; a .tsx named
by several <tileset> elements is read and checked once, its content shared by their copies
(each copy has its own firstgid). The checks of single elements (attributes, properties, objects, messages' places) are in tmxelements.py.
"""

from __future__ import annotations

import bisect
import os
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from game.limits import MAX_SIDE, MAX_TILES
from game.maps.artcheck import check_art
from game.maps.layerdata import LayerDataError, decode_layer_data
from game.maps.templates import apply_templates
from game.maps.tmxelements import ElementChecks
from game.maps.xmlsafe import read_xml

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
    object_layers: list[bool] = field(default_factory=list)
    """For each <objectgroup> in document order: is it a map layer (shown or hidden), not a
    tile's collider? (Deployment layers are read even when hidden.)"""
    repeats: dict[Element, Element] = field(default_factory=dict)
    """Each <tileset> naming a .tsx named before -> the first copy, whose children it shares."""


def prepare(path: str, root: Element) -> Prepared:
    """Check the map whose root element is ``root``; raise MapError on anything unplayable."""
    return _Checker(path, root).run()


class _Checker(ElementChecks):
    def __init__(self, path: str, root: Element) -> None:
        self.path = path
        self.root = root
        self.notes: list[str] = []
        self.parents: dict[Element, Element] = {}
        self.width = 0
        self.height = 0
        self.tilesets: list[TilesetInfo] = []
        self.tileset_files: dict[Element, str] = {}
        self.repeats: dict[Element, Element] = {}
        self._firstgids: list[int] = []
        self.hidden: set[Element] = set()

    def run(self) -> Prepared:
        self.check_map_header()
        apply_templates(self.path, self.root)
        self.parents = {child: parent for parent in self.root.iter() for child in parent}
        self.inline_tilesets()
        self.parents = {child: parent for parent in self.walk() if parent not in self.repeats
                        for child in parent}
        self.hidden = self.find_hidden()
        art = check_art(self.path, self.root, self.parents, self.describe, self.walk())
        self.notes.extend(art.notes)
        self.check_tilesets()
        self.check_attributes_and_properties()
        layers = self.check_tile_layers()
        groups = self.check_object_groups()
        self.drop_empty_image_layers()
        return Prepared(self.root, self.tilesets, layers, groups, self.notes, art.missing,
                        art.found, self.object_layers(), self.repeats)

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

    # -- tilesets ---------------------------------------------------------------------

    def inline_tilesets(self) -> None:
        """Replace each <tileset source="x.tsx"> by the safely read .tsx, paths rebased. A
        .tsx is read once however often it is named: a later <tileset> naming it becomes a
        copy of its attributes whose children are the first copy's (``repeats`` maps it to
        that first copy, and the checks' walks do not enter it again)."""
        read: dict[str, Element] = {}
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
            key = os.path.realpath(tsx_path)
            first = read.get(key)
            if first is None:
                tsx = read[key] = read_xml(tsx_path, "tileset",
                                           note=f" (tileset #{index} of {self.path})")
                base = os.path.dirname(source)
                for image in tsx.iter("image"):
                    if image.get("source"):
                        image.set("source", os.path.join(base, image.get("source", "")))
            else:
                tsx = Element(first.tag, dict(first.attrib))
                tsx.extend(list(first))
                self.repeats[tsx] = first
            tsx.set("firstgid", str(firstgid))
            self.tileset_files[tsx] = tsx_path
            parent = self.parents[el]
            position = list(parent).index(el)
            parent.remove(el)
            parent.insert(position, tsx)
        for el in self.walk():
            if el.tag == "tileset" and el.get("source") is not None:  # pytmx would read that file itself
                where = f"tileset '{el.get('name') or el.get('source')}'"
                self.fail(where, "a tileset file may not refer to another tileset file",
                          self.tileset_files.get(el, self.path))

    def check_tilesets(self) -> None:
        total = 0
        counts: dict[Element, int] = {}  # a repeated .tsx's tiles counted once
        for index, el in enumerate(self.root.iter("tileset")):
            file = self.tileset_files.get(el)
            name = el.get("name") or (os.path.basename(file) if file else f"#{index}")
            where = f"tileset '{name}'"
            path = file or self.path
            firstgid = self._whole_in(path, el, "firstgid", where, 1, (1 << 29) - 1)
            count = counts.get(self.repeats.get(el, el), -1)
            if count < 0:
                count = counts[el] = self.count_tiles(el, path, where)
            total += count
            if total > MAX_ALL_TILESET_TILES:
                self.fail(where, f"the map's tilesets hold more than {MAX_ALL_TILESET_TILES:,} "
                          "tiles together", path)
            self.tilesets.append(TilesetInfo(firstgid, count, name, file))
        self.tilesets.sort(key=lambda t: t.firstgid)
        self._firstgids = [t.firstgid for t in self.tilesets]

    def count_tiles(self, el: Element, path: str, where: str) -> int:
        """How many tiles a tileset holds, as pytmx counts them (its image's grid and its
        <tile> elements); MapError past the limits."""
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
        return count

    def tileset_of(self, gid: int) -> TilesetInfo | None:
        """The tileset that owns a (flag-free) Tiled gid, if any."""
        return tileset_of(self.tilesets, gid, self._firstgids)

    # -- layers -----------------------------------------------------------------------

    def find_hidden(self) -> set[Element]:
        """Elements hidden themselves or inside a hidden group (one pass, parents first)."""
        hidden: set[Element] = set()
        for el in self.walk():
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

    def object_layers(self) -> list[bool]:
        return [self.parents.get(el) is not None and self.parents[el].tag in ("map", "group")
                for el in self.root.iter("objectgroup")]

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
