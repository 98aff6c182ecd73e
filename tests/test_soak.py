"""Soak run: matches on random maps with random squads and random AI levels.

Every match ends (a winner, or a draw at `max_rounds`), raises nothing, and the same seeds
give identical results when run again and when run in two worker processes. 30 matches by
default; the full soak on demand:

    SKIRMISH_SOAK=1000 python -m pytest tests/test_soak.py
"""

from __future__ import annotations

import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from randmap import box_in, play_random, random_map, random_setup, random_unit  # noqa: E402

from game.ai import make_controller  # noqa: E402
from game.flow import driver
from game.world import geometry as geo  # noqa: E402
from game.world.actions import Hold  # noqa: E402
from game.world.match import Match  # noqa: E402

SOAK = int(os.environ.get("SKIRMISH_SOAK", "30"))
SEEDS = list(range(SOAK))


@pytest.fixture(scope="module")
def first_run() -> dict[int, dict]:
    return {seed: play_random(seed) for seed in SEEDS}


def test_every_match_ends(first_run: dict[int, dict]) -> None:
    for seed, r in first_run.items():
        assert r["winner"] in ("blue", "red", "draw"), f"seed {seed}: {r}"
        assert 1 <= r["rounds"] <= r["max_rounds"], f"seed {seed}: {r}"
        if r["winner"] != "draw":
            loser = "red" if r["winner"] == "blue" else "blue"
            assert r["survivors"][loser] == 0, f"seed {seed}: {r}"


def test_same_seeds_same_results(first_run: dict[int, dict]) -> None:
    again = {seed: play_random(seed) for seed in SEEDS}
    assert again == first_run


def test_same_results_in_two_processes(first_run: dict[int, dict]) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = dict(zip(SEEDS, pool.map(play_random, SEEDS, chunksize=4), strict=True))
    assert parallel == first_run


def test_random_setups_are_varied() -> None:
    """The generator covers what the soak claims: odd sizes, boxed-in units, all AI levels."""
    sizes, boxed = set(), 0
    for seed in range(200):
        grid, squads = random_setup(seed)
        sizes.add((grid.width % 2, grid.height % 2))
        boxed += any("x" in spec for specs in squads.values() for spec in specs)
        assert 5 <= grid.width <= 60 and 5 <= grid.height <= 60
        assert grid.spawn_tiles("blue") and grid.spawn_tiles("red")
    assert sizes == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert boxed >= 10


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_boxed_in_unit_still_ends_by_max_rounds(level: str) -> None:
    """A unit walled into a pocket (no path to anyone, no sight of anyone) cannot win or be
    reached: the match still ends, as a draw, at `max_rounds`."""
    rng = random.Random(11)
    grid = random_map(rng, width=21, height=9, max_rounds=5)
    grid = box_in(box_in(grid, (1, 4)), (19, 4))
    squads = {"blue": [{**random_unit(rng, "Blue 1"), "weapon": "broad_sword", "grenades": [],
                        "x": 1, "y": 4}],
              "red": [{**random_unit(rng, "Red 1"), "weapon": "broad_sword", "grenades": [],
                       "x": 19, "y": 4}]}
    match = Match(grid, squads, seed=3)
    try:
        (a, _), (b, _) = sorted((v.pos, v.uid) for v in match.units())
        assert geo.path_to(grid, a, b) is None
        ais = {t: make_controller(level, 3, t) for t in ("blue", "red")}
        while not match.over:
            assert match.round < match.max_rounds
            for uid in driver(match).start_round():
                action, choices = ais[match.view(uid).team].decide(match, uid)
                if hasattr(match.declare(uid, action, **choices), "reason"):
                    match.declare(uid, Hold())
            driver(match).resolve_round()
        assert match.winner == "draw"
        assert match.round == match.max_rounds == 5
    finally:
        match.close()
