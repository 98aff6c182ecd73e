"""Line of sight: the segment between tile centres, walked tile by tile (a supercover
without its corner touches; squeezing through a corner between two blockers is blocked).
Sight is symmetric: the tiles a line crosses are the same walked from either end."""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.maps.grid import GridMap
from game.world.geometry.basics import _EPS, Tile
from game.world.geometry.prepared import MEMO_MAX, _check_tile, _prepared


def _walk(a: Tile, b: Tile) -> Iterable[tuple[int, int, int, int, bool]]:
    """Step along the segment between the centres of `a` and `b`: yields (x, y, px, py,
    corner) for each tile entered after `a`, where corner means the segment entered it
    through a lattice corner, grazing the side tiles (x, py) and (px, y); (px, py) is the
    tile it came from.

    Integer arithmetic: the segment crosses the vertical boundary ix+1/2 at
    t = (2ix+1)/(2nx) and the horizontal one at t = (2iy+1)/(2ny); compare the two
    cross-multiplied. Ties are exact corner crossings. The tile set is a property of the
    segment, so it is the same walked from either end.
    """
    x, y = a
    bx, by = b
    nx, ny = abs(bx - x), abs(by - y)
    sx = 1 if bx > x else -1
    sy = 1 if by > y else -1
    ta, tb = ny, nx  # (2ix+1)*ny and (2iy+1)*nx
    for _ in range(nx + ny):
        if x == bx and y == by:
            return
        px, py = x, y
        if ta < tb:
            x += sx
            ta += 2 * ny
            yield x, y, px, py, False
        elif ta > tb:
            y += sy
            tb += 2 * nx
            yield x, y, px, py, False
        else:
            x += sx
            y += sy
            ta += 2 * ny
            tb += 2 * nx
            yield x, y, px, py, True

def line_tiles(a: Tile, b: Tile) -> list[Tile]:
    """The tiles whose interior the segment between the centres of `a` and `b` crosses,
    from `a` to `b` (both included).

    A supercover without its corner touches: where the segment passes exactly through a
    lattice corner it goes diagonally, and the two tiles it grazes there are not listed
    (`line_of_sight` still checks them). ``line_tiles(b, a)`` is this list reversed, so
    sight is symmetric: if A sees B then B sees A.
    """
    return [a] + [(x, y) for x, y, _, _, _ in _walk(a, b)]

def line_of_sight(grid: GridMap, a: Tile, b: Tile) -> bool:
    """Can a figure on `a` see one on `b`? Blocked if any tile strictly between them (on
    `line_tiles`) blocks sight, or if the line squeezes through a corner between two
    sight-blocking tiles. The end tiles never block. Symmetric in `a` and `b`. (Remembered
    per grid.)
    """
    prep = _prepared(grid)
    key = (a, b)
    memo = prep.sight_memo
    if key in memo:
        return memo[key]
    _check_tile(grid, a)
    _check_tile(grid, b)
    if len(memo) >= MEMO_MAX:
        memo.clear()
    found = memo[key] = a == b or prep.clear_box(grid.width, a[0], a[1], b[0], b[1]) or _line_clear(grid, a, b)
    return found

def _line_clear(grid: GridMap, a: Tile, b: Tile) -> bool:
    """line_of_sight past its quick answers: walk the line."""
    w, cells = grid.width, grid.blocks_sight_cells
    ax, ay = a
    bx, by = b
    nx, ny = abs(bx - ax), abs(by - ay)
    sx = 1 if bx > ax else -1
    sy = w if by > ay else -w
    i, end = ay * w + ax, by * w + bx
    ta, tb, dx2, dy2 = ny, nx, 2 * ny, 2 * nx
    while True:
        if ta < tb:
            i += sx
            ta += dx2
        elif ta > tb:
            i += sy
            tb += dy2
        else:
            if cells[i + sx] and cells[i + sy]:
                return False
            i += sx + sy
            ta += dx2
            tb += dy2
        if i == end:
            return True
        if cells[i]:
            return False

def visible_from(grid: GridMap, origin: Tile, max_range_m: float) -> set[Tile]:
    """Every tile within `max_range_m` (centre to centre) that a figure on `origin` can see:
    exactly the tiles `t` in range with ``line_of_sight(grid, origin, t)``, origin included.

    One walk per primitive direction (dx, dy with gcd 1): the segment to k*(dx, dy) is a
    prefix of the one to (k+1)*(dx, dy), so each ray is walked once, until it is blocked.
    """
    _check_tile(grid, origin)
    w, h, cells = grid.width, grid.height, grid.blocks_sight_cells
    ox, oy = origin
    r = max_range_m / grid.metres_per_tile
    r2 = r * r + _EPS
    reach = int(r + _EPS)
    seen = {origin}
    add = seen.add
    o = oy * w + ox
    gcd = math.gcd
    clear_box = _prepared(grid).clear_box
    for px in range(max(-reach, -ox), min(reach, w - 1 - ox) + 1):
        for py in range(max(-reach, -oy), min(reach, h - 1 - oy) + 1):
            d2 = px * px + py * py
            if d2 > r2 or gcd(px, py) != 1:
                continue
            k = math.isqrt(int(r2 / d2))
            while (k + 1) * (k + 1) * d2 <= r2:
                k += 1
            if px > 0:
                k = min(k, (w - 1 - ox) // px)
            elif px < 0:
                k = min(k, ox // -px)
            if py > 0:
                k = min(k, (h - 1 - oy) // py)
            elif py < 0:
                k = min(k, oy // -py)
            if clear_box(w, ox, oy, ox + k * px, oy + k * py):
                for m in range(1, k + 1):
                    add((ox + m * px, oy + m * py))
                continue
            # walk the ray o -> o + k*(px, py), noting each multiple until it is blocked
            nx, ny = abs(px), abs(py)
            sx = 1 if px > 0 else -1
            sy = w if py > 0 else -w
            step = py * w + px
            nxt, m = o + step, 1
            i, ta, tb, dx2, dy2 = o, ny, nx, 2 * ny, 2 * nx
            while True:
                if ta < tb:
                    i += sx
                    ta += dx2
                elif ta > tb:
                    i += sy
                    tb += dy2
                else:
                    if cells[i + sx] and cells[i + sy]:
                        break
                    i += sx + sy
                    ta += dx2
                    tb += dy2
                if i == nxt:
                    add((ox + m * px, oy + m * py))
                    if m == k:
                        break
                    m += 1
                    nxt += step
                if cells[i]:
                    break
    return seen
