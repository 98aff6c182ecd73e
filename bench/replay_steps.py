"""What a replay's step back costs (issue 31): the match re-played from its start up to the
round before the one wanted (game/lab/replay_sources.py keeps no snapshots).

    python bench/replay_steps.py [--seed 1] [MAP ...]     # default: every shipped map

For each map, one AI-against-AI match (normal against normal): its rounds, the time to open it
as a replay (it is played through once, for its length and its first casualty) and the time to
rebuild it at the end of its last round but one (a step back from the last round).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def main() -> None:
    import esper

    from game.lab.replay_sources import SpecSource
    from game.sim import MatchSpec

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maps", nargs="*", default=[str(p) for p in sorted((ROOT / "maps").glob("*.tmx"))])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for path in args.maps:
        t = time.perf_counter()
        source = SpecSource(MatchSpec(path, args.seed), path)
        opened = time.perf_counter() - t
        t = time.perf_counter()
        session = source.session_at(source.rounds - 1)
        back = time.perf_counter() - t
        session.match.close()
        esper.switch_world("default")
        print(f"{Path(path).name:16} {source.rounds:3} rounds  open {opened:5.2f} s  "
              f"back from the last round {back:5.2f} s  first casualty: round {source.first_casualty}")


if __name__ == "__main__":
    main()
