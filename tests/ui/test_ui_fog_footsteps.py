"""Fog of war, the footsteps of the round's end-of-round move step (docs/rules-notes.md, Fog
of war, Sounds): the moves that end the round walk together in one step, and only the steps
the viewer's side sees make a sound: an enemy walking out of its sight adds no footstep, even
when a seen one walks in the same step (nor does a hidden first mover silence the seen)."""

import sys
from pathlib import Path
from types import SimpleNamespace

from game.flow import driver
from game.ui.battle_playback import Playback
from game.world.actions import Hold, Move
from game.world.events import MovedTo

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "world"))
from gridfactory import make_grid  # noqa: E402
from test_ui_fog_playback import RIFLEMAN, ROOMS  # noqa: E402

FAR = ((18, 0), (18, 1), (18, 2), (18, 3), (18, 4))  # behind the wall: out of blue's sight
NEAR = ((5, 3), (5, 4))  # in the open before blue's rifleman


def move_step(new_match, order, viewer="blue", walks=None, blue_at=(3, 2)):
    """The footstep sounds of the end-of-round move step, shown to `viewer` (None: all), and
    how long the step lasts (ms). `order`: the red walkers by name, each on `walks[name]`
    (by default "far" behind the wall and "near" in the open before blue's rifleman)."""
    walks = walks or {"far": FAR, "near": NEAR}
    squads = {"blue": [{**RIFLEMAN, "name": "A", "x": blue_at[0], "y": blue_at[1]}], "red": []}
    for name in order:
        start = walks[name][0]
        squads["red"].append({**RIFLEMAN, "name": name, "x": start[0], "y": start[1]})
    m = new_match(make_grid(ROOMS), squads, fog=True)
    paths = {v.uid: walks[v.name] for v in m.units("red")}
    rnd = m.round + 1
    declared = []
    for uid in driver(m).start_round():
        action = Move(paths[uid]) if uid in paths else Hold()
        m.declare(uid, action)
        declared.append((uid, action, {}))
    if set(order) == {"far", "near"}:
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
    driver(m).resolve_round()
    play.on_resolved(first, rnd)
    while play.busy():
        play.tick(play.durations[play.i] + 1)
    move = next(i for i, s in enumerate(play.steps) if any(isinstance(e.data, MovedTo) for e in s))
    assert len(play.walks[move]) == len(order)  # all walk in the one step
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



# Through the doorway in the wall (row 5): from (3, 5) blue sees the tile (12, 5) in the
# doorway's line, but neither (12, 4) above it nor (12, 6) below it, behind the wall.
ACROSS = ((12, 4), (12, 5), (12, 6))


def test_an_enemy_seen_at_neither_end_of_the_step_makes_no_sound_crossing_a_seen_tile(new_match):
    """An enemy the side saw neither as the step began nor as it ended (unnoticed: here out of
    sight at both ends; on a map, in cover it failed to notice) is not drawn while it walks
    (fogview.step_hidden), so it is not heard either, though it crosses a tile the side sees:
    its footsteps would tell of an enemy the screen does not show. With fog not shown, they
    sound."""
    from game.world.geometry import line_of_sight

    grid = make_grid(ROOMS)
    assert line_of_sight(grid, (3, 5), ACROSS[1])
    assert not line_of_sight(grid, (3, 5), ACROSS[0]) and not line_of_sight(grid, (3, 5), ACROSS[2])
    walks = {"across": ACROSS}
    assert move_step(new_match, ("across",), None, walks, (3, 5))[0] == len(ACROSS) - 1
    assert move_step(new_match, ("across",), "blue", walks, (3, 5))[0] == 0


def test_a_walker_is_judged_on_the_tile_under_its_point():
    """The walk's points are in tiles, a tile's centre at x + 0.5, y + 0.5 (effects.centre): a
    known enemy is seen on a tile the side saw and not on its neighbour, whichever way the
    halves would round (5.5 rounds to 6, 4.5 to 4)."""
    import numpy as np

    from game.ui import fogview as fv
    from game.ui.effects import centre

    seen = np.zeros((8, 8), dtype=bool)
    seen[5, 5] = seen[4, 4] = True
    glimpse = SimpleNamespace(seen=seen, enemies=frozenset({7}))
    m = SimpleNamespace(view=lambda uid: SimpleNamespace(team="blue" if uid == 1 else "red"))
    sees = fv._walker_seen(m, "blue", glimpse, SimpleNamespace(seen=np.zeros_like(seen), enemies=frozenset()))
    for tile in ((5, 5), (4, 4)):
        assert sees(7, centre(tile)) and sees(7, (tile[0] + 0.01, tile[1] + 0.99))
    for tile in ((6, 6), (5, 4), (4, 5), (3, 3)):
        assert not sees(7, centre(tile)), tile
    assert not sees(8, centre((5, 5)))  # an enemy the side saw at neither moment
    assert sees(1, centre((6, 6)))  # its own, always
