"""The menu chooses a deployment (issue 30): the row cycles through the map's units layer and
its `deploy NAME` layers, and the match places the sides each layer has units for there."""

from pathlib import Path

import pygame

from game.session import SessionConfig
from game.ui.menus import MainMenu

BREAKOUT = str(Path(__file__).resolve().parents[2] / "maps" / "breakout.tmx")
CROSSROADS = str(Path(__file__).resolve().parents[2] / "maps" / "crossroads.tmx")


def test_the_deployment_row_cycles_the_maps_layers_into_the_config():
    pygame.init()
    menu = MainMenu((1280, 720), SessionConfig(BREAKOUT, seed=3))
    menu.row = menu.ROWS.index("deploy")
    assert menu.config().blue_deployment == "" and "the map's units" in menu._deploy_text()
    menu._cycle(1)
    cfg = menu.config()
    assert cfg.blue_deployment == "flank" and cfg.red_deployment == ""  # Breakout's flank places blue only
    assert menu._deploy_text() == "flank (blue)"
    menu._cycle(1)
    assert menu.config().blue_deployment == ""  # round again to the map's units layer
    menu.draw(pygame.Surface((1280, 720)))  # the row is drawn with the rest


def test_a_map_without_deployments_says_so():
    pygame.init()
    menu = MainMenu((1280, 720), SessionConfig(CROSSROADS, seed=3))
    assert menu._deploy_text() == "(the map has none)"
    menu.row = menu.ROWS.index("deploy")
    menu._cycle(1)
    assert menu.config().blue_deployment == "" and menu.config().red_deployment == ""
