"""Write the Tiled project shipped with the maps, from the catalogue and the squad templates.

    python tools/make_project.py            # maps/skirmish.tiled-project, maps/objecttypes.xml
    python tools/make_project.py --out DIR  # the same two files into DIR

``skirmish.tiled-project`` holds the custom types Tiled shows as drop-downs and defaults:
enums (cover, team, template, weapon, armour, ruleset, fog, objective_kind, at_time,
objectives) and classes (``skirmish_map`` for the map's properties, ``unit``, ``spawn``,
``objective`` and ``route`` for objects, ``deployment`` for a ``deploy NAME`` layer). Tiled 1.8 has enums and
classes but takes object types (with their default properties) from ``objecttypes.xml``,
which the project names; Tiled 1.9 and later use the classes. Both files hold the same
defaults, and the game reads its defaults from the project (game/maps/project.py), so what
Tiled shows an author is what the game plays. Every run writes the same bytes;
tests/maps/test_project.py fails when the shipped files are not what this script writes now
(a weapon added to the catalogue: rerun it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.yags.catalogue import default_catalogue  # noqa: E402
from game.maps.grid import TEAMS  # noqa: E402
from game.maps.objectives import (  # noqa: E402
    AT_TIME,
    DEPLOYMENT_CLASS,
    KINDS,
    OBJECTIVE_CLASS,
    OBJECTIVES_NEEDED,
    ROUTE_CLASS,
)
from game.maps.project import FROM_TEMPLATE, MAP_CLASS, SPAWN_CLASS, UNIT_CLASS  # noqa: E402
from game.maps.props import COVER_KINDS, FOG_CHOICES, RULESETS  # noqa: E402
from game.squads import templates  # noqa: E402

MAX_FLAGS = 31
"""Tiled keeps a flags enum's value in one int: at most 31 values."""
COLOURS = {MAP_CLASS: "#ff808080", UNIT_CLASS: "#ff3c78ff", SPAWN_CLASS: "#ffffb030",
           OBJECTIVE_CLASS: "#ffe04040", ROUTE_CLASS: "#ff40c040", DEPLOYMENT_CLASS: "#ff60a0ff"}


def enums() -> list[tuple[str, list[str], bool]]:
    """(name, values, values as flags) for every drop-down."""
    cat = default_catalogue()
    weapons = sorted(w.id for w in cat.weapons.values() if w.kind != "explosive")
    armour = sorted(cat.armour)
    out = [
        ("cover", ["none", *COVER_KINDS], False),
        ("team", list(TEAMS), False),
        ("template", sorted(templates()[0]), False),
        ("weapon", [FROM_TEMPLATE, *weapons], False),
        ("ruleset", list(RULESETS), False),
        ("fog", list(FOG_CHOICES), False),
        ("objective_kind", list(KINDS), False),
        ("at_time", list(AT_TIME), False),
        ("objectives", list(OBJECTIVES_NEEDED), False),
    ]
    if len(armour) <= MAX_FLAGS:
        out.insert(4, ("armour", armour, True))
    return out


def classes(enum_names: set[str]) -> list[tuple[str, list[str], list[tuple[str, str, Any, str | None]]]]:
    """(name, use as, members as (name, type, default, enum or None)) for every class."""
    armour = "armour" if "armour" in enum_names else None
    return [
        (MAP_CLASS, ["map"], [
            ("at_time", "string", AT_TIME[0], "at_time"),
            ("briefing", "string", "", None),
            ("fog", "string", FOG_CHOICES[0], "fog"),
            ("max_rounds", "int", 30, None),
            ("metres_per_tile", "float", 2.0, None),
            ("name", "string", "", None),
            ("objectives", "string", OBJECTIVES_NEEDED[0], "objectives"),
            ("ruleset", "string", RULESETS[0], "ruleset"),
        ]),
        (OBJECTIVE_CLASS, ["object"], [
            ("count", "int", 1, None),
            ("kind", "string", KINDS[0], "objective_kind"),
            ("rounds", "int", 1, None),
            ("team", "string", TEAMS[0], "team"),
            ("unit", "string", "", None),
        ]),
        (ROUTE_CLASS, ["object"], [
            ("team", "string", TEAMS[0], "team"),
        ]),
        (DEPLOYMENT_CLASS, ["layer"], []),
        (SPAWN_CLASS, ["object"], [
            ("team", "string", TEAMS[0], "team"),
        ]),
        (UNIT_CLASS, ["object"], [
            ("armour", "string", "", armour),
            ("attributes", "string", "", None),
            ("grenades", "string", "", None),
            ("magazines", "int", -1, None),
            ("role", "string", "", None),
            ("second_weapon", "string", FROM_TEMPLATE, "weapon"),
            ("skills", "string", "", None),
            ("team", "string", TEAMS[0], "team"),
            ("template", "string", "rifleman", "template"),
            ("weapon", "string", FROM_TEMPLATE, "weapon"),
        ]),
    ]


def project_json() -> str:
    """The .tiled-project, as Tiled writes it (keys sorted, four-space indent)."""
    types: list[dict[str, Any]] = []
    listed = enums()
    for name, values, flags in listed:
        types.append({"id": len(types) + 1, "name": name, "type": "enum", "storageType": "string",
                      "values": values, "valuesAsFlags": flags})
    for name, use_as, members in classes({n for n, _, _ in listed}):
        types.append({
            "id": len(types) + 1, "name": name, "type": "class", "color": COLOURS[name],
            "useAs": use_as,
            "members": [{"name": m, "type": t, "value": v, **({"propertyType": e} if e else {})}
                        for m, t, v, e in members],
        })
    project = {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": types,
    }
    return json.dumps(project, indent=4, sort_keys=True, ensure_ascii=False) + "\n"


def objecttypes_xml() -> str:
    """Tiled 1.8's object types: the object classes with the same defaults."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for name, use_as, members in classes({n for n, _, _ in enums()}):
        if "object" not in use_as:
            continue
        colour = "#" + COLOURS[name][3:]
        lines.append(f" <objecttype name={quoteattr(name)} color={quoteattr(colour)}>")
        for member, kind, value, enum in members:
            text = _xml_value(kind, value)
            extra = f" propertytype={quoteattr(enum)}" if enum else ""
            lines.append(f"  <property name={quoteattr(member)} type={quoteattr(kind)}{extra} "
                         f"default={quoteattr(text)}/>")
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def _xml_value(kind: str, value: Any) -> str:
    if kind == "bool":
        return "true" if value else "false"
    if kind == "float" and float(value).is_integer():
        return str(int(value))
    return str(value)


def write(out: Path) -> list[Path]:
    """Write both files into ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    files = [(out / "skirmish.tiled-project", project_json()),
             (out / "objecttypes.xml", objecttypes_xml())]
    for path, text in files:
        path.write_text(text, encoding="utf-8", newline="\n")
    return [path for path, _ in files]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "maps",
                        help="folder to write into (default: maps/)")
    args = parser.parse_args(argv)
    for path in write(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
