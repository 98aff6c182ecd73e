"""The mission's systems: esper processors of one match's world, one module each.

Each reads components, asks the ruleset, writes components and typed events. The turn
driver (game/flow.py) runs them at the round's phase boundaries through `esper.process(phase)`
(`RoundSteps.phase_step`, game/world/steps.py): each processor acts on the phases it cares about. The world's actions
(game/world/actions/) call them while an action resolves.

- movement: reachable tiles, paths and their costs, approaching a foe, stepping along a
  path (leaving and entering reach), the moves that end with the round
- engagement: melee reach, free strikes, counter strikes, grapples
- sight: line of sight, cover, who sees whom
- range: distance, the situation of an attack (range bands and increments are the
  ruleset's, from the distance), the crowd and the shotgun's cone
- autofire: shots and bursts with their ammunition, area and suppressive fire, bullet
  shyness
- explosions: throws, blast bands, taking cover
- combat: an attack resolved and applied, with its fumbles (a jam, a dropped weapon, a shot
  gone astray)
- health: a unit's state changing, falling, exhaustion, the end-of-round checks
- overwatch: watches kept and triggered
- work: what lasts several rounds (reloading, first aid) going on or stopping
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

if TYPE_CHECKING:
    from game.world.match import Match


class System(esper.Processor):
    """A processor of one match's world; `process(phase)` acts at a phase boundary of the
    round (start, declared, move, end), most systems at none."""

    def __init__(self, match: Match) -> None:
        self.m = match

    def process(self, phase: str) -> None:  # type: ignore[override]
        """Act at the round's phase boundary `phase` (nothing by default)."""
