"""The baseline AI: advance to cover, shoot the best target, throw grenades at groups, close
with melee weapons, reload before running dry, dodge when badly hurt.

It reads the match only through its public queries (reachable tiles, sight, the exact
preview), as the player's UI does. The real AI is issue 6; this one makes matches run.
"""

from __future__ import annotations

import random
from typing import Any

from game.world import geometry as geo
from game.world.actions import AreaFire, Attack, FullDodge, Hold, Move, Reload, Throw
from game.world.match import Match, UnitView

Decision = tuple[Any, dict[str, Any]]
MIN_HARM = 0.05  # expected levels below this: a hopeless shot, better to close in


def _expected_harm(preview: Any) -> float:
    """Expected levels inflicted (wounds count double the stuns they might be)."""
    if preview is None or hasattr(preview, "reason"):
        return -1.0
    harm = sum(float(p) * levels for levels, p in preview.p_damage_levels.items())
    if preview.kind == "wounds":
        harm *= 2
    return harm


class RandomAI:
    """Any legal declaration, chosen at random (seeded per team)."""

    def __init__(self, seed: int, team: str) -> None:
        self.rng = random.Random(f"{seed}-{team}-random")

    def decide(self, match: Match, uid: int) -> Decision:
        v = match.view(uid)
        options: list[Decision] = [(Hold(), {})]
        facts = match.rules.weapon_facts(v.combatant)
        for e in match.visible_enemies(uid):
            for mode in facts.modes:
                if mode in ("area", "suppress"):
                    options.append((AreaFire(e.pos, suppressive=(mode == "suppress")), {}))
                else:
                    options.append((Attack(e.uid, mode), {}))
        tiles = sorted(match.reachable(uid, "run"))
        if tiles:
            goal = self.rng.choice(tiles)
            path = match.path(uid, goal)
            if path:
                options.append((Move(tuple(path), "run"), {}))
        if v.ammo is not None and v.ammo.loaded < v.ammo.capacity and v.ammo.magazines:
            options.append((Reload(), {}))
        for _ in range(8):
            action, choices = self.rng.choice(options)
            if not hasattr(match.check(uid, action), "reason"):
                return action, choices
        return Hold(), {}


class BaselineAI:
    def __init__(self, seed: int, team: str, level: str = "normal") -> None:
        self.rng = random.Random(f"{seed}-{team}-{level}")
        self.level = level

    def decide(self, match: Match, uid: int) -> Decision:
        v = match.view(uid)
        rules = match.rules
        facts = rules.weapon_facts(v.combatant)
        enemies = match.enemies_of(uid)
        if not enemies:
            return Hold(), {}
        state = v.state
        hurt = getattr(state, "wounds", 0) >= 5 or getattr(state, "stuns", 0) >= 5
        if v.ammo is not None and v.ammo.reload_left:
            return Hold(), {"defences": 1}
        if v.ammo is not None and v.ammo.loaded < max(1, min(facts.burst, v.ammo.capacity) // 2) and v.ammo.magazines > 0:
            return Reload(), {"defences": 1}
        visible = match.visible_enemies(uid)
        if hurt and visible and not facts.melee:
            tile = geo.full_cover_within(match.grid, v.pos, match.movement_allowance(uid)["free"],
                                         [e.pos for e in visible])
            if tile is not None and tile != v.pos:
                return FullDodge(tile), {}
        throw = self._grenade(match, v, visible)
        if throw is not None:
            return throw, {"defences": 1}
        if facts.melee:
            return self._melee(match, v, enemies)
        return self._shoot_or_advance(match, v, visible, enemies, facts)

    def _grenade(self, match: Match, v: UnitView, visible: list[UnitView]) -> Any:
        if not v.grenades or len(visible) < 2:
            return None
        gid = v.grenades[0]
        radius = match.rules.blast_radius_m(gid)
        reach = match.rules.throw_range_m(v.combatant, gid)
        friends = [w.pos for w in match.units(v.team, living=True)]
        best = None
        for e in visible:
            if geo.distance_m(match.grid, v.pos, e.pos) > reach:
                continue
            if any(geo.distance_m(match.grid, f, e.pos) <= 2 * radius + match.grid.metres_per_tile for f in friends):
                continue
            hit = sum(1 for o in visible if geo.distance_m(match.grid, o.pos, e.pos) <= radius)
            if hit >= 2 and (best is None or hit > best[0]):
                best = (hit, e.pos)
        return Throw(gid, best[1]) if best else None

    def _melee(self, match: Match, v: UnitView, enemies: list[UnitView]) -> Decision:
        reach = match.rules.weapon_facts(v.combatant).reach_tiles
        close = [e for e in enemies if geo.chebyshev(v.pos, e.pos) <= reach]
        if close:
            target = min(close, key=lambda e: (getattr(e.state, "wounds", 0) * -1, e.uid))
            return Attack(target.uid, "melee"), {"defences": 1}
        tiles = match.reachable(v.uid, "run")
        for e in sorted(enemies, key=lambda e: geo.distance_m(match.grid, v.pos, e.pos)):
            if any(geo.chebyshev(t, e.pos) <= reach for t in tiles):
                return Attack(e.uid, "melee"), {"defences": 1}
        return self._advance(match, v, enemies, "run"), {"defences": 1}

    def _shoot_or_advance(self, match: Match, v: UnitView, visible: list[UnitView],
                          enemies: list[UnitView], facts: Any) -> Decision:
        in_range = [e for e in visible if geo.distance_m(match.grid, v.pos, e.pos) <= facts.long_m]
        if in_range:
            best = None
            candidates = sorted(in_range, key=lambda e: geo.distance_m(match.grid, v.pos, e.pos))[:4]
            modes = [m for m in ("shot", "burst", "triple") if m in facts.modes]
            for e in candidates:
                for mode in modes:
                    if v.ammo is not None and mode == "burst" and v.ammo.loaded < facts.burst:
                        continue
                    harm = _expected_harm(match.preview(v.uid, e.uid, mode))
                    if best is None or harm > best[0]:
                        best = (harm, e, mode)
            if best is not None and best[0] >= MIN_HARM:
                path = self._cover_step(match, v, best[1])
                return Attack(best[1].uid, best[2], path=path), {"defences": 1}
            if "area" in facts.modes and len(in_range) >= 3 and v.ammo and v.ammo.loaded >= facts.burst:
                return AreaFire(in_range[0].pos), {"defences": 1}
        return self._advance(match, v, enemies, "run"), {"defences": 1}

    def _cover_step(self, match: Match, v: UnitView, target: UnitView) -> tuple:
        """A free move to a tile with better cover against the target that still sees it."""
        here = geo.cover_between(match.grid, target.pos, v.pos)
        rank = {None: 0, "soft50": 1, "soft90": 2, "hard50": 2, "hard90": 3}
        best = (rank.get(here, 0), None)
        for tile in match.reachable(v.uid, "free"):
            if not geo.line_of_sight(match.grid, tile, target.pos):
                continue
            r = rank.get(geo.cover_between(match.grid, target.pos, tile), 0)
            if r > best[0]:
                best = (r, tile)
        if best[1] is None:
            return ()
        path = match.path(v.uid, best[1])
        return tuple(path) if path else ()

    def _advance(self, match: Match, v: UnitView, enemies: list[UnitView], mode: str) -> Any:
        """Run toward the nearest enemy, preferring a stopping tile with cover."""
        tiles = match.reachable(v.uid, mode)
        if not tiles:
            return Hold()
        target = min(enemies, key=lambda e: geo.distance_m(match.grid, v.pos, e.pos))
        rank = {None: 0, "soft50": 1, "soft90": 2, "hard50": 2, "hard90": 3}

        def score(tile: tuple[int, int]) -> tuple[float, int]:
            d = geo.distance_m(match.grid, tile, target.pos)
            return (d - 2.0 * rank.get(match.grid.cover(*tile), 0), tile[0] + tile[1])

        goal = min(tiles, key=score)
        if goal == v.pos:
            return Hold()
        path = match.path(v.uid, goal)
        return Move(tuple(path), mode) if path else Hold()
