"""Fog of war on the battle screen (issue 17): what the side at the screen may see.

The viewer is the side whose view is drawn: in a fogged solo match the player's, in hot-seat
the side in the seat (the hand-over screen stands between the sides), none when watching or
with fog off (then everything is drawn, as before). For the viewer: enemy units it does not
see are not drawn, selected, ringed or named; tiles it has seen before but not now are
dimmed and tiles never seen darker; where it last saw each enemy is marked with the round;
only open declarations are drawn; log lines about unseen enemies are left out, or name them
"an unseen enemy" when they befell the viewer's own units.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pygame

from game.ui.assets import text

UNSEEN = "an unseen enemy"
DIM_ALPHA, DARK_ALPHA = 105, 200


def viewer(session: Any) -> str | None:
    """The side whose view the screen shows (None: everything is shown)."""
    m = session.match
    if m.vision is None:
        return None
    mode = session.config.mode
    if mode == "solo":
        return session.config.human_team
    if mode == "hotseat":
        return getattr(session, "watching", None) or session.seat or session.handover or session.current_team()
    return None


def hidden_units(match: Any, team: str | None) -> frozenset[int]:
    """The enemy units `team` does not see now (none when `team` is None)."""
    if team is None or match.vision is None:
        return frozenset()
    seen = match.vision.seen_enemies(team)
    return frozenset(v.uid for v in match.units() if v.team != team and v.uid not in seen)


def glimpses(play: Any, team: str) -> tuple[Any, Any]:
    """What `team` saw as the step being played back began and as it ended."""
    start, end = play.span()
    v = play.match.vision
    return v.glimpse(team, start), v.glimpse(team, end)


def step_hidden(play: Any, team: str) -> frozenset[int]:
    """The enemies `team` does not see at the step being played back: those it saw neither as
    the step began nor as it ended, and a walker while it walks on tiles the side saw at
    neither moment (it comes into sight, or leaves it, where the side's units see it)."""
    m = play.match
    before, after = glimpses(play, team)
    seen = before.enemies | after.enemies
    hidden = {v.uid for v in m.units() if v.team != team and v.uid not in seen}
    walking = play.walking()
    if walking:
        sees = _walker_seen(m, team, before, after)
        hidden.update(uid for uid, (point, _) in walking.items() if not sees(uid, point))
    return frozenset(hidden)


def heard(play: Any, team: str) -> Callable[[int, tuple[float, float]], bool]:
    """Does `team` see walker `uid` at `point` of its way in the step being played back, as
    `step_hidden` draws it (its own units always; an enemy it saw as the step began or as it
    ended, while on a tile the side saw then)? Only those footsteps make a sound: an enemy
    it never noticed makes none, even crossing a tile in its sight (it is not drawn there)."""
    return _walker_seen(play.match, team, *glimpses(play, team))


def _walker_seen(m: Any, team: str, before: Any, after: Any) -> Callable[[int, tuple[float, float]], bool]:
    """Does `team` see walker `uid` at `point` (a point in tiles: a tile's centre is its x and
    y plus a half, `effects.centre`): its own always; an enemy the side saw at `before` or at
    `after`, while on a tile the side saw at either moment."""
    tiles = before.seen | after.seen
    known = before.enemies | after.enemies

    def sees(uid: int, point: tuple[float, float]) -> bool:
        if m.view(uid).team == team:
            return True
        if uid not in known:
            return False
        x, y = math.floor(point[0]), math.floor(point[1])  # the tile the point lies on
        return bool(0 <= x < tiles.shape[0] and 0 <= y < tiles.shape[1] and tiles[x, y])

    return sees


def visible_effects(effects: list[Any], hidden_tiles: set[tuple[int, int]]) -> list[Any]:
    """The playback's effects but those on a tile where an enemy the viewer does not see
    stands (a tracer's end, an impact, the harm floating over it, and that harm's sound;
    a throw and its blast, which the thrower's side sees land, stay)."""
    def at(p: Any) -> bool:
        return p is not None and (int(p[0] // 1), int(p[1] // 1)) in hidden_tiles

    out: list[Any] = []
    dropped_text = None
    for fx in effects:
        if fx.kind == "sound" and dropped_text is not None and fx.start == dropped_text:
            continue  # the wound or fall sound of harm not shown
        dropped_text = None
        if fx.kind in ("tracer", "impact", "text", "swing") and (at(fx.a) or at(fx.b)):
            if fx.kind == "text":
                dropped_text = fx.start
            continue
        out.append(fx)
    return out


def draw_fog(surface: pygame.Surface, cam: Any, match: Any, team: str, glimpse: Any = None) -> None:
    """Dim what the side does not see now (or at `glimpse`: a step played back); darker what
    it never saw."""
    xs, ys = cam.visible_tiles()
    if not xs or not ys:
        return
    v = match.vision
    box = (slice(xs.start, xs.stop), slice(ys.start, ys.stop))
    if glimpse is not None:
        seen, mem = glimpse.seen[box], glimpse.remembered[box]
    else:
        seen, mem = v.seen_now(team)[box], v.remembered[team][box]
    alpha = np.where(seen, 0, np.where(mem, DIM_ALPHA, DARK_ALPHA)).astype(np.uint8)
    small = pygame.Surface(alpha.shape, pygame.SRCALPHA)
    small.fill((6, 6, 12, 255))
    px = pygame.surfarray.pixels_alpha(small)
    px[:] = alpha
    del px
    t = cam.tile_px
    big = pygame.transform.scale(small, (alpha.shape[0] * t, alpha.shape[1] * t))
    surface.blit(big, cam.tile_rect((xs.start, ys.start)).topleft)


def draw_marks(surface: pygame.Surface, cam: Any, match: Any, team: str, hidden: frozenset[int],
               glimpse: Any = None) -> None:
    """Where the side last saw each enemy it does not see now (or at `glimpse`): a dashed
    ring and the round."""
    t = cam.tile_px
    xs, ys = cam.visible_tiles()
    last = glimpse.last_seen if glimpse is not None else match.vision.last_seen[team]
    for uid, (pos, rnd) in sorted(last.items()):
        if uid not in hidden or pos[0] not in xs or pos[1] not in ys:
            continue
        r = cam.tile_rect(pos)
        radius = max(4, t // 2)
        pygame.draw.circle(surface, (40, 14, 14), r.center, radius)
        pygame.draw.circle(surface, (240, 110, 100), r.center, radius, max(1, t // 12))
        if t >= 12:
            img = text(f"?{rnd}", max(11, min(18, int(t * 0.6))), (255, 200, 190))
            surface.blit(img, img.get_rect(center=r.center))


def name(match: Any, team: str | None, uid: int, hidden: frozenset[int]) -> str:
    """A unit's name as the viewer may know it."""
    return UNSEEN if uid in hidden else match.name(uid)


def log_lines(match: Any, team: str | None, events: list[Any], hidden: frozenset[int],
              first: int | None = None) -> list[str]:
    """The log as the viewer may read it: events about unseen enemies only, left out; those
    that befell its own units name the enemy "an unseen enemy". `hidden`: the enemies it does
    not see now; with `first` (the log index of `events[0]`), each event is read as the side
    saw it then (`SideViews.saw_around`), `hidden` only for events no note came before."""
    if team is None:
        return [e.line() for e in events]
    out = []
    history = match.vision is not None and first is not None
    start = first or 0
    end = start + len(events)
    enemies = frozenset(v.uid for v in match.units() if v.team != team) if history else frozenset()
    for i, e in enumerate(events, start):
        gone = hidden
        if history:
            saw = match.vision.saw_around(team, i, end)
            gone = hidden if saw is None else enemies - saw
        actors = [u for u in (e.actor, e.target) if u is not None]
        unseen = [u for u in actors if u in gone]
        if not unseen:
            out.append(e.line())
            continue
        if e.kind == "declare" and e.actor in gone:
            # Hidden Actions: not declared to this side; Unknown Targets: declared openly, but
            # who and from where is not known (known for this round's declarations only: an
            # earlier round's unseen declarer is left out)
            if (match.vision is not None and e.round == match.round
                    and match.vision.declaration_shown(team, e.actor) == "unknown"):
                out.append(f"[r{e.round} declare] {UNSEEN} declares openly (an unknown target)")
            continue
        if not any(match.view(u).team == team for u in actors):
            continue  # nothing of the viewer's own: not told
        line = e.line()
        for u in unseen:
            line = line.replace(match.name(u), UNSEEN)
        out.append(line)
    return out


def shown_declaration(match: Any, team: str | None, uid: int) -> bool:
    """Is `uid`'s declaration drawn for the viewer (open: its own, or a unit it sees)?"""
    if team is None or match.vision is None:
        return True
    return match.vision.declaration_shown(team, uid) == "open"


def visible_badges(b: Any, hidden: frozenset[int]) -> Any:
    """The badges (jams, holds, first aid, dropped weapons) of units the viewer sees."""
    if not hidden:
        return b
    return type(b)(tuple(u for u in b.jammed if u not in hidden),
                   tuple(h for h in b.holds if h[0] not in hidden and h[1] not in hidden),
                   tuple(t for t in b.tending if t[0] not in hidden),
                   tuple(d for d in b.dropped if d[0] not in hidden))
