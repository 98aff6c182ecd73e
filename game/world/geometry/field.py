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

When every step onto a tile costs the same whichever side pays it (walking out from the
goals: the tile stepped onto pays; or ground of one cost everywhere), tcod's graph shares one
cost array for the four straight edges and one for the diagonals (the corner rule as a
condition on the tile stepped from), and step 3 adds the step once to the least neighbour:
fl(x + s) never decreases as x grows, so min over u of fl(d[u] + s) = fl(min over u of d[u] + s).

`field` returns None (the caller searches in Python) when the integers would not fit.
"""

from __future__ import annotations

from array import array

import numpy as np
import tcod.path

from game.world.geometry.prepared import _diagonals, _Prepared

INT_MAX = np.iinfo(np.int32).max  # tcod's Pathfinder keeps its distances in int32
SCALE_STEPS = 2.0 ** 16  # the cheapest step in tcod's integers
T_LIMIT = 2 ** 30  # farther than this (about 16,000 cheapest steps): the Python search
STRAIGHT = 4  # offsets[:4] are the straight steps, offsets[4:] the diagonal ones


def _split(o: int, pw: int) -> tuple[int, int]:
    """A padded offset as (rows, columns), columns in -1..1."""
    dx = ((o + 1) % pw) - 1
    return (o - dx) // pw, dx


class _Tables:
    """Per grid and diagonal rule: tcod's graph on the padded grid, the steps' offsets, and
    either (`shared`) the float cost of a straight and of a diagonal step onto each tile with
    a bit a diagonal for whether it may be taken, or the float cost of the step from each tile
    to each neighbour (inf where there is none)."""

    def __init__(self, prep: _Prepared, diagonal: bool, forward: bool) -> None:
        pw, n = prep.pw, len(prep.walk)
        walk = np.frombuffer(prep.walk, dtype=np.uint8).astype(bool)
        enter = np.array(prep.enter, dtype=np.float64)
        enter_d = np.array(prep.enter_diag, dtype=np.float64)
        self.pw, self.scale = pw, SCALE_STEPS / prep.min_step
        diags = _diagonals(pw, diagonal)
        self.offsets = np.array([1, -1, pw, -pw, *(o for o, _, _ in diags)], dtype=np.intp)
        self.graph = tcod.path.CustomGraph((n // pw, pw))
        inner = np.flatnonzero(walk)  # walkable tiles are never on the padded border
        costs = enter[inner]
        # Walking from t onto u = t + o costs enter[u] (backward, the Python search) or
        # enter[t] (forward, `reachable`): the same whenever all walkable ground costs the same.
        self.shared = forward or bool((costs == costs[:1]).all())
        self.r_min = 0
        self.steps = np.empty((0, 0))
        # Fields already worked out, by goals (`remembered`), the least recently asked first.
        self.memo: dict[tuple[int, ...], tuple[array[float], bytearray]] = {}
        if self.shared:
            self._shared(walk, inner, enter, enter_d, diags)
        else:
            self._per_direction(walk, inner, enter, enter_d, diags)

    def _least(self, rounded: np.ndarray) -> None:
        if rounded.size:
            least = int(rounded.min())
            self.r_min = least if not self.r_min else min(self.r_min, least)

    def _shared(self, walk: np.ndarray, inner: np.ndarray, enter: np.ndarray, enter_d: np.ndarray,
                diags: tuple[tuple[int, int, int], ...]) -> None:
        pw, n = self.pw, walk.size
        ro = np.rint(enter * self.scale).astype(np.int32)
        rd = np.rint(enter_d * self.scale).astype(np.int32)
        straight = np.zeros(inner.size, dtype=bool)
        for o in (1, -1, pw, -pw):
            straight |= walk[inner + o]
        self._least(ro[inner[straight]])
        # Bit k: the diagonal step offsets[STRAIGHT + k] may be taken from the tile.
        self.diag_ok = np.zeros(n, dtype=np.uint8)
        for k, (o, a, b) in enumerate(diags):
            ok = walk[inner + o] & walk[inner + a] & walk[inner + b]
            self.diag_ok[inner[ok]] |= np.uint8(1 << k)
        self._least(rd[inner[self.diag_ok[inner] != 0]])
        cost_o: np.ndarray
        cost_d: np.ndarray
        one = bool(inner.size and (ro[inner] == ro[inner[0]]).all() and (rd[inner] == rd[inner[0]]).all())
        if one:  # ground of one cost: the walkable cells (one byte each) times the step
            m_o, m_d = int(ro[inner[0]]), int(rd[inner[0]])
            cost_o = cost_d = walk.astype(np.uint8).reshape(-1, pw)
            self.enter: np.ndarray | float = float(enter[inner[0]])
            self.enter_d: np.ndarray | float = float(enter_d[inner[0]])
        else:
            m_o = m_d = 1
            cost_o = np.where(walk, ro, 0).astype(np.int32).reshape(-1, pw)
            cost_d = np.where(walk, rd, 0).astype(np.int32).reshape(-1, pw)
            self.enter, self.enter_d = enter, enter_d
        self.graph.add_edges(edge_map=[[0, m_o, 0], [m_o, 0, m_o], [0, m_o, 0]], cost=cost_o)
        for k, (o, _, _) in enumerate(diags):
            # tcod searches out from the goals, from u to t = u - o: allowed when the step
            # from t onto u is.
            cond = np.zeros(n, dtype=np.uint8)
            cond[np.flatnonzero(self.diag_ok & (1 << k)) + o] = 1
            self.graph.add_edge(_split(-o, pw), m_d, cost=cost_d, condition=cond.reshape(-1, pw))

    def _per_direction(self, walk: np.ndarray, inner: np.ndarray, enter: np.ndarray, enter_d: np.ndarray,
                       diags: tuple[tuple[int, int, int], ...]) -> None:
        pw, n = self.pw, walk.size
        # (offset, first corner, second corner, float step costs by the tile stepped onto)
        dirs = [(o, 0, 0, enter) for o in (1, -1, pw, -pw)]
        dirs += [(o, a, b, enter_d) for o, a, b in diags]
        self.steps = np.full((n, len(dirs)), np.inf)
        for k, (o, a, b, cost) in enumerate(dirs):
            # Walking from t onto u = t + o costs cost[u] (both walkable, no corner cut);
            # tcod searches out from the goals, from u to t = u - o, charging it to t.
            ok = walk[inner + o]
            if a:
                ok &= walk[inner + a] & walk[inner + b]
            t = inner[ok]
            if not t.size:
                continue
            self.steps[t, k] = cost[t + o]
            rounded = np.zeros(n, dtype=np.int32)
            rounded[t] = np.rint(cost[t + o] * self.scale).astype(np.int32)
            self._least(rounded[t])
            self.graph.add_edge(_split(-o, pw), 1, cost=rounded.reshape(-1, pw))


def prepare_tables(prep: _Prepared, diagonal: bool = True, forward: bool = False) -> None:
    """Build the tables now (a big map's set-up does, for the AI's field), not in a decision."""
    _tables(prep, diagonal, forward)


def _tables(prep: _Prepared, diagonal: bool, forward: bool) -> _Tables:
    t = prep.fields.get((diagonal, forward))
    if t is None:
        t = prep.fields[(diagonal, forward)] = _Tables(prep, diagonal, forward)
    return t


FIELD_MEMO_TILES = 1_000_000  # padded tiles of the fields `remembered` per grid and rule (9 bytes a tile)


def remembered(prep: _Prepared, goals: list[int], diagonal: bool) -> tuple[array[float], bytearray] | None:
    """`field`, remembered by goals on the grid (the grid never changes): the same starting
    places come back in a run's matches on one map. Copies of what is kept, so that no caller
    changes it; as many fields as FIELD_MEMO_TILES padded tiles hold (about 740 of a 40 x 30
    map, 3 of a 512 x 512 one), the least recently asked forgotten first."""
    tb = _tables(prep, diagonal, False)
    key, memo = tuple(goals), tb.memo
    kept = memo.pop(key, None)
    if kept is None:
        kept = field(prep, goals, diagonal)
        if kept is None:
            return None
        room = max(1, FIELD_MEMO_TILES // len(prep.walk))
        while len(memo) >= room:
            del memo[next(iter(memo))]
    memo[key] = kept  # (again) the most recently asked
    return kept[0][:], bytearray(kept[1])


def field(prep: _Prepared, goals: list[int], diagonal: bool,
          forward: bool = False) -> tuple[array[float], bytearray] | None:
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
    tr = t[reach]
    t_max = int(tr.max())
    if tr.min() < 0 or t_max > T_LIMIT:
        return None  # an overflow, or too far for the integers' precision
    # |T - S d| <= half a unit a step (and a little for the floats); steps <= T_max / r_min.
    err = 0.5 * (t_max / (tb.r_min - 0.5) + 1) + 2
    width = int(tb.r_min - 2 - 2 * err)
    if width < 1:
        return None
    band = tr // width  # band 0 is the goals (T = 0) alone: any other T >= r_min > width
    if band.max() < 2**15:
        band = band.astype(np.int16)  # a radix sort; the order within a band does not matter
    by = np.argsort(band, kind="stable")
    order, band = reach[by], band[by]
    cuts = [*(np.flatnonzero(np.diff(band)) + 1).tolist(), order.size]  # from the end of band 0
    d = np.full(t.size, np.inf)
    d[goals] = 0.0
    (_fill_shared if tb.shared else _fill_steps)(tb, d, order, cuts)
    dist = array("d")
    dist.frombytes(d.data.cast("B"))  # one copy, its items Python floats as the Python search's list's
    return dist, bytearray(np.isfinite(d).view(np.uint8))


def _fill_shared(tb: _Tables, d: np.ndarray, order: np.ndarray, cuts: list[int]) -> None:
    """The bands' distances when a step onto a tile costs the same from any side: the least
    straight neighbour plus the straight step, against the least diagonal one plus the
    diagonal step. Each tile's neighbours, in band order (a row a direction), point at index 0
    (the padded corner, never walkable: inf) for a diagonal the corner rule forbids."""
    near = np.empty((tb.offsets.size, order.size), dtype=np.int32)
    np.add(order, tb.offsets[:, None].astype(np.int32), out=near)
    if tb.offsets.size > STRAIGHT:
        bits = tb.diag_ok[order]
        for k in range(tb.offsets.size - STRAIGHT):
            near[STRAIGHT + k] *= (bits >> k) & 1
    if isinstance(tb.enter, float):
        e_o = np.broadcast_to(tb.enter, order.shape)
        e_d = np.broadcast_to(tb.enter_d, order.shape)
    else:
        e_o, e_d = tb.enter[order], tb.enter_d[order]  # type: ignore[index]
    take, least, lower = np.take, np.minimum.reduce, np.minimum
    for a, b in zip(cuts, cuts[1:], strict=False):
        if b > a:
            v = take(d, near[:, a:b])
            if tb.offsets.size > STRAIGHT:
                d[order[a:b]] = lower(least(v[:STRAIGHT]) + e_o[a:b], least(v[STRAIGHT:]) + e_d[a:b])
            else:
                d[order[a:b]] = least(v) + e_o[a:b]


def _fill_steps(tb: _Tables, d: np.ndarray, order: np.ndarray, cuts: list[int]) -> None:
    """The bands' distances with each tile's own step to each neighbour (ground of many costs,
    the Python search's backward steps: the tile stepped onto pays)."""
    # Every reached tile's neighbours and steps gathered once, in band order (2 x 8 numbers a
    # tile): a band is then three NumPy calls on slices of them, not six (the ~40 bands of a
    # small map cost their calls' overhead, not their few tiles' work).
    near = order[:, None] + tb.offsets
    steps = tb.steps[order]
    take, least = np.take, np.minimum.reduce
    for a, b in zip(cuts, cuts[1:], strict=False):
        if b > a:
            v = take(d, near[a:b])
            v += steps[a:b]
            d[order[a:b]] = least(v, axis=1)
