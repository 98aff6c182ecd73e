"""A .tsx that a map names several times, handed to pytmx once.

The map check (tmxcheck.py) reads such a file once and gives every later <tileset> naming it
the first copy's children (``Prepared.repeats``). pytmx would still walk those children once
per copy (a property dict and a gid for every tile of every copy: 3000 copies of a 40-tile
tileset took seconds and hundreds of MB), so `strip_repeats` takes the <tile> elements out of
each later copy whose tiles hold only properties, and `share_properties` gives the tiles of
it that the map uses the first copy's properties once pytmx has read the map.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

import pytmx

from game.maps.tmxcheck import Prepared


def strip_repeats(prepared: Prepared) -> list[tuple[int, int, list[int]]]:
    """Take the <tile> elements out of each repeated .tsx's copy (already checked, under its
    first copy) whose tiles hold only properties, so pytmx does not walk them once per copy;
    (its firstgid, the first copy's, the first copy's tile ids) for `share_properties`."""
    plain: dict[Element, list[int] | None] = {}
    shared = []
    for copy, first in prepared.repeats.items():
        if first not in plain:
            tiles = first.findall("tile")
            simple = all(tile.find(tag) is None for tile in tiles
                         for tag in ("image", "animation", "objectgroup"))
            plain[first] = [int(tile.get("id", "0")) for tile in tiles] if simple else None
        ids = plain[first]
        if ids is None:
            continue
        for tile in copy.findall("tile"):
            copy.remove(tile)
        shared.append((int(copy.get("firstgid", "0")), int(first.get("firstgid", "0")), ids))
    return shared


def share_properties(tmx: pytmx.TiledMap, shared: list[tuple[int, int, list[int]]]) -> None:
    """Give the tiles of each stripped copy that the map uses the properties of the same tile
    of the first copy (what pytmx would have read again from the same .tsx)."""
    for firstgid, first_firstgid, ids in shared:
        for tile_id in ids:
            used = tmx.gidmap.get(firstgid + tile_id)
            source = tmx.gidmap.get(first_firstgid + tile_id)
            if not used or not source:
                continue
            props = tmx.tile_properties.get(source[0][0])
            if props is not None:
                for gid, _flags in used:
                    tmx.tile_properties[gid] = props
