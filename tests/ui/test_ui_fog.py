"""Fog of war on the battle screen (issue 17): nothing of an enemy the viewer's side does not
see is drawn, selectable, listed or named; hot-seat hands over behind a screen only with fog."""

import os

from uihelp import ai_declares_round

from game.flow import driver
from game.session import SessionConfig
from game.ui import fogview as fv
from game.ui.app import new_session
from game.world.actions import Hold
from game.world.events import Event

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WOOD = os.path.join(ROOT, "maps", "wood.tmx")


def test_a_fogged_solo_screen_hides_unseen_enemies(app, battle):
    screen = battle(path=WOOD, fog=True)
    m = screen.session.match
    team, hidden = screen.view.fog()
    assert team == "blue" and m.fog
    assert hidden == {v.uid for v in m.units("red") if v.uid not in m.vision.seen_enemies("blue")}
    assert hidden  # at the start, the wood hides most of red
    for uid in hidden:
        assert screen.unit_at(m.view(uid).pos) is None  # neither selected nor hovered
    app.frame(16)
    # the figures drawn are the views the screen passes on: none of the hidden
    from game.ui import figures

    seen_views = []
    orig = figures.draw_units

    def spy(*args, **kw):
        seen_views.append(set(args[11] if len(args) > 11 else kw.get("hidden", ())))
        return orig(*args, **kw)

    import game.ui.battle_draw as bd

    bd.fig.draw_units = spy
    try:
        app.frame(16)
    finally:
        bd.fig.draw_units = orig
    assert seen_views and seen_views[-1] == set(hidden)


def test_the_log_leaves_out_unseen_enemies_or_names_them_unseen(new_match):
    from game.world.events import Event
    from tests.world.gridfactory import make_grid

    rows = ["." * 10 + "#" + "." * 10 for _ in range(6)]
    spec = {"attributes": {"per": 3}, "skills": {"Rifles": 5}, "weapon": "ak_47"}
    m = new_match(make_grid(rows), {"blue": [{**spec, "name": "A", "x": 2, "y": 2}],
                                    "red": [{**spec, "name": "B", "x": 18, "y": 2}]}, fog=True)
    a, b = m.units("blue")[0].uid, m.units("red")[0].uid
    hidden = fv.hidden_units(m, "blue")
    assert hidden == {b}
    events = [Event(1, "fast", "reload", "B reloads", b), Event(1, "fast", "attack", "B fires at A", b, a),
              Event(1, "fast", "reload", "A reloads", a)]
    lines = fv.log_lines(m, "blue", events, hidden)
    assert [line.split("] ", 1)[-1] for line in lines] == [f"{fv.UNSEEN} fires at A", "A reloads"]
    assert len(fv.log_lines(m, None, events, frozenset())) == 3  # watching / fog off: all


def _handovers(fog):
    s = new_session(SessionConfig(WOOD, "hotseat", "normal", 5, fog=fog))
    try:
        return ai_declares_round(s)
    finally:
        s.match.close()


def test_hot_seat_hands_over_behind_a_screen_only_with_fog():
    assert _handovers(False) == 0  # nothing to hide: the seat changes at once
    assert _handovers(True) > 1


def test_the_hand_over_screen_hides_the_map(app, battle):
    screen = battle(mode="hotseat", path=WOOD, fog=True)
    assert screen.session.handover
    app.frame(16)
    canvas = app.canvas
    w, h = canvas.get_size()
    # only the hand-over text is on it: the corners and edges are the plain backdrop
    backdrop = canvas.get_at((2, 2))
    for x, y in ((w - 3, 3), (3, h - 3), (w - 3, h - 3), (w // 4, h // 8), (3 * w // 4, 7 * h // 8)):
        assert canvas.get_at((x, y)) == backdrop


def test_declarations_in_the_log_hidden_and_unknown(new_match):
    """yags-combat.md, Hidden Actions ("A Hidden person does not need to declare their actions
    openly") and Unknown Targets (declared openly, not seen): a hidden declaration is not in
    the viewer's log; an unknown target's is, without who or where."""
    from game.world.actions import Move
    from tests.world.gridfactory import make_grid

    rows = ["." * 10 + "#" + "." * 10 for _ in range(5)] + ["." * 21] + ["." * 10 + "#" + "." * 10 for _ in range(4)]
    spec = {"attributes": {"per": 3}, "skills": {"Rifles": 5}, "weapon": "ak_47"}
    m = new_match(make_grid(rows), {"blue": [{**spec, "name": "A", "x": 2, "y": 2}, {**spec, "name": "C", "x": 2, "y": 5}],
                                    "red": [{**spec, "name": "B", "x": 18, "y": 2}, {**spec, "name": "D", "x": 14, "y": 1}]},
                  fog=True)
    b = next(v.uid for v in m.units("red") if v.name == "B")
    start = len(m.log)
    for uid in driver(m).start_round():
        m.declare(uid, Move(((18, 2), (18, 3), (18, 4), (18, 5))) if uid == b else Hold())
    hidden = fv.hidden_units(m, "blue")
    lines = [line.split("] ", 1)[-1] for line in fv.log_lines(m, "blue", m.log.events[start:], hidden)
             if "declare" in line]
    assert "A declares hold" in " ".join(lines) or any(line.startswith("A declares") for line in lines)
    assert sum(1 for line in lines if line.startswith(fv.UNSEEN)) == 1  # B's move: unknown; D's hold: hidden
    assert not any(" B " in f" {line} " or " D " in f" {line} " for line in lines)


def _gap_match(new_match, bx, by):
    """A wall down the middle with a gap in the bottom row: blue A at (2, 5) sees along that
    row, red B at (bx, by)."""
    from tests.world.gridfactory import make_grid

    rows = ["." * 10 + "#" + "." * 10 for _ in range(5)] + ["." * 21]
    spec = {"attributes": {"per": 3}, "skills": {"Rifles": 5}, "weapon": "ak_47"}
    m = new_match(make_grid(rows), {"blue": [{**spec, "name": "A", "x": 2, "y": 5}],
                                    "red": [{**spec, "name": "B", "x": bx, "y": by}]}, fog=True)
    return m, m.units("blue")[0].uid, m.units("red")[0].uid


def _play_round_moving(m, b, path):
    from game.world.actions import Move

    order = driver(m).start_round()
    m.log.add(Event(m.round, "fast", "attack", "B fires at A", b, m.units("blue")[0].uid))
    for uid in order:
        m.declare(uid, Move(path) if uid == b else Hold())
    driver(m).resolve_round()


def test_the_log_names_an_enemy_as_the_side_saw_it_then(new_match):
    """An enemy seen when it fired is still named in that line after it has gone out of
    sight; one unseen when it fired stays "an unseen enemy" after it has come into sight
    (the log does not tell who it was)."""
    m, a, b = _gap_match(new_match, 18, 5)
    _play_round_moving(m, b, ((18, 5), (18, 4), (18, 3)))
    hidden = fv.hidden_units(m, "blue")
    assert b in hidden
    lines = [line.split("] ", 1)[-1] for line in fv.log_lines(m, "blue", m.log.events, hidden, first=0)]
    assert "B fires at A" in lines

    m, a, b = _gap_match(new_match, 18, 3)
    _play_round_moving(m, b, ((18, 3), (18, 4), (18, 5)))
    hidden = fv.hidden_units(m, "blue")
    assert b not in hidden
    lines = [line.split("] ", 1)[-1] for line in fv.log_lines(m, "blue", m.log.events, hidden, first=0)]
    assert f"{fv.UNSEEN} fires at A" in lines and "B fires at A" not in lines
