"""What a player expects of the AI, on small grids; and legal declarations over whole matches."""

import pytest
from gridfactory import make_grid

from game.ai import make_controller
from game.ai.tactical import blast_harm, grenade_safe
from game.flow import driver
from game.maps import load_map
from game.sim import MatchSpec, spec_squads
from game.world import geometry as geo
from game.world.actions import Attack, Hold, Move, Reload, Throw
from game.world.match import Match

RIFLEMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Throw": 3, "Melee": 2},
    "weapon": "ak_47", "armour": ["kevlar_vest"], "magazines": 2,
}
SWORDSMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Melee": 5, "Athletics": 3}, "weapon": "broad_sword",
}
OPEN = ["." * 40 for _ in range(16)]


def unit(spec, name, x, y, **extra):
    return {**spec, "name": name, "x": x, "y": y, **extra}


def decide_first(m, level="normal"):
    """Start a round; every unit decides in order; returns {uid: (action, choices)}."""
    out = {}
    ais = {t: make_controller(level, 3, t) for t in ("blue", "red")}
    for uid in driver(m).start_round():
        action, choices = ais[m.view(uid).team].decide(m, uid)
        assert not hasattr(m.check(uid, action), "reason")
        assert not hasattr(m.declare(uid, action, **choices), "reason")
        out[uid] = (action, choices)
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_never_throws_where_a_friend_is_within_twice_the_radius(new_match, level):
    g = make_grid(OPEN, metres_per_tile=2.0)
    frag = {**RIFLEMAN, "grenades": ["frag_grenade"] * 3}
    # Red huddle at x 12-13; blue's friend stands 6 tiles (12 m) from them: inside 2 x 20 m.
    squads = {"blue": [unit(frag, "Thrower", 4, 8), unit(RIFLEMAN, "Friend", 10, 8)],
              "red": [unit(RIFLEMAN, f"R{i}", 13 + i % 2, 6 + i) for i in range(4)]}
    for seed in range(6):
        m = new_match(g, squads, seed=seed)
        ai = make_controller(level, seed, "blue")
        ai.level = ai.level.__class__(**{**ai.level.__dict__, "mistake_rate": 0.0})
        for uid in driver(m).start_round():
            if m.view(uid).team == "blue":
                action, _ = ai.decide(m, uid)
                if isinstance(action, Throw):
                    radius = m.rules.blast_radius_m(action.weapon)
                    for f in m.units("blue", living=True):
                        assert geo.distance_m(g, f.pos, action.tile) > 2 * radius
            m.declare(uid, Hold())


def test_grenade_safe_rule(new_match):
    """Safe: no friend takes harm from the blast (the exact preview), allowing for a scatter."""
    g = make_grid(["." * 60, "." * 60, "." * 60])
    walled = make_grid(["." * 60, "." * 12 + "#" + "." * 47, "." * 60])
    squads = {"blue": [unit(RIFLEMAN, "F", 5, 1)], "red": [unit(RIFLEMAN, "R", 59, 1)]}
    m = new_match(g, squads)
    f = m.view(0)
    assert not grenade_safe(m, "concussion_grenade", (15, 1), [f])  # 10 m: stunned
    assert grenade_safe(m, "concussion_grenade", (35, 1), [f])  # 30 m: out of reach
    assert grenade_safe(m, "concussion_grenade", (28, 1), [f])  # 23 m
    assert not grenade_safe(m, "concussion_grenade", (28, 1), [f], scatter_m=12)  # a scatter to 11 m
    assert not grenade_safe(m, "frag_grenade", (35, 1), [f])  # fragmentation: Ex-20
    w = new_match(walled, squads)
    assert blast_harm(w, "concussion_grenade", (15, 1), w.view(0)) < blast_harm(m, "concussion_grenade", (15, 1), f)


def test_reloads_when_empty(new_match):
    g = make_grid(OPEN)
    squads = {"blue": [unit(RIFLEMAN, "Empty", 2, 2)], "red": [unit(RIFLEMAN, "Far", 35, 12)]}
    m = new_match(g, squads, seed=4)
    import esper

    from game.world.components import Ammo
    esper.switch_world(m.world)
    m.component(0, Ammo).loaded = 0
    for level in ("easy", "normal", "hard"):
        m2 = m
        ai = make_controller(level, 1, "blue")
        ai.level = ai.level.__class__(**{**ai.level.__dict__, "mistake_rate": 0.0})
        driver(m2).start_round() if m2.phase != "declare" else None
        action, _ = ai.decide(m2, 0)
        assert isinstance(action, Reload), (level, action)


def test_melee_unit_closes_in(new_match):
    g = make_grid(OPEN)
    squads = {"blue": [unit(SWORDSMAN, "Sword", 2, 8)], "red": [unit(RIFLEMAN, "Gun", 30, 8)]}
    m = new_match(g, squads, seed=2)
    ai = make_controller("hard", 1, "blue")
    start = geo.distance_m(g, m.view(0).pos, m.view(1).pos)
    for _ in range(3):
        for uid in driver(m).start_round():
            if uid == 0:
                action, choices = ai.decide(m, 0)
                assert isinstance(action, Move | Attack)
                if isinstance(action, Attack):
                    assert action.mode == "melee"
                m.declare(0, action, **choices)
            else:
                m.declare(uid, Hold())
        driver(m).resolve_round()
        if m.over:
            break
    assert geo.distance_m(g, m.view(0).pos, m.view(1).pos) < start - 10


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_always_declares_the_free_first_defence(new_match, level):
    """Defence: the first declared defence carries no penalty (-10 per defence after it), and
    a declared defence is what lets a unit dodge a grenade from out of sight (Taking Cover):
    the AI declares it even when no enemy sees it. (Easy's mistakes are random declarations.)"""
    from engine.yags import defence_penalty

    assert defence_penalty(1) == 0 and defence_penalty(2) == -10
    g = make_grid(["." * 20, "." * 9 + "#" * 2 + "." * 9, "." * 20])
    squads = {"blue": [unit(RIFLEMAN, "B", 1, 1)], "red": [unit(RIFLEMAN, "R", 18, 1)]}
    m = new_match(g, squads, seed=1)
    for _, choices in decide_first(m, level).values():
        assert choices.get("defences") == 1


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_decision_is_legal_over_a_whole_match(level):
    grid = load_map("maps/street.tmx")
    spec = MatchSpec("maps/street.tmx", 5, level, "normal", size=4)
    m = Match(grid, spec_squads(grid, spec), seed=5)
    try:
        ais = {"blue": make_controller(level, 5, "blue"), "red": make_controller("normal", 5, "red")}
        while not m.over and m.round < 15:
            for uid in driver(m).start_round():
                action, choices = ais[m.view(uid).team].decide(m, uid)
                assert not hasattr(m.check(uid, action), "reason"), (level, action, m.check(uid, action))
                r = m.declare(uid, action, **choices)
                if hasattr(r, "reason"):
                    # only the fumbled-initiative rule (not visible to check) may refuse
                    assert "fumbled initiative" in r.reason, r.reason
                    m.declare(uid, Hold())
            driver(m).resolve_round()
    finally:
        m.close()
