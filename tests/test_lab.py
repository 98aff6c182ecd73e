"""The tactics lab: summary maths, scenario files, the report PNG, replays, a strength check."""

import json
import re
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.lab.scenario import ScenarioError, load_scenario
from game.lab.simulate import simulate
from game.lab.strength import pairing
from game.lab.summary import wilson

SMALL = "maps/street.tmx"


def test_wilson_known_values():
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 0.0)


def test_simulate_summary_json_report_and_replay(tmp_path, capsys):
    out, png = tmp_path / "r.json", tmp_path / "r.png"
    rc = main(["simulate", "--map", SMALL, "--runs", "2", "--seed", "4", "--jobs", "1", "--size", "3",
               "--json", str(out), "--report", str(png), "--red-squad", "swordsman,rifleman"])
    assert rc == 0
    text = capsys.readouterr().out
    assert "95% CI" in text and "rounds: mean" in text and "command: skirmish simulate" in text
    rec = json.loads(out.read_text())
    for key in ("map", "runs", "seed", "wins", "mean_rounds", "seconds", "battles", "summary", "command"):
        assert key in rec
    b = rec["battles"][1]
    for key in ("seed", "winner", "rounds", "survivors", "weapons", "fell", "fought_from", "decision_ms"):
        assert key in b
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # the second battle replayed alone with its own seed is the same battle
    again = simulate(SMALL, 1, b["seed"], size=3, red_squad="swordsman,rifleman")["battles"][0]
    assert {k: again[k] for k in ("winner", "rounds", "survivors", "weapons")} == \
        {k: b[k] for k in ("winner", "rounds", "survivors", "weapons")}


def test_scenario_file(tmp_path, capsys):
    f = tmp_path / "s.toml"
    m = Path(SMALL).resolve()
    f.write_text(f'map = "{m}"\nruns = 1\nseed = 9\nsize = 2\n[blue]\nai = "hard"\n[red]\nai = "easy"\n')
    s = load_scenario(f)
    assert s["blue_ai"] == "hard" and s["red_ai"] == "easy" and s["runs"] == 1
    assert main(["simulate", "--scenario", str(f), "--jobs", "1"]) == 0
    assert "hard (blue) against easy (red)" in capsys.readouterr().out


@pytest.mark.parametrize("body,expect", [
    ("runs = 0\n", "runs: must be at least 1"),
    ("runs = 'x'\n", "runs: must be int"),
    ("colour = 1\n", "colour: unknown field"),
    ("[blue]\nai = 'genius'\n", "blue.ai: unknown AI level"),
    ("map = 'nowhere.tmx'\n", "map: no such file"),
    ("runs = [\n", "s.toml"),
])
def test_bad_scenario_is_one_line_exit_2(tmp_path, capsys, body, expect):
    f = tmp_path / "s.toml"
    f.write_text(body)
    with pytest.raises(ScenarioError):
        load_scenario(f)
    assert main(["simulate", "--scenario", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert expect in err and "\n" not in err


def test_normal_beats_random_clearly():
    r = pairing(SMALL, "normal", "random", seeds=2, seed=1)
    assert r["won"] >= 3, r
    # by side, the same matches: the stronger's wins on each side add up to its wins, and the
    # weaker's wins on each side to the stronger's losses
    assert r["won_as_blue"] + r["won_as_red"] == r["won"]
    assert r["weak_won_as_blue"] + r["weak_won_as_red"] == r["lost"]


def test_report_marks_falls_in_team_colours_over_the_map(tmp_path):
    """The report shades the left half of a tile where a blue unit fell blue, the right half
    red for a red fall, and leaves tiles where nobody fell as the (dimmed) map."""
    import pygame

    from game.lab.report import HEAD, draw_report
    from game.maps import load_map

    grid = load_map(SMALL)
    record = {"map_name": grid.name, "runs": 2, "seed": 1, "blue_ai": "normal", "red_ai": "easy",
              "wins": {"blue": 2, "red": 0, "draw": 0}, "mean_rounds": 7.0,
              "battles": [{"fell": [["blue", 1, 1], ["red", 3, 1]], "fought_from": []},
                          {"fell": [["blue", 1, 1]], "fought_from": [["red", 5, 2]]}]}
    png = draw_report(grid, record, str(tmp_path / "r.png"), max_px=400)
    img = pygame.image.load(png)
    cell = max(4, min(24, 400 // max(grid.width, grid.height)))

    def at(x: int, y: int, right: bool) -> tuple[int, int, int]:
        px = x * cell + (3 * cell // 4 if right else cell // 4)
        return tuple(img.get_at((px, HEAD + y * cell + cell // 2)))[:3]

    r, g, b = at(1, 1, right=False)
    assert b > r + 60  # blue fell here twice
    r, g, b = at(3, 1, right=True)
    assert r > b + 60  # red fell here once
    r2, g2, b2 = at(2, 3, right=False)  # nobody fell here
    assert abs(r2 - b2) < 60 or g2 >= max(r2, b2)


def test_a_small_maps_report_is_wide_enough_for_its_title(tmp_path):
    """A 6 x 4 map draws at most 24 px a tile: the report widens to its title line, so the
    figures at its end (the draws, the mean rounds) are not cut off."""
    import pygame

    sys.path.insert(0, str(Path(__file__).resolve().parent / "world"))
    from gridfactory import make_grid

    from game.lab.report import draw_report

    grid = make_grid(["......"] * 4)
    record = {"map_name": "A yard with a rather long name", "runs": 200, "seed": 1, "blue_ai": "normal",
              "red_ai": "normal", "wins": {"blue": 100, "red": 90, "draw": 10}, "mean_rounds": 12.5,
              "battles": [{"fell": [], "fought_from": []}]}
    img = pygame.image.load(draw_report(grid, record, str(tmp_path / "r.png")))
    font = pygame.font.Font(None, 22)
    title = ("A yard with a rather long name: 200 matches from seed 1; normal blue won 100 (50%), "
             "normal red 90 (45%), drawn 10; mean 12.5 rounds")
    assert img.get_width() >= font.size(title)[0] + 6 > 6 * 24


STREET = str(Path(__file__).resolve().parents[1] / "maps" / "street.tmx")
HOSTILE_SCENARIOS = {
    "100,000 nested arrays": ("runs = " + "[" * 100_000 + "\n", "line 1: arrays and tables nested more than 32 deep"),
    "5000-digit integer": ("runs = " + "9" * 5000 + "\n", "line 1: an integer is too large"),
    "4000-digit integer": ("[blue]\nai = 'easy'\n[red]\nai = 'easy'\n" + "seed = " + "9" * 4000 + "\n",
                           "red.seed: an integer of 4000 digits is too large"),
    "a 5 MB map path": ('map = "' + "m" * 5_000_000 + '"\n', "more than the 1,048,576 byte limit"),
    "a 100 KB map path": ('map = "' + "m" * 100_000 + '"\n', "map: a path of 100,000 characters is too long"),
    "runs = 10**12": ("runs = 1000000000000\n", "runs: must be at most 100,000, not 1,000,000,000,000"),
    "size = 10**8": ("size = 100000000\n", "size: must be at most 1,000, not 100,000,000"),
    "runs = inf": ("runs = inf\n", "runs: must be a finite number, not inf"),
    "seed = -3": ("seed = -3\n", "seed: must be at least 0, not -3"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_SCENARIOS))
def test_issue12_hostile_scenarios_are_one_line_exit_2(tmp_path, capsys, case):
    body, expect = HOSTILE_SCENARIOS[case]
    f = tmp_path / "s.toml"
    f.write_text(body)
    with pytest.raises(ScenarioError, match=re.escape(expect)):
        load_scenario(f)
    assert main(["simulate", "--scenario", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and str(f) in err and expect in err, err


@pytest.mark.parametrize("where", ["fifo", "/dev/zero", "sparse 700 MB"])
def test_issue12_a_scenario_that_is_a_fifo_a_device_or_huge_is_refused_without_reading(
        tmp_path, capsys, fifo, never_blocks, where):
    path = {"fifo": str(fifo), "/dev/zero": "/dev/zero", "sparse 700 MB": str(tmp_path / "big.toml")}[where]
    if where.startswith("sparse"):
        with open(path, "wb") as fh:
            fh.truncate(700 * 1024 * 1024)
    assert main(["simulate", "--scenario", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: {path}: "), err
    assert ("not a regular file" in err) != where.startswith("sparse")


def test_issue12_a_scenario_size_the_map_cannot_hold_is_refused_before_any_match(tmp_path, capsys):
    f = tmp_path / "s.toml"
    f.write_text(f'map = "{STREET}"\nsize = 400\nruns = 100000\n')
    assert main(["simulate", "--scenario", str(f), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "street.tmx: size 400: the map has 706 walkable tiles" in err, err


def test_issue12_seed_0_is_accepted_by_scenarios_and_the_command_line_alike(tmp_path, capsys):
    """Scenarios refused seed 0 (every integer had to be at least 1); seeds are 0 to MAX_SEED
    everywhere now."""
    f = tmp_path / "s.toml"
    f.write_text(f'map = "{STREET}"\nseed = 0\nruns = 1\nsize = 1\n')
    assert load_scenario(f)["seed"] == 0
    assert main(["simulate", "--scenario", str(f), "--jobs", "1", "--json", "-"]) == 0
    from_file = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--map", STREET, "--seed", "0", "--runs", "1", "--size", "1", "--jobs", "1",
                 "--json", "-"]) == 0
    from_flags = json.loads(capsys.readouterr().out)
    same = ("seed", "winner", "rounds", "survivors", "casualties", "weapons", "fell")  # not the timings
    assert [{k: b[k] for k in same} for b in from_file["battles"]] == \
        [{k: b[k] for k in same} for b in from_flags["battles"]]
    assert from_file["seed"] == 0


def test_the_replay_command_names_the_ruleset_and_the_fog_always():
    """The summary's line that plays one battle again keeps the ruleset and fog it was played
    under, even the defaults (a map's properties could change them; tests/test_replay_command.py
    replays every setting)."""
    from game.lab.summary import replay_command

    rec = {"map": "maps/street.tmx", "ruleset": "mythras", "blue_ai": "normal", "red_ai": "normal"}
    assert replay_command(rec, 7) == ("skirmish simulate --map maps/street.tmx --runs 1 --seed 7 --ruleset mythras "
                                      "--fog off")
    assert "--ruleset yags" in replay_command({**rec, "ruleset": "yags"}, 7)
