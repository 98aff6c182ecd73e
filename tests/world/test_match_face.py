"""Match's public face (issue 29): no module but Match's own (game/world/match.py and its units'
store, game/world/unit_store.py) touches a private member of `Match` (tools/match_privates.py
counts them), and the components change through the match's write API, which forgets the
cached views that depend on them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, unit

from game.flow import driver
from game.world.components import Aiming, Ammo, Position, Posture

REPO = Path(__file__).resolve().parents[2]


def _counter():
    spec = importlib.util.spec_from_file_location("match_privates", REPO / "tools" / "match_privates.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_module_but_match_py_touches_a_private_member_of_match():
    by_file = _counter().count(REPO, ("game", "engine", "tools", "bench", "tests"))
    assert by_file == {}  # file -> the private members of Match it uses


def test_the_counter_finds_a_private_use(tmp_path):
    counter = _counter()
    privates = counter.match_privates(REPO)
    assert {"_entities", "_changed", "_views", "_winner"} <= privates
    planted = tmp_path / "planted.py"
    planted.write_text("def f(m):\n    m._changed(1)\n    return m._entities[1], m.view(1)\n\n"
                       "class Own:\n    def __init__(self):\n        self._views = {}\n\n"
                       "    def g(self):\n        return self._views\n", encoding="utf-8")
    found = counter.uses_in(planted, privates)
    assert dict(found) == {"_changed": 1, "_entities": 1}  # a class's own `self._views` is not Match's


def test_a_write_to_a_viewed_component_gives_a_new_view(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 2, 5)], "red": [unit(RIFLEMAN, "B", 20, 5)]})
    before, roster = m.view(0), m.roster()
    m.write(0, Position, x=3)
    assert m.view(0).pos == (3, 5) and before.pos == (2, 5)
    assert m.roster() is not roster and m.living_at((3, 5))[0].uid == 0
    m.write(0, Posture, stance="prone")
    assert m.view(0).stance == "prone"
    m.drop(0, Ammo)
    assert m.view(0).ammo is None and not m.has_component(0, Ammo)


def test_a_component_the_view_is_not_built_from_keeps_the_views(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 2, 5)], "red": [unit(RIFLEMAN, "B", 20, 5)]})
    view, roster = m.view(0), m.roster()
    m.put(0, Aiming(1, m.round))
    assert m.aiming(0) == (1, m.round) and m.try_component(0, Aiming) is not None
    assert m.view(0) is view and m.roster() is roster
    m.drop(0, Aiming)
    assert m.aiming(0) is None and m.view(0) is view


def test_the_round_bookkeeping_and_the_decision_are_public(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 2, 5)], "red": [unit(RIFLEMAN, "B", 20, 5)]})
    order = driver(m).start_round()
    assert m.turn.queue == order and set(m.turn.stance_at_start) == set(order)
    assert not m.over and m.has_unit(1) and not m.has_unit(7)
    m.decide("red", "time")
    assert m.over and m.winner == "red" and m.decided_by == ("time", ())


def test_the_units_with_components_are_esper_s_answer_in_uid_order(new_match):
    """`having` and `having_all` ask esper for the units with components: only those, in uid
    order, each with its live components, and only this match's."""
    squads = {"blue": [unit(RIFLEMAN, "A", 2, 5), unit(RIFLEMAN, "C", 3, 5)],
              "red": [unit(RIFLEMAN, "B", 20, 5), unit(RIFLEMAN, "D", 21, 5)]}
    other = new_match(make_grid(OPEN), squads)
    other.put(0, Aiming(1, 0))
    m = new_match(make_grid(OPEN), squads)
    assert m.having(Aiming) == []
    m.put(3, Aiming(0, 1))
    m.put(1, Aiming(2, 1))
    assert [(uid, a.target_uid) for uid, a in m.having(Aiming)] == [(1, 2), (3, 0)]
    found = m.having_all(Position, Aiming)
    assert [uid for uid, _ in found] == [1, 3]
    assert found[0][1][0] is m.component(1, Position) and found[1][1][1] is m.component(3, Aiming)
    assert [uid for uid, _ in m.having(Position)] == [0, 1, 2, 3]
