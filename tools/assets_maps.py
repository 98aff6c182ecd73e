"""The shipped maps: each map's spec (plan, scale, spawns, squad), the squads placed on
reachable plain tiles, and the .tmx text built (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from assets_draw import T
from assets_plans import (
    COMPOUND_WEST,
    CROSSROADS_WEST,
    OPEN_FIELD_PLAN,
    OPEN_FIELD_STAMPS,
    STREET_WEST,
    expand_plan,
    north_turned_round,
    plan_layers,
    turned_round,
    wood_west,
)
from assets_squads import (
    COMPOUND_SQUAD,
    FIELD_SQUAD,
    NAMES,
    STREET_SQUAD,
    VILLAGE_SQUAD,
    WOOD_SQUAD,
    unit_properties,
)
from assets_tileset import TILES, TileKind

from game.maps.tmxwriter import (
    MapObject,
    ObjectLayer,
    TileLayer,
    TilesetRef,
    map_xml,
)

# -- maps --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Zone:
    """An objective zone in tiles: x, y, width, height, and its properties."""

    name: str
    kind: str
    team: str
    rect: tuple[int, int, int, int]
    rounds: int = 0
    count: int = 0
    unit: str = ""

    def map_object(self) -> MapObject:
        x, y, w, h = self.rect
        props: dict[str, str | int] = {"kind": self.kind, "team": self.team}
        for key in ("rounds", "count", "unit"):
            if getattr(self, key):
                props[key] = getattr(self, key)
        return MapObject(self.name, "objective", x * T, y * T, w * T, h * T, properties=props)


@dataclass(frozen=True)
class MapSpec:
    file: str
    name: str
    briefing: str
    plan: list[str]
    metres_per_tile: float
    max_rounds: int
    spawns: dict[str, tuple[int, int, int, int]]
    """Per team, a spawn zone in tiles: x, y, width, height."""
    squad: tuple[str, ...]
    places: dict[str, tuple[tuple[int, int], ...]] | None = None
    """Per team, where each unit stands (default: spread over the spawn zone)."""
    names: dict[str, tuple[str, ...]] | None = None
    """Per team, the units' names (default: NAMES)."""
    tileset: str = "terrain.tsx"
    """The tileset's path from the map (a map in a subfolder of maps/: ../terrain.tsx)."""
    objectives: tuple[Zone, ...] = ()
    """The map's objectives (issue 30), on an object layer `objectives`."""
    at_time: str | None = None
    """Who wins when time runs out (the map property at_time; None: not written, a draw)."""
    deployments: tuple[tuple[str, str, tuple[tuple[int, int], ...]], ...] = ()
    """(name, team, places of the team's units in order): hidden `deploy NAME` layers."""
    fielded: dict[str, int] | None = None
    """Per team, how many of the squad it fields (the first N; default: all of it)."""
    kit: dict[str, tuple[dict[str, str], ...]] | None = None
    """Per team, each unit's properties over its role's (the tutorial's greener reds)."""


def walkable_plain(kinds: list[TileKind | None]) -> bool:
    return all(k is None or (not k.blocks_move and k.move_cost == 1) for k in kinds)


def place_squad(spec: MapSpec, team: str, cell_kinds: dict[tuple[int, int], list[TileKind | None]]
                ) -> list[tuple[int, int]]:
    """Eight places on open, plain tiles of the team's spawn zone: two files of four,
    spread over the zone; the nearest plain tile to each wanted spot. Red's spots are blue's
    turned half round within the zone, so on a map whose east half is its west half turned
    round each red soldier stands where his blue counterpart stands."""
    x0, y0, w, h = spec.spawns[team]
    free = [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)
            if walkable_plain(cell_kinds[(x, y)])]
    turn = team == "red"
    places: list[tuple[int, int]] = []
    for i in range(len(spec.squad)):
        col, row = i % 2, i // 2
        dx, dy = (w - 1) * (1 + 2 * col) / 4, (h - 1) * (1 + 2 * row) / 8
        want = (x0 + w - 1 - dx, y0 + h - 1 - dy) if turn else (x0 + dx, y0 + dy)
        options = [p for p in free if p not in places]
        if not options:
            raise ValueError(f"{spec.file}: not enough open tiles in the {team} spawn zone")
        sign = -1 if turn else 1
        places.append(min(options, key=lambda p: ((p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2,
                                                   sign * p[1], sign * p[0])))
    return places


def reachable(width: int, height: int, blocked: set[tuple[int, int]],
              start: tuple[int, int]) -> set[tuple[int, int]]:
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in blocked \
                    and (nx, ny) not in seen:
                seen.add((nx, ny))
                todo.append((nx, ny))
    return seen


def build_map(spec: MapSpec) -> str:
    """The .tmx text for a map spec; refuses a map whose squads could not meet."""
    ground, structures = plan_layers(spec.plan, spec.file)
    width, height = len(spec.plan[0]), len(spec.plan)
    cell_kinds: dict[tuple[int, int], list[TileKind | None]] = {}
    for i, (g, s) in enumerate(zip(ground, structures, strict=True)):
        cell_kinds[(i % width, i // width)] = [TILES[g - 1], TILES[s - 1] if s else None]
    blocked = {p for p, kinds in cell_kinds.items() if any(k and k.blocks_move for k in kinds)}
    objects: list[MapObject] = []
    places: dict[str, list[tuple[int, int]]] = {}
    for team, (x, y, w, h) in spec.spawns.items():
        objects.append(MapObject(f"{team} start", "spawn", x * T, y * T, w * T, h * T,
                                 properties={"team": team}))
        places[team] = list(spec.places[team]) if spec.places else place_squad(spec, team, cell_kinds)
    blue_reach = reachable(width, height, blocked, places["blue"][0])
    for team, spots in places.items():
        for spot in spots:
            if spot not in blue_reach:
                raise ValueError(f"{spec.file}: {team} unit at {spot} cannot be reached from "
                                 "the blue start")
    for team, spots in places.items():
        count = (spec.fielded or {}).get(team, len(spec.squad))
        kit = (spec.kit or {}).get(team, ())
        for i, ((x, y), name, role) in enumerate(list(zip(spots, (spec.names or NAMES)[team], spec.squad,
                                                           strict=True))[:count]):
            props = unit_properties(team, name, role)
            props.update(kit[i] if i < len(kit) else {})
            objects.append(MapObject(name, "unit", x * T + T / 2, y * T + T / 2, point=True, properties=props))
    layers = [ObjectLayer("units", objects)]
    if spec.objectives:
        layers.append(ObjectLayer("objectives", [z.map_object() for z in spec.objectives]))
    for name, team, spots in spec.deployments:
        names = (spec.names or NAMES)[team]
        for spot in spots:
            if spot not in blue_reach or not walkable_plain(cell_kinds[spot]):
                raise ValueError(f"{spec.file}: deployment {name!r} place {spot} is not open, reachable ground")
        layers.append(ObjectLayer(f"deploy {name}", [  # the units layer's objects, moved
            MapObject(unit, "unit", x * T + T / 2, y * T + T / 2, point=True,
                      properties=unit_properties(team, unit, role))
            for (x, y), unit, role in zip(spots, names, spec.squad, strict=False)], visible=False))
    properties: dict[str, str | float | int] = {"name": spec.name, "briefing": spec.briefing,
                                                "metres_per_tile": float(spec.metres_per_tile),
                                                "max_rounds": spec.max_rounds}
    if spec.at_time:
        properties["at_time"] = spec.at_time
    return map_xml(
        width=width, height=height, tile_width=T, tile_height=T,
        tilesets=[TilesetRef(spec.tileset, 1)],
        layers=[TileLayer("ground", ground), TileLayer("structures", structures)],
        object_layers=layers, properties=properties,
    )

# The tutorial's yard: 18 x 10 tiles of 2 m, blue on the west, red on the east, with crates,
# sandbags and a low wall between.
TUTORIAL_PLAN = """
..T...............
..................
...s..c......c....
...s..c..l...c....
.........l........
.........l.....T..
...s..........c...
...s..............
.T................
..................
""".strip("\n").splitlines()


CROSSROADS = MapSpec(
    file="crossroads.tmx",
    name="Crossroads",
    briefing=("Two squads meet where the village roads cross: take the crossroads and hold "
              "it. Blue comes in from the western fields and red from the east, and the "
              "houses, walls and hedges are the only cover."),
    plan=turned_round(CROSSROADS_WEST),
    metres_per_tile=2.0,
    max_rounds=40,
    spawns={"blue": (0, 8, 5, 14), "red": (35, 8, 5, 14)},
    squad=VILLAGE_SQUAD,
)


OPEN_FIELD = MapSpec(
    file="open_field.tmx",
    name="Open Field",
    briefing=("Open farmland cut by hedgerows, low walls and copses, with long sight lines "
              "between them. Cross it, find the enemy and break them before the fiftieth "
              "round."),
    plan=north_turned_round(expand_plan(OPEN_FIELD_PLAN, OPEN_FIELD_STAMPS, seed=0)),
    metres_per_tile=2.0,
    max_rounds=50,
    spawns={"blue": (1, 50, 8, 20), "red": (111, 50, 8, 20)},
    squad=FIELD_SQUAD,
)


STREET = MapSpec(
    file="street.tmx",
    name="Market Street",
    briefing=("A town street between two rows of houses, with doorways, windows, alleys "
              "and back lanes. Clear it house by house: pistols, sub-machine guns, "
              "shotguns and a couple of hand weapons for the rooms and corridors."),
    plan=turned_round(STREET_WEST),
    metres_per_tile=2.0,
    max_rounds=40,
    spawns={"blue": (0, 7, 3, 10), "red": (37, 7, 3, 10)},
    squad=STREET_SQUAD,
)


COMPOUND = MapSpec(
    file="compound.tmx",
    name="The Compound",
    briefing=("A walled compound with a gate on each side, sandbagged posts and stacks of "
              "crates. Both squads go in with grenades and automatic weapons: get over "
              "the wall, take the store in the middle and clear the yard."),
    plan=turned_round(COMPOUND_WEST),
    metres_per_tile=2.0,
    max_rounds=30,
    spawns={"blue": (0, 10, 4, 12), "red": (36, 10, 4, 12)},
    squad=COMPOUND_SQUAD,
)


WOOD = MapSpec(
    file="wood.tmx",
    name="The Wood",
    briefing=("A wood of trees, thickets and brush with a brook down the middle and three "
              "fords. You see a few metres at a time: find the enemy before they find "
              "you, and keep a tree between you and them."),
    plan=turned_round(wood_west(seed=7)),
    metres_per_tile=2.0,
    max_rounds=30,
    spawns={"blue": (0, 8, 4, 14), "red": (36, 8, 4, 14)},
    squad=WOOD_SQUAD,
)


MAPS: tuple[MapSpec, ...] = (
    CROSSROADS,
    OPEN_FIELD,
    STREET,
    COMPOUND,
    WOOD,
    # maps with objectives (issue 30): the plans above, with something to do besides fight
    replace(
        CROSSROADS,
        file="breakout.tmx",
        name="Breakout",
        briefing=("Blue must break through the village and get three soldiers off the east edge "
                  "before the thirtieth round; red's rearguard of six holds the village and wins "
                  "if time runs out."),
        max_rounds=30,
        spawns={"blue": (0, 8, 5, 14), "red": (21, 8, 8, 14)},
        objectives=(Zone("East road out", "exit", "blue", (38, 0, 2, 30), count=3),),
        at_time="red",
        fielded={"red": 6},  # the rearguard is outnumbered (8 against 8 is 80% red: docs/maps.md)
        deployments=(("flank", "blue", ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (3, 0), (3, 1))),),
    ),
    replace(
        COMPOUND,
        file="store.tmx",
        name="Hold the Store",
        briefing=("Both squads want the store in the middle of the compound: the side that holds "
                  "it, with nobody of the other side inside, at the end of three rounds running "
                  "wins."),
        objectives=(Zone("The store (blue)", "hold", "blue", (17, 13, 6, 6), rounds=3),
                    Zone("The store (red)", "hold", "red", (17, 13, 6, 6), rounds=3)),
    ),
    replace(
        STREET,
        file="escort.tmx",
        name="Escort",
        briefing=("Get Sgt Hale down Market Street and out at its east end alive within 34 "
                  "rounds. Red waits in the street: if Hale falls, or time runs out, red wins."),
        max_rounds=34,  # 30: red wins 60% of the decided, 40: blue 64% (docs/maps.md)
        spawns={"blue": (0, 7, 3, 10), "red": (24, 7, 8, 10)},
        objectives=(Zone("Out at the east end", "exit", "blue", (38, 9, 2, 6), count=1, unit="Sgt Hale"),
                    Zone("Keep Hale alive", "protect", "blue", (0, 7, 3, 10), unit="Sgt Hale")),
        at_time="red",
    ),
    # the tutorial (game/ui/tutorial.py): a small yard, two against two, out of maps/ itself
    # so it is no skirmish map (the menu, the lab and the checks of maps/*.tmx leave it out)
    MapSpec(
        file="tutorial/tutorial.tmx",
        name="Tutorial: the yard",
        briefing=("Your first battle: two of yours against two of theirs across a small yard. "
                  "The prompts at the top of the map walk you through a round."),
        plan=TUTORIAL_PLAN,
        metres_per_tile=2.0,
        max_rounds=12,
        # issue 32: each red nearest a different blue (the easy AI aims at its nearest), near
        # enough for a grenade in round 2; blue behind sandbags; the reds greener and lightly
        # kitted, so a player who follows the prompts wins (tests/ui/test_tutorial_play.py)
        spawns={"blue": (0, 2, 3, 6), "red": (11, 2, 3, 6)},
        squad=("cqb_leader", "woodsman"),  # concussion grenades only: nobody is blown apart learning
        places={"blue": ((2, 3), (2, 6)), "red": ((11, 3), (12, 6))},
        names={"blue": ("Sgt Hale", "Pvt Lind"), "red": ("Cpl Sidorov", "Pvt Orlov")},
        kit={"red": ({"armour": "combat_helmet", "skills": "Rifles=4,Pistols=2,Brawl=2,Athletics=3,Throw=3,Awareness=3"},
                     {"armour": "combat_helmet", "skills": "Rifles=3,Brawl=2,Athletics=3,Throw=2,Awareness=3"})},
        tileset="../terrain.tsx",
    ),
)
