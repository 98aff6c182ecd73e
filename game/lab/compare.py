"""Comparing a sweep's variants: wins, draws and losses, blue's score with 95% intervals, the
size of each difference between variants that differ in one setting, and which hold up.

Blue's score in a match is 1 for a win, 1/2 for a draw and 0 for a loss (a draw is half a win,
not a loss). Each variant has its wins, draws and losses, its mean score with a 95% interval
(Wilson's, a draw counted as half a success),
and blue's win rate with its 95% Wilson interval (for the chart). Variants that differ in
exactly one setting (the same map, rules and sides but for the blue squad, say) are compared
by the difference of their mean scores with its 95% interval and two-sided p:

- paired (both variants `pairing = "paired"` on the same map digest, size and plan seed, so
  match i of each had the same seed): Student's paired t on the per-match differences of
  score over the indices both have played;
- otherwise: Welch's t on the two sets of scores.

With each difference, the Elo difference elo(score a) - elo(score b) and its interval (the
score difference's interval through the slope of `elo`, the delta method). The p-values of
all the comparisons are adjusted by Holm's step-down method, and a difference is called
significant when its adjusted p is at most 0.05, so the chance of calling any difference
significant by luck is at most 5% over the whole sweep (the family-wise error).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.lab.plan import FIELDS, Variant
from game.lab.stats import Difference, elo_difference, holm, paired_from_sums, welch_from_sums
from game.lab.summary import wilson

ALPHA = 0.05
TEST = "paired t for paired variants, else Welch t; Holm-corrected"
COMPARED = ("map_path", "ruleset", "fog", "size", "blue_ai", "blue_squad", "red_ai", "red_squad", "blue_deployment",
            "red_deployment", "blue_tactic", "red_tactic", "max_rounds",
            "blue_weights", "red_weights")


@dataclass
class Row:
    """A variant's results."""

    variant: Variant
    label: str
    n: int
    blue: int
    red: int
    draw: int
    rounds: float
    by: dict[str, int] = field(default_factory=dict)  # matches decided by elimination, objective, time

    @property
    def rate(self) -> float:
        return self.blue / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.blue, self.n)

    @property
    def sums(self) -> tuple[int, float, float]:
        """Blue's scores: count, sum, sum of squares (a score is 1, 1/2 or 0)."""
        return self.n, self.blue + self.draw / 2, self.blue + self.draw / 4

    @property
    def score(self) -> float:
        return (self.blue + self.draw / 2) / self.n if self.n else 0.5

    @property
    def score_ci(self) -> tuple[float, float]:
        """Blue's mean score with its 95% Wilson interval, the score counted as successes (a
        draw half of one): a proportion's interval without draws, a little wide with them (a
        draw's half point varies less than a win or a loss), never empty at 0% or 100%."""
        return wilson(self.blue + self.draw / 2, self.n) if self.n else (0.0, 1.0)


def paired(a: Variant, b: Variant) -> bool:
    """Whether match i of `a` and of `b` were played with the same seed."""
    return (a.pairing != "none" and a.pairing == b.pairing and a.swap_sides == b.swap_sides
            and a.stream() == b.stream())


@dataclass
class Comparison:
    """Two variants that differ in one setting: the difference of blue's score, a less b."""

    a: Row
    b: Row
    field: str  # the setting they differ in
    diff: Difference
    p_holm: float = 1.0
    context: tuple[str, ...] = ()  # the settings that vary in the sweep (to name the pair's others)

    @property
    def p(self) -> float:
        return self.diff.p

    @property
    def significant(self) -> bool:
        return self.p_holm <= ALPHA

    @property
    def elo(self) -> tuple[float, float, float]:
        return elo_difference(self.a.score, self.b.score, self.diff)

    def better_first(self) -> tuple[Row, Row, float]:
        """(the better, the worse, the sign to turn a-less-b into better-less-worse)."""
        return (self.a, self.b, 1.0) if self.a.score >= self.b.score else (self.b, self.a, -1.0)

    def describe(self) -> str:
        """`blue squad: gunner 71% vs rifleman 52% (street, red AI hard)`: blue's score, the
        better first."""
        hi, lo, _ = self.better_first()
        name = dict(FIELDS).get(self.field, "map")
        field = "map" if self.field == "map_path" else self.field
        rest = [f"{n} {hi.variant.value(f)}" if f != "map" else hi.variant.value(f)
                for f, n in FIELDS if f != field and f in self.context]
        where = f" ({', '.join(rest)})" if rest else ""
        return (f"{name}: {hi.variant.value(field)} {100 * hi.score:.0f}% vs {lo.variant.value(field)} "
                f"{100 * lo.score:.0f}%{where}")

    def size(self) -> str:
        """`+19 points (95% CI +8 to +30, paired t), Elo +140 (+60 to +220)`, better less worse."""
        _, _, sign = self.better_first()
        lo, hi = sorted((sign * self.diff.low, sign * self.diff.high))
        e, e_lo, e_hi = self.elo
        e_lo, e_hi = sorted((sign * e_lo, sign * e_hi))

        def elo_text(x: float) -> str:
            return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")

        return (f"{100 * sign * self.diff.mean:+.0f} points (95% CI {100 * lo:+.0f} to {100 * hi:+.0f}, "
                f"{self.diff.test}, n {self.diff.n:,}), Elo {elo_text(sign * e)} "
                f"({elo_text(e_lo)} to {elo_text(e_hi)})")


PairedSums = Callable[[Variant, Variant], tuple[int, float, float]]


def compare(rows: list[Row], paired_sums: PairedSums | None = None) -> list[Comparison]:
    """Every pair of variants (with matches) that differ in exactly one setting, with the
    difference of blue's score, its p-value and Holm-adjusted p-value. `paired_sums(a, b)`:
    the count, sum and sum of squares of the per-match differences of two paired variants
    (Store.paired_sums); without it every comparison is Welch's."""
    played = [r for r in rows if r.n]
    context = tuple(f for f, _ in FIELDS if len({getattr(r.variant, f) for r in played}) > 1)
    out: list[Comparison] = []
    for i, a in enumerate(played):
        for b in played[i + 1:]:
            diff = [f for f in COMPARED if getattr(a.variant, f) != getattr(b.variant, f)]
            if len(diff) != 1:
                continue
            if paired_sums is not None and paired(a.variant, b.variant):
                d = paired_from_sums(*paired_sums(a.variant, b.variant))
            else:
                d = welch_from_sums(a.sums, b.sums)
            out.append(Comparison(a, b, diff[0], d, context=context))
    for c, p in zip(out, holm([c.p for c in out]), strict=True):
        c.p_holm = p
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def table_lines(rows: list[Row], comparisons: list[Comparison], most: int = 40) -> list[str]:
    """The terminal table: a line per variant (blue's wins, draws and losses, blue's score
    with its 95% interval), then each comparison's difference, the significant first."""
    width = min(60, max([len("variant")] + [len(r.label) for r in rows]))
    how = any(r.by.get("objective") for r in rows)  # a sweep on maps with objectives: how they ended
    lines = [f"  {'variant':<{width}} {'matches':>7}  {'blue W-D-L':<17} {'blue score (95% CI)':<20} "
             f"{'blue wins':>9} {'rounds':>6}" + (f" {'by objective':>12} {'by time':>7}" if how else "")]
    for r in rows:
        label = r.label if len(r.label) <= width else r.label[:width - 1] + "\u2026"
        lo, hi = r.score_ci
        wdl = f"{r.blue}-{r.draw}-{r.red}"
        score = f"{_pct(r.score)} ({100 * lo:.0f}-{100 * hi:.0f}%)" if r.n else "-"
        wins = _pct(r.rate) if r.n else "-"
        ended = (f" {_pct(r.by.get('objective', 0) / r.n) if r.n else '-':>12} "
                 f"{_pct(r.by.get('time', 0) / r.n) if r.n else '-':>7}") if how else ""
        lines.append(f"  {label:<{width}} {r.n:>7,}  {wdl:<17} {score:<20} {wins:>9} {r.rounds:>6.1f}{ended}")
    if not comparisons:
        lines.append("  no two variants differ in one setting only, so none is compared")
        return lines
    ranked = sorted(comparisons, key=lambda c: (not c.significant, c.p))
    sig = sum(c.significant for c in comparisons)
    lines.append(f"  differences of blue's score (a draw counts half): {TEST}; {len(comparisons)} comparisons "
                 f"(variants differing in one setting), {sig} significant at family-wise {100 * ALPHA:.0f}% (*):")
    for c in ranked[:most]:
        lines.append(f"   {'*' if c.significant else ' '} {c.describe()}: {c.size()}; p = {c.p:.2g}, "
                     f"Holm {c.p_holm:.2g}")
    if len(ranked) > most:
        lines.append(f"    ... and {len(ranked) - most} more")
    return lines


def rows_of(store: Any, variants: list[Variant], labels: list[str], runs: int) -> list[Row]:
    """Each variant's results from the store (its first `runs` matches, or pairs of matches
    with the sides swapped: then by bundle, not colour)."""
    rows = []
    for v, label in zip(variants, labels, strict=True):
        o = store.outcomes(v.id, v.matches(runs), v.swap_sides)
        rows.append(Row(v, label, o["n"], o["blue"], o["red"], o["draw"], o["rounds"], dict(o.get("by", {}))))
    return rows
