"""The tactical AI: one controller, driven by a level's data (game/data/ai_levels.toml).

It reads the match only through the public queries the player's UI uses (views, reachable
tiles, sight, cover, the exact preview, the declarations already made this round). Per-round
facts (every unit's view, who sees whom) are computed once a round and cached; only the few
best candidate targets are previewed, so a decision stays fast on the largest map.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.outcome import Impossible
from engine.turn import Question
from game.ai import answers
from game.ai.baseline import RandomAI
from game.ai.fogsight import known_views, shown, watch_for
from game.ai.levels import Level
from game.world import geometry as geo
from game.world.actions import (
    Aim,
    AreaFire,
    Attack,
    FullDodge,
    Hold,
    Move,
    PickUp,
    Reload,
    Stand,
    Throw,
)
from game.world.match import Match, UnitView

Decision = tuple[Any, dict[str, Any]]
Tile = tuple[int, int]
COVER_RANK = {None: 0, "soft50": 1, "soft90": 2, "hard50": 2, "hard90": 3}
FIRE_MODES = ("shot", "burst", "triple")


def expected_harm(match: Match, preview: Any) -> float:
    """Expected harm from an exact preview, in the ruleset's levels (Yags: damage levels,
    wounds counting double the stuns they might be); -1 for an impossible attack."""
    if preview is None or isinstance(preview, Impossible):
        return -1.0
    return match.rules.expected_harm(preview)


@dataclass
class RoundFacts:
    """What a controller knows at the start of a round, cached until the next one."""

    key: tuple
    views: dict[int, UnitView]
    sees: dict[tuple[int, int], bool] = field(default_factory=dict)
    fields: dict[str, geo.CostsTo] = field(default_factory=dict)  # by team: metres on foot to its nearest enemy
    ghosts: dict[int, int] = field(default_factory=dict)  # fog: enemies known only by where they were last seen

    def living(self, team: str | None = None, enemy_of: str | None = None) -> list[UnitView]:
        return [v for v in self.views.values() if not v.out and (team is None or v.team == team)
                and (enemy_of is None or v.team != enemy_of)]


class TacticalAI:
    """Decides one unit's declaration; all levels but `random` are this class with other data."""

    def __init__(self, seed: int, team: str, level: Level) -> None:
        self.level = level
        self.team = team
        self.rng = random.Random(f"{seed}-{team}-{level.name}")
        self.random = RandomAI(seed + 7919, team)
        self._facts: RoundFacts | None = None
        self.w = level.weights
        self._stood: dict[int, tuple[int, Tile]] = {}  # uid: (round, where it stood declaring)
        self._before: tuple[int, Tile] | None = None  # the deciding unit's entry, last round's
        self.sees_all = False  # fog of war: decide from the whole board anyway (--ai-sees-all)
        self._watched: dict[int, tuple[int, Tile]] = {}  # fog: uid -> (round, aim) of its last overwatch

    # --- per-round cache ------------------------------------------------------------------

    def fogged(self, match: Match) -> bool:
        """Does this AI decide from its side's view (a fogged match, without --ai-sees-all)?"""
        return match.vision is not None and not self.sees_all

    def facts(self, match: Match) -> RoundFacts:
        if self.fogged(match):  # what its side sees and remembers (game/ai/fogsight.py)
            key: tuple = (id(match), match.round, match.vision.seen_enemies(self.team))
            if self._facts is None or self._facts.key != key:
                views, ghosts = known_views(match, self.team)
                self._facts = RoundFacts(key, views, ghosts=ghosts)  # type: ignore[arg-type]
            return self._facts
        key = (id(match), match.round)
        if self._facts is None or self._facts.key != key:
            self._facts = RoundFacts(key, {v.uid: v for v in match.units()})  # type: ignore[arg-type]
        return self._facts

    def sees(self, match: Match, a: UnitView, b: UnitView) -> bool:
        f = self.facts(match)
        if a.uid in f.ghosts or b.uid in f.ghosts:
            return False  # a ghost is where an enemy was, not where it is
        k = (a.uid, b.uid) if a.uid < b.uid else (b.uid, a.uid)
        if k not in f.sees:
            f.sees[k] = match.topology.line_of_sight(a.pos, b.pos)
        return f.sees[k]

    # --- what others declared -------------------------------------------------------------

    def danger_tiles(self, match: Match, me: UnitView) -> tuple[list[tuple[Tile, float]], list[tuple[Tile, Tile]], set[Tile]]:
        """Blast points (with radius) and area-fire arcs enemies declared this round, and the
        tiles friends are moving to."""
        blasts: list[tuple[Tile, float]] = []
        arcs: list[tuple[Tile, Tile]] = []
        claimed: set[Tile] = set()
        if not self.level.read_declarations:
            return blasts, arcs, claimed
        for v in self.facts(match).views.values():
            d = match.declared(v.uid)
            if d is None or v.uid == me.uid:
                continue
            a = d.action
            if v.team != me.team:
                seen = shown(match, me.team, v.uid) if self.fogged(match) else "open"
                if seen == "hidden":
                    continue  # a hidden action is not declared to this side
                if isinstance(a, Throw):
                    blasts.append((a.tile, match.rules.blast_radius_m(a.weapon)))
                elif isinstance(a, AreaFire) and seen == "open":  # an unknown target's place is not known
                    arcs.append((v.pos, a.aim))
            elif isinstance(a, Move) and a.path:
                x, y = a.path[-1]
                claimed.add((x, y))
            elif isinstance(a, Attack) and a.path and a.mode != "melee":
                x, y = a.path[-1]
                claimed.add((x, y))
        return blasts, arcs, claimed

    def _danger(self, match: Match, tile: Tile, blasts: list, arcs: list) -> int:
        n = sum(1 for b, r in blasts if geo.distance_m(match.grid, b, tile) <= r)
        n += sum(1 for o, aim in arcs if geo.in_arc(o, aim, tile, 30))
        return n

    # --- the decision ---------------------------------------------------------------------

    def choose(self, match: Match, question: Question) -> Any:
        """The answer to a question of the turn driver (game/flow.py): a declaration or a
        turn's action is `decide`."""
        if question.kind in ("declare", "act"):
            return self.decide(match, question.uid)
        return answers.answer(question)

    def decide(self, match: Match, uid: int) -> Decision:
        if self.level.mistake_rate and self.rng.random() < self.level.mistake_rate:
            return self.random.decide(match, uid)
        f = self.facts(match)
        me = match.view(uid)
        f.views[uid] = me
        self._before = self._stood.get(uid)
        self._stood[uid] = (match.round, me.pos)
        enemies = f.living(enemy_of=me.team)
        if not enemies:
            return Hold(), {}
        for action, choices in self._candidates(match, me, enemies):
            if not isinstance(match.check(uid, action), Impossible):
                return action, choices
        return Hold(), {"defences": self._defences(match, me, enemies, attacking=False)}

    def _defences(self, match: Match, me: UnitView, enemies: list[UnitView], attacking: bool) -> int:
        """The first defence costs nothing (Defence: -10 per defence after the first), so it
        is always declared: it covers a shot, a blow or a grenade from anywhere (Taking
        Cover). A second (-10 to everything) when many enemies see it and it is not
        attacking (level data)."""
        if attacking and match.rules.defences_cost_actions():
            return 0  # a defence would cost the attack a step (the ruleset says)
        if not self.level.extra_defences or attacking:
            return 1
        seeing = sum(1 for e in enemies if not match.rules.weapon_facts(e.combatant).melee and self.sees(match, e, me))
        return 2 if seeing >= self.level.extra_defences else 1

    def _candidates(self, match: Match, me: UnitView, enemies: list[UnitView]):
        """Decisions in order of preference; the first legal one is declared."""
        facts = match.rules.weapon_facts(me.combatant)
        visible = [e for e in enemies if self.sees(match, me, e)]
        d1 = self._defences(match, me, enemies, attacking=True)
        d0 = self._defences(match, me, enemies, attacking=False)
        health = match.rules.health_facts(me.state)
        # Badly hurt, it saves itself, unless its side has the upper hand in numbers: then it
        # presses on (else both sides' hurt end up hiding from each other until time runs out).
        hurt = (max(health.wounds, health.stuns) >= self.level.hurt_level
                and len(self.facts(match).living(team=me.team)) <= len(enemies))
        ammo = me.ammo
        if ammo is not None and ammo.reload_left:
            yield Reload(), {"defences": d0}  # reloading is the round's action: go on with it
            if visible:
                yield FullDodge(), {}
            yield Hold(), {"defences": d0}
            return
        if ammo is not None and ammo.jammed:
            yield Reload(), {"defences": d0}  # clear the jam
        if match.combat.dropped_weapon(me.uid) is not None:
            yield PickUp(), {"defences": d0}
        if health.prone and me.stance == "prone":
            yield Stand(), {"defences": d0}  # the rules laid it down (an evade, a trip): it gets up
        if hurt and visible and not facts.melee:
            tile = match.topology.full_cover_within(me.pos, match.movement_allowance(me.uid)["free"],
                                                    [e.pos for e in visible])
            if tile is not None and tile != me.pos and tile not in match.occupied(me.uid):
                yield FullDodge(tile), {}
            away = self._withdraw(match, me, visible)
            if away is not None:
                yield away, {"defences": d0}
        if ammo is not None and ammo.magazines > 0 and (
                ammo.loaded == 0 or ammo.loaded < max(1, self.level.reload_below * ammo.capacity)):
            if not visible or ammo.loaded == 0:
                yield Reload(), {"defences": d0}
        options: list[tuple[float, Any]] = []
        if me.grenades:
            g = self._grenade(match, me, visible, enemies)
            if g is not None:
                options.append(g)
        if facts.melee:
            yield from self._melee(match, me, enemies, d1)
            yield self._advance(match, me, enemies, facts), {"defences": d0}
            return
        if ammo is None or ammo.loaded > 0:
            options.extend(self._shots(match, me, visible, facts))
            a = self._area(match, me, visible, facts)
            if a is not None:
                options.append(a)
        options.sort(key=lambda o: -o[0])
        for score, action in options:
            if score >= self.level.min_harm:
                if isinstance(action, Attack):
                    target = self.facts(match).views[action.target]
                    path = self._cover_step(match, me, target, visible)
                    if path:
                        yield Attack(action.target, action.mode, dict(action.options), path), {"defences": d1}
                yield action, {"defences": d1}
        if ammo is not None and ammo.loaded < ammo.capacity and ammo.magazines > 0 and (
                ammo.loaded < max(1, self.level.reload_below * ammo.capacity)):
            yield Reload(), {"defences": d0}
        if not visible and self.fogged(match):
            watch = watch_for(match, me, self.facts(match), enemies, facts, self._watched)
            if watch is not None:
                yield watch, {"defences": d0}
        yield self._advance(match, me, enemies, facts), {"defences": d0}

    # --- attacks --------------------------------------------------------------------------

    def _pile_on(self, match: Match, me: UnitView, t: UnitView) -> float:
        """What another attack on `t` is worth when friends declared attacks on it already
        this round: `pile_on` to the power of their number (1: as much; less spreads the
        fire, so that five rifles do not all wait on a man the first two will down)."""
        if not self.level.read_declarations:
            return 1.0
        n = 0
        for v in self.facts(match).living(team=me.team):
            d = match.declared(v.uid) if v.uid != me.uid else None
            if d is not None and isinstance(d.action, Attack | Aim) and d.action.target == t.uid:
                n += 1
        return self.w["pile_on"] ** n

    def _target_bonus(self, match: Match, t: UnitView) -> float:
        bonus = self.w["finish"] * match.rules.health_facts(t.state).wounds
        if self.level.read_declarations:
            d = match.declared(t.uid)
            if d is not None and not isinstance(d.action, Move) and not (isinstance(d.action, Attack) and d.action.path):
                bonus += self.w["moving_target"]
        return bonus

    def _shots(self, match: Match, me: UnitView, visible: list[UnitView], facts: Any) -> list[tuple[float, Any]]:
        """Exact previews of the few nearest (then most wounded) targets in the first modes."""
        g = match.grid
        in_range = [e for e in visible if geo.distance_m(g, me.pos, e.pos) <= facts.long_m]
        in_range.sort(key=lambda e: (geo.distance_m(g, me.pos, e.pos) - 4 * match.rules.health_facts(e.state).wounds, e.uid))
        modes = [m for m in FIRE_MODES if m in facts.modes][: self.level.modes]
        out = []
        for e in in_range[: self.level.targets]:
            for mode in modes:
                for opts in match.rules.attack_options(me.combatant, mode):  # the ruleset's choices (Yags: one)
                    if me.ammo is not None and match.rules.ammo_use(me.combatant, mode, opts) > me.ammo.loaded and mode != "burst":
                        continue
                    harm = expected_harm(match, match.preview(me.uid, e.uid, mode, dict(opts)))
                    if harm <= 0:
                        continue
                    harm *= self._pile_on(match, me, e) * _ammo_time(match, me, facts, mode, self.w["reload_time"], opts)
                    if mode == "shot" and facts.spread_m:
                        harm -= self._cone_friends(match, me, e, facts)
                        if harm <= 0:
                            continue
                    out.append((self.w["harm"] * harm + self._target_bonus(match, e), Attack(e.uid, mode, dict(opts))))
        return out

    def _cone_friends(self, match: Match, me: UnitView, target: UnitView, facts: Any) -> float:
        """The expected harm a shotgun's cone does to friends in it (the world's own cone,
        `Match.in_cone`), counted against the shot."""
        return sum(max(0.0, expected_harm(match, match.preview(me.uid, w.uid, "shot")))
                   for w in match.range.in_cone(me.uid, target.uid, facts) if w.team == me.team)

    def _area(self, match: Match, me: UnitView, visible: list[UnitView], facts: Any) -> tuple[float, Any] | None:
        """Area fire at the aim point that sweeps most enemies and no friend (previewed)."""
        if "area" not in facts.modes or len(visible) < self.level.area_cluster:
            return None
        if me.ammo is not None and me.ammo.loaded < facts.burst:
            return None
        g = match.grid
        f = self.facts(match)
        friends = [v.pos for v in f.living(team=me.team) if v.uid != me.uid]
        reach = int(facts.long_m / g.metres_per_tile)
        best = None
        for e in visible[: max(self.level.targets, 3)]:
            swept = geo.targets_in_arc(me.pos, e.pos, [v.pos for v in visible] + friends, 30, reach)
            if any(p in friends for p in swept):
                continue
            n = len(swept)
            if n >= self.level.area_cluster and (best is None or n > best[0]):
                best = (n, e, swept)
        if best is None:
            return None
        by_pos = {v.pos: v for v in visible}
        harm = 0.0
        shares = len(best[2])  # a ruleset that shares the rounds out (Mythras) previews each one's share
        for p in best[2][:3]:
            harm += max(0.0, expected_harm(match, match.preview(me.uid, by_pos[p].uid, "area", {"targets": shares})))
        return self.w["harm"] * harm * _ammo_time(match, me, facts, "area", self.w["reload_time"]), AreaFire(best[1].pos)

    def _grenade(self, match: Match, me: UnitView, visible: list[UnitView], enemies: list[UnitView]) -> tuple[float, Any] | None:
        """A throw at the visible enemy whose tile does the most harm, by the exact previews:
        the chance the throw lands on the spot times the expected harm of the blast to every
        enemy; at least `grenade_cluster` enemies must take a level or more. Never where a
        friend (or the thrower) would be hurt, allowing for a scatter (`grenade_safe`)."""
        g = match.grid
        gid = me.grenades[0]
        reach = match.rules.throw_range_m(me.combatant, gid)
        friends = self.facts(match).living(team=me.team)
        best = None
        for e in visible:
            dist = geo.distance_m(g, me.pos, e.pos)
            if dist > reach:
                continue
            harms = [blast_harm(match, gid, e.pos, o) for o in enemies]
            if sum(1 for h in harms if h >= 1.0) < self.level.grenade_cluster:
                continue
            if not grenade_safe(match, gid, e.pos, friends, scatter_m=dist / 4):
                continue
            land = match.rules.preview_throw(match.participant(me.uid), gid, dist)
            p_land = 1.0 if land is None or isinstance(land, Impossible) else float(land.p_hit)
            score = self.w["grenade"] * p_land * sum(harms)
            if best is None or score > best[0]:
                best = (score, e.pos)
        if best is None:
            return None
        return best[0], Throw(gid, best[1])

    def _melee(self, match: Match, me: UnitView, enemies: list[UnitView], defences: int):
        """Strike the best enemy in reach; else the nearest one it can reach this round."""
        g = match.grid
        reach = match.rules.weapon_facts(me.combatant).reach_tiles
        close = [e for e in enemies if geo.chebyshev(me.pos, e.pos) <= reach]
        scored = []
        for e in close[: self.level.targets]:
            harm = expected_harm(match, match.preview(me.uid, e.uid, "melee"))
            harm *= self._pile_on(match, me, e)
            scored.append((self.w["melee_eagerness"] * harm + self._target_bonus(match, e), e.uid))
        for _, tid in sorted(scored, reverse=True):
            yield Attack(tid, "melee"), {"defences": defences}
        far = sorted((e for e in enemies if e not in close), key=lambda e: geo.distance_m(g, me.pos, e.pos))
        for e in far[:2]:
            if geo.distance_m(g, me.pos, e.pos) <= (match.movement_allowance(me.uid)["run"] + 3 * g.metres_per_tile):
                yield Attack(e.uid, "melee"), {"defences": defences}

    # --- movement -------------------------------------------------------------------------

    def _cover_step(self, match: Match, me: UnitView, target: UnitView, visible: list[UnitView]) -> tuple:
        """A free move to a tile with better cover that still sees the target (or ())."""
        g = match.grid
        blasts, arcs, claimed = self.danger_tiles(match, me)
        threats = visible[:4]

        def cover_at(tile: Tile) -> float:
            return sum(COVER_RANK.get(geo.cover_between(g, t.pos, tile), 0) for t in threats) / max(1, len(threats))

        here = cover_at(me.pos) - self.w["danger"] * self._danger(match, me.pos, blasts, arcs)
        best: tuple[float, Tile | None] = (here + 0.25, None)
        taken = match.occupied(me.uid) | claimed
        for tile in sorted(match.movement.reachable(me.uid, "free"), key=self._side_key(match)):
            if tile in taken or tile == me.pos:
                continue
            r = self.w["cover"] * cover_at(tile) - self.w["danger"] * self._danger(match, tile, blasts, arcs)
            if r > best[0] * max(self.w["cover"], 1e-9) and match.topology.line_of_sight(tile, target.pos):
                best = (r / max(self.w["cover"], 1e-9), tile)
        if best[1] is None:
            return ()
        path = match.movement.path(me.uid, best[1])
        return tuple(path) if path else ()

    def _side_key(self, match: Match) -> Any:
        """Ties between equally good tiles go the same way for both sides: by the tile as seen
        from this side's half (red's tiles turned half round, as the shipped maps' east
        halves are the west halves turned round), so neither side's ties lean toward the
        enemy when the other's lean away."""
        if self.team == "blue":
            return lambda t: t
        w, h = match.grid.width - 1, match.grid.height - 1
        return lambda t: (w - t[0], h - t[1])

    def _withdraw(self, match: Match, me: UnitView, visible: list[UnitView]) -> Any:
        """Run to the reachable tile out of sight of most enemies, furthest from them."""
        g = match.grid
        tiles = match.movement.reachable(me.uid, "run")
        taken = match.occupied(me.uid)
        side = self._side_key(match)
        cands = sorted((t for t in tiles if t not in taken),
                       key=lambda t: (-min(geo.distance_m(g, t, e.pos) for e in visible), side(t)))[: self.level.advance_tiles]
        best = None
        for t in cands:
            seen = sum(1 for e in visible[:4] if match.topology.line_of_sight(t, e.pos))
            score = (seen, -min(geo.distance_m(g, t, e.pos) for e in visible))
            if best is None or score < best[0]:
                best = (score, t)
        if best is None or best[1] == me.pos:
            return None
        path = match.movement.path(me.uid, best[1])
        return Move(tuple(path), "run") if path else None

    def walk_field(self, match: Match, team: str) -> geo.CostsTo:
        """Metres on foot from each tile to the nearest living enemy of `team`, round the
        walls and through slow ground (once a round: enemies stand still while units declare)."""
        f = self.facts(match)
        if team not in f.fields:
            goals = [v.pos for v in f.living(enemy_of=team)]
            f.fields[team] = geo.CostsTo(match.grid, goals)
        return f.fields[team]

    def _advance(self, match: Match, me: UnitView, enemies: list[UnitView], facts: Any) -> Any:
        """Move toward the enemy: the reachable tile that most shortens the walk to them,
        away from declared blasts and bursts and from friends; of the best few, cover counts
        where an enemy can see the tile, and seeing one counts for a ranged unit. Sprint
        while far away."""
        g = match.grid
        nearest = min(enemies, key=lambda e: geo.distance_m(g, me.pos, e.pos))
        far = geo.distance_m(g, me.pos, nearest.pos)
        # A sprint costs a level of fatigue (yags-core.md, Sprinting), lost only with minutes
        # of rest: it sprints while far away and not yet tired past its level's limit.
        fatigue = match.rules.health_facts(me.state).fatigue
        mode = "sprint" if far > self.level.sprint_beyond_m and fatigue < self.level.sprint_fatigue else "run"
        tiles = match.movement.reachable(me.uid, mode)
        if not tiles:
            return Hold()
        blasts, arcs, claimed = self.danger_tiles(match, me)
        taken = match.occupied(me.uid) | claimed
        close = sorted(enemies, key=lambda e: geo.distance_m(g, me.pos, e.pos))[:3]
        mpt = g.metres_per_tile
        # Ranged units stop at a few tiles; melee units go all the way.
        stand_off = 0.0 if facts.melee else 3 * mpt
        walk = self.walk_field(match, me.team)
        cut_off = walk.get(me.pos, 0.0) + 1000 * mpt  # a tile from which no enemy can be walked to
        # Friends where they stand or where they declared to go: bunching up invites grenades.
        near = [v.pos for v in self.facts(match).living(team=me.team) if v.uid != me.uid] + list(claimed)
        # Friends within 2 tiles (Chebyshev) of each tile; further apart while the enemy
        # carries grenades: out to their stun band (three radii), up to 5 tiles.
        radius = max((match.rules.blast_radius_m(gid) for e in enemies for gid in e.grenades), default=0.0)
        apart = min(5, max(2, math.ceil(3 * radius / mpt)))
        crowd = _crowding(g.width, g.height, near, tiles, apart)
        before = self._before
        came_from = before[1] if before and before[0] == match.round - 1 and before[1] != me.pos else None

        def base(tile: Tile) -> float:
            d = walk.get(tile, cut_off)
            back = came_from is not None and geo.chebyshev(tile, came_from) < geo.chebyshev(tile, me.pos)
            return (-self.w["distance"] * abs(d - stand_off) / mpt
                    - self.w["danger"] * self._danger(match, tile, blasts, arcs)
                    - self.w["spread"] * crowd.get(tile, 0) - self.w["backtrack"] * back)

        scores = {t: base(t) for t in tiles if t not in taken or t == me.pos}
        side = self._side_key(match)
        cands = sorted(scores, key=lambda t: (-scores[t], side(t)))[: self.level.advance_tiles]
        if me.pos in scores and me.pos not in cands:
            cands.append(me.pos)
        best = None
        for t in cands:
            s = scores[t]
            seen_by = [e for e in close if match.topology.line_of_sight(t, e.pos)]
            if seen_by:
                s += self.w["cover"] * sum(COVER_RANK.get(geo.cover_between(g, e.pos, t), 0) for e in seen_by) / len(seen_by)
                if self.w["sight"] and not facts.melee and any(geo.distance_m(g, t, e.pos) <= facts.long_m for e in seen_by):
                    s += self.w["sight"]
            if best is None or s > best[0]:
                best = (s, t)
        assert best is not None  # there is a candidate: the reachable tiles are not all taken
        goal = best[1]
        if goal == me.pos:
            return Hold()
        path = match.movement.path(me.uid, goal)
        return Move(tuple(path), mode) if path else Hold()


def _crowding(width: int, height: int, near: list[Tile], tiles: Any, apart: int) -> dict[Tile, int]:
    """For each of `tiles`, how many of `near` (repeats counting again) stand within `apart`
    tiles of it (Chebyshev): one sum over a square of a table of prefix sums."""
    if not near:
        return {}
    counts = np.zeros((height + 1, width + 1), dtype=np.int64)
    px, py = np.array(near, dtype=np.int64).T
    np.add.at(counts, (py + 1, px + 1), 1)
    s = counts.cumsum(0).cumsum(1)  # s[y + 1, x + 1]: those at or above and left of (x, y)
    t = np.array(list(tiles), dtype=np.int64).reshape(-1, 2)
    x0, x1 = np.clip(t[:, 0] - apart, 0, width), np.clip(t[:, 0] + apart + 1, 0, width)
    y0, y1 = np.clip(t[:, 1] - apart, 0, height), np.clip(t[:, 1] + apart + 1, 0, height)
    n = s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]
    return {(int(x), int(y)): int(c) for (x, y), c in zip(t.tolist(), n.tolist(), strict=True)}


def _ammo_time(match: Match, me: UnitView, facts: Any, mode: str, weight: float,
               options: Any = None) -> float:
    """An attack's harm per round of the unit's time: the rounds it fires cost their share of
    a reload (a Thompson's 10-round burst is half its 20-round magazine, and a reload takes
    2 rounds: a round of reloading for each burst), counted at `weight` (level data)."""
    if me.ammo is None or not facts.capacity or not weight:
        return 1.0
    used = match.rules.ammo_use(me.combatant, mode, dict(options or {}))
    return 1.0 / (1.0 + weight * facts.reload_rounds * used / facts.capacity)


def blast_harm(match: Match, weapon: str, blast: Tile, victim: UnitView, nearer_m: float = 0.0) -> float:
    """Expected harm of `weapon` exploding on `blast` to `victim` (`nearer_m` closer than it
    stands), from the exact preview: its band by distance, one band out behind hard cover or
    out of the blast's sight (as the world has it). A ruleset with no preview: one level
    within the radius."""
    g = match.grid
    d = max(0.0, geo.distance_m(g, blast, victim.pos) - nearer_m)
    covered = not match.topology.line_of_sight(blast, victim.pos) or geo.cover_between(g, blast, victim.pos) in ("hard50", "hard90")
    p = match.rules.preview_blast(weapon, match.participant(victim.uid), d, covered)
    if p is None:
        return 1.0 if d <= match.rules.blast_radius_m(weapon) else 0.0
    if isinstance(p, Impossible):
        return 0.0
    return match.rules.blast_harm(p, match.rules.health_facts(victim.state))


SAFE_HARM = 0.1  # expected levels a throw may risk on a friend: next to none


def grenade_safe(match: Match, weapon: str, blast: Tile, friends: list[UnitView], scatter_m: float = 0.0) -> bool:
    """No friend (the thrower among them) would take harm from `weapon` exploding on
    `blast`, nor `scatter_m` nearer to him (a missed throw lands off the spot)."""
    return all(blast_harm(match, weapon, blast, f, scatter_m) <= SAFE_HARM for f in friends)
