"""What the playback shows for a moment over the map: tracers and muzzle flashes, area fire's
swept arc, a grenade's flight and its blast bands (with the view's shake), a blade's swing,
the harm done floating above a unit, and the sounds that go with them.

Effects live on the playback's clock (milliseconds); positions are in tiles (floats: a tile's
centre is x + 0.5), so they follow the camera.

    fx = Effects(sounds)
    fx.add(Effect("tracer", start, 200, a, b, colour))
    fx.update(now)               # plays the sounds that came due
    fx.draw(surface, cam, now)   # the effects alive at `now`
    dx, dy = fx.shake(now)       # the view's offset while a blast shakes it
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.ui.assets import text
from game.ui.camera import Camera

Point = tuple[float, float]
TRACER = (255, 236, 150)
FLASH = (255, 250, 210)
HIT = (230, 40, 40)
DUST = (200, 190, 170)


@dataclass
class Effect:
    """One effect: its kind, when it starts and how long it lasts (ms), where (tiles), and
    what it needs to draw: a colour, a text, a radius (metres over `metres_per_tile`)."""

    kind: str  # tracer, flash, impact, arc, throw, blast, swing, text, sound
    start: float
    life: float
    a: Point
    b: Point | None = None
    colour: tuple[int, int, int] = (255, 255, 255)
    label: str = ""
    radii: tuple[float, ...] = ()  # blast bands, in tiles
    size: int = 20
    extra: dict = field(default_factory=dict)

    def progress(self, now: float) -> float:
        """0 at its start, 1 at its end (outside: clamped)."""
        return min(1.0, max(0.0, (now - self.start) / self.life)) if self.life > 0 else 1.0

    def alive(self, now: float) -> bool:
        return self.start <= now < self.start + self.life


def centre(tile: tuple[int, int]) -> Point:
    return (tile[0] + 0.5, tile[1] + 0.5)


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class SoundPlayer(Protocol):
    """What plays the effects' sounds (game.ui.sound.Sounds)."""

    def play(self, name: str, loudness: float = 1.0) -> None: ...


class Effects:
    """The effects under way, and the sounds they start."""

    def __init__(self, sounds: SoundPlayer | None = None) -> None:
        self.items: list[Effect] = []
        self.sounds = sounds
        self._played: set[int] = set()

    def add(self, effect: Effect) -> Effect:
        self.items.append(effect)
        return effect

    def clear(self) -> None:
        self.items.clear()
        self._played.clear()

    def busy(self, now: float) -> bool:
        """Is an effect still to come or under way?"""
        return any(e.start + e.life > now for e in self.items)

    def update(self, now: float) -> None:
        """Play the sounds that came due; forget the effects that are over."""
        for e in self.items:
            if e.kind == "sound" and e.start <= now and id(e) not in self._played:
                self._played.add(id(e))
                if self.sounds is not None:
                    self.sounds.play(e.label, float(e.extra.get("loudness", 1.0)))
        keep = [e for e in self.items if e.start + e.life > now or (e.kind == "sound" and id(e) not in self._played)]
        if len(keep) != len(self.items):
            alive = {id(e) for e in keep}
            self._played &= alive
            self.items = keep

    def shake(self, now: float) -> tuple[int, int]:
        """The view's offset now: blasts shake it, less and less over their shake time."""
        dx = dy = 0.0
        for e in self.items:
            if e.kind == "blast" and e.alive(now):
                p = e.progress(now)
                if p < 0.45:
                    amp = float(e.extra.get("shake", 6)) * (1 - p / 0.45)
                    dx += amp * math.sin((now - e.start) * 0.09)
                    dy += amp * math.cos((now - e.start) * 0.13)
        return round(dx), round(dy)

    def draw(self, surface: pygame.Surface, cam: Camera, now: float) -> None:
        floats = self.float_boxes(cam, now)
        for e in self.items:
            if not e.alive(now):
                continue
            if e.kind == "text":
                _text(surface, cam, e, e.progress(now), floats[id(e)])
                continue
            draw = _DRAW.get(e.kind)
            if draw is not None:
                draw(surface, cam, e, e.progress(now))

    def float_boxes(self, cam: Camera, now: float) -> dict[int, pygame.Rect]:
        """Where each live float is drawn: above its unit, rising; one that would cover a float
        placed before it (the same unit hit again, a neighbour's) is lifted clear of it."""
        placed: list[pygame.Rect] = []
        out: dict[int, pygame.Rect] = {}
        for e in sorted((e for e in self.items if e.kind == "text" and e.alive(now)),
                        key=lambda e: (e.start, int(e.extra.get("row", 0)))):
            c = _px(cam, e.a)
            rise = int((0.7 + 0.9 * e.progress(now)) * cam.tile_px)
            w, h = text(e.label, e.size).get_size()
            box = pygame.Rect(c[0] - w // 2, c[1] - rise, w, h)
            for _ in range(len(placed) + 1):  # bounded: each step clears one box at least
                hit = next((r for r in placed if r.colliderect(box)), None)
                if hit is None:
                    break
                box.bottom = hit.top - 1
            placed.append(box)
            out[id(e)] = box
        return out


# --- drawing each kind ---------------------------------------------------------------------


def _px(cam: Camera, p: Point) -> tuple[int, int]:
    return cam.point(p)


def _tracer(surface: pygame.Surface, cam: Camera, e: Effect, p: float) -> None:
    """A streak of light running from the muzzle to where the round went."""
    if e.b is None:
        return
    head = lerp(e.a, e.b, min(1.0, p * 1.25))
    tail = lerp(e.a, e.b, max(0.0, p * 1.25 - 0.35))
    width = max(2, cam.tile_px // 10)
    pygame.draw.line(surface, (120, 90, 40), _px(cam, tail), _px(cam, head), width + 2)
    pygame.draw.line(surface, e.colour, _px(cam, tail), _px(cam, head), width)


def _flash(surface: pygame.Surface, cam: Camera, e: Effect, p: float) -> None:
    """A muzzle flash: a star of light at the shooter, shrinking."""
    c = _px(cam, e.a)
    r = max(3, int(cam.tile_px * 0.45 * (1 - p)))
    ang = math.atan2(e.b[1] - e.a[1], e.b[0] - e.a[0]) if e.b else 0.0
    tip = (c[0] + int(r * 1.8 * math.cos(ang)), c[1] + int(r * 1.8 * math.sin(ang)))
    pygame.draw.line(surface, (255, 200, 80), c, tip, max(2, r // 2))
    pygame.draw.circle(surface, (255, 190, 60), c, r)
    pygame.draw.circle(surface, FLASH, c, max(2, r // 2))


def _impact(surface: pygame.Surface, cam: Camera, e: Effect, p: float) -> None:
    """Where a round struck: a red splash on a hit, a puff of dust on a miss."""
    c = _px(cam, e.a)
    r = max(3, int(cam.tile_px * (0.15 + 0.3 * p)))
    pygame.draw.circle(surface, e.colour, c, r, max(1, int(3 * (1 - p)) + 1))
    if e.colour == HIT and p < 0.5:
        pygame.draw.circle(surface, e.colour, c, max(2, r // 2))


def _arc(surface: pygame.Surface, cam: Camera, e: Effect, p: float) -> None:
    """Area fire's arc, swept: a see-through wedge from the shooter toward the aim."""
    if e.b is None:
        return
    o, a = _px(cam, e.a), _px(cam, e.b)
    if o == a:
        return
    bearing = math.atan2(a[1] - o[1], a[0] - o[0])
    half = math.radians(float(e.extra.get("degrees", 30)) / 2)
    reach = float(e.extra.get("reach_tiles", 20)) * cam.tile_px
    reach = min(reach, math.hypot(*surface.get_size()) * 1.5)
    pts = [o] + [(o[0] + reach * math.cos(bearing - half + 2 * half * k / 12),
                  o[1] + reach * math.sin(bearing - half + 2 * half * k / 12)) for k in range(13)]
    clip = surface.get_clip()
    box = pygame.Rect(min(x for x, _ in pts), min(y for _, y in pts), 1, 1)
    for x, y in pts:
        box.union_ip(pygame.Rect(int(x), int(y), 1, 1))
    box = box.clip(clip)
    if box.w <= 0 or box.h <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    alpha = int(40 * (1 - p) + 12)
    pygame.draw.polygon(layer, (*e.colour, alpha), [(x - box.x, y - box.y) for x, y in pts])
    surface.blit(layer, box.topleft)
    sweep = bearing - half + 2 * half * p
    pygame.draw.line(surface, e.colour, o, (o[0] + reach * math.cos(sweep), o[1] + reach * math.sin(sweep)), 2)


def _throw(surface: pygame.Surface, cam: Camera, e: Effect, p: float) -> None:
    """A grenade flying on its arc (its shadow on the ground beneath)."""
    if e.b is None:
        return
    ground = lerp(e.a, e.b, p)
    dist = math.dist(e.a, e.b)
    height = math.sin(math.pi * p) * min(3.0, 0.25 * dist + 0.5)
    g = _px(cam, ground)
    air = (g[0], g[1] - int(height * cam.tile_px))
    r = max(3, cam.tile_px // 6)
    pygame.draw.circle(surface, (20, 20, 20), g, max(2, r - 1))
    pygame.draw.circle(surface, (40, 60, 30), air, r + 1)
    pygame.draw.circle(surface, (110, 140, 80), air, r)


def _blast(surface: pygame.Surface, cam: Camera, e: Effect, p: float) -> None:
    """The blast: a flash, then its bands (wounds, mixed, stuns) spreading and fading."""
    c = _px(cam, e.a)
    grow = min(1.0, p / 0.35)
    fade = 1.0 if p < 0.5 else max(0.0, 1 - (p - 0.5) / 0.5)
    colours = ((255, 80, 40), (255, 160, 60), (255, 220, 120))
    clip = surface.get_clip()
    for k in range(len(e.radii) - 1, -1, -1):
        r = int(e.radii[k] * cam.tile_px * grow)
        if r <= 1:
            continue
        area = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r).clip(clip)
        if area.w > 0 and area.h > 0:
            disc = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.circle(disc, (*colours[min(k, 2)], int(90 * fade)), (c[0] - area.x, c[1] - area.y), r)
            surface.blit(disc, area.topleft)
        pygame.draw.circle(surface, colours[min(k, 2)], c, r, max(1, int(3 * fade)))
    if p < 0.25:
        core = max(4, int(cam.tile_px * (0.6 + 1.5 * p)))
        pygame.draw.circle(surface, (255, 240, 200), c, core)
        pygame.draw.circle(surface, (255, 255, 255), c, core // 2)


def _swing(surface: pygame.Surface, cam: Camera, e: Effect, p: float) -> None:
    """A blade's swing: a bright crescent sweeping across the target."""
    c = _px(cam, e.a)
    r = max(6, int(cam.tile_px * 0.7))
    start = float(e.extra.get("from", -2.2))
    sweep = start + 2.4 * p
    rect = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
    if sweep - start > 0.05:
        pygame.draw.arc(surface, (40, 40, 40), rect, -sweep, -start, max(3, cam.tile_px // 6) + 2)
        pygame.draw.arc(surface, e.colour, rect, -sweep, -start, max(3, cam.tile_px // 6))


def _text(surface: pygame.Surface, cam: Camera, e: Effect, p: float, box: pygame.Rect) -> None:
    """The harm done, rising above the unit and fading, at `box` (Effects.float_boxes: clear
    of the other floats): outlined so it reads on any ground."""
    img = text(e.label, e.size, e.colour)
    edge = text(e.label, e.size, (0, 0, 0))
    alpha = 255 if p < 0.6 else int(255 * (1 - (p - 0.6) / 0.4))
    x, y = box.topleft
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
        edge.set_alpha(alpha)
        surface.blit(edge, (x + dx, y + dy))
    img.set_alpha(alpha)
    surface.blit(img, (x, y))
    img.set_alpha(None)
    edge.set_alpha(None)


_DRAW = {"tracer": _tracer, "flash": _flash, "impact": _impact, "arc": _arc, "throw": _throw, "blast": _blast,
         "swing": _swing}  # (floats, "text": drawn by Effects.draw, each clear of the others)
