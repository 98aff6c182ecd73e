"""UI tests' fixtures: a battle opened in the headless window (`battle`; the window, `app`,
comes from tests/conftest.py).

The helpers (post_click, post_key, click_tile, end_turn, move_to, ROOT, CROSSROADS) live in
tests/ui/uihelp.py: new tests import them from there (`from uihelp import ...`). They are
re-exported here only so that older tests saying `from conftest import ...` keep working
when tests/ui is collected alone or last."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from uihelp import (  # noqa: E402, F401  (re-exported for older tests, see above)
    CROSSROADS,
    ROOT,
    click_tile,
    end_turn,
    move_to,
    post_click,
    post_key,
)

from game.session import SessionConfig  # noqa: E402
from game.ui.app import new_session  # noqa: E402


@pytest.fixture
def battle(app):
    """A solo skirmish on the crossroads, seed 1, opened in the app."""

    def open_battle(mode="solo", max_rounds=None, seed=1, path=CROSSROADS, fog=False):
        cfg = SessionConfig(path, mode, "normal", seed, max_rounds=max_rounds, fog=fog)
        return app.battle(cfg, new_session(cfg))

    return open_battle
