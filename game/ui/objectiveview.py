"""The map's objectives in the window (issue 30): their zones drawn on the map, the side's own
told apart from the enemy's, and a box of lines with each objective's state as the side
knows it ("hold: 1 of 2 rounds", "held: unknown" under fog until seen)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.assets import GREY, TEAM_COLOURS, WHITE, shade, text
from game.ui.camera import Camera

OWN_FILL, ENEMY_FILL = 60, 28  # the zones' see-through fill: the side's own stronger
MET = (120, 220, 120)


def own_team(session: Any, viewer: str | None) -> str | None:
    """Whose objectives are "ours" on the screen: the side whose view is shown, else the
    player's in solo play (None: watch, or hot-seat without fog: each in its own colour)."""
    if viewer is not None:
        return viewer
    return session.config.human_team if session.config.mode == "solo" else None


def zone_layer(tiles: tuple[tuple[int, int], ...], colour: tuple[int, int, int], own: bool,
               t: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """One zone as a see-through picture over its bounding box at `t` pixels a tile, and the
    box's top-left tile: filled, and edged where it meets tiles outside it (a solid edge for
    the side's own zone, a broken one for the enemy's)."""
    x0, y0 = min(x for x, _ in tiles), min(y for _, y in tiles)
    x1, y1 = max(x for x, _ in tiles), max(y for _, y in tiles)
    layer = pygame.Surface(((x1 - x0 + 1) * t, (y1 - y0 + 1) * t), pygame.SRCALPHA)
    inside = set(tiles)
    fill = (*colour, OWN_FILL if own else ENEMY_FILL)
    edge = (*colour, 230)
    width = 3 if own else 2
    for x, y in tiles:
        r = pygame.Rect((x - x0) * t, (y - y0) * t, t, t)
        layer.fill(fill, r)
        for (dx, dy), a, b in (((0, -1), r.topleft, r.topright), ((0, 1), r.bottomleft, r.bottomright),
                               ((-1, 0), r.topleft, r.bottomleft), ((1, 0), r.topright, r.bottomright)):
            if (x + dx, y + dy) in inside:
                continue
            if not own:  # broken: the middle half of each tile's edge
                a, b = (a[0] + (b[0] - a[0]) // 4, a[1] + (b[1] - a[1]) // 4), \
                       (b[0] - (b[0] - a[0]) // 4, b[1] - (b[1] - a[1]) // 4)
            pygame.draw.line(layer, edge, a, b, width)
    return layer, (x0, y0)


def draw_zones(surface: pygame.Surface, cam: Camera, match: Any, ours: str | None, cached: Any) -> None:
    """Every objective's zone (a protect's is not drawn: its unit is the point), with its
    name on a label at the zone's top-left corner (the enemy's first, the side's own over
    them; labels of zones sharing a corner one under the other)."""
    labels: dict[tuple[int, int], int] = {}
    order = sorted(enumerate(match.objectives.all), key=lambda io: (ours is not None and io[1].team == ours, io[0]))
    for i, o in order:
        if o.kind == "protect" or not o.tiles:
            continue
        own = ours is None or o.team == ours
        colour = TEAM_COLOURS.get(o.team, WHITE)
        layer, corner = cached("zone", (i, own, cam.tile_px), lambda o=o, own=own, colour=colour:
                               zone_layer(o.tiles, colour, own, cam.tile_px))
        at = cam.tile_rect(corner).topleft
        surface.blit(layer, at)
        whose = "" if ours is None else ("ours: " if o.team == ours else "theirs: ")
        if cam.tile_px >= 12:
            label = text(f"{whose}{o.name} ({o.kind})", 16, colour)
            below = labels.get(corner, 0)
            labels[corner] = below + 1
            box = pygame.Rect(at[0] + 2, at[1] + 2 + below * (label.get_height() + 3), label.get_width() + 6,
                              label.get_height() + 2)
            clip = surface.get_clip()
            if clip.w and clip.h:
                box.clamp_ip(clip)  # a zone at the map's edge: its label stays on the map
            pygame.draw.rect(surface, (16, 16, 20), box)
            surface.blit(label, (box.x + 3, box.y + 1))


def status_lines(match: Any, ours: str | None) -> list[tuple[str, tuple[int, int, int]]]:
    """One line an objective: whose, its name and its state as `ours` knows it (None: the
    truth), in its side's colour; green once met."""
    out = []
    objectives = match.objectives
    for i, o in enumerate(objectives.all):
        s = objectives.status(i, ours)
        whose = o.team if ours is None else ("ours" if o.team == ours else "theirs")
        colour = MET if s.met else (255, 90, 80) if s.failed else TEAM_COLOURS.get(o.team, WHITE)
        out.append((f"{whose}: {o.name} - {s.text}", colour))
    if out:
        when = match.grid.at_time
        out.append((f"round {match.round} of {match.max_rounds}; then "
                    + ("a draw" if when == "draw" else f"{when} wins"), GREY))
    return out


def draw_status(surface: pygame.Surface, topleft: tuple[int, int], lines: list[tuple[str, tuple[int, int, int]]],
                width: int) -> pygame.Rect | None:
    """The objectives' lines in a dark box at `topleft`, at most `width` pixels wide."""
    if not lines:
        return None
    images = [text("Objectives", 18, WHITE)] + [text(line, 16, colour) for line, colour in lines]
    w = min(width, max(img.get_width() for img in images) + 12)
    h = sum(img.get_height() for img in images) + 8
    box = pygame.Rect(topleft[0], topleft[1], w, h)
    shade(surface, box, (14, 14, 18, 210))
    y = box.y + 4
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip) if clip else box)
    for img in images:
        surface.blit(img, (box.x + 6, y))
        y += img.get_height()
    surface.set_clip(clip)
    return box
