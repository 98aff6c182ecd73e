"""Many AI-against-AI matches on one map: the engine of `skirmish simulate`.

    record = simulate("maps/crossroads.tmx", 100, 1, jobs=2)   # seeds 1..100, in seed order

Each match is played by game/sim.py (play_match); this module hands them to this process,
worker processes or a Dask cluster (game/lab/runner.py) and gathers the record.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from engine.rulesets import choose_ruleset, make_ruleset
from game.lab.inflight import Reorder
from game.lab.runner import HoldCtrlC, play_all
from game.limits import MAX_RUNS, MAX_SIZE
from game.maps import load_map
from game.sim import (
    FOG_AVAILABLE,
    FogUnavailable,
    MatchSpec,
    check_spec_tactics,
    choose_fog,
    spec_squads,
)
from game.squads import SquadError, check_size, check_squads


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during `simulate`: `record` holds the matches that finished (`runs` of them,
    `runs_asked` asked, `interrupted` true); a caller that does not catch it sees Ctrl-C."""

    def __init__(self, record: dict[str, Any]) -> None:
        super().__init__()
        self.record = record


def simulate(map_path: str | os.PathLike, runs: int, seed: int, *, jobs: int = 1, blue_ai: str = "normal",
             red_ai: str = "normal", squad: str = "default", size: int | None = None,
             blue_squad: str | None = None, red_squad: str | None = None, ruleset: str | None = None,
             fog: bool | None = False, ai_sees_all: bool | str = False, cluster: Any = None,
             blue_deployment: str | None = None, red_deployment: str | None = None,
             max_rounds: int | None = None, blue_weights: tuple[tuple[str, float], ...] = (),
             red_weights: tuple[tuple[str, float], ...] = (),
             progress: Callable[[int, int], None] | None = None,
             on_battle: Callable[[dict[str, Any]], None] | None = None, keep_battles: bool = True,
             blue_tactic: tuple[str, str] | None = None, red_tactic: tuple[str, str] | None = None,
             keep_log: bool = False) -> dict[str, Any]:
    """Run `runs` matches with seeds seed, seed+1, ...; the same seed gives the same record,
    whatever `jobs` is, or on a Dask cluster (`cluster`: its address or a Client), apart from
    `seconds`. `ruleset` None: the map's `ruleset` property, else Yags. `progress(done,
    runs)` is called as matches end; `on_battle(battle)` for each battle in seed order (with
    `keep_battles` False the record's `battles` stays empty: a long run holds no list of
    them). Matches are handed out as workers free up (game/lab/runner.py), so any count
    starts at once. Ctrl-C raises Interrupted with the record of the matches that finished.
    `keep_log`: each battle carries its event log (`event_log`, game/world/logcodec.py) for
    `on_battle` to read; it is taken out before the battle is kept in the record."""
    if not 1 <= runs <= MAX_RUNS:
        raise ValueError(f"runs must be from 1 to {MAX_RUNS:,}, not {runs:,}")
    if size is not None and not 1 <= size <= MAX_SIZE:
        raise SquadError(f"size must be from 1 to {MAX_SIZE:,}, not {size:,}")
    grid = load_map(map_path)  # fail fast, before any worker starts
    fog = choose_fog(None, None, grid, False) if fog is None else fog  # None: the map's property
    if fog and not FOG_AVAILABLE:
        raise FogUnavailable()
    if size is not None:
        check_size(grid, size)  # before a squad of `size` is built
    name = choose_ruleset(ruleset, None, grid.ruleset)
    rules = make_ruleset(name)

    def spec(i: int) -> MatchSpec:
        return MatchSpec(str(map_path), seed + i, blue_ai, red_ai, squad, size, blue_squad, red_squad, name, fog,
                         ai_sees_all, blue_deployment, red_deployment, blue_tactic, red_tactic, max_rounds,
                         blue_weights, red_weights, keep_log)

    check_squads(grid, spec_squads(grid, spec(0)), rules)
    check_spec_tactics(grid, spec(0))
    start = time.perf_counter()
    battles: list[dict[str, Any]] = []
    wins = {"blue": 0, "red": 0, "draw": 0}
    rounds = 0
    done = 0

    def take(b: dict[str, Any]) -> None:
        nonlocal rounds, done
        wins[b["winner"]] += 1
        rounds += b["rounds"]
        done += 1
        if keep_battles:
            battles.append(b)
        if on_battle is not None:
            on_battle(b)
        b.pop("event_log", None)  # bytes: not for the JSON record

    order = Reorder()
    ended = 0
    with HoldCtrlC() as guard:
        try:
            for i, battle in play_all((spec(i) for i in range(runs)), jobs=1 if runs <= 1 else jobs,
                                      cluster=cluster, grids={str(map_path): grid}, total=runs):
                with guard.hold():  # a battle is taken whole or not at all
                    for b in order.push(i, battle):
                        take(b)
                ended += 1
                if progress is not None:
                    progress(ended, runs)
            interrupted = False
        except KeyboardInterrupt:
            with guard.hold():
                for b in order.rest():
                    take(b)
            interrupted = True
    record = {
        "map": str(map_path), "map_name": grid.name, "ruleset": name, "fog": fog, "runs": done, "seed": seed,
        "blue_ai": blue_ai, "red_ai": red_ai, "squad": squad, "size": size,
        "blue_squad": blue_squad, "red_squad": red_squad, "wins": wins,
        "mean_rounds": round(rounds / max(1, done), 3),
        "seconds": round(time.perf_counter() - start, 3), "battles": battles,
    }
    if ai_sees_all:
        record["ai_sees_all"] = ai_sees_all
    for team, chosen in (("blue", blue_deployment), ("red", red_deployment)):
        if chosen:
            record[f"{team}_deployment"] = chosen
    if max_rounds is not None:
        record["max_rounds"] = max_rounds
    for team, tactic in (("blue", blue_tactic), ("red", red_tactic)):
        if tactic is not None:
            record[f"{team}_tactic"] = tactic[0]
    for team, weights in (("blue", blue_weights), ("red", red_weights)):
        if weights:
            record[f"{team}_weights"] = dict(weights)
    if interrupted:
        record.update(interrupted=True, runs_asked=runs)
        raise Interrupted(record)
    return record
