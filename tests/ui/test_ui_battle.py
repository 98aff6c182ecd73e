"""The battle screen driven by posted events: select, move, attack, end of round, hot-seat,
results."""

import pygame
from uihelp import CROSSROADS, click_tile, end_turn, post_key

from game.ui.battle import BattleScreen
from game.ui.menus import MainMenu, ResultsScreen
from game.world.actions import Attack, Hold, Move


def test_opens_with_the_first_blue_declarer_selected(battle):
    screen = battle()
    s = screen.session
    cur = s.current()
    assert cur is not None and screen.match.view(cur).team == "blue"
    assert screen.selected == cur
    # every red unit before the first blue one has already declared (the AI, in its turn)
    before = s.queue[:s.queue.index(cur)]
    assert all(screen.match.declared(u) is not None for u in before)


def test_click_selects_a_unit(app, battle):
    screen = battle()
    m = screen.match
    other = next(v for v in m.units("blue") if v.uid != screen.selected)
    click_tile(app, other.pos)
    assert screen.selected == other.uid
    post_key(pygame.K_TAB)
    app.frame(16)
    assert screen.selected != other.uid and m.view(screen.selected).team == "blue"


def test_click_on_an_enemy_inspects_it_when_nobody_can_declare(app, battle):
    screen = battle(mode="watch")
    enemy = screen.match.units("red")[0]
    click_tile(app, enemy.pos)
    assert screen.selected == enemy.uid


def test_move_by_click_then_enter_ends_the_round_on_that_tile(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    occupied = {v.pos for v in m.units()}
    reach = m.movement.reachable(uid, "free")
    tile = max((t for t in reach if t not in occupied), key=reach.get)
    click_tile(app, tile)
    assert m.declared(uid) is None and screen.choice.staged[-1] == tile  # staged, not declared yet
    click_tile(app, tile)
    d = m.declared(uid)
    assert isinstance(d.action, Move) and tuple(d.action.path[-1]) == tile and d.action.mode == "free"
    end_turn(app)
    app.frame(16)
    assert m.round == 2 and m.phase == "declare"
    assert m.view(uid).pos == tile
    assert any(e.kind == "move" and e.actor == uid for e in m.log)


def test_attack_an_enemy_by_click(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    post_key(pygame.K_2)  # burst
    app.frame(16)
    n = len(m.log)
    click_tile(app, enemy.pos)
    d = m.declared(uid)
    assert isinstance(d.action, Attack) and d.action.target == enemy.uid and d.action.mode == "burst"
    assert any("declares burst attack on " + enemy.name in e.text for e in m.log.since(n))
    end_turn(app)
    assert m.round == 2
    assert any(e.kind == "attack" and e.actor == uid and e.round == 1 for e in m.log)


def test_hover_enemy_shows_the_preview(app, battle):
    screen = battle()
    m = screen.match
    enemy = m.sight.visible_enemies(screen.selected)[0]
    screen.camera.centre_on(enemy.pos)
    pos = screen.camera.centre(enemy.pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(16)
    tip = screen.view.hover_preview(app.window, screen.selected)
    assert tip[0].startswith(f"shot at {enemy.name}: ") and tip[0].endswith("% to hit")
    assert any(line.startswith("difficulty ") for line in tip)


def test_keys_declare_reload_hold_prone(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    post_key(pygame.K_r)
    app.frame(16)
    assert "already loaded" in screen.message and m.declared(uid) is None
    post_key(pygame.K_p)
    app.frame(16)
    assert isinstance(m.declared(uid).action, Hold) and m.view(uid).stance == "prone"
    assert screen.selected != uid  # on to the next unit


def test_wrong_turn_is_refused_with_a_reason(battle):
    screen = battle()
    s = screen.session
    cur = s.current()
    later = [u for u in s.queue if screen.match.view(u).team == "red" and screen.match.declared(u) is None]
    out = s.declare(later[0], Hold())
    assert hasattr(out, "reason") and "turn" in out.reason
    assert s.current() == cur


def test_hotseat_hands_over_when_the_side_changes(app, battle):
    screen = battle(mode="hotseat", fog=True)
    s = screen.session
    first = s.current_team()
    assert s.handover == first  # nobody has the seat yet
    app.frame(16)  # the hand-over screen draws
    post_key(pygame.K_SPACE)
    app.frame(16)
    assert s.handover is None and s.seat == first
    while s.current_team() == first:
        assert s.declare(s.current(), Hold()).__class__.__name__ == "Done"
    other = "red" if first == "blue" else "blue"
    assert s.handover == other and s.current_team() == other
    post_key(pygame.K_RETURN)  # any key takes the seat; the next Enter ends this side's turn
    app.frame(16)
    assert s.seat == other and s.handover is None


def test_results_screen_and_replay(app, battle):
    screen = battle(max_rounds=1)
    end_turn(app)
    app.frame(16)
    assert screen.match.over
    post_key(pygame.K_SPACE)
    app.frame(16)
    assert isinstance(app.screen, ResultsScreen)
    assert app.screen.result.rounds == 1
    post_key(pygame.K_r)
    app.frame(16)
    assert isinstance(app.screen, BattleScreen) and app.screen.match.round == 1
    post_key(pygame.K_ESCAPE)  # the Esc menu; Up wraps to "Quit to menu"
    post_key(pygame.K_UP)
    post_key(pygame.K_RETURN)
    app.frame(16)
    assert isinstance(app.screen, MainMenu)


def test_watch_mode_plays_rounds(app, battle):
    screen = battle(mode="watch")
    for _ in range(4):
        app.frame(100)
    assert screen.match.round >= 2
    assert screen.session.humans == set()


def test_menu_starts_a_skirmish(app):
    assert isinstance(app.screen, MainMenu)
    app.screen.maps = [CROSSROADS]
    app.screen.map_i = 0
    post_key(pygame.K_RETURN)
    app.frame(16)
    assert isinstance(app.screen, BattleScreen)


def test_menu_reports_a_bad_map(app, tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>", encoding="utf-8")
    app.screen.path = str(bad)
    post_key(pygame.K_RETURN)
    app.frame(16)
    assert isinstance(app.screen, MainMenu) and "bad.tmx" in app.screen.error
