"""Issue 4 gaps driven by posted events: shot types (snap, careful, aimed) and their preview,
facing from the log, edge panning (and its setting), the squad per side in the main menu."""

import pygame
from uihelp import CROSSROADS, click_tile, end_turn, move_to, post_key

from game.session import MAP_UNITS, SessionConfig
from game.ui import figures as fig
from game.ui.battle import BattleScreen
from game.ui.menus import MainMenu
from game.world.actions import Aim, Attack, Hold, Move
from game.world.events import MovedTo


def hover(app, tile):
    screen = app.screen
    screen.camera.centre_on(tile)
    pos = screen.camera.centre(tile)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(16)
    return screen.view.hover_preview(app.window, screen.selected)


def motion(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(16)


# --- shot types ---------------------------------------------------------------------------


def test_q_and_e_choose_snap_and_careful_shots_and_the_preview_follows(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    normal = hover(app, enemy.pos)
    assert normal[0].startswith(f"shot at {enemy.name}: ")
    post_key(pygame.K_q)
    app.frame(16)
    assert screen.choice.shot == "snap" and "snap" in screen.choice.attack_label()
    snap = hover(app, enemy.pos)
    assert snap[0].startswith(f"snap shot at {enemy.name}: ")
    post_key(pygame.K_e)
    app.frame(16)
    careful = hover(app, enemy.pos)
    assert careful[0].startswith(f"careful shot at {enemy.name}: ")
    pct = [int(t[0].rsplit(": ", 1)[1].split("%")[0]) for t in (snap, normal, careful)]
    assert pct[0] <= pct[1] <= pct[2] and pct[0] < pct[2]  # snap is harder, careful easier
    click_tile(app, enemy.pos)
    d = m.declared(uid)
    assert isinstance(d.action, Attack) and d.action.options == {"shot": "careful"}


def test_one_goes_back_to_the_normal_shot(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    post_key(pygame.K_q)
    post_key(pygame.K_1)
    app.frame(16)
    assert screen.choice.shot == "normal" and screen.choice.attack_mode == "shot"
    click_tile(app, enemy.pos)
    d = m.declared(uid).action
    assert d.mode == "shot" and d.options == {}


def test_v_aims_then_next_round_offers_the_aimed_shot(app, battle):
    screen = battle()
    m, s = screen.match, screen.session
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    hover(app, enemy.pos)
    post_key(pygame.K_v)
    app.frame(16)
    d = m.declared(uid)
    assert isinstance(d.action, Aim) and d.action.target == enemy.uid, screen.message
    end_turn(app)
    app.frame(16)
    assert m.round == 2 and not m.view(uid).out and not m.view(enemy.uid).out
    assert any(e.kind == "info" and e.actor == uid and " aims at " in e.text for e in m.log)
    while s.current() != uid:  # earlier blue units hold
        assert s.declare(s.current(), Hold()).__class__.__name__ == "Done"
    screen.selected = uid
    assert screen.choice.aimed_at(uid, enemy.uid)
    post_key(pygame.K_q)  # a chosen shot type gives way to the aimed shot at the aimed target
    app.frame(16)
    tip = hover(app, enemy.pos)
    assert tip[0].startswith(f"aimed shot at {enemy.name}: "), tip
    assert not any(line.startswith("cannot declare") for line in tip), tip
    click_tile(app, enemy.pos)
    d = m.declared(uid)
    assert isinstance(d.action, Attack) and d.action.options == {"shot": "aimed"}, screen.message


def test_v_without_an_enemy_under_the_cursor_waits_for_a_click_on_one(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    hover(app, m.view(uid).pos)
    post_key(pygame.K_v)
    app.frame(16)
    assert m.declared(uid) is None and screen.choice.pending == "aim" and "click an enemy" in screen.message
    friend = next(v for v in m.units("blue") if v.uid != uid)
    click_tile(app, friend.pos)  # not an enemy: still waiting, nothing declared
    assert m.declared(uid) is None and screen.choice.pending == "aim" and screen.selected == uid
    enemy = m.sight.visible_enemies(uid)[0]
    click_tile(app, enemy.pos)
    assert isinstance(m.declared(uid).action, Aim) and m.declared(uid).action.target == enemy.uid
    assert screen.choice.pending != "aim"


# --- facing -------------------------------------------------------------------------------


def test_facing_defaults_toward_the_enemy_then_follows_the_last_move(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    face = fig.facings(m, screen.start_pos)
    assert all(face[v.uid] == (1, 0) for v in m.units("blue"))  # blue starts west, red east
    assert all(face[v.uid] == (-1, 0) for v in m.units("red"))
    start = m.view(uid).pos
    occupied = {v.pos for v in m.units()}
    reach = m.movement.reachable(uid, "free")
    tile = max((t for t in reach if t not in occupied and t[0] <= start[0]), key=reach.get)  # not east
    move_to(app, tile)
    assert isinstance(m.declared(uid).action, Move)
    end_turn(app)
    app.frame(16)
    end = m.view(uid).pos
    assert end != start
    want = fig._toward(start, end)
    assert want != (1, 0)
    assert screen.cached("facing", (), lambda: fig.facings(m, screen.start_pos))[uid] == want


def test_facing_follows_an_attack():
    class E:
        def __init__(self, kind, actor, target=None, data=None):
            self.kind, self.actor, self.target, self.data = kind, actor, target, data

    class V:
        def __init__(self, uid, team, pos):
            self.uid, self.team, self.pos, self.out = uid, team, pos, False

    class M:
        def __init__(self):
            self.log = type("L", (), {"events": [E("move", 0, data=MovedTo((2, 2))), E("attack", 0, 1),
                                                 E("move", 1, data=MovedTo((5, 6)))]})()

        def units(self, team=None):
            vs = [V(0, "blue", (2, 2)), V(1, "red", (5, 6))]
            return [v for v in vs if team is None or v.team == team]

    face = fig.facings(M(), {0: (2, 4), 1: (5, 5)})
    assert face[0] == (1, 1)  # moved north to (2, 2), then shot south-east at (5, 5)
    assert face[1] == (0, 1)  # moved south


def test_facing_arrows_are_drawn(app, battle):
    screen = battle()
    app.frame(16)
    v = screen.match.units("blue")[0]
    arrow = fig.facing_arrow(app.sprites, screen.camera.tile_px, (1, 0))
    # turned east: the arrow's opaque pixels sit on the right of the frame
    w, h = arrow.get_size()
    right = sum(arrow.get_at((x, y)).a for x in range(w // 2, w) for y in range(h))
    left = sum(arrow.get_at((x, y)).a for x in range(w // 2) for y in range(h))
    assert right > left
    assert screen.camera.tile_rect(v.pos).colliderect(screen.map_rect)


# --- edge panning -------------------------------------------------------------------------


def test_mouse_at_the_map_edge_pans_and_the_setting_turns_it_off(app, battle):
    screen = battle()
    cam = screen.camera
    cam.zoom(10, screen.map_rect.center)
    cam.centre_on((screen.match.grid.width // 2, screen.match.grid.height // 2))
    r = screen.map_rect
    ox, oy = cam.ox, cam.oy
    motion(app, (r.left + 4, r.centery))
    app.frame(16)
    assert cam.ox < ox and cam.oy == oy
    motion(app, (r.centerx, r.bottom - 3))
    ox, oy = cam.ox, cam.oy
    app.frame(16)
    assert cam.oy > oy and cam.ox == ox
    motion(app, r.center)
    ox, oy = cam.ox, cam.oy
    app.frame(16)
    assert (cam.ox, cam.oy) == (ox, oy)
    # Esc menu: edge panning off
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    from game.ui.escmenu import ROWS

    while screen.menu.row != ROWS.index("edge"):
        post_key(pygame.K_DOWN)
        app.frame(16)
    post_key(pygame.K_RETURN)
    app.frame(16)
    assert screen.menu_values()["edge"] == "off" and app.settings["edge_pan"] is False
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    assert screen.menu is None
    motion(app, (r.left + 4, r.centery))
    ox = cam.ox
    app.frame(16)
    assert cam.ox == ox
    # the setting carries over to the next battle
    assert battle().settings["edge_pan"] is False


# --- squads -------------------------------------------------------------------------------


def test_main_menu_chooses_the_squad_per_side(app):
    app.go(("menu", SessionConfig(CROSSROADS)))
    menu = app.screen
    assert isinstance(menu, MainMenu) and menu.squads == {"blue": MAP_UNITS, "red": MAP_UNITS}
    while menu.row != menu.ROWS.index("blue"):
        post_key(pygame.K_UP)
        app.frame(16)
    post_key(pygame.K_RIGHT)
    app.frame(16)
    assert menu.squads["blue"] == "default"
    cfg = menu.config()
    assert cfg.blue_squad == "default" and cfg.red_squad == MAP_UNITS
    while menu.row != menu.ROWS.index("start"):
        post_key(pygame.K_DOWN)
        app.frame(16)
    post_key(pygame.K_RETURN)
    app.frame(16)
    screen = app.screen
    assert isinstance(screen, BattleScreen), getattr(screen, "error", "")
    blue = [v.name for v in screen.match.units("blue")]
    red = [v.name for v in screen.match.units("red")]
    assert blue == [f"Blue {i + 1}" for i in range(8)]
    assert "Sgt Volkov" in red and not any(n.startswith("Red ") for n in red)
    assert screen.session.config.blue_squad == "default"


def test_map_units_is_the_default_and_the_old_config_still_works(app, battle):
    screen = battle()
    assert "Sgt Hale" in [v.name for v in screen.match.units("blue")]
