"""Strength, measured: one level against another with the same squads, sides swapped.

    python -m game.lab.strength                       # every shipped map, the issue's pairings
    python -m game.lab.strength --maps maps/street.tmx --pairs normal:random --seeds 5

Each seed is played twice, the stronger level as blue and then as red; a draw counts as not
won. Prints one line per map and pairing with the win rate and the required rate.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game.lab.simulate import simulate

MAPS_DIR = Path(__file__).resolve().parent.parent.parent / "maps"
# (strong, weak, seeds, required win fraction): 10 seeds x 2 sides = 20 matches a pairing
# and map, for 9 of 10 (18 of 20) and 2 of 3 (14 of 20): twice the matches the rates need
# at their smallest, as 10 or 12 matches leave a fair chance of missing by one.
PAIRINGS = (("normal", "random", 10, 0.9), ("hard", "easy", 10, 2 / 3))


def pairing(map_path: str, strong: str, weak: str, seeds: int, seed: int = 1, jobs: int = 1,
            ruleset: str | None = None, fog: bool = False, ai_sees_all: bool = False) -> dict:
    """Wins of `strong` over `weak` in 2 x `seeds` matches (each seed with sides swapped)."""
    as_blue = simulate(map_path, seeds, seed, jobs=jobs, blue_ai=strong, red_ai=weak,
                       ruleset=ruleset, fog=fog, ai_sees_all=ai_sees_all)
    as_red = simulate(map_path, seeds, seed, jobs=jobs, blue_ai=weak, red_ai=strong,
                      ruleset=ruleset, fog=fog, ai_sees_all=ai_sees_all)
    won = as_blue["wins"]["blue"] + as_red["wins"]["red"]
    lost = as_blue["wins"]["red"] + as_red["wins"]["blue"]
    n = 2 * seeds
    return {"map": str(map_path), "strong": strong, "weak": weak, "matches": n, "won": won,
            "lost": lost, "draws": n - won - lost, "rate": won / n,
            # by side: on a one-sided map (an objective map) the pair may sit near half whatever
            # the levels; the stronger should still do better on each side than the weaker did
            "won_as_blue": as_blue["wins"]["blue"], "weak_won_as_blue": as_red["wins"]["blue"],
            "won_as_red": as_red["wins"]["red"], "weak_won_as_red": as_blue["wins"]["red"]}


def fog_cost(map_path: str, level: str, seeds: int, seed: int = 1, jobs: int = 1,
             ruleset: str | None = None) -> dict:
    """Fog of war: `level` deciding from its side's view against `level` seeing the whole
    board, in 2 x `seeds` fogged matches (sides swapped); the wins are the fogged AI's."""
    as_blue = simulate(map_path, seeds, seed, jobs=jobs, ai_sees_all="red", ruleset=ruleset, fog=True,
                       blue_ai=level, red_ai=level)
    as_red = simulate(map_path, seeds, seed, jobs=jobs, ai_sees_all="blue", ruleset=ruleset, fog=True,
                      blue_ai=level, red_ai=level)
    won = as_blue["wins"]["blue"] + as_red["wins"]["red"]
    lost = as_blue["wins"]["red"] + as_red["wins"]["blue"]
    n = 2 * seeds
    return {"map": str(map_path), "strong": f"{level} (fog)", "weak": f"{level} (sees all)", "matches": n,
            "won": won, "lost": lost, "draws": n - won - lost, "rate": won / n}


def main(argv: Sequence[str] | None = None) -> int:
    from game.cli_common import OneLineParser
    from game.cli_numbers import whole
    from game.limits import MAX_JOBS, MAX_SEED

    p = OneLineParser(prog="python -m game.lab.strength", description=__doc__.splitlines()[0])
    p.add_argument("--maps", nargs="*", default=None, help="maps (default: every maps/*.tmx)")
    p.add_argument("--pairs", nargs="*", default=None, help="strong:weak[:seeds[:rate]] (default: the issue's)")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=1, help="the first match's seed (default 1)")
    p.add_argument("--jobs", type=whole(1, MAX_JOBS), default=min(os.cpu_count() or 1, MAX_JOBS),
                   help="parallel processes (default: the cores)")
    p.add_argument("--ruleset", default=None, help="yags, mythras, yags-sf or step (default: each map's)")
    p.add_argument("--fog", choices=("on", "off"), default="off", help="fog of war (default off)")
    p.add_argument("--ai-sees-all", action="store_true", help="with fog, the AI decides from the whole board")
    p.add_argument("--fog-cost", action="store_true",
                   help="with fog, each level against itself seeing all (sides swapped): what fog costs the AI")
    args = p.parse_args(argv)
    maps = args.maps or sorted(str(m) for m in MAPS_DIR.glob("*.tmx"))
    pairs: Sequence[tuple[str, str, int, float]] = PAIRINGS
    if args.pairs:
        asked: list[tuple[str, str, int, float]] = []
        pairs = asked
        for spec in args.pairs:
            parts = spec.split(":")
            asked.append((parts[0], parts[1], int(parts[2]) if len(parts) > 2 else 5,
                          float(parts[3]) if len(parts) > 3 else 0.5))
    print("command: python -m game.lab.strength " + " ".join(sys.argv[1:] if argv is None else argv))
    failed = 0
    if args.fog_cost:
        for m in maps:
            for level in ("normal", "hard"):
                r = fog_cost(m, level, 10, args.seed, args.jobs, args.ruleset)
                print(f"{Path(m).name:16} {r['strong']} vs {r['weak']}: won {r['won']:2}/{r['matches']} "
                      f"(lost {r['lost']}, drawn {r['draws']})", flush=True)
        return 0
    for m in maps:
        for strong, weak, seeds, need in pairs:
            r = pairing(m, strong, weak, seeds, args.seed, args.jobs, args.ruleset, args.fog == "on", args.ai_sees_all)
            ok = r["rate"] >= need - 1e-9
            failed += not ok
            print(f"{Path(m).name:16} {strong:>6} vs {weak:<6} won {r['won']:2}/{r['matches']} "
                  f"(lost {r['lost']}, drawn {r['draws']}) {100 * r['rate']:5.1f}% "
                  f"need {100 * need:.0f}%: {'ok' if ok else 'FAIL'}; by side: as blue {r['won_as_blue']}/{seeds} "
                  f"({weak} {r['weak_won_as_blue']}/{seeds}), as red {r['won_as_red']}/{seeds} "
                  f"({weak} {r['weak_won_as_red']}/{seeds})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
