"""Drawing on the map view: units, reachable tiles, the path under the cursor, targets in
sight and the declarations already made (move arrows, attack lines, grenade blasts)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import pygame

from game.ui.assets import TEAM_COLOURS, WHITE, YELLOW, Sprites, text
from game.ui.camera import Camera
from game.world import geometry as geo
from game.world.actions import AreaFire, Attack, FullDodge, Move, Overwatch, Throw
from game.world.match import Match

SHADES = {"free": (60, 200, 90, 70), "run": (230, 200, 60, 70), "sprint": (240, 120, 40, 70)}
_tiles: dict[tuple[tuple[int, int, int, int], int], pygame.Surface] = {}


def shade(colour: tuple[int, int, int, int], size: int) -> pygame.Surface:
    key = (colour, size)
    if key not in _tiles:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        s.fill(colour)
        if size >= 12:
            pygame.draw.rect(s, (*colour[:3], min(255, colour[3] * 2)), s.get_rect(), 1)
        _tiles[key] = s
    return _tiles[key]


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
    for (x, y), cost in reach.items():
        colour = SHADES[move_mode(cost, allowance)]
        r = pygame.Rect((x - x0) * t, (y - y0) * t, t, t)
        layer.fill(colour, r)
        if t >= 12:
            pygame.draw.rect(layer, (*colour[:3], min(255, colour[3] * 2)), r, 1)
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
    img = text(label, size, colour)
    bg = pygame.Rect(topleft[0], topleft[1], img.get_width() + 6, img.get_height() + 4)
    bg.clamp_ip(surface.get_clip())
    pygame.draw.rect(surface, (20, 20, 20), bg)
    surface.blit(img, (bg.x + 3, bg.y + 2))
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


def draw_declarations(surface: pygame.Surface, cam: Camera, match: Match) -> None:
    """What has been declared this round, so later declarers can react."""
    for v in match.units(living=True):
        d = match.declared(v.uid)
        if d is None:
            continue
        a = d.action
        colour = TEAM_COLOURS.get(v.team, WHITE)
        head = max(6, cam.tile_px // 2)
        if isinstance(a, Move) and a.path:
            draw_path(surface, cam, [v.pos, *a.path] if a.path[0] != v.pos else list(a.path), colour, 2)
        elif isinstance(a, FullDodge) and a.tile:
            draw_path(surface, cam, [v.pos, a.tile], colour, 2)
        elif isinstance(a, Attack):
            t = match.view(a.target)
            if a.path:
                draw_path(surface, cam, list(a.path), colour, 2)
            # the attack: a line in the attacker's colour edged in red, its head at the target
            short = cam.tile_px * 0.6
            arrow(surface, (255, 60, 40), cam.centre(v.pos), cam.centre(t.pos), 4, head + 2, short)
            arrow(surface, colour, cam.centre(v.pos), cam.centre(t.pos), 2, head, short)
        elif isinstance(a, AreaFire):
            arrow(surface, (255, 150, 40), cam.centre(v.pos), cam.centre(a.aim), 2, head)
        elif isinstance(a, Throw):
            arrow(surface, (255, 220, 60), cam.centre(v.pos), cam.centre(a.tile), 2, head)
            draw_blast(surface, cam, match, a.weapon, a.tile)
        elif isinstance(a, Overwatch):
            draw_overwatch(surface, cam, match, v.uid, a.aim, colour)


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
        half = math.radians(match.rules.overwatch_arc() / 2)
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


@dataclass(frozen=True)
class Badges:
    """What the map shows about units beyond their figures (read from the world once per
    change of the log): jammed guns, holds (holder, held), first aid in progress (healer,
    patient, rounds left), dropped weapons (owner, name, tile)."""

    jammed: tuple[int, ...] = ()
    holds: tuple[tuple[int, int], ...] = ()
    tending: tuple[tuple[int, int, int], ...] = ()
    dropped: tuple[tuple[int, str, tuple[int, int]], ...] = ()


def badges(match: Match) -> Badges:
    jammed, holds, tending, dropped = [], [], [], []
    for v in match.units():
        if v.ammo is not None and v.ammo.jammed and not v.out:
            jammed.append(v.uid)
        partner = match.grappled_with(v.uid)
        if partner is not None and match.holds(v.uid):
            holds.append((v.uid, partner))
        t = match.tending(v.uid)
        if t is not None and not v.out:
            tending.append((v.uid, t.patient, t.rounds_left))
        d = match.dropped_weapon(v.uid)
        if d is not None:
            dropped.append((v.uid, d[0], d[1]))
    return Badges(tuple(jammed), tuple(holds), tuple(tending), tuple(dropped))


def draw_badges(surface: pygame.Surface, cam: Camera, match: Match, b: Badges,
                shown: dict[int, Shown] | None = None, over: bool = True) -> None:
    """Over the figures (nothing under them yet): dropped weapons in their tiles' lower left
    corner (a blade, its hilt in its owner's colour), holds (a thick purple bar between holder
    and held), first aid (a green line to the patient, "+" and the rounds left) and jammed
    guns ("JAM")."""
    t = cam.tile_px
    if not over:
        return
    _draw_dropped(surface, cam, match, b)

    def pos(uid: int) -> tuple[int, int]:
        return shown[uid].pos if shown and uid in shown else match.view(uid).pos

    view = surface.get_clip()

    def label(s: str, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
        if t >= 12 and view.collidepoint(at):  # not clamped into view for a unit out of it
            draw_label(surface, s, at, 15, colour)

    for holder, held in b.holds:
        pa, pb = cam.centre(pos(holder)), cam.centre(pos(held))
        pygame.draw.line(surface, (190, 80, 220), pa, pb, max(3, t // 5))
        label("hold", ((pa[0] + pb[0]) // 2 - 12, min(pa[1], pb[1]) - t // 2 - 16), (230, 160, 255))
    for healer, patient, left in b.tending:
        pa, pb = cam.centre(pos(healer)), cam.centre(pos(patient))
        if pa != pb:
            pygame.draw.line(surface, (80, 220, 110), pa, pb, max(2, t // 8))
        label(f"+{left}", (pa[0] - t // 2, pa[1] + t // 2 - 4), (120, 240, 140))
    for uid in b.jammed:
        c = cam.centre(pos(uid))
        label("JAM", (c[0] + t // 2 - 8, c[1] + t // 2 - 6), (255, 110, 90))


def draw_event(surface: pygame.Surface, cam: Camera, match: Match, actor: int | None, target: int | None,
               shown: dict[int, Shown] | None = None) -> None:
    """The event being played back: its actor ringed, an arrow to its target (where they
    stand at that point of the round)."""
    if actor is None:
        return

    def pos(uid: int) -> tuple[int, int]:
        return shown[uid].pos if shown and uid in shown else match.view(uid).pos

    a = cam.tile_rect(pos(actor))
    pygame.draw.circle(surface, YELLOW, a.center, cam.tile_px // 2 + 4, 2)
    if target is not None and target != actor:
        t = cam.tile_rect(pos(target))
        arrow(surface, YELLOW, a.center, t.center, 2, max(6, cam.tile_px // 2), cam.tile_px * 0.6)
        pygame.draw.circle(surface, (255, 60, 40), t.center, cam.tile_px // 2 + 4, 2)


BLAST_BANDS = (("wounds", (255, 80, 40)), ("mixed", (255, 160, 60)), ("stuns", (255, 220, 120)))


def draw_blast(surface: pygame.Surface, cam: Camera, match: Match, weapon: str, tile: tuple[int, int],
               filled: bool = False) -> None:
    """The blast bands round `tile`: wounds to the radius, mixed to twice it, stuns to three
    times (filled translucent when previewing a throw)."""
    radius_of = getattr(match.rules, "blast_radius_m", None)
    if radius_of is None:
        return
    r_m = float(radius_of(weapon))
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


def blast_preview(match: Match, weapon: str, tile: tuple[int, int], team: str) -> list[tuple[str, list[str]]]:
    """Who is in each blast band if the grenade lands on `tile`: [(band, [unit labels])], with
    friends marked and cover (no line of sight or hard cover: one band further out, as the
    world resolves it) noted. Only the wounds, mixed and stuns bands are listed."""
    radius_of = getattr(match.rules, "blast_radius_m", None)
    if radius_of is None:
        return []
    r_m = float(radius_of(weapon))
    if r_m <= 0:
        return []
    bands: dict[str, list[str]] = {name: [] for name, _ in BLAST_BANDS}
    for v in match.units(living=True):
        d = geo.distance_m(match.grid, tile, v.pos)
        covered = (not geo.line_of_sight(match.grid, tile, v.pos)
                   or geo.cover_between(match.grid, tile, v.pos) in ("hard50", "hard90"))
        multiple = max(1, math.ceil(d / r_m - 1e-9)) + (1 if covered else 0)
        if multiple > 3:
            continue
        label = ("FRIEND " if v.team == team else "") + f"{v.name} {d:.0f} m" + (" (cover)" if covered else "")
        bands[BLAST_BANDS[multiple - 1][0]].append(label)
    return [(name, bands[name]) for name, _ in BLAST_BANDS]


def _sign(n: float) -> int:
    return (n > 0) - (n < 0)


def _toward(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int] | None:
    """The 8-way direction from tile `a` to tile `b` (None when they are the same), rounded
    to the nearest 45 degrees."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 and dy == 0:
        return None
    angle = round(math.atan2(dy, dx) / (math.pi / 4)) * (math.pi / 4)
    return (_sign(round(math.cos(angle), 6)), _sign(round(math.sin(angle), 6)))


def default_facing(match: Match, team: str) -> tuple[int, int]:
    """Toward the enemy side: from the team's centre to the other teams' centre."""
    own = [v.pos for v in match.units(team)]
    other = [v.pos for v in match.units() if v.team != team]
    if not own or not other:
        return (0, -1)
    a = (sum(p[0] for p in own) / len(own), sum(p[1] for p in own) / len(own))
    b = (sum(p[0] for p in other) / len(other), sum(p[1] for p in other) / len(other))
    d = _toward((0, 0), (b[0] - a[0], b[1] - a[1])) if (a != b) else None
    return d or (0, -1)


def facings(match: Match, start: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """Each unit's facing as an 8-way (dx, dy): the direction of its last move or attack in
    the log, else toward the enemy side. `start` holds the positions the units began at (a
    first move from an unknown start leaves the facing as it was)."""
    pos = dict(start)
    out: dict[int, tuple[int, int]] = {}
    for e in match.log.events:
        to = e.data.get("to") if e.kind == "move" else None  # the world logs a move's destination
        if to is not None and e.actor is not None:
            to = tuple(to)
            if e.actor in pos:
                d = _toward(pos[e.actor], to)
                if d is not None:
                    out[e.actor] = d
            pos[e.actor] = to
        elif e.kind in ("attack", "free_strike") and e.actor is not None and e.target is not None:
            a = pos.get(e.actor)
            t = pos.get(e.target)
            d = _toward(a, t) if a is not None and t is not None else None
            if d is not None:
                out[e.actor] = d
    teams = {v.team for v in match.units()}
    defaults = {t: default_facing(match, t) for t in teams}
    for v in match.units():
        out.setdefault(v.uid, defaults[v.team])
    return out


_arrows: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}


def facing_arrow(sprites: Sprites, size: int, d: tuple[int, int]) -> pygame.Surface:
    """The markers sheet's facing frame (pointing north) turned to direction `d`."""
    key = (size, d)
    if key not in _arrows:
        if len(_arrows) > 256:
            _arrows.clear()
        deg = math.degrees(math.atan2(-d[0], -d[1]))  # counter-clockwise from north
        _arrows[key] = pygame.transform.rotate(sprites.get("facing", size), deg)
    return _arrows[key]


def _draw_dropped(surface: pygame.Surface, cam: Camera, match: Match, b: Badges) -> None:
    t = cam.tile_px
    for owner, _name, tile in b.dropped:
        r = cam.tile_rect(tile)
        r = pygame.Rect(r.x - r.w // 6, r.y + r.h // 3, r.w * 2 // 3, r.h * 2 // 3)  # lower left, past the edge
        colour = TEAM_COLOURS.get(match.view(owner).team, WHITE)
        a, z = (r.x + r.w // 5, r.bottom - r.h // 5), (r.right - r.w // 5, r.y + r.h // 5)
        pygame.draw.line(surface, (30, 30, 30), a, z, max(3, t // 6))
        pygame.draw.line(surface, (210, 210, 220), a, z, max(1, t // 12))
        g = (a[0] + (z[0] - a[0]) // 4, a[1] + (z[1] - a[1]) // 4)
        pygame.draw.line(surface, colour, (g[0] - t // 9, g[1] - t // 9), (g[0] + t // 9, g[1] + t // 9),
                         max(2, t // 10))


@dataclass(frozen=True)
class Shown:
    """How a unit is drawn while a resolved round is played back: where it stood and
    whether it was down at that point, and its health then (the world's health facts: wounds,
    stuns, ...; None: as it is now)."""

    pos: tuple[int, int]
    out: bool
    health: dict[str, Any] | None = None


def shown_at(match: Match, start: dict[int, tuple[int, int]], later: list[Any], done: list[Any] = (),
             health: dict[int, dict[str, Any]] | None = None) -> dict[int, Shown]:
    """The units as they were before the `later` events (the rest of the round's playback),
    `done` being the round's events shown so far: a move still to come leaves its mover on
    its start tile (or where an overwatch caught it on its way), a fall still to come leaves
    the unit standing, harm still to come leaves its marker as it was then (the health the
    last event so far gave it, else `health`, the round's start)."""
    moved = {e.actor for e in later if e.kind == "move"}
    downed = {e.actor for e in later if e.kind == "down"}
    hurt = {e.data["unit"] for e in later if "unit" in e.data}
    caught = {e.target: tuple(e.data["at"]) for e in done
              if e.kind == "overwatch" and "at" in e.data and e.target is not None}
    last: dict[int, dict[str, Any]] = {}
    for e in done:
        if "unit" in e.data:
            last[e.data["unit"]] = e.data
    out = {}
    for v in match.units():
        if v.uid in moved or v.uid in downed or v.uid in hurt:
            pos = caught.get(v.uid, start.get(v.uid, v.pos)) if v.uid in moved else v.pos
            was = None
            if v.uid in hurt:
                was = last.get(v.uid) or (health or {}).get(v.uid) or {}
            out[v.uid] = Shown(pos, v.out and v.uid not in downed, was)
    return out


def draw_units(surface: pygame.Surface, cam: Camera, match: Match, sprites: Sprites,
               selected: int | None, targets: set[int], current: int | None,
               facing: dict[int, tuple[int, int]] | None = None, shown: dict[int, Shown] | None = None) -> None:
    t = cam.tile_px
    xs, ys = cam.visible_tiles()
    views = match.units()
    if shown:
        views = [replace(v, pos=shown[v.uid].pos, out=shown[v.uid].out) if v.uid in shown else v for v in views]
    views = sorted(views, key=lambda v: not v.out)  # the fallen first, underneath
    for v in views:
        if v.pos[0] not in xs or v.pos[1] not in ys:
            continue
        r = cam.tile_rect(v.pos)
        colour = TEAM_COLOURS.get(v.team, WHITE)
        if v.uid in targets:  # under the unit, so its facing and marker stay readable
            surface.blit(sprites.get("target", t), r)
            pygame.draw.rect(surface, (255, 60, 40), r.inflate(4, 4), 2)
        if not v.out:
            pygame.draw.circle(surface, colour, r.center, t // 2, max(1, t // 12))
        stance = v.stance if v.stance in ("crouched", "prone") else "normal"
        frame = f"{v.team}_{'down' if v.out else stance}"
        if frame in sprites.frames:
            surface.blit(sprites.get(frame, t), r)
        else:
            pygame.draw.circle(surface, colour, r.center, t // 3)
        if facing and not v.out and v.uid in facing and "facing" in sprites.frames:
            # the arrow sits on the tile's edge in the facing direction
            arrow = facing_arrow(sprites, t, facing[v.uid])
            surface.blit(arrow, arrow.get_rect(center=r.center))
        if v.uid == selected:
            surface.blit(sprites.get("selection", t), r)
            pygame.draw.circle(surface, YELLOW, r.center, t // 2 + 2, 2)
        elif v.uid == current:
            pygame.draw.circle(surface, WHITE, r.center, t // 2 + 2, 1)
        was = shown[v.uid].health if shown and v.uid in shown else None
        if was is not None:
            _health_marker(surface, r, int(was.get("wounds", 0)), int(was.get("stuns", 0)))
        else:
            _health_marker(surface, r, getattr(v.state, "wounds", 0), getattr(v.state, "stuns", 0))


def _health_marker(surface: pygame.Surface, r: pygame.Rect, wounds: int, stuns: int) -> None:
    """Two pips over the unit: wounds (red) and stuns (yellow), filled by level of 6."""
    if not wounds and not stuns:
        return
    w = max(4, r.w - 4)
    h = max(2, r.h // 10)
    for i, (lv, colour) in enumerate(((wounds, (230, 40, 40)), (stuns, (240, 210, 40)))):
        bar = pygame.Rect(r.x + 2, r.y + 1 + i * (h + 1), w, h)
        pygame.draw.rect(surface, (0, 0, 0), bar)
        bar.w = int(w * min(lv, 6) / 6)
        pygame.draw.rect(surface, colour, bar)
