"""Each test's matches get their own esper worlds, deleted afterwards."""

import esper
import pytest

from game.world.match import Match


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
