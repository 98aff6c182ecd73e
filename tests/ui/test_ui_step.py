"""A step-die skirmish in the window, played by posted events as a player would: the buttons
name the sheet's attacks, the unit sheet and the preview read step dice (dice, life points,
the attack and defence dice, the range band's step), the player answers the unstated
defence question through the prompt, the match reaches the results screen, and the save
replays it with those answers."""

import pygame
from uihelp import STREET, declare_by_keys, post_click, post_key, ruleset_battle

from game.saves import load_game, save_game
from game.ui.battle import BattleScreen
from game.ui.menus import ResultsScreen
from game.ui.panels import preview_lines, unit_lines


def test_the_buttons_the_sheet_and_the_preview_speak_step_dice(app):
    """Special Attacks and Defenses: Q and E are the limb and vital area attacks; the sheet
    shows dice and life points (Vitality + Willpower); the preview, the range band's step
    (Range and cover) and the dice on each side."""
    screen = ruleset_battle(app, "step")
    m = screen.match
    assert m.rules.name == "step"
    labels = {b.label for b, _ in screen.choice.buttons()}
    assert {"Q limb", "E vital", "2 burst", "4 autofire"} <= labels
    uid = screen.selected
    sheet = [t for t, _, _ in unit_lines(m, uid)]
    assert any(t.startswith("stun 0, wounds 0 of ") for t in sheet), sheet
    assert any(t.startswith("life points ") and "bleeding and -2 steps" in t for t in sheet), sheet
    assert any("Agi d" in t for t in sheet) and any("guns d" in t for t in sheet)
    enemy = min((v for v in m.units() if v.team != m.view(uid).team),
                key=lambda v: m.topology.distance_m(v.pos, m.view(uid).pos))
    preview = preview_lines(m, uid, enemy.uid, "shot", {}, check=False)
    assert any("range" in t and ("step" in t or "beyond" in t) for t in preview), preview


def test_a_whole_step_match_by_posted_events_and_the_save_replays_it(app, tmp_path):
    """A whole match in the window: declarations by keys and clicks, the defence question
    answered by a key (Initiative and Actions: an unstated dodge, carried into next round),
    the results screen; the save replays to the same log."""
    ruleset_battle(app, "step")
    declared: dict[str, int] = {}
    asked = 0
    session = None
    for _ in range(6000):
        screen = app.screen
        if not isinstance(screen, BattleScreen):
            break
        s, m = screen.session, screen.match
        session = s
        q = s.question
        if m.over:
            break
        if q is not None and q.kind == "reaction":
            asked += 1
            keys = [o.key for o in q.options]
            assert keys[0] == "innate" and screen.prompt.question() is q
            post_key(pygame.K_2 if len(keys) > 1 else pygame.K_1)  # dodge (or block)
        elif screen.selected is not None and s.can_declare(screen.selected) and not screen.play.busy():
            uid, rnd = screen.selected, m.round
            key = declare_by_keys(app, screen)
            declared[key] = declared.get(key, 0) + 1
            assert m.round > rnd or m.declared(uid) is not None, screen.message
        app.frame(16)
    assert session is not None and session.match.over, f"the match did not end: {declared}"
    assert declared.get("burst", 0) + declared.get("shot", 0) > 0
    assert asked > 0
    answers = [kind for r in session.history for _, kind, _ in r.answers]
    assert "reaction" in answers
    path = save_game(session, tmp_path / "step.json")
    again = load_game(path)
    assert again.match.rules.name == "step"
    assert again.match.log.lines() == session.match.log.lines()
    again.match.close()
    for _ in range(50):
        if isinstance(app.screen, ResultsScreen):
            break
        post_click(app.screen.map_rect.center)
        app.frame(16)
    assert isinstance(app.screen, ResultsScreen)


def test_the_menus_ruleset_row_starts_a_step_skirmish(app):
    """Issue 16: the new-skirmish menu's ruleset row offers the step-die system; the
    skirmish it starts plays under it."""
    menu = app.screen
    menu.maps = [STREET]
    menu.map_i = 0
    row = menu._row_rect(menu.ROWS.index("ruleset")).center
    for _ in range(8):
        post_click(row)
        app.frame(16)
        if menu.ruleset == "step":
            break
    assert menu.config().ruleset == "step"
    post_click(menu._row_rect(menu.ROWS.index("start")).center)
    app.frame(16)
    assert app.screen.match.rules.name == "step"


def _next_to(m, uid):
    """Bring the nearest enemy onto a free tile next to `uid` (a knockback-like thrust)."""
    me = m.view(uid)
    enemy = min((v for v in m.units() if v.team != me.team),
                key=lambda v: m.topology.distance_m(v.pos, me.pos))
    taken = m.occupied(None) if hasattr(m, "occupied") else set()
    x, y = me.pos
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        t = (x + dx, y + dy)
        if m.grid.in_bounds(*t) and m.grid.walkable(*t) and t not in taken:
            m.movement.thrust(enemy.uid, t, "is placed")
            return enemy.uid
    raise AssertionError("no free tile next to the unit")


def test_the_sheets_manoeuvres_are_keys_with_exact_chances(app, tmp_path):
    """Special Attacks and Defenses: every manoeuvre the sheet has is a key and a button that
    says what it does (M minuscule target, B disarm, K feint, J grapple or break free, L
    all-out attack); a rifleman's K is greyed (a feint is melee only). J then a click on the
    enemy next to it declares a grapple; the hover preview shows its exact chance (Agility +
    Unarmed against Agility + Strength, at or above)."""
    screen = ruleset_battle(app, "step")
    m = screen.match
    uid = screen.selected
    buttons = {b.label: b for b, _ in screen.choice.buttons()}
    assert {"M minuscule", "B disarm", "K feint", "J grapple", "L all-out"} <= set(buttons)
    assert not buttons["K feint"].enabled and "feint needs" in buttons["K feint"].tip
    assert "Agility + Unarmed" in buttons["J grapple"].tip and buttons["J grapple"].enabled
    enemy = _next_to(m, uid)
    post_key(pygame.K_j)
    app.frame(16)
    assert screen.choice.manoeuvre == "grapple"
    assert {b.label: b for b, _ in screen.choice.buttons()}["J grapple"].active
    lines = preview_lines(m, uid, enemy, "melee", {"manoeuvre": "grapple"})
    chance = m.rules.plan(m.range.request(uid, enemy, "melee", {"manoeuvre": "grapple"})).chance()
    from game.ui.panels import pct

    assert lines[0].startswith(f"grapple at {m.name(enemy)}: {pct(chance)}"), lines
    assert any(line.startswith("a hold is gained: ") for line in lines), lines
    screen.camera.centre_on(m.view(enemy).pos)
    pos = screen.camera.centre(m.view(enemy).pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(16)
    pygame.image.save(app.surface if hasattr(app, "surface") else pygame.display.get_surface(),
                      str(tmp_path / "grapple.png"))
    post_click(pos)
    app.frame(16)
    d = m.declared(uid)
    assert d is not None and d.action.mode == "melee" and d.action.options == {"manoeuvre": "grapple"}, screen.message
