"""`skirmish new-map NAME [--from MAP] [--tiles WxH]`: a folder with the map, its tilesets and
art that plays at once and keeps its art wherever it is moved."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tmxfactory import grid, layer, obj, tileset, write_map, write_png

from game.cli import main
from game.maps import load_map

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = ROOT / "maps" / "crossroads.tmx"


def facts(m):
    return (m.width, m.height, m.walkable_cells, m.blocks_sight_cells, m.cover_cells,
            m.move_cost_cells, m.spawns, m.units, m.metres_per_tile, m.max_rounds)


def sources(folder: Path) -> list[str]:
    """Every file path the folder's maps and tilesets name."""
    import re

    found = []
    for path in list(folder.glob("*.tmx")) + list(folder.glob("*.tsx")):
        found += re.findall(r'source="([^"]+)"', path.read_text())
    return found


def test_a_fresh_map_plays_at_once_and_keeps_its_art_when_moved(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["new-map", "yard"]) == 0
    out = capsys.readouterr().out
    assert "made yard/" in out and "skirmish simulate --map yard/yard.tmx" in out
    folder = tmp_path / "yard"
    assert {p.name for p in folder.iterdir()} == {
        "yard.tmx", "terrain.tsx", "terrain.png", "skirmish.tiled-project", "objecttypes.xml"}
    assert all("/" not in s and ".." not in s for s in sources(folder))  # all beside the map
    assert main(["check-map", "yard/yard.tmx"]) == 0
    assert "assumptions: none" in capsys.readouterr().out
    assert main(["simulate", "--map", "yard/yard.tmx", "--runs", "1", "--jobs", "1"]) == 0
    moved = tmp_path / "elsewhere" / "deeper"
    moved.parent.mkdir()
    shutil.move(str(folder), str(moved))
    m = load_map(moved / "yard.tmx")
    assert m.missing_art == () and len(m.art) == 1 and (m.width, m.height) == (40, 30)
    assert m.name == "yard" and m.metres_per_tile == 2.0
    assert {s.team for s in m.spawns} == {"blue", "red"}


def test_tiles_sets_a_fresh_map_s_size(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["new-map", "small", "--tiles", "20x12"]) == 0
    assert (load_map("small/small.tmx").width, load_map("small/small.tmx").height) == (20, 12)


@pytest.mark.parametrize(("argv", "fragment"), [
    (["new-map", "a/b"], "'a/b': the name must be a folder name"),
    (["new-map", "x", "--tiles", "big"], "--tiles: 'big' is not WIDTHxHEIGHT"),
    (["new-map", "x", "--tiles", "4x4"], "--tiles: 4x4 is out of range"),
    (["new-map", "x", "--tiles", "3000x10"], "--tiles: 3000x10 is out of range"),
    (["new-map", "x", "--from", str(CROSSROADS), "--tiles", "20x20"],
     "--tiles: a map made --from another keeps its size"),
    (["new-map", "x", "--from", "nowhere.tmx"], "nowhere.tmx: file not found"),
])
def test_bad_new_map_requests_are_one_line_and_leave_nothing(tmp_path, monkeypatch, capsys,
                                                             argv, fragment):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err, err
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_touched(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "keep.txt").write_text("mine")
    assert main(["new-map", "mine"]) == 2
    assert "mine: already exists" in capsys.readouterr().err
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["keep.txt"]


def test_a_copy_of_a_shipped_map_keeps_its_facts_and_its_art(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["new-map", "village", "--from", str(CROSSROADS)]) == 0
    shutil.move(str(tmp_path / "village"), str(tmp_path / "moved"))
    copy, original = load_map(tmp_path / "moved" / "village.tmx"), load_map(CROSSROADS)
    assert facts(copy) == facts(original)
    assert copy.name == "village" and copy.briefing == original.briefing
    assert copy.missing_art == () and Path(copy.art[0]).read_bytes() == Path(original.art[0]).read_bytes()
    assert main(["check-map", str(tmp_path / "moved" / "village.tmx")]) == 0


def test_a_shipped_map_copied_by_hand_says_its_art_is_missing(tmp_path, capsys):
    """The old trap: the shared tileset points at ../assets/, which a copy elsewhere lacks."""
    for name in ("crossroads.tmx", "terrain.tsx"):
        shutil.copy(ROOT / "maps" / name, tmp_path / name)
    assert main(["check-map", str(tmp_path / "crossroads.tmx")]) == 2
    err = capsys.readouterr().err
    assert "terrain.tsx: tileset 'terrain' image '../assets/tilesets/terrain.png': file not found" in err


def test_copying_a_map_brings_embedded_tilesets_image_layers_and_detached_templates(
        tmp_path, monkeypatch):
    source = tmp_path / "src"
    (source / "art").mkdir(parents=True)
    (source / "unit.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object name="Bo" type="unit">\n'
        '  <properties><property name="team" value="red"/></properties>\n  <point/>\n'
        ' </object>\n</template>\n')
    path = write_map(source, width=10, height=6, layers=[layer("ground", grid(10, 6))],
                     tilesets=[tileset().replace('source="terrain.png"', 'source="art/terrain.png"')],
                     objects=['  <object id="1" template="unit.tx" x="24" y="24"/>\n',
                              obj(2, "spawn", 0, 0, 32, 96, props={"team": "blue"})])
    write_png(source / "art" / "terrain.png", 128, 16)
    text = path.read_text().replace(
        "</map>", ' <imagelayer id="8" name="sky"><image source="art/terrain.png"/></imagelayer>\n</map>')
    path.write_text(text)
    monkeypatch.chdir(tmp_path)
    assert main(["new-map", "copy", "--from", str(path)]) == 0
    shutil.rmtree(source)  # the copy needs nothing of its source
    m = load_map(tmp_path / "copy" / "copy.tmx")
    assert m.missing_art == () and [(u.name, u.team) for u in m.units] == [("Bo", "red")]
    text = (tmp_path / "copy" / "copy.tmx").read_text()
    assert "template=" not in text and text.count('source="terrain.png"') == 2
