"""A declaration's text looks up only the names it shows (`declaration._Names`): the same text
as with every unit's name at hand (issue 20: 128 units declaring looked up 128 names each)."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, SWORDSMAN, unit

from game.world.actions import Aim, AreaFire, Attack, FirstAid, Hold, Move, describe
from game.world.declaration import _Names


def test_names_looked_up_when_asked_give_the_same_texts(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "Able", 2, 2), unit(SWORDSMAN, "Baker", 3, 3)],
                                    "red": [unit(RIFLEMAN, "Charlie", 9, 2)]})
    every = {u: m.name(u) for u in m.uids()}
    names = _Names(m)
    assert dict(names) == every and len(names) == len(every)
    for action in (Attack(2, "shot"), Attack(99, "shot"), Aim(2), AreaFire((9, 2)), FirstAid(1, True),
                   Move(((3, 2),), "free"), Hold()):
        assert describe(action, names) == describe(action, every)
    assert "Charlie" in describe(Attack(2, "shot"), names)
