"""Where a unit can go (a query: read-only): reachable tiles, paths and their costs, a legal
path, approaching a foe, a full dodge's dive, the tiles a thrust lands on, and how a unit moves
this round (its `Moved`). The moves themselves are movement.py's effects.

Movement on the grid (yags-combat.md, Initiative: "all movement actions begin at the start of
the round and end at the end of the round"): during the round a mover stands on its start
tile; attacks on it count it as moving; it reaches its end tile after every other action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.outcome import Done, Impossible
from game.world.components import Moved
from game.world.systems.sight import visible_enemies

if TYPE_CHECKING:
    from game.world.actions import Attack
    from game.world.match import Match, UnitView

Tile = tuple[int, int]


def known_foes(m: Match, uid: int, sees_all: bool = False) -> list[UnitView]:
    """The standing enemies `uid`'s side plans its moves around: all of them with fog off
    (or `sees_all`: the all-seeing AI); under fog only those its side sees now, as a tile
    where an unseen enemy stands looks free to it (rules-notes, Fog of war: moving into
    an unseen unit; `walk` stops the mover short of it)."""
    foes = m.enemies_of(uid)
    if m.vision is None or sees_all:
        return foes
    seen = m.vision.seen_enemies(m.view(uid).team)
    return [w for w in foes if w.uid in seen]


def taken(m: Match, uid: int, sees_all: bool = False) -> set[Tile]:
    """The tiles `uid` may not end a move on as its side knows them: `Match.occupied`
    with fog off, else its friends' and the enemies its side sees."""
    if m.vision is None or sees_all:
        return m.occupied(uid)
    blocked, _ = blockers(m, uid)
    return blocked


def blockers(m: Match, uid: int, sees_all: bool = False) -> tuple[set[Tile], set[Tile]]:
    """The tiles `uid` cannot end a move on (standing units its side knows of) and, of
    those, the ones it may pass through (friends)."""
    v = m.view(uid)
    friends = {w.pos for w in m.units(v.team, living=True) if w.uid != uid}
    foes = {w.pos for w in known_foes(m, uid, sees_all)}
    return foes | friends, friends


def reachable(m: Match, uid: int, mode: str = "run", stance: str | None = None,
              sees_all: bool = False) -> dict[Tile, float]:
    """Tiles reachable this round in `mode` (in `stance`, if given), with their cost in
    metres, as `uid`'s side knows the board (`blockers`)."""
    v = m.view(uid)
    budget = m.allowance_in(uid, stance)[mode]
    blocked, friends = blockers(m, uid, sees_all)
    return m.topology.reachable(v.pos, budget, blocked, friends)


def path(m: Match, uid: int, goal: Tile, sees_all: bool = False) -> list[Tile] | None:
    """The cheapest path to `goal` with the same rules as `reachable` (friends may be
    passed, not stopped on; enemies its side knows of block)."""
    v = m.view(uid)
    blocked, friends = blockers(m, uid, sees_all)
    return m.topology.path(v.pos, goal, blocked, friends)


def validate_path(m: Match, v: UnitView, path: Sequence[Tile], mode: str, stance: str | None = None) -> Done | Impossible:
    """Is `path` a legal move for `v` in `mode` (and `stance`) this round?"""
    if mode not in ("free", "run", "sprint"):
        return Impossible(f"unknown move mode {mode!r}")
    if not path:
        return Done()
    if tuple(path[0]) != v.pos:
        path = (v.pos, *path)
    problem = m.topology.check_path(path)
    if problem:
        return Impossible(problem)
    cost = m.topology.path_cost_m(path)
    budget = m.allowance_in(v.uid, stance)[mode]
    if cost > budget + 1e-9:
        posture = v.stance if stance is None else stance
        return Impossible(f"path costs {cost:.1f} m, {mode} allows {budget} m"
                          + (f" {posture}" if posture in ("prone", "crouched") else ""))
    if tuple(path[-1]) in taken(m, v.uid):  # under fog: as its side knows the board
        return Impossible(f"{path[-1]} is taken")
    return Done()


def approach(m: Match, v: UnitView, target: Tile, reach_tiles: int, stance: str | None = None) -> tuple[Tile, ...]:
    """The cheapest path to a tile within reach of `target`, within a run."""
    tiles = reachable(m, v.uid, "run", stance)
    best = None
    for tile, cost in tiles.items():
        if m.topology.steps(tile, target) <= reach_tiles and (best is None or cost < best[1]):
            best = (tile, cost)
    if best is None:
        return ()
    way = path(m, v.uid, best[0])
    return tuple(way) if way else ()


def approach_mode(m: Match, v: UnitView, action: Attack, stance: str | None) -> str:
    """How a melee attacker moves to reach its target: none (in reach already), free
    (within half its Move) or run (a full Move: the attack is slow; Movement)."""
    if action.mode != "melee" or not m.has_unit(action.target):
        return "none"
    facts = m.rules.weapon_facts(v.combatant)
    t = m.view(action.target)
    if m.topology.steps(v.pos, t.pos) <= facts.reach_tiles:
        return "none"
    path = list(action.path or approach(m, v, t.pos, facts.reach_tiles, stance))
    if path and tuple(path[0]) != v.pos:
        path.insert(0, v.pos)
    cost = m.topology.path_cost_m(path)
    return "run" if cost > m.allowance_in(v.uid, stance)["free"] + 1e-9 else "free"


def dodge_to(m: Match, v: UnitView, tile: Tile | None, stance: str | None = None) -> Tile | Impossible:
    """Where a full dodge takes `v`: to full cover (hidden, or behind hard 90% cover, from
    every enemy that sees it) within its combat move; the nearest such tile when none is
    named. Full Dodge: "there must be some full cover within your base move distance"."""
    budget = m.allowance_in(v.uid, stance)["free"]
    threats = [e.pos for e in visible_enemies(m, v.uid)]
    if tile is None:
        blocked, friends = blockers(m, v.uid)
        found = m.topology.full_cover_within(v.pos, budget, threats, blocked, friends)
        if found is None:
            return Impossible(f"no full cover within {v.name}'s combat move ({budget} m): "
                              "a full dodge needs some")
        return found
    tile = (int(tile[0]), int(tile[1]))
    if tile not in reachable(m, v.uid, "free", stance):
        return Impossible(f"{tile} is not within {v.name}'s combat move ({budget} m)")
    if not m.topology.hidden_from(threats, tile):
        return Impossible(f"{tile} is not in full cover from the enemies that see {v.name}")
    return tile


def moved(m: Match, uid: int) -> Moved:
    """How `uid` moves this round (its `Moved` component: mode and path)."""
    return m.component(uid, Moved)


def line_away(m: Match, start: Tile, away_from: Tile, metres: float, free: bool = True) -> Tile:
    """The tile `metres` from `start` straight away from `away_from` (the grid's tiles,
    rounded half up), stopping short of a wall or, when `free`, of a standing unit."""
    dx, dy = start[0] - away_from[0], start[1] - away_from[1]
    tiles = int(metres / m.grid.metres_per_tile + 0.5)
    if (dx, dy) == (0, 0) or tiles <= 0:
        return start
    n = max(abs(dx), abs(dy))
    taken = m.occupied() if free else set()
    here = start
    for k in range(1, tiles + 1):
        step = (start[0] + round(dx * k / n), start[1] + round(dy * k / n))
        if not m.topology.in_bounds(step) or not m.grid.walkable(*step) or step in taken:
            break
        here = step
    return here


def step_out_of_reach(m: Match, uid: int, foe: int) -> Tile | None:
    """A free tile next to `uid` beyond `foe`'s melee reach, the furthest from it (ties:
    the first in the grid's order); None: there is none."""
    v, f = m.view(uid), m.view(foe)
    reach = m.rules.weapon_facts(f.combatant).reach_tiles
    taken = m.occupied(uid)
    best = None
    for t in m.topology.neighbours(v.pos):
        if t in taken or not m.grid.walkable(*t) or m.topology.steps(t, f.pos) <= reach:
            continue
        d = m.topology.distance_m(t, f.pos)
        if best is None or d > best[0]:
            best = (d, t)
    return None if best is None else best[1]


def cover_beside(m: Match, uid: int, threat: int) -> Tile | None:
    """A free tile next to `uid` hidden from `threat` (ducking back into cover)."""
    v, t = m.view(uid), m.view(threat)
    taken = m.occupied(uid)
    for tile in m.topology.neighbours(v.pos):
        if tile not in taken and m.grid.walkable(*tile) and m.topology.hidden_from([t.pos], tile):
            return tile
    return None
