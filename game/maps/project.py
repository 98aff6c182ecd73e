"""The Tiled project shipped with the maps (maps/skirmish.tiled-project): the game's defaults.

Tiled leaves a property out of the .tmx while it is at its class's default, so the game must
take the same defaults as the editor showed the author: they are read here, from the same
file Tiled reads (written by tools/make_project.py from the catalogue). The classes are
``skirmish_map`` (map properties), ``unit`` and ``spawn`` (objects); the enums are the drop-
downs (cover, team, template, weapon, armour, ruleset, fog).
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.maps.errors import MapError

PROJECT_FILE = Path(__file__).resolve().parents[2] / "maps" / "skirmish.tiled-project"
OBJECT_TYPES_FILE = PROJECT_FILE.with_name("objecttypes.xml")
MAP_CLASS = "skirmish_map"
UNIT_CLASS = "unit"
SPAWN_CLASS = "spawn"
FROM_TEMPLATE = "(template)"
"""The first value of the weapon drop-down: the unit keeps its template's weapon."""
MAX_PROJECT_BYTES = 4 * 1024 * 1024
REQUIRED_MEMBERS = {
    MAP_CLASS: ("name", "briefing", "metres_per_tile", "max_rounds", "ruleset", "fog"),
    UNIT_CLASS: ("team", "template", "weapon", "second_weapon", "armour",
                 "attributes", "skills", "grenades", "magazines", "role"),
    SPAWN_CLASS: ("team",),
}
_TYPES: dict[str, type | tuple[type, ...]] = {"string": str, "int": int, "float": (int, float), "bool": bool}


@dataclass(frozen=True)
class ProjectTypes:
    """The project's enums (name -> values) and classes (name -> member -> default)."""

    path: str
    enums: dict[str, tuple[str, ...]]
    classes: dict[str, dict[str, Any]]

    def defaults(self, name: str) -> dict[str, Any]:
        """A class's members and their defaults (a copy)."""
        return dict(self.classes.get(name, {}))


def project_types(path: str | os.PathLike[str] | None = None) -> ProjectTypes:
    """The shipped project's types (read once), or those of ``path``; MapError naming the
    project file if it cannot be read or lacks what the game needs."""
    return _load(os.fspath(path) if path is not None else str(PROJECT_FILE))


@cache
def _load(path: str) -> ProjectTypes:
    data = _read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("propertyTypes"), list):
        raise MapError(path, "not a Tiled project: no propertyTypes list")
    enums: dict[str, tuple[str, ...]] = {}
    raw_classes: dict[str, list[Any]] = {}
    for index, entry in enumerate(data["propertyTypes"]):
        where = f"propertyTypes[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise MapError(path, "a type without a name", where)
        name, kind = entry["name"], entry.get("type", "enum")
        where = f"type '{name}'"
        if kind == "enum":
            values = entry.get("values")
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                raise MapError(path, "an enum needs a list of string values", where)
            enums[name] = tuple(values)
        elif kind == "class":
            members = entry.get("members")
            if not isinstance(members, list):
                raise MapError(path, "a class needs a list of members", where)
            raw_classes[name] = members
    classes = {name: _members(path, name, members, enums) for name, members in raw_classes.items()}
    for name, required in REQUIRED_MEMBERS.items():
        if name not in classes:
            raise MapError(path, f"the class {name!r} is missing (rebuild it: python "
                           "tools/make_project.py)")
        absent = [m for m in required if m not in classes[name]]
        if absent:
            raise MapError(path, f"members missing: {', '.join(absent)}", f"class '{name}'")
    return ProjectTypes(path, enums, classes)


def _members(path: str, cls: str, members: list[Any], enums: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for member in members:
        if not isinstance(member, dict) or not isinstance(member.get("name"), str):
            raise MapError(path, "a member without a name", f"class '{cls}'")
        name, kind, value = member["name"], member.get("type", "string"), member.get("value")
        where = f"class '{cls}' member '{name}'"
        expected = _TYPES.get(kind)
        if expected is None:
            raise MapError(path, f"type {kind!r} is not one the game reads "
                           "(string, int, float, bool)", where)
        if isinstance(value, bool) and kind != "bool" or not isinstance(value, expected):
            raise MapError(path, f"the default {value!r} is not a {kind}", where)
        enum = member.get("propertyType")
        if enum is not None:
            if enum not in enums:
                raise MapError(path, f"unknown property type {enum!r}", where)
            parts = [p for p in str(value).split(",") if p] if value else []
            if any(p not in enums[enum] for p in parts) and value != "":
                raise MapError(path, f"the default {value!r} is not one of the {enum} values",
                               where)
        out[name] = float(value) if kind == "float" and isinstance(value, int | float) else value
    return out


def _read_json(path: str) -> Any:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise MapError(path, "the game's Tiled project is missing (rebuild it: python "
                       "tools/make_project.py)") from None
    except OSError as err:
        raise MapError(path, f"cannot read the project ({err.strerror or err})") from None
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_PROJECT_BYTES:
        raise MapError(path, f"not a regular file of at most {MAX_PROJECT_BYTES:,} bytes")
    try:
        with open(path, "rb") as handle:
            return json.loads(handle.read(MAX_PROJECT_BYTES + 1))
    except (OSError, ValueError, RecursionError) as err:
        raise MapError(path, f"cannot read the project as JSON ({err})") from None
