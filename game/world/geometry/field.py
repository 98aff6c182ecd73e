"""The walking-distance field of `CostsTo` worked out in C (python-tcod) and NumPy, to the
same floats as the pure-Python Dijkstra.

The Python search gives each tile t the least fixed point of
``d[t] = min over neighbours u of fl(d[u] + step(t -> u))`` (goals at 0): every neighbour
settled before t relaxed it, and one settled after cannot lower it. That fixed point does not
depend on the order the tiles are worked out in, only on each tile's best neighbour being done
first. So:

1. tcod runs Dijkstra in integers (each float step x S, rounded to a whole number, on a
   graph whose edges carry the cost of the tile walked onto): its distances T are within
   half a unit a step of S x d;
2. the tiles are cut into bands of T narrower than the cheapest step less twice that error,
   so a tile's best neighbour always lies in an earlier band;
3. band by band, NumPy takes each tile's minimum over its neighbours of fl(d[u] + step), the
   very float additions of the Python search.

`field` returns None (the caller searches in Python) when the integers would not fit.
"""

from __future__ import annotations

import numpy as np
import tcod.path

from game.world.geometry.prepared import _diagonals, _Prepared

INT_MAX = np.iinfo(np.int32).max  # tcod's Pathfinder keeps its distances in int32
SCALE_STEPS = 2.0 ** 16  # the cheapest step in tcod's integers
T_LIMIT = 2 ** 30  # farther than this (about 16,000 cheapest steps): the Python search


def _split(o: int, pw: int) -> tuple[int, int]:
    """A padded offset as (rows, columns), columns in -1..1."""
    dx = ((o + 1) % pw) - 1
    return (o - dx) // pw, dx


class _Tables:
    """Per grid and diagonal rule: tcod's graph on the padded grid and, for each tile, the
    float cost of the step to each neighbour (inf where there is none)."""

    def __init__(self, prep: _Prepared, diagonal: bool, forward: bool) -> None:
        pw, n = prep.pw, len(prep.walk)
        walk = np.frombuffer(prep.walk, dtype=np.uint8).astype(bool)
        enter = np.array(prep.enter, dtype=np.float64)
        enter_d = np.array(prep.enter_diag, dtype=np.float64)
        self.scale = SCALE_STEPS / prep.min_step
        # (offset, first corner, second corner, float step costs by the tile stepped onto)
        dirs = [(o, 0, 0, enter) for o in (1, -1, pw, -pw)]
        dirs += [(o, a, b, enter_d) for o, a, b in _diagonals(pw, diagonal)]
        self.offsets = np.array([o for o, *_ in dirs], dtype=np.int64)
        self.steps = np.full((n, len(dirs)), np.inf)
        self.graph = tcod.path.CustomGraph((n // pw, pw))
        inner = np.flatnonzero(walk)  # walkable tiles are never on the padded border
        self.r_min = 0
        for k, (o, a, b, cost) in enumerate(dirs):
            # Walking from t onto u = t + o costs cost[u] (both walkable, no corner cut);
            # tcod searches out from the goals, from u to t = u - o, charging it to t.
            ok = walk[inner + o]
            if a:
                ok &= walk[inner + a] & walk[inner + b]
            t = inner[ok]
            if not t.size:
                continue
            # Forward (distances from the goals, as `reachable` walks): from u onto t costs cost[t].
            paid = cost[t] if forward else cost[t + o]
            self.steps[t, k] = paid
            rounded = np.zeros(n, dtype=np.int32)
            rounded[t] = np.rint(paid * self.scale).astype(np.int32)
            least = int(rounded[t].min())
            self.r_min = least if not self.r_min else min(self.r_min, least)
            self.graph.add_edge(_split(-o, pw), 1, cost=rounded.reshape(-1, pw))
        self.pw = pw


def prepare_tables(prep: _Prepared, diagonal: bool = True, forward: bool = False) -> None:
    """Build the tables now (a big map's set-up does, for the AI's field), not in a decision."""
    _tables(prep, diagonal, forward)


def _tables(prep: _Prepared, diagonal: bool, forward: bool) -> _Tables:
    t = prep.fields.get((diagonal, forward))
    if t is None:
        t = prep.fields[(diagonal, forward)] = _Tables(prep, diagonal, forward)
    return t


def field(prep: _Prepared, goals: list[int], diagonal: bool,
          forward: bool = False) -> tuple[list[float], bytearray] | None:
    """`CostsTo`'s distances for every padded index (inf where no goal can be walked to) and
    which are finite, or None when the Python search must do it. `forward`: the costs of
    walking out from the goals instead (`reachable` from one tile with no limit)."""
    tb = _tables(prep, diagonal, forward)
    if not goals or tb.r_min < 4:
        return None
    pf = tcod.path.Pathfinder(tb.graph)
    for g in goals:
        pf.add_root(divmod(g, tb.pw))
    pf.resolve()
    t = pf.distance.reshape(-1)
    reach = np.flatnonzero(t != INT_MAX)
    tr = t[reach].astype(np.int64)
    t_max = int(tr.max())
    if tr.min() < 0 or t_max > T_LIMIT:
        return None  # an overflow, or too far for the integers' precision
    # |T - S d| <= half a unit a step (and a little for the floats); steps <= T_max / r_min.
    err = 0.5 * (t_max / (tb.r_min - 0.5) + 1) + 2
    width = int(tb.r_min - 2 - 2 * err)
    if width < 1:
        return None
    is_goal = np.zeros(t.size, dtype=bool)
    is_goal[goals] = True
    keep = ~is_goal[reach]
    reach, band = reach[keep], tr[keep] // width
    if band.size and band.max() < 2**15:
        band = band.astype(np.int16)  # a radix sort; the order within a band does not matter
    by = np.argsort(band, kind="stable")
    order, band = reach[by], band[by]
    cuts = [0, *(np.flatnonzero(np.diff(band)) + 1).tolist(), order.size]
    d = np.full(t.size, np.inf)
    d[goals] = 0.0
    offsets, steps = tb.offsets, tb.steps
    for a, b in zip(cuts, cuts[1:], strict=False):
        if b > a:
            # Each band's tiles' neighbours and steps gathered band by band: small arrays that
            # stay in the cache (not the whole map's, 2 x 8 numbers a tile, at once).
            tiles = order[a:b]
            d[tiles] = (d[tiles[:, None] + offsets] + steps[tiles]).min(axis=1)
    return d.tolist(), bytearray(np.isfinite(d).view(np.uint8))
