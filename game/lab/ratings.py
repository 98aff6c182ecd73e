"""Bradley-Terry ratings of many players from all their pairings, with intervals.

A player i has a strength p_i; i beats j with probability p_i / (p_i + p_j). The maximum-
likelihood strengths are found with Hunter's MM algorithm (Hunter 2004, "MM algorithms for
generalized Bradley-Terry models", Annals of Statistics 32, 384-406, eq. 3):

    p_i <- W_i / sum_j n_ij / (p_i + p_j)

(W_i: i's wins, a draw counting half a win to each side; n_ij: games between i and j),
iterated at most MAX_ITERATIONS times. Ratings are reported in logistic Elo, 400 log10 p_i,
relative to a reference player (rating 0), with 95% intervals from the inverse of the
observed Fisher information of the log-strengths (the reference's fixed at 0).

When a player won or lost every game (or the players split into groups one of which always
beats the other) the likelihood has no maximum; each pair that met is then given one more
draw (half a win each way) and `Ratings.prior` says so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.lab.stats import ELO_PER_NAT, Z95

MAX_ITERATIONS = 10_000
TOLERANCE = 1e-12


@dataclass(frozen=True)
class Rating:
    player: str
    elo: float  # relative to the reference
    low: float
    high: float
    games: float


@dataclass(frozen=True)
class Ratings:
    reference: str
    ratings: tuple[Rating, ...]
    iterations: int
    prior: bool  # a draw was added to each pair that met (no finite maximum without)

    def by_player(self) -> dict[str, Rating]:
        return {r.player: r for r in self.ratings}


def _connected(players: Sequence[str], wins: Mapping[tuple[str, str], float]) -> bool:
    """Whether every player can reach every other along "beat at least once" edges (the
    condition for finite maximum-likelihood strengths, Hunter 2004, Assumption 1)."""
    beat: dict[str, set[str]] = {p: set() for p in players}
    for (a, b), w in wins.items():
        if w > 0:
            beat[a].add(b)
    for start in players:
        seen, todo = {start}, [start]
        while todo:
            for nxt in beat[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        if len(seen) != len(players):
            return False
    return True


def bradley_terry(players: Sequence[str], wins: Mapping[tuple[str, str], float],
                  reference: str | None = None) -> Ratings:
    """Ratings of `players` from `wins[(a, b)]`: how often a beat b (a draw: half to each).
    Players with no games are left out; `reference` (default: the first player) rates 0."""
    games: dict[tuple[str, str], float] = {}
    for (a, b), w in wins.items():
        if a == b or w < 0:
            raise ValueError(f"wins of {a!r} over {b!r}: a player meets another, a count is not negative")
        if a not in players or b not in players:
            raise ValueError(f"wins of {a!r} over {b!r}: not among the players")
        key = (min(a, b), max(a, b))
        games[key] = games.get(key, 0.0) + w
    active = [p for p in players if any(p in k and n > 0 for k, n in games.items())]
    ref = reference if reference is not None else (active[0] if active else None)
    if ref is None or ref not in active:
        return Ratings(reference or "", (), 0, False)
    beats = {k: v for k, v in wins.items() if v > 0}
    prior = not _connected(active, beats)
    if prior:
        for a, b in games:
            if games[(a, b)] > 0:
                beats[(a, b)] = beats.get((a, b), 0.0) + 0.5
                beats[(b, a)] = beats.get((b, a), 0.0) + 0.5
    n: dict[tuple[str, str], float] = {}
    total = {p: 0.0 for p in active}
    for (a, b), k in beats.items():
        n[(a, b)] = n.get((a, b), 0.0) + k
        n[(b, a)] = n.get((b, a), 0.0) + k
        total[a] += k
    opponents = {p: [q for q in active if q != p and n.get((p, q), 0) > 0] for p in active}
    strength = {p: 1.0 for p in active}
    iterations = 0
    for _ in range(MAX_ITERATIONS):
        iterations += 1
        new = {p: total[p] / sum(n[(p, q)] / (strength[p] + strength[q]) for q in opponents[p]) for p in active}
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        new = {p: v / math.exp(mean_log) for p, v in new.items()}
        change = max(abs(math.log(new[p]) - math.log(strength[p])) for p in active)
        strength = new
        if change < TOLERANCE:
            break
    theta = {p: math.log(strength[p]) - math.log(strength[ref]) for p in active}
    se = _standard_errors(active, ref, theta, n)
    out = []
    for p in active:
        e = ELO_PER_NAT * theta[p]
        half = ELO_PER_NAT * Z95 * se[p]
        out.append(Rating(p, e, e - half, e + half, sum(n.get((p, q), 0.0) for q in active)))
    return Ratings(ref, tuple(out), iterations, prior)


def _standard_errors(active: list[str], ref: str, theta: Mapping[str, float],
                     n: Mapping[tuple[str, str], float]) -> dict[str, float]:
    """Standard errors of each log-strength less the reference's: the diagonal of the
    inverse observed information (the reference's row and column left out)."""
    import numpy as np

    free = [p for p in active if p != ref]
    if not free:
        return {ref: 0.0}
    index = {p: k for k, p in enumerate(free)}
    info = np.zeros((len(free), len(free)))
    for i, p in enumerate(active):
        for q in active[i + 1:]:
            m = n.get((p, q), 0.0)
            if m <= 0:
                continue
            pr = 1 / (1 + math.exp(theta[q] - theta[p]))
            v = m * pr * (1 - pr)
            for a, b in ((p, q), (q, p)):
                if a in index:
                    info[index[a], index[a]] += v
                    if b in index:
                        info[index[a], index[b]] -= v
    cov = np.linalg.pinv(info)
    out = {p: math.sqrt(max(0.0, float(cov[index[p], index[p]]))) for p in free}
    out[ref] = 0.0
    return out
