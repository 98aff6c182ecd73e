"""Many lines of sight at once (NumPy): the very integer walk of `sight._line_clear`, one
step for every line together, for a round's worth of pairs (the AI asks who sees whom among
every unit and every enemy; 64 a side is some 4,000 lines). The answers go into the grid's
memo, where `line_of_sight` finds them."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

import numpy as np

from game.maps.grid import GridMap
from game.world.geometry.basics import Tile
from game.world.geometry.prepared import MEMO_MAX, _check_tile, _prepared

BATCH_MIN = 64  # fewer new lines than this: the Python walk, one by one, is as quick


def lines_clear(grid: GridMap, pairs: Sequence[tuple[Tile, Tile]]) -> list[bool]:
    """`line_of_sight(grid, a, b)` for each (a, b) of `pairs`, worked out together."""
    for a, b in pairs:
        _check_tile(grid, a)
        _check_tile(grid, b)
    if not pairs:
        return []
    w, h = grid.width, grid.height
    n = len(pairs)
    p = np.fromiter(chain.from_iterable(chain.from_iterable(pairs)), dtype=np.int64, count=4 * n).reshape(n, 4)
    ax, ay, bx, by = p[:, 0], p[:, 1], p[:, 2], p[:, 3]
    # A tile sees itself; a clear box (no sight blocker between the two tiles' rows and
    # columns, `clear_box`): seen at once.
    prep = _prepared(grid)
    sw = w + 1
    x0, x1 = np.minimum(ax, bx), np.maximum(ax, bx)
    top, bottom = np.minimum(ay, by) * sw, (np.maximum(ay, by) + 1) * sw
    # The four corners of each box read from the prefix sums (only those: a big map's table
    # is too long to copy for a few lines).
    corners = np.concatenate((bottom + x1 + 1, top + x1 + 1, bottom + x0, top + x0)).tolist()
    s = np.fromiter(map(prep.sight_sum.__getitem__, corners), dtype=np.int64, count=4 * n).reshape(4, n)
    out = (ax == bx) & (ay == by)
    out |= s[0] - s[1] - s[2] + s[3] == 0
    idx = np.flatnonzero(~out)
    if not idx.size:
        return out.tolist()
    # The grid padded with a border that blocks nothing: a step's corner tiles are always there.
    pw = w + 2
    cells = prep.arrays.get("sight_cells")
    if cells is None:
        cells = prep.arrays["sight_cells"] = np.zeros((h + 2) * pw, dtype=bool)
        cells.reshape(h + 2, pw)[1:-1, 1:-1] = np.frombuffer(bytes(grid.blocks_sight_cells),
                                                             dtype=np.uint8).reshape(h, w)
    ax, ay, bx, by = ax[idx], ay[idx], bx[idx], by[idx]
    nx, ny = np.abs(bx - ax), np.abs(by - ay)
    sx, sy = np.where(bx > ax, 1, -1), np.where(by > ay, pw, -pw)
    # The walk's state a row each, the lines still walking in the columns: where it is, where
    # it ends, the steps in x, in y and both, ta - tb and what each kind of step adds to it,
    # and the line's place in `pairs`.
    st = np.empty((10, idx.size), dtype=np.int64)
    st[0], st[1] = (ay + 1) * pw + ax + 1, (by + 1) * pw + bx + 1
    st[2], st[3], st[4] = sx, sy, sx + sy
    st[5], st[6], st[7], st[8] = ny - nx, 2 * ny, -2 * nx, 2 * ny - 2 * nx
    st[9] = idx
    i, end, sx, sy, sxy, d, on_x, on_y, on_xy, line = st
    while True:
        lt, gt = d < 0, d > 0
        # A corner between two blockers stops the line before it steps diagonally.
        corner = (d == 0) & cells[i + sx] & cells[i + sy]
        i += np.where(lt, sx, np.where(gt, sy, sxy))
        d += np.where(lt, on_x, np.where(gt, on_y, on_xy))
        reached = i == end
        done = reached | corner | cells[i]
        if done.any():
            out[line[reached & ~corner]] = True
            st = st[:, ~done]
            if not st.shape[1]:
                return out.tolist()
            i, end, sx, sy, sxy, d, on_x, on_y, on_xy, line = st


def remember_sight(grid: GridMap, pairs: Sequence[tuple[Tile, Tile]]) -> None:
    """Work out together the lines of `pairs` the grid's memo does not hold yet, and keep
    them there, both ways round (a few: left to `line_of_sight`, one by one)."""
    memo = _prepared(grid).sight_memo
    new = list(dict.fromkeys(q for q in pairs if q not in memo and q[0] != q[1]))
    if len(new) < BATCH_MIN:
        return
    if len(memo) + 2 * len(new) >= MEMO_MAX:
        memo.clear()
    answers = lines_clear(grid, new)
    memo.update(zip(new, answers, strict=True))
    memo.update(zip(((b, a) for a, b in new), answers, strict=True))  # sight is symmetric


def lines_of_sight(grid: GridMap, pairs: Sequence[tuple[Tile, Tile]]) -> list[bool]:
    """`line_of_sight(grid, a, b)` for each (a, b) of `pairs`: those not remembered yet worked
    out together (`remember_sight`), the answers read from the grid's memo."""
    from game.world.geometry.sight import line_of_sight

    remember_sight(grid, pairs)
    memo = _prepared(grid).sight_memo
    out = []
    for q in pairs:
        seen = memo.get(q)
        out.append(line_of_sight(grid, q[0], q[1]) if seen is None else seen)
    return out
