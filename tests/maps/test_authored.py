"""A map written by hand the way a map author would (tests/maps/authored/yard.tmx: Tiled 1.8
XML, CSV layers, the shipped `maps/terrain.tsx` as an external tileset, two spawn zones and
eight unit objects with templates): check-map reads it with nothing assumed, and AI matches
play on it to the end, the same seed giving the same record."""

from __future__ import annotations

import json
from pathlib import Path

from game.cli import main
from game.maps import load_map

YARD = Path(__file__).resolve().parent / "authored" / "yard.tmx"


def test_check_map_reads_the_hand_drawn_map_with_nothing_assumed(capsys):
    assert main(["check-map", str(YARD)]) == 0
    out = capsys.readouterr().out
    assert "map: The Yard" in out and "scale: 2 m a tile" in out
    assert "assumptions: none" in out
    assert "blue: 1 spawn zone" in out and "4 units placed by the map" in out
    grid = load_map(YARD)
    assert (grid.width, grid.height, grid.max_rounds) == (20, 12, 25)
    # the wall across the middle has its gap, the water blocks, the sandbags give cover
    assert not grid.walkable(10, 2) and grid.walkable(10, 5) and not grid.walkable(9, 0)
    assert grid.cover(6, 4) is not None


def test_simulate_plays_the_hand_drawn_map_to_the_end_reproducibly(tmp_path):
    outs = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        assert main(["simulate", "--map", str(YARD), "--runs", "4", "--seed", "5", "--jobs", "1",
                     "--json", str(path)]) == 0
        record = json.loads(path.read_text())
        record.pop("seconds")
        record.pop("command", None)  # names the --json file
        record["summary"].pop("decision_ms")  # timings
        for b in record["battles"]:
            b.pop("decision_ms")
        outs.append(record)
    assert outs[0] == outs[1]
    assert outs[0]["runs"] == 4 and sum(outs[0]["wins"].values()) == 4
    for b in outs[0]["battles"]:
        assert b["winner"] in ("blue", "red", "draw") and 1 <= b["rounds"] <= 25


SCRATCH = Path(__file__).resolve().parent / "authored" / "scratch.tmx"
"""Drawn from scratch as Tiled 1.8 saves a map made with the project's types: properties left
at the class defaults are not in the file (a blue unit with no properties at all, the blue
spawn zone with no team), enum values carry their propertytype. tools/tiled_check.py checks
that Tiled 1.8.2, with the project loaded, re-saves it byte for byte."""


def test_a_map_drawn_from_scratch_with_the_project_s_types_checks_and_plays(capsys, tmp_path):
    assert main(["check-map", str(SCRATCH)]) == 0
    out = capsys.readouterr().out
    assert "map: Scratch" in out and "assumptions: none" in out
    grid = load_map(SCRATCH)
    assert (grid.ruleset, grid.fog, grid.max_rounds) == ("yags", False, 20)
    by_name = {u.name: u for u in grid.units}
    ames, cole, ford = by_name["Pte Ames"], by_name["Pte Cole"], by_name["Pte Ford"]
    assert (ames.team, ames.template, ames.weapon, ames.magazines) == ("blue", "rifleman", None, None)
    assert (cole.weapon, cole.armour, cole.grenades) == ("ak_47", "combat_helmet,kevlar_vest", "none")
    assert (ford.team, ford.weapon) == ("red", "spas_12")
    assert [s.team for s in grid.spawns] == ["blue", "red"]
    assert main(["simulate", "--map", str(SCRATCH), "--runs", "2", "--jobs", "1"]) == 0
    # the same map as Tiled 1.9 saves it (class= for objects) gives the same facts
    later = tmp_path / "scratch.tmx"
    later.write_text(SCRATCH.read_text().replace(' type="', ' class="')
                     .replace('"../../../maps/', f'"{SCRATCH.parents[3] / "maps"}/'))
    assert load_map(later).units == grid.units and load_map(later).spawns == grid.spawns
