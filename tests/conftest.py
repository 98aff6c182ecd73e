"""Test setup: headless SDL, set before anything imports pygame; the `new_match` fixture (each
test's matches get their own esper worlds, deleted afterwards)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def new_match():
    from game.world.match import Match

    made: list[Match] = []

    def make(grid, squads, seed=1, **kw):
        m = Match(grid, squads, seed=seed, **kw)
        made.append(m)
        return m

    yield make
    for m in made:
        m.close()
    esper.switch_world("default")
