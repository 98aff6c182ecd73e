"""How every command and the menu judge a map, so they say the same thing about it.

A map is playable when ``load_map`` accepts it (every file and image it names checked by
the safe loaders), every image it draws with decodes, and its own units are sound against the catalogue: a unit with an unknown
weapon is a broken map even when both sides are given other squads for the match. Missing
art is not a refusal: the map plays and the window draws placeholders; the caller says so
(``warnings``), and ``skirmish check-map``, the author's check, refuses it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from engine.rulesets import choose_ruleset, make_ruleset
from game.maps import GridMap, MapError, load_map
from game.maps.decode import decode_image
from game.maps.images import ImageError
from game.squads import check_squads, map_squads


@dataclass(frozen=True)
class Judged:
    """A playable map, its own squads (the default squad where it places no units), and what
    its author should hear before playing (missing art)."""

    grid: GridMap
    squads: dict[str, list[dict[str, Any]]]
    warnings: tuple[str, ...]
    ruleset: str = "yags"  # the ruleset it was judged under


def judge_map(path: str | os.PathLike[str], ruleset: str | None = None, size: int | None = None) -> Judged:
    """Load and check a map as the command line and the menu both do, under `ruleset` (None:
    the map's own `ruleset` property, else Yags): its units must build under it. With `size`
    (`simulate --size`) each side is `size` units instead of the map's (or the default 8), and
    the map needs a tile for each of those. Raises MapError, SquadError or UnknownRuleset,
    each one line naming the file and the place."""
    from game.squads import check_size

    grid = load_map(path)
    name = choose_ruleset(ruleset, None, grid.ruleset)
    for image in grid.art:  # decoded once here, so a map judged sound is one the window draws
        try:
            decode_image(image)
        except ImageError as err:
            raise MapError(grid.path, f"{image}: {err}", "image") from None
    squads = map_squads(grid, size=None if grid.units else size)  # the map's own units are checked all the same
    if size is not None:
        check_size(grid, size)
    check_squads(grid, squads, make_ruleset(name))
    room = sum(grid.walkable_cells)
    units = 2 * size if size is not None else sum(len(specs) for specs in squads.values())
    if units > room:
        whose = "the map's own units" if grid.units else "the default squads"
        raise MapError(grid.path, f"{whose} are {units} units but only {room} "
                       f"tile{'s' if room != 1 else ''} can be stood on", "map")
    warnings = (*(f"{line} (the map plays: the window draws a placeholder)" for line in grid.missing_art),
                *(f"{line} (the map plays: one of the two is moved to a free spawn tile)" for line in grid.stacked_units))
    return Judged(grid, squads, warnings, name)


def _first_and_more(lines: tuple[str, ...], noun: str, after: str, advice: str) -> str | None:
    """One line for a list of problems: the first, how many more there are, and what to do."""
    if not lines:
        return None
    more = len(lines) - 1
    tail = f" (and {more} more {noun}{'s' if more != 1 else ''}{after})" if more else ""
    return f"{lines[0]}{tail}; {advice}"


def stacked_units_error(grid: GridMap) -> str | None:
    """check-map's one-line refusal of a map that places two units on one tile (in one
    layer or in two): the first such unit, and how many more there are."""
    return _first_and_more(grid.stacked_units, "unit", " on a taken tile",
                           "skirmish play and simulate move one of the two to a free tile of its side's spawn "
                           "zone: give each unit a tile of its own")


def missing_art_error(grid: GridMap) -> str | None:
    """check-map's one-line refusal of a map whose art is missing: the first missing image
    (file, place, where it was looked for) and how many more there are."""
    return _first_and_more(grid.missing_art, "missing image", "", "skirmish play and simulate go on without it, "
                           "drawing placeholders")
