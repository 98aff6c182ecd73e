#!/usr/bin/env python3
"""Measure the CPU an idle battle screen costs: start `skirmish play` on a map, let it settle,
then read its CPU time (all threads, from /proc) over a span with nothing happening.

    python tools/idle_cpu.py [--map maps/street.tmx] [--settle 5] [--span 20]

Uses the display in $DISPLAY (run it under `xvfb-run` on a machine without one), or SDL's
dummy video driver when there is none; the audio driver is SDL's dummy unless one is set.
Prints the percentage of one core; the goal is under 5% (issue 18). Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (its threads included), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default=str(ROOT / "maps" / "street.tmx"))
    parser.add_argument("--settle", type=float, default=5.0, help="seconds to let the window open first")
    parser.add_argument("--span", type=float, default=20.0, help="seconds measured")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    with tempfile.TemporaryDirectory() as home:
        env["XDG_CONFIG_HOME"] = home  # the default settings, whatever the player's are
        env["SKIRMISH_SAVE_DIR"] = home
        cmd = [sys.executable, "-m", "game", "play", "--map", args.map, "--mode", "solo", "--seed", "3"]
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            time.sleep(args.settle)
            if proc.poll() is not None:
                print(f"idle_cpu: the game ended: {proc.stderr.read().decode(errors='replace').strip()}",
                      file=sys.stderr)
                return 1
            t0, c0 = time.monotonic(), cpu_seconds(proc.pid)
            time.sleep(args.span)
            t1, c1 = time.monotonic(), cpu_seconds(proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    share = 100 * (c1 - c0) / (t1 - t0)
    driver = "dummy video driver" if env.get("SDL_VIDEODRIVER") == "dummy" else f"display {env.get('DISPLAY')}"
    print(f"idle battle screen ({Path(args.map).name}, {driver}): {c1 - c0:.2f} s of CPU in {t1 - t0:.1f} s "
          f"= {share:.1f}% of a core (goal: under 5%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
