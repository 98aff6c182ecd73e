"""UI test helpers: the crossroads map, and a battle driven by posted pygame events.

UI tests import these from here (`from uihelp import ...`): a module named `conftest` is
ambiguous when pytest collects tests/ai and tests/ui in one run (each folder has its own
conftest.py, and the last one imported is the one `import conftest` finds)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CROSSROADS = os.path.join(ROOT, "maps", "crossroads.tmx")


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
