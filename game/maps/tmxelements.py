"""The element checks under a map's check (tmxcheck.py): the primitives that fail with the
place named (`fail`, `whole`), how an element is named in messages (`describe`), and every
attribute pytmx casts, every property's type and value, and objects' shapes and templates."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from typing import NoReturn
from xml.etree.ElementTree import Element

from game.maps.errors import MapError

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


class ElementChecks:
    """The checks of single elements; `_Checker` in tmxcheck.py sets these fields."""

    path: str
    root: Element
    notes: list[str]
    parents: dict[Element, Element]
    tileset_files: dict[Element, str]
    repeats: dict[Element, Element]
    """Each copy of a .tsx named again (its children are the first copy's) -> the first copy."""

    def walk(self) -> Iterator[Element]:
        """Every element of the map in document order, parents first, a repeated tileset's
        shared content once (under its first copy): what each check visits."""
        stack = [self.root]
        while stack:
            el = stack.pop()
            yield el
            if el not in self.repeats:
                stack.extend(reversed(el))

    def fail(self, where: str, message: str, path: str | None = None) -> NoReturn:
        raise MapError(path or self.path, message, where)

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

    def _whole_in(self, path: str, el: Element, attr: str, where: str, low: int, high: int,
                  default: int | None = None) -> int:
        try:
            return self.whole(el, attr, where, low=low, high=high, default=default)
        except MapError as err:
            raise MapError(path, err.message, err.where) from None

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
        for el in list(self.walk()):
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


def _finite(text: str) -> float | None:
    try:
        number = float(text)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None
