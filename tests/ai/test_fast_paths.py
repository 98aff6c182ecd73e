"""The AI's fast paths give what the plain ways of working the same thing out give (issue 20:
speed-ups that must not change a decision)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.tactical_moves import _crowding
from game.flow import driver


def _crowding_by_counting(near, tiles, apart):
    """Friends within `apart` tiles (Chebyshev) of each tile, counted one by one."""
    return {t: sum(1 for p in near if max(abs(p[0] - t[0]), abs(p[1] - t[1])) <= apart) for t in tiles}


@settings(max_examples=200)
@given(st.integers(0, 10**6))
def test_crowding_counts_the_friends_near_each_tile(seed):
    """The prefix sums over the window of the reachable tiles count, tile for tile and in the
    tiles' order, the friends within `apart` (repeats twice, those off the window none; with
    no friends none), on maps of any size with the tiles anywhere (edges too)."""
    rng = random.Random(seed)
    w, h = rng.randint(1, 40), rng.randint(1, 40)
    cells = [(x, y) for y in range(h) for x in range(w)]
    cx, cy = rng.randrange(w), rng.randrange(h)
    r = rng.randint(0, 8)
    tiles = {t: 0.0 for t in rng.sample(cells, min(len(cells), rng.randint(1, 60)))
             if max(abs(t[0] - cx), abs(t[1] - cy)) <= r} or {(cx, cy): 0.0}
    near = [rng.choice(cells) for _ in range(rng.randint(0, 80))]
    apart = rng.randint(1, 5)
    got = _crowding(near, np.array(list(tiles), dtype=np.int64).reshape(-1, 2), apart)
    assert got.dtype == np.int64 and got.tolist() == list(_crowding_by_counting(near, tiles, apart).values())


@pytest.mark.parametrize("fog", [False, True])
def test_seen_among_is_sees_one_by_one(new_match, fog):
    """`seen_among` (the round's facts read once) keeps those `sees` keeps, in order, for every
    unit of both sides on the crossroads, fog of war on (ghosts: enemies only remembered) or
    off, asked first or after `sees` has filled part of the round's answers."""
    from game.ai import make_controller
    from game.maps import load_map
    from game.squads import map_squads

    grid = load_map("maps/crossroads.tmx")
    m = new_match(grid, map_squads(grid, "default", 8), seed=3, fog=fog)
    ais = {t: make_controller("normal", 3, t) for t in ("blue", "red")}
    for _ in range(3):  # a few rounds played: the sides have moved, under fog some are only remembered
        for uid in driver(m).start_round():
            action, choices = ais[m.view(uid).team].decide(m, uid)
            m.declare(uid, action, **choices)
        driver(m).resolve_round()
    ghost_count = 0
    for team in ("blue", "red"):
        fast, slow = make_controller("normal", 5, team), make_controller("normal", 5, team)
        views = list(fast.facts(m).views.values())
        for k, a in enumerate(views):
            others = [b for b in views if b.team != a.team]
            if k % 2:  # half the time the answers are partly there already
                slow.sees(m, a, others[0]) if others else None
                fast.sees(m, a, others[0]) if others else None
            assert fast.seen_among(m, a, others) == [b for b in others if slow.sees(m, a, b)]
            ghosts = fast.facts(m).ghosts
            assert [slow.sees(m, a, b) for b in others] == [  # the topology's own answer, ghosts unseen
                a.uid not in ghosts and b.uid not in ghosts and m.topology.line_of_sight(a.pos, b.pos) for b in others]
        ghost_count += len(fast.facts(m).ghosts)
        assert any(slow.sees(m, a, b) for a in views for b in views if a.team != b.team)
    assert (ghost_count > 0) == fog


def test_wounds_remembered_with_the_view_follow_a_new_state(new_match):
    """`TacticalBase.wounds` is the ruleset's count for the view asked about: a wound taken
    (a new state, so a new view) is counted at once, within the same round's facts."""
    from gridfactory import make_grid
    from worldplay import OPEN, RIFLEMAN, unit

    from engine.yags.health import Condition
    from game.ai import make_controller

    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "Able", 2, 2)], "red": [unit(RIFLEMAN, "Baker", 9, 2)]})
    ai = make_controller("normal", 1, "blue")
    before = m.view(1)
    assert ai.wounds(m, before) == m.rules.health_facts(before.state).wounds == 0
    m.health.set_state(1, Condition(wounds=2))
    after = m.view(1)
    assert after is not before
    assert ai.wounds(m, after) == m.rules.health_facts(after.state).wounds == 2
    assert ai.wounds(m, before) == 0


@pytest.mark.parametrize("fog", [False, True])
def test_round_facts_living_follows_the_deciding_units_view(new_match, fog):
    """`RoundFacts.living`, remembered while the views hold, is the filter of the views after
    each decision (the deciding unit's view noted, a stance taken making a new one)."""
    from game.ai import make_controller
    from game.maps import load_map
    from game.squads import map_squads

    def filtered(f, team, enemy_of):
        return [v for v in f.views.values() if not v.out and (team is None or v.team == team)
                and (enemy_of is None or v.team != enemy_of)]

    grid = load_map("maps/wood.tmx")
    m = new_match(grid, map_squads(grid, "default", 6), seed=2, fog=fog)
    ais = {t: make_controller("normal", 2, t) for t in ("blue", "red")}
    for _ in range(4):
        for uid in driver(m).start_round():
            ai = ais[m.view(uid).team]
            action, choices = ai.decide(m, uid)
            f = ai.facts(m)
            assert f.views[uid] is m.view(uid)
            for team in (None, "blue", "red"):
                for enemy_of in (None, "blue", "red"):
                    assert f.living(team, enemy_of) == filtered(f, team, enemy_of)
            m.declare(uid, action, **choices)
        driver(m).resolve_round()


@settings(max_examples=300)
@given(st.integers(0, 10**6))
def test_advance_scores_and_the_best_few_are_the_tile_by_tile_ones(seed):
    """`_scores` (NumPy, every tile at once) gives each tile the very double the expression
    gave tile by tile (weights whole or not, a way back or none, declared dangers or none, ties
    and signed zeros), and `_best` picks what sorting by (-score, side key) picks first, for
    either side's key."""
    from game.ai.tactical_moves import _best, _scores

    rng = random.Random(seed)
    w_, h_ = rng.randint(1, 30), rng.randint(1, 30)
    cells = [(x, y) for y in range(h_) for x in range(w_)]
    order = rng.sample(cells, rng.randint(1, min(len(cells), 80)))
    here = rng.choice(order)
    came_from = rng.choice([None, rng.choice(cells)])
    mpt = rng.choice((1.0, 2.0, 1.5))
    stand_off = rng.choice((0.0, 3 * mpt))
    pick = (lambda: rng.randint(0, 3)) if rng.random() < 0.5 else (lambda: rng.choice((0.0, 0.5, 1.25, 3.0)))
    weights = {"distance": pick(), "danger": pick(), "spread": pick(), "backtrack": pick()}
    dists = [rng.choice((0.0, stand_off, 2.0, 7.5, 1000.0 * mpt)) + rng.choice((0.0, 0.1, 1 / 3)) for _ in order]
    crowd = np.array([rng.randint(0, 4) for _ in order], dtype=np.int64)
    danger = None if rng.random() < 0.6 else [rng.randint(0, 2) for _ in order]

    def one(k, t):
        back = came_from is not None and (max(abs(t[0] - came_from[0]), abs(t[1] - came_from[1]))
                                          < max(abs(t[0] - here[0]), abs(t[1] - here[1])))
        return (-weights["distance"] * abs(dists[k] - stand_off) / mpt - weights["danger"] * (0 if danger is None else danger[k])
                - weights["spread"] * int(crowd[k]) - weights["backtrack"] * back)

    at = np.array(order, dtype=np.int64).reshape(-1, 2)
    got = _scores(at, dists, crowd, here, came_from, stand_off, mpt, weights, danger)
    want = [one(k, t) for k, t in enumerate(order)]
    assert [float(v).hex() for v in got] == [float(v).hex() for v in want]
    keep = [t == here or rng.random() < 0.8 for t in order]
    n = rng.randint(1, 24)
    for flip in (None, (w_ - 1, h_ - 1)):
        side = (lambda t: t) if flip is None else (lambda t, f=flip: (f[0] - t[0], f[1] - t[1]))
        ranked = sorted((k for k in range(len(order)) if keep[k]), key=lambda k: (-want[k], side(order[k])))
        assert _best(at, got, keep, flip, n) == ranked[:n]


@pytest.mark.parametrize(("name", "fog"), [("street", False), ("compound", True), ("crossroads", False)])
def test_danger_tiles_are_the_declarations_read_unit_by_unit(new_match, name, fog):
    """`danger_tiles`, reading the declarations standing (not every unit's view in turn), finds
    the same blasts and arcs (in some order: the danger of a tile is a count over them) and
    the same claimed tiles, for every unit as the round's declarations come in."""
    from collections import Counter

    from game.ai import make_controller
    from game.ai.fogsight import shown
    from game.maps import load_map
    from game.squads import map_squads
    from game.world.actions import AreaFire, Attack, Move, Throw

    def unit_by_unit(ai, m, me):
        blasts, arcs, claimed = [], [], set()
        for v in ai.facts(m).views.values():
            d = m.declared(v.uid)
            if d is None or v.uid == me.uid:
                continue
            a = d.action
            if v.team != me.team:
                seen = shown(m, me.team, v.uid) if ai.fogged(m) else "open"
                if seen == "hidden":
                    continue
                if isinstance(a, Throw):
                    blasts.append((a.tile, m.rules.blast_radius_m(a.weapon)))
                elif isinstance(a, AreaFire) and seen == "open":
                    arcs.append((v.pos, a.aim))
            elif isinstance(a, Move | Attack) and a.path and not (isinstance(a, Attack) and a.mode == "melee"):
                claimed.add(tuple(a.path[-1]))
        return blasts, arcs, claimed

    grid = load_map(f"maps/{name}.tmx")
    m = new_match(grid, map_squads(grid, "default", 8), seed=5, fog=fog)
    ais = {t: make_controller("normal", 5, t) for t in ("blue", "red")}
    for _ in range(6):
        for uid in driver(m).start_round():
            ai = ais[m.view(uid).team]
            me = m.view(uid)
            blasts, arcs, claimed = ai.danger_tiles(m, me)
            want = unit_by_unit(ai, m, me)
            assert (Counter(blasts), Counter(arcs), claimed) == (Counter(want[0]), Counter(want[1]), want[2])
            action, choices = ai.decide(m, uid)
            m.declare(uid, action, **choices)
        driver(m).resolve_round()
        if m.over:
            break


def _nearest_unseen_by_looping(remembered, walkable, own):
    """The scouting goal's old loop: over x, then y, the first tile strictly nearer."""
    best = None
    w, h = remembered.shape
    for x in range(w):
        for y in range(h):
            if remembered[x, y] or not walkable[x, y]:
                continue
            d = min(max(abs(x - p[0]), abs(y - p[1])) for p in own)
            if best is None or d < best[0]:
                best = (d, (x, y))
    return None if best is None else best[1]


@settings(max_examples=200)
@given(st.integers(0, 10**6))
def test_the_nearest_tile_never_seen_is_the_loops(seed):
    """fogsight.nearest_unseen (the scouting goal when the enemy's spawn zone is in sight) is
    the tile the plain loop over x and then y finds, ties to the first, on maps of any size
    and any share of tiles seen or walled (none left: None)."""
    from game.ai.fogsight import nearest_unseen

    rng = random.Random(seed)
    w, h = rng.randint(1, 30), rng.randint(1, 30)
    seen_share, wall_share = rng.choice([0.0, 0.5, 0.9, 1.0]), rng.choice([0.0, 0.2, 0.6])
    remembered = np.array([[rng.random() < seen_share for _ in range(h)] for _ in range(w)], dtype=bool)
    walkable = np.array([[rng.random() >= wall_share for _ in range(h)] for _ in range(w)], dtype=bool)
    own = [(rng.randrange(w), rng.randrange(h)) for _ in range(rng.randint(1, 6))]
    got = nearest_unseen(remembered, walkable, own)
    assert got == _nearest_unseen_by_looping(remembered, walkable, own)
    assert got is None or isinstance(got[0], int)
