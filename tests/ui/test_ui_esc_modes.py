"""Issue 32: Esc drops the innermost choice in the making first, everywhere; the pause menu
opens only when there is none left. (Esc after 4 or 5 opened the pause menu and left area
fire on: the next click on a tile fired at it and the unit lost its move.)"""

import pygame
from uihelp import click_tile, post_click, post_key


def esc(app):
    post_key(pygame.K_ESCAPE)
    app.frame(16)


def free_tile_near(screen, uid):
    """A tile the unit may move to (a click there stages a move)."""
    me = screen.match.view(uid).pos
    reach = [t for t in screen.reach(uid) if t != me and t not in screen.match.occupied()]
    return min(reach, key=lambda t: (abs(t[0] - me[0]) + abs(t[1] - me[1]), t))


def test_esc_after_area_fire_drops_the_mode_not_the_pause_menu(app, battle):
    for key in (pygame.K_4, pygame.K_5):
        screen = battle()
        m = screen.match
        uid = screen.selected
        post_key(key)
        app.frame(16)
        assert screen.choice.area()
        esc(app)
        assert screen.menu is None and not screen.choice.area() and "dropped" in screen.message
        tile = free_tile_near(screen, uid)
        click_tile(app, tile)  # the next click stages a move; nothing is fired
        assert m.declared(uid) is None and screen.choice.staged_for(uid)
        esc(app)  # the staged move goes next
        assert screen.menu is None and not screen.choice.staged_for(uid)
        esc(app)  # nothing left: the pause menu
        assert screen.menu is not None
        esc(app)
        assert screen.menu is None


def test_esc_drops_one_choice_at_a_time_innermost_first(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    tile = free_tile_near(screen, uid)
    post_key(pygame.K_2)  # burst
    app.frame(16)
    click_tile(app, tile)  # a staged move
    post_key(pygame.K_4)  # then area fire
    app.frame(16)
    c = screen.choice
    assert c.area() and c.staged_for(uid)
    esc(app)
    assert not c.area() and c.staged_for(uid) and c.attack_mode == "shot" and screen.menu is None
    esc(app)
    assert not c.staged_for(uid) and screen.menu is None
    post_key(pygame.K_o)  # an overwatch awaiting its click
    app.frame(16)
    assert c.pending == "overwatch"
    esc(app)
    assert not c.pending and screen.menu is None
    post_key(pygame.K_2)
    app.frame(16)
    esc(app)
    assert c.attack_mode == "shot" and c.shot == "normal" and screen.menu is None
    esc(app)
    assert screen.menu is not None and m.declared(uid) is None


def test_right_click_drops_area_fire_too(app, battle):
    screen = battle()
    post_key(pygame.K_5)
    app.frame(16)
    post_click(screen.map_rect.center, button=3)
    app.frame(16)
    assert not screen.choice.area() and screen.menu is None
