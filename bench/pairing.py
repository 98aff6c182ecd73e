"""What pairing buys on a swept plan (issue 31): for every pair of paired variants that
differ in one setting, the half-width of the paired t interval of the score difference over
the Welch t interval on the same stored matches (below 1: pairing narrowed it).

    python bench/pairing.py PLAN.toml [--db PLAN.sqlite]

Sweep the plan first (`skirmish sweep PLAN.toml`). Nothing here is a test: the figure depends
on the plan (how soon paired matches diverge).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    from game.lab.compare import compare, rows_of
    from game.lab.plan import load_plan, resolve
    from game.lab.store import Store

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("plan")
    ap.add_argument("--db")
    args = ap.parse_args(argv)
    plan = load_plan(args.plan)
    variants, _ = resolve(plan)
    store = Store(args.db or Path(args.plan).with_suffix(".sqlite"))
    try:
        rows = rows_of(store, variants, [v.id for v in variants], plan.runs)
        paired = compare(rows, lambda a, b: store.paired_sums(a.id, b.id, a.matches(plan.runs), a.swap_sides))
    finally:
        store.close()
    welch = {(c.a.label, c.b.label): c for c in compare(rows)}
    ratios = [c.diff.half / welch[(c.a.label, c.b.label)].diff.half for c in paired
              if c.diff.test == "paired t" and c.diff.half > 0 and welch[(c.a.label, c.b.label)].diff.half > 0]
    if not ratios:
        print("no paired comparison with an interval (is the plan paired, and swept?)")
        return 1
    print(f"{len(ratios)} paired comparisons: paired/Welch interval half-width median {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f}); significant after Holm: paired "
          f"{sum(c.significant for c in paired)}, Welch {sum(c.significant for c in welch.values())} "
          f"of {len(paired)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
