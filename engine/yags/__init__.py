"""Yags, the primary ruleset: attribute x skill + d20."""

from engine.yags.tables import (
    apply_damage,
    area_burst,
    charge_strength,
    defence_penalty,
    distance_penalty,
    effective_burst,
    explosion_band,
    fatal_check_target,
    first_aid_difficulty,
    injury_penalty,
    range_band,
    shift_damage_kind,
    size_shift,
    success_level,
    wounds_inflicted,
)

__all__ = [
    "apply_damage",
    "area_burst",
    "charge_strength",
    "defence_penalty",
    "distance_penalty",
    "effective_burst",
    "explosion_band",
    "fatal_check_target",
    "first_aid_difficulty",
    "injury_penalty",
    "range_band",
    "shift_damage_kind",
    "size_shift",
    "success_level",
    "wounds_inflicted",
]
