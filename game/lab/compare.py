"""Comparing a sweep's variants: win rates with 95% intervals, and which differences hold up.

Each variant's blue win rate (draws count as not won) has a 95% Wilson interval. Variants
that differ in exactly one setting (the same map, rules and sides but for the blue squad, say)
are compared pairwise with Fisher's exact test, two-sided, on blue's wins and non-wins; the
p-values of all these comparisons are adjusted by Holm's step-down method, and a difference is
called significant when its adjusted p is at most 0.05, so the chance of calling any
difference significant by luck is at most 5% over the whole sweep (the family-wise error).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.lab.plan import FIELDS, Variant
from game.lab.summary import wilson

ALPHA = 0.05
TEST = "Fisher's exact test (two-sided) on blue's wins, Holm-corrected"
COMPARED = ("map_path", "ruleset", "fog", "size", "blue_ai", "blue_squad", "red_ai", "red_squad", "blue_deployment",
            "red_deployment")


def fisher_exact(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p of Fisher's exact test for the table [[a, b], [c, d]]: the probability,
    given the margins, of a table at most as likely as this one (as R's fisher.test)."""
    r1, r2, c1 = a + b, c + d, a + c
    n = r1 + r2
    if min(a, b, c, d) < 0:
        raise ValueError("counts must not be negative")
    if r1 == 0 or r2 == 0 or c1 == 0 or c1 == n:
        return 1.0
    lo, hi = max(0, c1 - r2), min(r1, c1)

    def logp(x: int) -> float:
        return (math.lgamma(r1 + 1) - math.lgamma(x + 1) - math.lgamma(r1 - x + 1)
                + math.lgamma(r2 + 1) - math.lgamma(c1 - x + 1) - math.lgamma(r2 - c1 + x + 1))

    logs = [logp(x) for x in range(lo, hi + 1)]
    top = max(logs)
    observed = logs[a - lo]
    total = small = 0.0
    for lp in logs:
        w = math.exp(lp - top)
        total += w
        if lp <= observed + 1e-7:  # as likely or less, allowing for rounding
            small += w
    return min(1.0, small / total)


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


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


@dataclass
class Comparison:
    """Two variants that differ in one setting."""

    a: Row
    b: Row
    field: str  # the setting they differ in
    p: float
    p_holm: float = 1.0
    context: tuple[str, ...] = ()  # the settings that vary in the sweep (to name the pair's others)

    @property
    def significant(self) -> bool:
        return self.p_holm <= ALPHA

    def describe(self) -> str:
        """`blue squad: gunner 71% vs rifleman 52% (street, red AI hard)`, the better first."""
        hi, lo = (self.a, self.b) if self.a.rate >= self.b.rate else (self.b, self.a)
        name = dict(FIELDS).get(self.field, "map")
        field = "map" if self.field == "map_path" else self.field
        rest = [f"{n} {hi.variant.value(f)}" if f != "map" else hi.variant.value(f)
                for f, n in FIELDS if f != field and f in self.context]
        where = f" ({', '.join(rest)})" if rest else ""
        return (f"{name}: {hi.variant.value(field)} {100 * hi.rate:.0f}% vs {lo.variant.value(field)} "
                f"{100 * lo.rate:.0f}%{where}")


def compare(rows: list[Row]) -> list[Comparison]:
    """Every pair of variants (with matches) that differ in exactly one setting, with its
    p-value and Holm-adjusted p-value."""
    played = [r for r in rows if r.n]
    context = tuple(f for f, _ in FIELDS if len({getattr(r.variant, f) for r in played}) > 1)
    out: list[Comparison] = []
    for i, a in enumerate(played):
        for b in played[i + 1:]:
            diff = [f for f in COMPARED if getattr(a.variant, f) != getattr(b.variant, f)]
            if len(diff) != 1:
                continue
            out.append(Comparison(a, b, diff[0], fisher_exact(a.blue, a.n - a.blue, b.blue, b.n - b.blue),
                                  context=context))
    for c, p in zip(out, holm([c.p for c in out]), strict=True):
        c.p_holm = p
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def table_lines(rows: list[Row], comparisons: list[Comparison], most: int = 40) -> list[str]:
    """The terminal table: a line per variant, then the significant differences."""
    width = min(60, max([len("variant")] + [len(r.label) for r in rows]))
    how = any(r.by.get("objective") for r in rows)  # a sweep on maps with objectives: how they ended
    lines = [f"  {'variant':<{width}} {'matches':>7}  {'blue wins (95% CI)':<20} {'red':>5} {'draws':>5} {'rounds':>6}"
             + (f" {'by objective':>12} {'by time':>7}" if how else "")]
    for r in rows:
        lo, hi = r.ci
        label = r.label if len(r.label) <= width else r.label[:width - 1] + "\u2026"
        blue = f"{_pct(r.rate)} ({100 * lo:.0f}-{100 * hi:.0f}%)" if r.n else "-"
        red = _pct(r.red / r.n) if r.n else "-"
        draw = _pct(r.draw / r.n) if r.n else "-"
        ended = (f" {_pct(r.by.get('objective', 0) / r.n) if r.n else '-':>12} "
                 f"{_pct(r.by.get('time', 0) / r.n) if r.n else '-':>7}") if how else ""
        lines.append(f"  {label:<{width}} {r.n:>7,}  {blue:<20} {red:>5} {draw:>5} {r.rounds:>6.1f}{ended}")
    if not comparisons:
        lines.append("  no two variants differ in one setting only, so none is compared")
        return lines
    sig = sorted((c for c in comparisons if c.significant), key=lambda c: c.p)
    lines.append(f"  differences in blue's win rate: {TEST} over {len(comparisons)} comparisons "
                 f"(variants differing in one setting), family-wise {100 * ALPHA:.0f}%:")
    for c in sig[:most]:
        lines.append(f"    {c.describe()}: p = {c.p:.2g}, Holm {c.p_holm:.2g}")
    if len(sig) > most:
        lines.append(f"    ... and {len(sig) - most} more")
    rest = len(comparisons) - len(sig)
    if not sig:
        lines.append(f"    none is significant (smallest Holm-adjusted p: {min(c.p_holm for c in comparisons):.2g})")
    elif rest:
        lines.append(f"    not significant: {rest}")
    return lines


def rows_of(store: Any, variants: list[Variant], labels: list[str], runs: int) -> list[Row]:
    """Each variant's results from the store (its first `runs` matches)."""
    rows = []
    for v, label in zip(variants, labels, strict=True):
        o = store.outcomes(v.id, runs)
        rows.append(Row(v, label, o["n"], o["blue"], o["red"], o["draw"], o["rounds"], dict(o.get("by", {}))))
    return rows
