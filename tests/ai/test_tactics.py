"""The behaviour issue 6 asks of the AI, one situation each, on small grids (level normal, no
mistakes): cover that still sees the enemy, the target it can hurt most, automatic fire at
groups, grenades at clusters, defences when threatened, reloading before it runs dry, and
saving itself when badly hurt and outnumbered."""

from __future__ import annotations

import pytest
from gridfactory import make_grid

from engine.yags.health import Condition
from game.ai import make_controller
from game.ai.tactical import blast_harm
from game.flow import driver
from game.world import geometry as geo
from game.world.actions import AreaFire, Attack, FullDodge, Hold, Move, Reload, Throw

SOLDIER = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Rifles": 5, "Guns": 5, "Athletics": 3, "Throw": 4, "Awareness": 3},
    "weapon": "ak_47", "armour": ["kevlar_vest"], "magazines": 3,
}


def unit(name: str, x: int, y: int, **extra) -> dict:
    return {**SOLDIER, "name": name, "x": x, "y": y, **extra}


def careful(level: str = "normal", team: str = "blue", seed: int = 1):
    """A controller of `level` that makes no random mistakes."""
    ai = make_controller(level, seed, team)
    ai.level = ai.level.__class__(**{**ai.level.__dict__, "mistake_rate": 0.0})
    return ai


def first_blue_decision(m, ai):
    """Start a round; red units hold; returns blue unit 0's (action, choices)."""
    got = None
    for uid in driver(m).start_round():
        if uid == 0:
            got = ai.decide(m, uid)
            assert not hasattr(m.check(uid, got[0]), "reason"), m.check(uid, got[0])
            m.declare(uid, got[0], **got[1])
        else:
            m.declare(uid, Hold())
    return got


def end_tile(m, uid, action) -> tuple[int, int]:
    path = getattr(action, "path", ()) or ()
    return tuple(path[-1]) if path else m.view(uid).pos


def test_moves_to_cover_that_still_sees_the_enemy(new_match):
    # Open ground at 1 m a tile; a crate stack (hard50, walkable) two tiles from the rifleman.
    rows = ["." * 40 for _ in range(9)]
    rows[4] = "..." + "h" + "." * 36
    g = make_grid(rows)
    m = new_match(g, {"blue": [unit("B", 1, 4)], "red": [unit("R", 30, 4)]}, seed=2)
    action, _ = first_blue_decision(m, careful())
    tile = end_tile(m, 0, action)
    enemy = m.view(1).pos
    assert geo.cover_between(g, enemy, (1, 4)) is None  # it starts in the open
    assert geo.cover_between(g, enemy, tile) in ("hard50", "hard90"), (action, tile)
    assert geo.line_of_sight(g, tile, enemy)


def test_shoots_the_target_it_can_hurt_most(new_match):
    # Two enemies at the same range; the first (lower uid, nearer in the AI's list) kneels
    # behind a low wall (hard90), the second stands in the open.
    rows = ["." * 30 for _ in range(12)]
    rows[3] = "." * 19 + "H" + "." * 10
    g = make_grid(rows)
    squads = {"blue": [unit("B", 2, 6)], "red": [unit("Walled", 20, 3), unit("Open", 20, 9)]}
    m = new_match(g, squads, seed=3)
    assert geo.cover_between(g, (2, 6), (20, 3)) == "hard90"
    assert geo.cover_between(g, (2, 6), (20, 9)) is None
    action, _ = first_blue_decision(m, careful())
    assert isinstance(action, Attack) and action.target == 2, action


def test_automatic_fire_at_a_group(new_match):
    g = make_grid(["." * 40 for _ in range(12)])
    gunner = unit("Gunner", 2, 6, weapon="rpk")
    group = [unit(f"R{i}", 24, 5 + i) for i in range(3)]
    m = new_match(g, {"blue": [gunner], "red": group}, seed=4)
    action, _ = first_blue_decision(m, careful())
    assert isinstance(action, AreaFire) or (isinstance(action, Attack) and action.mode in ("burst", "area")), action


def test_single_shots_at_a_lone_target_at_long_range(new_match):
    # 2 m a tile: the lone enemy stands 60 m away, where few of a burst's bullets still
    # count (Bursts: effective burst size falls with range): a single shot does more harm.
    g = make_grid(["." * 40 for _ in range(3)], metres_per_tile=2.0)
    m = new_match(g, {"blue": [unit("Gunner", 2, 1, weapon="rpk")], "red": [unit("Far", 32, 1)]}, seed=5)
    ai = careful()
    action, _ = first_blue_decision(m, ai)
    shot = m.preview(0, 1, "shot")
    burst = m.preview(0, 1, "burst")
    from game.ai.tactical import expected_harm
    assert expected_harm(m, shot) > expected_harm(m, burst)
    assert isinstance(action, Attack) and action.mode == "shot", action


def test_throws_a_grenade_at_a_cluster_clear_of_friends(new_match):
    # Concussion grenades (Ex-3: wounds to 3 m, mixed to 6, stuns to 9, then a fifth): the
    # huddle is 20 m off, where the blast no longer reaches the thrower.
    g = make_grid(["." * 30 for _ in range(12)], metres_per_tile=2.0)
    thrower = unit("Thrower", 2, 6, grenades=["concussion_grenade"] * 2)
    huddle = [unit(f"R{i}", 12 + i % 2, 5 + i // 2) for i in range(4)]
    m = new_match(g, {"blue": [thrower], "red": huddle}, seed=6)
    action, _ = first_blue_decision(m, careful())
    assert isinstance(action, Throw), action
    hurt = [r for r in m.units("red") if blast_harm(m, action.weapon, action.tile, r) >= 1.0]
    assert len(hurt) >= 2
    assert blast_harm(m, action.weapon, action.tile, m.view(0)) == 0.0


def test_no_grenade_where_a_friend_would_be_hurt(new_match):
    # The same huddle, a friend 10 m from it: the concussion would stun him too.
    g = make_grid(["." * 30 for _ in range(12)], metres_per_tile=2.0)
    squads = {"blue": [unit("Thrower", 2, 6, grenades=["concussion_grenade"] * 2), unit("Friend", 8, 6)],
              "red": [unit(f"R{i}", 12 + i % 2, 5 + i // 2) for i in range(4)]}
    m = new_match(g, squads, seed=6)
    action, _ = first_blue_decision(m, careful())
    assert not isinstance(action, Throw), action


def test_declares_a_defence_when_an_enemy_sees_it(new_match):
    g = make_grid(["." * 30 for _ in range(6)])
    m = new_match(g, {"blue": [unit("B", 2, 2)], "red": [unit("R", 25, 2)]}, seed=7)
    _, choices = first_blue_decision(m, careful())
    assert choices.get("defences", 0) >= 1


def test_reloads_before_running_dry_when_nobody_is_in_sight(new_match):
    import esper

    from game.world.components import Ammo

    rows = ["." * 30 for _ in range(5)]
    rows = [r[:14] + "#" + r[15:] for r in rows]  # a wall between them
    g = make_grid(rows)
    m = new_match(g, {"blue": [unit("B", 2, 2)], "red": [unit("R", 27, 2)]}, seed=8)
    esper.switch_world(m.world)
    m.component(0, Ammo).loaded = 4  # of 30: below the 20% mark
    action, _ = first_blue_decision(m, careful())
    assert isinstance(action, Reload), action


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_badly_hurt_and_outnumbered_it_saves_itself(new_match, seed):
    g = make_grid(["." * 30 for _ in range(12)])
    squads = {"blue": [unit("Hurt", 10, 6)], "red": [unit("R1", 22, 5), unit("R2", 22, 7)]}
    m = new_match(g, squads, seed=seed)
    m.health.set_state(0, Condition(wounds=4))
    action, _ = first_blue_decision(m, careful())
    assert isinstance(action, FullDodge | Move), action
    if isinstance(action, Move):
        tile = end_tile(m, 0, action)
        reds = [r.pos for r in m.units("red")]
        assert min(geo.distance_m(g, tile, p) for p in reds) > min(geo.distance_m(g, (10, 6), p) for p in reds)


def test_badly_hurt_but_winning_it_fights_on(new_match):
    g = make_grid(["." * 30 for _ in range(12)])
    squads = {"blue": [unit("Hurt", 10, 6), unit("Mate", 10, 8), unit("Mate2", 9, 4)],
              "red": [unit("R1", 22, 5)]}
    m = new_match(g, squads, seed=1)
    m.health.set_state(0, Condition(wounds=4))
    action, _ = first_blue_decision(m, careful())
    assert isinstance(action, Attack), action


def test_an_attack_is_weighed_with_its_share_of_a_reload(new_match):
    """Reloading (Reload times): a Thompson's magazine holds 20 and takes 2 rounds to change,
    so a 10-round burst costs a round of reloading and a single shot a tenth of one; at the
    level's `reload_time` weight an attack's harm is divided by 1 + weight x that share; a
    weight of 0 (easy) leaves it whole."""
    from game.ai.tactical import _ammo_time

    g = make_grid(["." * 12] * 3)
    m = new_match(g, {"blue": [unit("B", 1, 1, weapon="thompson_smg")], "red": [unit("R", 10, 1)]})
    me = m.view(0)
    facts = m.rules.weapon_facts(me.combatant)
    assert (facts.capacity, facts.reload_rounds, m.rules.ammo_use(me.combatant, "burst", {})) == (20, 2, 10)
    assert _ammo_time(m, me, facts, "burst", 1.0) == pytest.approx(1 / 2)
    assert _ammo_time(m, me, facts, "shot", 1.0) == pytest.approx(1 / 1.1)
    assert _ammo_time(m, me, facts, "burst", 0.5) == pytest.approx(1 / 1.5)
    assert _ammo_time(m, me, facts, "burst", 0.0) == 1.0
