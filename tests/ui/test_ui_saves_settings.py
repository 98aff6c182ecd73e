"""Issue 18, saves and settings: named slots, the autosave every round, "save before
quitting?", a save that still loads after the folders move, the settings kept between runs
(a bad settings file is one warning and the defaults), the UI scale, the AI level per side
when watching, a fresh seed for a new game."""

import json
import shutil

import pygame
import pytest
from uihelp import CROSSROADS, end_turn, pick_esc_row, post_key

from game.saves import SaveError, load_game, save_game
from game.session import SessionConfig
from game.ui import settings as st
from game.ui.app import App, new_session
from game.ui.battle import BattleScreen
from game.ui.dialogs import Confirm, TextInput
from game.ui.menus import MainMenu


@pytest.fixture(autouse=True)
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def esc_menu(app, row):
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    pick_esc_row(app, row)


# --- settings ---------------------------------------------------------------------------------


def test_settings_round_trip_in_the_config_folder(folders):
    path = st.settings_path()
    assert path == folders / "config" / "skirmish" / "settings.json"
    warned = []
    assert st.load_settings(warn=warned.append) == st.DEFAULTS and warned == []  # no file: no warning
    mine = {**st.DEFAULTS, "volume": 0.4, "mute": True, "ui_scale": 1.5, "playback_ms": 175, "edge_pan": False}
    assert st.save_settings(mine) is None
    assert st.load_settings(warn=warned.append) == mine and warned == []
    assert not (path.parent / "settings.json.tmp").exists()  # written atomically


@pytest.mark.parametrize("content, says", [
    ("{not json", "broken JSON"),
    ('["a", "list"]', "not a table of settings"),
    ('{"volume": 7, "mute": "yes", "fullscreen": true}', "volume must be a number from 0 to 1; mute must be true or false"),
    ('{"ui_scale": 3.3}', "ui_scale must be one of"),
    ('{"playback_ms": 123}', "playback_ms must be one of"),
])
def test_a_bad_settings_file_is_one_warning_and_the_defaults(content, says):
    path = st.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    warned = []
    got = st.load_settings(warn=warned.append)
    assert len(warned) == 1 and "\n" not in warned[0] and says in warned[0] and str(path) in warned[0]
    assert warned[0].startswith("skirmish: warning: ")
    if "fullscreen" in content:
        assert got["fullscreen"] is True and got["volume"] == st.DEFAULTS["volume"]  # the good one is kept
    else:
        assert got == st.DEFAULTS or set(got) == set(st.DEFAULTS)


def test_a_settings_path_that_is_no_file_is_a_warning(never_blocks, fifo, monkeypatch):
    warned = []
    assert st.load_settings(fifo, warn=warned.append) == st.DEFAULTS
    assert len(warned) == 1 and "regular" in warned[0]


def test_settings_are_kept_between_runs(folders):
    app = App((1280, 720), settings=st.load_settings(), persist=True)
    app.change_setting("volume", 0.2)
    app.change_setting("playback_ms", 700)
    app.change_setting("edge_pan", False)
    again = st.load_settings()
    assert again["volume"] == 0.2 and again["playback_ms"] == 700 and again["edge_pan"] is False
    cfg = SessionConfig(CROSSROADS, "solo", "normal", 1)
    app2 = App((1280, 720), settings=again, persist=True)
    screen = app2.battle(cfg, new_session(cfg))
    assert screen.play.step_ms == 700 and screen.settings["edge_pan"] is False
    app2._close()


def test_the_settings_panel_changes_and_keeps_them(folders):
    from game.ui.dialogs import SettingsPanel

    app = App((1280, 720), settings=st.load_settings(), persist=True)
    menu = app.screen
    menu.row = menu.ROWS.index("settings")
    post_key(pygame.K_RETURN)
    app.frame(16)
    assert isinstance(menu.dialog, SettingsPanel)
    while menu.dialog.ROWS[menu.dialog.row] != "mute":
        post_key(pygame.K_DOWN)
        app.frame(16)
    post_key(pygame.K_RIGHT)
    app.frame(16)
    assert app.settings["mute"] is True and st.load_settings()["mute"] is True
    menu.draw(app.window)


def test_the_ui_scale_shows_the_screens_bigger(folders):
    app = App((1280, 720), settings={**st.DEFAULTS, "ui_scale": 1.5})
    assert app.size() == (853, 480) and app.canvas is not app.window
    cfg = SessionConfig(CROSSROADS, "solo", "normal", 1)
    screen = app.battle(cfg, new_session(cfg))
    assert screen.size == (853, 480)
    target = screen.side_rect.center
    seen = []
    real = screen.handle
    screen.handle = lambda e: seen.append(e.pos) or real(e)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(target[0] * 1.5), int(target[1] * 1.5)),
                                         button=1))
    app.frame(16)
    assert seen and abs(seen[0][0] - target[0]) <= 1 and abs(seen[0][1] - target[1]) <= 1
    app.change_setting("ui_scale", 1.0)
    assert app.canvas is app.window and app.screen.size == (1280, 720)
    app._close()


# --- saves ------------------------------------------------------------------------------------


def test_save_as_a_named_slot_then_save_goes_to_it(app, battle, folders):
    screen = battle()
    esc_menu(app, "save_as")
    assert isinstance(screen.dialog, TextInput)
    screen.dialog.value = ""
    for ch in "my game":
        post_key(pygame.K_SPACE if ch == " " else getattr(pygame, f"K_{ch}"), ch)
    post_key(pygame.K_RETURN)
    app.frame(16)
    slot = folders / "saves" / "my game.json"
    assert slot.exists() and "saved to" in screen.message and screen.menu is None
    post_key(pygame.K_h)
    app.frame(16)
    esc_menu(app, "save")
    assert json.loads(slot.read_text())["log_length"] == len(screen.match.log)
    assert not screen.menus._slot or not screen.menus._slot.exists()  # its own new slot is not written too


def test_the_game_saves_itself_after_every_round(app, battle, folders):
    screen = battle()
    end_turn(app)
    app.frame(16)
    auto = folders / "saves" / "autosave.json"
    assert auto.exists() and json.loads(auto.read_text())["rounds"][-1]["resolved"]
    again = load_game(auto)
    try:
        assert again.match.round == 1 and again.needs_round
    finally:
        again.match.close()
    assert screen.match.round == 2


def test_quitting_a_changed_game_asks_to_save_first(app, battle, folders):
    screen = battle()
    post_key(pygame.K_h)
    app.frame(16)
    esc_menu(app, "quit")
    assert isinstance(screen.dialog, Confirm) and screen.dialog_kind == "quit"
    screen.draw(app.window)
    post_key(pygame.K_ESCAPE)  # not now: back to the Esc menu
    app.frame(16)
    assert app.screen is screen and screen.dialog is None and screen.menu is not None
    post_key(pygame.K_RETURN)  # quit again
    app.frame(16)
    post_key(pygame.K_s)  # save, then quit to the menu
    app.frame(16)
    assert isinstance(app.screen, MainMenu) and screen.menus.slot().exists()
    assert screen.menus.slot().parent == folders / "saves"


def test_closing_the_window_on_a_changed_game_asks_first(app, battle, folders):
    screen = battle()
    post_key(pygame.K_h)
    app.frame(16)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(16)
    assert app.running and isinstance(screen.dialog, Confirm)
    post_key(pygame.K_q)  # quit without saving
    app.frame(16)
    assert not app.running and not screen.menus.slot().exists()


def test_an_unchanged_game_quits_at_once(app, battle):
    battle()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(16)
    assert not app.running


def test_a_save_still_loads_after_the_folders_move(tmp_path):
    """The map is found by its path, beside the save, or by name in maps/, and its content
    is checked."""
    maps = tmp_path / "project" / "maps"
    maps.mkdir(parents=True)
    for name in ("crossroads.tmx", "terrain.tsx"):
        shutil.copy(f"{CROSSROADS.rsplit('/', 1)[0]}/{name}", maps / name)
    shutil.copytree(f"{CROSSROADS.rsplit('/', 2)[0]}/assets", tmp_path / "project" / "assets")
    cfg = SessionConfig(str(maps / "crossroads.tmx"), "solo", "normal", 4)
    s = new_session(cfg)
    saves = tmp_path / "project" / "saves"
    path = save_game(s, saves / "g.json")
    lines = s.match.log.lines()
    s.match.close()
    data = json.loads(path.read_text())
    assert data["map_rel"] == "../maps/crossroads.tmx" and data["map_name"] == "crossroads.tmx"
    moved = tmp_path / "elsewhere"
    shutil.move(str(tmp_path / "project"), str(moved))  # the whole project folder moves
    again = load_game(moved / "saves" / "g.json")  # found beside the save
    try:
        assert again.match.log.lines() == lines and again.config.map_path == str(moved / "maps" / "crossroads.tmx")
    finally:
        again.match.close()
    lone = tmp_path / "lone.json"
    shutil.copy(moved / "saves" / "g.json", lone)
    shutil.rmtree(moved)  # the save alone: the shipped maps/ has a crossroads of the same content
    again = load_game(lone)
    try:
        assert again.match.log.lines() == lines and again.config.map_path.endswith("maps/crossroads.tmx")
    finally:
        again.match.close()


def test_a_save_whose_map_changed_is_refused_with_the_reason(tmp_path):
    cfg = SessionConfig(CROSSROADS, "solo", "normal", 4)
    s = new_session(cfg)
    path = save_game(s, tmp_path / "g.json")
    s.match.close()
    data = json.loads(path.read_text())
    data["map_sha256"] = "f" * 64
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="not the one this game was played on"):
        load_game(path)


def test_a_save_from_before_loads(tmp_path):
    """Saves written before issue 18 have no map_rel, map_name, map_sha256 nor ais."""
    cfg = SessionConfig(CROSSROADS, "solo", "normal", 4)
    s = new_session(cfg)
    path = save_game(s, tmp_path / "g.json")
    lines = s.match.log.lines()
    s.match.close()
    data = json.loads(path.read_text())
    for key in ("map_rel", "map_name", "map_sha256", "ais"):
        data.pop(key, None)
    path.write_text(json.dumps(data))
    again = load_game(path)
    try:
        assert again.match.log.lines() == lines
    finally:
        again.match.close()


# --- the menu ---------------------------------------------------------------------------------


def test_watch_mode_has_an_ai_level_per_side(app, tmp_path):
    """Wrong today: watch mode had no AI level per side."""
    menu = app.screen
    menu.mode = "watch"
    menu.row = menu.ROWS.index("red_ai")
    post_key(pygame.K_RIGHT)
    app.frame(16)
    cfg = menu.config()
    assert cfg.ais == {"red": "hard"} and cfg.ai_of("blue") == "normal" and cfg.ai_of("red") == "hard"
    menu.draw(app.window)
    s = new_session(cfg)
    try:
        assert s.ais["red"].level.name == "hard" and s.ais["blue"].level.name == "normal"
        path = save_game(s, tmp_path / "w.json")
        again = load_game(path)
        assert again.config.ai_of("red") == "hard"
        again.match.close()
    finally:
        s.match.close()


def test_a_new_game_starts_from_a_fresh_seed(app):
    """Wrong today: every new game showed the same initiative rolls (the menu always began at
    seed 1)."""
    seeds = {MainMenu((1280, 720)).seed for _ in range(5)}
    assert len(seeds) > 1 and "1" not in seeds or len(seeds) > 2
    menu = app.screen
    menu.row = menu.ROWS.index("seed")
    before = menu.seed
    post_key(pygame.K_n)
    app.frame(16)
    assert menu.seed != before
    post_key(pygame.K_RETURN)  # (Enter on the seed row starts the game)
    app.frame(16)
    assert isinstance(app.screen, BattleScreen) and app.screen.match.seed == int(menu.seed)


def test_closing_the_window_twice_quits_without_asking_again(app, battle):
    """(SDL turns Ctrl+C and SIGTERM into the same event: pressed twice, the game goes.)"""
    screen = battle()
    post_key(pygame.K_h)
    app.frame(16)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(16)
    assert app.running and screen.dialog_kind == "quit"
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(16)
    assert not app.running
