"""Standing orders in the window (issue 30 "Orders: a tactic written down", issue 32: the
same standing order to a group at once): the panel's line saying which order a unit follows,
the routes of the player's own side's orders drawn on the map, a group chosen with a key and
given "hold here until round 3" by keys, declaring through its orders on Enter."""

import os

import pygame
from uihelp import ROOT, end_turn, post_key

from game.session_orders import orders_line
from game.ui import battle_draw
from game.ui import fogview as fv
from game.ui import overlays as ov
from game.world.actions import Move

FLANK = os.path.join(ROOT, "docs", "examples", "flank", "flank.tmx")
SHOTS = os.environ.get("SKIRMISH_SHOTS")  # a folder: the screenshots are kept there to be looked at


def keys(app, *ks):
    for k in ks:
        post_key(k)
        app.frame(16)


def notes(monkeypatch):
    """The notes the unit panel is drawn with, frame by frame."""
    seen = []
    real = battle_draw.draw_unit_panel

    def spy(*args, **kw):
        seen.append(kw.get("note", ""))
        return real(*args, **kw)

    monkeypatch.setattr(battle_draw, "draw_unit_panel", spy)
    return seen


def shot(app, name):
    if SHOTS:
        pygame.image.save(app.canvas, os.path.join(SHOTS, name))


def test_a_group_given_hold_until_round_3_by_keys_declares_through_its_orders_on_enter(app, battle, monkeypatch):
    screen = battle(path=FLANK)
    s, m = screen.session, screen.match
    blue = [v.uid for v in m.units("blue", living=True)]
    start = {u: m.view(u).pos for u in blue}
    seen = notes(monkeypatch)
    keys(app, pygame.K_x)  # all my units
    assert "8 units chosen" in screen.message
    keys(app, pygame.K_n)  # orders
    assert screen.dialog_kind == "orders"
    shot(app, "orders_dialog.png")
    keys(app, pygame.K_h)  # hold here
    assert screen.dialog_kind == "orders_until"
    keys(app, pygame.K_r)  # until a round
    assert screen.dialog_kind == "orders_round"
    keys(app, pygame.K_2)  # round 1 + 2
    assert screen.dialog is None
    assert "hold here until round 3" in screen.message
    shot(app, "orders_hold_given.png")
    assert any(n.startswith("orders - g1: hold here until round 3") for n in seen), seen[-3:]
    end_turn(app)
    calls = [c for c in s.history[0].calls if c[0] in blue]
    assert len(calls) == 8 and not any(c[3] for c in calls), "each declared once, as the player's"
    assert not any(isinstance(a, Move) and max(abs(a.path[-1][0] - start[u][0]), abs(a.path[-1][1] - start[u][1])) > 2
                   for u, a, _, _ in calls), "holding: none walks off"


def test_the_route_of_a_groups_advance_is_drawn_and_its_line_is_in_the_panel(app, battle, monkeypatch):
    screen = battle(path=FLANK)
    m = screen.match
    drawn = []
    real = ov.draw_routes

    def spy(surface, cam, routes, colour):
        drawn.append(([name for name, _ in routes], colour))
        return real(surface, cam, routes, colour)

    monkeypatch.setattr(ov, "draw_routes", spy)
    seen = notes(monkeypatch)
    app.frame(16)
    assert drawn == [], "no orders, no route drawn"
    keys(app, pygame.K_n, pygame.K_a)  # the selected unit: advance
    assert screen.dialog_kind == "orders_route"
    keys(app, pygame.K_1, pygame.K_e)  # route 1 (north), until its end
    assert screen.dialog is None, screen.message
    screen.fit_map()
    app.frame(16)
    from game.ui.assets import TEAM_COLOURS

    assert drawn[-1] == (["north"], TEAM_COLOURS["blue"])
    assert seen[-1].startswith("orders - g1: advance along north until route's end")
    route = next(r for r in m.grid.routes if r.name == "north")
    a, b = route.points[1], route.points[2]  # a straight stretch: its middle is drawn in blue
    mid = ((a[0] + b[0]) // 2, a[1])
    assert tuple(app.canvas.get_at(screen.camera.centre(mid)))[:3] == TEAM_COLOURS["blue"]
    shot(app, "orders_route.png")
    keys(app, pygame.K_RETURN)  # asked first: the dialog lists what each unit will do
    assert screen.dialog_kind == "end_turn"
    assert any("follows orders (g1: advance along north" in line for line in screen.dialog.lines)
    shot(app, "orders_end_turn.png")


def test_the_enemys_orders_are_not_in_the_panel_under_fog(app, monkeypatch):
    from game.session import SessionConfig
    from game.ui.app import new_session

    tactic = os.path.join(ROOT, "docs", "examples", "flank", "frontal.toml")
    cfg = SessionConfig(FLANK, "solo", "normal", 1, fog=False)
    with open(tactic, encoding="utf-8") as f:
        cfg.tactics["red"] = (tactic, f.read())
    screen = app.battle(cfg, new_session(cfg))
    seen = notes(monkeypatch)
    red = screen.match.units("red")[0].uid
    screen.selected = red
    app.frame(16)
    assert seen[-1].startswith("orders - "), "no fog: the enemy's orders are shown as the log shows them"
    cfg = SessionConfig(FLANK, "solo", "normal", 1, fog=True)
    cfg.tactics["red"] = (tactic, open(tactic, encoding="utf-8").read())
    screen = app.battle(cfg, new_session(cfg))
    s = screen.session
    assert fv.viewer(s) == "blue"
    assert orders_line(s, red, None) is not None, "red follows its tactic"
    assert orders_line(s, red, fv.viewer(s)) is None, "but blue may not read it"
    screen.hover = None
    screen.selected = red
    app.frame(16)
    assert not seen[-1].startswith("orders - ")


# --- the menu's tactic field ------------------------------------------------------------------


def start_from_menu(app, tactic, mode="solo"):
    from game.session import SessionConfig
    from game.ui.menus import MainMenu

    menu = MainMenu((1280, 720), SessionConfig(FLANK, mode, seed=2, fog=False), app=app)
    app.screen = menu
    menu.row = menu.ROWS.index("tactic")
    for ch in tactic:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=ch, mod=0))
    app.frame(16)
    assert menu.tactic == tactic
    menu.draw(app.canvas)
    shot(app, "orders_menu.png")
    menu.row = menu.ROWS.index("start")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    app.frame(16)
    return menu


def test_the_menu_chooses_a_tactic_for_the_ai_side(app):
    from game.tactics.orders import OrdersAI

    tactic = os.path.join(ROOT, "docs", "examples", "flank", "frontal.toml")
    menu = start_from_menu(app, tactic)
    assert app.screen is not menu, menu.error
    ai = app.screen.session.ais["red"]
    assert isinstance(ai, OrdersAI) and ai.tactic.name == "frontal"
    assert app.screen.session.config.tactics["red"][0] == tactic


def test_a_tactic_that_does_not_fit_is_one_line_in_the_menu(app, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[group]]\nname = "a"\nunits = "all"\n  [[group.order]]\n  do = "advance"\n  route = "south"\n')
    menu = start_from_menu(app, str(bad))
    assert app.screen is not menu  # the menu came back with the error (a new one, as the app does it)
    error = app.screen.error
    assert error.startswith(f"{bad}: group 'a' order 1 route: the map has no route named 'south'") and "\n" not in error
    missing = start_from_menu(app, str(tmp_path / "none.toml"))
    assert app.screen is missing and missing.error.startswith("red tactic: ") and "cannot read" in missing.error
    hot = start_from_menu(app, str(bad), mode="hotseat")
    assert app.screen is hot and "hot-seat" in hot.error


def test_i_turns_following_orders_off_and_enter_then_holds_them(app, battle):
    screen = battle(path=FLANK)
    s = screen.session
    uid = screen.selected
    keys(app, pygame.K_n, pygame.K_a, pygame.K_1, pygame.K_c)  # advance along north until contact
    assert s.standing.line(s.match, uid).startswith("g1: advance along north")
    keys(app, pygame.K_i)
    assert not s.standing.follow and "Enter holds them" in screen.message
    end_turn(app)
    mine = [a for u, a, _, _ in s.history[0].calls if u == uid]
    assert mine and not getattr(mine[0], "path", ()), "not followed: it carries on or holds"
