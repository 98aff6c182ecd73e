"""Check every image a map names (tileset images, tile images, image layers) with the safe
image probe, before pytmx or a decoder sees it.

Sizes the XML leaves out (Tiled allows an ``<image>`` without width and height) are read
from the image's header and written into the tree, as pytmx needs them; a size that
disagrees with the file is corrected, as Tiled does. Missing art is collected, not refused:
the map plays and the window draws placeholders. Anything else wrong with an image (not an
image, a FIFO or a device, too many pixels) refuses the map in one line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from game.maps.errors import MapError
from game.maps.images import MAX_MAP_IMAGE_PIXELS, ImageError, probe_image

Describe = Callable[[Element], tuple[str, str]]
_TRANS = re.compile(r"#?[0-9a-fA-F]{6}")


@dataclass
class ArtCheck:
    """What the images of a map came to: the missing ones (one line each, naming the file
    that names the image) and notes for the author."""

    missing: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    found: list[str] = field(default_factory=list)
    """The image files that are there and passed the probe, each once."""


def check_art(map_path: str, root: Element, parents: dict[Element, Element],
              describe: Describe, elements: Iterable[Element] | None = None) -> ArtCheck:
    """Probe every ``<image>`` under ``root`` (external tilesets already inlined, their image
    paths made relative to the map's folder), or among ``elements`` (the map's walk, which
    visits a tileset's content once however often it is named); MapError for a bad image."""
    result = ArtCheck()
    folder = os.path.dirname(map_path)
    seen: dict[str, tuple[int, int] | None] = {}
    total = 0
    images = root.iter("image") if elements is None else (e for e in elements if e.tag == "image")
    for image in list(images):
        owner = parents.get(image)
        file, where = describe(owner if owner is not None else image)
        source = (image.get("source") or "").strip()
        if not source:
            if owner is not None and owner.tag == "imagelayer":
                owner.remove(image)  # an image layer with no image: dropped later
                continue
            if image.find("data") is not None:
                raise MapError(file, "embedded image data is not supported: in Tiled, use an "
                               "image file for the tileset", f"{where} image")
            raise MapError(file, "the image has no source file", f"{where} image")
        trans = image.get("trans")
        if trans is not None and trans.strip() and not _TRANS.fullmatch(trans.strip()):
            raise MapError(file, f"trans={trans!r} is not a colour (six hex digits, as ff00ff)",
                           f"{where} image")
        path = os.path.normpath(os.path.join(folder, source))
        label = f"{where} image {source!r}"
        if path not in seen:
            try:
                info = probe_image(path)
            except ImageError as err:
                if not err.missing:
                    raise MapError(file, f"{path}: {err}", label) from None
                seen[path] = None
                result.missing.append(f"{file}: {label}: file not found (looked for {path})")
            else:
                seen[path] = (info.width, info.height)
                result.found.append(path)
                total += info.pixels
                if total > MAX_MAP_IMAGE_PIXELS:
                    raise MapError(file, f"the map's images hold more than "
                                   f"{MAX_MAP_IMAGE_PIXELS:,} pixels together", label)
        size = seen[path]
        if size is None:
            _guess_missing_size(image, owner)
            continue
        declared = (image.get("width"), image.get("height"))
        actual = (str(size[0]), str(size[1]))
        if None not in declared and tuple(d.strip() for d in declared) != actual:  # type: ignore[union-attr]
            result.notes.append(f"{label} is {size[0]} x {size[1]} px but the file says "
                                f"{declared[0]} x {declared[1]}: the image's own size is used "
                                "(Tiled corrects it when the tileset is saved)")
        image.set("width", actual[0])
        image.set("height", actual[1])
    return result


def _guess_missing_size(image: Element, owner: Element | None) -> None:
    """Give a missing image the size its tileset implies (columns and tile count), so its
    tiles still exist and are drawn as placeholders; 0 x 0 where nothing says (a tile's own
    image, an image layer: the window draws those placeholders at the tile's size)."""
    if image.get("width") and image.get("height"):
        return
    width = height = 0
    if owner is not None and owner.tag == "tileset":
        try:
            columns = int(owner.get("columns") or 0)
            count = int(owner.get("tilecount") or 0)
            tile_w, tile_h = int(owner.get("tilewidth") or 0), int(owner.get("tileheight") or 0)
            spacing, margin = int(owner.get("spacing") or 0), int(owner.get("margin") or 0)
        except ValueError:
            columns = count = 0
        if columns > 0 and count > 0 and tile_w > 0 and tile_h > 0:
            rows = -(-count // columns)
            width = 2 * margin + columns * tile_w + (columns - 1) * spacing
            height = 2 * margin + rows * tile_h + (rows - 1) * spacing
    image.set("width", str(width))
    image.set("height", str(height))
