"""Issue 32: the keys live in one keymap (game/ui/keymap.py) that the help, the buttons and the
input read; Home fits the whole map (and goes back); the camera starts on the unit whose turn
it is, at a zoom where a unit is at least 28 px across, and follows the turn."""

import os

import pygame
import pytest
from uihelp import ROOT, post_key, ruleset_battle

from game.ui import actionbar as bar
from game.ui import keymap as km
from game.ui import rulesheets
from game.ui.camera import READABLE_PX

RULESETS = ("yags", "yags-sf", "mythras", "step")
WOOD = os.path.join(ROOT, "maps", "wood.tmx")


def test_no_key_does_two_things():
    seen: dict[int, str] = {}
    for action, (keys, _) in km.KEYS.items():
        for k in keys:
            assert k not in seen, (action, seen.get(k))
            seen[k] = action


@pytest.mark.parametrize("ruleset", RULESETS)
def test_buttons_and_help_name_the_keys_the_keymap_binds(app, ruleset):
    screen = ruleset_battle(app, ruleset)
    m = screen.match
    help_keys = " / ".join(k for k, _ in km.help_rows(ruleset)).split(" / ")
    unused = rulesheets.unused_words(m.rules)  # greyed with the reason, not in the help
    for v in m.units():
        for b in bar.player_buttons(m, v.uid, screen.choice.state(v.uid)):
            action = km.action_of(b.key)
            assert action is not None, b
            assert b.label.startswith(km.name(action) + " "), (b.label, action)
            intent = bar.BUTTON_INTENTS.get(b.key)
            if action in unused:
                assert not b.enabled and b.tip == unused[action]
            elif intent is not None and bar.ruleset_refusal(m, v.uid, *intent):
                assert not b.enabled  # (step dice: no aimed shot, no first aid)
            else:
                assert km.name(action) in help_keys, (ruleset, b.label)


def test_a_key_does_what_its_button_does(app, battle):
    """The input reads the keymap: the attack mode keys choose what the buttons light."""
    screen = battle()
    for action, mode in (("burst", "burst"), ("area", "area"), ("shot", "shot")):
        post_key(km.key(action))
        app.frame(16)
        lit = {b.key for b, _ in screen.choice.buttons() if b.active}
        assert screen.choice.attack_mode == mode and km.key(action) in lit


def test_the_camera_starts_on_the_unit_to_declare_with_units_28_px_across(app):
    screen = ruleset_battle(app, "yags", path=WOOD)
    cam, m = screen.camera, screen.match
    assert app.window.get_size() == (1280, 720)
    assert cam.tile_px >= READABLE_PX and not cam.whole()
    cur = screen.session.current()
    assert screen.map_rect.contains(cam.tile_rect(m.view(cur).pos))


def test_home_fits_the_whole_map_and_again_goes_back_to_the_unit(app):
    screen = ruleset_battle(app, "yags", path=WOOD)
    cam, m = screen.camera, screen.match
    post_key(km.key("fit_map"))
    app.frame(16)
    assert cam.whole() and cam.map_area().w <= screen.map_rect.w
    assert screen.map_rect.contains(cam.map_area())
    post_key(km.key("fit_map"))
    app.frame(16)
    assert cam.tile_px >= READABLE_PX
    assert screen.map_rect.contains(cam.tile_rect(m.view(screen.selected).pos))


def test_the_camera_follows_the_turn_after_the_player_panned_away(app):
    screen = ruleset_battle(app, "yags", path=WOOD)
    cam, m, s = screen.camera, screen.match, screen.session
    first = s.current()
    for _ in range(40):  # pan far away from it
        post_key(pygame.K_RIGHT)
        post_key(pygame.K_DOWN)
    app.frame(16)
    cam.pan(10_000, 10_000)
    post_key(km.key("hold"))  # the unit declares; the turn passes on
    app.frame(16)
    for _ in range(50):
        if s.current() not in (None, first) and s.can_declare(s.current()):
            break
        app.frame(16)
    nxt = s.current()
    assert nxt not in (None, first)
    assert screen.map_rect.contains(cam.tile_rect(m.view(nxt).pos)), (m.view(nxt).pos, cam.ox, cam.oy)
