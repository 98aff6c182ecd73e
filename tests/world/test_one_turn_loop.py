"""One turn loop (issue 29): a refused declaration holds, and that rule lives in one place
(`Match.declare_or_hold`), which the round's steps, the turn driver and the session share."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, unit

from engine.outcome import Done
from game.flow import Flow, driver
from game.session import SessionConfig
from game.ui.app import new_session
from game.world.actions import Attack, Hold, Reload


def _match(new_match):
    return new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 2, 5)], "red": [unit(RIFLEMAN, "B", 20, 5)]})


def test_a_refused_declaration_holds(new_match):
    m = _match(new_match)
    uid = driver(m).start_round()[0]
    choices = {"defences": 1}
    action, kept, out = m.declare_or_hold(uid, Attack(7, "shot"), **choices)  # no unit 7
    assert isinstance(out, Done) and action == Hold() and kept == {}
    assert m.declared(uid) is not None and m.declared(uid).action == Hold()


def test_an_allowed_declaration_stands_with_its_choices(new_match):
    m = _match(new_match)
    uid = driver(m).start_round()[0]
    other = 1 - uid
    choices = {"defences": 1}
    action, kept, out = m.declare_or_hold(uid, Attack(other, "shot"), **choices)
    assert isinstance(out, Done) and action == Attack(other, "shot") and kept == {"defences": 1}
    assert choices == {"defences": 1}  # the caller's dict is not the one the declaration fills in
    assert m.declared(uid).action == Attack(other, "shot")


def test_the_turn_driver_tells_what_was_declared_after_a_refusal(new_match):
    m = _match(new_match)
    heard = []
    flow = Flow(m, on_declared=lambda uid, action, choices: heard.append((uid, action, choices)))
    uid = flow.start_round()[0]
    action, kept, out = flow.declare(uid, Reload(), {"defences": 0})  # a full magazine: nothing to reload
    assert heard == [(uid, Hold(), {})] and action == Hold() and isinstance(out, Done)


def test_the_session_declares_for_the_ai_through_the_turn_driver(monkeypatch):
    s = new_session(SessionConfig("maps/crossroads.tmx", "solo", "normal", 1))
    try:
        asked = []
        real = s.flow.declare
        monkeypatch.setattr(s.flow, "declare", lambda uid, action, choices: asked.append(uid) or real(uid, action, choices))
        s.end_declarations()
        calls = s.history[-1].calls
        assert asked and {uid for uid, *_ in calls if uid in asked} == set(asked)
    finally:
        s.match.close()
