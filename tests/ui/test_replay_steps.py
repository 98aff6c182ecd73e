"""A replay's rounds in the window (issue 31): `.` the next round, `,` the round before, `/` the
round of the first casualty, by keys and by buttons, each played back and then waiting; a step
back then forward reaches the very state a step forward reached; the help lists the keys."""

import pygame
from uihelp import STREET, post_click, post_key

from game.lab.replay_sources import SpecSource, watch_session
from game.sim import MatchSpec
from game.ui import keymap as km
from game.ui.replay_steps import ReplaySteps

SPEC = MatchSpec(STREET, 1)  # 21 rounds; two units fall in round 4


def opened(app, source):
    session = source.session_at(0)
    screen = app.battle(session.config, session)
    screen.steps = ReplaySteps(screen, source)
    screen.play.paused = True  # (it would play on by itself, as a watched battle does)
    app.frame(16)
    assert len(session.history) == 0
    return screen


def state(match):
    """Every unit: where, its health as the rules read it, whether out; and the log."""
    units = [(v.uid, v.pos, repr(match.rules.health_facts(v.state)), v.out) for v in match.units()]
    return units, match.log.lines()


def press(app, key, times=1, unicode=""):
    for _ in range(times):
        post_key(key, unicode)
        app.frame(16)
    for _ in range(5):  # the playback's frames (instant here) and the watch's pause after it
        app.frame(16)


def test_back_then_forward_reaches_the_state_forward_reached(app):
    screen = opened(app, SpecSource(SPEC, "street"))
    press(app, pygame.K_PERIOD, 4)
    assert len(screen.session.history) == 4 and screen.match.round == 4
    at_4 = state(screen.match)
    press(app, pygame.K_PERIOD)
    at_5 = state(screen.match)
    assert at_5 != at_4
    for _ in range(20):  # after a step the watch waits (Space plays on)
        app.frame(16)
    assert screen.play.paused and len(screen.session.history) == 5
    press(app, pygame.K_COMMA)  # round 4 again
    assert len(screen.session.history) == 4 and state(screen.match) == at_4
    assert "replay: round 4 of 21" in screen.message
    press(app, pygame.K_PERIOD)
    assert state(screen.match) == at_5
    press(app, pygame.K_COMMA, 5)  # back to the start, where the match began
    fresh = watch_session(SPEC)
    assert state(screen.match) == state(fresh.match) and len(screen.session.history) == 0
    fresh.match.close()
    press(app, pygame.K_COMMA)  # greyed: it says why
    assert screen.message == "Already at the start"


def out_at(source, rnd):
    s = source.session_at(rnd)
    out = {v.uid for v in s.match.units() if v.out}
    s.match.close()
    return out


def test_the_first_casualty_jump_lands_on_the_round_a_unit_first_falls(app):
    source = SpecSource(SPEC, "street")
    first = next(r for r in range(1, source.rounds + 1) if out_at(source, r))  # found by playing, not by the log
    assert first == source.first_casualty == 4
    screen = opened(app, source)
    press(app, pygame.K_PERIOD, 7)
    press(app, pygame.K_SLASH, unicode="/")
    m = screen.match
    assert len(screen.session.history) == first and m.round == first
    assert {v.uid for v in m.units() if v.out} == out_at(source, first) != set()
    assert screen.play.paused
    press(app, pygame.K_SLASH, unicode="?")  # Shift-/ is the help, not the jump
    assert screen.help


def test_the_buttons_step_too_and_say_the_keys(app):
    screen = opened(app, SpecSource(SPEC, "street"))
    placed = {b.key: (b, r) for b, r in screen.choice.buttons()}
    for action, word in (("round_back", "back"), ("round_next", "next"), ("first_casualty", "casualty")):
        assert placed[km.key(action)][0].label == km.label(action, word)
    assert not placed[km.key("round_back")][0].enabled
    post_click(placed[km.key("round_next")][1].center)
    app.frame(16)
    assert len(screen.session.history) == 1
    placed = {b.key: (b, r) for b, r in screen.choice.buttons()}
    post_click(placed[km.key("first_casualty")][1].center)
    app.frame(16)
    assert len(screen.session.history) == 4


def test_the_help_lists_the_replay_keys_first_only_in_a_replay():
    rows = km.help_rows("yags", replay=True)
    assert [k for k, _ in rows[:3]] == [",", ".", "/"]
    assert "the round before" in rows[0][1] and "the next round" in rows[1][1] and "first casualty" in rows[2][1]
    assert all("replay" not in what for _, what in km.help_rows("yags"))


def test_space_plays_on_after_a_step(app):
    screen = opened(app, SpecSource(SPEC, "street"))
    press(app, pygame.K_PERIOD)
    assert screen.play.paused and len(screen.session.history) == 1
    press(app, pygame.K_SPACE)
    assert not screen.play.paused and len(screen.session.history) > 1


def test_a_saved_game_steps_through_its_own_rounds(app, tmp_path):
    from game.lab.replay_files import open_replay
    from game.saves import save_game
    from game.session import SessionConfig
    from game.ui.app import new_session
    from tests.test_replay_files import lines_to
    from tests.test_saves import play_rounds

    original = new_session(SessionConfig(STREET, "solo", "normal", 3, fog=True))
    play_rounds(original, 3)
    lines = original.match.log.lines()
    path = save_game(original, tmp_path / "g.json")
    original.match.close()
    screen = opened(app, open_replay(str(path)))
    press(app, pygame.K_PERIOD, 2)
    assert screen.match.log.lines() == lines_to(lines, 2)
    press(app, pygame.K_COMMA)
    assert screen.match.log.lines() == lines_to(lines, 1)
    press(app, pygame.K_PERIOD, 2)
    assert screen.match.log.lines() == lines_to(lines, 3)
    press(app, pygame.K_PERIOD)  # the save's last round was not played out: no more
    assert screen.message == "No more rounds: the record ends here" and len(screen.session.history) == 3
    press(app, pygame.K_SPACE)  # nor does the watch play one
    assert screen.play.paused and screen.message.endswith("the record ends here")
