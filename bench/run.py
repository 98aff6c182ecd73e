"""The performance table of issues 7 and 20: medians over repeated runs, each beside its
reference measured in the same run (python-tcod's C code, or the yardstick of
bench/yardstick.py), and the goal.

    python bench/run.py [--quick] [--markdown PATH]

Rows: movement range and paths against tcod's pathfinding; sight and cover against tcod's
field of view; one 8 v 8 round with normal AI on the largest shipped map; whole matches per
second (and the --jobs 2 speed-up); a battle-screen frame against one full-window blit;
start-up to the first drawn frame; peak memory of a match (in the process that plays it); how
fast hostile files are refused (with pytest installed); and issue 20's goals as ratios to the
yardstick (bench/goals.py). Nothing here is a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "world"), str(ROOT / "bench")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import goals  # noqa: E402
from gridfactory import random_grid  # noqa: E402

from game.world import geometry as geo  # noqa: E402

try:
    import numpy as np
    import tcod
    import tcod.map
    import tcod.path
except ImportError:  # the references are optional
    tcod = None

LARGEST_MAP = ROOT / "maps" / "open_field.tmx"
DEFAULT_MAP = ROOT / "maps" / "crossroads.tmx"
from measure import ROWS, fmt, median_ms, ratio_verdict, row  # noqa: E402

# --- movement and paths ------------------------------------------------------------------


def bench_paths(size: int, runs: int) -> None:
    grid = random_grid(size, size, seed=7, walls=0.2)
    w, h = grid.width, grid.height
    centre = min((t for t in ((x, y) for y in range(h) for x in range(w)) if grid.walkable(*t)),
                 key=lambda t: (t[0] - w // 2) ** 2 + (t[1] - h // 2) ** 2)
    t0 = time.perf_counter()
    geo.prepare(grid)  # the landmark tables, built once per map when a match starts
    build_ms = (time.perf_counter() - t0) * 1000
    area = geo.reachable(grid, centre, 1e9)
    start = min(area, key=lambda t: t[0] + t[1])
    goal = max(area, key=lambda t: t[0] + t[1])
    rng = random.Random(1)
    tiles = sorted(area)
    pairs = [(rng.choice(tiles), rng.choice(tiles)) for _ in range(20)]
    # cold: a search from the same tile is remembered on the grid (reach.py)
    ours_r = median_ms(lambda: (geo.forget_answers(grid), geo.reachable(grid, centre, 26)), runs)
    ours_p = median_ms(lambda: geo.path_to(grid, start, goal), runs)
    ours_pairs = [median_ms(lambda a=a, b=b: geo.path_to(grid, a, b), max(3, runs // 4)) for a, b in pairs]
    ref_r = ref_p = None
    ref_pairs: list[float] = []
    if tcod is not None:
        cost = np.array([[int(grid.move_cost(x, y) * 100) if grid.walkable(x, y) else 0
                          for x in range(w)] for y in range(h)], dtype=np.int32)

        def tcod_range() -> None:
            dist = tcod.path.maxarray((h, w), dtype=np.int32)
            dist[centre[1], centre[0]] = 0
            tcod.path.dijkstra2d(dist, cost, 100, 141, out=dist)

        def tcod_path(a: tuple[int, int], b: tuple[int, int]) -> list:
            graph = tcod.path.SimpleGraph(cost=cost, cardinal=100, diagonal=141)
            pf = tcod.path.Pathfinder(graph)
            pf.add_root((a[1], a[0]))
            return pf.path_to((b[1], b[0])).tolist()

        ref_r, ref_p = median_ms(tcod_range, runs), median_ms(lambda: tcod_path(start, goal), runs)
        ref_pairs = [median_ms(lambda a=a, b=b: tcod_path(a, b), max(3, runs // 4)) for a, b in pairs]
    n = len(geo.reachable(grid, centre, 26))
    row(f"movement range, 26 m ({n} tiles), {size}x{size} 20% walls", fmt(ours_r),
        f"tcod dijkstra2d, whole map: {fmt(ref_r)}" if ref_r else "-", "within 2x",
        ratio_verdict(ours_r, ref_r))
    cost_m = geo.path_cost_m(grid, geo.path_to(grid, start, goal))
    row(f"path_to corner to corner ({cost_m:.0f} m), {size}x{size} (landmarks built once per "
        f"map: {fmt(build_ms)})", fmt(ours_p),
        f"tcod Pathfinder A*: {fmt(ref_p)}" if ref_p else "-", "within 2x",
        ratio_verdict(ours_p, ref_p))
    if ref_pairs:
        ratios = sorted(o / r for o, r in zip(ours_pairs, ref_pairs, strict=True))
        med = statistics.median(ratios)
        row(f"path_to, 20 random pairs, {size}x{size}: median of per-pair ratios (worst "
            f"{ratios[-1]:.1f}x)", f"{fmt(statistics.median(ours_pairs))} a path",
            f"tcod Pathfinder A*: {fmt(statistics.median(ref_pairs))} a path", "within 2x",
            f"{med:.1f}x: {'met' if med <= 2 else 'MISSED'}")


# --- sight and cover -----------------------------------------------------------------------


def bench_sight(runs: int) -> None:
    grid = random_grid(100, 100, seed=7, walls=0.05)
    rng = random.Random(3)
    tiles = [(x, y) for y in range(100) for x in range(100) if grid.walkable(x, y)]
    units = rng.sample(tiles, 16)

    def ours_pairs() -> int:
        geo.forget_answers(grid)  # cold: the answers are remembered per grid in play
        seen = 0
        for a in units:
            for b in units:
                if a != b and geo.line_of_sight(grid, a, b):
                    geo.cover_between(grid, a, b)
                    seen += 1
        return seen

    def ours_fov() -> None:
        for a in units:
            geo.visible_from(grid, a, 200)

    seen = ours_pairs()
    t_pairs = median_ms(ours_pairs, runs)
    t_warm = median_ms(lambda: [geo.line_of_sight(grid, a, b) and geo.cover_between(grid, a, b)
                                for a in units for b in units if a != b], runs)
    t_fov = median_ms(ours_fov, max(3, runs // 3))
    ref = None
    if tcod is not None:
        transparent = np.array([[not grid.blocks_sight(x, y) for x in range(100)] for y in range(100)])

        def tcod_fov() -> None:
            for x, y in units:
                tcod.map.compute_fov(transparent, (y, x), radius=0,
                                     algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)

        ref = median_ms(tcod_fov, runs)
    tref = f"tcod compute_fov x16 (symmetric shadowcast): {fmt(ref)}" if ref else "-"
    row(f"sight + cover, 16 units pairwise (240 LOS, {seen} cover), 100x100 5% walls, first time",
        fmt(t_pairs), tref, "within 2x", ratio_verdict(t_pairs, ref))
    row("sight + cover, the same pairs asked again (remembered per grid, as in play)",
        fmt(t_warm), tref, "within 2x", ratio_verdict(t_warm, ref))
    verdict = ratio_verdict(t_fov, ref)
    if verdict.endswith("MISSED"):
        verdict += " (whole fields are not used in play)"
    row("sight, 16 whole fields of view (visible_from 200 m), 100x100", fmt(t_fov), tref,
        "within 2x", verdict)


# --- rounds and matches ------------------------------------------------------------------


def bench_round(matches: int) -> None:
    from game.ai import make_controller
    from game.flow import driver
    from game.maps import load_map
    from game.squads import map_squads
    from game.world.actions import Hold
    from game.world.match import Match

    grid = load_map(LARGEST_MAP)
    times, decide = [], []
    for seed in range(matches):
        match = Match(grid, map_squads(grid, "default", 8), seed=seed)
        ais = {t: make_controller("normal", seed, t) for t in ("blue", "red")}
        try:
            while not match.over:
                t0 = time.perf_counter()
                d = 0.0
                for uid in driver(match).start_round():
                    t1 = time.perf_counter()
                    action, choices = ais[match.view(uid).team].decide(match, uid)
                    d += time.perf_counter() - t1
                    if hasattr(match.declare(uid, action, **choices), "reason"):
                        match.declare(uid, Hold())
                driver(match).resolve_round()
                times.append(time.perf_counter() - t0)
                decide.append(d)
        finally:
            match.close()
    ms = statistics.median(times) * 1000
    row(f"one round 8 v 8, normal AI, {grid.width}x{grid.height} ({len(times)} rounds)",
        f"{fmt(ms)} (AI {fmt(statistics.median(decide) * 1000)}, max {fmt(max(times) * 1000)})",
        "-", "30 ms", "met" if ms <= 30 else "MISSED")


def bench_matches(runs: int, repeats: int = 3) -> None:
    """The same `runs` matches `repeats` times in one process and with --jobs 2: medians."""
    from game.lab.simulate import simulate

    ones, twos = [], []
    for _ in range(repeats):
        ones.append(simulate(DEFAULT_MAP, runs, seed=1, jobs=1))
        twos.append(simulate(DEFAULT_MAP, runs, seed=1, jobs=2))
    one = ones[0]
    t_one = statistics.median(r["seconds"] for r in ones)
    t_two = statistics.median(r["seconds"] for r in twos)
    same = all([b["winner"] for b in r["battles"]] == [b["winner"] for b in one["battles"]] for r in ones + twos)
    rate = runs / t_one
    row(f"whole matches 8 v 8, normal AI, crossroads ({runs} matches, "
        f"{one['mean_rounds']:.1f} rounds; median of {repeats})", f"{rate:.2f} /s",
        f"--jobs 2: {runs / t_two:.2f} /s ({t_one / t_two:.2f}x"
        f"{', same results' if same else ', DIFFERENT results'})", "5 /s",
        "met" if rate >= 5 else "MISSED")


# --- screen, start-up, memory -------------------------------------------------------------

FRAME_CODE = """
import json, os, statistics, time
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
from game.ui.bench import frame_times
out = frame_times({map!r}, frames={frames})
pygame.init()
win = pygame.display.set_mode((1280, 720))
src = pygame.Surface((1280, 720)).convert()
src.fill((40, 90, 40))
ts = []
for _ in range(200):
    t = time.perf_counter(); win.blit(src, (0, 0)); ts.append(time.perf_counter() - t)
out["blit"] = statistics.median(ts) * 1000
print(json.dumps(out))
"""

MEMORY_CODE = """
import json, sys


def peak_kb():
    # The high-water mark of this process's own memory (VmHWM starts afresh at exec;
    # ru_maxrss would carry the parent's size at the fork).
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss



from game.ai import make_controller
from game.maps import load_map
from game.squads import map_squads
from game.world.actions import Hold
from game.world.match import Match
from game.flow import driver
base = peak_kb()
grid = load_map({map!r})
match = Match(grid, map_squads(grid, "default", 8), seed=1)
ais = {{t: make_controller("normal", 1, t) for t in ("blue", "red")}}
while not match.over:
    for uid in driver(match).start_round():
        a, c = ais[match.view(uid).team].decide(match, uid)
        if hasattr(match.declare(uid, a, **c), "reason"):
            match.declare(uid, Hold())
    driver(match).resolve_round()
peak = peak_kb()
print(json.dumps({{"base_kb": base, "peak_kb": peak, "rounds": match.round}}))
"""


def subprocess_json(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_frame(frames: int) -> None:
    out = subprocess_json(FRAME_CODE.format(map=str(LARGEST_MAP), frames=frames))
    blit = out["blit"]
    for label in ("hover enemy (preview)", "hover tile (path)"):
        ms = out[label]
        row(f"battle frame 1280x720, open_field, all overlays, {label}, tile {out['tile px']} px",
            fmt(ms), f"one full-window blit: {fmt(blit)} ({ms / blit:.0f}x)", "4 ms",
            "met" if ms <= 4 else ("MISSED (under 16.7 ms)" if ms < 16.7 else "MISSED"))


def bench_startup(runs: int) -> None:
    cmd = [sys.executable, "-m", "game", "play", "--screenshot", "/tmp/bench_startup.png",
           "--frames", "1"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def run(c: list[str]) -> None:
        subprocess.run(c, cwd=ROOT, env=env, check=True, capture_output=True)

    ours = median_ms(lambda: run(cmd), runs)
    bare = median_ms(lambda: run([sys.executable, "-c", "import pygame"]), runs)
    row("start-up to first drawn frame (python -m game play --screenshot --frames 1)",
        fmt(ours), f"python -c 'import pygame': {fmt(bare)}", "1.5 s",
        "met" if ours <= 1500 else "MISSED")


FOG_MEMORY_CODE = MEMORY_CODE.replace(
    "grid = load_map({map!r})",
    "sys.path[:0] = [{bench!r}, {tests!r}]\nimport goals\ngrid = goals.big_map()",
).replace("seed=1)", "seed=1, fog=True)").replace("while not match.over:", "while not match.over and match.round < {rounds}:")


def bench_memory(fog_rounds: int = 20) -> None:
    out = subprocess_json(MEMORY_CODE.format(map=str(LARGEST_MAP)))
    peak = out["peak_kb"] / 1024
    row(f"peak memory (VmHWM of the process playing), one 8 v 8 match on open_field ({out['rounds']} rounds)",
        f"{peak:.0f} MB", f"after imports: {out['base_kb'] / 1024:.0f} MB", "200 MB",
        "met" if peak <= 200 else "MISSED")
    # Fog of war on a big map: each side's fields of view are remembered (a bounded number).
    out = subprocess_json(FOG_MEMORY_CODE.format(bench=str(ROOT / "bench"), tests=str(ROOT / "tests"), rounds=fog_rounds))
    peak = out["peak_kb"] / 1024
    row(f"peak memory, a fogged 8 v 8 match on the 512 x 512 map (10% walls; {out['rounds']} rounds)",
        f"{peak:.0f} MB", f"after imports: {out['base_kb'] / 1024:.0f} MB", "200 MB",
        "met" if peak <= 200 else "MISSED")


NOT_REFUSALS = re.compile(r"round_trip|generator|deterministic|failed_write|save_dir|shipped|loads"
                          r"|fresh_process|played_with_placeholders|reads_sizes|takes_it_from"
                          r"|corrected|probed_once|large_metadata")


def bench_refusals() -> None:
    """The slowest refusal of each hostile-file suite: pytest's own call durations."""
    try:
        import pytest  # noqa: F401
    except ImportError:
        row("hostile files refused", "not measured: pytest is not installed", "-", "1 s", "-")
        return
    files = ["tests/maps/test_hostile.py", "tests/maps/test_hostile_data.py",
             "tests/maps/test_hostile_properties.py", "tests/maps/test_images.py", "tests/test_saves.py",
             "tests/test_catalogue_files.py"]
    out = subprocess.run([sys.executable, "-m", "pytest", *files, "-q", "-p", "no:cacheprovider",
                          "--durations=0", "--durations-min=0"], cwd=ROOT, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    for f in files:
        calls = [(float(m.group(1)), m.group(2)) for m in
                 re.finditer(r"^([\d.]+)s call\s+(" + re.escape(f) + r"::\S+)", out.stdout, re.M)
                 if not NOT_REFUSALS.search(m.group(2))]
        if not calls:
            row(f"hostile files refused: {f}", "no timings", "-", "1 s", "?")
            continue
        worst = max(calls)
        row(f"hostile files refused: {f} ({len(calls)} tests, slowest {worst[1].split('::')[1]})",
            f"{worst[0] * 1000:.0f} ms", "-", "1 s", "met" if worst[0] <= 1 else "MISSED")
    if "failed" in out.stdout.splitlines()[-1]:
        print("  note: " + out.stdout.splitlines()[-1])


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{os.cpu_count()} CPUs ({cpu}), Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}"
            + (f", tcod {tcod.__version__}" if tcod is not None else ", tcod not installed"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats (about a minute)")
    ap.add_argument("--markdown", metavar="PATH", help="also write the table as Markdown")
    args = ap.parse_args()
    q = args.quick
    if tcod is None:
        print("tcod is not installed: the reference columns are empty (pip install tcod)")
    print(machine())
    ys = goals.Yardstick()
    print(f"yardstick (bench/yardstick.py): {ys.take():.1f} ms", flush=True)
    for size in (128, 256):
        bench_paths(size, 5 if q else 21)
    bench_sight(5 if q else 21)
    bench_round(1 if q else 3)
    bench_matches(6 if q else 20, 1 if q else 3)
    if tcod is not None:
        from fog import bench_fog

        bench_fog(5 if q else 21, 4 if q else 10, ROOT, row, median_ms, fmt, ratio_verdict)
    bench_frame(30 if q else 100)
    bench_startup(3 if q else 7)
    bench_memory()
    bench_refusals()
    goals.rounds_8v8(ys, row, 20, 1 if q else 3)  # the goal is 20 matches: fewer would weigh the first (the map's tables and memos filling) more
    goals.round_64v64(ys, row)
    goals.map_512(ys, row, 3 if q else 8)
    goals.window(ys, row, 30 if q else 60)
    ys.take()
    row(f"the yardstick: pure-Python Dijkstra, 120x120, 20% walls, median of 7 (taken {len(ys.times)} "
        f"times in this run: {', '.join(f'{t:.0f}' for t in ys.times)} ms)", f"{ys.ms:.1f} ms",
        "-", "-", "the unit of the ratios above")
    lines = ["| what | ours (median) | reference or ratio, same run | goal | verdict |",
             "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(r) + " |" for r in ROWS]
    print()
    print("\n".join(lines))
    if args.markdown:
        Path(args.markdown).write_text(f"{machine()}\n\nyardstick: {ys.ms:.1f} ms (median of {len(ys.times)})\n\n"
                                       + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
