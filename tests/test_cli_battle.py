"""`skirmish check-map` and `skirmish simulate` as a map author and a tactics tester use them."""

import json
import re
from pathlib import Path

import pytest

from game.cli import main
from game.maps import load_map

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
    import pygame

    path = tmp_path / "plain.tmx"
    path.write_text(PLAIN)
    pygame.image.save(pygame.Surface((16, 16)), str(tmp_path / "plain.png"))  # its art
    return path


def test_check_map_on_a_plain_map_says_what_it_assumed(plain_map, capsys):
    assert main(["check-map", str(plain_map)]) == 0
    out = capsys.readouterr().out
    assert "30 x 20 tiles" in out
    assert "blocks_move" in out  # says how to add the property
    assert "name not set" in out and "briefing not set" in out and "metres_per_tile not set" in out
    assert "default squad of 8" in out


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_check_map_on_shipped_maps(path, capsys):
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    from game.maps import load_map

    units = load_map(path).units  # eight a side, but Breakout's red rearguard of six
    for team in ("blue", "red"):
        assert f"{team} squad: {sum(1 for u in units if u.team == team)} units" in out


BROKEN = {
    "garbage.tmx": b"\x00\x01not xml at all",
    "empty.tmx": b"",
    "hex.tmx": PLAIN.replace('orientation="orthogonal"', 'orientation="hexagonal"').encode(),
    "huge.tmx": PLAIN.replace('width="30" height="20"\n', 'width="100000" height="100000"\n').encode(),
    "entity.tmx": b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><map>&a;</map>',
    "short.tmx": PLAIN.replace(",".join("1" for _ in range(30)) + "\n</data>", "1\n</data>").encode(),
    "truncated.tmx": PLAIN[: len(PLAIN) // 2].encode(),
    "iso.tmx": PLAIN.replace('orientation="orthogonal"', 'orientation="isometric"').encode(),
    "staggered.tmx": PLAIN.replace('orientation="orthogonal"',
                                   'orientation="staggered" staggeraxis="y" staggerindex="odd"').encode(),
    "infinite.tmx": PLAIN.replace('infinite="0"', 'infinite="1"').encode(),
    "zstd.tmx": PLAIN.replace('<data encoding="csv">', '<data encoding="base64" compression="zstd">').encode(),
    "encoding.tmx": PLAIN.replace('<data encoding="csv">', '<data encoding="base32">').encode(),
    "no-tileset.tmx": PLAIN.replace(PLAIN[PLAIN.index(" <tileset"):PLAIN.index(" <layer")],
                                    ' <tileset firstgid="1" source="missing.tsx"/>\n').encode(),
    "zero.tmx": PLAIN.replace('width="30" height="20"\n', 'width="0" height="0"\n').encode(),
    "bad-prop.tmx": PLAIN.replace(' <tileset', ' <properties><property name="max_rounds" value="lots"/>'
                                  '</properties>\n <tileset').encode(),
    "xxe.tmx": b'<?xml version="1.0"?><!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]><map>&x;</map>',
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
    limit = load_map(path).max_rounds
    for battle in record["battles"]:
        assert battle["winner"] in ("blue", "red", "draw")
        assert 1 <= battle["rounds"] <= limit
        assert battle["winner"] != "draw" or battle["rounds"] == limit or 0 in battle["survivors"].values()


def test_simulate_bad_map_path_and_options_are_one_line(tmp_path, capsys):
    """Bad input: exit 2 and one line `error: ...` on stderr, nothing on stdout."""
    cases = [
        (["--map", str(tmp_path / "nowhere.tmx")], f"error: {tmp_path / 'nowhere.tmx'}: file not found"),
        (["--map", str(tmp_path)], f"error: {tmp_path}: not a regular file"),
        (["--runs", "-3"], "error: --runs: must be at least 1, got -3"),
        (["--jobs", "0"], "error: --jobs: must be at least 1, got 0"),
        (["--red-ai", "clever"], "error: --red-ai: unknown AI level 'clever'"),
        (["--size", "0"], "error: --size: must be at least 1, got 0"),
    ]
    for args, start in cases:
        assert main(["simulate", *args]) == 2, args
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith(start), (args, err)


YARD_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="yard" tilewidth="16" tileheight="16" tilecount="4" columns="4">
 <image source="yard.png" width="64" height="16"/>
 <tile id="1"><properties><property name="blocks_move" type="bool" value="true"/>
  <property name="blocks_sight" type="bool" value="true"/><property name="cover" value="hard90"/></properties></tile>
 <tile id="2"><properties><property name="cover" value="hard50"/><property name="move_cost" type="float" value="2"/>
  </properties></tile>
 <tile id="3"><properties><property name="move_cost" value="3"/></properties></tile>
</tileset>
"""


def yard_tmx() -> str:
    """A map as an author writes it by hand (Tiled 1.8 style): an external tileset, a CSV
    layer, an object layer with spawn zones, units and an unrelated marker, map properties."""
    rows = [[1] * 12 for _ in range(8)]
    for y in range(2, 6):
        rows[y][6] = 2  # a wall down the middle, with a gap
    rows[4][6] = 3  # sandbags in the gap
    rows[7][5] = rows[7][6] = 4  # mud
    data = "\n" + ",\n".join(",".join(map(str, r)) for r in rows) + "\n"
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="12" height="8"
 tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="6">
 <properties>
  <property name="name" value="The Yard"/>
  <property name="briefing" value="Take the wall."/>
  <property name="metres_per_tile" type="float" value="2"/>
  <property name="max_rounds" type="int" value="12"/>
 </properties>
 <tileset firstgid="1" source="yard.tsx"/>
 <layer id="1" name="ground" width="12" height="8"><data encoding="csv">{data}</data></layer>
 <objectgroup id="2" name="units">
  <object id="1" type="spawn" x="0" y="0" width="32" height="128"><properties><property name="team" value="blue"/></properties></object>
  <object id="2" type="spawn" x="160" y="0" width="32" height="128"><properties><property name="team" value="red"/></properties></object>
  <object id="3" name="Ames" type="unit" x="8" y="40"><properties><property name="team" value="blue"/>
   <property name="weapon" value="m16_a1"/><property name="skills" value="Rifles=6,Athletics=3"/></properties><point/></object>
  <object id="4" name="Crane" type="unit" x="184" y="72"><properties><property name="team" value="red"/>
   <property name="template" value="rifleman"/></properties><point/></object>
  <object id="5" name="a note" x="90" y="20"><point/></object>
 </objectgroup>
</map>
"""


def test_a_hand_drawn_map_checks_and_plays(tmp_path, capsys):
    import pygame

    (tmp_path / "yard.tsx").write_text(YARD_TSX)
    pygame.image.save(pygame.Surface((64, 16)), str(tmp_path / "yard.png"))  # the tileset's art
    path = tmp_path / "yard.tmx"
    path.write_text(yard_tmx())
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    for line in ("map: The Yard", "size: 12 x 8 tiles (96 tiles), 24 x 16 m", "max rounds: 12",
                 "blocks movement: 3 tiles", "blocks sight: 3 tiles",
                 "cover: soft50 0, soft90 0, hard50 1, hard90 3", "move cost other than 1: 2 on 1 tile, 3 on 2 tiles",
                 "unit Ames at (0, 2)", "unit Crane at (11, 4), template rifleman", "assumptions: none",
                 "blue squad: 1 units", "red squad: 1 units"):
        assert line in out, (line, out)
    assert main(["simulate", "--map", str(path), "--runs", "3", "--seed", "5", "--jobs", "1", "--json", "-"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["runs"] == 3 and sum(record["wins"].values()) == 3
    assert all(1 <= b["rounds"] <= 12 for b in record["battles"])
    assert all(sum(b["survivors"].values()) <= 2 for b in record["battles"])


def test_malformed_command_lines_are_one_line_exit_2(capsys):
    """argparse's own refusals (not a number, unknown flag or command) are one line too."""
    for argv in (["simulate", "--runs", "abc"], ["simulate", "--seed", "x"], ["simulate", "--colour", "red"],
                 ["bogus"], ["check-map"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2, argv
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith("error: skirmish"), (argv, err)


def test_unwritable_outputs_are_refused_before_the_run(tmp_path, capsys):
    cases = [(["--json", str(tmp_path / "no" / "r.json")], "error: --json: "),
             (["--report", str(tmp_path)], "error: --report: "),
             (["--report", str(tmp_path / "no" / "r.png")], "error: --report: ")]
    for args, start in cases:
        assert main(["simulate", "--runs", "1", "--jobs", "1", *args]) == 2, args
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith(start), (args, err)
    assert not (tmp_path / "no").exists()


def test_summary_names_the_command_that_replays_one_battle(capsys):
    assert main(["simulate", "--map", "maps/street.tmx", "--runs", "2", "--seed", "7", "--jobs", "1",
                 "--red-ai", "easy", "--size", "2"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "replay one battle" in x)
    assert "(S = its seed, 7 to 8)" in line
    assert line.endswith("skirmish simulate --map maps/street.tmx --runs 1 --seed S --red-ai easy --size 2")


def test_simulate_into_a_closed_pipe_exits_quietly():
    """`skirmish simulate | head`: when the reader has gone, no traceback (a pipe whose read
    end is closed before the command writes: every write fails with EPIPE)."""
    import os
    import subprocess
    import sys

    for extra in ([], ["--json", "-"]):
        r, w = os.pipe()
        os.close(r)
        done = subprocess.run([sys.executable, "-m", "game", "simulate", "--runs", "1", "--jobs", "1",
                               "--map", "maps/street.tmx", "--size", "2", *extra],
                              stdout=w, stderr=subprocess.PIPE, text=True, timeout=120)
        os.close(w)
        assert done.returncode == 0 and done.stderr == "", (extra, done.stderr)
