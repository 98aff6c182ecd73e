"""What the benchmark scripts share (bench/run.py, bench/fog.py): a median of repeated runs,
a row of the performance table, a ratio against a reference, a figure in milliseconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

ROWS: list[tuple[str, str, str, str, str]] = []


def median_ms(fn: Callable[[], object], runs: int) -> float:
    fn()  # warm caches (per-grid tables, imports)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def row(what: str, ours: str, ref: str, goal: str, verdict: str) -> None:
    ROWS.append((what, ours, ref, goal, verdict))
    print(f"  {what}: {ours} | {ref} | {goal} | {verdict}", flush=True)


def ratio_verdict(ours: float, ref: float | None, limit: float = 2.0) -> str:
    if ref is None:
        return "no reference (pip install tcod)"
    r = ours / ref
    return f"{r:.1f}x: {'met' if r <= limit else 'MISSED'}"


def fmt(ms: float) -> str:
    return f"{ms:.3f} ms" if ms < 1 else f"{ms:.2f} ms" if ms < 100 else f"{ms:.0f} ms"
