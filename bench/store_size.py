"""How big a results store grows (issue 31): synthetic matches, shaped like a crossroads match
(8 a side, three weapons, a dozen places a side), added to a fresh store; the size a match
and the estimate for 10,000 matches. Nothing is played.

    python bench/store_size.py [--matches 2000]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.lab.plan import load_plan, resolve  # noqa: E402
from game.lab.store import Store  # noqa: E402


def synthetic_battle(rng: random.Random, seed: int) -> dict:
    """A match record of the size a crossroads match has (8 a side, fought to the end)."""
    def places(n: int) -> list[list]:
        return [[rng.choice(("blue", "red")), rng.randrange(40), rng.randrange(30)] for _ in range(n)]

    return {"seed": seed, "winner": rng.choice(("blue", "red", "draw")), "rounds": rng.randrange(5, 40),
            "by": "elimination", "objectives": [], "exited": {"blue": 0, "red": 0},
            "survivors": {"blue": rng.randrange(9), "red": rng.randrange(9)},
            "casualties": {"blue": rng.randrange(9), "red": rng.randrange(9)},
            "weapons": {w: {"hits": rng.randrange(30), "levels": rng.randrange(90), "downed": rng.randrange(8)}
                        for w in ("M16 A1", "RPK", "concussion grenade")},
            "fell": places(12), "hit_from": places(40)}


def size_per_match(folder: Path, matches: int) -> float:
    plan_path = folder / "plan.toml"
    plan_path.write_text(f'map = "{ROOT / "maps" / "crossroads.tmx"}"\nruns = {matches}\n')
    plan = load_plan(plan_path)
    (v,), _ = resolve(plan)
    store = Store(folder / "s.sqlite")
    sweep = store.begin(plan, [v], "bench")
    rng = random.Random(1)
    empty = (folder / "s.sqlite").stat().st_size
    for i in range(matches):
        store.add(v.id, i, synthetic_battle(rng, i), "bench", sweep)
    store.close()
    return ((folder / "s.sqlite").stat().st_size - empty) / matches


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        per = size_per_match(Path(tmp), args.matches)
    print(f"{per:,.0f} bytes a match ({args.matches:,} synthetic matches); "
          f"10,000 matches: {per * 10_000 / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
