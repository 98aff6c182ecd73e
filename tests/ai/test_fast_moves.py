"""The AI's moves' fast paths give what the plain ways give (issue 20, speed5b: a step to
cover, a withdrawal, an advance's candidates, the random level's moves): the plain ways are
written out here, as they were before each speed-up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.flow import driver


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
        for uid in driver(m).start_round():
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
        driver(m).resolve_round()
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
        for uid in driver(m).start_round():
            fast, plain = ais[m.view(uid).team]
            assert fast._options(m, uid) == plain._options(m, uid)
            got = fast.decide(m, uid)
            assert got == plain.decide(m, uid)
            assert fast.rng.getstate() == plain.rng.getstate()
            m.declare(uid, got[0], **got[1])
            moved += type(got[0]).__name__ == "Move"
        driver(m).resolve_round()
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
        for uid in driver(m).start_round():
            ai = ais[m.view(uid).team]
            me = m.view(uid)
            visible = ai.seen_among(m, me, ai.facts(m).living(enemy_of=me.team))
            if visible:
                assert ai._withdraw(m, me, visible) == plain(ai, m, me, visible)
                asked += 1
            action, choices = ai.decide(m, uid)
            m.declare(uid, action, **choices)
        driver(m).resolve_round()
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
        for uid in driver(m).start_round():
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
        driver(m).resolve_round()
        if m.over:
            break
    assert picked
