"""Random maps and random squads from a seed, for the soak run and the invariant tests.

    grid, squads = random_setup(seed)           # a GridMap and {"blue": [...], "red": [...]}
    grid = random_map(random.Random(seed))      # walls, cover, water, rough ground, spawns
    squads = random_squads(random.Random(seed), grid)

Maps are odd sizes (5..60 a side) with spawn zones at the west and east edges. Some are cut
in two by a wall or a river (no path between the sides: the match must still end by
`max_rounds`), and some box one unit in a walled pocket (no path to anyone). Squads draw
firearms, melee weapons, grenades and armour from the shipped catalogue. The same seed always
gives the same map and squads.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "world"))

from gridfactory import make_grid  # noqa: E402

from engine.yags.catalogue import default_catalogue  # noqa: E402
from game.flow import driver
from game.maps.grid import GridMap, Spawn, TileRect

# kind: its picture character in tests/world/gridfactory.py, whose LEGEND holds the facts
CHARS = {"open": ".", "wall": "#", "low_wall": "H", "crates": "h", "hedge": "s", "thick_hedge": "S",
         "water": "~", "rough": "+", "bush": "B"}
KINDS = tuple(CHARS)

ATTRIBUTES = ("strength", "health", "agility", "dexterity", "perception")
SKILLS = ("Melee", "Brawl", "Throw", "Pistols", "Rifles", "Guns", "Bows", "Crossbows",
          "Athletics", "Awareness")


def _pick_weights(rng: random.Random) -> list[float]:
    walls = rng.choice((0.0, 0.05, 0.15, 0.3))
    return [1.0 - walls, walls, 0.02, 0.03, 0.03, 0.02, rng.choice((0.0, 0.04)), 0.05, 0.02]


def random_map(rng: random.Random, *, width: int | None = None, height: int | None = None,
               max_rounds: int | None = None, weights: dict[str, float] | None = None,
               split: bool | None = None) -> GridMap:
    """A random GridMap: terrain by random weights (or `weights` by kind), spawn zones two
    columns wide at the west (blue) and east (red) edges kept open, sometimes a wall or river
    cutting the map in two (`split` False: never)."""
    w = width or rng.randint(5, 60)
    h = height or rng.randint(5, 60)
    chances = _pick_weights(rng) if weights is None else [weights.get(k, 0.0) for k in KINDS]
    cells = rng.choices(KINDS, weights=chances, k=w * h)
    spawn_w = min(2, max(1, (w - 1) // 2))
    for y in range(h):
        for x in list(range(spawn_w)) + list(range(w - spawn_w, w)):
            cells[y * w + x] = "open"
    split = (rng.random() < 0.1 if split is None else split) and w >= 2 * spawn_w + 1
    if split:
        x = w // 2 if w // 2 >= spawn_w and w // 2 < w - spawn_w else spawn_w
        for y in range(h):
            cells[y * w + x] = rng.choice(("wall", "water"))
    rows = ["".join(CHARS[k] for k in cells[y * w:(y + 1) * w]) for y in range(h)]
    spawns = (Spawn("blue", TileRect(0, 0, spawn_w, h), "west"),
              Spawn("red", TileRect(w - spawn_w, 0, spawn_w, h), "east"))
    grid = make_grid(rows, metres_per_tile=rng.choice((1.0, 1.0, 2.0)), name=f"random {w}x{h}")
    return replace(grid, max_rounds=max_rounds or rng.randint(4, 12), spawns=spawns)


def box_in(grid: GridMap, tile: tuple[int, int]) -> GridMap:
    """The same map with the 8 neighbours of `tile` made walls and `tile` open ground: a
    figure standing there has no path to anyone (and sees no one)."""
    w = grid.width
    walk, sight = bytearray(grid.walkable_cells), bytearray(grid.blocks_sight_cells)
    cover, cost = bytearray(grid.cover_cells), list(grid.move_cost_cells)
    tx, ty = tile
    for y in range(ty - 1, ty + 2):
        for x in range(tx - 1, tx + 2):
            if grid.in_bounds(x, y):
                i = y * w + x
                walled = (x, y) != tile
                walk[i], sight[i], cover[i], cost[i] = (0, 1, 0, 1.0) if walled else (1, 0, 0, 1.0)
    return replace(grid, name=grid.name + " boxed", walkable_cells=bytes(walk), move_cost_cells=tuple(cost),
                   blocks_sight_cells=bytes(sight), cover_cells=bytes(cover))


def random_unit(rng: random.Random, name: str) -> dict[str, Any]:
    """One unit spec with a random weapon, armour and grenades from the catalogue."""
    cat = default_catalogue()
    weapons = sorted(wid for wid, wp in cat.weapons.items() if wp.kind != "explosive")
    explosives = sorted(wid for wid, wp in cat.weapons.items() if wp.kind == "explosive")
    armour = sorted(cat.armour)
    weapon = rng.choice(weapons)
    skills = {s: rng.randint(0, 6) for s in rng.sample(SKILLS, rng.randint(1, len(SKILLS)))}
    skills[cat.weapons[weapon].skill] = rng.randint(2, 7)
    pieces: list[str] = []
    covered: set[str] = set()
    for aid in rng.sample(armour, rng.randint(0, 3)):
        if not (cat.armour[aid].covers & covered):  # one piece per location
            pieces.append(aid)
            covered |= cat.armour[aid].covers
    spec: dict[str, Any] = {
        "name": name,
        "attributes": {a: rng.randint(1, 6) for a in ATTRIBUTES},
        "skills": skills,
        "weapon": weapon,
        "armour": pieces,
        "grenades": [rng.choice(explosives) for _ in range(rng.choice((0, 0, 1, 2)))],
        "magazines": rng.randint(0, 4),
    }
    return spec


def random_squads(rng: random.Random, grid: GridMap, *, max_size: int = 5) -> dict[str, list[dict[str, Any]]]:
    """1..max_size random units a side, placed by the match at the spawn zones."""
    free = {team: len(grid.spawn_tiles(team)) for team in ("blue", "red")}
    return {team: [random_unit(rng, f"{team.title()} {i + 1}")
                   for i in range(rng.randint(1, max(1, min(max_size, free[team]))))]
            for team in ("blue", "red")}


def random_setup(seed: int, *, max_size: int = 5) -> tuple[GridMap, dict[str, list[dict[str, Any]]]]:
    """A random map and squads from `seed`; one time in five a unit is boxed in a pocket."""
    rng = random.Random(seed)
    grid = random_map(rng)
    squads = random_squads(rng, grid, max_size=max_size)
    if rng.random() < 0.2 and grid.width >= 7 and grid.height >= 3:
        team = rng.choice(("blue", "red"))
        x = 1 if team == "blue" else grid.width - 2
        y = rng.randint(1, grid.height - 2)
        grid = box_in(grid, (x, y))
        squads[team][0] = {**squads[team][0], "x": x, "y": y}
    return grid, squads


AI_LEVELS = ("random", "easy", "normal", "hard")


def play_random(seed: int) -> dict[str, Any]:
    """Play the random match of `seed` to its end with random AI levels (drawn from the seed)
    through `make_controller`, as `game.sim.play_match` does; its result and a digest of its
    log. Module-level so a process pool can run it."""
    import hashlib

    from game.ai import make_controller
    from game.world.actions import Hold
    from game.world.match import Match

    grid, squads = random_setup(seed)
    levels = random.Random(seed ^ 0x5EED).choices(AI_LEVELS, k=2)
    match = Match(grid, squads, seed=seed)
    try:
        ais = {team: make_controller(level, seed, team) for team, level in zip(("blue", "red"), levels, strict=True)}
        guard = 0
        while not match.over:
            guard += 1
            if guard > match.max_rounds + 1:
                raise AssertionError(f"seed {seed}: round {match.round} past max_rounds {match.max_rounds}")
            for uid in driver(match).start_round():
                action, choices = ais[match.view(uid).team].decide(match, uid)
                if hasattr(match.declare(uid, action, **choices), "reason"):
                    match.declare(uid, Hold())
            driver(match).resolve_round()
        r = match.result()
        digest = hashlib.sha256("\n".join(match.log.lines()).encode()).hexdigest()
        return {"seed": seed, "levels": levels, "size": (grid.width, grid.height),
                "winner": r.winner, "rounds": r.rounds, "max_rounds": match.max_rounds,
                "survivors": r.survivors, "casualties": r.casualties,
                "events": len(match.log), "log": digest}
    finally:
        match.close()
