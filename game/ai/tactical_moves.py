"""The tactical AI's movement (game/ai/tactical.py): withdrawing out of sight, the side's
walking-distance field, advancing on the enemy without crowding friends."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.ai.tactical_base import COVER_RANK, TacticalBase, Tile
from game.world import geometry as geo
from game.world.actions import (
    Hold,
    Move,
)
from game.world.match import Match, UnitView


class TacticalMoves(TacticalBase):
    """Where a unit moves when it does not attack."""


    def _withdraw(self, match: Match, me: UnitView, visible: list[UnitView]) -> Any:
        """Run to the reachable tile out of sight of most enemies, furthest from them."""
        g = match.grid
        tiles = match.movement.reachable(me.uid, "run", sees_all=self.sees_all)
        taken = match.movement.taken(me.uid, self.sees_all)
        side = self._side_key(match)
        cands = sorted((t for t in tiles if t not in taken),
                       key=lambda t: (-min(geo.distance_m(g, t, e.pos) for e in visible), side(t)))[: self.level.advance_tiles]
        best = None
        for t in cands:
            seen = sum(1 for e in visible[:4] if match.topology.line_of_sight(t, e.pos))
            score = (seen, -min(geo.distance_m(g, t, e.pos) for e in visible))
            if best is None or score < best[0]:
                best = (score, t)
        if best is None or best[1] == me.pos:
            return None
        path = match.movement.path(me.uid, best[1], self.sees_all)
        return Move(tuple(path), "run") if path else None

    def walk_field(self, match: Match, team: str) -> geo.CostsTo:
        """Metres on foot from each tile to the nearest living enemy of `team`, round the
        walls and through slow ground (once a round: enemies stand still while units declare)."""
        f = self.facts(match)
        if team not in f.fields:
            goals = [v.pos for v in f.living(enemy_of=team)]
            f.fields[team] = geo.CostsTo(match.grid, goals)
        return f.fields[team]

    def _advance(self, match: Match, me: UnitView, enemies: list[UnitView], facts: Any) -> Any:
        """Move toward the enemy: the reachable tile that most shortens the walk to them,
        away from declared blasts and bursts and from friends; of the best few, cover counts
        where an enemy can see the tile, and seeing one counts for a ranged unit. Sprint
        while far away."""
        g = match.grid
        nearest = min(enemies, key=lambda e: geo.distance_m(g, me.pos, e.pos))
        far = geo.distance_m(g, me.pos, nearest.pos)
        # A sprint costs a level of fatigue (yags-core.md, Sprinting), lost only with minutes
        # of rest: it sprints while far away and not yet tired past its level's limit.
        fatigue = match.rules.health_facts(me.state).fatigue
        mode = "sprint" if far > self.level.sprint_beyond_m and fatigue < self.level.sprint_fatigue else "run"
        tiles = match.movement.reachable(me.uid, mode, sees_all=self.sees_all)
        if not tiles:
            return Hold()
        blasts, arcs, claimed = self.danger_tiles(match, me)
        taken = match.movement.taken(me.uid, self.sees_all) | claimed
        close = sorted(enemies, key=lambda e: geo.distance_m(g, me.pos, e.pos))[:3]
        mpt = g.metres_per_tile
        # Ranged units stop at a few tiles; melee units go all the way.
        stand_off = 0.0 if facts.melee else 3 * mpt
        walk = self.walk_field(match, me.team)
        cut_off = walk.get(me.pos, 0.0) + 1000 * mpt  # a tile from which no enemy can be walked to
        # Friends where they stand or where they declared to go: bunching up invites grenades.
        near = [v.pos for v in self.facts(match).living(team=me.team) if v.uid != me.uid] + list(claimed)
        # Friends within 2 tiles (Chebyshev) of each tile; further apart while the enemy
        # carries grenades: out to their stun band (three radii), up to 5 tiles.
        radius = max((match.rules.blast_radius_m(gid) for e in enemies for gid in e.grenades), default=0.0)
        apart = min(5, max(2, math.ceil(3 * radius / mpt)))
        crowd = _crowding(g.width, g.height, near, tiles, apart)
        before = self._before
        came_from = before[1] if before and before[0] == match.round - 1 and before[1] != me.pos else None

        def base(tile: Tile) -> float:
            d = walk.get(tile, cut_off)
            back = came_from is not None and geo.chebyshev(tile, came_from) < geo.chebyshev(tile, me.pos)
            return (-self.w["distance"] * abs(d - stand_off) / mpt
                    - self.w["danger"] * self._danger(match, tile, blasts, arcs)
                    - self.w["spread"] * crowd.get(tile, 0) - self.w["backtrack"] * back)

        scores = {t: base(t) for t in tiles if t not in taken or t == me.pos}
        side = self._side_key(match)
        cands = sorted(scores, key=lambda t: (-scores[t], side(t)))[: self.level.advance_tiles]
        if me.pos in scores and me.pos not in cands:
            cands.append(me.pos)
        best = None
        for t in cands:
            s = scores[t]
            seen_by = [e for e in close if match.topology.line_of_sight(t, e.pos)]
            if seen_by:
                s += self.w["cover"] * sum(COVER_RANK.get(geo.cover_between(g, e.pos, t), 0) for e in seen_by) / len(seen_by)
                if self.w["sight"] and not facts.melee and any(geo.distance_m(g, t, e.pos) <= facts.long_m for e in seen_by):
                    s += self.w["sight"]
            if best is None or s > best[0]:
                best = (s, t)
        assert best is not None  # there is a candidate: the reachable tiles are not all taken
        goal = best[1]
        if goal == me.pos:
            return Hold()
        path = match.movement.path(me.uid, goal, self.sees_all)
        return Move(tuple(path), mode) if path else Hold()



def _crowding(width: int, height: int, near: list[Tile], tiles: Any, apart: int) -> dict[Tile, int]:
    """For each of `tiles`, how many of `near` (repeats counting again) stand within `apart`
    tiles of it (Chebyshev): one sum over a square of a table of prefix sums."""
    if not near:
        return {}
    counts = np.zeros((height + 1, width + 1), dtype=np.int64)
    px, py = np.array(near, dtype=np.int64).T
    np.add.at(counts, (py + 1, px + 1), 1)
    s = counts.cumsum(0).cumsum(1)  # s[y + 1, x + 1]: those at or above and left of (x, y)
    t = np.array(list(tiles), dtype=np.int64).reshape(-1, 2)
    x0, x1 = np.clip(t[:, 0] - apart, 0, width), np.clip(t[:, 0] + apart + 1, 0, width)
    y0, y1 = np.clip(t[:, 1] - apart, 0, height), np.clip(t[:, 1] + apart + 1, 0, height)
    n = s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]
    return {(x, y): c for (x, y), c in zip(t.tolist(), n.tolist(), strict=True)}  # Python ints already
