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


def open_menu(app):
    """Esc opens the pause menu (over a battle with nothing chosen to drop)."""
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    assert app.screen.menu is not None


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


# --- other rulesets' matches, played by keys and clicks -------------------------------------

STREET = os.path.join(ROOT, "maps", "street.tmx")
MODE_KEYS = {"burst": pygame.K_2, "shot": pygame.K_1, "melee": pygame.K_1}


def ruleset_battle(app, ruleset, seed=3, path=STREET):
    """A solo skirmish under `ruleset` (yags-sf, step, ...), opened in the app."""
    from game.session import SessionConfig
    from game.ui.app import new_session

    cfg = SessionConfig(path, "solo", "normal", seed, ruleset=ruleset)
    return app.battle(cfg, new_session(cfg))


def best_attack(m, uid):
    """The attack on an enemy in sight that the ruleset expects to do the most harm:
    (harm, enemy view, mode), or None."""
    from game.world.actions import Attack

    best = None
    for e in m.sight.visible_enemies(uid):
        for mode in ("burst", "shot", "melee"):
            p = m.preview(uid, e.uid, mode, {})
            if hasattr(p, "reason") or hasattr(m.check(uid, Attack(e.uid, mode, {})), "reason"):
                continue
            harm = m.rules.expected_harm(p)
            if best is None or harm > best[0]:
                best = (harm, e, mode)
    return best


def attack_by_keys(app, screen, enemy, mode):
    """Pick the attack mode by its key, bring the enemy into view and click it."""
    post_key(MODE_KEYS[mode])
    app.frame(16)
    screen.camera.centre_on(enemy.pos)
    post_click(screen.camera.centre(enemy.pos))


def declare_by_keys(app, screen, stand_up=False):
    """Declare for the selected unit as a player would: stand up (P) when prone, with
    `stand_up`; reload (R) an empty weapon that has spare magazines; else the attack that
    `best_attack` finds, by its key and a click; else hold (H). Runs a frame; returns what it
    declared (stand, reload, hold or the attack's mode)."""
    m = screen.match
    uid = screen.selected
    v = m.view(uid)
    best = best_attack(m, uid)
    if stand_up and v.stance == "prone":
        key = "stand"
        post_key(pygame.K_p)
    elif v.ammo is not None and v.ammo.loaded == 0 and v.ammo.magazines:
        key = "reload"
        post_key(pygame.K_r)
    elif best is None:
        key = "hold"
        post_key(pygame.K_h)
    else:
        _, enemy, key = best
        attack_by_keys(app, screen, enemy, key)
    app.frame(16)
    return key


def pick_esc_row(app, row):
    """In the open Esc menu, move to `row` with the arrow keys and press Enter."""
    from game.ui.escmenu import ROWS

    menu = app.screen.menu
    while menu.row != ROWS.index(row):
        post_key(pygame.K_DOWN)
        app.frame(16)
    post_key(pygame.K_RETURN)
    app.frame(16)


def ai_declares_round(session, seed=77):
    """Every unit of the session's round declared by the normal AI through the session, the
    seat handed over as the players would (a refused declaration holds). Returns how many
    hand-over screens stood between the sides."""
    from game.ai import make_controller
    from game.world.actions import Hold

    players = {t: make_controller("normal", seed, t) for t in session.humans}
    rnd, handovers = session.match.round, 0
    while session.match.round == rnd and not session.needs_round and not session.match.over:
        if session.handover:
            handovers += 1
            session.take_seat()
            continue
        if session.ai_waiting:
            session.release_ai()
            continue
        uid = session.current()
        if uid is None:
            break
        action, choices = players[session.team_of(uid)].decide(session.match, uid)
        if hasattr(session.declare(uid, action, **choices), "reason"):
            session.declare(uid, Hold())
    return handovers
