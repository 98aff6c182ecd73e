#!/usr/bin/env python3
"""Build the weapon and armour catalogue (engine/yags/data/*.toml) from the Yags equipment
lists in tools/reference/yags-equipment/ (a verbatim copy of the lists the rules' author
published, each file with its own licence header; see tools/reference/README.md).

A maintainer runs this when the reference lists or the mapping below change; the game only
reads the TOML it writes (engine/yags/catalogue.py). Standard library only; the reference
files are trusted XML. The output is deterministic: the same input gives the same bytes.

    python tools/build_catalogue.py [--reference DIR] [--out DIR]

Every reading of the reference data that is ours, not the author's, is a named constant
in buildcat_readings.py beside this script (REACH_FROM_RULES, SHOTGUN_CONE, THROWN_BANDS, ...)
and is listed in docs/rules-notes.md. The other parts: buildcat_xml.py (reading the XML),
buildcat_weapons.py and buildcat_armour.py (the entries), buildcat_toml.py (the TOML written).
"""

from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REFERENCE = ROOT / "tools" / "reference" / "yags-equipment"
DEFAULT_OUT = ROOT / "engine" / "yags" / "data"
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the parts beside this script
from buildcat_armour import armour_entries  # noqa: E402
from buildcat_readings import CORE_ARMOUR, CORE_WEAPONS, FIREARM_FILES, MELEE_YAGS, BuildError  # noqa: E402
from buildcat_toml import render  # noqa: E402
from buildcat_weapons import explosive_entries, firearm_entries, melee_entries  # noqa: E402


def build(ref: Path) -> dict[str, str]:
    """File name -> TOML text."""
    melee = melee_entries(ref)
    firearms = firearm_entries(ref)
    explosives = explosive_entries()
    armour, suits = armour_entries(ref)
    seen: dict[str, str] = {}
    for group, entries in (("weapon", melee + firearms + explosives), ("armour", armour)):
        for e in entries:
            if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", e.id):
                raise BuildError(f"{e.values['name']}: bad id {e.id!r}")
            if e.id in seen:
                raise BuildError(f"duplicate id {e.id!r} ({seen[e.id]} and {group})")
            seen[e.id] = group
    fist = next((e for e in melee if e.id == "fist"), None)
    if fist is None or fist.values["skill"] != "Brawl" or fist.values["damage_type"] != "stuns":
        raise BuildError("the reference lists lost the fist (Brawl, stuns)")
    return {
        "melee.toml": render("weapon", melee, [CORE_WEAPONS, MELEE_YAGS]),
        "firearms.toml": render("weapon", firearms, list(FIREARM_FILES)),
        "explosives.toml": render(
            "weapon", explosives, ["the formula in yags-combat.md, Explosive damage"],
            ["All entries are ours (source = \"project\"): damage and blast_radius are computed",
             "from tnt_grams by engine.yags.tables.charge_strength when the catalogue loads."]),
        "armour.toml": render(
            "armour", armour, [CORE_ARMOUR],
            ["Entries with source = \"project\" are our own modern armour (none in the lists).",
             "Suits in core-armour.xml, not loaded (some name pieces the list lacks):"]
            + [f"  {s}" for s in suits]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE,
                        help=f"directory of the reference lists (default {DEFAULT_REFERENCE})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"directory to write the TOML files to (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    if not args.reference.is_dir():
        print(f"build_catalogue: no reference directory {args.reference}", file=sys.stderr)
        return 2
    try:
        files = build(args.reference)
    except (BuildError, ET.ParseError, OSError) as exc:
        print(f"build_catalogue: {exc}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for name, body in files.items():
        (args.out / name).write_text(body, encoding="utf-8", newline="\n")
        print(f"wrote {args.out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
