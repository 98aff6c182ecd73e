"""Hostile command lines (issue 12): each is one line on stderr naming the flag or the file,
the place and the problem, exit code 2, never a traceback, never blocking, and no output file
or device touched."""

import argparse
import errno
import os
import re
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
    refused(capsys, ["simulate", "--runs", "9" * 5000], "--runs: must be at most 100,000, got a number of 5,000 digits")


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


@pytest.mark.parametrize("distance, why", [("nan", "must be a number more than 0 and at most 2,000, got nan"),
                                           ("inf", "must be at most 2,000, got inf"),
                                           ("-inf", "must be more than 0, got -inf"),
                                           ("0", "must be more than 0, got 0"), ("-3", "must be more than 0, got -3")])
def test_issue12_duel_distance_nan_is_refused(capsys, distance, why):
    refused(capsys, ["duel", "--a", "m16_a1", "--b", "ak_47", f"--distance={distance}"], f"--distance: {why}")


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


# --- issue 27: numbers on the command line ---------------------------------------------------

HOSTILE_NUMBERS = ("-1", "0", "1e30", str(10**30), "inf", "nan")
NOT_NUMBERS = {"play": {"help", "map", "mode", "ai", "blue_ai", "red_ai", "ruleset", "fog", "ai_sees_all",
                        "screenshot", "save_dir", "load", "blue_tactic", "red_tactic", "blue_deployment", "red_deployment"},
               "rules": {"help", "what", "ruleset"}, "check-map": {"help", "path", "ruleset"},
               "new-map": {"help", "name", "source", "tiles"}, "check-save": {"help", "path"},
               "simulate": {"help", "map", "blue_ai", "red_ai", "blue_squad", "red_squad", "ruleset", "fog",
                            "ai_sees_all", "scenario", "report", "json", "cluster", "blue_tactic", "red_tactic", "blue_deployment", "red_deployment",
                            "blue_ai_weights", "red_ai_weights", "log"},
               "sweep": {"help", "plan", "db", "cluster", "report"},
               "duel": {"help", "a", "b", "ruleset"},
               "replay": {"help", "store", "variant", "index", "screenshot"},  # index: a positional, its range in --help
               "sweep-log": {"help", "store", "variant", "index"}}
"""Every flag that takes no number: a flag that is not here must be a numeric flag with a range."""
POSITIONALS = {"check-map": ["m.tmx"], "new-map": ["m"], "check-save": ["s.json"], "sweep": ["p.toml"],
               "replay": ["s.sqlite", "0123abcd", "0"], "sweep-log": ["s.sqlite", "0123abcd", "0"]}
_RANGE = re.compile(r"(?:; |^)(?:more than (?P<above>[\d,.]+) and at most|(?P<low>[\d,.]+) to) (?P<high>[\d,.]+)$")


def subcommands():
    from game.cli import build_parser

    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return parser, sub.choices


def numeric_flags():
    """(subcommand, flag, action) of every numeric flag of every subcommand."""
    _, subs = subcommands()
    return [(name, action.option_strings[0], action) for name, sub in subs.items() for action in sub._actions
            if action.dest not in NOT_NUMBERS[name]]


def documented_range(action) -> tuple[float, float, bool]:
    """The range the flag's --help states: (low, high, low excluded)."""
    found = _RANGE.search(" ".join(action.help.split()))
    assert found, (action.option_strings, action.help)
    low = found["above"] or found["low"]
    return float(low.replace(",", "")), float(found["high"].replace(",", "")), found["above"] is not None


def test_issue27_every_numeric_flag_has_a_range_checked_as_the_line_is_read():
    """A new flag that takes a number without a range (type=int, type=float) fails here; so
    does a subcommand this test does not know."""
    from game.cli_numbers import Bounded

    _, subs = subcommands()
    assert set(subs) == set(NOT_NUMBERS)
    flags = numeric_flags()
    assert {(s, f) for s, f, _ in flags} >= {("duel", "--distance"), ("simulate", "--runs"), ("play", "--size"),
                                            ("sweep", "--jobs"), ("duel", "--seed")}
    for sub, flag, action in flags:
        assert isinstance(action.type, Bounded), f"{sub} {flag} has no range (use game.cli_numbers.whole/number)"
        documented_range(action)


def test_issue27_every_numeric_flag_is_in_the_readme_limits():
    text = (ROOT / "README.md").read_text()
    table = next(part for part in text[text.index("### Limits"):].split("\n\n") if part.startswith("| what"))
    for sub, flag, action in numeric_flags():
        rows = [row for row in table.splitlines() if f"`{sub} {flag}" in row]
        assert len(rows) == 1, (sub, flag)
        assert action.type.describe() in rows[0], (sub, flag, rows[0])


@pytest.mark.parametrize("sub, flag, action", numeric_flags(), ids=lambda v: v if isinstance(v, str) else "")
def test_issue27_numeric_flags_at_hostile_values_against_their_own_range(capsys, sub, flag, action):
    """-1, 0, 1e30, 10**30, inf and nan: accepted when the --help's range holds them (a whole
    number written whole), else one line naming the flag, exit 2, before anything runs."""
    parser, _ = subcommands()
    low, high, above = documented_range(action)
    whole = action.type.whole
    for value in HOSTILE_NUMBERS:
        number = float(value)
        inside = (low < number if above else low <= number) and number <= high  # nan: False
        fits = inside and (not whole or re.fullmatch(r"-?\d+", value) is not None)
        places = [[value, "720"], ["1280", value]] if action.nargs == 2 else [[value]]
        for given in places:
            argv = [sub, *POSITIONALS.get(sub, []), flag, *given]
            if fits:
                got = getattr(parser.parse_args(argv), action.dest)
                assert (got[given.index(value)] if action.nargs == 2 else got) == number, argv
            else:
                line = refused(capsys, argv, f"{'/'.join(action.option_strings)}: must be ")
                assert "got" in line and "Traceback" not in line, line


def test_issue27_duel_distance_huge_is_refused_at_once(capsys):
    """It was an OverflowError (1e300), a MemoryError, or a strip of 5 * 10**29 tiles."""
    for huge in ("1e30", "1e300", str(10**30), "1" + "0" * 400):
        refused(capsys, ["duel", "--a", "m16_a1", "--b", "ak_47", "--distance", huge], "--distance: must be at most 2,000")


def test_issue27_duel_at_the_farthest_distance_plays_to_the_end(capsys):
    from game.limits import MAX_DUEL_METRES

    assert main(["duel", "--a", "broad_sword", "--b", "spear", "--distance", str(MAX_DUEL_METRES), "--rounds", "3"]) == 0
    out = capsys.readouterr().out
    assert f"at {MAX_DUEL_METRES:g} m" in out and "after 3 rounds" in out


# --- issue 27: outputs on a full device ------------------------------------------------------


@pytest.mark.parametrize("argv", [["check-map", STREET], ["simulate", "--map", STREET, "--runs", "1", "--size", "1",
                                                          "--jobs", "1", "--json", "-"], ["rules"], ["--help"]])
def test_issue27_standard_output_on_a_full_device_is_one_line(argv):
    """`skirmish check-map M > /dev/full` was an OSError traceback (then a second one as
    Python flushed standard output at exit)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "game", *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                           env=env, timeout=120)
    assert r.returncode == 2 and r.stderr == "error: standard output: cannot write (No space left on device)\n", \
        (argv, r.returncode, r.stderr)


class _FullStdout:
    """A standard output on a full disk: every write fails."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self):
        pass


def test_issue27_a_write_to_standard_output_that_fails_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdout", _FullStdout())
    refused(capsys, ["check-map", STREET], "error: standard output: cannot write (No space left on device)")
    refused(capsys, ["simulate", "--map", STREET, "--runs", "1", "--size", "1", "--jobs", "1", "--json", "-"],
            "error: standard output: cannot write (No space left on device)")


def test_issue27_json_when_the_disk_fills_as_battles_stream_keeps_the_old_file(capsys, tmp_path, monkeypatch):
    """The second battle's write fails with ENOSPC: one line naming --json and the file,
    exit 2, the old record as it was and no temporary left."""
    out = tmp_path / "r.json"
    out.write_text('{"old": true}\n')
    real_write, writes = os.write, []

    def write(fd, data):
        if fd > 2 and os.readlink(f"/proc/self/fd/{fd}").endswith("r.json.tmp"):
            writes.append(len(data))
            if len(writes) > 1:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    refused(capsys, ["simulate", "--map", STREET, "--runs", "3", "--size", "1", "--jobs", "1", "--json", str(out)],
            f"error: --json: {out}: cannot write (No space left on device)")
    assert len(writes) == 2 and out.read_text() == '{"old": true}\n' and os.listdir(tmp_path) == ["r.json"]


def test_issue27_json_past_the_file_size_limit_with_worker_processes_keeps_the_old_file(tmp_path):
    """The same with --jobs 2, the run's process limited to 3,000 bytes a file (RLIMIT_FSIZE:
    the disk is full as far as it can tell, EFBIG), as a user would meet it."""
    import resource
    import signal

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))

    out = tmp_path / "r.json"
    out.write_text("old\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "game", "simulate", "--map", STREET, "--runs", "6", "--size", "2",
                        "--jobs", "2", "--json", str(out)], preexec_fn=limited, capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 2 and r.stdout == "", (r.returncode, r.stderr)
    assert r.stderr == f"error: --json: {out}: cannot write (File too large)\n", r.stderr
    assert out.read_text() == "old\n" and os.listdir(tmp_path) == ["r.json"]


@pytest.mark.parametrize("flag, value", [("--jobs", "0"), ("--jobs", "1e30"), ("--seed", "-1"), ("--seed", "nan")])
def test_issue27_the_strength_tool_bounds_its_numbers_too(capsys, flag, value):
    from game.lab import strength

    with pytest.raises(SystemExit) as exit_:
        strength.main([flag, value])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and f"{flag}: must be" in err, err
