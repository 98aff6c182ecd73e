"""Issue 32: floats that do not cover each other ("+5 wounds" over "+2 wounds"); every enemy
the selected unit sees marked with its chance to hit; numbers printed rounded and no raw ids
on screen (the log and saves keep their own words)."""

import pygame
from textboxes import Recorder, instrument
from uihelp import CROSSROADS, ruleset_battle

from game.ui.camera import Camera
from game.ui.effects import Effect, Effects
from game.ui.panels import pct
from game.ui.words import readable


def test_floats_over_one_unit_and_its_neighbour_do_not_overlap():
    cam = Camera((20, 20), (32,), pygame.Rect(0, 0, 640, 640))
    fx = Effects()
    # one unit hit in two steps (the second float starts while the first still rises), a
    # neighbour hit at the same time, and two labels of one step
    for start, tile, label, row in ((0, (5, 5), "+5 wounds", 0), (150, (5, 5), "+2 wounds", 0),
                                    (150, (6, 5), "+1 stun", 0), (150, (5, 5), "DOWN", 1)):
        fx.add(Effect("text", start, 2000, (tile[0] + 0.5, tile[1] + 0.5), None, (255, 0, 0), label, size=22,
                      extra={"row": row}))
    for now in (200, 700, 1500):
        boxes = list(fx.float_boxes(cam, now).values())
        assert len(boxes) == 4
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not a.colliderect(b), (now, a, b)
    fx.draw(pygame.Surface((640, 640)), cam, 700)  # and they draw there


def test_every_enemy_in_sight_is_marked_with_its_chance_to_hit(app, monkeypatch):
    instrument(monkeypatch)
    screen = ruleset_battle(app, "yags", path=CROSSROADS)
    m = screen.match
    uid = screen.selected
    seen = {e.uid for e in m.sight.visible_enemies(uid)}
    assert seen
    marks = screen.view.chances(uid, seen)
    assert set(marks) == seen
    for target, mark in marks.items():
        attack = screen.choice.attack(uid, target)
        p = m.rules.preview(m.preview_request(uid, target, attack.mode, dict(attack.options)))
        refused = hasattr(m.check(uid, attack), "reason") or hasattr(p, "reason")
        assert mark == ("no shot" if refused else pct(p.p_hit))
    canvas = Recorder(app.size())
    screen.draw(canvas)
    drawn = [b for b in canvas.boxes if b.on_map and (b.text.endswith("%") or b.text == "no shot")]
    for target in seen:
        r = screen.camera.tile_rect(m.view(target).pos)
        if screen.map_rect.contains(r):
            assert any(abs(b.rect.centerx - r.centerx) < r.w and r.y - 24 <= b.rect.y <= r.y for b in drawn), target


def test_readable_rounds_numbers_and_words_ids():
    assert readable("Ex-3 at 6.32456 m") == "Ex-3 at 6.3 m"
    assert readable("concussion_grenade, concussion_grenade") == "2 x concussion grenade"
    assert readable("shot attack on Pvt Hale (all_out True)") == "shot attack on Pvt Hale (all out)"
    assert readable("74.2428 m is beyond the Pistol's long range (50 m)").startswith("74.2 m ")
    assert readable("saved to /tmp/my_game.json") == "saved to /tmp/my_game.json"  # paths stay as they are
    assert readable("d100 (45) vs Combat Style 70; 0.5 m") == "d100 (45) vs Combat Style 70; 0.5 m"


def test_the_panel_and_the_log_read_plainly(app, monkeypatch):
    instrument(monkeypatch)
    screen = ruleset_battle(app, "step", path=CROSSROADS)
    canvas = Recorder(app.size())
    screen.draw(canvas)
    import re

    for b in canvas.boxes:
        assert not re.search(r"\b[a-z]+_[a-z]+\b", b.text) or "/" in b.text, b.text
        assert not re.search(r"\d\.\d{3,}", b.text), b.text
