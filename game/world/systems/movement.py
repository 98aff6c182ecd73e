"""Movement: reachable tiles, paths and their costs, approaching a foe, a full dodge's dive,
stepping along a path (leaving and entering reach), and the moves that end with the round.

Movement on the grid (yags-combat.md, Initiative: "all movement actions begin at the start of
the round and end at the end of the round"): during the round a mover stands on its start
tile; attacks on it count it as moving; it reaches its end tile after every other action
(the "move" phase). A melee attack's approach is walked when the attack comes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import esper

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.components import Moved, Position
from game.world.events import Event, EventKind, MovedTo
from game.world.systems import System

if TYPE_CHECKING:
    from game.world.actions import Attack
    from game.world.match import UnitView

Tile = tuple[int, int]
GAITS = ("none", "free", "run", "sprint")  # slowest first


class MovementSystem(System):
    """Where units can go and how they get there."""

    def process(self, phase: str, tasks: list[Iterator[Question]]) -> None:  # type: ignore[override]
        if phase == "start":
            for _, mv in esper.get_component(Moved):
                mv.mode, mv.path, mv.walked, mv.walked_m = "none", (), "none", 0.0
        elif phase == "move":
            tasks.append(self.finish_moves())

    # --- queries ----------------------------------------------------------------------------

    def known_foes(self, uid: int, sees_all: bool = False) -> list[UnitView]:
        """The standing enemies `uid`'s side plans its moves around: all of them with fog off
        (or `sees_all`: the all-seeing AI); under fog only those its side sees now, as a tile
        where an unseen enemy stands looks free to it (rules-notes, Fog of war: moving into
        an unseen unit; `walk` stops the mover short of it)."""
        m = self.m
        foes = m.enemies_of(uid)
        if m.vision is None or sees_all:
            return foes
        seen = m.vision.seen_enemies(m.view(uid).team)
        return [w for w in foes if w.uid in seen]

    def taken(self, uid: int, sees_all: bool = False) -> set[Tile]:
        """The tiles `uid` may not end a move on as its side knows them: `Match.occupied`
        with fog off, else its friends' and the enemies its side sees."""
        m = self.m
        if m.vision is None or sees_all:
            return m.occupied(uid)
        blocked, _ = self.blockers(uid)
        return blocked

    def blockers(self, uid: int, sees_all: bool = False) -> tuple[set[Tile], set[Tile]]:
        """The tiles `uid` cannot end a move on (standing units its side knows of) and, of
        those, the ones it may pass through (friends)."""
        m = self.m
        v = m.view(uid)
        friends = {w.pos for w in m.units(v.team, living=True) if w.uid != uid}
        foes = {w.pos for w in self.known_foes(uid, sees_all)}
        return foes | friends, friends

    def reachable(self, uid: int, mode: str = "run", stance: str | None = None,
                  sees_all: bool = False) -> dict[Tile, float]:
        """Tiles reachable this round in `mode` (in `stance`, if given), with their cost in
        metres, as `uid`'s side knows the board (`blockers`)."""
        m = self.m
        v = m.view(uid)
        budget = m.allowance_in(uid, stance)[mode]
        blocked, friends = self.blockers(uid, sees_all)
        return m.topology.reachable(v.pos, budget, blocked, friends)

    def path(self, uid: int, goal: Tile, sees_all: bool = False) -> list[Tile] | None:
        """The cheapest path to `goal` with the same rules as `reachable` (friends may be
        passed, not stopped on; enemies its side knows of block)."""
        v = self.m.view(uid)
        blocked, friends = self.blockers(uid, sees_all)
        return self.m.topology.path(v.pos, goal, blocked, friends)

    def validate_path(self, v: UnitView, path: Sequence[Tile], mode: str, stance: str | None = None) -> Done | Impossible:
        """Is `path` a legal move for `v` in `mode` (and `stance`) this round?"""
        m = self.m
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
        if tuple(path[-1]) in self.taken(v.uid):  # under fog: as its side knows the board
            return Impossible(f"{path[-1]} is taken")
        return Done()

    def approach(self, v: UnitView, target: Tile, reach_tiles: int, stance: str | None = None) -> tuple[Tile, ...]:
        """The cheapest path to a tile within reach of `target`, within a run."""
        tiles = self.reachable(v.uid, "run", stance)
        best = None
        for tile, cost in tiles.items():
            if self.m.topology.steps(tile, target) <= reach_tiles and (best is None or cost < best[1]):
                best = (tile, cost)
        if best is None:
            return ()
        path = self.path(v.uid, best[0])
        return tuple(path) if path else ()

    def approach_mode(self, v: UnitView, action: Attack, stance: str | None) -> str:
        """How a melee attacker moves to reach its target: none (in reach already), free
        (within half its Move) or run (a full Move: the attack is slow; Movement)."""
        m = self.m
        if action.mode != "melee" or not m.has_unit(action.target):
            return "none"
        facts = m.rules.weapon_facts(v.combatant)
        t = m.view(action.target)
        if m.topology.steps(v.pos, t.pos) <= facts.reach_tiles:
            return "none"
        path = list(action.path or self.approach(v, t.pos, facts.reach_tiles, stance))
        if path and tuple(path[0]) != v.pos:
            path.insert(0, v.pos)
        cost = m.topology.path_cost_m(path)
        return "run" if cost > m.allowance_in(v.uid, stance)["free"] + 1e-9 else "free"

    def dodge_to(self, v: UnitView, tile: Tile | None, stance: str | None = None) -> Tile | Impossible:
        """Where a full dodge takes `v`: to full cover (hidden, or behind hard 90% cover, from
        every enemy that sees it) within its combat move; the nearest such tile when none is
        named. Full Dodge: "there must be some full cover within your base move distance"."""
        m = self.m
        budget = m.allowance_in(v.uid, stance)["free"]
        threats = [e.pos for e in m.sight.visible_enemies(v.uid)]
        if tile is None:
            blocked, friends = self.blockers(v.uid)
            found = m.topology.full_cover_within(v.pos, budget, threats, blocked, friends)
            if found is None:
                return Impossible(f"no full cover within {v.name}'s combat move ({budget} m): "
                                  "a full dodge needs some")
            return found
        tile = (int(tile[0]), int(tile[1]))
        if tile not in self.reachable(v.uid, "free", stance):
            return Impossible(f"{tile} is not within {v.name}'s combat move ({budget} m)")
        if not m.topology.hidden_from(threats, tile):
            return Impossible(f"{tile} is not in full cover from the enemies that see {v.name}")
        return tile

    # --- stepping ---------------------------------------------------------------------------

    def walk(self, uid: int, path: Sequence[Tile], attacking: int | None = None) -> Iterator[Question]:
        """Move along `path`, through friends (as `reachable` allows) but stopping short of
        an enemy and of a taken end tile, never ending on a friend's tile; enemies whose reach
        the mover passes through (without attacking them) get a free strike (Free Strikes, 3);
        an enemy's overwatch covering a tile stepped on goes off."""
        m = self.m
        v = m.view(uid)
        pos = m.component(uid, Position)
        steps = [(int(p[0]), int(p[1])) for p in path]
        if steps and steps[0] == v.pos:
            steps = steps[1:]
        struck: set[int] = set()
        occupied = m.occupied(uid)
        # Each foe handles its strikes independently, in initiative order (Free Strikes).
        foes = sorted(m.enemies_of(uid), key=lambda e: (-e.initiative, e.uid))
        foe_tiles = {e.pos for e in foes}
        last_free = v.pos
        bumped = None
        able: list[int] | None = None  # the foes that could strike, while only this walk's steps change the world
        for i, step in enumerate(steps):
            if step in foe_tiles or (step in occupied and i == len(steps) - 1):
                if step in foe_tiles:
                    bumped = next(e.uid for e in foes if e.pos == step)
                break
            if able is None:
                able = m.engagement.able_to_strike(foes)
            strikes = len(struck)
            down = yield from m.engagement.strikes_leaving_reach(uid, (pos.x, pos.y), step, foes, struck, attacking, able)
            if down:
                return
            if len(struck) != strikes:
                able = None
            m.write(uid, Position, x=step[0], y=step[1])
            if step not in occupied:
                last_free = step
            if m.overwatch.watching:
                mark = len(m.log)
                yield from m.overwatch.on_step(uid)  # stepping into an enemy's overwatch
                able = None
                if m.view(uid).out:  # it fell where it stepped: its move is logged before the shot
                    m.log.insert(mark, Event(m.round, m.phase, EventKind.MOVE, f"{v.name} moves to {step}", uid,
                                             data=MovedTo(step)))
                    return
        if (pos.x, pos.y) in occupied:  # stopped short on a friend: back to the last free tile
            m.write(uid, Position, x=last_free[0], y=last_free[1])
        m.event(EventKind.MOVE, f"{v.name} moves to {(pos.x, pos.y)}", uid, data=MovedTo((pos.x, pos.y)))
        if bumped is not None and m.vision is not None and not m.view(uid).out:
            # fog of war: its side planned as if the tile were free (`blockers`); the mover
            # stops short of the unit it ran into, and its side now knows where it stands
            if m.vision.bump(v.team, bumped):
                m.event(EventKind.INFO, f"{v.name} runs into {m.name(bumped)} at {m.view(bumped).pos} "
                         f"and stops at {(pos.x, pos.y)}", uid, bumped)

    def finish_moves(self) -> Iterator[Question]:
        """Movers reach their end tiles in decreasing initiative: a higher initiative takes a
        contested tile first (rules-notes, Simultaneous movement)."""
        m = self.m
        m.phase = "move"
        for uid in reversed(m.turn.queue):
            mv = m.component(uid, Moved)
            if mv.mode == "none" or not mv.path or m.view(uid).out:
                continue
            self.note_walked(uid, mv.mode, mv.path)
            yield from self.walk(uid, mv.path)

    def note_walked(self, uid: int, mode: str, path: Sequence[Tile]) -> None:
        """Keep the fastest gait `uid` has walked this round and how far (`Moved.walked`)."""
        m = self.m
        mv = m.component(uid, Moved)
        if GAITS.index(mode) > GAITS.index(mv.walked):
            mv.walked = mode
        start = m.view(uid).pos
        mv.walked_m += sum(m.topology.distance_m(a, b) for a, b in zip((start, *path), path, strict=False))

    def moved(self, uid: int) -> Any:
        """How `uid` moves this round (its `Moved` component: mode and path)."""
        return self.m.component(uid, Moved)

    # --- thrust about (a ruleset's effects: game/world/systems/health.py) ------------------------

    def line_away(self, start: Tile, away_from: Tile, metres: float, free: bool = True) -> Tile:
        """The tile `metres` from `start` straight away from `away_from` (the grid's tiles,
        rounded half up), stopping short of a wall or, when `free`, of a standing unit."""
        m = self.m
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

    def thrust(self, uid: int, to: Tile, why: str) -> None:
        """Put `uid` on `to` at once (a knockback, a withdrawal, ducking back): not a move,
        so no free strike and no overwatch; its declared move this round goes on from there."""
        m = self.m
        pos = m.component(uid, Position)
        if (pos.x, pos.y) == to:
            return
        m.write(uid, Position, x=to[0], y=to[1])
        m.event(EventKind.MOVE, f"{m.name(uid)} {why} to {to}", uid, data=MovedTo(to))

    def step_out_of_reach(self, uid: int, foe: int) -> Tile | None:
        """A free tile next to `uid` beyond `foe`'s melee reach, the furthest from it (ties:
        the first in the grid's order); None: there is none."""
        m = self.m
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

    def cover_beside(self, uid: int, threat: int) -> Tile | None:
        """A free tile next to `uid` hidden from `threat` (ducking back into cover)."""
        m = self.m
        v, t = m.view(uid), m.view(threat)
        taken = m.occupied(uid)
        for tile in m.topology.neighbours(v.pos):
            if tile not in taken and m.grid.walkable(*tile) and m.topology.hidden_from([t.pos], tile):
                return tile
        return None

