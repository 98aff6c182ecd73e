"""AI tests: grids from ASCII pictures (tests/world/gridfactory.py), one esper world a match."""

import sys
from pathlib import Path

import esper
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "world"))

from game.world.match import Match  # noqa: E402


@pytest.fixture
def new_match():
    made: list[Match] = []

    def make(grid, squads, seed=1, **kw):
        m = Match(grid, squads, seed=seed, **kw)
        made.append(m)
        return m

    yield make
    for m in made:
        m.close()
    esper.switch_world("default")
