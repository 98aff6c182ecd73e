"""Issue 27, a hang in play: under Mythras, Enter on the first turn (end declarations) spun
for ever in `Session.advance` (a unit asked for its Turn's action was declared for instead,
which answered nothing). Every ruleset on every shipped map, fog on and off, ends its
declarations and moves on; and a loop that waits on the world cannot spin: a step that
changes nothing is `Stuck`, an error with a message (the window shows it and the unit holds)."""

import signal
from pathlib import Path

import esper
import pytest

from engine.rulesets import NAMES
from engine.turn import Question
from game.flow import Flow, Stuck
from game.session import SessionConfig
from game.ui.app import new_session

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.tmx")) + sorted((ROOT / "maps" / "tutorial").glob("*.tmx"))


@pytest.fixture(autouse=True)
def _alarm():
    """A hang fails the test in seconds instead of stalling the suite."""
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError("hung")))
    signal.alarm(60)
    yield
    signal.alarm(0)
    esper.switch_world("default")


@pytest.mark.parametrize("fog", [False, True], ids=["fog-off", "fog-on"])
@pytest.mark.parametrize("ruleset", NAMES)
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_ending_the_declarations_moves_the_round_on(path, ruleset, fog):
    s = new_session(SessionConfig(str(path.relative_to(ROOT)), "solo", "normal", 11, ruleset=ruleset, fog=fog))
    try:
        for _ in range(2):  # two rounds: the first, and one after a playback
            if s.match.over:
                break
            rnd = s.match.round
            s.end_declarations()
            while s.question is not None and s.question.kind not in ("act", "declare"):
                s.answer(s.question.options[0].key if s.question.kind == "reaction" else ())
            assert s.needs_round or s.match.over, f"round {rnd} did not end: {s.question}"
            assert s.current() is None
            if not s.match.over:
                s.begin_round()
    finally:
        s.match.close()


def test_enter_under_mythras_holds_the_players_units_keeping_their_action_points():
    """Settled in issue 27: the player's remaining units hold for the rest of the round and
    keep their Action Points for reactions; the end-turn dialog lists what each keeps."""
    s = new_session(SessionConfig("maps/street.tmx", "solo", "normal", 11, ruleset="mythras"))
    try:
        assert s.question is not None and s.question.kind == "act"
        left = s.turns_left()
        assert left and all(ap > 0 for _, ap in left)
        mine = {uid for uid, _ in left}
        s.end_declarations()
        held = [s.history[-1].answers[i] for i in range(len(s.history[-1].answers))
                if s.history[-1].answers[i][1] == "act"]
        assert held and {uid for uid, _, _ in held} <= mine
        assert all(type(ans[0]).__name__ == "Hold" for _, _, ans in held)
    finally:
        s.match.close()


def test_a_declaration_step_that_changes_nothing_is_stuck_not_retried(monkeypatch):
    s = new_session(SessionConfig("maps/crossroads.tmx", "solo", "normal", 1))
    try:
        from engine.outcome import Done

        # accepted, yet nothing declared nor recorded (the player's path and the turn driver's)
        monkeypatch.setattr(s, "_declare", lambda *a, **k: Done())
        monkeypatch.setattr(s.flow, "declare", lambda uid, action, choices: (action, dict(choices), Done()))
        monkeypatch.setattr(s, "_record", lambda *a, **k: None)
        with pytest.raises(Stuck, match="changed nothing") as err:
            s.end_declarations()
        assert err.value.uid is not None
    finally:
        s.match.close()


def test_a_round_that_asks_without_end_is_stuck():
    """Flow's driver bounds the questions of a round: a ruleset's round that asks the same
    question for ever ends in `Stuck`, not a spinning core."""
    s = new_session(SessionConfig("maps/crossroads.tmx", "watch", "normal", 1))
    m = s.match
    try:
        uid = m.uids()[0]

        class Forever:
            def choose(self, match, question):
                return "none"

        flow = Flow(m, {"blue": Forever(), "red": Forever()})

        def asking():
            while True:
                yield Question(uid, "reaction")

        flow._work = asking()
        with pytest.raises(Stuck, match="stuck"):
            flow._drive(None, first=True)
    finally:
        m.close()


def test_the_window_shows_a_stuck_round_and_the_unit_holds(app, monkeypatch):
    cfg = SessionConfig("maps/crossroads.tmx", "solo", "normal", 1)
    s = new_session(cfg)
    screen = app.battle(cfg, s)
    calls = []
    real = s.advance

    def stuck_once():
        if not calls:
            calls.append(1)
            raise Stuck(s.current(), "round 1 is stuck: test")
        real()

    monkeypatch.setattr(s, "advance", stuck_once)
    first = s.current()
    screen._guarded(s.end_declarations)
    assert "stuck" in screen.message and "holds" in screen.message
    assert calls == [1]
    assert any(uid == first and type(a).__name__ == "Hold" for uid, a, _, _ in s.history[-1].calls)
