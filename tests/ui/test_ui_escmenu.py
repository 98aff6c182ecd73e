"""The Esc menu (resume, save, load, settings, quit), loading from the main menu, the grenade
preview, the range band in the attack preview and the declared defences key."""

import pygame
import pytest
from uihelp import click_tile, end_turn, open_menu, pick_esc_row, post_click, post_key

from game.saves import default_save_path
from game.ui.battle import BattleScreen
from game.ui.menus import MainMenu
from game.world.actions import Hold, Throw


@pytest.fixture(autouse=True)
def save_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_SAVE_DIR", str(tmp_path / "saves"))
    return tmp_path / "saves"


def choose(app, row, slot=None):
    """Pick a row of the Esc menu with the keyboard; for "load", then the save named `slot`
    in the list of saves (default: the game's own slot, issue 32)."""
    slot = slot or app.screen.menus.slot().stem
    pick_esc_row(app, row)
    if row == "load":
        pick_slot(app, slot)


def pick_slot(app, name):
    """In the list of saves (issue 18: named slots), choose `name` and load it."""
    from game.ui.dialogs import SlotList

    dialog = app.screen.dialog
    assert isinstance(dialog, SlotList), "the list of saves is open"
    dialog.row = next(i for i, s in enumerate(dialog.slots) if s.name == name)
    post_key(pygame.K_RETURN)
    app.frame(16)


def test_esc_opens_the_menu_and_esc_resumes(app, battle):
    screen = battle()
    open_menu(app)
    post_key(pygame.K_h)  # not a declaration while the menu is open
    app.frame(16)
    assert screen.match.declared(screen.selected) is None
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    assert screen.menu is None and app.screen is screen


def test_save_then_load_from_the_menu(app, battle, save_dir):
    screen = battle()
    m = screen.match
    uid = screen.selected
    post_key(pygame.K_h)
    app.frame(16)
    assert isinstance(m.declared(uid).action, Hold)
    end_turn(app)  # end the round
    app.frame(16)
    assert m.round == 2
    lines = m.log.lines()
    open_menu(app)
    choose(app, "save")
    assert screen.menus.slot().exists() and screen.menus.slot().parent == save_dir and app.screen.menu is None
    assert "saved to" in app.screen.message
    open_menu(app)
    choose(app, "load")
    loaded = app.screen
    assert isinstance(loaded, BattleScreen) and loaded is not screen
    assert loaded.match.log.lines() == lines and loaded.match.round == 2
    assert loaded.message.startswith("loaded ")


def test_a_bad_save_is_a_message_line_not_a_crash(app, battle, save_dir):
    screen = battle()
    save_dir.mkdir(parents=True)
    (save_dir / "quick.json").write_text('{"format": 1, "kind": "skirmish-save", "ro')
    open_menu(app)
    choose(app, "load", "quick")
    assert app.screen is screen and "broken JSON" in screen.message and "quick.json" in screen.message
    assert "broken JSON" in screen.menu_note
    assert (save_dir / "quick.json").read_text().endswith('"ro')  # nothing overwritten
    screen.draw(app.window)


def test_settings_speed_and_zoom(app, battle):
    screen = battle()
    open_menu(app)
    from game.ui.escmenu import ROWS

    while screen.menu.row != ROWS.index("speed"):
        post_key(pygame.K_DOWN)
        app.frame(16)
    screen.play.step_ms = 350
    post_key(pygame.K_LEFT)
    app.frame(16)
    assert screen.play.step_ms == 700
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RIGHT)
    app.frame(16)
    assert screen.play.step_ms == 175
    post_key(pygame.K_DOWN)
    app.frame(16)
    before = screen.camera.tile_px
    post_key(pygame.K_RIGHT)
    app.frame(16)
    assert screen.camera.tile_px > before or before == max(screen.camera.levels)


def test_quit_to_menu_and_load_from_the_main_menu(app, battle, save_dir):
    screen = battle()
    open_menu(app)
    choose(app, "save")
    slot = screen.menus.slot().stem
    lines = screen.match.log.lines()
    open_menu(app)
    choose(app, "quit")
    assert isinstance(app.screen, MainMenu)
    menu = app.screen
    menu.row = menu.ROWS.index("load")
    post_key(pygame.K_RETURN)
    app.frame(16)
    pick_slot(app, slot)
    assert isinstance(app.screen, BattleScreen) and app.screen.match.log.lines() == lines


def test_main_menu_lists_no_saves_when_there_are_none(app):
    from game.ui.dialogs import SlotList

    app.go(("menu",))
    menu = app.screen
    r = menu._row_rect(menu.ROWS.index("load"))
    post_click(r.center)
    app.frame(16)
    assert app.screen is menu and isinstance(menu.dialog, SlotList) and menu.dialog.slots == []
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    assert menu.dialog is None and app.screen is menu


def test_main_menu_reports_a_missing_save(app, save_dir):
    """A save listed then removed before it is loaded: the menu says so in one line."""
    app.go(("load", str(default_save_path())))
    menu = app.screen
    assert "no such save" in menu.error and str(default_save_path()) in menu.error


def grenadier(screen):
    """Blue units hold until it is the turn of one with a grenade."""
    m, s = screen.match, screen.session
    while (cur := s.current()) is not None and s.can_declare(cur) and m.round == 1:
        if m.view(cur).grenades:
            return cur
        s.declare(cur, Hold())
    raise AssertionError("no blue grenadier declares in round 1 on this map")


def test_grenade_preview_shows_bands_and_who_is_in_them(app, battle):
    screen = battle()
    m = screen.match
    uid = grenadier(screen)
    screen.selected = uid
    post_key(pygame.K_g)
    app.frame(16)
    assert screen.choice.pending == "throw"
    friend = next(v for v in m.units("blue", living=True) if v.uid != uid)
    tile = (friend.pos[0] + 1, friend.pos[1])
    screen.camera.centre_on(tile)
    screen.hover = tile
    tip = screen.view.hover_preview(app.window, uid)
    r = m.rules.blast_radius_m(m.view(uid).grenades[0])
    assert tip[0].startswith("throw ") and f"wounds to {r:g} m" in tip[1] and f"stuns to {3 * r:g} m" in tip[1]
    assert [line.split(":")[0] for line in tip if line.split(":")[0] in ("wounds", "mixed", "stuns")] \
        == ["wounds", "mixed", "stuns"]
    assert any(f"FRIEND {friend.name} " in line for line in tip[2:])
    assert max(len(line) for line in tip[2:]) < 90  # wrapped to fit the view
    app.frame(16)
    click_tile(app, tile)
    assert m.declared(uid) is not None and isinstance(m.declared(uid).action, Throw), screen.message


def test_attack_preview_names_the_range_band(app, battle):
    screen = battle()
    m = screen.match
    enemy = m.sight.visible_enemies(screen.selected)[0]
    screen.hover = enemy.pos
    tip = screen.view.hover_preview(app.window, screen.selected)
    band = next(line for line in tip if line.startswith("range band "))
    assert band.split()[2] in ("short", "medium", "long", "beyond") and "distance modifier +" in band


def test_f_cycles_the_declared_defences(app, battle):
    screen = battle()
    uid = screen.selected
    limit = screen.match.view(uid).combatant.max_defences
    post_key(pygame.K_f)
    post_key(pygame.K_f)
    app.frame(16)
    assert screen.choice.defences == 1 % (limit + 1)
    post_key(pygame.K_f)
    app.frame(16)
    assert screen.choice.defences == 2 % (limit + 1)
    chosen = screen.choice.defences
    post_key(pygame.K_h)
    app.frame(16)
    assert screen.match.declared(uid).ruleset_decl.defences == chosen
    assert screen.choice.defences is None  # the next unit starts from the rules' default


def test_an_unreadable_save_loses_nothing(app, battle, save_dir):
    """The battle goes on where it was, the file is left as it was for the player to look at."""
    screen = battle()
    m = screen.match
    post_key(pygame.K_h)
    app.frame(16)
    lines = m.log.lines()
    save_dir.mkdir(parents=True)
    bad = save_dir / "quick.json"
    bad.write_text('{"format": 99, "kind": "skirmish-save"}', encoding="utf-8")
    open_menu(app)
    choose(app, "load", "quick")
    assert app.screen is screen and "format 99 is not supported" in screen.message
    assert m.log.lines() == lines and bad.read_text(encoding="utf-8") == '{"format": 99, "kind": "skirmish-save"}'
    post_key(pygame.K_ESCAPE)  # back to the battle, which goes on
    app.frame(16)
    post_key(pygame.K_h)
    app.frame(16)
    assert len(m.log) > len(lines)


def test_save_and_load_a_changed_declaration(app, battle, save_dir):
    """A declaration changed before the next unit declared replays to the same match."""
    screen = battle()
    m, s = screen.match, screen.session
    post_key(pygame.K_h)  # Okafor
    app.frame(16)
    moreau = screen.selected
    post_key(pygame.K_h)  # Moreau holds...
    app.frame(16)
    click_tile(app, m.view(moreau).pos)
    post_key(pygame.K_c)  # ...then crouches instead
    app.frame(16)
    assert m.view(moreau).stance == "crouched" and s.current() != moreau
    lines = m.log.lines()
    open_menu(app)
    choose(app, "save")
    open_menu(app)
    choose(app, "load")  # (the old match is closed)
    loaded = app.screen
    assert loaded is not screen and loaded.match.log.lines() == lines
    assert loaded.match.view(moreau).stance == "crouched"
    assert loaded.selected == loaded.session.current()


def test_save_and_load_in_hotseat_keeps_the_hand_over(app, battle, save_dir):
    screen = battle(mode="hotseat", fog=True)
    s = screen.session
    post_key(pygame.K_SPACE)  # the first player takes the seat
    app.frame(16)
    first = s.seat
    while s.current_team() == first:
        post_key(pygame.K_h)
        app.frame(16)
    assert s.handover and s.handover != first
    post_key(pygame.K_SPACE)
    app.frame(16)
    seat, cur = s.seat, s.current()
    open_menu(app)
    choose(app, "save")
    open_menu(app)
    choose(app, "load")  # (the old match is closed)
    loaded = app.screen
    assert loaded is not screen
    assert loaded.session.seat == seat and loaded.session.handover is None
    assert loaded.session.current() == cur and loaded.selected == cur


def test_issue12_a_save_the_folder_refuses_is_a_message_and_the_match_goes_on(app, battle, save_dir, monkeypatch):
    """Saving into a folder the game cannot write raised PermissionError inside the game (the
    temporary file was made outside the try), which could lose the match being played."""
    import os

    from game import files

    screen = battle()
    m = screen.match
    real_open = os.open

    def refused(path, flags, mode=0o777):
        if str(path).endswith(".tmp"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, mode)

    with monkeypatch.context() as patch:
        patch.setattr(files.os, "open", refused)
        open_menu(app)
        choose(app, "save")
        assert app.screen is screen and "cannot save" in screen.message and "Permission denied" in screen.message
        assert "\n" not in screen.message and "Permission denied" in screen.menu_note
        assert not screen.menus.slot().exists() and os.listdir(save_dir) == []
        screen.draw(app.window)
    post_key(pygame.K_ESCAPE)  # back to the match, which goes on
    app.frame(16)
    uid = screen.selected
    post_key(pygame.K_h)
    app.frame(16)
    assert screen.menu is None and isinstance(m.declared(uid).action, Hold)
    open_menu(app)
    choose(app, "save")  # and saves once the folder can be written
    assert screen.menus.slot().exists() and "saved to" in screen.message
