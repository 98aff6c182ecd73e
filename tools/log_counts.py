"""Count log lines in seeded matches on every shipped map: how many lines hold each given
text, and how many of those end in "success" and in "failure" (a check's or an attack's
outcome as the log writes it), with the rounds the matches lasted.

    python tools/log_counts.py --ruleset step --seeds 3 "unconsciousness check:" "endurance check (death)"

The matches are `simulate`'s (the map's squads and AI, fog off unless --fog on).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    from game.maps import load_map
    from game.sim import MatchSpec, play_match

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("texts", nargs="+", help="the texts to count lines of")
    ap.add_argument("--ruleset", default="yags")
    ap.add_argument("--seeds", type=int, default=3, help="seeds 1..N on each map")
    ap.add_argument("--fog", choices=("on", "off"), default="off")
    args = ap.parse_args(argv)
    counts = {t: [0, 0, 0] for t in args.texts}
    rounds: list[int] = []
    last: dict[str, list[str]] = {}

    def keep(m: object) -> None:
        last["lines"] = m.log.lines()  # type: ignore[attr-defined]
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        for seed in range(1, args.seeds + 1):
            last.clear()
            battle = play_match(load_map(path), MatchSpec(path, seed, ruleset=args.ruleset, fog=args.fog == "on"),
                                on_round=keep)
            rounds.append(int(battle.get("rounds", 0)))
            for line in last.get("lines", []):
                for text, c in counts.items():
                    if text in line:
                        c[0] += 1
                        c[1] += line.rstrip().endswith("success")
                        c[2] += line.rstrip().endswith("failure")
    print(f"{len(rounds)} matches, {sum(rounds) / max(1, len(rounds)):.1f} rounds on average")
    for text, (n, ok, bad) in counts.items():
        print(f"{text!r}: {n} lines, {ok} success, {bad} failure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
