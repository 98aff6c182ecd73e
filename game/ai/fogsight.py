"""What the AI knows in a fogged match (issue 17): its side's view, not the board.

`known_views` gives the tactical AI the units it may reason about: its own, the enemies its
side sees now (as they are), and the enemies it saw before where it last saw them (ghosts:
never seen, shot at or previewed, only walked toward and watched). A mark the side sees again
with nobody there is dropped once it is older than RECENT_ROUNDS (until then the enemy is near
but not where: worth an overwatch). With no enemy known at all, one ghost stands where the side has
not looked yet (the enemy's spawn zone first, then the nearest tile never seen), so the AI
scouts. `--ai-sees-all` skips all this (the AI's old behaviour).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

Tile = tuple[int, int]
RECENT_ROUNDS = 2  # an enemy seen this recently, and in range, is worth an overwatch


def known_views(match: Any, team: str) -> tuple[dict[int, Any], dict[int, int]]:
    """(views by uid, ghosts: uid -> the round it was last seen, -1 for a scouting goal)."""
    vision = match.vision
    seen = vision.seen_enemies(team)
    now = vision.seen_now(team)
    views: dict[int, Any] = {}
    ghosts: dict[int, int] = {}
    placeholder = None
    for v in match.units():
        if v.team == team or v.uid in seen:
            views[v.uid] = v
            continue
        placeholder = placeholder or v
        last = vision.last_seen[team].get(v.uid)
        if last is None or (now[last[0]] and last[1] < match.round - RECENT_ROUNDS):
            continue  # never seen, or its mark has long been in sight with nobody there
        views[v.uid] = replace(v, pos=last[0], out=False)
        ghosts[v.uid] = last[1]
    if placeholder is not None and not any(v.team != team and not v.out for v in views.values()):
        goal = scouting_goal(match, team)
        if goal is not None:
            views[placeholder.uid] = replace(placeholder, pos=goal, out=False)
            ghosts[placeholder.uid] = -1
    return views, ghosts


def scouting_goal(match: Any, team: str) -> Tile | None:
    """Where to look for an enemy never seen: the first tile of an enemy spawn zone the side
    does not see now, else the tile never seen nearest its units, else None."""
    vision = match.vision
    now = vision.seen_now(team)
    for enemy in match.teams:
        if enemy == team:
            continue
        for tile in match.grid.spawn_tiles(enemy):
            if not now[tile]:
                return tile
    own = [v.pos for v in match.units(team, living=True)]
    if not own:
        return None
    g = match.grid
    walkable = np.frombuffer(g.walkable_cells, dtype=np.uint8).reshape(g.height, g.width).T != 0
    return nearest_unseen(vision.remembered[team], walkable, own)


def nearest_unseen(remembered: np.ndarray, walkable: np.ndarray, own: list[Tile]) -> Tile | None:
    """The walkable tile never seen (`remembered`, `walkable`: bool arrays indexed [x, y])
    nearest a tile of `own` (Chebyshev; one at least), the first by x, then y, of those as near; None if
    there is none. The whole map at once in NumPy, as a loop over x and then y keeping the
    first strictly nearer tile would find it."""
    xs, ys = np.nonzero(walkable & ~remembered)  # in order of x, then y
    if not xs.size:
        return None
    px, py = own[0]
    d = np.maximum(np.abs(xs - px), np.abs(ys - py))
    for px, py in own[1:]:
        np.minimum(d, np.maximum(np.abs(xs - px), np.abs(ys - py)), out=d)
    k = int(np.argmin(d))  # the first of the nearest
    return int(xs[k]), int(ys[k])


def shown(match: Any, team: str, uid: int) -> str:
    """How `uid`'s declaration reaches `team`: open, unknown or hidden (SideViews)."""
    if match.vision is None:
        return "open"
    return match.vision.declaration_shown(team, uid)


def watch_for(match: Any, me: Any, f: Any, enemies: list[Any], facts: Any,
              watched: dict[int, tuple[int, Tile]]) -> Any:
    """An enemy seen lately within the weapon's range, but not seen now, is near but not
    where: watch the way it was (an overwatch toward its mark), for a round (`watched`: each
    unit's last overwatch, round and aim); a side that outnumbers the enemies it knows of
    goes looking instead. None: no overwatch."""
    from game.world.actions import Overwatch

    if len(f.living(team=me.team)) > len(enemies):
        return None
    near = [e for e in enemies if f.ghosts.get(e.uid, -1) >= max(0, match.round - RECENT_ROUNDS)
            and 0 < match.topology.distance_m(me.pos, e.pos) <= facts.long_m]
    if not near:
        return None
    e = min(near, key=lambda e: (match.topology.distance_m(me.pos, e.pos), e.uid))
    if watched.get(me.uid) == (match.round - 1, e.pos):
        return None  # it watched there last round: now it looks
    watched[me.uid] = (match.round, e.pos)
    return Overwatch(e.pos)
