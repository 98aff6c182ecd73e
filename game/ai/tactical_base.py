"""What every level of the tactical AI stands on (game/ai/tactical.py): the round's facts
about the match, cached once a round (views, who sees whom, walking-distance fields, under
fog of war only what its side knows), and the danger of a tile (blasts and arcs declared)."""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from engine.capabilities import blast_radius_m
from engine.outcome import Impossible
from game.ai.baseline import RandomAI
from game.ai.fogsight import known_views, shown
from game.ai.levels import Level
from game.world import geometry as geo
from game.world.actions import kind_of
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
    sight_asked: bool = False  # the lines between every unit and enemy worked out at once (sees)
    sight_at: dict[tuple[Tile, Tile], bool] = field(default_factory=dict)  # those lines' answers, by the tiles
    wounds: dict[int, tuple[UnitView, int]] = field(default_factory=dict)  # by uid: (the view, its wounds)

    _living: dict[tuple, list[UnitView]] = field(default_factory=dict)  # living's answers while the views hold

    def note(self, v: UnitView) -> None:
        """`v` is its unit's view from now on (the deciding unit's, as it is now)."""
        self.views[v.uid] = v
        self._living.clear()

    def living(self, team: str | None = None, enemy_of: str | None = None) -> list[UnitView]:
        hit = self._living.get((team, enemy_of))
        if hit is None:
            hit = self._living[(team, enemy_of)] = [
                v for v in self.views.values() if not v.out and (team is None or v.team == team)
                and (enemy_of is None or v.team != enemy_of)]
        return list(hit)



class TacticalBase:
    """The AI's state and its per-round facts; the attack and movement choices build on it."""

    def __init__(self, seed: int, team: str, level: Level) -> None:
        self.level = level
        self.team = team
        self.rng = random.Random(f"{seed}-{team}-{level.name}")
        self.random = RandomAI(seed + 7919, team)
        self._facts: RoundFacts | None = None
        self._facts_changes = -1  # the match's view_changes the facts were made at
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
        """What it knows now: made again in a new round, and whenever a unit's view changed
        since (the match counts the changes). Under Yags every unit
        declares before anything moves, so that is once a round; under Mythras units act
        Turn by Turn within the round, and facts kept from before a unit moved put it where
        it was (two units on one tile in the AI's eyes: escort, seed 6, an area-fire arc
        aimed at the AI's own tile)."""
        changes = match.view_changes
        if self._facts is not None and self._facts_changes != changes:
            self._facts = None
        self._facts_changes = changes
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
        return self._sees(match, self.facts(match), a, b)

    def _sees(self, match: Match, f: RoundFacts, a: UnitView, b: UnitView) -> bool:
        """`sees` with the round's facts `f` already in hand."""
        if a.uid in f.ghosts or b.uid in f.ghosts:
            return False  # a ghost is where an enemy was, not where it is
        k = (a.uid, b.uid) if a.uid < b.uid else (b.uid, a.uid)
        if k not in f.sees:
            if not f.sight_asked:  # the round's first question: every unit and enemy at once
                f.sight_asked = True
                living = f.living()
                others = {t: sorted((v for v in living if v.team != t), key=lambda v: v.uid)
                          for t in {u.team for u in living}}
                after = {t: [v.uid for v in vs] for t, vs in others.items()}
                tiles = []
                for u in living:  # each pair once, the lower uid first
                    p, vs = u.pos, others[u.team]
                    tiles += [(p, v.pos) for v in vs[bisect_right(after[u.team], u.uid):]]
                f.sight_at = dict(zip(tiles, match.topology.lines_of_sight(tiles), strict=True))
            f.sees[k] = self._sight(match, f, a, b)
        return f.sees[k]

    @staticmethod
    def _sight(match: Match, f: RoundFacts, a: UnitView, b: UnitView) -> bool:
        """Does `a` see `b`: the round's first answers by their tiles (lower uid's first; sight
        is symmetric), else the topology's."""
        seen = f.sight_at.get((a.pos, b.pos) if a.uid < b.uid else (b.pos, a.pos))
        return match.topology.line_of_sight(a.pos, b.pos) if seen is None else seen

    def wounds(self, match: Match, v: UnitView) -> int:
        """`v`'s wounds (the ruleset's health facts of its state), remembered with its view."""
        known = self.facts(match).wounds
        hit = known.get(v.uid)
        if hit is None or hit[0] is not v:
            hit = known[v.uid] = (v, match.rules.health_facts(v.state).wounds)
        return hit[1]

    def seen_among(self, match: Match, a: UnitView, others: list[UnitView]) -> list[UnitView]:
        """Those of `others` that `a` sees (`sees` for each in turn, the round's facts read once)."""
        f = self.facts(match)
        return [b for b in others if self._sees(match, f, a, b)]

    # --- what others declared -------------------------------------------------------------

    def danger_tiles(self, match: Match, me: UnitView) -> tuple[list[tuple[Tile, float]], list[tuple[Tile, Tile]], set[Tile]]:
        """Blast points (with radius) and area-fire arcs enemies declared this round, and the
        tiles friends are moving to."""
        blasts: list[tuple[Tile, float]] = []
        arcs: list[tuple[Tile, Tile]] = []
        claimed: set[Tile] = set()
        if not self.level.read_declarations:
            return blasts, arcs, claimed
        views = self.facts(match).views
        # The declarations standing, not every unit: the lists' order counts for nothing (the
        # danger of a tile is a count over them).
        for uid, d in match.all_declared().items():
            v = views.get(uid)
            if v is None or uid == me.uid:
                continue
            a = d.action
            kind = kind_of(a)
            if v.team != me.team:
                seen = shown(match, me.team, v.uid) if self.fogged(match) else "open"
                if seen == "hidden":
                    continue  # a hidden action is not declared to this side
                blast, arc = kind.blast(a), kind.arc(a)
                if blast is not None:
                    blasts.append((blast[0], blast_radius_m(match.rules, blast[1])))
                elif arc is not None and seen == "open":  # an unknown target's place is not known
                    arcs.append((v.pos, arc[0]))
            elif kind.advances(a) and not kind.melee(a) and kind.path(a):  # a move, a shot on the way
                x, y = kind.path(a)[-1]
                claimed.add((x, y))
        return blasts, arcs, claimed

    def _danger(self, match: Match, tile: Tile, blasts: list, arcs: list) -> int:
        if not blasts and not arcs:
            return 0  # (asked for every reachable tile: most rounds nothing is declared)
        n = sum(1 for b, r in blasts if geo.distance_m(match.grid, b, tile) <= r)
        n += sum(1 for o, aim in arcs if geo.in_arc(o, aim, tile, 30))
        return n

    # --- the decision ---------------------------------------------------------------------

    def _side_key(self, match: Match) -> Any:
        """Ties between equally good tiles go the same way for both sides: by the tile as seen
        from this side's half (red's tiles turned half round, as the shipped maps' east
        halves are the west halves turned round), so neither side's ties lean toward the
        enemy when the other's lean away."""
        flip = self._side_flip(match)
        if flip is None:
            return lambda t: t
        w, h = flip
        return lambda t: (w - t[0], h - t[1])

    def _side_flip(self, match: Match) -> Tile | None:
        """The corner this side's tiles are turned round about for `_side_key` (None: blue's,
        not turned)."""
        return None if self.team == "blue" else (match.grid.width - 1, match.grid.height - 1)
