"""Test setup: headless SDL, set before anything imports pygame; the `new_match` fixture (each
test's matches get their own esper worlds, deleted afterwards) the `sessions` fixture and the `app` fixture (a
headless window, for tests/ui and the window's side of other tests)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper  # noqa: E402
import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# No timed assertions (speed is measured by bench/): Hypothesis's per-example deadline is off
# for every property test, which a loaded machine failed for no fault of the code.
settings.register_profile("skirmish", deadline=None)
settings.load_profile("skirmish")


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


@pytest.fixture
def sessions():
    """Closes the sessions a test hands it (`s = sessions(new_session(...))`) and the esper
    world afterwards."""
    made = []

    def track(s):
        made.append(s)
        return s

    yield track
    for s in made:
        s.match.close()
    esper.switch_world("default")


@pytest.fixture
def app():
    from game.ui.app import App

    a = App((1280, 720), playback_ms=0, watch_ms=0)
    yield a
    a._close()
    esper.switch_world("default")


@pytest.fixture
def never_blocks():
    """Fails the test (instead of hanging the suite) if it blocks for 10 s: for tests that
    hand a FIFO or a device to code that must refuse it without opening it."""
    import signal

    def stuck(signum, frame):
        raise TimeoutError("blocked for 10 s (a FIFO or a device was opened)")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def fifo(tmp_path):
    """A named pipe nobody writes to: opening it to read blocks for ever."""
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path
