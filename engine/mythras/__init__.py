"""Mythras Imperative: d100 skills, action points, hit locations and special effects (the
Mythras Imperative SRD, ORC licence: see README). The functions the rest of the project may
call are importable from here."""

from engine.mythras.tables import (
    damage_modifier,
    differential,
    grade_skill,
    hit_location,
    initiative_bonus,
    location_hit_points,
    opposed_skills,
    parry_deflects,
    success_level,
    wound_level,
)

__all__ = [
    "damage_modifier",
    "differential",
    "grade_skill",
    "hit_location",
    "initiative_bonus",
    "location_hit_points",
    "opposed_skills",
    "parry_deflects",
    "success_level",
    "wound_level",
]
