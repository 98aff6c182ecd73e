"""The armour entries: layers and covered body parts from the pieces' names, and our modern
armour beside core-armour.xml (a part of tools/build_catalogue.py, which runs it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from buildcat_readings import (
    ARMOUR_COVERS,
    ARMOUR_KEYS,
    CORE_ARMOUR,
    COVER_ORDER,
    PROJECT_ARMOUR,
    BuildError,
)
from buildcat_weapons import Built
from buildcat_xml import ident, integer, kid, kids, number, text

# --- armour ----------------------------------------------------------------------------------


def layer_for(name: str, props: set[str]) -> str | None:
    """Stacking Armour (yags-combat.md): soft leather goes under chain or plate, chain (mail)
    in the middle, plate over chain, a helm over a coif; the reference notes agree ("can be
    worn under chain or ring mail", "over mail and/or soft leather"). Kurbal (hardened
    leather, "can be worn over soft leather") is read as an over layer. Other pieces do not
    layer."""
    low = name.lower()
    if "soft leather" in low:
        return "under"
    if "mail" in props:
        return "mail"
    if "plate" in low or "kurbal" in low or low.endswith("helm"):
        return "over"
    return None


def covers_for(name: str) -> list[str]:
    low = name.lower()
    for word, parts in ARMOUR_COVERS:
        if word in low:
            return list(parts)
    raise BuildError(f"{CORE_ARMOUR}: {name}: cannot tell what it covers from its name")


def armour_entries(ref: Path) -> tuple[list[Built], list[str]]:
    root = ET.parse(ref / CORE_ARMOUR).getroot()
    out: list[Built] = []
    suits: list[str] = []
    for a in root.iter("armour"):
        name = a.get("name")
        parts = kids(a, "item")
        if parts:
            suits.append(f"{name}: " + ", ".join(p.get("name") for p in parts))
            continue
        where = f"{CORE_ARMOUR}: {name}"
        low = name.lower()
        props = set()
        for p in kids(a, "property"):
            tag = text(p).replace("-", "_").replace(" ", "_")
            if tag not in ("heavy", "light", "bullet_proof", "bulletproof"):
                raise BuildError(f"{where}: unknown property {tag!r}")
            props.add("bullet_proof" if tag == "bulletproof" else tag)
        if "chain" in low or "ring" in low:
            props.add("mail")
        if "quilted" in low or "soft leather" in low or "fur" in low:
            props.add("soft")
        values = {
            "name": name,
            "protection": integer(kid(a, "protection"), f"{where}: protection"),
            "load": number(kid(a, "load"), f"{where}: load", 0),
            "covers": covers_for(name),
            "properties": sorted(props),
            "layer": layer_for(name, props),
            "description": text(kid(a, "notes")),
            "source": CORE_ARMOUR,
        }
        out.append(Built(ident(name), values))
    for spec in PROJECT_ARMOUR:
        values = {k: spec.get(k) for k in ARMOUR_KEYS if k in spec}
        values["covers"] = [c for c in COVER_ORDER if c in spec["covers"]]
        values["properties"] = sorted(spec["properties"])
        values["source"] = "project"
        out.append(Built(ident(spec["name"]), values))
    return out, suits
