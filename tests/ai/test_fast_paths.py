"""The AI's fast paths give what the plain ways of working the same thing out give (issue 20:
speed-ups that must not change a decision)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.tactical_moves import _crowding


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
        for uid in m.start_round():
            action, choices = ais[m.view(uid).team].decide(m, uid)
            m.declare(uid, action, **choices)
        m.resolve_round()
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
        for uid in m.start_round():
            ai = ais[m.view(uid).team]
            action, choices = ai.decide(m, uid)
            f = ai.facts(m)
            assert f.views[uid] is m.view(uid)
            for team in (None, "blue", "red"):
                for enemy_of in (None, "blue", "red"):
                    assert f.living(team, enemy_of) == filtered(f, team, enemy_of)
            m.declare(uid, action, **choices)
        m.resolve_round()


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
        for uid in m.start_round():
            ai = ais[m.view(uid).team]
            me = m.view(uid)
            blasts, arcs, claimed = ai.danger_tiles(m, me)
            want = unit_by_unit(ai, m, me)
            assert (Counter(blasts), Counter(arcs), claimed) == (Counter(want[0]), Counter(want[1]), want[2])
            action, choices = ai.decide(m, uid)
            m.declare(uid, action, **choices)
        m.resolve_round()
        if m.over:
            break


def _cover_step_tile_by_tile(ai, m, me, target, visible):
    """`_cover_step` the plain way: each reachable tile in the side's order, its cover from
    each threat asked one pair at a time, its danger asked even when nothing is declared."""
    from game.ai.tactical_base import COVER_RANK
    from game.world import geometry as geo

    g = m.grid
    blasts, arcs, claimed = ai.danger_tiles(m, me)
    threats = visible[:4]

    def cover_at(tile):
        return sum(COVER_RANK.get(geo.cover_between(g, t.pos, tile), 0) for t in threats) / max(1, len(threats))

    best = (cover_at(me.pos) - ai.w["danger"] * ai._danger(m, me.pos, blasts, arcs) + 0.25, None)
    taken = m.movement.taken(me.uid, ai.sees_all) | claimed
    for tile in sorted(m.movement.reachable(me.uid, "free", sees_all=ai.sees_all), key=ai._side_key(m)):
        if tile in taken or tile == me.pos:
            continue
        r = ai.w["cover"] * cover_at(tile) - ai.w["danger"] * ai._danger(m, tile, blasts, arcs)
        if r > best[0] * max(ai.w["cover"], 1e-9) and m.topology.line_of_sight(tile, target.pos):
            best = (r / max(ai.w["cover"], 1e-9), tile)
    if best[1] is None:
        return ()
    path = m.movement.path(me.uid, best[1], ai.sees_all)
    return tuple(path) if path else ()


@pytest.mark.parametrize(("name", "level", "fog"), [("street", "normal", False), ("compound", "hard", True),
                                                    ("crossroads", "easy", False), ("crossroads", "normal", False)])
def test_cover_step_is_the_tile_by_tile_one(new_match, name, level, fog):
    """`_cover_step` (the tiles' covers fetched together, cover_at's sum written in) steps
    where the tile-by-tile weighing steps, for every unit and every enemy it sees, round after
    round as declarations (grenades, area fire, moves) come in, on each level's weights."""
    from game.ai import make_controller
    from game.maps import load_map
    from game.squads import map_squads

    grid = load_map(f"maps/{name}.tmx")
    m = new_match(grid, map_squads(grid, "default", 8), seed=4, fog=fog)
    ais = {t: make_controller(level, 4, t) for t in ("blue", "red")}
    steps = 0
    for _ in range(6):
        for uid in m.start_round():
            ai = ais[m.view(uid).team]
            me = m.view(uid)
            enemies = ai.facts(m).living(enemy_of=me.team)
            visible = ai.seen_among(m, me, enemies)
            for target in visible:
                got = ai._cover_step(m, me, target, visible)
                assert got == _cover_step_tile_by_tile(ai, m, me, target, visible)
                steps += bool(got)
            action, choices = ai.decide(m, uid)
            m.declare(uid, action, **choices)
        m.resolve_round()
        if m.over:
            break
    assert steps  # some steps to cover were taken



class _PlainRandomAI:
    """RandomAI's options the plain way: a search for each mode (the rest as RandomAI)."""

    @staticmethod
    def options(ai, match, uid):
        from game.world.actions import (
            Aim,
            AreaFire,
            Attack,
            FirstAid,
            FullDodge,
            Hold,
            Move,
            PickUp,
            Reload,
            Stand,
            Throw,
        )

        rng = ai.rng
        v = match.view(uid)
        facts = match.rules.weapon_facts(v.combatant)
        moves, attacks, areas, throws, aims, aid = [], [], [], [], [], [FirstAid(uid)]
        for mode in ("free", "run", "sprint"):
            tiles = sorted(match.movement.reachable(uid, mode))
            if tiles:
                path = match.movement.path(uid, rng.choice(tiles))
                if path:
                    moves.append(Move(tuple(path), mode))
        visible = match.sight.visible_enemies(uid)
        for e in visible:
            aims.append(Aim(e.uid))
            for mode in facts.modes:
                if mode in ("area", "suppress"):
                    areas.append(AreaFire(e.pos, suppressive=(mode == "suppress")))
                elif mode != "melee":
                    shot = rng.choice(ai.SHOTS)
                    attacks.append(Attack(e.uid, mode, {"shot": shot} if shot else {}))
        if facts.melee:
            attacks += [Attack(e.uid, "melee") for e in match.enemies_of(uid)]
        for weapon in v.grenades[:1]:
            throws += [Throw(weapon, e.pos) for e in visible]
        for f in match.units(v.team, living=True):
            if f.uid != uid and max(abs(f.pos[0] - v.pos[0]), abs(f.pos[1] - v.pos[1])) <= 1:
                aid.append(FirstAid(f.uid))
        kinds = [[Hold()], [Reload()], [Stand()], [FullDodge()], [PickUp()], aid, moves, attacks, areas, throws, aims]
        return [k for k in kinds if k]


@pytest.mark.parametrize(("name", "fog"), [("crossroads", False), ("compound", True), ("wood", False)])
def test_random_ai_decides_as_with_a_search_for_each_mode(new_match, name, fog):
    """RandomAI's options (one search for the mode that goes furthest, the others' tiles
    within their allowance) are those of a search for each mode, and so its decisions and
    its random draws are, unit after unit, round after round, under fog of war or not."""
    from game.ai import RandomAI
    from game.maps import load_map
    from game.squads import map_squads

    class Plain(RandomAI):
        def _options(self, match, uid):
            return _PlainRandomAI.options(self, match, uid)

    grid = load_map(f"maps/{name}.tmx")
    m = new_match(grid, map_squads(grid, "default", 8), seed=6, fog=fog)
    ais = {t: (RandomAI(6, t), Plain(6, t)) for t in ("blue", "red")}
    moved = 0
    for _ in range(6):
        for uid in m.start_round():
            fast, plain = ais[m.view(uid).team]
            assert fast._options(m, uid) == plain._options(m, uid)
            got = fast.decide(m, uid)
            assert got == plain.decide(m, uid)
            assert fast.rng.getstate() == plain.rng.getstate()
            m.declare(uid, got[0], **got[1])
            moved += type(got[0]).__name__ == "Move"
        m.resolve_round()
        if m.over:
            break
    assert moved  # some random moves were declared


@settings(max_examples=300)
@given(st.lists(st.tuples(st.integers(-60, 60), st.integers(-60, 60)), min_size=1, max_size=9),
       st.tuples(st.integers(-60, 60), st.integers(-60, 60)), st.sampled_from((2.0, 1.0, 1.5, 0.7, 1.1, 3.3, 0.3)))
def test_the_nearest_in_metres_is_the_nearest_by_hypot_times_the_metres(foes, tile, mpt):
    """`_withdraw`'s distance to the nearest enemy, the least hypot times the metres a tile,
    is the least of `distance_m` (each hypot times the metres), float for float, ties and
    equal distances along other lines ((5, 5) and (1, 7)) among them."""
    import math

    from gridfactory import make_grid

    from game.world import geometry as geo

    grid = make_grid(["."], metres_per_tile=mpt)
    want = -min(geo.distance_m(grid, tile, f) for f in foes)
    got = -(min([math.hypot(fx - tile[0], fy - tile[1]) for fx, fy in foes]) * mpt)
    assert got.hex() == want.hex()


@pytest.mark.parametrize(("name", "fog"), [("street", False), ("compound", True), ("crossroads", False)])
def test_withdraw_is_the_plain_one(new_match, name, fog):
    """`_withdraw` (each tile's distance to the nearest enemy worked out once) runs where the
    plain way runs (distance_m to every enemy in the sort and again for the best few), for
    every unit that sees an enemy, round after round."""
    from game.ai import make_controller
    from game.maps import load_map
    from game.squads import map_squads
    from game.world import geometry as geo
    from game.world.actions import Move

    def plain(ai, m, me, visible):
        g = m.grid
        tiles = m.movement.reachable(me.uid, "run", sees_all=ai.sees_all)
        taken = m.movement.taken(me.uid, ai.sees_all)
        side = ai._side_key(m)
        cands = sorted((t for t in tiles if t not in taken),
                       key=lambda t: (-min(geo.distance_m(g, t, e.pos) for e in visible), side(t)))[: ai.level.advance_tiles]
        best = None
        for t in cands:
            seen = sum(1 for e in visible[:4] if m.topology.line_of_sight(t, e.pos))
            score = (seen, -min(geo.distance_m(g, t, e.pos) for e in visible))
            if best is None or score < best[0]:
                best = (score, t)
        if best is None or best[1] == me.pos:
            return None
        path = m.movement.path(me.uid, best[1], ai.sees_all)
        return Move(tuple(path), "run") if path else None

    grid = load_map(f"maps/{name}.tmx")
    m = new_match(grid, map_squads(grid, "default", 8), seed=7, fog=fog)
    ais = {t: make_controller("normal", 7, t) for t in ("blue", "red")}
    asked = 0
    for _ in range(6):
        for uid in m.start_round():
            ai = ais[m.view(uid).team]
            me = m.view(uid)
            visible = ai.seen_among(m, me, ai.facts(m).living(enemy_of=me.team))
            if visible:
                assert ai._withdraw(m, me, visible) == plain(ai, m, me, visible)
                asked += 1
            action, choices = ai.decide(m, uid)
            m.declare(uid, action, **choices)
        m.resolve_round()
        if m.over:
            break
    assert asked


@pytest.mark.parametrize(("name", "level", "fog"), [("crossroads", "normal", False), ("street", "hard", True),
                                                    ("wood", "easy", False)])
def test_advance_pick_is_every_candidate_weighed(new_match, name, level, fog):
    """`_pick` (candidates that cannot pass the best so far not looked at) takes the tile the
    plain weighing of every candidate takes, for every unit, with candidates among its
    reachable tiles and scores close together or far apart, in any order, melee or not."""
    from game.ai import make_controller
    from game.ai.tactical_base import COVER_RANK
    from game.maps import load_map
    from game.squads import map_squads
    from game.world import geometry as geo

    def plain(ai, m, cands, scores, close, facts):
        g = m.grid
        best = None
        for t in cands:
            s = scores[t]
            seen_by = [e for e in close if m.topology.line_of_sight(t, e.pos)]
            if seen_by:
                s += ai.w["cover"] * sum(COVER_RANK.get(geo.cover_between(g, e.pos, t), 0) for e in seen_by) / len(seen_by)
                if ai.w["sight"] and not facts.melee and any(geo.distance_m(g, t, e.pos) <= facts.long_m for e in seen_by):
                    s += ai.w["sight"]
            if best is None or s > best[0]:
                best = (s, t)
        return best[1]

    rng = random.Random(11)
    grid = load_map(f"maps/{name}.tmx")
    m = new_match(grid, map_squads(grid, "default", 8), seed=11, fog=fog)
    ais = {t: make_controller(level, 11, t) for t in ("blue", "red")}
    picked = 0
    for _ in range(4):
        for uid in m.start_round():
            ai = ais[m.view(uid).team]
            me = m.view(uid)
            enemies = ai.facts(m).living(enemy_of=me.team)
            tiles = list(m.movement.reachable(uid, "run"))
            if enemies and tiles:
                close = sorted(enemies, key=lambda e: geo.distance_m(grid, me.pos, e.pos))[:3]
                facts = m.rules.weapon_facts(me.combatant)
                for spread in (0.5, 3.0, 20.0):
                    cands = rng.sample(tiles, min(len(tiles), rng.randint(1, 25)))
                    scores = {t: -spread * rng.random() * 10 for t in cands}
                    if rng.random() < 0.5:
                        cands.sort(key=lambda t: -scores[t])
                    assert ai._pick(m, cands, scores, close, facts) == plain(ai, m, cands, scores, close, facts)
                    picked += 1
            action, choices = ai.decide(m, uid)
            m.declare(uid, action, **choices)
        m.resolve_round()
        if m.over:
            break
    assert picked
