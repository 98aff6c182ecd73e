"""A summary of a loaded map for its author (``skirmish check-map PATH`` prints it)."""

from __future__ import annotations

import textwrap

from game.maps.deployments import describe
from game.maps.grid import TEAMS, GridMap


def summarise(grid: GridMap) -> str:
    """Several lines: size, scale, what the tiles say, spawns and units, and assumptions."""
    tiles = grid.width * grid.height
    metres_w, metres_h = grid.size_metres
    blocking = tiles - sum(grid.walkable_cells)
    sight = sum(grid.blocks_sight_cells)
    costs: dict[float, int] = {}
    for cost in grid.move_cost_cells:
        if cost != 1.0:
            costs[cost] = costs.get(cost, 0) + 1
    lines = [
        f"map: {grid.name} ({grid.path})",
        f"size: {grid.width} x {grid.height} tiles ({tiles:,} tiles), "
        f"{_num(metres_w)} x {_num(metres_h)} m",
        f"scale: {_num(grid.metres_per_tile)} m a tile; tiles are "
        f"{grid.tile_width} x {grid.tile_height} px",
        f"max rounds: {grid.max_rounds}",
        f"blocks movement: {_tiles(blocking)}",
        f"blocks sight: {_tiles(sight)}",
        "cover: " + ", ".join(f"{kind} {n:,}" for kind, n in grid.count_cover().items()),
        "move cost other than 1: "
        + (", ".join(f"{_num(c)} on {_tiles(n)}" for c, n in sorted(costs.items())) or "none"),
    ]
    for team in TEAMS:
        zones = [s for s in grid.spawns if s.team == team]
        units = [u for u in grid.units if u.team == team]
        where = (f"{len(zones)} spawn zone{'s' if len(zones) != 1 else ''}" if zones
                 else ("west edge" if team == "blue" else "east edge"))
        lines.append(f"{team}: {where}, {_tiles(len(grid.spawn_tiles(team)))} to place on; "
                     f"{len(units)} unit{'s' if len(units) != 1 else ''} placed by the map")
        for unit in units:
            lines.append(f"  unit {unit.name or '(unnamed)'} at ({unit.x}, {unit.y})"
                         + (f", template {unit.template}" if unit.template else ""))
    if grid.objectives:
        need = "all of its objectives" if grid.objectives_all else "any one of its objectives"
        lines.append(f"objectives: {len(grid.objectives)} (a side wins by {need}; when time runs out: "
                     f"{grid.at_time if grid.at_time == 'draw' else grid.at_time + ' wins'})")
        lines.extend(f"  {objective.describe()}" for objective in grid.objectives)
    else:
        lines.append("objectives: none (a side wins by elimination; when time runs out: "
                     f"{grid.at_time if grid.at_time == 'draw' else grid.at_time + ' wins'})")
    if grid.deployments:
        lines.append(f"deployments: {len(grid.deployments)}")
        lines.extend(f"  {describe(d)}" for d in grid.deployments)
    if grid.routes:  # tactics send groups along them (docs/tactics.md)
        lines.append(f"routes: {len(grid.routes)}")
        lines.extend(f"  route {r.name!r}: {len(r.points)} points from {r.points[0]} to {r.end}" for r in grid.routes)
    if grid.briefing:
        lines.append(textwrap.fill(" ".join(grid.briefing.split()), width=88,
                                   initial_indent="briefing: ", subsequent_indent="  "))
    if grid.properties:
        lines.append("other map properties: " + ", ".join(sorted(grid.properties)))
    if grid.assumptions:
        lines.append("assumptions:")
        lines.extend(f"  - {note}" for note in grid.assumptions)
    else:
        lines.append("assumptions: none")
    return "\n".join(lines)


def _num(value: float) -> str:
    return f"{value:g}"


def _tiles(count: int) -> str:
    return f"{count:,} tile" + ("" if count == 1 else "s")
