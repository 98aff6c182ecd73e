"""Headless AI-against-AI matches: the engine of `skirmish simulate` and the tactics lab."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import make_controller
from game.maps import load_map
from game.maps.grid import GridMap
from game.squads import check_squads, map_squads
from game.world.actions import Hold
from game.world.match import Match

DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "crossroads.tmx"


@dataclass(frozen=True)
class MatchSpec:
    map_path: str
    seed: int
    blue_ai: str = "normal"
    red_ai: str = "normal"
    squad: str = "default"
    size: int | None = None


def play_match(grid: GridMap, spec: MatchSpec, on_round: Callable[[Match], None] | None = None) -> dict[str, Any]:
    """Play one match to the end; the record for the JSON `battles` list."""
    squads = map_squads(grid, spec.squad, spec.size)
    match = Match(grid, squads, seed=spec.seed)
    try:
        ais = {"blue": make_controller(spec.blue_ai, spec.seed, "blue"),
               "red": make_controller(spec.red_ai, spec.seed, "red")}
        while not match.over:
            for uid in match.start_round():
                v = match.view(uid)
                action, choices = ais[v.team].decide(match, uid)
                if hasattr(match.declare(uid, action, **choices), "reason"):
                    match.declare(uid, Hold())
            match.resolve_round()
            if on_round is not None:
                on_round(match)
        r = match.result()
        return {"seed": spec.seed, "winner": r.winner, "rounds": r.rounds,
                "survivors": r.survivors, "casualties": r.casualties}
    finally:
        match.close()


def _run_one(spec: MatchSpec) -> dict[str, Any]:
    grid = load_map(spec.map_path)
    return play_match(grid, spec)


def simulate(map_path: str | os.PathLike, runs: int, seed: int, *, jobs: int = 1, blue_ai: str = "normal",
             red_ai: str = "normal", squad: str = "default", size: int | None = None) -> dict[str, Any]:
    """Run `runs` matches with seeds seed, seed+1, ...; the same seed gives the same record,
    whatever `jobs` is (apart from `seconds`)."""
    grid = load_map(map_path)  # fail fast, before any worker starts
    check_squads(grid, map_squads(grid, squad, size))
    specs = [MatchSpec(str(map_path), seed + i, blue_ai, red_ai, squad, size) for i in range(runs)]
    start = time.perf_counter()
    if jobs <= 1 or runs <= 1:
        battles = [play_match(grid, s) for s in specs]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            battles = list(pool.map(_run_one, specs, chunksize=max(1, runs // (jobs * 4))))
    seconds = time.perf_counter() - start
    wins = {"blue": 0, "red": 0, "draw": 0}
    for b in battles:
        wins[b["winner"]] += 1
    return {
        "map": str(map_path), "map_name": grid.name, "runs": runs, "seed": seed,
        "blue_ai": blue_ai, "red_ai": red_ai, "wins": wins,
        "mean_rounds": round(sum(b["rounds"] for b in battles) / max(1, runs), 3),
        "seconds": round(seconds, 3), "battles": battles,
    }
