"""Cover between a shooter and a target (only near the target: its tile and the ring round
it, best kind only), full cover from a set of threats, and the nearest full cover within a
move (yags-combat.md, Cover; Full Dodge)."""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from game.maps.grid import GridMap
from game.maps.props import cover_name
from game.world.geometry.basics import _HARD50, _NONE, Tile, chebyshev
from game.world.geometry.paths import reachable
from game.world.geometry.prepared import MEMO_MAX, _Prepared, _prepared
from game.world.geometry.sight import _walk, line_of_sight


def cover_between(grid: GridMap, shooter: Tile, target: Tile) -> str | None:
    """The best cover kind protecting `target` from `shooter`, or None (see `_cover_between`;
    remembered per grid)."""
    return covers_from(grid, (shooter,), target)[0]

def covers_from(grid: GridMap, shooters: Sequence[Tile], target: Tile) -> list[str | None]:
    """`cover_between(grid, s, target)` for each of `shooters`, in order (the memo fetched
    once: the AI weighs the cover of every tile it can reach from each threat). A target with
    a bare ring round it has its own tile's cover (`_covers`), nothing looked up."""
    return _covers(grid, _prepared(grid), shooters, target)

def covers_each(grid: GridMap, shooters: Sequence[Tile], targets: Sequence[Tile]) -> list[list[str | None]]:
    """`covers_from(grid, shooters, t)` for each of `targets`, in order (the grid's tables
    fetched once for them all: the AI weighs every tile of a move)."""
    prep = _prepared(grid)
    return [_covers(grid, prep, shooters, target) for target in targets]


def _covers(grid: GridMap, prep: _Prepared, shooters: Sequence[Tile], target: Tile) -> list[str | None]:
    """`covers_from`'s answer. A target with a bare ring round it (`_bare_ring`) has its own
    tile's cover from every shooter but itself (`_cover_between` looks no further): no
    shooter's line is looked at or remembered."""
    if 0 <= target[0] < grid.width and 0 <= target[1] < grid.height and _bare_ring(grid, target, prep.bare_rings):
        own = cover_name(grid.cover_cells[target[1] * grid.width + target[0]])
        return [None if shooter == target else own for shooter in shooters]
    memo = prep.cover_memo
    out: list[str | None] = []
    for shooter in shooters:
        key = (shooter, target)
        try:
            found = memo[key]
        except KeyError:
            if len(memo) >= MEMO_MAX:
                memo.clear()
            found = memo[key] = _cover_between(grid, shooter, target)
        out.append(found)
    return out


def _cover_between(grid: GridMap, shooter: Tile, target: Tile) -> str | None:
    """The best cover kind protecting `target` from `shooter`, or None.

    yags-combat.md, Shooting from Cover: soft50 +5, soft90 +10, hard50 +10, hard90 +20;
    "Types of cover do not stack - take whichever is the best" (hard50 ranks above soft90:
    same bonus, and hard cover stops attacks). The rules core turns kinds into bonuses.

    Our reading of "behind cover": only cover near the target counts, i.e. the target's own
    tile and the tiles of `line_tiles` within 1 tile (Chebyshev) of it, but not the
    shooter's own tile nor tiles adjacent to the shooter (the shooter's own cover does not
    hide the target); so a shooter adjacent to (or two tiles from) the target sees only
    cover on the target's own tile. A tile the line grazes at a corner counts too, and a
    grazed sight-blocking tile (the edge of a wall the target stands by) gives hard50.
    A sight-blocking tile crossed by the line is not cover but no line of sight: call
    `line_of_sight` first; this function does not.
    """
    if shooter == target:
        return None
    w, cover, sight = grid.width, grid.cover_cells, grid.blocks_sight_cells
    tx, ty = target
    best = cover[ty * w + tx]
    if chebyshev(shooter, target) > 1 and not _bare_ring(grid, target):
        sx, sy = shooter

        def near(x: int, y: int) -> bool:
            return max(abs(x - tx), abs(y - ty)) <= 1 and max(abs(x - sx), abs(y - sy)) > 1

        # Walk out from the target (the same tiles as from the shooter): distance from the
        # target never shrinks along the line, so stop at the first tile 2 away.
        for x, y, px, py, corner in _walk(target, shooter):
            if corner:
                for gx, gy in ((x, py), (px, y)):
                    if near(gx, gy):
                        k = gy * w + gx
                        best = max(best, _HARD50 if sight[k] else cover[k])
            if not near(x, y):
                break
            if not sight[y * w + x]:
                best = max(best, cover[y * w + x])
    return cover_name(best)

def _bare_ring(grid: GridMap, tile: Tile, known: dict[Tile, bool] | None = None) -> bool:
    """No cover and nothing that blocks sight on the tiles round `tile`: nothing near it on
    any line can add to its own tile's cover (remembered per grid, in `known` when the caller
    has the grid's `bare_rings` at hand)."""
    if known is None:
        known = _prepared(grid).bare_rings
    bare = known.get(tile)
    if bare is None:
        w, h, cover, sight = grid.width, grid.height, grid.cover_cells, grid.blocks_sight_cells
        x, y = tile
        bare = known[tile] = not any(cover[k] or sight[k] for k in (
            ny * w + nx for nx in (x - 1, x, x + 1) for ny in (y - 1, y, y + 1)
            if (nx, ny) != tile and 0 <= nx < w and 0 <= ny < h))
    return bare

def cover_near(grid: GridMap, tile: Tile) -> bool:
    """Cover, or something that blocks sight, on a tile round `tile` (remembered per grid)."""
    return not _bare_ring(grid, tile)

def _fully_covered(grid: GridMap, threat: Tile, tile: Tile) -> bool:
    if threat == tile:
        return False
    return not line_of_sight(grid, threat, tile) or cover_between(grid, threat, tile) == "hard90"

def hidden_from(grid: GridMap, threats: Sequence[Tile], tile: Tile) -> bool:
    """Is a figure on `tile` in full cover from every threat: no line of sight, or hard90
    cover near it between them (the test `full_cover_within` applies to each tile)?"""
    return all(_fully_covered(grid, threat, tile) for threat in threats)

def full_cover_within(
    grid: GridMap,
    pos: Tile,
    radius_m: float,
    threats: Sequence[Tile],
    *,
    blocked: AbstractSet[Tile] = _NONE,
    pass_through: AbstractSet[Tile] = _NONE,
) -> Tile | None:
    """The nearest tile (by movement cost, within `radius_m`) hidden from every threat: no
    threat has line of sight to it, or hard90 cover near it stands between it and that
    threat. `pos` itself if it already is; None if no such tile is in reach.

    yags-combat.md, Full Dodge: "there must be some full cover within your base move
    distance". Ties go to the lower row, then column, for repeatable play.
    """
    costs = reachable(grid, pos, radius_m, blocked=blocked, pass_through=pass_through)
    for tile in sorted(costs, key=lambda t: (round(costs[t], 6), t[1], t[0])):
        if all(_fully_covered(grid, threat, tile) for threat in threats):
            return tile
    return None
