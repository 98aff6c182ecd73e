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
    from game.maps import load_map
    from game.sim import simulate
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


if __name__ == "__main__":
    import sys

    root = Path(__file__).resolve().parent.parent
    sys.path[:0] = [str(root), str(root / "bench")]
    import run  # type: ignore[import-not-found]

    bench_fog(21, 6, root, run.row, run.median_ms, run.fmt, run.ratio_verdict)
