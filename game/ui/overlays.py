"""Drawing on the map view: reachable tiles, the path under the cursor, labels and arrows,
overwatch arcs, grenade blasts and the blast preview. The declarations already made are drawn
by each action's entry (game/ui/actionui/) with these; the units themselves by `figures`."""

from __future__ import annotations

import math

import pygame

from engine.capabilities import blast_radius_m
from game.ui.assets import WHITE, label_box
from game.ui.camera import Camera
from game.world import geometry as geo
from game.world.match import Match

SHADES = {"free": (60, 200, 90, 70), "run": (230, 200, 60, 70), "sprint": (240, 120, 40, 70)}


def move_mode(cost: float, allowance: dict[str, int]) -> str:
    """The least move mode whose allowance covers `cost` metres."""
    for mode in ("free", "run", "sprint"):
        if cost <= allowance[mode] + 1e-9:
            return mode
    return "sprint"


def reach_layer(reach: dict[tuple[int, int], float], allowance: dict[str, int],
                t: int) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The reachable tiles shaded by what they allow, as one see-through picture over
    their bounding box at `t` pixels a tile, and the box's top-left tile (drawn with one
    blit a frame, remade only when the reach or the zoom changes)."""
    if not reach:
        return None
    x0, y0 = min(x for x, _ in reach), min(y for _, y in reach)
    x1, y1 = max(x for x, _ in reach), max(y for _, y in reach)
    layer = pygame.Surface(((x1 - x0 + 1) * t, (y1 - y0 + 1) * t), pygame.SRCALPHA)
    stamps: dict[str, pygame.Surface] = {}  # one tile's picture per mode, stamped in one call
    for mode in ("free", "run", "sprint"):
        colour = SHADES[mode]
        stamp = stamps[mode] = pygame.Surface((t, t), pygame.SRCALPHA)
        stamp.fill(colour)
        if t >= 12:
            pygame.draw.rect(stamp, (*colour[:3], min(255, colour[3] * 2)), stamp.get_rect(), 1)
    # The layer is clear and the tiles do not overlap: the larger of each channel is the stamp's.
    layer.fblits([(stamps[move_mode(cost, allowance)], ((x - x0) * t, (y - y0) * t)) for (x, y), cost in reach.items()],
                 pygame.BLEND_RGBA_MAX)
    return layer, (x0, y0)


def draw_path(surface: pygame.Surface, cam: Camera, path: list[tuple[int, int]], colour: tuple[int, int, int],
              width: int = 3, label: str | None = None) -> None:
    if len(path) < 2:
        return
    pts = [cam.centre(p) for p in path]
    pygame.draw.lines(surface, colour, False, pts, width)
    end = pts[-1]
    pygame.draw.circle(surface, colour, end, max(3, cam.tile_px // 5))
    if label:
        draw_label(surface, label, (end[0] + 8, end[1] - 22), 20)


def draw_label(surface: pygame.Surface, label: str, topleft: tuple[int, int], size: int = 18,
               colour: tuple[int, int, int] = WHITE) -> pygame.Rect:
    """A line of text on a dark box, kept inside the surface's clip."""
    box = label_box(label, size, colour)
    bg = box.get_rect(topleft=topleft)
    bg.clamp_ip(surface.get_clip())
    surface.blit(box, bg)
    return bg


def arrow(surface: pygame.Surface, colour: tuple[int, int, int], a: tuple[int, int], b: tuple[int, int],
          width: int = 2, head: int = 8, short: float = 0) -> None:
    """A line from `a` to `b` with a head at `b` (`short` pixels before it, so the head
    shows beside a unit standing on `b`)."""
    if a == b:
        return
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    if short and math.dist(a, b) > 2 * short:
        b = (round(b[0] - short * math.cos(ang)), round(b[1] - short * math.sin(ang)))
    pygame.draw.line(surface, colour, a, b, width)
    pts = [b, (b[0] - head * math.cos(ang - 0.45), b[1] - head * math.sin(ang - 0.45)),
           (b[0] - head * math.cos(ang + 0.45), b[1] - head * math.sin(ang + 0.45))]
    pygame.draw.polygon(surface, colour, pts)


OVERWATCH_COLOUR = (120, 230, 230)


def draw_overwatch(surface: pygame.Surface, cam: Camera, match: Match, uid: int, aim: tuple[int, int] | None,
                   colour: tuple[int, int, int] = OVERWATCH_COLOUR, width: int = 2) -> None:
    """An overwatch's area outlined: the two edges of the arc (the ruleset's, 45 degrees in
    Yags) from the watcher out to its weapon's long range, the line of aim dotted, or the
    square of a melee weapon's reach; "OW" beside the watcher."""
    v = match.view(uid)
    o = cam.centre(v.pos)
    facts = match.rules.weapon_facts(v.combatant)
    t = cam.tile_px
    if facts.melee or aim is None:
        r = facts.reach_tiles
        box = pygame.Rect(0, 0, (2 * r + 1) * t, (2 * r + 1) * t)
        box.center = o
        pygame.draw.rect(surface, colour, box, width)
    else:
        a = cam.centre(aim)
        if a == o:
            return
        bearing = math.atan2(a[1] - o[1], a[0] - o[0])
        half = math.radians(match.overwatch.arc() / 2)
        reach = min(facts.long_m / match.grid.metres_per_tile * t, math.hypot(*surface.get_size()) * 2)
        for ang in (bearing - half, bearing + half):
            pygame.draw.line(surface, colour, o, (o[0] + reach * math.cos(ang), o[1] + reach * math.sin(ang)), width)
        n = max(2, int(math.dist(o, a) // 8))
        for i in range(0, n, 2):  # the line of aim, dotted
            p0 = (o[0] + (a[0] - o[0]) * i / n, o[1] + (a[1] - o[1]) * i / n)
            p1 = (o[0] + (a[0] - o[0]) * (i + 1) / n, o[1] + (a[1] - o[1]) * (i + 1) / n)
            pygame.draw.line(surface, colour, p0, p1, 1)
        pygame.draw.circle(surface, colour, a, max(3, t // 5), 1)
    at = (o[0] + t // 2, o[1] - t // 2 - 14)
    if t >= 12 and surface.get_clip().collidepoint(at):
        draw_label(surface, "OW", at, 16, colour)


def area_layer(area: set[tuple[int, int]], box: tuple[int, int, int, int], t: int,
               colour: tuple[int, int, int, int]) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The tiles of `area` inside `box` (x0, y0, x1, y1: the tiles in view) shaded as one
    see-through picture at `t` pixels a tile (a picture of a pixel a tile, scaled: cheap for
    thousands of tiles) and its top-left tile."""
    x0, y0, x1, y1 = box
    inside = [(x, y) for x, y in area if x0 <= x <= x1 and y0 <= y <= y1]
    if not inside:
        return None
    bx0, by0 = min(x for x, _ in inside), min(y for _, y in inside)
    bx1, by1 = max(x for x, _ in inside), max(y for _, y in inside)
    small = pygame.Surface((bx1 - bx0 + 1, by1 - by0 + 1), pygame.SRCALPHA)
    for x, y in inside:
        small.set_at((x - bx0, y - by0), colour)
    return pygame.transform.scale(small, ((bx1 - bx0 + 1) * t, (by1 - by0 + 1) * t)), (bx0, by0)


BLAST_BANDS = (("wounds", (255, 80, 40)), ("mixed", (255, 160, 60)), ("stuns", (255, 220, 120)))


def draw_blast(surface: pygame.Surface, cam: Camera, match: Match, weapon: str, tile: tuple[int, int],
               filled: bool = False) -> None:
    """The blast bands round `tile`: wounds to the radius, mixed to twice it, stuns to three
    times (filled translucent when previewing a throw)."""
    r_m = blast_radius_m(match.rules, weapon)
    c = cam.centre(tile)
    for k in (3, 2, 1) if filled else (1, 2, 3):
        colour = BLAST_BANDS[k - 1][1]
        r = int(r_m * k * cam.tile_px / match.grid.metres_per_tile)
        if r <= 1:
            continue
        if filled:
            # only the visible part of the disc (a wide blast at a close zoom is huge)
            area = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r).clip(surface.get_clip())
            if area.w > 0 and area.h > 0:
                disc = pygame.Surface(area.size, pygame.SRCALPHA)
                pygame.draw.circle(disc, (*colour, 45), (c[0] - area.x, c[1] - area.y), r)
                surface.blit(disc, area.topleft)
        pygame.draw.circle(surface, colour, c, r, 2)


def blast_preview(match: Match, weapon: str, tile: tuple[int, int], team: str,
                  hidden: frozenset[int] = frozenset()) -> list[tuple[str, list[str]]]:
    """Who is in each blast band if the grenade lands on `tile`: [(band, [unit labels])], with
    friends marked and cover (no line of sight or hard cover: one band further out, as the
    world resolves it) noted. Only the wounds, mixed and stuns bands are listed."""
    r_m = blast_radius_m(match.rules, weapon)
    if r_m <= 0:
        return []
    bands: dict[str, list[str]] = {name: [] for name, _ in BLAST_BANDS}
    for v in match.units(living=True):
        if v.uid in hidden:  # fog of war: an enemy the side does not see is not listed
            continue
        d = geo.distance_m(match.grid, tile, v.pos)
        covered = (not match.topology.line_of_sight(tile, v.pos)
                   or geo.cover_between(match.grid, tile, v.pos) in ("hard50", "hard90"))
        multiple = max(1, math.ceil(d / r_m - 1e-9)) + (1 if covered else 0)
        if multiple > 3:
            continue
        label = ("FRIEND " if v.team == team else "") + f"{v.name} {d:.0f} m" + (" (cover)" if covered else "")
        bands[BLAST_BANDS[multiple - 1][0]].append(label)
    return [(name, bands[name]) for name, _ in BLAST_BANDS]


def draw_routes(surface: pygame.Surface, cam: Camera, routes: list[tuple[str, list[tuple[int, int]]]],
                colour: tuple[int, int, int]) -> None:
    """The routes a side's orders name (issue 30), each a line through its points with its
    name at its end; a route of one point is a ring."""
    for name, points in routes:
        if len(points) == 1:
            pygame.draw.circle(surface, colour, cam.centre(points[0]), max(4, cam.tile_px // 3), 2)
            draw_label(surface, name, (cam.centre(points[0])[0] + 8, cam.centre(points[0])[1] - 22), 18)
        else:
            draw_path(surface, cam, points, colour, 2, name)


def draw_group(surface: pygame.Surface, cam: Camera, tiles: list[tuple[int, int]]) -> None:
    """The units chosen for standing orders: a ring round each."""
    for t in tiles:
        pygame.draw.rect(surface, (250, 230, 120), cam.tile_rect(t), 2)
