"""Hostile and unusual maps at the command line (issue 27, "Smaller"): what check-map,
simulate and play accept, new-map --from copies; a map check that counts the units the run
will place; units that a map places on one tile are a problem check-map names."""

from __future__ import annotations

import pytest
from tmxfactory import grid, layer, write_map

from game.cli import main
from game.limits import MAX_LINE_CHARS


def refused(capsys, argv, *expected):
    assert main(argv) == 2, argv
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) <= MAX_LINE_CHARS + 1, err
    for part in expected:
        assert part in err, (part, err)
    return err


def nested_map(folder, depth):
    """An 8 x 6 map whose one tile layer sits inside `depth` nested groups."""
    inner = layer("ground", grid(8, 6))
    for i in range(depth):
        inner = f'<group id="{100 + i}" name="g{i}">\n{inner}</group>\n'
    return write_map(folder, width=8, height=6, name=f"nested{depth}.tmx", layers=[inner])


@pytest.mark.parametrize("depth", [5, 3000])
def test_issue27_new_map_from_a_map_of_deeply_nested_groups_copies_it(tmp_path, monkeypatch, capsys, depth):
    """check-map, simulate and play accept the map; new-map --from was a RecursionError
    (ElementTree's writer calls itself once per level): the copy is written without
    recursion, keeps every group and checks as the original does."""
    source = nested_map(tmp_path, depth)
    assert main(["check-map", str(source)]) == 0
    original = capsys.readouterr().out
    monkeypatch.chdir(tmp_path)
    assert main(["new-map", "copy", "--from", str(source)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    copy = tmp_path / "copy" / "copy.tmx"
    assert copy.read_text().count("<group ") == depth
    assert main(["check-map", str(copy)]) == 0
    def facts(out):  # all but the map's name (the copy has its own)
        return [line for line in out.splitlines()[1:] if "name" not in line]

    assert facts(capsys.readouterr().out) == facts(original)


def test_issue27_the_xml_writer_writes_what_elementtree_writes(tmp_path):
    from pathlib import Path
    from xml.etree.ElementTree import tostring

    from game.maps.xmlsafe import read_xml
    from game.maps.xmlwrite import to_text

    maps = sorted(Path(__file__).resolve().parents[2].glob("maps/**/*.tmx"))
    assert maps
    for path in [*maps, nested_map(tmp_path, 50)]:
        root = read_xml(path, "map")
        assert to_text(root) == tostring(root, encoding="unicode"), path


def test_issue27_simulate_size_1_on_a_map_of_two_walkable_tiles_plays(tmp_path, capsys):
    """The map check counted the default squads (16 units), not --size's."""
    tiny = write_map(tmp_path, width=2, height=1, name="tiny.tmx")
    assert main(["simulate", "--map", str(tiny), "--size", "1", "--runs", "2", "--jobs", "1"]) == 0
    assert "2 matches" in capsys.readouterr().out
    refused(capsys, ["simulate", "--map", str(tiny), "--size", "2", "--runs", "1", "--jobs", "1"],
            f"{tiny}: size 2: the map has 2 walkable tiles, too few for 2 units a side (at most 1)")
    refused(capsys, ["simulate", "--map", str(tiny), "--runs", "1", "--jobs", "1"],
            f"{tiny}: 16 units but only 2 walkable tiles")


@pytest.mark.parametrize("layers", ["one", "two"])
def test_issue27_two_units_on_one_tile_are_a_problem_check_map_names(tmp_path, capsys, layers):
    """They were moved without a word: check-map refuses the map naming both objects and
    the tile (whatever layers place them); simulate warns and plays it as before."""
    from tmxfactory import obj, objectgroup

    ann = obj(1, "unit", 8, 8, point=True, name="Ann", props={"team": "blue"})
    bob = obj(2, "unit", 10, 12, point=True, name="Bob", props={"team": "red"})  # the same 16 px tile
    cy = obj(3, "unit", 80, 8, point=True, name="Cy", props={"team": "red"})
    groups = ([objectgroup([ann, bob, cy], "units")] if layers == "one"
              else [objectgroup([ann, cy], "units", 9), objectgroup([bob], "more units", 10)])
    path = write_map(tmp_path, width=6, height=3, name="twice.tmx", layers=[layer("ground", grid(6, 3)), *groups])
    second = "more units" if layers == "two" else "units"
    line = (f"{path}: layer '{second}' object 2 'Bob': unit at tile (0, 0) stands on the tile of layer 'units' "
            "object 1 'Ann'")
    refused(capsys, ["check-map", str(path)], line, "give each unit a tile of its own")
    assert main(["simulate", "--map", str(path), "--runs", "1", "--jobs", "1"]) == 0
    assert f"warning: {line} (the map plays" in capsys.readouterr().err


def test_issue27_units_on_tiles_of_their_own_pass(tmp_path, capsys):
    from tmxfactory import obj

    units = [obj(1, "unit", 8, 8, point=True, props={"team": "blue"}),
             obj(2, "unit", 24, 8, point=True, props={"team": "red"})]  # the next tile
    assert main(["check-map", str(write_map(tmp_path, width=6, height=3, objects=units))]) == 0
    capsys.readouterr()


def test_issue27_a_sweep_of_size_1_on_a_map_of_two_walkable_tiles_plays(tmp_path, capsys):
    """A plan's map is judged for the smallest squads the plan plays on it."""
    tiny = write_map(tmp_path, width=2, height=1, name="tiny.tmx")
    plan = tmp_path / "p.toml"
    plan.write_text(f'runs = 1\nmap = "{tiny}"\nsize = 1\n')
    assert main(["sweep", str(plan), "--jobs", "1"]) == 0
    assert "1 variant x 1 matches" in capsys.readouterr().out
    plan.write_text(f'runs = 1\nmap = "{tiny}"\nsize = [1, 2]\n')
    refused(capsys, ["sweep", str(plan), "--jobs", "1"], f"{tiny}: size 2: the map has 2 walkable tiles")
