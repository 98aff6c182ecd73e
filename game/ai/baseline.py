"""The `random` AI level: any legal declaration, chosen at random (seeded per team).

The other levels are `game.ai.tactical.TacticalAI` driven by game/data/ai_levels.toml.
"""

from __future__ import annotations

import random
from typing import Any

from game.world.actions import AreaFire, Attack, Hold, Move, Reload
from game.world.match import Match

Decision = tuple[Any, dict[str, Any]]
MIN_HARM = 0.05  # expected levels below this: a hopeless shot, better to close in


def _expected_harm(preview: Any) -> float:
    """Expected levels inflicted (wounds count double the stuns they might be)."""
    if preview is None or hasattr(preview, "reason"):
        return -1.0
    harm = sum(float(p) * levels for levels, p in preview.p_damage_levels.items())
    if preview.kind == "wounds":
        harm *= 2
    return harm


class RandomAI:
    """Any legal declaration, chosen at random (seeded per team)."""

    def __init__(self, seed: int, team: str) -> None:
        self.rng = random.Random(f"{seed}-{team}-random")

    def decide(self, match: Match, uid: int) -> Decision:
        v = match.view(uid)
        options: list[Decision] = [(Hold(), {})]
        facts = match.rules.weapon_facts(v.combatant)
        for e in match.visible_enemies(uid):
            for mode in facts.modes:
                if mode in ("area", "suppress"):
                    options.append((AreaFire(e.pos, suppressive=(mode == "suppress")), {}))
                else:
                    options.append((Attack(e.uid, mode), {}))
        tiles = sorted(match.reachable(uid, "run"))
        if tiles:
            goal = self.rng.choice(tiles)
            path = match.path(uid, goal)
            if path:
                options.append((Move(tuple(path), "run"), {}))
        if v.ammo is not None and v.ammo.loaded < v.ammo.capacity and v.ammo.magazines:
            options.append((Reload(), {}))
        for _ in range(8):
            action, choices = self.rng.choice(options)
            if not hasattr(match.check(uid, action), "reason"):
                return action, choices
        return Hold(), {}
