"""Peak memory of drawing big maps (issue 27), and check-map on a map naming one tileset 3000
times: each figure from a fresh process with no display (SDL's dummy drivers), its VmHWM
(/proc/self/status) as it exits, or, if it dies first, the highest seen from outside.

    python bench/render_memory.py                  # the code of this checkout
    python bench/render_memory.py --root /work/main  # another checkout's code, same maps

Rows: `play --screenshot` at 1920x1080 on a 1000 x 1000 map of 32 px tiles and on an 8 x 8
map of 4096 px tiles, and at the largest window allowed (game/limits.py MAX_WINDOW) on the
first; the menu's preview of the first (a typed path); check-map's wall-clock time and peak
on a map naming one tiny .tsx 3000 times. The budget is 600 MB for the window, 3 s and
300 MB for check-map. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "ui"), str(ROOT / "tests" / "maps")]

from bigmaps import peak_memory, thumbnail_memory, write_huge_tiles_map, write_wide_map  # noqa: E402
from tmxfactory import external_tileset, tsx, write_map, write_png  # noqa: E402

_CHECK_MAP = """
import json, sys, time
from game.cli import main
start, cpu = time.perf_counter(), time.process_time()
code = main(["check-map", sys.argv[1]])
took, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"code": code, "seconds": took, "cpu": cpu, "vmhwm_kb": peak}))
"""


def check_map_figures(path: Path, root: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", _CHECK_MAP, str(path)], env=env, cwd=str(root),
                          capture_output=True, text=True, timeout=600)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    return json.loads(lines[-1]) if lines else {"code": done.returncode, "seconds": float("nan"),
                                                 "cpu": float("nan"), "vmhwm_kb": float("nan")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose code runs")
    parser.add_argument("--check-map-only", action="store_true", help="only the check-map rows")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root))
    from game.limits import MAX_WINDOW

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        wide, huge = write_wide_map(folder / "wide"), write_huge_tiles_map(folder / "huge")
        print(f"code: {args.root}")
        windows = (("1000x1000 map, 32 px tiles", wide, (1920, 1080)),
                   ("8x8 map, 4096 px tiles", huge, (1920, 1080)),
                   ("1000x1000 map, 32 px tiles", wide, (MAX_WINDOW, MAX_WINDOW)))
        for label, path, size in () if args.check_map_only else windows:
            start = time.perf_counter()
            code, peak, err = peak_memory(path, folder / "shot.png", size, root=args.root)
            took = time.perf_counter() - start
            tail = "" if code == 0 else f"  ({err.strip().splitlines()[-1][:120] if err.strip() else 'no message'})"
            print(f"play --screenshot {size[0]}x{size[1]}, {label}: exit {code}, "
                  f"VmHWM {peak:.0f} MB, {took:.1f} s{tail}")
        figures = {} if args.check_map_only else thumbnail_memory(wide, root=args.root)
        if figures:
            print(f"menu preview of the 1000x1000 map: VmHWM {figures.get('vmhwm_kb', float('nan')) / 1024:.0f} MB")
        many = folder / "many"
        many.mkdir()
        (many / "t.tsx").write_text(tsx(columns=4), encoding="utf-8")
        write_png(many / "terrain.png", 64, 32)
        write_map(many, tilesets=[external_tileset("t.tsx", 1 + 8 * i) for i in range(3000)],
                  width=8, height=8)
        shipped = folder / "shipped"
        shipped.mkdir()
        text = (ROOT / "maps" / "terrain.tsx").read_text(encoding="utf-8")
        (shipped / "terrain.tsx").write_text(text.replace(
            "../assets/", f"{ROOT / 'assets'}/"), encoding="utf-8")
        write_map(shipped, tilesets=[external_tileset("terrain.tsx", 1 + 40 * i) for i in range(3000)],
                  width=8, height=8, tilewidth=32, tileheight=32)
        for label, folder_path in (("a tiny .tsx (8 tiles)", many), ("the shipped terrain.tsx (40 tiles)", shipped)):
            got = check_map_figures(folder_path / "test.tmx", args.root)
            print(f"check-map, {label} named 3000 times: exit {got['code']}, {got['seconds']:.1f} s "
                  f"({got['cpu']:.1f} s CPU), VmHWM {got['vmhwm_kb'] / 1024:.0f} MB")


if __name__ == "__main__":
    main()
