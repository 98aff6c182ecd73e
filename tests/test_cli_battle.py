"""`skirmish check-map` and `skirmish simulate` as a map author and a tactics tester use them."""

import json
import re
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.tmx"))

PLAIN = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="30" height="20"
 tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="plain" tilewidth="16" tileheight="16" tilecount="1" columns="1">
  <image source="plain.png" width="16" height="16"/>
 </tileset>
 <layer id="1" name="ground" width="30" height="20">
  <data encoding="csv">
""" + ",\n".join(",".join("1" for _ in range(30)) for _ in range(20)) + """
</data>
 </layer>
</map>
"""


@pytest.fixture
def plain_map(tmp_path):
    path = tmp_path / "plain.tmx"
    path.write_text(PLAIN)
    return path


def test_check_map_on_a_plain_map_says_what_it_assumed(plain_map, capsys):
    assert main(["check-map", str(plain_map)]) == 0
    out = capsys.readouterr().out
    assert "30 x 20 tiles" in out
    assert "blocks_move" in out  # says how to add the property
    assert "default squad of 8" in out


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_check_map_on_shipped_maps(path, capsys):
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert "blue squad: 8 units" in out and "red squad: 8 units" in out


BROKEN = {
    "garbage.tmx": b"\x00\x01not xml at all",
    "empty.tmx": b"",
    "hex.tmx": PLAIN.replace('orientation="orthogonal"', 'orientation="hexagonal"').encode(),
    "huge.tmx": PLAIN.replace('width="30" height="20"\n', 'width="100000" height="100000"\n').encode(),
    "entity.tmx": b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><map>&a;</map>',
    "short.tmx": PLAIN.replace(",".join("1" for _ in range(30)) + "\n</data>", "1\n</data>").encode(),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
@pytest.mark.parametrize("command", ["check-map", "simulate"])
def test_broken_maps_are_refused_in_one_line_with_exit_2(tmp_path, capsys, name, command):
    path = tmp_path / name
    path.write_bytes(BROKEN[name])
    args = ["check-map", str(path)] if command == "check-map" else ["simulate", "--map", str(path), "--runs", "1", "--jobs", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: {path}"), err
    assert path.read_bytes() == BROKEN[name]  # nothing written over the map


def test_unknown_weapon_on_a_map_unit_is_one_line(tmp_path, capsys):
    src = (ROOT / "maps" / "crossroads.tmx").read_text()
    bad = tmp_path / "bad_unit.tmx"
    src = re.sub(r'(<property name="weapon" value=")[^"]+"', r'\1phaser"', src, count=1)
    bad.write_text(src.replace('source="terrain.tsx"', f'source="{ROOT / "maps" / "terrain.tsx"}"'))
    assert main(["check-map", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "weapon 'phaser' is not in the catalogue" in err and str(bad) in err


def test_simulate_json_keys_and_same_seed_same_json(plain_map, tmp_path, capsys):
    out1, out2 = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["simulate", "--map", str(plain_map), "--runs", "3", "--seed", "7", "--jobs", "1", "--json", str(out1)]) == 0
    assert main(["simulate", "--map", str(plain_map), "--runs", "3", "--seed", "7", "--jobs", "2", "--json", str(out2)]) == 0
    a, b = json.loads(out1.read_text()), json.loads(out2.read_text())
    for key in ("map", "runs", "seed", "wins", "mean_rounds", "seconds", "battles"):
        assert key in a
    assert set(a["wins"]) == {"blue", "red", "draw"} and sum(a["wins"].values()) == 3
    assert [bt["seed"] for bt in a["battles"]] == [7, 8, 9]
    for bt in a["battles"]:
        assert set(bt) >= {"seed", "winner", "rounds", "survivors"}
    for rec in (a, b):  # timings aside
        rec.pop("seconds")
        rec.pop("command")
        rec["summary"].pop("decision_ms")
        for battle in rec["battles"]:
            battle.pop("decision_ms")
    assert a == b  # --jobs changes nothing but the time


def test_simulate_bad_options_exit_2(capsys):
    assert main(["simulate", "--runs", "0"]) == 2
    assert main(["simulate", "--blue-ai", "genius"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(e.startswith("error: --") for e in err)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_eight_against_eight_on_every_shipped_map(path, capsys):
    assert main(["simulate", "--map", str(path), "--runs", "2", "--seed", "3", "--jobs", "1", "--json", "-"]) == 0
    record = json.loads(capsys.readouterr().out)
    for battle in record["battles"]:
        assert battle["winner"] in ("blue", "red", "draw")
        assert 1 <= battle["rounds"] <= 40
