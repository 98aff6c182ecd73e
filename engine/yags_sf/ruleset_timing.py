"""Yags SF's timing capability (engine.capabilities.TimingRules): Multiple Shots' further
shots come at later initiative counts.

Multiple Shots (yags-sf-combat-0.30a.md, Special Firearm Attacks): "The first attack is made as
normal, and each further attack occurs 10 initiative steps later, with a cumulative recoil
penalty ... No shots can be fired after initiative 0 though." The first shot is made at the
shooter's turn; shot k+1 (k = 1, 2, ...) is scheduled at his initiative - 10k and rolled when
that count comes, at what the world is then (the target's cover and distance, the shooter's
wounds), with the recoil of its place in the series. A count below 0 is not scheduled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.capabilities import TimingRules
from engine.yags_sf.character import Fighter
from engine.yags_sf.round import shot_initiatives
from engine.yags_sf.world import fire_options

SERIES = "series"  # the option naming a shot's place in its series (0: the first)


class YagsSFTimingRules(TimingRules):
    """Multiple Shots at their own initiative counts."""

    def later_parts(self, combatant: Fighter, mode: str, options: Mapping[str, Any],
                    initiative: int) -> tuple[Mapping[str, Any], tuple[tuple[int, Mapping[str, Any]], ...]]:
        o = fire_options(mode, options)
        if mode != "shot" or SERIES in o or int(o.get("shots", 1)) <= 1:
            return options, ()
        shots = min(int(o["shots"]), max(1, combatant.weapon.max_rounds))
        counts = shot_initiatives(initiative, shots)
        one = {**o, "shots": 1}
        return ({**one, SERIES: 0},
                tuple((count, {**one, SERIES: k}) for k, count in enumerate(counts) if k))
