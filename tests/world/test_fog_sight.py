"""Fog of war, sight and memory (issue 17): one symmetric field of view for seeing and
shooting, each side's view and memory, the switches (command line > scenario > map > default).

yags-combat.md, Unknown Targets: "An unknown target is one that has declared openly, but
hasn't been seen" -- what a side has seen is what its units' sight gives, below.
"""

import json
import random
from pathlib import Path

import pytest
from gridfactory import make_grid
from worldplay import FOG_RIFLEMAN as RIFLEMAN
from worldplay import ROOMS

from game.flow import driver
from game.lab.simulate import simulate
from game.maps import load_map
from game.sim import MatchSpec, choose_fog, play_match
from game.world.actions import Attack, Hold, Move
from game.world.fog import FogGrid, fov_sight
from game.world.topology import SquareGrid

MAPS = ["maps/compound.tmx", "maps/crossroads.tmx", "maps/open_field.tmx", "maps/street.tmx", "maps/wood.tmx"]


def unit(name, x, y):
    return {**RIFLEMAN, "name": name, "x": x, "y": y}


@pytest.mark.parametrize("path", MAPS)
def test_sight_is_symmetric_on_every_shipped_map(path):
    """If A sees B then B sees A (the issue: a unit that can be shot can be seen, and the
    reverse), wherever they stand, sight-blocking woods included."""
    grid = load_map(path)
    fov = fov_sight(grid)
    rnd = random.Random(3)
    tiles = [(x, y) for x in range(grid.width) for y in range(grid.height) if grid.walkable(x, y)]
    for _ in range(2000):
        a, b = rnd.choice(tiles), rnd.choice(tiles)
        assert fov.sees(a, b) == fov.sees(b, a)


def test_walls_block_and_the_open_does_not():
    grid = make_grid(ROOMS)
    fov = fov_sight(grid)
    assert fov.sees((2, 2), (18, 2)) is False  # through the wall
    assert fov.sees((2, 5), (18, 5)) is True   # through the door's row
    assert fov.sees((2, 2), (8, 8)) is True    # the same room


def test_fog_off_keeps_the_square_grid(new_match):
    m = new_match(make_grid(ROOMS), {"blue": [unit("A", 2, 2)], "red": [unit("B", 18, 2)]})
    assert isinstance(m.topology, SquareGrid) and not isinstance(m.topology, FogGrid)
    assert m.vision is None and m.sees("blue", m.units("red")[0].uid)


def test_a_side_sees_what_its_units_see_and_shooting_follows(new_match):
    """Seeing and shooting use one sight function: an enemy the side does not see cannot be
    attacked (Unknown Targets 1: no direct attack against an unknown target)."""
    m = new_match(make_grid(ROOMS), {"blue": [unit("A", 2, 2), unit("C", 2, 5)],
                                     "red": [unit("B", 18, 2), unit("D", 18, 8)]}, fog=True)
    a, c = (v.uid for v in m.units("blue"))
    b, d = (v.uid for v in m.units("red"))
    assert isinstance(m.topology, FogGrid)
    seen = m.vision.seen_enemies("blue")
    for e in (b, d):
        assert (e in seen) == any(m.topology.line_of_sight(v.pos, m.view(e).pos) for v in m.units("blue"))
    assert b not in seen and not m.sees("blue", b)
    driver(m).start_round()
    assert hasattr(m.check(a, Attack(b)), "reason")  # behind the wall
    assert m.sees("blue", a) and m.sees("red", b)  # a side always sees its own


def test_memory_keeps_tiles_and_where_an_enemy_was_last_seen(new_match):
    """The side remembers every tile it saw, and where and in which round it last saw each
    enemy; the memory is written by the turn driver after each step, so it replays."""
    m = new_match(make_grid(ROOMS), {"blue": [unit("A", 4, 5)], "red": [unit("B", 18, 5)]}, fog=True)
    b = m.units("red")[0].uid
    assert m.sees("blue", b)  # along the door's row
    assert m.vision.last_seen["blue"][b] == ((18, 5), 0)
    before = m.vision.remembered["blue"].copy()
    for uid in driver(m).start_round():
        m.declare(uid, Move(((18, 5), (18, 4), (18, 3))) if uid == b else Hold())
    driver(m).resolve_round()
    assert m.view(b).pos == (18, 3) and not m.sees("blue", b)
    assert m.vision.last_seen["blue"][b] == ((18, 5), 1)  # seen there in round 1, before the move ended
    assert (m.vision.remembered["blue"] >= before).all()
    assert m.vision.remembered["blue"][m.vision.seen_now("blue")].all()


def test_choose_fog_precedence():
    """Command line > scenario > map property > the default (issue 17)."""
    grid = make_grid(ROOMS)
    from dataclasses import replace

    set_on = replace(grid, fog=True, fog_given=True)
    set_off = replace(grid, fog=False, fog_given=True)
    assert choose_fog("off", "on", set_on, True) is False
    assert choose_fog(None, "on", set_off, False) is True
    assert choose_fog(None, None, set_on, False) is True
    assert choose_fog(None, None, set_off, True) is False
    assert choose_fog(None, None, grid, True) is True  # the map says nothing: the default
    assert choose_fog(None, None, grid, False) is False


def test_a_fogged_match_replays_and_fog_off_is_the_old_record(tmp_path):
    """The same seed with the same setting replays identically; with fog off the record says
    fog false and nothing else changes."""
    a = play_match(load_map("maps/street.tmx"), MatchSpec("maps/street.tmx", 5, fog=True))
    b = play_match(load_map("maps/street.tmx"), MatchSpec("maps/street.tmx", 5, fog=True))
    a.pop("decision_ms"), b.pop("decision_ms")
    assert a == b
    rec = simulate("maps/street.tmx", 1, 5, fog=True)
    assert rec["fog"] is True
    assert simulate("maps/street.tmx", 1, 5)["fog"] is False


def test_scenario_fog_key_and_the_command_line_wins(tmp_path):
    from game.cli import main
    from game.lab.scenario import ScenarioError, load_scenario

    sc = tmp_path / "s.toml"
    street = Path("maps/street.tmx").resolve()
    sc.write_text(f'map = "{street}"\nruns = 1\nseed = 2\nfog = "on"\n')
    assert load_scenario(sc)["fog"] == "on"
    out = tmp_path / "o.json"
    assert main(["simulate", "--scenario", str(sc), "--json", str(out), "--jobs", "1"]) == 0
    assert json.loads(out.read_text())["fog"] is True
    assert main(["simulate", "--scenario", str(sc), "--fog", "off", "--json", str(out), "--jobs", "1"]) == 0
    assert json.loads(out.read_text())["fog"] is False
    bad = tmp_path / "b.toml"
    bad.write_text('fog = "maybe"\n')
    with pytest.raises(ScenarioError, match="fog"):
        load_scenario(bad)


def test_saves_say_fog_and_older_saves_load_with_fog_off(tmp_path):
    from game.saves import load_game, save_game
    from game.session import SessionConfig
    from game.ui.app import new_session

    session = new_session(SessionConfig("maps/street.tmx", "solo", "normal", 3, fog=None))
    assert session.match.fog is True  # solo play: on by default
    path = tmp_path / "s.json"
    save_game(session, path)
    session.match.close()
    data = json.loads(path.read_text())
    assert data["fog"] is True
    again = load_game(path)
    assert again.match.fog is True
    again.match.close()
    plain = new_session(SessionConfig("maps/street.tmx", "solo", "normal", 3, fog=False))
    save_game(plain, path)
    plain.match.close()
    data = json.loads(path.read_text())
    del data["fog"]  # as saves from before fog of war
    path.write_text(json.dumps(data))
    old = load_game(path)
    assert old.match.fog is False and old.match.vision is None
    old.match.close()
    watch = new_session(SessionConfig("maps/street.tmx", "watch", "normal", 3, fog=None))
    assert watch.match.fog is False  # watching: off by default
    watch.match.close()


def test_the_sight_cache_reads_the_units_places_again_only_when_a_view_changed(new_match):
    """SideViews._signature (what a side's cached sight depends on) reads every unit's place
    only when the match's roster is a new one: it always equals the plain reading (the
    version, then each unit's tile and whether it is out), through a whole fogged round of
    moves and shots; and what a side sees follows a move at once."""
    m = new_match(make_grid(ROOMS), {"blue": [unit("A", 3, 5), unit("C", 1, 1)],
                                     "red": [unit("B", 18, 2), unit("D", 16, 8)]}, fog=True)
    views = m.vision

    def plain():
        return (views._version, tuple((v.pos, v.out) for v in m.units()))

    assert views._signature() == plain()
    b = next(v.uid for v in m.units("red") if v.name == "B")
    assert not views.sees("blue", b)
    for uid in driver(m).start_round():
        m.declare(uid, Move(((18, 2), (18, 3), (18, 4), (18, 5))) if uid == b else Hold())
        assert views._signature() == plain()
    driver(m).resolve_round()
    assert views._signature() == plain()
    assert m.view(b).pos == (18, 5) and views.sees("blue", b)  # in the doorway's line now
    m.view(b)  # the same view: the places are not read again
    before = views._places
    assert views._signature() == plain() and views._places is before


def test_a_field_of_view_is_kept_alone_and_the_fields_kept_are_bounded_by_tiles(monkeypatch):
    """A field of view holds its own tiles only (tcod's answer is a view into a buffer of three
    bytes a tile; kept, a 512 x 512 map's thousand fields held 800 MB), the same as tcod's;
    and the fields remembered are at most MASKS_KEPT and at most MASK_CELLS tiles in all."""
    import numpy as np
    import tcod.map

    import game.world.fog as fog

    grid = make_grid(["." * 60 for _ in range(47)] + ["." * 30 + "#" * 30] + ["." * 60] * 2)  # 3000 tiles
    assert fog.FovSight(grid).kept == fog.MASKS_KEPT  # a small map: the count bounds it
    monkeypatch.setattr(fog, "MASK_CELLS", 3000 * 20)
    fov = fog.FovSight(grid)
    assert fov.kept == 20
    for x in range(30):
        fov.mask((x, 1))
    assert len(fov._masks) == 20 and (29, 1) in fov._masks and (9, 1) not in fov._masks
    m = fov.mask((5, 49))
    assert m.base is None and m.nbytes == 3000 and m.shape == (60, 50) and not m.flags.writeable
    plain = tcod.map.compute_fov(fov.transparent, (5, 49), radius=0, light_walls=True, algorithm=fog.FOV_ALGORITHM)
    assert np.array_equal(m, plain) and m[40, 48] and not m[40, 46]  # the wall's far side unseen
