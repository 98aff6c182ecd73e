"""Setting a match up: each side's units placed on the map (their own tiles, else spread over
their side's spawn tiles, else any free walkable tile) and made into entities."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import esper

from engine.ruleset import Ruleset
from game.maps.grid import GridMap
from game.world.components import Ammo, Combatant, Grenades, Moved, Position, Posture, Unit

Tile = tuple[int, int]


def _all_walkable(grid: GridMap) -> list[Tile]:
    return [(x, y) for y in range(grid.height) for x in range(grid.width) if grid.walkable(x, y)]


def place(grid: GridMap, rules: Ruleset, squads: Mapping[str, Sequence[Mapping[str, Any]]],
          entities: dict[int, int], specs: dict[int, dict[str, Any]]) -> None:
    """Create every unit's entity in the current esper world, in spawn order (its uid);
    `entities` and `specs` (each unit as given, named) are filled in. ValueError when a unit
    finds no free walkable tile."""
    taken: set[Tile] = set()
    names: set[str] = set()
    uid = 0
    for team, side in squads.items():
        free = [t for t in grid.spawn_tiles(team) if t not in taken]
        # Units without a place of their own spread evenly over the spawn tiles.
        unplaced = sum(1 for spec in side if "x" not in spec or "y" not in spec)
        step = len(free) / unplaced if unplaced else 1
        order = [free[int(i * step)] for i in range(unplaced)] + free if free else []
        for spec in side:
            tile: Tile | None = None
            if "x" in spec and "y" in spec:
                tile = (int(spec["x"]), int(spec["y"]))
                if not grid.in_bounds(*tile) or not grid.walkable(*tile) or tile in taken:
                    tile = None
            if tile is None:
                candidates = [t for t in order if t not in taken]
                if not candidates:
                    candidates = [t for t in _all_walkable(grid) if t not in taken]
                if not candidates:
                    raise ValueError(f"{grid.path}: no free walkable tile for {team} unit {spec.get('name')}")
                tile = candidates[0]
            taken.add(tile)
            name = str(spec.get("name") or f"{team.title()} {uid + 1}")
            base, n = name, 2
            while name in names:  # names identify units in the log and in results
                name, n = f"{base} ({n})", n + 1
            names.add(name)
            named = {**spec, "name": name}
            combatant = rules.make_combatant(named)
            specs[uid] = dict(named)
            facts = rules.weapon_facts(combatant)
            comps: list[Any] = [
                Unit(name, team, uid),
                Position(*tile),
                Combatant(combatant, rules.fresh_state(combatant)),
                Posture(), Moved(), Grenades(list(facts.grenades)),
            ]
            if facts.capacity:
                comps.append(Ammo(facts.capacity, int(spec.get("magazines", 3)), facts.capacity))
            entities[uid] = esper.create_entity(*comps)
            uid += 1
