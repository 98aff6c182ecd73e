"""The objectives in the window (issue 30): the zones drawn (the side's own told apart from
the enemy's), each objective's state in a box over the map ("hold: 0 of 3 rounds", "held:
unknown" under fog), and the end screen saying how the battle was won."""

import os

import pygame
from uihelp import ROOT, post_click

from game.ui.assets import TEAM_COLOURS
from game.ui.menus import ResultsScreen
from game.ui.objectiveview import status_lines, zone_layer
from game.ui.results import how_won

STORE = os.path.join(ROOT, "maps", "store.tmx")
ESCORT = os.path.join(ROOT, "maps", "escort.tmx")


def test_the_sides_zones_are_drawn_in_its_colour_and_the_enemys_fainter():
    tiles = ((2, 3), (3, 3), (2, 4))
    own, corner = zone_layer(tiles, TEAM_COLOURS["blue"], True, 20)
    theirs, _ = zone_layer(tiles, TEAM_COLOURS["blue"], False, 20)
    assert corner == (2, 3) and own.get_size() == (40, 40)
    inside = own.get_at((10, 10))  # the middle of (2, 3)
    assert inside[:3] == TEAM_COLOURS["blue"] and inside[3] > theirs.get_at((10, 10))[3] > 0
    assert own.get_at((30, 1))[3] == 230 and own.get_at((21, 1))[3] == 230  # a solid edge
    assert theirs.get_at((30, 1))[3] == 230 and theirs.get_at((21, 1))[3] != 230  # a broken one
    assert own.get_at((20, 10)) == own.get_at((10, 10))  # no edge between (2, 3) and (3, 3)
    assert own.get_at((30, 30))[3] == 0  # (3, 4) is not in the zone


def test_the_panel_says_each_objectives_state_as_the_side_knows_it(app, battle):
    screen = battle(path=STORE, fog=True)
    lines = [line for line, _ in status_lines(screen.match, "blue")]
    assert lines == ["ours: The store (blue) - hold: 0 of 3 rounds", "theirs: The store (red) - held: unknown",
                     "round 1 of 30; then a draw"]
    truth = [line for line, _ in status_lines(screen.match, None)]
    assert truth[1] == "red: The store (red) - hold: 0 of 3 rounds"
    app.frame(16)
    surface = app.canvas
    assert surface.get_at((screen.map_rect.x + 8, screen.map_rect.y + 8))[:3] != (12, 12, 16)  # the box is drawn


def test_the_escort_panel_and_a_battle_played_to_its_end_screen(app, battle):
    screen = battle(path=ESCORT, mode="watch", seed=2)
    lines = [line for line, _ in status_lines(screen.match, None)]
    assert lines[:2] == ["blue: Out at the east end - exit: 0 of 1 left", "blue: Keep Hale alive - protect Sgt Hale: standing"]
    assert lines[2] == "round 0 of 34; then red wins"
    for _ in range(4000):
        if isinstance(app.screen, ResultsScreen):
            break
        if screen.match.over:
            post_click(screen.map_rect.center)
        app.frame(5000)
    results = app.screen
    assert isinstance(results, ResultsScreen)
    r = results.result
    assert r.by in ("objective", "time", "elimination")
    words = how_won(r)
    assert words == {"objective": "by objective " + ", ".join(f"'{n}'" for n in r.objectives),
                     "time": "when time ran out", "elimination": "by elimination"}[r.by]
    surface = pygame.Surface((1280, 720))
    results.draw(surface)
