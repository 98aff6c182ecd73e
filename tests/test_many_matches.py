"""Many matches (issue 20): `--runs` streams matches instead of building them all first, a
count up to the limit starts at once, Ctrl-C writes what finished; a match whose sides never
meet ends at max_rounds."""

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from game.cli import main
from game.lab import runner
from game.lab.inflight import Reorder, Window
from game.lab.runner import play_all
from game.lab.simulate import simulate
from game.limits import MAX_RUNS
from game.maps.grid import Spawn, TileRect
from game.sim import MatchSpec, play_match
from tests.world.gridfactory import make_grid

ROOT = Path(__file__).resolve().parents[1]
STREET = str(ROOT / "maps" / "street.tmx")


def test_the_window_lets_no_match_start_too_far_past_the_earliest_unfinished():
    w = Window(3)
    assert [w.start() for _ in range(3)] == [0, 1, 2] and not w.may_start()
    w.done(1)
    w.done(2)
    assert not w.may_start()  # 0 is still playing: 3 would be 3 past it
    w.done(0)
    assert w.may_start() and w.start() == 3


def test_results_are_put_back_in_order_and_the_rest_kept_when_stopped():
    r = Reorder()
    assert r.push(1, "b") == [] and r.push(0, "a") == ["a", "b"] and r.push(3, "d") == []
    assert r.rest() == ["d"]


@pytest.mark.parametrize("jobs,window", [(1, None), (2, 4)])
def test_specs_are_drawn_only_as_workers_need_them(jobs, window):
    drawn = []

    def specs():
        for i in range(MAX_RUNS):
            drawn.append(i)
            yield MatchSpec(STREET, 1 + i, size=1)

    results = play_all(specs(), jobs=jobs, window=window)
    first = next(results)
    assert len(drawn) <= (window or 1) and first[0] < len(drawn)
    results.close()  # leaving the loop ends the workers


def test_the_streamed_record_is_the_json_of_the_whole_record(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["simulate", "--map", STREET, "--runs", "3", "--size", "2", "--jobs", "2", "--json", str(out)]) == 0
    text = out.read_text()
    record = json.loads(text)
    assert text == json.dumps(record, indent=2, sort_keys=True) + "\n"
    assert [b["seed"] for b in record["battles"]] == [1, 2, 3] and record["fog"] is False
    assert "interrupted" not in record
    same = simulate(STREET, 3, 1, size=2)
    strip = ("decision_ms",)
    assert [{k: v for k, v in b.items() if k not in strip} for b in record["battles"]] == \
        json.loads(json.dumps([{k: v for k, v in b.items() if k not in strip} for b in same["battles"]]))


def test_the_limit_starts_at_once_and_ctrl_c_writes_what_finished(tmp_path, capsys, monkeypatch):
    played = []

    def stop_at_the_fourth(grid, spec):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(spec.seed)
        return play_match(grid, spec)

    monkeypatch.setattr(runner, "play_match", stop_at_the_fourth)
    out = tmp_path / "r.json"
    rc = main(["simulate", "--map", STREET, "--runs", str(MAX_RUNS), "--size", "1", "--jobs", "1",
               "--json", str(out)])
    assert rc == 130
    record = json.loads(out.read_text())
    assert (record["runs"], record["runs_asked"], record["interrupted"]) == (3, MAX_RUNS, True)
    assert [b["seed"] for b in record["battles"]] == [1, 2, 3]
    assert sum(record["wins"].values()) == 3
    assert "stopped by Ctrl-C: 3 of 100,000 finished" in capsys.readouterr().out


def test_ctrl_c_with_worker_processes_writes_what_finished_and_no_traceback(tmp_path):
    out = tmp_path / "r.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-m", "game", "simulate", "--map", STREET, "--runs", str(MAX_RUNS),
                             "--size", "1", "--jobs", "2", "--json", str(out)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    tmp = Path(str(out) + ".tmp")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # until a few battles are written
        if tmp.exists() and tmp.read_text().count('"seed"') >= 3:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "stopped by Ctrl-C" in stdout
    record = json.loads(out.read_text())
    seeds = [b["seed"] for b in record["battles"]]
    assert record["interrupted"] and record["runs"] == len(seeds) >= 3 and seeds == sorted(seeds)
    assert not tmp.exists()


def test_a_match_whose_sides_never_meet_ends_at_max_rounds():
    """A wall from edge to edge: no one can reach or see the other side. Each round every unit
    is asked once and nothing more (the work of a round does not grow), and the match ends as
    a draw at the map's max_rounds."""
    rows = ["." * 14 + "#" + "." * 15 for _ in range(12)]
    grid = replace(make_grid(rows, metres_per_tile=2.0), max_rounds=25,
                   spawns=(Spawn("blue", TileRect(0, 0, 2, 12), "west"), Spawn("red", TileRect(28, 0, 2, 12), "east")))
    lines = []
    record = play_match(grid, MatchSpec("<split>", 5, size=4),
                        on_round=lambda m: lines.append(len(m.log.lines())))
    assert (record["winner"], record["rounds"]) == ("draw", 25)
    assert record["casualties"] == {"blue": 0, "red": 0} and record["weapons"] == {}
    assert record["decision_ms"]["count"] == 8 * 25  # one declaration per unit per round
    per_round = [b - a for a, b in zip(lines, lines[1:], strict=False)]
    assert max(per_round[-5:]) <= max(per_round[:5])  # the log grows no faster as rounds go by
