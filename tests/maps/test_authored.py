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
