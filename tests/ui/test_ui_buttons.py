"""The side panel's buttons, area and suppressive fire at a tile, changing a declaration while
the rules allow it, the reach of a hurt unit, the map picker, the log and the window size."""

import pygame
from uihelp import CROSSROADS, click_tile, end_turn, move_to, post_click, post_key

from game.ui.menus import MainMenu, map_info
from game.ui.panels import fit_label
from game.world.actions import AreaFire, Hold, Move, Reload


def button(screen, key):
    return next((b, r) for b, r in screen.choice.buttons() if b.key == key)


def test_every_action_key_has_a_button_and_clicking_it_presses_the_key(app, battle):
    screen = battle()
    keys = {b.key for b, _ in screen.choice.buttons()}
    for k in (pygame.K_1, pygame.K_q, pygame.K_e, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_r,
              pygame.K_h, pygame.K_d, pygame.K_v, pygame.K_g, pygame.K_p, pygame.K_c, pygame.K_f, pygame.K_TAB,
              pygame.K_RETURN):
        assert k in keys, pygame.key.name(k)
    for _, r in screen.choice.buttons():
        assert screen.side_rect.contains(r)
    b, r = button(screen, pygame.K_2)
    post_click(r.center)
    app.frame(16)
    assert screen.choice.attack_mode == "burst" and button(screen, pygame.K_2)[0].active
    assert not button(screen, pygame.K_1)[0].active
    b, r = button(screen, pygame.K_f)
    post_click(r.center)
    app.frame(16)
    assert screen.choice.defences == 0 and button(screen, pygame.K_f)[0].label == "F defences 0"
    uid = screen.selected
    post_click(button(screen, pygame.K_h)[1].center)
    app.frame(16)
    d = screen.match.declared(uid)
    assert isinstance(d.action, Hold) and d.ruleset_decl.defences == 0


def test_a_greyed_button_says_why_and_does_nothing(app, battle):
    screen = battle()
    uid = screen.selected
    b, r = button(screen, pygame.K_r)  # a full magazine
    assert not b.enabled and "loaded" in b.tip
    post_click(r.center)
    app.frame(16)
    assert screen.match.declared(uid) is None
    assert screen.match.check(uid, Reload()).reason in b.tip


def test_a_click_on_the_side_panel_is_not_a_click_on_the_map(app, battle):
    screen = battle()
    uid = screen.selected
    post_click((screen.side_rect.x + 5, screen.side_rect.y + 5))
    post_click((screen.log_rect.x + 5, screen.log_rect.y + 5))
    app.frame(16)
    assert screen.selected == uid and screen.match.declared(uid) is None


def test_area_fire_is_aimed_at_a_tile_and_shows_who_it_sweeps(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    tile = (enemy.pos[0], enemy.pos[1] + 1)
    assert screen.unit_at(tile) is None
    post_key(pygame.K_4)
    app.frame(16)
    screen.hover = tile
    tip = screen.view.hover_preview(app.window, uid)
    assert tip[0].startswith(f"area fire at {tile}: 30 degree arc")
    assert any(enemy.name in line for line in tip)
    post_key(pygame.K_5)
    app.frame(16)
    tip = screen.view.hover_preview(app.window, uid)
    assert tip[0].startswith(f"suppressive fire at {tile}: 60 degree arc")
    click_tile(app, tile)
    d = m.declared(uid)
    assert isinstance(d.action, AreaFire) and d.action.aim == tile and d.action.suppressive


def test_a_declaration_can_be_changed_until_the_next_unit_declares(app, battle):
    screen = battle()
    m, s = screen.match, screen.session
    names = [m.name(u) for u in s.queue]
    assert names[:5] == ["Pvt Orlov", "Pvt Okafor", "Pvt Petrenko", "Pvt Moreau", "Sgt Hale"]
    okafor, moreau, hale = s.queue[1], s.queue[3], s.queue[4]
    post_key(pygame.K_h)  # Okafor holds; red's Petrenko declares at once
    app.frame(16)
    assert screen.selected == moreau and not s.can_declare(okafor)
    reach = m.movement.reachable(moreau, "free")
    occupied = {v.pos for v in m.units()}
    tile = max((t for t in reach if t not in occupied), key=reach.get)
    move_to(app, tile)
    assert isinstance(m.declared(moreau).action, Move) and screen.selected == hale
    click_tile(app, m.view(moreau).pos)  # back to Moreau: still open to change
    assert screen.selected == moreau and s.can_change(moreau)
    post_key(pygame.K_h)
    app.frame(16)
    assert isinstance(m.declared(moreau).action, Hold) and screen.selected == hale
    post_key(pygame.K_h)  # Hale declares: Moreau's turn has passed
    app.frame(16)
    click_tile(app, m.view(moreau).pos)
    post_key(pygame.K_p)
    app.frame(16)
    assert m.view(moreau).stance != "prone" and "turn has passed" in screen.message


def test_a_later_unit_cannot_declare_before_its_turn(app, battle):
    screen = battle()
    m, s = screen.match, screen.session
    later = s.queue[4]  # Sgt Hale, after Okafor and Moreau
    click_tile(app, m.view(later).pos)
    assert screen.selected == later and not s.can_declare(later)
    assert screen.choice.buttons() == []  # nothing offered to declare
    post_key(pygame.K_h)
    app.frame(16)
    assert m.declared(later) is None and "declares later" in screen.message


def test_a_hurt_unit_whose_sprint_is_shorter_than_its_run_can_still_run(app, battle, monkeypatch):
    screen = battle()
    m = screen.match
    uid = screen.selected
    monkeypatch.setattr(m, "movement_allowance", lambda u: {"free": 6, "run": 12, "sprint": 8})
    screen.cache.clear()
    reach = screen.reach(uid)
    far = [t for t, c in reach.items() if 8 < c <= 12 and screen.unit_at(t) is None]
    assert far, "no tile between the sprint and the run allowance"
    move_to(app, far[0])
    d = m.declared(uid)
    assert isinstance(d.action, Move) and d.action.mode == "run" and d.action.path[-1] == far[0]


def test_a_new_round_selects_its_first_declarer(app, battle):
    screen = battle()
    s = screen.session
    post_key(pygame.K_TAB)
    post_key(pygame.K_TAB)
    app.frame(16)
    end_turn(app)
    app.frame(16)
    assert screen.match.round == 2
    assert screen.selected == s.current() and s.can_declare(screen.selected)


def test_the_map_picker_lists_maps_and_a_click_picks_one(app):
    menu = app.screen
    assert isinstance(menu, MainMenu)
    names = [p.rsplit("/", 1)[-1] for p in menu.maps]
    assert "open_field.tmx" in names and "crossroads.tmx" in names
    i = names.index("open_field.tmx")
    post_click(menu._map_rect(i).center)
    app.frame(16)
    assert menu.map_path().endswith("open_field.tmx") and menu.config().map_path.endswith("open_field.tmx")
    info = map_info(menu.map_path(), (300, 200))
    assert info.name == "Open Field" and "120 x 120 tiles" in info.facts and info.thumb is not None
    assert info.thumb.get_width() <= 300 and info.thumb.get_height() <= 200
    # a custom path wins over the list, and a bad one is reported on the picker
    menu.row = menu.ROWS.index("path")
    for ch in "/nowhere/x.tmx":
        post_key(0, ch)
    app.frame(16)
    assert menu.map_path() == "/nowhere/x.tmx" and "file not found" in map_info(menu.map_path()).error


def test_mouse_clicks_change_menu_rows(app):
    menu = app.screen
    before = menu.mode
    post_click(menu._row_rect(menu.ROWS.index("mode")).center)
    app.frame(16)
    assert menu.mode != before
    post_click(menu._row_rect(menu.ROWS.index("mode")).center, button=3)  # right click goes back
    app.frame(16)
    assert menu.mode == before
    seed = int(menu.seed)
    post_click(menu._row_rect(menu.ROWS.index("seed")).center)
    app.frame(16)
    assert int(menu.seed) == seed + 1


def test_the_log_scrolls_no_further_than_its_first_line(app, battle):
    screen = battle()
    for _ in range(40):
        post_key(pygame.K_PAGEUP)
    app.frame(16)
    lines = len(screen.match.log)
    assert 0 < screen.log_scroll <= lines
    post_key(pygame.K_END)
    app.frame(16)
    assert screen.log_scroll == 0


def test_a_small_window_keeps_the_selected_unit_and_the_buttons_in_view(app, battle):
    screen = battle()
    uid = screen.selected
    for size in ((800, 500), (640, 400), (1920, 1080)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame(16)
        assert screen.size == size
        assert screen.map_rect.contains(screen.camera.tile_rect(screen.match.view(uid).pos))
        for _, r in screen.choice.buttons():
            assert screen.side_rect.contains(r)
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


def test_a_long_banner_is_fitted_to_its_width():
    label, size = fit_label("x" * 40, 900)
    assert (label, size) == ("x" * 40, 24)
    long = "Round 1 resolving, normal actions (7/37): " + "Pvt Zaitsev -> Pvt Okafor: hit; " * 6
    label, size = fit_label(long, 900)
    assert size == 18 and label.endswith("...") and len(label) < len(long)
    from game.ui.assets import text

    assert text(label, size).get_width() <= 900


def test_the_menu_starts_the_chosen_map(app):
    menu = app.screen
    menu.maps = [CROSSROADS]
    menu.map_i = 0
    post_click(menu._row_rect(menu.ROWS.index("start")).center)
    app.frame(16)
    assert app.screen.match.grid.name == "Crossroads"


def test_a_unit_that_fumbled_initiative_is_told_before_it_tries_to_attack(app, battle):
    screen = battle(seed=5)  # Pvt Moreau rolled a 1 for initiative and declares first
    m = screen.match
    uid = screen.selected
    assert m.name(uid) == "Pvt Moreau" and screen.choice.lost_round(uid)
    shot = button(screen, pygame.K_1)[0]
    assert not shot.enabled and "fumbled initiative" in shot.tip
    assert not button(screen, pygame.K_g)[0].enabled and button(screen, pygame.K_h)[0].enabled
    enemy = m.sight.visible_enemies(uid)[0]
    screen.hover = enemy.pos
    tip = screen.view.hover_preview(app.window, uid)
    assert tip[1].startswith("cannot declare: ") and "fumbled initiative" in tip[1]
    assert not any("to hit" in line for line in tip)  # no chance for an attack that cannot be made
    click_tile(app, enemy.pos)
    assert m.declared(uid) is None and "fumbled initiative" in screen.message
    post_key(pygame.K_h)
    app.frame(16)
    assert isinstance(m.declared(uid).action, Hold)
    other = screen.selected
    assert other != uid and not screen.choice.lost_round(other) and button(screen, pygame.K_1)[0].enabled


def test_the_menu_chooses_the_ruleset_of_the_skirmish(app):
    """Issue 14: a ruleset choice in the new-skirmish menu (the map's own by default); the
    skirmish it starts plays under it, and a ruleset the map's units cannot be built under is
    the command line's one-line refusal."""
    menu = app.screen
    menu.maps = [CROSSROADS]
    menu.map_i = 0
    assert menu.ruleset is None and menu.config().ruleset is None
    row = menu._row_rect(menu.ROWS.index("ruleset")).center
    post_click(row)
    app.frame(16)
    assert menu.ruleset == "yags"
    while menu.ruleset != "yags-sf":
        post_click(row)
        app.frame(16)
    assert menu.config().ruleset == "yags-sf"
    post_click(menu._row_rect(menu.ROWS.index("start")).center)
    app.frame(16)
    assert app.screen.match.rules.name == "yags-sf"
