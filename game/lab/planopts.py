"""A plan's keys for how its variants are played and judged (issue 31), beside the settings
game/lab/plan.py reads:

    swap_sides = true          # each match played both ways round: the [blue] bundle (AI and
                               # squad) then plays red's side; every score follows the bundle
    baseline = "VARIANT"       # a variant's id or its name as the table prints it
    sequential = true          # stop a variant once its SPRT against the baseline has ended
    [sprt]                     # the test (defaults as shown)
    elo0 = 0.0
    elo1 = 50.0
    alpha = 0.05
    beta = 0.05
    design = "lhs"             # "full" (every combination, the default) or "lhs"
    points = 20                # with "lhs": how many points of the Latin hypercube
    size = { from = 2, to = 6 }  # a numeric factor as a range (with design = "lhs"): size,
                                 # max_rounds, and each AI weight ([blue.ai_weights])
    event_logs = 5             # the first N matches of each variant keep their full event log in
                               # the store (default 5; 0: none; at most MAX_EVENT_LOGS)

Each check adds one line to `errors` naming the file and the field; game/lab/plan.py reports
them all at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.lab.design import Factor, latin_hypercube
from game.lab.stats import Sprt
from game.limits import MAX_VARIANTS

KEYS = ("swap_sides", "baseline", "sequential", "sprt", "design", "points", "event_logs")
SPRT_KEYS = ("elo0", "elo1", "alpha", "beta")
DESIGNS = ("full", "lhs")
RANGED = ("size", "max_rounds")  # the numeric factors a range may give (and every AI weight: WEIGHT_AXIS)
INTEGER = {"size": True, "max_rounds": True}
WEIGHT_AXIS = "_w_"  # an AI weight's axis: blue_w_cover, red_w_distance (plan.py)
EVENT_LOGS = 5  # the matches of each variant that keep their event log, unless the plan says
MAX_EVENT_LOGS = 1000  # at most (a log is about 8 KB compressed: docs/sweeps.md)


@dataclass(frozen=True)
class Range:
    """A numeric factor's range, sampled by the design."""

    low: float
    high: float


@dataclass(frozen=True)
class Options:
    swap_sides: bool = False
    baseline: str | None = None
    sequential: bool = False
    sprt: Sprt = field(default_factory=Sprt)
    design: str = "full"
    points: int = 0
    event_logs: int = EVENT_LOGS


def _flag(path: Path, data: dict[str, Any], key: str, errors: list[str]) -> bool:
    v = data.get(key, False)
    if not isinstance(v, bool):
        errors.append(f"{path}: {key}: must be true or false, not {v!r}")
        return False
    return v


def read_options(path: Path, data: dict[str, Any], errors: list[str]) -> Options:
    """The plan's options, each bad one a line in `errors`."""
    swap, sequential = _flag(path, data, "swap_sides", errors), _flag(path, data, "sequential", errors)
    baseline = data.get("baseline")
    if baseline is not None and (not isinstance(baseline, str) or not baseline.strip()):
        errors.append(f"{path}: baseline: must be a variant's id or name (a string), not {baseline!r}")
        baseline = None
    if sequential and baseline is None:
        errors.append(f"{path}: sequential: needs a baseline = \"VARIANT\" to test each variant against")
    table = data.get("sprt", {})
    sprt = Sprt()
    if not isinstance(table, dict):
        errors.append(f"{path}: sprt: must be a table (elo0, elo1, alpha, beta), not {table!r}")
    else:
        values: dict[str, float] = {}
        for k, v in table.items():
            if k not in SPRT_KEYS:
                errors.append(f"{path}: sprt.{k}: unknown field (expected {', '.join(SPRT_KEYS)})")
            elif not isinstance(v, int | float) or isinstance(v, bool):
                errors.append(f"{path}: sprt.{k}: must be a number, not {v!r}")
            else:
                values[k] = float(v)
        try:
            sprt = replace(sprt, **values)
        except ValueError as exc:
            errors.append(f"{path}: sprt: {exc}")
        if table and not sequential:
            errors.append(f"{path}: sprt: only used with sequential = true")
    design = data.get("design", "full")
    if design not in DESIGNS:
        errors.append(f"{path}: design: must be \"full\" or \"lhs\", not {design!r}")
        design = "full"
    points = data.get("points", 0)
    if design == "lhs":
        if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= MAX_VARIANTS:
            errors.append(f"{path}: points: with design = \"lhs\", a whole number from 1 to {MAX_VARIANTS:,}, "
                          f"not {points!r}")
            points = 1
    elif "points" in data:
        errors.append(f"{path}: points: only used with design = \"lhs\"")
    logs = data.get("event_logs", EVENT_LOGS)
    if not isinstance(logs, int) or isinstance(logs, bool) or not 0 <= logs <= MAX_EVENT_LOGS:
        errors.append(f"{path}: event_logs: a whole number from 0 to {MAX_EVENT_LOGS:,} (the first matches of "
                      f"each variant that keep their event log), not {logs!r}")
        logs = EVENT_LOGS
    return Options(swap, baseline, sequential, sprt, design, points, logs)


def read_range(at: str, key: str, value: dict[str, Any]) -> Range:
    """`{ from = A, to = B }` for a numeric factor (ValueError: the one line's problem)."""
    from game.lab.scenario import bound_problem

    if key not in RANGED and WEIGHT_AXIS not in key:
        raise ValueError(f"{at}: a range {{ from, to }} is for {', '.join(RANGED)} only")
    extra = set(value) - {"from", "to"}
    if extra or not {"from", "to"} <= set(value):
        raise ValueError(f"{at}: a range is {{ from = A, to = B }}, not {value!r}")
    lo, hi = value["from"], value["to"]
    for v in (lo, hi):
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise ValueError(f"{at}: a range's ends are numbers, not {v!r}")
    if lo > hi:
        raise ValueError(f"{at}: the range's from ({lo}) is above its to ({hi})")
    if INTEGER.get(key):
        for v in (lo, hi):
            if problem := bound_problem(key, int(v + 0.5)):
                raise ValueError(f"{at}: {problem}")
    return Range(float(lo), float(hi))


def expand(entries: list[dict[str, list[Any]]], options: Options, seed: int, path: Path,
           errors: list[str]) -> list[dict[str, list[Any]]]:
    """With design = "lhs" each entry's ranged factors become `points` entries, one a point
    of a Latin hypercube seeded with the plan's seed; a range without the design, or the
    design without a range, is a line in `errors`."""
    ranged = [[k for k, vs in e.items() if any(isinstance(v, Range) for v in vs)] for e in entries]
    if options.design != "lhs":
        for keys in ranged:
            for k in keys:
                errors.append(f"{path}: {k}: a range needs design = \"lhs\" and points = N")
        return entries
    if not any(ranged):
        errors.append(f"{path}: design: \"lhs\" needs a numeric factor given as a range, e.g. size = {{ from = 2, to = 6 }}")
        return entries
    out = []
    for e, keys in zip(entries, ranged, strict=True):
        if not keys:
            out.append(e)
            continue
        for k in keys:
            if len(e[k]) != 1:
                errors.append(f"{path}: {k}: a range, not a list with a range in it")
        if any(len(e[k]) != 1 for k in keys):
            continue
        factors = [Factor(k, e[k][0].low, e[k][0].high, INTEGER.get(k, False)) for k in keys]
        for point in latin_hypercube(factors, options.points, seed):
            out.append({**e, **{k: [point[k]] for k in keys}})
    return out
