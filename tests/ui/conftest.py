"""UI tests: a headless window and a battle driven by posted pygame events."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.session import SessionConfig  # noqa: E402
from game.ui.app import App, new_session  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CROSSROADS = os.path.join(ROOT, "maps", "crossroads.tmx")


@pytest.fixture
def app():
    a = App((1280, 720), playback_ms=0, watch_ms=0)
    yield a
    a._close()
    esper.switch_world("default")


@pytest.fixture
def battle(app):
    """A solo skirmish on the crossroads, seed 1, opened in the app."""

    def open_battle(mode="solo", max_rounds=None, seed=1, path=CROSSROADS, fog=False):
        cfg = SessionConfig(path, mode, "normal", seed, max_rounds=max_rounds, fog=fog)
        return app.battle(cfg, new_session(cfg))

    return open_battle


def post_click(pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))


def click_tile(app, tile):
    """Bring `tile` into view and click it; run a frame."""
    screen = app.screen
    screen.camera.centre_on(tile)
    post_click(screen.camera.centre(tile))
    app.frame(16)


def end_turn(app, ms=16):
    """Enter ends the player's declarations; when some of their units have not declared the
    game asks first (issue 18), and Enter again confirms."""
    post_key(pygame.K_RETURN)
    app.frame(ms)
    if getattr(app.screen, "dialog_kind", "") == "end_turn":
        post_key(pygame.K_RETURN)
        app.frame(ms)


def move_to(app, tile):
    """A plain move: a click stages it (issue 18: a move, then maybe an attack on the way),
    a click on the same tile declares it."""
    click_tile(app, tile)
    click_tile(app, tile)
