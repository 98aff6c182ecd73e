"""Reachable tiles within a budget (Dijkstra), remembered on the grid while no enemy stands in
the way. Movement is octile: an orthogonal step costs the entered tile's move cost x metres
per tile, a diagonal step that x sqrt(2); no corner cutting past an unwalkable tile."""

from __future__ import annotations

import heapq
import math
from collections.abc import Set as AbstractSet

from game.maps.grid import GridMap
from game.world.geometry.basics import _EPS, _NONE, Tile
from game.world.geometry.prepared import _check_tile, _diagonals, _padded, _Prepared, _prepared


def reachable(
    grid: GridMap,
    start: Tile,
    budget_m: float,
    *,
    blocked: AbstractSet[Tile] = _NONE,
    pass_through: AbstractSet[Tile] = _NONE,
    diagonal: bool = True,
) -> dict[Tile, float]:
    """Every tile a figure at `start` can end its move on within `budget_m` metres, with the
    cheapest cost in metres (Dijkstra). `start` is always included, at 0.

    Costs are octile: entering a tile costs its move cost x metres_per_tile for an
    orthogonal step and that x sqrt(2) for a diagonal one, so an average Yags person's 6 m
    free combat move (yags-combat.md, Movement) reaches 6 tiles straight or 4 diagonally
    (5.66 m) at 1 m per tile. A diagonal step may not cut a corner: both orthogonal
    neighbours it passes must be walkable.

    `blocked` tiles (other figures) cannot be entered, unless they are also in
    `pass_through` (friends), which may be crossed but not stopped on.

    The tiles come in the order the search settles them: by cost, ties by row, then column.

    A search with no enemy near enough to be stepped on (`blocked` less `pass_through`) is
    remembered on the grid; asked again from `start` with the same budget, while no enemy
    stands on a tile it settled, it is the search with them (an enemy elsewhere is never
    stepped towards), less the friends' tiles (crossed, not stopped on).
    """
    _check_tile(grid, start)
    start = (start[0], start[1])
    prep = _prepared(grid)
    strict = blocked - pass_through if pass_through else blocked
    asked = (start, budget_m, diagonal)
    whole = prep.walks.found.get(asked)
    if whole is not None:
        for t in strict:
            if t in whole and t != start:
                return _search(grid, prep, start, budget_m, strict, pass_through, diagonal, None)
        return _less(whole, pass_through, start)
    # Kept when no enemy stands within the budget's reach (a walk of k steps costs at least
    # k cheapest steps; a tile spare for the floats' rounding): then none was stepped towards.
    reach = (budget_m + _EPS) / prep.min_step + 1 if prep.min_step > 0 else math.inf
    key: tuple[Tile, float, bool] | None = asked
    if reach == math.inf:
        key = None
    else:
        sx, sy = start
        w, h = grid.width, grid.height
        for x, y in strict:
            if -reach <= x - sx <= reach and -reach <= y - sy <= reach and 0 <= x < w and 0 <= y < h and (x, y) != start:
                key = None
                break
    return _search(grid, prep, start, budget_m, strict, pass_through, diagonal, key)


def _less(whole: dict[Tile, float], friends: AbstractSet[Tile], start: Tile) -> dict[Tile, float]:
    """A copy of a remembered search less the friends' tiles but the start (in order)."""
    out = dict(whole)
    for t in friends:
        if t in out and t != start:
            del out[t]
    return out


WALKS_TILES = 200_000  # tiles of the searches remembered a grid, before it starts afresh
WALK_MOST_TILES = 400  # a search of more (a sprint over open ground) is not kept: seldom asked again, dear to copy


def _search(grid: GridMap, prep: _Prepared, start: Tile, budget_m: float, strict: AbstractSet[Tile],
            pass_through: AbstractSet[Tile], diagonal: bool, key: tuple[Tile, float, bool] | None) -> dict[Tile, float]:
    """`reachable`'s search with the enemies' tiles `strict` never entered; kept as `key`
    (every tile settled, friends' too) unless None."""
    pw = prep.pw
    steps = prep.out_steps.get(diagonal)
    if steps is None:
        steps = prep.out_steps[diagonal] = [None] * len(prep.walk)
    s = (start[1] + 1) * pw + start[0] + 1
    dist = [math.inf] * len(prep.walk)
    no_stop: AbstractSet[int] = _NONE_I
    if strict or pass_through:
        for j in _padded(grid, pw, strict):
            dist[j] = -1.0  # below any cost: never entered
        no_stop = set(_padded(grid, pw, pass_through)) - {s}
    dist[s] = 0.0
    limit = budget_m + _EPS
    min_step = prep.min_step
    last = limit - min_step  # beyond this no step fits: a tile's steps out need no look
    settled: list[int] = []
    keep = settled.append
    # Dijkstra with the tiles waiting grouped by their cost (few distinct sums of a few step
    # costs): a heap of the costs, and for each the tiles pushed at it, settled in index order,
    # which is the order a heap of (cost, index) pops them in. A step out of a tile costs more
    # than nothing, so no tile joins the cost being settled.
    costs = [0.0]
    waiting = {0.0: [s]}
    pop, push = heapq.heappop, heapq.heappush
    diag = _diagonals(pw, diagonal)
    walk, enter, enter_d = prep.walk, prep.enter, prep.enter_diag

    def wait(c: float, j: int) -> None:
        dist[j] = c
        group = waiting.get(c)
        if group is None:
            waiting[c] = [j]
            push(costs, c)
        else:
            group.append(j)

    while costs:
        cost = pop(costs)
        tiles = waiting.pop(cost)
        if len(tiles) > 1:
            tiles.sort()
        for i in tiles:
            if cost > dist[i]:
                continue  # reached more cheaply since
            keep(i)
            if cost > last and cost + min_step > limit:
                continue
            out = steps[i]
            if out is None or type(out) is int:
                # A tile's first searches look at its steps where they are; its list of steps
                # out is made on its third (the tiles a big map's few searches cross once or
                # twice pay none; a crowd's many searches over the same ground read the list).
                seen = 1 if out is None else out + 1
                if seen >= LIST_STEPS_AFTER:
                    out = steps[i] = _steps_out(prep, i, diag)
                else:
                    steps[i] = seen
                    for o in (1, -1, pw, -pw):
                        j = i + o
                        if walk[j]:
                            c = cost + enter[j]
                            if c < dist[j] and c <= limit:
                                wait(c, j)
                    for o, a, b in diag:
                        j = i + o
                        if walk[j] and walk[i + a] and walk[i + b]:
                            c = cost + enter_d[j]
                            if c < dist[j] and c <= limit:
                                wait(c, j)
                    continue
            for j, step in out:  # the hot loop: `wait`'s body written in, not called
                c = cost + step
                if c < dist[j] and c <= limit:
                    dist[j] = c
                    group = waiting.get(c)
                    if group is None:
                        waiting[c] = [j]
                        push(costs, c)
                    else:
                        group.append(j)
    names = prep.tile_at  # each padded index's tile, made once a grid as asked
    if not names:
        names.extend([None] * len(prep.walk))
    kept = key is not None and len(settled) <= min(WALK_MOST_TILES, WALKS_TILES)  # every tile, friends' too
    reached: dict[Tile, float] = {}
    for i in settled:
        if kept or i not in no_stop:
            t = names[i]
            if t is None:
                t = names[i] = (i % pw - 1, i // pw - 1)
            reached[t] = dist[i]
    if key is None or not kept:
        return reached
    walks = prep.walks
    if walks.tiles + len(reached) > WALKS_TILES:
        walks.found.clear()
        walks.tiles = 0
    walks.found[key] = reached
    walks.tiles += len(reached)
    return _less(reached, pass_through, start)


def within(reached: dict[Tile, float], budget_m: float) -> dict[Tile, float]:
    """What `reachable` gives for `budget_m`, from what it gave from the same start, with the
    same figures about, for a budget as large or larger: the start (its first tile, always
    there) and the others that cost no more, in the same order at the same costs (a tile's
    cheapest walk within the smaller budget is the larger search's too: a walk only grows
    dearer step by step)."""
    limit = budget_m + _EPS
    items = iter(reached.items())
    out = dict([next(items)]) if reached else {}
    out.update((t, c) for t, c in items if c <= limit)
    return out


_NONE_I: frozenset[int] = frozenset()
LIST_STEPS_AFTER = 3  # the search through a tile that lists its steps out (reachable)


def _steps_out(prep: _Prepared, i: int, diag: tuple[tuple[int, int, int], ...]) -> tuple[tuple[int, float], ...]:
    """The steps out of padded tile `i` onto a walkable tile (no corner cut), with their costs:
    (tile, metres)."""
    walk, pw = prep.walk, prep.pw
    out = [(i + o, prep.enter[i + o]) for o in (1, -1, pw, -pw) if walk[i + o]]
    out += [(i + o, prep.enter_diag[i + o]) for o, a, b in diag if walk[i + o] and walk[i + a] and walk[i + b]]
    return tuple(out)
