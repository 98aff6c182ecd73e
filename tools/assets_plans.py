"""The shipped maps' ASCII plans (one character a tile) and how a plan becomes the ground and
structures layers: oriented pieces, turned and stamped plans (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from assets_tileset import TILE_ID

# -- map plans ---------------------------------------------------------------------------
# One character a tile. Ground characters fill the ground layer; structure characters go on
# the structures layer, over the ground their neighbours have most of. Doorways, windows,
# low walls and fences turn to follow the wall or line they sit in.

GROUND_CHARS: dict[str, str] = {
    ".": "grass", ",": "dirt", "=": "road", "o": "cobbles", "_": "floor_boards",
    ":": "floor_tiles", "f": "crop_field", "p": "ploughed_field", "r": "rough_ground",
    "~": "water", "g": "flagstones", "v": "shallow_water",
}
STRUCTURE_CHARS: dict[str, str] = {
    "#": "stone_wall", "B": "brick_wall", "D": "doorway", "W": "window", "l": "low_wall",
    "h": "hedge", "s": "sandbags", "c": "crates", "T": "tree", "b": "brush", "x": "rubble",
    "k": "thicket", "F": "fence", "O": "well", "w": "barbed_wire", "H": "hay_bales",
    "C": "crater", "X": "foxhole", "A": "cart", "n": "table",
}
ORIENTED: dict[str, str] = {"D": "#BDW", "W": "#BDW", "l": "l#B", "F": "F"}
"""Oriented pieces and the characters they line up with."""
GROUND_PRIORITY = "._,=o:gfpr~v"


def oriented(tile: str, mates: str, north: str, east: str, south: str, west: str) -> str:
    """The piece of ``tile`` that lines up with its neighbours: ``_ew`` (the default), ``_ns``,
    or for low walls a corner (``low_wall_ne``) where the wall turns."""
    n, e, s, w = (c in mates for c in (north, east, south, west))
    if tile == "low_wall" and (n != s) and (e != w):
        return f"low_wall_{'n' if n else 's'}{'e' if e else 'w'}"
    return tile + ("_ns" if (n or s) and not (e or w) else "_ew")


def plan_layers(plan: Sequence[str], name: str) -> tuple[list[int], list[int]]:
    """Ground and structure gids (firstgid 1) for a plan of equal-length rows."""
    height, width = len(plan), len(plan[0])
    for y, row in enumerate(plan):
        if len(row) != width:
            raise ValueError(f"{name}: plan row {y} has {len(row)} characters, not {width}")
        for x, ch in enumerate(row):
            if ch not in GROUND_CHARS and ch not in STRUCTURE_CHARS:
                raise ValueError(f"{name}: unknown plan character {ch!r} at ({x}, {y})")

    def at(x: int, y: int) -> str:
        return plan[y][x] if 0 <= x < width and 0 <= y < height else " "

    ground: list[int] = []
    structures: list[int] = []
    for y in range(height):
        for x in range(width):
            ch = plan[y][x]
            if ch in GROUND_CHARS:
                ground.append(1 + TILE_ID[GROUND_CHARS[ch]])
                structures.append(0)
                continue
            counts: dict[str, int] = {}
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    n = at(x + dx, y + dy)
                    if n in GROUND_CHARS and n not in "~v":
                        counts[n] = counts.get(n, 0) + 1
            under = max(counts, key=lambda c: (counts[c], -GROUND_PRIORITY.index(c)),
                        default=".")
            ground.append(1 + TILE_ID[GROUND_CHARS[under]])
            tile = STRUCTURE_CHARS[ch]
            if ch in ORIENTED:
                tile = oriented(tile, ORIENTED[ch], at(x, y - 1), at(x + 1, y), at(x, y + 1),
                                at(x - 1, y))
            structures.append(1 + TILE_ID[tile])
    return ground, structures



# The default map: a village crossroads, 40 x 30 tiles of 2 m. Blue comes from the west,
# red from the east. Legend: GROUND_CHARS and STRUCTURE_CHARS above. This is the west half:
# the east half is the same turned half round (turned_round), so both sides have a house
# by the road, a walled orchard, a sandbagged corner of the square and fields at the edge.
CROSSROADS_WEST = """
..T.....rrr......T.=
....hhhhhhhhhhhh...=
....h..............=
..T.h.BBWBBBBWBB...=
....h.B___B____B,,c=
....h.W_n_B____B,cc=
....h.B___D____D,,,=
......B___B__n_W,,,=
......B___B____B,c,=
......BBBBBBDBBB,,,=
.rr.........,....,,=
.rr.....lllll..sooo=
...............soOo=
.T.............sooA=
====================
====================
...............sooo=
.......T.......sooo=
.....lllll.lllll...=
.....l.T.T.T.T.l...=
...............l...=
.....l.T.T.T.T.l...=
.....lb.......bl...=
.....lllllllllll...=
...................=
hhhhhhh.hhhhhhhh...=
fffffff....~~~~....=
fffffff...b~~~~b...=
fffffff....~~~.b...=
fffffff............=
""".strip("\n").splitlines()

# open_field is drawn at one character per 4 x 4 tiles (120 x 120 tiles from 30 x 30):
# '.' grass, 'f' crops, 'p' ploughed, 'r' rough, 'b' scrub, 'T' copse, '~' pond, and lines
# that join their neighbours: 'h' hedgerow, 'l' low stone wall and 'F' fence join one
# another, 't' (a dirt track, 2 tiles wide) joins tracks. The south half is the north half
# turned half round, so both sides have the same ground (but the track's jog).
# Then the STAMPS (small plans in tiles, as above) are laid over it.
BLOCK = 4
OPEN_FIELD_PLAN = """
.TT...pppppp.h..fffffff.h.TTT.
TTTT..pppppp.h..fffffff.h..TT.
.TT...pppppp.h..fffffff.h.....
hhhFFFFF.FFFFhhhh..FFFFFhh.hhh
fffff..h.......h.rrr....h.....
fffff..h..TT...h.rrr.~~.h.ppp.
fffff..l.TTTT..l.....~~.h.ppp.
fffff..l..TT...l........h.ppp.
FFFF.lll.FFFFhhhh..FFFFFFF.FFF
........h..........h.......b..
.pppppp.h.fffffff..h.bbb......
.pppppp.h.fffffff..h..bb..ff..
hhhhhhh.hhhhhhh.hhhh.hhhh.hhhh
.............TT...............
tttttttttttttttt..............
...............ttttttttttttttt
...............TT.............
hhhh.hhhh.hhhh.hhhhhhh.hhhhhhh
..ff..bb..h..fffffff.h.pppppp.
......bbb.h..fffffff.h.pppppp.
..b.......h..........h........
FFF.FFFFFFF..hhhhFFFF.lll.FFFF
.ppp.h........l...TT..l..fffff
.ppp.h.~~.....l..TTTT.l..fffff
.ppp.h.~~.rrr.h...TT..h..fffff
.....h....rrr.h.......h..fffff
hhh.hhFFFFF..hhhhFFFF.FFFFFhhh
.....h.fffffff..h.pppppp...TT.
.TT..h.fffffff..h.pppppp..TTTT
.TTT.h.fffffff..h.pppppp...TT.
""".strip("\n").splitlines()

def turned_round(west: Sequence[str]) -> list[str]:
    """A whole plan from its west half: the east half is the west half turned half round
    (180 degrees about the map's centre), so both sides have the same ground."""
    height = len(west)
    return [west[y] + west[height - 1 - y][::-1] for y in range(height)]


def north_turned_round(plan: Sequence[str]) -> list[str]:
    """The plan with its south half replaced by its north half turned half round: the
    random copses, scrub and hedgerow trees of the north half, and the track, then match
    tile for tile on both sides."""
    north = list(plan[:len(plan) // 2])
    return north + half_turn(north)


def half_turn(plan: Sequence[str]) -> list[str]:
    """A plan turned half round (180 degrees)."""
    return [row[::-1] for row in reversed(plan)]


FARMHOUSE = """
,,,,,,,,,,,,,,,,
,##W####W###W##,
,#______#:::::#,
,W______D:::::W,
,#______#:::::#,
,####D#####D###,
,,,,,,,,,,,,,,,,
,,c,H,,,,,,,O,,,
""".strip("\n").splitlines()

RUINED_BARN = """
............
.BBxBBBBxBB.
.Bgggxgggg..
.xgggggggxB.
.Bggxgggggg.
.BBB..xBBBB.
............
""".strip("\n").splitlines()

OPEN_FIELD_STAMPS: tuple[tuple[int, int, list[str]], ...] = (
    (52, 29, FARMHOUSE),
    (24, 40, RUINED_BARN),
    # the same, turned half round about the centre: both sides get the same ground
    (120 - 52 - 16, 120 - 29 - 8, half_turn(FARMHOUSE)),
    (120 - 24 - 12, 120 - 40 - 7, half_turn(RUINED_BARN)),
)

# A town street, 40 x 24 tiles of 2 m: the west half (the east half is it turned round).
# A cobbled street between two rows of houses, pavements of flagstones, a lane across the
# middle, alleys between the houses and back lanes behind them; rooms joined by doorways,
# windows on the street. Brick kiosks stand in the street, staggered, so no line of sight
# runs the street's length: a squad must close in (pistols and shotguns lose at range). Blue starts in the little square at the west end.
STREET_WEST = """
,,,,,,,,,,,,,,,,,,,,
ggg#######,BBBWBBB,,
ggc#__n__#cB__B::B,,
ggg W_____#,B__D::B,A
ggg#_____D,D__B::W,,
ggg###D###,B__B::B,,
ggg#:::::W,BBDB::B,,
gggW:::n:#,B_____D,,
ggg##W#DW#,BWBBDWB,,
gggggggggggggggggg,,
oooooooBBooooooooooo
ooooAooBBooooooooooo
ooooooooooocooBBoooo
ooooooooooooooBBoooo
ggggggggxggggggHgg,,
gggBWDBWB,#W#DD#W#,,
gggB____B,#______#,,
gggB_n__W,D__nn__#,,
gggBBDBBB,#______W,,
gggB::::B,####D###,,
gggW::::D,#::c:::#,,
ggcB::n:Bc#:::::cD,,
gggBBBDBB,########,,
,,,,,,,,,,,,,,,,,,,,
""".replace(" ", "").strip("\n").splitlines()

# A walled compound, 40 x 32 tiles of 2 m: the west half. A stone wall with a wide gate
# on each side and a postern, sandbagged posts inside the gates, stacked crates, a stone
# store in the middle; outside, barbed wire, craters and foxholes in the scrub.
COMPOUND_WEST = """
....b.....T.....b...
..T.....bb..........
......C.......b.....
..b.......T.........
....r..b......C...b.
..........,,,,,,,,,,
....b...######,,####
..T.....#,,,,,,,,,,,
......w.#,,,,,cc,HH,
..b...w.#,,,,,c,,,,,
......w.#,,,,,,,,,,,
C.....w.#,,,,,,,,,,,
........#,ss,,,,####
...X....#,,s,,,,#:::
........,,,,,,c,W:::
........,,,,,,,,D:::
........,,,,,,,,#:::
........,,,,,,c,W:::
...X....#,,s,,,,#:::
........#,ss,,,,####
......w.#,,,,,,,,,,,
..b...w.#,,,,,,,,,,,
......w.#,cc,,,,,,,,
..C...w.#,cc,,,,,,,,
........#,,,,,,,,,,,
........############
..b.........b.......
....T.....C.........
........b.....T.....
..r..............b..
.....T......b.......
....................
""".strip("\n").splitlines()


def wood_west(seed: int) -> list[str]:
    """A wood, 40 x 30 tiles of 2 m: the west half, grown from a seed. Trees (hard cover,
    seen past), thickets (block sight, soft cover, slow) and brush; a brook down the
    middle with three fords, winding paths from the clearing at the west edge to the fords
    with thicket at their bends (no long sight line down a path), and a woodcutter's hut
    with its woodpile."""
    rng = random.Random(seed)
    width, height = 20, 30
    fords = (3, 4, 14, 15, 25, 26)
    rows = [[rng.choices(".Tkbr", (26, 16, 30, 22, 6))[0] for _ in range(width)]
            for _ in range(height)]
    for y in range(height):
        rows[y][19] = "v" if y in fords else "~"
        if y not in fords and rows[y][18] in "Tk":
            rows[y][18] = rng.choice("..b")  # the bank: brush and grass
    for y in range(7, 23):  # the clearing the squad starts in
        for x in range(0, 4):
            rows[y][x] = "." if rng.random() < 0.85 else "b"

    def path(points: Sequence[tuple[int, int]]) -> None:
        """A path two tiles wide through the corners given, thicket on the outside of
        each bend so it cannot be seen down from one leg to the next."""
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            for x in range(min(x0, x1), max(x0, x1) + 1):
                for y in range(min(y0, y1), max(y0, y1) + 1):
                    for dx, dy in ((0, 0), (0, 1)) if y0 == y1 else ((0, 0), (1, 0)):
                        rows[y + dy][x + dx] = ","
        for x, y in points[1:-1]:
            for bx, by in ((x - 1, y - 1), (x + 2, y + 2), (x - 1, y + 2), (x + 2, y - 1)):
                if 0 <= bx < 19 and 0 <= by < height and rows[by][bx] != ",":
                    rows[by][bx] = "k"

    path([(3, 14), (8, 14), (8, 11), (13, 11), (13, 14), (18, 14)])  # to the middle ford
    path([(3, 9), (5, 9), (5, 6), (11, 6), (11, 3), (18, 3)])  # to the north ford
    path([(3, 19), (7, 19), (7, 22), (13, 22), (13, 25), (18, 25)])  # to the south ford
    hut = ["#W##", "#__D", "#n_#", "####"]
    for dy, line in enumerate(hut):
        for dx, ch in enumerate(line):
            rows[18 + dy][11 + dx] = ch
    for x, y in ((15, 19), (15, 20), (16, 20)):
        rows[y][x] = ","
    for x, y in ((16, 18), (10, 21)):  # the woodpile and a log heap
        rows[y][x] = "c"
    for x, y in ((10, 7), (11, 7), (12, 7)):  # an old boundary wall
        rows[y][x] = "l"
    return ["".join(r) for r in rows]


LINES = {"h": "h", "l": "l", "F": "F", "t": ","}
"""Coarse line characters and the plan character each draws."""
BOUNDARIES = "hlF"
"""Lines that join one another: a hedgerow may go on as a wall or a fence."""


def expand_plan(coarse: Sequence[str], stamps: Sequence[tuple[int, int, list[str]]],
                seed: int) -> list[str]:
    """A one-character-a-tile plan from a coarse plan of BLOCK x BLOCK blocks, then stamps."""
    rng = random.Random(seed)
    height, width = len(coarse), len(coarse[0])
    fine = [["."] * (width * BLOCK) for _ in range(height * BLOCK)]

    def at(cx: int, cy: int) -> str:
        return coarse[cy][cx] if 0 <= cx < width and 0 <= cy < height else " "

    for cy, row in enumerate(coarse):
        if len(row) != width:
            raise ValueError(f"open field plan row {cy} has {len(row)} characters, not {width}")
        for cx, ch in enumerate(row):
            cells = [(cx * BLOCK + dx, cy * BLOCK + dy) for dy in range(BLOCK)
                     for dx in range(BLOCK)]
            if ch in (".", "f", "p", "~"):
                for x, y in cells:
                    fine[y][x] = ch
            elif ch == "r":
                for x, y in cells:
                    fine[y][x] = "r" if rng.random() < 0.7 else "."
            elif ch == "b":
                for x, y in cells:
                    fine[y][x] = rng.choices("b.r", (4, 4, 2))[0]
            elif ch == "T":
                for x, y in cells:
                    fine[y][x] = rng.choices("Tkb.", (3, 2, 2, 3))[0]
            elif ch in LINES:
                draw = LINES[ch]
                mates = BOUNDARIES if ch in BOUNDARIES else ch
                thick = 2 if ch == "t" else 1
                x0, y0 = cx * BLOCK + 1, cy * BLOCK + 1
                spots = {(x0 + i, y0 + j) for i in range(thick) for j in range(thick)}
                for (dx, dy) in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    if at(cx + dx, cy + dy) not in mates:
                        continue
                    for step in range(BLOCK):
                        for k in range(thick):
                            if dx:
                                x = x0 + (step * dx if dx > 0 else -step)
                                x = min(max(x, cx * BLOCK), cx * BLOCK + BLOCK - 1)
                                spots.add((x, y0 + k))
                            else:
                                y = y0 + (step * dy if dy > 0 else -step)
                                y = min(max(y, cy * BLOCK), cy * BLOCK + BLOCK - 1)
                                spots.add((x0 + k, y))
                for x, y in sorted(spots):
                    tree_here = ch == "h" and rng.random() < 0.1
                    fine[y][x] = "T" if tree_here else draw
            else:
                raise ValueError(f"open field plan: unknown character {ch!r} at ({cx}, {cy})")
    for sx, sy, stamp in stamps:
        if any(len(row) != len(stamp[0]) for row in stamp):
            raise ValueError(f"the stamp at ({sx}, {sy}) has rows of different lengths")
        for dy, row in enumerate(stamp):
            for dx, ch in enumerate(row):
                fine[sy + dy][sx + dx] = ch
    return ["".join(row) for row in fine]
