"""Worker processes end with the command that started them (issue 27, "The results store"):
after `kill -9` of `skirmish sweep --jobs 2` (or `simulate`) nobody is left to end its workers, so each
watches the command and exits when it is gone (game/lab/runner.py, _watch_command)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.lab import runner
from tests.test_sweep import STREET

ROOT = Path(__file__).resolve().parents[1]


def _children(pid):
    """Process ids whose parent is `pid`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def _running(pid):
    """True while `pid` is a process that has not ended (a zombie has)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _until(condition, seconds):
    """Poll `condition` for up to `seconds`; its last value."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)
    return condition()


@pytest.mark.parametrize("command", ["sweep", "simulate"])
def test_workers_end_when_the_command_is_killed(tmp_path, command):
    plan = tmp_path / "plan.toml"
    plan.write_text(f'runs = 1000\nmap = "{STREET}"\nsize = 2\n')
    argv = {"sweep": ["sweep", str(plan)], "simulate": ["simulate", "--map", STREET, "--size", "2", "--runs", "1000"]}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    sweep = subprocess.Popen([sys.executable, "-m", "game", *argv[command], "--jobs", "2"], cwd=tmp_path,
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _until(lambda: len(_children(sweep.pid)) >= 2, 60), "the sweep did not start its two workers"
        workers = _children(sweep.pid)
        time.sleep(2 * getattr(runner, "PARENT_POLL_SECONDS", 0.5))  # their watchers have started
        assert all(_running(w) for w in workers)
    finally:
        sweep.send_signal(signal.SIGKILL)
        sweep.wait()
    left = lambda: [w for w in workers if _running(w)]  # noqa: E731
    try:
        assert _until(lambda: not left(), 10), f"workers {left()} outlived the killed sweep"
    finally:
        for w in left():  # a failed test leaves no process behind
            os.kill(w, signal.SIGKILL)
    if command == "sweep":
        assert (tmp_path / "plan.sqlite").exists()  # what it stored is there (each result its own transaction)
