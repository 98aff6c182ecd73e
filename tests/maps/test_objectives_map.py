"""Objectives on a map (issue 30): zones of class objective, the map properties at_time and
objectives, check-map's list of them and its one-line refusals."""

from __future__ import annotations

import pytest
from maprefusal import refused
from tmxfactory import WALL, grid, layer, obj, write_map

from game.maps import load_map
from game.maps.check import summarise

T = 16  # tile size in pixels


def unit(i: int, team: str, x: int, y: int, name: str) -> str:
    return obj(i, "unit", x * T, y * T, T, T, name=name, props={"team": team})


UNITS = [unit(1, "blue", 0, 0, "Ann"), unit(2, "blue", 0, 2, "Bob"), unit(3, "red", 9, 1, "Cy")]


def zone(i: int, x: int, y: int, w: int, h: int, **props: object) -> str:
    return obj(i, "objective", x * T, y * T, w * T, h * T, name=f"zone {i}", props=dict(props))


def write(tmp_path, objects, props=None, rows=None):
    layers = [layer("ground", rows or grid(10, 4))]
    return write_map(tmp_path, width=10, height=4, layers=layers, objects=UNITS + objects, props=props)


def test_each_kind_is_read_with_its_zone_team_and_numbers(tmp_path):
    m = load_map(write(tmp_path, [
        zone(10, 4, 1, 2, 2, kind="hold", team="blue", rounds=3),
        zone(11, 8, 0, 2, 4, kind="exit", team="blue", count=2),
        zone(12, 0, 0, 1, 1, kind="protect", team="blue", unit="Ann"),
        zone(13, 4, 0, 1, 1, kind="reach", team="red", count=1),
    ], props={"at_time": "red", "objectives": "all"}))
    hold, out, protect, reach = m.objectives
    assert (hold.kind, hold.team, hold.rounds, hold.tiles) == ("hold", "blue", 3, ((4, 1), (5, 1), (4, 2), (5, 2)))
    assert (out.kind, out.count, len(out.tiles)) == ("exit", 2, 8)
    assert (protect.kind, protect.unit) == ("protect", "Ann")
    assert (reach.team, reach.tiles) == ("red", ((4, 0),))
    assert m.at_time == "red" and m.objectives_all
    text = summarise(m)
    assert "objectives: 4 (a side wins by all of its objectives; when time runs out: red wins)" in text
    assert "blue hold 'zone 10': hold the zone (4 tiles) for 3 rounds" in text
    assert "blue protect 'zone 12': Ann must not fall" in text


def test_a_map_without_objectives_keeps_the_old_defaults(tmp_path):
    m = load_map(write(tmp_path, []))
    assert (m.objectives, m.at_time, m.objectives_all) == ((), "draw", False)
    assert "objectives: none (a side wins by elimination; when time runs out: draw)" in summarise(m)


def test_a_polygon_zone_holds_the_tiles_whose_centres_lie_inside(tmp_path):
    triangle = obj(10, "objective", 0, 0, name="tri", props={"kind": "reach", "team": "red"},
                   extra=f'   <polygon points="0,0 {4 * T},0 0,{4 * T}"/>\n')
    (o,) = load_map(write(tmp_path, [triangle])).objectives
    assert set(o.tiles) == {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)}


def test_walls_in_a_zone_are_not_part_of_it(tmp_path):
    rows = grid(10, 4)
    rows[1][4] = WALL + 1
    (o,) = load_map(write(tmp_path, [zone(10, 4, 1, 2, 1, kind="hold", team="red")], rows=rows)).objectives
    assert o.tiles == ((5, 1),)


def test_unknown_object_classes_are_named_by_check_map(tmp_path):
    m = load_map(write(tmp_path, [obj(10, "tree", 16, 16, 16, 16, name="oak")]))
    assert any("class 'tree' is not one the game knows" in note and "object 10 'oak'" in note
               for note in m.assumptions)


@pytest.mark.parametrize(("objects", "fragments"), [
    ([zone(10, 4, 1, 1, 1, kind="defend", team="blue")], ("object 10 'zone 10' property 'kind'", "'defend'")),
    ([zone(10, 4, 1, 1, 1, kind="hold", team="green")], ("property 'team'", "'green'")),
    ([zone(10, 12, 1, 2, 2, kind="hold", team="blue")], ("object 10", "lies off the 10x4 map")),
    ([zone(10, 4, 1, 1, 1, kind="reach", team="blue", count=3)], ("property 'count'", "3 is more than the 2 blue")),
    ([zone(10, 4, 1, 1, 1, kind="protect", team="red", unit="Ann")], ("property 'unit'", "'Ann' is not a red unit")),
    ([zone(10, 4, 1, 1, 1, kind="protect", team="blue")], ("property 'unit'", "names the unit that must not fall")),
    ([zone(10, 4, 1, 1, 1, kind="hold", team="blue", rounds=0)], ("property 'rounds'", "not from 1")),
    ([obj(10, "objective", 64, 16, name="dot", point=True, props={"kind": "hold", "team": "blue"})],
     ("object 10 'dot'", "not a point")),
])
def test_a_bad_objective_is_refused_in_one_line(tmp_path, objects, fragments):
    refused(write(tmp_path, objects), "layer 'objects'", *fragments)


def test_a_zone_on_walls_only_is_refused(tmp_path):
    rows = grid(10, 4)
    rows[1][4] = WALL + 1
    refused(write(tmp_path, [zone(10, 4, 1, 1, 1, kind="hold", team="red")], rows=rows), "no walkable tile")


def test_a_bad_at_time_is_refused(tmp_path):
    refused(write(tmp_path, [], props={"at_time": "green"}), "map property 'at_time'", "'green'")
