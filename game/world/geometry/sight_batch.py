"""Many lines of sight at once (NumPy): the very integer walk of `sight._line_clear`, one
step for every line together, for a round's worth of pairs (the AI asks who sees whom among
every unit and every enemy; 64 a side is some 4,000 lines). The answers go into the grid's
memo, where `line_of_sight` finds them."""

from __future__ import annotations

from collections.abc import Sequence

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
    w = grid.width
    cells = np.frombuffer(bytes(grid.blocks_sight_cells), dtype=np.uint8).astype(bool)
    p = np.array(pairs, dtype=np.int64).reshape(-1, 4)
    ax, ay, bx, by = p[:, 0], p[:, 1], p[:, 2], p[:, 3]
    out = np.zeros(len(p), dtype=bool)
    prep = _prepared(grid)
    quick = (ax == bx) & (ay == by)
    quick |= np.array([prep.clear_box(w, *q) for q in p.tolist()], dtype=bool)
    out[quick] = True
    idx = np.flatnonzero(~quick)
    nx, ny = np.abs(bx - ax)[idx], np.abs(by - ay)[idx]
    sx = np.where(bx[idx] > ax[idx], 1, -1)
    sy = np.where(by[idx] > ay[idx], w, -w)
    i = (ay * w + ax)[idx]
    end = (by * w + bx)[idx]
    ta, tb, dx2, dy2 = ny.copy(), nx.copy(), 2 * ny, 2 * nx
    while idx.size:
        lt, gt = ta < tb, ta > tb
        eq = ~(lt | gt)
        # A corner between two blockers stops the line before it steps diagonally.
        corner = eq & cells[np.where(eq, i + sx, 0)] & cells[np.where(eq, i + sy, 0)]
        i = i + np.where(lt, sx, np.where(gt, sy, sx + sy))
        ta = ta + np.where(gt, 0, dx2)
        tb = tb + np.where(lt, 0, dy2)
        reached = ~corner & (i == end)
        blocked = corner | (~reached & cells[np.where(corner, 0, i)])
        out[idx[reached]] = True
        go = ~(reached | blocked)
        idx, i, end, sx, sy, ta, tb, dx2, dy2 = (x[go] for x in (idx, i, end, sx, sy, ta, tb, dx2, dy2))
    return out.tolist()


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
