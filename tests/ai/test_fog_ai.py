"""The AI under fog of war (issue 17): it decides from what its side sees and remembers."""

from gridfactory import make_grid
from worldplay import FOG_RIFLEMAN as RIFLEMAN
from worldplay import ROOMS

from game.ai import make_controller
from game.flow import driver
from game.world.actions import Hold, Move, Overwatch


def unit(name, x, y):
    return {**RIFLEMAN, "name": name, "x": x, "y": y}


def decision(new_match, red_at, fog=True, sees_all=False):
    m = new_match(make_grid(ROOMS), {"blue": [unit("A", 3, 2)], "red": [unit("B", *red_at)]}, fog=fog)
    ai = make_controller("normal", 1, "blue", sees_all=sees_all)
    driver(m).start_round()
    a = m.units("blue")[0].uid
    return ai.decide(m, a)


def test_an_unseen_enemy_moved_elsewhere_changes_nothing(new_match):
    """Two unseen enemies in different places: the same decision (nothing leaks)."""
    one = decision(new_match, (18, 2))
    two = decision(new_match, (12, 9))
    assert one == two


def test_seeing_all_keeps_the_old_behaviour(new_match):
    """--ai-sees-all: the same decision as with fog off."""
    for where in ((18, 2), (12, 9)):
        assert decision(new_match, where, sees_all=True) == decision(new_match, where, fog=False)


def test_an_enemy_last_seen_nearby_is_watched_for(new_match):
    """It knows an enemy is near but not where: an overwatch toward where it was seen."""
    m = new_match(make_grid(ROOMS), {"blue": [unit("A", 3, 5)], "red": [unit("B", 18, 5)]}, fog=True)
    a, b = m.units("blue")[0].uid, m.units("red")[0].uid
    for uid in driver(m).start_round():
        m.declare(uid, Move(((18, 5), (18, 4), (18, 3))) if uid == b else Hold())
    driver(m).resolve_round()
    assert not m.sees("blue", b) and m.vision.last_seen["blue"][b][0] == (18, 5)
    driver(m).start_round()
    action, _ = make_controller("normal", 1, "blue").decide(m, a)
    assert action == Overwatch((18, 5))
