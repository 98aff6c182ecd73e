"""Tiled object templates (.tx): an object placed from a template carries only what the author
changed; the rest (its class, properties, size, shape, tile) is in the template file.

Each template is read once by the same safe XML reader as maps and tilesets, and merged into
its objects in the map's tree before anything else looks at them: the instance's own
attributes and properties win, the template fills in the rest, as Tiled resolves them. So a
unit placed from a ``rifleman.tx`` template is checked and played exactly as if it had been
detached. A tile template's tile is found in the map's copy of the template's tileset.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from typing import NoReturn
from xml.etree.ElementTree import Element

from game.maps.errors import MapError
from game.maps.xmlsafe import read_xml

Fail = Callable[[str, str, str | None], NoReturn]
GID_FLAGS = (1 << 31) | (1 << 30) | (1 << 29)
SHAPES = ("point", "ellipse", "polygon", "polyline", "text")
MAX_TEMPLATES = 256
"""Most template files one map may use."""


def apply_templates(map_path: str, root: Element) -> int:
    """Merge every object's template into it (map objects only; objects inside tilesets are
    collision shapes); returns how many objects had one. MapError (one line) for a template
    that cannot be read or used."""
    folder = os.path.dirname(map_path)
    cache: dict[str, Element] = {}
    map_tilesets = {os.path.normpath(os.path.join(folder, ts.get("source", ""))): ts
                    for ts in root.findall("tileset") if ts.get("source")}
    count = 0
    for group in root.iter("objectgroup"):
        for obj in group.findall("object"):
            source = obj.get("template")
            if source is None:
                continue
            where = f"layer '{group.get('name', '')}' object {obj.get('id', '?')}"
            path = os.path.normpath(os.path.join(folder, source))
            if not source.lower().endswith(".tx"):
                raise MapError(map_path, f"the object template {source!r} is not a .tx file "
                               "(JSON templates are not read: in Tiled, save the template as "
                               ".tx)", where)
            if path not in cache:
                if len(cache) >= MAX_TEMPLATES:
                    raise MapError(map_path, f"more than {MAX_TEMPLATES} template files", where)
                if not os.path.exists(path):
                    raise MapError(map_path, f"object template not found (looked for {path})",
                                   where)
                cache[path] = read_xml(path, "template", note=f" (a template of {map_path})")
            _merge(obj, cache[path], path, map_tilesets, where)
            count += 1
    return count


def _merge(obj: Element, template: Element, path: str, map_tilesets: dict[str, Element],
           where: str) -> None:
    tobj = template.find("object")
    if tobj is None:
        raise MapError(path, "the template holds no <object>", "template")
    if tobj.get("template"):
        raise MapError(path, "a template may not itself use a template", "template")
    for attr, value in tobj.attrib.items():
        if attr not in ("id", "x", "y", "template", "gid") and attr not in obj.attrib:
            obj.set(attr, value)
    if tobj.get("gid") and not obj.get("gid"):
        obj.set("gid", str(_map_gid(tobj.get("gid", ""), template, path, map_tilesets, where)))
    if not any(obj.find(shape) is not None for shape in SHAPES):
        for shape in SHAPES:
            node = tobj.find(shape)
            if node is not None:
                obj.append(copy.deepcopy(node))
    tprops = tobj.find("properties")
    if tprops is not None:
        props = obj.find("properties")
        if props is None:
            props = Element("properties")
            obj.insert(0, props)
        own = {p.get("name") for p in props.findall("property")}
        for prop in tprops.findall("property"):
            if prop.get("name") not in own:
                props.append(copy.deepcopy(prop))
    del obj.attrib["template"]


def _map_gid(text: str, template: Element, path: str, map_tilesets: dict[str, Element],
             where: str) -> int:
    """The map's gid for a tile template's tile: the same tile of the same .tsx in the map."""
    try:
        raw = int(text)
    except ValueError:
        raise MapError(path, f"gid={text!r} is not a whole number", "template object") from None
    tileset = template.find("tileset")
    if tileset is None or not tileset.get("source"):
        raise MapError(path, "a tile template needs its tileset as a .tsx file", "template")
    tsx = os.path.normpath(os.path.join(os.path.dirname(path), tileset.get("source", "")))
    mine = map_tilesets.get(tsx)
    if mine is None:
        raise MapError(path, f"the template's tileset {tsx} is not one of the map's tilesets "
                       "(in Tiled, place the template once more so Tiled adds it)", where)
    try:
        local = (raw & ~GID_FLAGS) - int(tileset.get("firstgid", "1"))
        first = int(mine.get("firstgid", "1"))
    except ValueError:
        raise MapError(path, "firstgid is not a whole number", "template tileset") from None
    if local < 0:
        raise MapError(path, f"gid {raw & ~GID_FLAGS} is before its tileset", "template object")
    return (first + local) | (raw & GID_FLAGS)
