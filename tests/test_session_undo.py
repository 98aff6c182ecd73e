"""Issue 18, orders: a player takes back their own last declaration until someone of the
other side has declared after it (so no one declares again after seeing the reaction); the
AI waits a moment after a player's declaration so a misclick can be taken back."""

from pathlib import Path

import esper
import pytest

from engine.outcome import Done, Impossible
from game.saves import load_game, save_game
from game.session import SessionConfig
from game.ui.app import new_session
from game.undo import take_back, undo_problem
from game.world.actions import Hold

ROOT = Path(__file__).resolve().parents[1]
CROSSROADS = str(ROOT / "maps" / "crossroads.tmx")


@pytest.fixture
def sessions():
    made = []

    def make(mode="hotseat", seed=1):  # hot-seat hands over behind a screen with fog of war only
        s = new_session(SessionConfig(CROSSROADS, mode, "normal", seed, fog=mode == "hotseat"))
        made.append(s)
        return s

    yield make
    for s in made:
        s.match.close()
    esper.switch_world("default")


def hold_until(s, want):
    """Hold with whoever declares (taking the seat as asked) until `want(s)` is true."""
    for _ in range(40):
        if want(s):
            return
        if s.handover:
            s.take_seat()
            continue
        cur = s.current()
        assert cur is not None, "the round ended before the wanted point"
        assert isinstance(s.declare(cur, Hold()), Done)
    raise AssertionError("never reached")


def two_in_a_row(s) -> bool:
    """The unit to declare now and the next one are of the same side (the side seated)."""
    cur = s.current()
    if cur is None or s.handover:
        return False
    i = s.queue.index(cur)
    return i + 1 < len(s.queue) and s.team_of(s.queue[i + 1]) == s.team_of(cur)


def test_undo_takes_back_the_last_declaration_and_the_unit_declares_again(sessions):
    s = sessions()
    hold_until(s, two_in_a_row)
    a = s.current()
    b = s.queue[s.queue.index(a) + 1]
    assert isinstance(s.declare(a, Hold(), stance="crouched"), Done)
    assert isinstance(s.declare(b, Hold()), Done)
    lines = len(s.match.log)
    assert undo_problem(s) is None
    assert isinstance(take_back(s), Done)
    assert s.match.declared(b) is None and s.current() == b
    assert s.match.declared(a) is not None
    assert len(s.match.log) == lines - 1  # b's declaration event is gone, nothing else
    # and once more: a's declaration too (no one of the other side declared after it)
    assert isinstance(take_back(s), Done)
    assert s.match.declared(a) is None and s.current() == a
    assert s.match.view(a).stance == "normal"  # the crouch declared with it is taken back too


def test_an_undone_round_plays_out_exactly_as_if_the_undone_order_was_never_given(sessions):
    s, t = sessions(seed=4), sessions(seed=4)
    hold_until(s, two_in_a_row)
    hold_until(t, two_in_a_row)
    a = s.current()
    b = s.queue[s.queue.index(a) + 1]
    s.declare(a, Hold(), stance="prone")
    take_back(s)
    s.declare(a, Hold(), stance="crouched")
    s.declare(b, Hold())
    t.declare(a, Hold(), stance="crouched")
    t.declare(b, Hold())
    for x in (s, t):
        hold_until(x, lambda y: y.needs_round)
    assert s.match.log.lines() == t.match.log.lines()


def test_no_undo_once_the_other_side_has_declared_after_it(sessions):
    s = sessions()
    # declare until a unit of the other side has declared after one of the seated side's
    hold_until(s, lambda x: x.history[-1].calls and not x.handover and x.current() is not None
               and x.team_of(x.history[-1].calls[-1][0]) != x.team_of(x.current()))
    other = s.history[-1].calls[-1][0]
    problem = undo_problem(s)
    assert problem is not None and s.match.name(other) in problem and "other side" in problem
    lines = s.match.log.lines()
    out = take_back(s)
    assert isinstance(out, Impossible) and s.match.log.lines() == lines


def test_the_other_player_can_take_back_before_taking_the_seat_but_not_after(sessions):
    """Hot-seat: the seat passes only when the hand-over is acknowledged; until then the
    player who declared may still take it back."""
    s = sessions()
    hold_until(s, lambda x: x.current() is not None and not x.handover and x.queue.index(x.current()) + 1 < len(x.queue)
               and x.team_of(x.queue[x.queue.index(x.current()) + 1]) != x.team_of(x.current()))
    me = s.current()
    s.declare(me, Hold())
    assert s.handover  # the other side is next
    assert undo_problem(s) is None
    take_back(s)
    assert s.current() == me and not s.handover
    s.declare(me, Hold())
    s.take_seat()
    assert undo_problem(s) is not None  # the other player sits now: not theirs to take back


def test_solo_the_ai_waits_after_a_declaration_when_asked_to_and_undo_works_then(sessions):
    s = sessions(mode="solo", seed=2)
    s.ai_grace = True
    # find the player's unit declaring right before an AI unit
    for _ in range(20):
        cur = s.current()
        nxt = s.queue[s.queue.index(cur) + 1] if s.queue.index(cur) + 1 < len(s.queue) else None
        if nxt is not None and s.team_of(nxt) != "blue":
            break
        s.declare(cur, Hold())
        s.release_ai()
    me = s.current()
    assert isinstance(s.declare(me, Hold(), stance="crouched"), Done)
    assert s.ai_waiting and s.match.declared(nxt) is None  # the AI has not answered yet
    assert isinstance(take_back(s), Done) and s.current() == me and not s.ai_waiting
    s.declare(me, Hold())
    s.release_ai()
    assert s.match.declared(nxt) is not None
    assert isinstance(take_back(s), Impossible)


def test_a_game_saved_after_an_undo_loads(sessions, tmp_path):
    s = sessions()
    hold_until(s, two_in_a_row)
    a = s.current()
    s.declare(a, Hold(), stance="prone")
    take_back(s)
    s.declare(a, Hold())
    path = save_game(s, tmp_path / "after-undo.json")
    again = load_game(path)
    try:
        assert again.match.log.lines() == s.match.log.lines()
    finally:
        again.match.close()


def test_undoing_a_change_brings_back_the_declaration_it_changed(sessions):
    s = sessions()
    hold_until(s, two_in_a_row)
    a = s.current()
    s.declare(a, Hold(), stance="prone")
    s.declare(a, Hold(), stance="crouched")  # changed before the next unit declared
    assert s.match.view(a).stance == "crouched"
    take_back(s)
    assert s.match.declared(a) is not None and s.match.view(a).stance == "prone"
