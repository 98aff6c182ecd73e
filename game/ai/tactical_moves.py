"""The tactical AI's movement (game/ai/tactical.py): withdrawing out of sight, the side's
walking-distance field, advancing on the enemy without crowding friends."""

from __future__ import annotations

import math
from itertools import chain
from typing import Any

import numpy as np

from engine.capabilities import blast_radius_m
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
        # Minus the metres to the nearest enemy, for each free tile: distance_m's very floats
        # (hypot of the steps, then x metres a tile: the nearest by hypot is the nearest in
        # metres, as a multiplication keeps the order), worked out once a tile.
        foes, mpt, hypot = [e.pos for e in visible], g.metres_per_tile, math.hypot
        away = {t: -(min([hypot(fx - t[0], fy - t[1]) for fx, fy in foes]) * mpt) for t in tiles if t not in taken}
        cands = sorted(away, key=lambda t: (away[t], side(t)))[: self.level.advance_tiles]
        # The candidates come furthest first (by `away`), so a later one is taken only when
        # fewer enemies see it: its lines are asked only until it is seen as often as the best.
        best = None
        watch = [e.pos for e in visible[:4]]
        for t in cands:
            most = len(watch) if best is None else best[0][0] - 1  # the sightings it may have
            if most < 0:
                break  # the best is out of every enemy's sight
            seen = 0
            for p in watch:
                if match.topology.line_of_sight(t, p):
                    seen += 1
                    if seen > most:
                        break
            if seen <= most:
                score = (seen, away[t])
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

    def _advance(self, match: Match, me: UnitView, enemies: list[UnitView], facts: Any,
                 toward: geo.CostsTo | None = None) -> Any:
        """Move toward the enemy: the reachable tile that most shortens the walk to them,
        away from declared blasts and bursts and from friends; of the best few, cover counts
        where an enemy can see the tile, and seeing one counts for a ranged unit. Sprint
        while far away. With a `goal` (a walk field to an objective's tiles), toward that
        instead, all the way in."""
        g = match.grid
        apart_m = [geo.distance_m(g, me.pos, e.pos) for e in enemies]
        by_distance = sorted(range(len(enemies)), key=apart_m.__getitem__)  # nearest first, ties in order
        far = apart_m[by_distance[0]] if enemies else math.inf
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
        stand_off = 0.0 if facts.melee or toward is not None else 3 * mpt
        walk = self.walk_field(match, me.team) if toward is None else toward
        cut_off = walk.get(me.pos, 0.0) + 1000 * mpt  # a tile from which no enemy can be walked to
        # Friends where they stand or where they declared to go: bunching up invites grenades.
        near = [v.pos for v in self.facts(match).living(team=me.team) if v.uid != me.uid] + list(claimed)
        # Friends within 2 tiles (Chebyshev) of each tile; further apart while the enemy
        # carries grenades: out to their stun band (three radii), up to 5 tiles.
        radius = max((blast_radius_m(match.rules, gid) for gid in {gid for e in enemies for gid in e.grenades}),
                     default=0.0)
        apart = min(5, max(2, math.ceil(3 * radius / mpt)))
        order = list(tiles)
        at = np.fromiter(chain.from_iterable(order), dtype=np.int64, count=2 * len(order)).reshape(-1, 2)
        crowd = _crowding(near, at, apart)
        before = self._before
        came_from = before[1] if before and before[0] == match.round - 1 and before[1] != me.pos else None

        # Each reachable tile's score, worked out for all of them at once (_scores), and the
        # best few, ties by the side's order of tiles (as a sort would take them).
        here = me.pos
        danger = [self._danger(match, t, blasts, arcs) for t in order] if blasts or arcs else None
        scored = _scores(at, walk.get_many(order, cut_off), crowd, here, came_from, stand_off, mpt, self.w, danger)
        keep = [t == here or t not in taken for t in order]
        picked = _best(at, scored, keep, self._side_flip(match), self.level.advance_tiles)
        scores = {order[k]: float(scored[k]) for k in picked}
        cands = [order[k] for k in picked]
        if here in tiles and here not in scores:
            k = order.index(here)
            cands.append(here)
            scores[here] = float(scored[k])
        goal = self._pick(match, cands, scores, close, facts)
        if goal == me.pos:
            return Hold()
        path = match.movement.path(me.uid, goal, self.sees_all)
        return Move(tuple(path), mode) if path else Hold()


    def _pick(self, match: Match, cands: list[Tile], scores: dict[Tile, float], close: list[UnitView], facts: Any) -> Tile:
        """The first of the candidate tiles with the best score once cover counts where one of
        the `close` enemies sees it, and seeing one counts for a ranged unit. A tile whose
        score could not pass the best so far with the most these add (every enemy seeing it
        across hard 90% cover, and the sight's weight; a little over, for the floats) is not
        looked at: its lines of sight and covers are not asked."""
        g = match.grid
        w_cover, w_sight = self.w["cover"], self.w["sight"]
        most = _MOST_RANK * abs(w_cover) + abs(w_sight)
        best = None
        for t in cands:
            s = scores[t]
            if best is not None and best[0] > s + most + 1e-6 * (1.0 + abs(s)):
                continue
            seen_by = [e for e in close if match.topology.line_of_sight(t, e.pos)]
            if seen_by:
                s += w_cover * sum(COVER_RANK.get(geo.cover_between(g, e.pos, t), 0) for e in seen_by) / len(seen_by)
                if w_sight and not facts.melee and any(geo.distance_m(g, t, e.pos) <= facts.long_m for e in seen_by):
                    s += w_sight
            if best is None or s > best[0]:
                best = (s, t)
        assert best is not None  # there is a candidate: the reachable tiles are not all taken
        return best[1]


_MOST_RANK = max(abs(r) for r in COVER_RANK.values())


def _scores(t: np.ndarray, dists: list[float], crowd: np.ndarray, here: Tile, came_from: Tile | None,
            stand_off: float, mpt: float, w: dict[str, float], danger: list[int] | None) -> np.ndarray:
    """Each tile's score for an advance: its walk to the enemy off the stand-off, declared
    dangers, friends near it, a step back toward where it came from, each weighted. NumPy does
    the very double operations of ``-w_dist * abs(d - stand_off) / mpt - w_danger * danger -
    w_spread * friends - w_back * back``, in that order, for every tile at once (`t`: the
    tiles as an (n, 2) array)."""
    d = np.array(dists, dtype=np.float64)
    if came_from is not None:
        back: Any = (np.maximum(np.abs(t[:, 0] - came_from[0]), np.abs(t[:, 1] - came_from[1]))
                     < np.maximum(np.abs(t[:, 0] - here[0]), np.abs(t[:, 1] - here[1])))
    else:
        back = False
    hazard: Any = 0 if danger is None else np.array(danger, dtype=np.int64)
    return (-w["distance"] * np.abs(d - stand_off) / mpt - w["danger"] * hazard
            - w["spread"] * crowd - w["backtrack"] * back)


def _best(at: np.ndarray, scored: np.ndarray, keep: list[bool], flip: Tile | None, k: int) -> list[int]:
    """The places in `at` (the tiles as an (n, 2) array) of the `k` best kept tiles, best
    first, ties by the tile (x, then y) or, for the side that sees the map turned round
    (`flip`: the far corner, `_side_flip`), by the tile turned round: what sorting by
    (-score, side key) takes first."""
    idx = np.flatnonzero(np.array(keep, dtype=bool))
    if not idx.size:
        return []
    t = at[idx]
    sx, sy = (t[:, 0], t[:, 1]) if flip is None else (flip[0] - t[:, 0], flip[1] - t[:, 1])
    best = np.lexsort((sy, sx, -scored[idx]))[:k]
    return idx[best].tolist()


def _crowding(near: list[Tile], t: np.ndarray, apart: int) -> np.ndarray:
    """For each of the tiles `t` (an (n, 2) array) in turn, how many of `near` (repeats
    counting again; all on the map) stand within `apart` tiles of it (Chebyshev): each friend
    adds one over its square (2 `apart` + 1 across) of a table of counts over the tiles'
    window (the part of it within the window), and each tile reads its count."""
    if not near or not t.size:
        return np.zeros(len(t), dtype=np.int64)
    (x_lo, y_lo), (x_hi, y_hi) = t.min(axis=0).tolist(), t.max(axis=0).tolist()
    ww, wh, side = x_hi - x_lo + 1, y_hi - y_lo + 1, 2 * apart + 1
    counts = np.zeros((wh, ww), dtype=np.int64)
    for px, py in near:
        x0, y0 = px - apart - x_lo, py - apart - y_lo
        if -side < x0 < ww and -side < y0 < wh:
            counts[max(y0, 0):y0 + side, max(x0, 0):x0 + side] += 1
    return counts[t[:, 1] - y_lo, t[:, 0] - x_lo]
