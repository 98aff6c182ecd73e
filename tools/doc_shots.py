"""Draw the pictures of the map author's walkthrough in docs/maps.md.

    python tools/doc_shots.py            # into docs/img/
    python tools/doc_shots.py --out DIR

It follows the guide: ``skirmish new-map farm`` in a scratch folder, then the edits an
author makes in Tiled (a farmhouse, a hedge, a wall, a pond, sandbags and trees painted on
the layers new-map made; three units a side placed with the project's ``unit`` class, only
the properties changed from the class defaults written, as Tiled writes them), then
``skirmish check-map``, and the two pictures: the map as Tiled draws it (``tmxrasterizer``,
Debian's ``tiled`` package) and as the game draws it (``skirmish play --screenshot``). A
third picture shows missing art drawn as placeholders. Needs tmxrasterizer; not run in CI.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
       "SDL_AUDIODRIVER": "dummy", "QT_QPA_PLATFORM": "offscreen"}

# What the author paints on the structures layer (40 x 30), one character a tile:
# B brick wall, D doorway (east-west), d doorway (north-south), W window (e-w), w window (n-s),
# H hedge, S stone wall, s sandbags, T tree, c crates, . nothing
PLAN = """
........................................
........................................
..............BBBWBBBWBBB...............
..............B.........B......T........
..............w.........w...............
..............B.........D...........T...
..............B.........B...............
..............BBBBDBBBBBB...............
........................................
.......H.............................T..
.......H................................
.......H.......s........................
.......H.......s..............SSSSS.....
.......H......................S.........
........................................
........................................
.......H......................S.........
.......H.......c..............SSSSS.....
.......H.......c........................
.......H................................
.......H..........................s.....
..................................s.....
...T....................................
........................................
...........T............T...............
........................................
.....................T..................
........................................
........................................
........................................
"""
GIDS = {"B": 18, "D": 19, "d": 20, "W": 21, "w": 22, "H": 13, "S": 17, "s": 15, "T": 14,
        "c": 16, ".": 0}
POND = [(x, y) for x in range(20, 25) for y in range(21, 25)]
ROAD_ROW = 14
UNITS = [  # name, x, y, properties changed from the unit class's defaults
    ("Sgt Hale", 2, 13, [("template", "template", "rifleman"), ("grenades", None, "frag_grenade"),
                         ("magazines", "int", "5")]),
    ("Cpl Reyes", 3, 15, [("template", "template", "gunner")]),
    ("Pte Ames", 2, 17, [("weapon", "weapon", "spas_12"), ("grenades", None, "none")]),
    ("Sgt Dunn", 37, 13, [("team", "team", "red")]),
    ("Cpl Eyre", 36, 15, [("team", "team", "red"), ("template", "template", "gunner")]),
    ("Pte Ford", 37, 17, [("team", "team", "red"), ("weapon", "weapon", "ak_47"),
                          ("armour", "armour", "combat_helmet,kevlar_vest")]),
]


def skirmish(*args: str, cwd: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, env=ENV,
                          capture_output=True, text=True, timeout=120)
    if done.returncode:
        raise SystemExit(f"skirmish {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def paint(tmx: Path) -> None:
    """The author's edits, as Tiled 1.8 saves them."""
    text = tmx.read_text()
    rows = [r for r in PLAN.strip().splitlines()]
    width, height = len(rows[0]), len(rows)
    structures = "\n" + ",\n".join(",".join(str(GIDS[c]) for c in row) for row in rows) + "\n"
    ground = [[1] * width for _ in range(height)]
    for x in range(width):
        ground[ROAD_ROW][x] = ground[ROAD_ROW + 1][x] = 3
    for x, y in POND:
        ground[y][x] = 10
    ground_csv = "\n" + ",\n".join(",".join(map(str, row)) for row in ground) + "\n"
    layers = re.findall(r'(<data encoding="csv">)(.*?)(</data>)', text, flags=re.S)
    assert len(layers) == 2, "new-map makes a ground and a structures layer"
    text = text.replace(layers[0][1], ground_csv, 1)
    text = text.replace(f'name="structures" width="{width}" height="{height}">\n  <data encoding="csv">{layers[1][1]}',
                        f'name="structures" width="{width}" height="{height}">\n  <data encoding="csv">{structures}')
    objects = []
    next_id = int(re.search(r'nextobjectid="(\d+)"', text).group(1))
    for name, x, y, props in UNITS:
        lines = [f'  <object id="{next_id}" name="{name}" type="unit" x="{x * 32 + 16}" y="{y * 32 + 16}">']
        if props:
            lines.append("   <properties>")
            for key, kind, value in sorted(props):
                typed = (f' type="{kind}"' if kind in ("int", "float", "bool")
                         else f' propertytype="{kind}"' if kind else "")
                lines.append(f'    <property name="{key}"{typed} value="{value}"/>')
            lines.append("   </properties>")
        lines += ["   <point/>", "  </object>"]
        objects.append("\n".join(lines))
        next_id += 1
    text = text.replace(" </objectgroup>", "\n".join(objects) + "\n </objectgroup>")
    text = re.sub(r'nextobjectid="\d+"', f'nextobjectid="{next_id}"', text)
    text = text.replace("a new map. Say here what the fight is about.",
                        "hold the farmhouse. Blue comes from the west along the hedge, red from "
                        "the east behind the wall.")
    tmx.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args(argv)
    if shutil.which("tmxrasterizer") is None:
        print("error: tmxrasterizer not found: apt-get install -y tiled", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        print(skirmish("new-map", "farm", cwd=work), end="")
        paint(work / "farm" / "farm.tmx")
        print(skirmish("check-map", "farm/farm.tmx", cwd=work), end="")
        tiled_png = args.out / "newmap-tiled.png"
        subprocess.run(["tmxrasterizer", "--scale", "0.5", "farm/farm.tmx", str(tiled_png)],
                       cwd=work, env=ENV, check=True, capture_output=True, timeout=120)
        skirmish("play", "--map", "farm/farm.tmx", "--screenshot", str(args.out / "newmap-game.png"),
                 "--frames", "3", "--window", "1280", "720", cwd=work)
        (work / "farm" / "terrain.png").unlink()  # the art gone: placeholders
        skirmish("play", "--map", "farm/farm.tmx", "--screenshot",
                 str(args.out / "missing-art.png"), "--frames", "1", "--window", "960", "540", cwd=work)
    for name in ("newmap-tiled.png", "newmap-game.png", "missing-art.png"):
        print(args.out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
