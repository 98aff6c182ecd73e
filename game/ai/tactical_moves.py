"""The tactical AI's movement (game/ai/tactical.py): withdrawing out of sight, the side's
walking-distance field, advancing on the enemy without crowding friends."""

from __future__ import annotations

import heapq
import math
from itertools import chain
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
        apart_m = [geo.distance_m(g, me.pos, e.pos) for e in enemies]
        by_distance = sorted(range(len(enemies)), key=apart_m.__getitem__)  # nearest first, ties in order
        far = apart_m[by_distance[0]]
        # A sprint costs a level of fatigue (yags-core.md, Sprinting), lost only with minutes
        # of rest: it sprints while far away and not yet tired past its level's limit.
        fatigue = match.rules.health_facts(me.state).fatigue
        mode = "sprint" if far > self.level.sprint_beyond_m and fatigue < self.level.sprint_fatigue else "run"
        tiles = match.movement.reachable(me.uid, mode, sees_all=self.sees_all)
        if not tiles:
            return Hold()
        blasts, arcs, claimed = self.danger_tiles(match, me)
        taken = match.movement.taken(me.uid, self.sees_all) | claimed
        close = [enemies[k] for k in by_distance[:3]]
        mpt = g.metres_per_tile
        # Ranged units stop at a few tiles; melee units go all the way.
        stand_off = 0.0 if facts.melee else 3 * mpt
        walk = self.walk_field(match, me.team)
        cut_off = walk.get(me.pos, 0.0) + 1000 * mpt  # a tile from which no enemy can be walked to
        # Friends where they stand or where they declared to go: bunching up invites grenades.
        near = [v.pos for v in self.facts(match).living(team=me.team) if v.uid != me.uid] + list(claimed)
        # Friends within 2 tiles (Chebyshev) of each tile; further apart while the enemy
        # carries grenades: out to their stun band (three radii), up to 5 tiles.
        radius = max((match.rules.blast_radius_m(gid) for gid in {gid for e in enemies for gid in e.grenades}),
                     default=0.0)
        apart = min(5, max(2, math.ceil(3 * radius / mpt)))
        crowd = _crowding(g.width, g.height, near, tiles, apart)
        before = self._before
        came_from = before[1] if before and before[0] == match.round - 1 and before[1] != me.pos else None

        # Each tile's score (asked for every reachable tile: the weights and the terms read once).
        chebyshev, here = geo.chebyshev, me.pos
        w_dist, w_danger, w_spread, w_back = (self.w["distance"], self.w["danger"], self.w["spread"],
                                              self.w["backtrack"])
        declared = bool(blasts or arcs)
        scores = {}
        for t, d, friends in zip(tiles, walk.get_many(tiles, cut_off), crowd, strict=True):
            if t in taken and t != here:
                continue
            back = came_from is not None and chebyshev(t, came_from) < chebyshev(t, here)
            danger = self._danger(match, t, blasts, arcs) if declared else 0
            scores[t] = (-w_dist * abs(d - stand_off) / mpt - w_danger * danger
                         - w_spread * friends - w_back * back)
        side = self._side_key(match)
        # The best few, ties by the side's order of tiles (as a sort would take them).
        cands = [t for _, _, t in heapq.nsmallest(self.level.advance_tiles,
                                                  ((-s, side(t), t) for t, s in scores.items()))]
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



def _crowding(width: int, height: int, near: list[Tile], tiles: Any, apart: int) -> list[int]:
    """For each of `tiles` in turn, how many of `near` (repeats counting again) stand within
    `apart` tiles of it (Chebyshev): one sum over a square of a table of prefix sums, the table
    only over the window of the map within `apart` of some tile (those outside it count for
    none)."""
    if not near or not tiles:
        return [0] * len(tiles)
    t = np.fromiter(chain.from_iterable(tiles), dtype=np.int64, count=2 * len(tiles)).reshape(-1, 2)
    tx, ty = t[:, 0], t[:, 1]
    x_lo, x_hi = max(int(tx.min()) - apart, 0), min(int(tx.max()) + apart + 1, width)
    y_lo, y_hi = max(int(ty.min()) - apart, 0), min(int(ty.max()) + apart + 1, height)
    ww, wh = x_hi - x_lo, y_hi - y_lo
    p = np.array(near, dtype=np.int64).reshape(-1, 2)
    px, py = p[:, 0] - x_lo, p[:, 1] - y_lo
    inside = (px >= 0) & (px < ww) & (py >= 0) & (py < wh)
    counts = np.bincount((py[inside] + 1) * (ww + 1) + px[inside] + 1, minlength=(wh + 1) * (ww + 1))
    s = counts.reshape(wh + 1, ww + 1).cumsum(0).cumsum(1)  # s[y + 1, x + 1]: those at or above and left of (x, y)
    x0, x1 = np.clip(tx - apart - x_lo, 0, ww), np.clip(tx + apart + 1 - x_lo, 0, ww)
    y0, y1 = np.clip(ty - apart - y_lo, 0, wh), np.clip(ty + apart + 1 - y_lo, 0, wh)
    n = s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]
    return n.tolist()  # Python ints
