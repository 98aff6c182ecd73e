"""The new-skirmish menu judges a map as the command line does, with the same message."""

import sys
from pathlib import Path

import pygame

from game.cli import main
from game.session import SessionConfig
from game.ui.menus import MainMenu, map_info

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "maps"))
from tmxfactory import grid, layer, obj, write_map  # noqa: E402


def broken_units_map(tmp_path: Path) -> Path:
    units = [obj(1, "unit", 8, 8, point=True, name="Bo", props={"team": "blue", "weapon": "laser"}),
             obj(2, "unit", 150, 8, point=True, name="Cy", props={"team": "red"})]
    return write_map(tmp_path, width=10, height=6, layers=[layer("ground", grid(10, 6))],
                     objects=units)


def test_the_menu_will_not_start_a_map_whose_units_are_broken_even_with_default_squads(
        app, tmp_path, capsys):
    path = broken_units_map(tmp_path)
    assert main(["check-map", str(path)]) == 2
    cli = capsys.readouterr().err.strip().removeprefix("error: ")
    assert "weapon 'laser' is not in the catalogue" in cli
    assert main(["simulate", "--map", str(path), "--runs", "1", "--blue-squad", "default",
                 "--red-squad", "default"]) == 2
    assert capsys.readouterr().err.strip().removeprefix("error: ") == cli
    menu = MainMenu((1280, 720), SessionConfig(str(path), blue_squad="default", red_squad="default"))
    app.screen = menu
    assert menu.squads == {"blue": "default", "red": "default"}
    assert map_info(str(path)).error == cli  # the picker shows the command line's message
    menu.row = menu.ROWS.index("start")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    app.frame(16)
    assert app.screen is menu and menu.error == cli  # not started, the same words
    menu.draw(app.window)  # the whole message is drawn, wrapped, not cut


def test_missing_art_is_a_warning_in_the_menu_as_on_the_command_line(app, tmp_path):
    path = write_map(tmp_path, width=12, height=8, layers=[layer("ground", grid(12, 8))])
    (tmp_path / "terrain.png").unlink()
    info = map_info(str(path), (300, 200))
    assert not info.error and info.thumb is not None
    assert info.warnings and "terrain.png': file not found" in info.warnings[0]
