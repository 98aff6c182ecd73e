"""Issue 32: the first "Save game" of a new match wrote quick.json over the previous match's
save without a word. A new match gets its own slot (its map and the time it began); writing
over another save asks first; the menu keeps the chosen map and draws a fresh seed; the
tutorial's words about saving agree with what its code does."""

import json

import pygame
import pytest
from uihelp import CROSSROADS, STREET, open_menu, pick_esc_row, post_key

from game.saveslots import new_game_path
from game.session import SessionConfig
from game.ui.app import new_session
from game.ui.menus import MainMenu


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def test_new_game_path_names_the_map_and_the_time(tmp_path):
    p = new_game_path("maps/street.tmx", when=0.0, folder=tmp_path)
    assert p.parent == tmp_path and p.name.startswith("street ") and p.suffix == ".json"
    assert new_game_path("maps/street.tmx", when=3600.0, folder=tmp_path) != p


def test_each_new_match_saves_to_its_own_slot_and_asks_before_overwriting(app, battle, save_dir):
    first = battle()
    open_menu(app)
    pick_esc_row(app, "save")
    slot1 = first.menus.slot()
    assert slot1.exists() and "crossroads" in slot1.name and first.menu is None
    saved = slot1.read_bytes()
    # a second match (another map) gets its own slot: the first save is untouched
    cfg = SessionConfig(STREET, "solo", "normal", 2)
    second = app.battle(cfg, new_session(cfg))
    assert second.menus.slot() != slot1 and "street" in second.menus.slot().name
    post_key(pygame.K_h)
    app.frame(16)
    open_menu(app)
    pick_esc_row(app, "save")
    assert second.menus.slot().exists() and slot1.read_bytes() == saved
    # saving this match over the first one's slot asks; Esc keeps the other save
    assert not second.menus.save(slot1)
    assert second.dialog_kind == "overwrite" and slot1.stem in second.dialog.title
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    assert second.dialog is None and slot1.read_bytes() == saved
    assert not second.menus.save(slot1)
    post_key(pygame.K_RETURN)  # Enter overwrites
    app.frame(16)
    assert json.loads(slot1.read_text())["map"].endswith("street.tmx")
    # the game's own slot is written again without asking
    post_key(pygame.K_h)
    app.frame(16)
    assert second.menus.save() and second.dialog is None


def test_the_menu_keeps_the_chosen_map_and_draws_a_fresh_seed(app):
    menu = app.screen
    assert isinstance(menu, MainMenu)
    street = next(i for i, p in enumerate(menu.maps) if p.endswith("street.tmx"))
    menu.map_i = street
    menu.seed = "12345"
    menu.row = menu.ROWS.index("start")
    post_key(pygame.K_RETURN)
    app.frame(16)
    battle = app.screen
    assert battle.match.seed == 12345 and battle.session.config.map_path.endswith("street.tmx")
    battle.menus.saved_as(battle.menus.slot())  # nothing to lose: quits without asking
    open_menu(app)
    pick_esc_row(app, "quit")
    again = app.screen
    assert isinstance(again, MainMenu)
    assert again.map_path().endswith("street.tmx") and again.seed != "12345"
    # the tutorial does not change the map chosen in the menu
    again.row = again.ROWS.index("tutorial")
    post_key(pygame.K_RETURN)
    app.frame(16)
    tut = app.screen
    assert tut.coach is not None
    open_menu(app)
    pick_esc_row(app, "quit")
    if app.screen.__class__ is not MainMenu:  # "save before quitting?": quit without saving
        post_key(pygame.K_q)
        app.frame(16)
    assert isinstance(app.screen, MainMenu) and app.screen.map_path().endswith("street.tmx")


def test_the_tutorial_says_what_its_code_does_about_saving(app, save_dir):
    from game.ui.tutorial import LESSONS

    words = " ".join(lesson.text for lesson in LESSONS).lower()
    app.go("tutorial")
    screen = app.screen
    screen.menus.autosave()
    autosaved = (save_dir / "autosave.json").exists()
    assert not autosaved and "not saved by itself" in words and "saves itself after every round" not in words
    # a skirmish does autosave after every round
    cfg = SessionConfig(CROSSROADS, "solo", "normal", 1)
    app.battle(cfg, new_session(cfg)).menus.autosave()
    assert (save_dir / "autosave.json").exists()
