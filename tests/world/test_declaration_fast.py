"""Declarations asked faster (issue 20: 128 units declaring): `Match.all_declared` is
`declared` for every unit at once, and `declaring` finds the same next unit with it; a
declaration in the stance a unit has keeps its view."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, SWORDSMAN, declare_all, unit

from game.flow import driver
from game.world.actions import Hold, Move


def test_all_declared_is_declared_unit_by_unit(new_match):
    """Before, during and after the declarations, with a second match's world in between."""
    def one_by_one(m):
        return {u: m.declared(u) for u in m.uids() if m.declared(u) is not None}

    squads = {"blue": [unit(RIFLEMAN, "Able", 2, 2), unit(SWORDSMAN, "Baker", 3, 3)],
              "red": [unit(RIFLEMAN, "Charlie", 9, 2), unit(RIFLEMAN, "Dog", 9, 5)]}
    m = new_match(make_grid(OPEN), squads)
    other = new_match(make_grid(OPEN), squads, seed=2)
    assert m.all_declared() == one_by_one(m) == {}
    order = list(driver(m).start_round())
    for k, uid in enumerate(order):
        m.declare(uid, Move(((m.view(uid).pos[0] + 1, m.view(uid).pos[1]),), "free") if k % 2 else Hold())
        declare_all(other, {})
        got = m.all_declared()
        assert got == one_by_one(m) and len(got) == k + 1
        waiting = [u for u in m.turn.queue if m.declared(u) is None and not m.view(u).out]
        assert m.declaring() == (waiting[0] if waiting else None)  # the next to declare, as asked one by one


def test_a_declaration_in_the_same_stance_keeps_the_view(new_match):
    """Declaring in the stance a unit has changes nothing of it: its view (and the roster)
    stand; a new stance makes a new view with it, as before."""
    from game.world.actions import Hold

    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "Able", 2, 2), unit(RIFLEMAN, "Baker", 3, 5)],
                                    "red": [unit(RIFLEMAN, "Charlie", 9, 2)]})
    order = list(driver(m).start_round())
    views = {u: m.view(u) for u in m.uids()}
    first, second = order[0], order[1]
    assert m.declare(first, Hold(), stance="normal") and m.view(first) is views[first]
    assert m.view(first).stance == "normal"
    m.declare(second, Hold(), stance="crouched")
    assert m.view(second) is not views[second] and m.view(second).stance == "crouched"
    assert m.units() == [m.view(u) for u in m.uids()]
