"""Yags SF 0.30a (1999): 2d10!, damage less soak on the wound chart, the range difficulty
table, full auto. A selectable ruleset ("yags-sf"), self-contained: its text
(rules/yags-sf-combat-0.30a.md) is the authority, not the modern Yags of engine/yags."""

from engine.yags_sf.catalogue import map_kit
from engine.yags_sf.tables import (
    band_modifiers,
    base_soak,
    range_difficulty,
    wound_levels,
    wound_penalty,
)

__all__ = [
    "band_modifiers",
    "base_soak",
    "map_kit",
    "range_difficulty",
    "wound_levels",
    "wound_penalty",
]
