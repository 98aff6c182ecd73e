"""Fog of war, the footsteps of the round's end-of-round move step (docs/rules-notes.md, Fog
of war, Sounds): the moves that end the round walk together in one step, and only the steps
the viewer's side sees make a sound: an enemy walking out of its sight adds no footstep, even
when a seen one walks in the same step (nor does a hidden first mover silence the seen)."""

import sys
from pathlib import Path
from types import SimpleNamespace

from game.ui.battle_playback import Playback
from game.world.actions import Hold, Move
from game.world.events import MovedTo

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "world"))
from gridfactory import make_grid  # noqa: E402
from test_ui_fog_playback import RIFLEMAN, ROOMS  # noqa: E402

FAR = ((18, 0), (18, 1), (18, 2), (18, 3), (18, 4))  # behind the wall: out of blue's sight
NEAR = ((5, 3), (5, 4))  # in the open before blue's rifleman


def move_step(new_match, order, viewer="blue"):
    """The footstep sounds of the end-of-round move step, shown to `viewer` (None: all), and
    how long the step lasts (ms)."""
    squads = {"blue": [{**RIFLEMAN, "name": "A", "x": 3, "y": 2}], "red": []}
    for name in order:
        start = (FAR if name == "far" else NEAR)[0]
        squads["red"].append({**RIFLEMAN, "name": name, "x": start[0], "y": start[1]})
    m = new_match(make_grid(ROOMS), squads, fog=True)
    paths = {v.uid: (FAR if v.name == "far" else NEAR) for v in m.units("red")}
    rnd = m.round + 1
    declared = []
    for uid in m.start_round():
        action = Move(paths[uid]) if uid in paths else Hold()
        m.declare(uid, action)
        declared.append((uid, action, {}))
    far = next(v.uid for v in m.units("red") if v.name == "far")
    assert not m.sees("blue", far) and m.sees("blue", next(v.uid for v in m.units("red") if v.name == "near"))
    session = SimpleNamespace(match=m, config=SimpleNamespace(mode="solo" if viewer else "watch", human_team="blue"),
                              history=[SimpleNamespace(round=rnd, declarations=declared, answers=[])])
    screen = SimpleNamespace(match=m, session=session, cached=lambda name, key, make: make())
    play = Playback(screen, 350, 0)
    added = []
    play.fx.add = lambda fx: added.append((play.i, fx)) or fx
    play.begin_round()
    first = len(m.log)
    m.resolve_round()
    play.on_resolved(first, rnd)
    while play.busy():
        play.tick(play.durations[play.i] + 1)
    move = next(i for i, s in enumerate(play.steps) if any(isinstance(e.data, MovedTo) for e in s))
    assert len(play.walks[move]) == 2  # both walk in the one step
    return sum(1 for i, fx in added if i == move and fx.kind == "sound" and fx.label == "step"), play.durations[move]


def footsteps(new_match, order, viewer="blue"):
    return move_step(new_match, order, viewer)[0]


def test_only_the_steps_the_viewer_sees_make_a_sound(new_match):
    for order in (("near", "far"), ("far", "near")):
        assert footsteps(new_match, order, None) == len(FAR) - 1  # fog not shown: the longer walk
        assert footsteps(new_match, order) == len(NEAR) - 1, order  # blue hears the walker it sees


def test_the_step_lasts_as_long_as_the_walks_the_viewer_sees(new_match):
    """The step's length tells nothing either: the unseen enemy's longer walk does not stretch
    it (fogged: as long as the seen walk; fog not shown: the longer walk)."""
    from game.ui.animate import walk_length

    for order in (("near", "far"), ("far", "near")):
        assert move_step(new_match, order, None)[1] == walk_length([SimpleNamespace(tiles=FAR)], 350)
        assert move_step(new_match, order)[1] == walk_length([SimpleNamespace(tiles=NEAR)], 350), order
        assert walk_length([SimpleNamespace(tiles=FAR)], 350) > walk_length([SimpleNamespace(tiles=NEAR)], 350)
