"""Designs for numeric factors: a seeded Latin hypercube.

`latin_hypercube(factors, points, seed)` gives `points` settings; each factor's range
[low, high] is cut into `points` equal strata and every stratum holds exactly one point
(McKay, Beckman and Conover 1979, "A comparison of three methods for selecting values of
input variables in the analysis of output from a computer code", Technometrics 21, 239-245):
point k of factor f is low + (perm_f[k] + u) / points * (high - low), perm_f a random
permutation of 0..points-1 and u uniform in [0, 1). The permutations and u come from
`random.Random(seed)` in factor order, so the same seed gives the same design in every
process and on every machine. An integer factor's range is taken as [low - 1/2, high + 1/2),
so that each whole number in it has an equal share, and a point is rounded to the nearest
whole number (a half up): with as many points as whole numbers each comes once; with fewer
numbers than points they repeat.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Factor:
    name: str
    low: float
    high: float
    integer: bool = False


def latin_hypercube(factors: Sequence[Factor], points: int, seed: int) -> list[dict[str, float | int]]:
    """`points` settings of `factors`, one per stratum of each factor's range."""
    if points < 1:
        raise ValueError(f"a design has at least one point, not {points}")
    rng = random.Random(seed)
    columns: dict[str, list[float | int]] = {}
    for f in factors:
        if not f.low <= f.high:
            raise ValueError(f"{f.name}: the range's low end {f.low} is above its high end {f.high}")
        strata = list(range(points))
        rng.shuffle(strata)
        values: list[float | int] = []
        low, high = (f.low - 0.5, f.high + 0.5) if f.integer else (f.low, f.high)
        for k in strata:
            x = low + (k + rng.random()) / points * (high - low)
            values.append(min(max(math.floor(x + 0.5), math.ceil(f.low)), math.floor(f.high)) if f.integer else x)
        columns[f.name] = values
    return [{f.name: columns[f.name][k] for f in factors} for k in range(points)]
