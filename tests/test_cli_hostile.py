"""Hostile command lines (issue 12): each is one line on stderr naming the flag or the file,
the place and the problem, exit code 2, never a traceback, never blocking, and no output file
or device touched."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.limits import MAX_LINE_CHARS, MAX_RUNS, MAX_SEED

ROOT = Path(__file__).resolve().parents[1]
STREET = str(ROOT / "maps" / "street.tmx")


def refused(capsys, argv, *expected):
    """main(argv) exits 2 with one bounded line on stderr holding each of `expected`."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code
    assert code == 2, argv
    out, err = capsys.readouterr()
    assert out == "" and err.endswith("\n") and err.count("\n") == 1, err
    line = err.rstrip("\n")
    assert line.startswith("error: ") and len(line) <= MAX_LINE_CHARS, line
    for part in expected:
        assert part in line, (part, line)
    return line


def test_issue12_simulate_size_500_on_the_street_is_refused_at_once(capsys):
    """It was a 'no free walkable tile' traceback from inside the first match."""
    refused(capsys, ["simulate", "--map", STREET, "--size", "500", "--runs", "1", "--jobs", "1"],
            "street.tmx: size 500: the map has 706 walkable tiles", "at most 353")


def test_issue12_simulate_size_of_a_hundred_million_is_refused_before_building_squads(capsys):
    refused(capsys, ["simulate", "--map", STREET, "--size", str(10**8)], "--size: must be at most 1,000")


def test_issue12_simulate_runs_10_12_is_refused_at_once(capsys):
    refused(capsys, ["simulate", "--runs", str(10**12)], f"--runs: must be at most {MAX_RUNS:,}, got 1,000,000,000,000")


def test_issue12_a_5000_digit_runs_is_one_bounded_line(capsys):
    refused(capsys, ["simulate", "--runs", "9" * 5000], "argument --runs: invalid int value", "\u2026")


@pytest.mark.parametrize("flag", ["--report", "--json"])
@pytest.mark.parametrize("where", ["/dev/full", "/dev/null"])
def test_issue12_simulate_outputs_at_a_device_are_refused_before_the_run(capsys, flag, where):
    refused(capsys, ["simulate", "--map", STREET, "--runs", "1", "--jobs", "1", flag, where],
            f"{flag}: {where}: is a character device; outputs are written only to regular files")


@pytest.mark.parametrize("flag", ["--report", "--json"])
def test_issue12_simulate_outputs_at_a_fifo_are_refused_and_it_stays_a_fifo(capsys, fifo, never_blocks, flag):
    refused(capsys, ["simulate", "--map", STREET, "--runs", "1", "--jobs", "1", flag, str(fifo)],
            f"{flag}: {fifo}: is a FIFO")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_issue12_simulate_report_at_a_folder_is_refused(capsys, tmp_path):
    refused(capsys, ["simulate", "--map", STREET, "--runs", "1", "--jobs", "1", "--report", str(tmp_path)],
            f"--report: {tmp_path}: is a folder")


def test_issue12_json_to_a_regular_file_leaves_no_temporary(capsys, tmp_path):
    out = tmp_path / "r.json"
    (tmp_path / "r.json.tmp").write_text("{")  # left by a killed run
    assert main(["simulate", "--map", STREET, "--runs", "1", "--size", "1", "--jobs", "1", "--json", str(out)]) == 0
    capsys.readouterr()
    assert sorted(os.listdir(tmp_path)) == ["r.json"] and out.read_text().startswith("{")


@pytest.mark.parametrize("kind", ["folder", "/dev/full", "fifo"])
def test_issue12_play_screenshot_at_a_folder_a_device_or_a_fifo_is_one_line(capsys, tmp_path, fifo, never_blocks,
                                                                            kind):
    """These were pygame tracebacks after the frames were drawn."""
    where = {"folder": str(tmp_path), "/dev/full": "/dev/full", "fifo": str(fifo)}[kind]
    what = {"folder": "a folder", "/dev/full": "a character device", "fifo": "a FIFO"}[kind]
    refused(capsys, ["play", "--map", STREET, "--screenshot", where, "--frames", "1"], f"--screenshot: {where}: is {what}")


def test_issue12_a_screenshot_that_cannot_be_written_is_one_line(capsys, tmp_path, monkeypatch):
    """The check before the run passed, the write fails (the disk filled meanwhile)."""
    from game import files

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    shot = tmp_path / "shot.png"
    refused(capsys, ["play", "--map", STREET, "--screenshot", str(shot), "--frames", "1"],
            f"--screenshot: {shot}: cannot write (No space left on device)")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("distance", ["nan", "inf", "-inf", "0", "-3"])
def test_issue12_duel_distance_nan_is_refused(capsys, distance):
    refused(capsys, ["duel", "--a", "m16_a1", "--b", "ak_47", f"--distance={distance}"],
            "--distance: must be a positive number of metres")


@pytest.mark.parametrize("argv", [
    ["simulate", "--map", STREET, "--runs", "1", "--jobs", "1"],
    ["play", "--map", STREET, "--frames", "1"],
    ["duel"],
])
def test_issue12_negative_seeds_are_refused_everywhere(capsys, tmp_path, argv):
    """Seeds are 0 to MAX_SEED on the command line as in scenarios and saves: Python seeds
    with the absolute value, so -3 would replay seed 3 (and --seed -5 --runs 10 play 1 to 4
    twice)."""
    if argv[0] == "play":
        argv = [*argv, "--screenshot", str(tmp_path / "s.png")]
    refused(capsys, [*argv, "--seed", "-3"], "--seed: must be at least 0, got -3")
    refused(capsys, [*argv, "--seed", str(MAX_SEED + 1)], f"--seed: must be at most {MAX_SEED:,}")
    assert main([*argv, "--seed", "0"]) == 0
    capsys.readouterr()


def test_issue12_simulate_seeds_past_the_highest_are_refused(capsys):
    refused(capsys, ["simulate", "--runs", "10", "--seed", str(MAX_SEED - 5)], "and 10 runs go past the highest seed")


def test_issue12_a_file_name_with_a_newline_is_one_line(capsys, tmp_path):
    name = tmp_path / "a\nb\x1b[31m.json"
    refused(capsys, ["check-save", str(name)], "a\\nb\\x1b[31m.json: no such save")
    refused(capsys, ["check-map", str(name)], "a\\nb\\x1b[31m.json: file not found")


def test_issue12_a_20_mb_layer_name_is_not_echoed_whole(capsys, tmp_path):
    text = Path(STREET).read_text().replace('source="terrain.tsx"', f'source="{ROOT / "maps" / "terrain.tsx"}"')
    start, end = text.index("<data"), text.index("</data>")
    rows = text[start:end].split("\n")
    text = text[:start] + "\n".join(rows[:-2]) + "\n" + text[end:]  # a row short
    bad = tmp_path / "long.tmx"
    bad.write_text(text.replace('name="ground"', 'name="' + "g" * 20_000_000 + '"', 1))
    refused(capsys, ["check-map", str(bad)], f"{bad}: layer 'ggg", "\u2026", "': data has 921 tiles, expected 960")


def test_issue12_hostile_command_lines_never_show_a_traceback():
    """The same cases as a user runs them, in a process of their own."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for argv in (["simulate", "--map", STREET, "--size", "500", "--runs", "1", "--jobs", "1"],
                 ["simulate", "--runs", str(10**12)],
                 ["simulate", "--map", STREET, "--runs", "1", "--jobs", "1", "--report", "/dev/full"],
                 ["play", "--map", STREET, "--screenshot", "/dev/full", "--frames", "1"],
                 ["duel", "--distance", "nan"]):
        r = subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True, text=True, env=env, timeout=120)
        assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1, (argv, r.stderr)
        assert "Traceback" not in r.stderr and r.stderr.startswith("error: "), (argv, r.stderr)
