"""A match is the same whatever the process's string-hash seed: Python randomises the order of a
set of strings per process (PYTHONHASHSEED), and a log line built by walking such a set (the
Mythras situational grades did, 0005 Ranged Combat Situational Modifiers) made a save's replay
fail to reach the saved log in another process. Two processes with different hash seeds play
the same matches under every ruleset, fog on, and must write the same event logs."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import hashlib, os
os.environ["SDL_VIDEODRIVER"] = "dummy"
from engine.rulesets import NAMES
from game.maps import load_map
from game.sim import MatchSpec, play_match
grid = load_map("maps/crossroads.tmx")
for name in NAMES:
    last = {}
    play_match(grid, MatchSpec("maps/crossroads.tmx", 1, ruleset=name, fog=True),
               on_round=lambda m: last.__setitem__("lines", m.log.lines()))
    print(name, hashlib.sha256("\n".join(last["lines"]).encode()).hexdigest())
"""


def _digests(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300, check=True)
    return out.stdout


def test_the_event_logs_do_not_depend_on_the_string_hash_seed():
    a, b = _digests("1"), _digests("2")
    assert a.count("\n") == 4
    assert a == b, f"hash seed 1:\n{a}\nhash seed 2:\n{b}"
