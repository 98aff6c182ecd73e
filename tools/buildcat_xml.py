"""Reading the reference lists' XML: children, text, numbers, descriptions, ids, damage,
skills and range bands (a part of tools/build_catalogue.py, which runs it)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from buildcat_readings import DAMAGE_TYPE, BuildError

# --- XML helpers -----------------------------------------------------------------------------


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def kids(elem: ET.Element, name: str) -> list[ET.Element]:
    return [c for c in elem if local(c.tag) == name]


def kid(elem: ET.Element, name: str) -> ET.Element | None:
    found = kids(elem, name)
    return found[0] if found else None


def text(elem: ET.Element | None) -> str:
    return " ".join("".join(elem.itertext()).split()) if elem is not None else ""


def number(elem: ET.Element | None, where: str, default: float | None = None) -> float | None:
    """A number from `+12`, `12`, `0.5`; None for `var.` and the like."""
    if elem is None:
        return default
    raw = text(elem)
    try:
        return float(raw.lstrip("+"))
    except ValueError:
        if raw.rstrip(".").isalpha():
            return None
        raise BuildError(f"{where}: not a number: {raw!r}") from None


def integer(elem: ET.Element | None, where: str, default: int = 0) -> int:
    value = number(elem, where, default)
    if value is None:
        return default
    if value != int(value):
        raise BuildError(f"{where}: not an integer: {value}")
    return int(value)


def description(elem: ET.Element) -> str:
    desc = kid(elem, "description")
    paras = [text(p) for p in kids(desc, "para")] if desc is not None else []
    return "\n\n".join(p for p in paras if p)


def ident(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("&", "")).strip("_")


def damage_of(elem: ET.Element, where: str) -> tuple[int, str, bool]:
    """(damage, damage type, muscle). `+N` is a bonus on strength x 4 (muscle); a bare
    number is the weapon's straight damage (firearms, the short bow, crossbows)."""
    dmg = kid(elem, "damage")
    if dmg is None:
        raise BuildError(f"{where}: no <damage>")
    kind = dmg.get("type")
    if kind not in DAMAGE_TYPE:
        raise BuildError(f"{where}: unknown damage type {kind!r}")
    return integer(dmg, where), DAMAGE_TYPE[kind], text(dmg).startswith("+")


def skill_for(classes: list[str]) -> str:
    if "bow" in classes:
        return "Bows"
    if "crossbow" in classes:
        return "Crossbows"
    if "thrown" in classes:
        return "Throw"
    if "pistol" in classes:
        return "Pistols"
    if "heavy" in classes:
        return "Guns"
    if "rifle" in classes:
        return "Rifles"
    if classes == ["brawl"]:
        return "Brawl"
    return "Melee"


def ranges(rng: ET.Element, where: str) -> dict:
    out = {key: number(kid(rng, key), f"{where}: {key}") for key in ("increment", "short", "medium", "long")}
    if any(v is None for v in out.values()):
        raise BuildError(f"{where}: incomplete <range>")
    if rng.get("strength") == "true":
        out["range_per_strength"] = True
    return out
