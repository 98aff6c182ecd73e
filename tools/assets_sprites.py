"""The unit figures per team and stance, the UI's markers (cover, selection, reticle, path,
hover) and the index of frames in sprites.json (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

from collections.abc import Callable

import make_units
import pygame
from assets_draw import COLUMNS, INK, Colour, T, outlined_circle, outlined_polygon, surface

# -- unit sprites ------------------------------------------------------------------------

TEAM_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "blue": ((56, 112, 224), (22, 44, 110)),
    "red": ((214, 58, 48), (104, 22, 20)),
}
STANCES = ("normal", "crouched", "prone", "down")
HALO: Colour = (244, 244, 236)


def figure(team: str, stance: str) -> pygame.Surface:
    """A soldier seen from above, facing north (up); the UI turns it or adds the arrow."""
    s = surface()
    body, dark = TEAM_COLOURS[team]
    if stance == "down":
        body = tuple((c + 128) // 2 for c in body)  # faded
    if stance == "normal":
        shape, head, rifle = (5, 10, 22, 15), (16, 17), ((21, 15), (21, 2))
    elif stance == "crouched":
        shape, head, rifle = (8, 13, 16, 15), (16, 19), ((20, 17), (20, 6))
    else:  # prone and down: lying at full length
        shape, head, rifle = (10, 6, 12, 24), (16, 10), ((21, 10), (21, 1))
    if stance == "down":
        shape, head, rifle = (4, 10, 24, 12), (8, 16), None
    x, y, w, h = shape
    pygame.draw.ellipse(s, HALO, (x - 2, y - 2, w + 4, h + 4))
    pygame.draw.ellipse(s, INK, (x - 1, y - 1, w + 2, h + 2))
    pygame.draw.ellipse(s, body, (x, y, w, h))
    if stance == "crouched":  # folded legs behind
        pygame.draw.line(s, dark, (12, 27), (20, 27), 3)
    if stance == "prone":  # legs apart behind
        pygame.draw.line(s, dark, (14, 22), (12, 29), 3)
        pygame.draw.line(s, dark, (18, 22), (20, 29), 3)
    if rifle:
        pygame.draw.line(s, HALO, rifle[0], rifle[1], 5)
        pygame.draw.line(s, INK, rifle[0], rifle[1], 3)
    outlined_circle(s, dark, head, 5)
    pygame.draw.circle(s, tuple(min(255, c + 70) for c in dark), (head[0] - 1, head[1] - 2), 2)
    if stance == "down":
        for a, b in (((18, 9), (28, 23)), ((28, 9), (18, 23))):
            pygame.draw.line(s, HALO, a, b, 5)
            pygame.draw.line(s, INK, a, b, 3)
    return s


def draw_units() -> pygame.Surface:
    sheet = surface(len(STANCES) * T, len(TEAM_COLOURS) * T)
    for row, team in enumerate(TEAM_COLOURS):
        for col, stance in enumerate(STANCES):
            sheet.blit(figure(team, stance), (col * T, row * T))
    return sheet


# -- markers -----------------------------------------------------------------------------

SHIELD = [(16, 3), (27, 7), (26, 18), (16, 29), (6, 18), (5, 7)]


def cover_marker(kind: str, level: int) -> pygame.Surface:
    """A shield filled to the level of cover: soft cover green and hatched, hard steel."""
    s = surface()
    pygame.draw.polygon(s, HALO, SHIELD, 0)
    pygame.draw.polygon(s, HALO, SHIELD, 5)
    fill = surface()
    colour = (96, 178, 72) if kind == "soft" else (150, 164, 184)
    pygame.draw.polygon(fill, colour, SHIELD)
    if kind == "soft":
        for i in range(-32, 32, 5):
            pygame.draw.line(fill, (58, 120, 44), (i, 32), (i + 32, 0), 1)
    else:
        for x, y in ((10, 10), (22, 10), (16, 22)):
            pygame.draw.circle(fill, (96, 104, 120), (x, y), 1)
    top = 16 if level == 50 else 6
    fill.fill((0, 0, 0, 0), (0, 0, T, top))
    pygame.draw.line(fill, INK, (0, top), (T, top), 1)
    inside = surface()
    pygame.draw.polygon(inside, (255, 255, 255), SHIELD)
    for y in range(T):  # keep only what lies inside the shield
        for x in range(T):
            if inside.get_at((x, y)).a == 0:
                fill.set_at((x, y), (0, 0, 0, 0))
    s.blit(fill, (0, 0))
    pygame.draw.polygon(s, INK, SHIELD, 2)
    return s


def overlay(colour: tuple[int, int, int], alpha: int = 84) -> pygame.Surface:
    s = surface(fill=(*colour, alpha))
    pygame.draw.rect(s, (*colour, 200), (0, 0, T, T), 2)
    return s


def selection_ring() -> pygame.Surface:
    s = surface()
    pygame.draw.circle(s, INK, (16, 16), 15, 5)
    pygame.draw.circle(s, (255, 214, 40), (16, 16), 14, 3)
    return s


def facing_arrow() -> pygame.Surface:
    s = surface()
    outlined_polygon(s, HALO, [(16, 0), (23, 8), (9, 8)])
    return s


def reticle() -> pygame.Surface:
    s = surface()
    pygame.draw.circle(s, INK, (16, 16), 12, 4)
    pygame.draw.circle(s, (236, 52, 40), (16, 16), 11, 2)
    for a, b in (((16, 1), (16, 9)), ((16, 23), (16, 31)), ((1, 16), (9, 16)),
                 ((23, 16), (31, 16))):
        pygame.draw.line(s, INK, a, b, 4)
        pygame.draw.line(s, (236, 52, 40), a, b, 2)
    return s


def path_dot() -> pygame.Surface:
    s = surface()
    outlined_circle(s, HALO, (16, 16), 4, INK, 2)
    return s


def hatched(colour: tuple[int, int, int]) -> pygame.Surface:
    s = surface(fill=(*colour, 40))
    for i in range(-32, 32, 8):
        pygame.draw.line(s, (*colour, 150), (i, 32), (i + 32, 0), 2)
    return s


def invalid() -> pygame.Surface:
    s = surface()
    for a, b in (((7, 7), (25, 25)), ((25, 7), (7, 25))):
        pygame.draw.line(s, INK, a, b, 7)
        pygame.draw.line(s, (236, 52, 40), a, b, 3)
    return s


def hover() -> pygame.Surface:
    s = surface()
    pygame.draw.rect(s, INK, (0, 0, T, T), 1)
    pygame.draw.rect(s, HALO, (1, 1, T - 2, T - 2), 2)
    return s


MARKERS: tuple[tuple[str, Callable[[], pygame.Surface]], ...] = (
    ("cover_soft50", lambda: cover_marker("soft", 50)),
    ("cover_soft90", lambda: cover_marker("soft", 90)),
    ("cover_hard50", lambda: cover_marker("hard", 50)),
    ("cover_hard90", lambda: cover_marker("hard", 90)),
    ("selection", selection_ring),
    ("facing", facing_arrow),
    ("move", lambda: overlay((60, 140, 255))),
    ("attack", lambda: overlay((255, 60, 50))),
    ("target", reticle),
    ("path", path_dot),
    ("run", lambda: overlay((255, 170, 40))),
    ("spawn_blue", lambda: hatched((56, 112, 224))),
    ("spawn_red", lambda: hatched((214, 58, 48))),
    ("invalid", invalid),
    ("hover", hover),
    ("blast", lambda: overlay((255, 110, 20), 110)),
)


def draw_markers() -> pygame.Surface:
    rows = -(-len(MARKERS) // COLUMNS)
    sheet = surface(COLUMNS * T, rows * T)
    for i, (_, paint) in enumerate(MARKERS):
        sheet.blit(paint(), ((i % COLUMNS) * T, (i // COLUMNS) * T))
    return sheet


def sprite_index() -> dict[str, object]:
    """Where each frame is, for the UI: ``[column, row]`` of 32 x 32 px frames."""
    return {
        "frame_size": [T, T],
        "units.png": {
            "facing": "north (up); turn the frame or draw markers.png 'facing' beside it",
            "frames": {f"{team}_{stance}": [col, row]
                       for row, team in enumerate(TEAM_COLOURS)
                       for col, stance in enumerate(STANCES)},
        },
        "markers.png": {
            "frames": {name: [i % COLUMNS, i // COLUMNS] for i, (name, _) in enumerate(MARKERS)},
        },
        "roles.png": {
            "facing": "north (up); a row per role and side, a column per stance (tools/make_units.py)",
            "frames": make_units.frames(),
        },
    }
