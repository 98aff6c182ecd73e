"""The AI under the world's newer rules: reloading is the round's action (it goes on with a
reload it started), a jammed gun is cleared, a dropped weapon is picked up."""

from __future__ import annotations

from gridfactory import make_grid

from game.ai import make_controller
from game.flow import driver
from game.world.actions import Attack, Hold, PickUp, Reload
from game.world.components import Ammo

SOLDIER = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Rifles": 5, "Athletics": 3},
    "weapon": "ak_47", "magazines": 3,
}
SWORDSMAN = {"attributes": {"str": 3, "agi": 3, "dex": 4, "per": 3}, "skills": {"Melee": 5}, "weapon": "broad_sword"}
OPEN = ["." * 30 for _ in range(10)]


def unit(spec, name, x, y):
    return {**spec, "name": name, "x": x, "y": y}


def careful(level="normal", team="blue", seed=1):
    ai = make_controller(level, seed, team)
    ai.level = ai.level.__class__(**{**ai.level.__dict__, "mistake_rate": 0.0})
    return ai


def blue_round(m, ai):
    """Blue unit 0 declares what the AI decides (checked legal), the others hold; the round
    resolves. Returns blue's action."""
    got = None
    for uid in driver(m).start_round():
        if uid == 0:
            got = ai.decide(m, 0)
            assert not hasattr(m.check(0, got[0]), "reason"), m.check(0, got[0])
            assert not hasattr(m.declare(0, got[0], **got[1]), "reason")
        else:
            m.declare(uid, Hold())
    driver(m).resolve_round()
    return got[0]


def test_a_reload_in_progress_is_finished_in_sight_of_the_enemy(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(SOLDIER, "B", 2, 5)], "red": [unit(SOLDIER, "R", 25, 5)]})
    m.component(0, Ammo).loaded = 0
    ai = careful()
    assert isinstance(blue_round(m, ai), Reload)
    assert m.view(0).ammo.reload_left == 1
    assert isinstance(blue_round(m, ai), Reload)  # goes on, rather than dodging and losing it
    assert m.view(0).ammo.loaded == 30


def test_a_jammed_gun_is_cleared(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(SOLDIER, "B", 2, 5)], "red": [unit(SOLDIER, "R", 25, 5)]})
    m.write(0, Ammo, jammed=True)
    assert isinstance(blue_round(m, careful()), Reload)
    assert not m.view(0).ammo.jammed


def test_a_dropped_weapon_is_picked_up_and_used(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "B", 5, 5)], "red": [unit(SWORDSMAN, "R", 7, 5)]})
    m.combat.drop_weapon(0, "drops")
    ai = careful()
    assert isinstance(blue_round(m, ai), PickUp)
    assert m.rules.weapon_facts(m.view(0).combatant).name == "Broad sword"
    assert isinstance(blue_round(m, ai), Attack)
