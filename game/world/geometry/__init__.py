"""Grid geometry: distance, movement, line of sight, cover, arcs and surroundings.

Pure Python over a `GridMap`'s flat per-tile arrays (index ``y * width + x``); no pygame, no
esper. Tiles are ``(x, y)`` tuples. Distances are between tile centres, in metres
(``metres_per_tile``). The world asks these questions; the rules core gets plain numbers and
cover kinds back, never tiles. Per-grid tables (a padded walk/cost layout, prefix sums of
sight blockers) are built on first use and cached by grid identity, held weakly: a GridMap
is frozen, so they never go stale.

Readings of the Yags text that live here (see docs/rules-notes.md):

- Movement is octile: an orthogonal step costs the entered tile's move cost x metres per
  tile, a diagonal step that x sqrt(2); no corner cutting past an unwalkable tile.
- Sight is symmetric: the tiles a line crosses are a geometric fact, the same from both ends.
- Cover counts only near the target (its tile and the ring round it), best kind only.
- Reach is limited by blocking neighbours: 3-4 allow reach 2, 5 or more reach 1.

The functions live in one module per concern (basics, prepared, paths, sight, cover, arcs);
this package exports them all, so callers write `geo.line_of_sight(grid, a, b)`.
"""

from __future__ import annotations

from game.world.geometry.arcs import _off_bearing, in_arc, targets_in_arc, targets_in_arcs  # noqa: F401
from game.world.geometry.basics import (  # noqa: F401
    _EPS,
    _HARD50,
    _HARD90,
    _NONE,
    NEIGHBOUR_OFFSETS,
    SQRT2,
    Tile,
    chebyshev,
    distance_m,
    neighbours8,
    room_reach,
    walls_adjacent,
)
from game.world.geometry.cover import (  # noqa: F401
    _cover_between,
    _fully_covered,
    cover_between,
    cover_near,
    covers_each,
    covers_from,
    full_cover_within,
    hidden_from,
)
from game.world.geometry.paths import (  # noqa: F401
    LANDMARK_MIN_SPAN,
    LANDMARK_MIN_TILES,
    CostsTo,
    _landmarks,
    costs_to,
    path_to,
    prepare,
    reachable,
    within,
)
from game.world.geometry.prepared import (  # noqa: F401
    _PREPARED,
    MEMO_MAX,
    _check_tile,
    _diagonals,
    _padded,
    _passable,
    _Prepared,
    _prepared,
    forget_answers,
)
from game.world.geometry.sight import _line_clear, _walk, line_of_sight, line_tiles, visible_from  # noqa: F401
from game.world.geometry.walks import check_path, move_along, path_cost_m, step_problem  # noqa: F401
