"""The AI's fast paths give what the plain ways of working the same thing out give (issue 20:
speed-ups that must not change a decision)."""

from __future__ import annotations

import random

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
    got = _crowding(w, h, near, tiles, apart)
    assert got == list(_crowding_by_counting(near, tiles, apart).values())
    assert all(type(v) is int for v in got)


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
