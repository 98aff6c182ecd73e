"""The units on the map view: their figures with facing arrows, selection rings and health
markers, the badges over them (holds, first aid, jams, dropped weapons), the step of a round
being played back, and how each unit is shown at that step (`Shown`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame

from engine.ruleset import HealthFacts
from game.ui.assets import TEAM_COLOURS, WHITE, YELLOW, Sprites, text
from game.ui.camera import Camera
from game.ui.overlays import arrow as _arrow
from game.ui.overlays import draw_label
from game.world.events import MovedTo
from game.world.match import Match


@dataclass(frozen=True)
class Shown:
    """How a unit is drawn while a resolved round is played back: where it stood and
    whether it was down at that point, and its health then (the world's health facts: wounds,
    stuns, ...; None: as it is now)."""

    pos: tuple[int, int]
    out: bool
    health: HealthFacts | None = None


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
        partner = match.engagement.grappled_with(v.uid)
        if partner is not None and match.engagement.holds(v.uid):
            holds.append((v.uid, partner))
        t = match.work.tending(v.uid)
        if t is not None and not v.out:
            tending.append((v.uid, t.patient, t.rounds_left))
        d = match.combat.dropped_weapon(v.uid)
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
               shown: dict[int, Shown] | None = None, arrow: bool = True,
               walking: dict[int, tuple[tuple[float, float], tuple[int, int] | None]] | None = None) -> None:
    """The event being played back: its actor ringed (on its way, if it walks), an arrow to
    its target (where they stand at that point of the round) unless the step's effects show
    it already."""
    if actor is None:
        return

    def at(uid: int) -> tuple[int, int]:
        if walking and uid in walking:
            return cam.point(walking[uid][0])
        return cam.tile_rect(shown[uid].pos if shown and uid in shown else match.view(uid).pos).center

    a = at(actor)
    pygame.draw.circle(surface, YELLOW, a, cam.tile_px // 2 + 4, 2)
    if target is not None and target != actor:
        t = at(target)
        if arrow:
            _arrow(surface, YELLOW, a, t, 2, max(6, cam.tile_px // 2), cam.tile_px * 0.6)
        pygame.draw.circle(surface, (255, 60, 40), t, cam.tile_px // 2 + 4, 2)


def draw_ghost(surface: pygame.Surface, cam: Camera, sprites: Sprites, role: str, team: str,
               tile: tuple[int, int]) -> None:
    """Where a staged move ends: the unit's figure, see-through, on that tile."""
    frame = f"{role}_{team}_normal"
    if frame not in sprites.frames:
        frame = f"{team}_normal"
    if frame not in sprites.frames:
        return
    r = cam.tile_rect(tile)
    img = sprites.get(frame, cam.tile_px).copy()
    img.set_alpha(130)
    surface.blit(img, r)
    pygame.draw.circle(surface, (255, 255, 255), r.center, cam.tile_px // 2 + 2, 1)


def _sign(n: float) -> int:
    return (n > 0) - (n < 0)


def _toward(a: tuple[float, float], b: tuple[float, float]) -> tuple[int, int] | None:
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
        to = e.data.to if isinstance(e.data, MovedTo) else None  # the world logs a move's destination
        if to is not None and e.actor is not None:
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


FIGURE_ROLES = {
    "leader": "leader", "cqb_leader": "leader", "wood_leader": "leader", "rifleman": "rifleman",
    "assault": "rifleman", "stunner": "rifleman", "woodsman": "rifleman", "scout": "rifleman",
    "gunner": "gunner", "heavy_gunner": "gunner", "marksman": "marksman", "sniper": "marksman",
    "shotgun": "shotgun", "pump_gun": "shotgun", "breacher": "shotgun", "wood_shotgun": "shotgun",
    "smg": "smg", "machine_pistol": "smg", "pistol": "pistol", "grenadier": "grenadier", "bomber": "grenadier",
    "swordsman": "swordsman", "axeman": "axeman",
}
KEYWORDS = (("leader", "leader"), ("sergeant", "leader"), ("gunner", "gunner"), ("shotgun", "shotgun"),
            ("pump", "shotgun"), ("sniper", "marksman"), ("marksman", "marksman"), ("smg", "smg"),
            ("pistol", "pistol"), ("grenad", "grenadier"), ("bomb", "grenadier"), ("sword", "swordsman"),
            ("axe", "axeman"), ("spear", "swordsman"), ("melee", "swordsman"))


def figure_role(role: str | None, melee: bool = False) -> str:
    """The figure a unit is drawn with: its role's (the shipped maps' roles and common words
    in a map's own), else a swordsman for a melee weapon and a rifleman for the rest."""
    name = (role or "").lower()
    if name in FIGURE_ROLES:
        return FIGURE_ROLES[name]
    for word, figure in KEYWORDS:
        if word in name:
            return figure
    return "swordsman" if melee else "rifleman"


def draw_units(surface: pygame.Surface, cam: Camera, match: Match, sprites: Sprites,
               selected: int | None, targets: set[int], current: int | None,
               facing: dict[int, tuple[int, int]] | None = None, shown: dict[int, Shown] | None = None,
               roles: dict[int, str] | None = None,
               walking: dict[int, tuple[tuple[float, float], tuple[int, int] | None]] | None = None,
               hidden: frozenset[int] = frozenset()) -> None:
    """Every unit in view (but the `hidden`: enemies the viewer does not see): its figure by role and side (a fallen one lying in its blood under
    a red cross), its facing, the selection and target rings, its wound and stun bars; a unit
    walking in the playback drawn on its way."""
    t = cam.tile_px
    xs, ys = cam.visible_tiles()
    views = [v for v in match.units() if v.uid not in hidden]
    if shown:
        views = [replace(v, pos=shown[v.uid].pos, out=shown[v.uid].out) if v.uid in shown else v for v in views]
    views = sorted(views, key=lambda v: not v.out)  # the fallen first, underneath
    walking = walking or {}
    for v in views:
        if v.uid in walking:
            c = cam.point(walking[v.uid][0])
            r = pygame.Rect(c[0] - t // 2, c[1] - t // 2, t, t)
        elif v.pos[0] not in xs or v.pos[1] not in ys:
            continue
        else:
            r = cam.tile_rect(v.pos)
        colour = TEAM_COLOURS.get(v.team, WHITE)
        if v.uid in targets:  # under the unit, so its facing and marker stay readable
            surface.blit(sprites.get("target", t), r)
            pygame.draw.rect(surface, (255, 60, 40), r.inflate(4, 4), 2)
        if not v.out:
            pygame.draw.circle(surface, colour, r.center, t // 2, max(1, t // 12))
        stance = v.stance if v.stance in ("crouched", "prone") else "normal"
        stance = "down" if v.out else stance
        frame = f"{roles.get(v.uid, 'rifleman')}_{v.team}_{stance}" if roles else ""
        if frame not in sprites.frames:
            frame = f"{v.team}_{stance}"
        if frame in sprites.frames:
            surface.blit(sprites.get(frame, t), r)
        else:
            pygame.draw.circle(surface, colour, r.center, t // 3)
        way = walking[v.uid][1] if v.uid in walking else None
        face = way or (facing or {}).get(v.uid)
        if face and not v.out and "facing" in sprites.frames:
            # the arrow sits on the tile's edge in the facing direction
            arrow = facing_arrow(sprites, t, face)
            surface.blit(arrow, arrow.get_rect(center=r.center))
        if v.uid == selected:
            surface.blit(sprites.get("selection", t), r)
            pygame.draw.circle(surface, YELLOW, r.center, t // 2 + 2, 2)
        elif v.uid == current:
            pygame.draw.circle(surface, WHITE, r.center, t // 2 + 2, 1)
        if roles and not v.out and t >= 24:  # over the rings, so the selected unit shows its mark too
            _role_mark(surface, r, roles.get(v.uid, "rifleman"))
        was = shown[v.uid].health if shown and v.uid in shown else None
        if was is None:
            was = match.rules.health_facts(v.state)
        if not v.out:
            _health_marker(surface, r, was.wounds, was.stuns)


LEVELS = 6  # the wound and stun tracks' levels (Yags: 0-6); longer tracks fill the bar

# A role's mark in its figure's upper left corner, so roles read at a glance beside the
# silhouette (what it carries): the weapon in a letter or two, not a colour.
ROLE_MARKS = {"rifleman": "R", "leader": "L", "gunner": "MG", "marksman": "SR", "shotgun": "SG", "smg": "SM",
              "pistol": "P", "grenadier": "GR", "swordsman": "SW", "axeman": "AX"}


def _role_mark(surface: pygame.Surface, r: pygame.Rect, role: str) -> None:
    mark = ROLE_MARKS.get(role)
    if not mark:
        return
    img = text(mark, max(11, r.h // 3), WHITE)
    bg = pygame.Rect(r.x, r.y, img.get_width() + 3, img.get_height())
    pygame.draw.rect(surface, (20, 20, 24), bg)
    surface.blit(img, (bg.x + 2, bg.y))


def _health_marker(surface: pygame.Surface, r: pygame.Rect, wounds: int, stuns: int) -> None:
    """Two segmented bars over the unit: wounds (red) and stuns (yellow), a segment a level,
    each outlined in black so they read at any zoom."""
    if not wounds and not stuns:
        return
    h = max(3, r.h // 7)
    w = max(12, r.w + 4)
    rows = [(lv, colour) for lv, colour in ((wounds, (235, 45, 40)), (stuns, (245, 215, 50))) if lv]
    top = r.y - 1 - len(rows) * (h + 1)
    for i, (lv, colour) in enumerate(rows):
        bar = pygame.Rect(r.centerx - w // 2, top + i * (h + 1), w, h + 2)
        pygame.draw.rect(surface, (0, 0, 0), bar)
        n = max(LEVELS, lv)
        seg = (w - 2) / n
        for k in range(min(lv, n)):
            x0 = bar.x + 1 + round(k * seg)
            x1 = bar.x + 1 + round((k + 1) * seg) - (1 if seg >= 4 else 0)
            pygame.draw.rect(surface, colour, (x0, bar.y + 1, max(1, x1 - x0), h))
