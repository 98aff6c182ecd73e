"""The goals of issue 20 (speed at scale), each a ratio to the yardstick timed in the same run
(bench/yardstick.py): whole 8 v 8 matches on the default map by the round, a 64 v 64 round on
the open field, a 512 x 512 map (set-up, worst decision, worst round), and the window (zoom
steps and frames with 128 units). `python bench/run.py` prints them with the other rows;
`python bench/goals.py` prints these alone; `--cpu` times the yardstick and the play in this
process's CPU time instead of the wall clock (on a loaded machine, where wall-clock figures
are noise; the window's figures are still the wall clock, in a process of their own).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from yardstick import yardstick_ms  # noqa: E402

DEFAULT_MAP = ROOT / "maps" / "crossroads.tmx"
OPEN_FIELD = ROOT / "maps" / "open_field.tmx"
Row = Callable[[str, str, str, str, str], None]
CLOCK: Callable[[], float] = time.perf_counter  # --cpu: time.process_time


class Yardstick:
    """The yardstick, timed before and between the measurements: figures are divided by the
    median of every time it was taken (the machine's load moves both alike)."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def take(self) -> float:
        self.times.append(yardstick_ms(clock=CLOCK))
        return self.times[-1]

    @property
    def ms(self) -> float:
        if not self.times:
            self.take()
        return statistics.median(self.times)

    def of(self, ms: float) -> float:
        return ms / self.ms


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


EIGHT_CODE = """
import importlib, json, pkgutil, sys, time
import engine, game
# The code loaded first, as a player's second run finds it compiled: imports are not rounds.
for pkg in (engine, game):
    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        if not (m.name.startswith("game.ui") or m.name.endswith("__main__")):
            importlib.import_module(m.name)
from game.lab.simulate import simulate
clock = time.process_time if {cpu} else time.perf_counter
t0 = clock()
r = simulate({map!r}, {runs}, seed=1, jobs=1)
print(json.dumps({{"seconds": clock() - t0, "rounds": sum(b["rounds"] for b in r["battles"])}}))
"""


def rounds_8v8(ys: Yardstick, row: Row, runs: int = 20, repeats: int = 3) -> None:
    """`skirmish simulate --runs 20 --jobs 1` on the default map: time a round (the matches'
    time over their rounds), median of `repeats`. Each repeat is a process of its own, as a
    user's run is: the map loaded and every memo (the cover, the sight lines, the previews, the
    walking fields) starting empty, not warm from the repeat before (the code is imported
    before the clock starts)."""
    per_round, rates = [], []
    code = EIGHT_CODE.format(cpu=CLOCK is time.process_time, map=str(DEFAULT_MAP), runs=runs)
    for _ in range(repeats):
        ys.take()
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                             check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        got = json.loads(out.stdout.strip().splitlines()[-1])
        seconds = got["seconds"]
        per_round.append(seconds * 1000 / got["rounds"])
        rates.append(runs / seconds)
    ms = statistics.median(per_round)
    row(f"8 v 8 crossroads, simulate --runs {runs} --jobs 1: a round (median of {repeats}, each a fresh "
        f"process; {statistics.median(rates):.2f} matches/s)", f"{ms:.2f} ms", f"{ys.of(ms):.3f} yardsticks",
        "0.28 yardsticks", _verdict(ys.of(ms) <= 0.28))


def _play(match, ais, rounds: int | None = None, on_decision: Callable[[float], None] | None = None) -> list[float]:
    """Play `match` (to its end, or `rounds` rounds) with the turn driver; each round's time."""
    from game.flow import Flow

    class Timed:
        def __init__(self, ai) -> None:
            self.ai = ai

        def choose(self, m, question):
            t0 = CLOCK()
            out = self.ai.choose(m, question)
            if on_decision is not None and question.kind in ("declare", "act"):
                on_decision(CLOCK() - t0)
            return out

    flow = Flow(match, {team: Timed(ai) for team, ai in ais.items()})
    times = []
    while not match.over and (rounds is None or len(times) < rounds):
        t0 = CLOCK()
        flow.play_round()
        times.append(CLOCK() - t0)
    return times


def round_64v64(ys: Yardstick, row: Row, seed: int = 1) -> None:
    """One 64 v 64 match on the open field (normal AI both sides), every round timed (the set-up
    apart): the median and the worst round."""
    from game.ai import make_controller
    from game.maps import load_map
    from game.squads import map_squads
    from game.world.match import Match

    grid = load_map(OPEN_FIELD)
    ys.take()
    match = Match(grid, map_squads(grid, "default", 64), seed=seed)
    try:
        times = _play(match, {t: make_controller("normal", seed, t) for t in ("blue", "red")})
    finally:
        match.close()
    ys.take()
    med, worst = statistics.median(times) * 1000, max(times) * 1000
    row(f"64 v 64 open field, normal AI: a round ({len(times)} rounds, seed {seed})",
        f"{med:.0f} ms", f"{ys.of(med):.2f} yardsticks", "3 yardsticks", _verdict(ys.of(med) <= 3))
    row("64 v 64 open field: the worst round", f"{worst:.0f} ms", f"{ys.of(worst):.2f} yardsticks",
        "10 yardsticks", _verdict(ys.of(worst) <= 10))


def big_map(seed: int = 3, size: int = 512, walls: float = 0.1):
    """A `size` x `size` map by the tests' map generator (tests/randmap.py): `walls` of the
    tiles walls, the rest open, spawn zones at the west and east edges, never cut in two."""
    from randmap import random_map

    grid = random_map(random.Random(seed), width=size, height=size, max_rounds=100,
                      weights={"open": 1 - walls, "wall": walls}, split=False)
    return grid


def map_512(ys: Yardstick, row: Row, rounds: int = 8) -> None:
    """The 512 x 512 map, 8 a side: set-up (the match made, its tables built), then `rounds`
    rounds: the worst AI decision and the worst round."""
    from game.ai import make_controller
    from game.squads import map_squads
    from game.world.match import Match

    grid = big_map()
    ys.take()
    t0 = CLOCK()
    match = Match(grid, map_squads(grid, "default", 8), seed=1)
    setup = CLOCK() - t0
    decisions: list[float] = []
    try:
        times = _play(match, {t: make_controller("normal", 1, t) for t in ("blue", "red")}, rounds,
                      decisions.append)
    finally:
        match.close()
    ys.take()
    row("512 x 512 map, 10% walls, 8 a side: set-up (the match made, its tables built)",
        f"{setup:.2f} s", f"{ys.of(setup * 1000):.1f} yardsticks", "1.5 s", _verdict(setup <= 1.5))
    worst_d = max(decisions) * 1000
    row(f"512 x 512: the worst AI decision ({len(decisions)} decisions, {len(times)} rounds)",
        f"{worst_d:.0f} ms", f"{ys.of(worst_d):.2f} yardsticks", "100 ms", _verdict(worst_d <= 100))
    worst_r = max(times)
    row(f"512 x 512: the worst round ({len(times)} rounds)", f"{worst_r * 1000:.0f} ms",
        f"{ys.of(worst_r * 1000):.1f} yardsticks", "1 s", _verdict(worst_r <= 1.0))


WINDOW_CODE = """
import json, os
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.ui.bench import frame_times
print(json.dumps(frame_times({map!r}, frames={frames}, units=64)))
"""


def window(ys: Yardstick, row: Row, frames: int = 60) -> None:
    """The battle screen at 1280 x 720 with 128 units on the open field, headless (SDL's dummy
    drivers): each frame with every overlay, and every zoom step after the first second."""
    out = subprocess.run([sys.executable, "-c", WINDOW_CODE.format(map=str(OPEN_FIELD), frames=frames)],
                         cwd=ROOT, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    got = json.loads(out.stdout.strip().splitlines()[-1])
    frames_ms = {k: v for k, v in got.items() if k not in ("tile px", "worst frame zooming in and out",
                                                           "zoom steps")}
    worst_label = max(frames_ms, key=frames_ms.get)
    worst = frames_ms[worst_label]
    row(f"window 1280x720, 128 units, every overlay: the slowest frame kind ({worst_label}; median "
        f"of {frames})", f"{worst:.2f} ms", f"{ys.of(worst):.3f} yardsticks", "4 ms", _verdict(worst < 4))
    steps = got["zoom steps"]
    row(f"window, 128 units: the worst zoom step after the first second ({len(steps)} steps, "
        f"median {statistics.median(steps):.1f} ms)", f"{max(steps):.1f} ms",
        f"{ys.of(max(steps)):.3f} yardsticks", "8 ms", _verdict(max(steps) < 8))


def main(argv: list[str] | None = None) -> None:
    import argparse

    global CLOCK
    ap = argparse.ArgumentParser(description="issue 20's goals, each as a ratio to the yardstick")
    ap.add_argument("--cpu", action="store_true", help="time in this process's CPU time, not the wall clock")
    if ap.parse_args(argv).cpu:
        CLOCK = time.process_time
        print("clock: CPU time of this process (the window: wall clock)")
    ys = Yardstick()

    def row(what: str, ours: str, ref: str, goal: str, verdict: str) -> None:
        print(f"  {what}: {ours} | {ref} | {goal} | {verdict}", flush=True)

    print(f"yardstick: {ys.take():.1f} ms")
    rounds_8v8(ys, row)
    round_64v64(ys, row)
    map_512(ys, row)
    window(ys, row)
    print(f"yardstick: median {ys.ms:.1f} ms of {len(ys.times)} ({', '.join(f'{t:.0f}' for t in ys.times)})")


if __name__ == "__main__":
    main()
