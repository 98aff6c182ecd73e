"""A Yags SF 0.30a match in the window, played as a player would by posted events: the
buttons name its firearm attacks, the hover shows its preview, a knocked-down unit stands
up with P, and the match goes to the results screen."""

import os

import pygame
from uihelp import ROOT, post_click, post_key

from game.session import SessionConfig
from game.ui.app import new_session
from game.ui.battle import BattleScreen
from game.ui.menus import ResultsScreen
from game.ui.panels import preview_lines, unit_lines
from game.world.actions import Attack

STREET = os.path.join(ROOT, "maps", "street.tmx")
MODE_KEYS = {"burst": pygame.K_2, "shot": pygame.K_1, "melee": pygame.K_1}


def sf_battle(app, seed=3, path=STREET):
    cfg = SessionConfig(path, "solo", "normal", seed, ruleset="yags-sf")
    return app.battle(cfg, new_session(cfg))


def best_attack(m, uid):
    """The attack on an enemy in sight that the ruleset expects to do the most harm."""
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


def test_the_buttons_and_the_preview_speak_yags_sf(app):
    screen = sf_battle(app)
    m = screen.match
    assert m.rules.name == "yags-sf"
    labels = {b.label for b, _ in screen.choice.buttons()}  # the attack buttons, renamed
    assert {"Q 2 shots", "E single", "2 full auto", "3 triple"} <= labels
    uid = screen.selected
    enemy = next(v for v in m.units() if v.team != m.view(uid).team)
    sheet = [t for t, _, _ in unit_lines(m, uid)]
    assert any(t.startswith("penalties: wounds") for t in sheet) and any("soak" in t for t in sheet)
    # (the rules' breakdown alone: this enemy is out of sight, and the hover shows no chance for
    # an attack that cannot be declared, issue 18)
    preview = preview_lines(m, uid, enemy.uid, "shot", {"shot": "careful"}, check=False)
    assert any(t.startswith("range category") for t in preview)
    # the careful shot is the single shot: twice the weapon's attack bonus (the SMG's +9)
    assert m.view(uid).combatant.weapon.attack == 9
    assert any("weapon +18" in t and "2d10!" in t for t in preview), preview


def test_a_whole_yags_sf_match_by_posted_events(app):
    sf_battle(app)
    declared: dict[str, int] = {}
    for _ in range(4000):
        screen = app.screen
        if not isinstance(screen, BattleScreen):
            break
        s, m = screen.session, screen.match
        if m.over:
            post_click(screen.map_rect.center)
        elif screen.selected is not None and s.can_declare(screen.selected) and not screen.play.busy():
            uid, rnd = screen.selected, m.round
            v = m.view(uid)
            best = best_attack(m, uid)
            if v.stance == "prone":
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
                post_key(MODE_KEYS[key])
                app.frame(16)
                screen.camera.centre_on(enemy.pos)
                post_click(screen.camera.centre(enemy.pos))
            declared[key] = declared.get(key, 0) + 1
            app.frame(16)
            assert m.round > rnd or m.declared(uid) is not None, screen.message
        app.frame(16)
    results = app.screen
    assert isinstance(results, ResultsScreen), f"the match did not end: {declared}"
    assert results.result.winner in ("blue", "red")
    assert declared.get("burst", 0) + declared.get("shot", 0) + declared.get("melee", 0) > 0
