"""What a sweep concludes beyond the table: the sequential test of each variant against the
plan's baseline, and Bradley-Terry ratings of the bundles (an AI level with a squad) from all
the matches.

**The sequential test.** A variant paired with the baseline (the same map and size, so
match i of each had the same seed) is compared match by match: in match i the variant scores
against the baseline (1 + s_v - s_b) / 2, where s is the [blue] bundle's score (1, 1/2, 0):
1 when it won where the baseline lost, 3/4 when it won where the baseline drew, 1/2 when they
did as well, and so on. These quarter-point results are pentanomial counts, and Fishtest's
GSPRT (game/lab/stats.py `Sprt`, logistic Elo) decides between H0: elo = elo0 and H1: elo =
elo1 after each match. It walks the unbroken run of matches from index 0 that both have
finished, so where it stops does not depend on which worker was fast; once it ends the sweep
plays no more of that variant (matches already handed out are still stored, not counted).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.lab.compare import paired
from game.lab.planopts import WEIGHT_AXIS
from game.lab.ratings import Ratings, bradley_terry
from game.lab.stats import Sprt
from game.lab.variant import Variant


@dataclass
class Verdict:
    variant: Variant
    counts: list[int] = field(default_factory=lambda: [0] * 5)
    n: int = 0  # matches of the unbroken run counted
    result: str | None = None  # "H1", "H0" or None (going on)
    llr: float = 0.0


class Sequential:
    """The sequential tests of a sweep's variants against its baseline."""

    def __init__(self, test: Sprt, baseline: Variant, variants: list[Variant], runs: int) -> None:
        self.test, self.baseline, self.runs = test, baseline, runs
        others = [v for v in variants if v.id != baseline.id]
        self.verdicts = {v.id: Verdict(v) for v in others if paired(v, baseline)}
        self.unpaired = [v for v in others if not paired(v, baseline)]

    def advance(self, store: Any, changed: Iterable[str] | None = None) -> None:
        """Count what the store now holds of the unbroken runs (all variants, or those whose
        matches or the baseline's `changed`)."""
        ids = None if changed is None else set(changed)
        for verdict in self.verdicts.values():
            v = verdict.variant
            if verdict.result is not None or (ids is not None and v.id not in ids and self.baseline.id not in ids):
                continue
            limit = v.matches(self.runs)
            while verdict.result is None and verdict.n < limit:
                rows = store.paired_scores(v.id, self.baseline.id, verdict.n, limit, v.swap_sides)
                taken = 0
                for idx, a, b in rows:
                    if idx != verdict.n or verdict.result is not None:
                        break
                    verdict.counts[round(2 + 2 * (a - b))] += 1
                    verdict.n += 1
                    taken += 1
                    verdict.llr = self.test.llr(verdict.counts)
                    lower, upper = self.test.bounds
                    if verdict.llr >= upper:
                        verdict.result = "H1"
                    elif verdict.llr <= lower:
                        verdict.result = "H0"
                if taken < 1000:
                    break

    def stopped(self) -> set[str]:
        """The variants not to play on: those decided, and the baseline once every paired
        variant is decided and none is unpaired."""
        out = {k for k, v in self.verdicts.items() if v.result is not None}
        if len(out) == len(self.verdicts) and not self.unpaired:
            out.add(self.baseline.id)
        return out

    def lines(self, name: dict[str, str]) -> list[str]:
        t = self.test
        lower, upper = t.bounds
        out = [f"  sequential test against the baseline {name[self.baseline.id]} (Fishtest's GSPRT, logistic Elo: "
               f"H0 elo {t.elo0:g}, H1 elo {t.elo1:g}, alpha {t.alpha:g}, beta {t.beta:g}; LLR bounds "
               f"{lower:.2f}, {upper:.2f}; a match scores the variant's result against the baseline's with the same seed):"]
        for verdict in self.verdicts.values():
            v = verdict.variant
            if verdict.result == "H1":
                how = f"H1 accepted (better than the baseline by {t.elo1:g} Elo or more)"
            elif verdict.result == "H0":
                how = f"H0 accepted (not better than the baseline by more than {t.elo0:g} Elo)"
            else:
                how = "undecided" + (" (all runs played)" if verdict.n >= v.matches(self.runs) else " so far")
            out.append(f"    {name[v.id]}: {how} after {verdict.n:,} matches (LLR {verdict.llr:.2f})")
        for v in self.unpaired:
            out.append(f"    {name[v.id]}: not paired with the baseline (another map or size, or unpaired): "
                       "not tested, played in full")
        return out


def pair_lines(store: Any, variants: list[Variant], names: list[str], runs: int) -> list[str]:
    """With swap_sides: each variant's [blue] bundle against its [red] bundle in logistic Elo
    from the pentanomial counts of its pairs (as Fishtest's Elo +- for paired games)."""
    from game.lab.stats import elo_interval

    out = ["  both ways round, the [blue] bundle against the [red] (logistic Elo from the pentanomial counts "
           "of each pair's points, 95% interval, as Fishtest):"]
    for v, name in zip(variants, names, strict=True):
        counts = store.pentanomial(v.id, v.matches(runs))
        if not sum(counts):
            continue
        e = elo_interval(counts)
        out.append(f"    {name}: Elo {e.elo:+.0f} ({e.low:+.0f} to {e.high:+.0f}), "
                   f"Ptnml(0-2): {', '.join(str(c) for c in counts)}")
    return out


def factor_value(v: Variant, factor: str) -> Any:
    """A variant's value of a numeric factor: size, max_rounds, or an AI weight (blue_w_cover)."""
    team, sep, name = factor.partition(WEIGHT_AXIS)
    if sep:
        return dict(getattr(v, f"{team}_weights")).get(name)
    return getattr(v, factor)


def factor_points(rows: list[Any], factor: str) -> list[tuple[float, float, float, float, int]]:
    """(value, score, low, high, matches) at each value of the factor, pooled over the
    variants that have it (a draw half), the 95% Wilson interval, in the factor's order."""
    from game.lab.summary import wilson

    pooled: dict[Any, list[float]] = {}
    for r in rows:
        value = factor_value(r.variant, factor)
        if value is None:
            continue
        acc = pooled.setdefault(value, [0.0, 0.0])
        acc[0] += r.blue + r.draw / 2
        acc[1] += r.n
    out = []
    for value in sorted(pooled):
        points, n = pooled[value]
        if n:
            lo, hi = wilson(points, int(n))
            out.append((float(value), points / n, lo, hi, int(n)))
    return out


def factor_lines(rows: list[Any], factor: str = "size") -> list[str]:
    """With design = "lhs": blue's score at each value of a ranged factor, pooled over the
    variants that have it (a draw half), with its 95% Wilson interval, in the factor's order."""
    from game.lab.summary import wilson

    pooled: dict[Any, list[float]] = {}
    for r in rows:
        acc = pooled.setdefault(factor_value(r.variant, factor), [0.0, 0.0, 0.0])
        acc[0] += r.blue + r.draw / 2
        acc[1] += r.n
        acc[2] += 1
    out = [f"  blue's score against the {factor} (the design's points, pooled over the other settings):"]
    for value in sorted(pooled, key=lambda x: (x is None, x)):
        points, n, variants = pooled[value]
        if not n:
            continue
        lo, hi = wilson(points, int(n))
        shown = "the map's" if value is None else f"{value:.3g}" if isinstance(value, float) else value
        out.append(f"    {factor} {shown}: {100 * points / n:.0f}% "
                   f"({100 * lo:.0f}-{100 * hi:.0f}%), {int(n):,} matches in {int(variants)} variant"
                   f"{'s' if variants != 1 else ''}")
    return out


def bundle_name(ai: str, squad: str | None) -> str:
    return f"{ai} AI with {squad if squad is not None else 'the map squad'}"


def ratings(store: Any, variants: list[Variant], runs: int) -> Ratings:
    """Bradley-Terry ratings of every bundle (AI level and squad) from every stored match of
    these variants: the bundle on the board's blue side against the one on red, a draw half
    a win to each; the first variant's [blue] bundle is the reference."""
    wins: dict[tuple[str, str], float] = {}
    players: list[str] = []
    for v in variants:
        for b_ai, b_sq, r_ai, r_sq, winner, count in store.bundles(v.id, v.matches(runs)):
            b, r = bundle_name(b_ai, b_sq), bundle_name(r_ai, r_sq)
            if b == r:
                continue  # a bundle against itself says nothing of its strength
            for p in (b, r):
                if p not in players:
                    players.append(p)
            if winner == "blue":
                wins[(b, r)] = wins.get((b, r), 0.0) + count
            elif winner == "red":
                wins[(r, b)] = wins.get((r, b), 0.0) + count
            else:
                wins[(b, r)] = wins.get((b, r), 0.0) + count / 2
                wins[(r, b)] = wins.get((r, b), 0.0) + count / 2
    reference = bundle_name(variants[0].blue_ai, variants[0].blue_squad) if variants else None
    return bradley_terry(players, wins, reference if reference in players else None)


def rating_lines(r: Ratings, most: int = 20) -> list[str]:
    if len(r.ratings) < 2:
        return ["  ratings: fewer than two bundles met, so none is rated"]
    out = [f"  ratings (Bradley-Terry over every match, all maps and rules pooled; logistic Elo relative to "
           f"{r.reference}, 95% interval{'; a draw added to each pairing: some bundle won or lost every game' if r.prior else ''}):"]
    ranked = sorted(r.ratings, key=lambda x: -x.elo)
    for x in ranked[:most]:
        out.append(f"    {x.player}: {x.elo:+.0f} ({x.low:+.0f} to {x.high:+.0f}), {x.games:,.0f} games")
    if len(ranked) > most:
        out.append(f"    ... and {len(ranked) - most} more")
    return out
