"""Fog of war's figures for bench/run.py (issue 17): a side's sight after a round of
movement against tcod's compute_fov for the same units, and a whole fogged match against an
unfogged one (time per round, the same seeds)."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any


def bench_fog(runs: int, matches: int, root: Path, row: Callable[..., None], median_ms: Callable[..., float],
              fmt: Callable[[float], str], ratio_verdict: Callable[..., str]) -> None:
    import numpy as np
    import tcod

    from game.ai import make_controller
    from game.lab.simulate import simulate
    from game.maps import load_map
    from game.squads import map_squads
    from game.world.match import Match

    grid = load_map(root / "maps" / "open_field.tmx")
    match = Match(grid, map_squads(grid, "default", 8), seed=4, fog=True)
    try:
        ais = {t: make_controller("normal", 4, t) for t in ("blue", "red")}
        from game.flow import Flow

        Flow(match, ais).play_round()  # a round of movement: the units stand where no field was worked out
        units = [v.pos for v in match.units(living=True)]
        vision, fov = match.vision, match.topology.fov
        transparent = fov.transparent

        def ours() -> Any:
            fov._masks.clear()
            vision._cache.clear()
            return [vision.seen_enemies(t) for t in match.teams]

        def ref() -> None:
            for pos in units:
                tcod.map.compute_fov(transparent, pos, radius=0, light_walls=True,
                                     algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)

        t_ours, t_ref = median_ms(ours, runs), median_ms(ref, runs)
        assert isinstance(transparent, np.ndarray)
        row(f"fog: both sides' sight (seen tiles and enemies) after a round of movement, {len(units)} units, "
            f"{grid.width}x{grid.height}, fields worked out afresh", fmt(t_ours),
            f"tcod compute_fov x{len(units)}: {fmt(t_ref)}", "within 2x", ratio_verdict(t_ours, t_ref))
    finally:
        match.close()
    per_round = {}
    for fog in (False, True):
        times = []
        for _ in range(3):
            rec = simulate(root / "maps" / "crossroads.tmx", matches, seed=1, jobs=1, fog=fog)
            times.append(rec["seconds"] / max(1, sum(b["rounds"] for b in rec["battles"])))
        per_round[fog] = statistics.median(times) * 1000
    r = per_round[True] / per_round[False]
    row(f"fog: whole matches 8 v 8, normal AI, crossroads ({matches} matches; time per round)",
        f"fogged {fmt(per_round[True])}", f"unfogged: {fmt(per_round[False])}", "within 1.3x",
        f"{r:.2f}x: {'met' if r <= 1.3 else 'MISSED'}")
    big = _rounds_64v64(root, rounds=10)
    r = big[True] / big[False]
    row("fog: 64 v 64, normal AI, open field, seed 1 (the median of its first 10 rounds; no goal: "
        "how fog scales with many units)", f"fogged {fmt(big[True])}", f"unfogged: {fmt(big[False])}", "-",
        f"{r:.2f}x")


def _rounds_64v64(root: Path, rounds: int) -> dict[bool, float]:
    """The median round (ms) of the first `rounds` of a 64 v 64 match on the open field, fogged
    and not (the same seed): a side's sight with many units about."""
    import time

    from game.ai import make_controller
    from game.flow import Flow
    from game.maps import load_map
    from game.squads import map_squads
    from game.world.match import Match

    grid = load_map(root / "maps" / "open_field.tmx")
    out = {}
    for fog in (False, True):
        match = Match(grid, map_squads(grid, "default", 64), seed=1, fog=fog)
        try:
            flow = Flow(match, {t: make_controller("normal", 1, t) for t in ("blue", "red")})
            times = []
            while not match.over and len(times) < rounds:
                t0 = time.perf_counter()
                flow.play_round()
                times.append(time.perf_counter() - t0)
        finally:
            match.close()
        out[fog] = statistics.median(times) * 1000
    return out


if __name__ == "__main__":
    import sys

    root = Path(__file__).resolve().parent.parent
    sys.path[:0] = [str(root), str(root / "bench")]
    import measure  # type: ignore[import-not-found]

    bench_fog(21, 6, root, measure.row, measure.median_ms, measure.fmt, measure.ratio_verdict)
