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
