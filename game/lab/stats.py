"""The lab's arithmetic: scores with draws as half, intervals of a difference, Elo, the
pentanomial model and the sequential probability ratio test (stdlib only; every loop bounded).

- `score`: wins + draws / 2 over the matches (a draw is half a win, not a loss).
- `paired_difference`: Student's paired t on the per-match score differences of two variants
  that played match i with the same seeds (d_i in {-1, -1/2, 0, 1/2, 1}): the mean difference,
  its 95% interval and the two-sided p (as R's `t.test(x, y, paired = TRUE)`).
- `welch_difference`: the same for two variants whose matches are independent (Welch's t).
- `elo`, `elo_interval`: the logistic Elo difference of a score, -400 log10(1/s - 1), and its
  95% interval from the normal interval of the mean score (as Fishtest's `get_elo`); results
  are trinomial [losses, draws, wins] or pentanomial [0, 1/2, 1, 3/2, 2 points a pair] counts.
- `llr`, `Sprt`: Fishtest's generalized log-likelihood ratio of H1 (elo = elo1) against
  H0 (elo = elo0) for trinomial or pentanomial counts, logistic Elo, and Wald's bounds
  log(beta / (1 - alpha)) and log((1 - beta) / alpha).
- `holm`: Holm's step-down adjusted p-values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)
ELO_PER_NAT = 400 / math.log(10)  # a logistic Elo point in units of log-odds
REGULAR = 1e-3  # Fishtest's regularisation: a count of 0 is taken as this


def score(wins: float, draws: float, losses: float) -> float:
    """The mean score, a draw counting half; 0.5 when nothing was played."""
    n = wins + draws + losses
    return (wins + draws / 2) / n if n else 0.5


def elo(s: float) -> float:
    """The logistic Elo difference that expects score `s` (-inf at 0, inf at 1)."""
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1)


def expected_score(e: float) -> float:
    """The score an Elo difference `e` expects (the inverse of `elo`)."""
    return 1 / (1 + 10 ** (-e / 400))


# Student's t --------------------------------------------------------------------------------


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta (modified Lentz), bounded."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom."""
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    tail = 0.5 * betainc(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The `p` quantile of Student's t (bisection on t_cdf, 200 halvings at most)."""
    if not 0 < p < 1:
        raise ValueError(f"a probability strictly between 0 and 1, not {p}")
    lo, hi = -1.0, 1.0
    while t_cdf(lo, df) > p and lo > -1e12:
        lo *= 2
    while t_cdf(hi, df) < p and hi < 1e12:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, abs(mid)):
            break
    return (lo + hi) / 2


@dataclass(frozen=True)
class Difference:
    """A difference of mean scores (first minus second) with its 95% interval."""

    mean: float
    low: float
    high: float
    p: float  # two-sided, of no difference
    n: int  # matches (pairs when paired)
    test: str

    @property
    def half(self) -> float:
        return (self.high - self.low) / 2


def paired_difference(a: Sequence[float], b: Sequence[float], level: float = 0.95) -> Difference:
    """Student's paired t on the per-match differences a[i] - b[i] (scores of match i of two
    variants played with the same seeds): mean, interval, two-sided p."""
    if len(a) != len(b):
        raise ValueError(f"paired scores must match one to one ({len(a)} and {len(b)})")
    d = [x - y for x, y in zip(a, b, strict=True)]
    return paired_from_sums(len(d), sum(d), sum(x * x for x in d), level)


def paired_from_sums(n: int, total: float, squares: float, level: float = 0.95) -> Difference:
    """The paired t from the count, sum and sum of squares of the differences (so a store can
    give them in one query). With every difference the same the interval is that value and
    p is 1 if it is 0, else 0; with fewer than two the interval is the widest, -1 to 1."""
    if n < 2:
        mean = total / n if n else 0.0
        return Difference(mean, -1.0, 1.0, 1.0, n, "paired t")
    mean = total / n
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    if var <= 1e-15:
        return Difference(mean, mean, mean, 1.0 if abs(mean) < 1e-12 else 0.0, n, "paired t")
    se = math.sqrt(var / n)
    q = t_quantile(0.5 + level / 2, n - 1)
    return Difference(mean, mean - q * se, mean + q * se, 2 * t_cdf(-abs(mean / se), n - 1), n, "paired t")


def welch_difference(a: Sequence[float], b: Sequence[float], level: float = 0.95) -> Difference:
    """Welch's t on two independent sets of scores: mean(a) - mean(b), interval, p."""
    return welch_from_sums((len(a), sum(a), sum(x * x for x in a)), (len(b), sum(b), sum(x * x for x in b)), level)


def welch_from_sums(a: tuple[int, float, float], b: tuple[int, float, float], level: float = 0.95) -> Difference:
    """Welch's t from each side's (count, sum, sum of squares)."""
    (na, ta, qa), (nb, tb, qb) = a, b
    if na < 2 or nb < 2:
        mean = (ta / na if na else 0.5) - (tb / nb if nb else 0.5)
        return Difference(mean, -1.0, 1.0, 1.0, na + nb, "Welch t")
    ma, mb = ta / na, tb / nb
    va = max(0.0, (qa - na * ma * ma) / (na - 1)) / na
    vb = max(0.0, (qb - nb * mb * mb) / (nb - 1)) / nb
    mean = ma - mb
    if va + vb <= 1e-15:
        return Difference(mean, mean, mean, 1.0 if abs(mean) < 1e-12 else 0.0, na + nb, "Welch t")
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va * va / (na - 1) + vb * vb / (nb - 1)) if va and vb else (nb - 1 if vb else na - 1)
    q = t_quantile(0.5 + level / 2, df)
    return Difference(mean, mean - q * se, mean + q * se, 2 * t_cdf(-abs(mean / se), df), na + nb, "Welch t")


def elo_difference(score_a: float, score_b: float, diff: Difference) -> tuple[float, float, float]:
    """The Elo difference elo(score_a) - elo(score_b) with an interval from the score
    difference's by the delta method (the slope of `elo` at the mean of the two scores)."""
    mid = min(max((score_a + score_b) / 2, 1e-3), 1 - 1e-3)
    slope = ELO_PER_NAT / (mid * (1 - mid))
    clamp = [min(max(s, 1e-3), 1 - 1e-3) for s in (score_a, score_b)]
    point = elo(clamp[0]) - elo(clamp[1])
    return point, point - slope * (diff.mean - diff.low), point + slope * (diff.high - diff.mean)


# Elo and the pentanomial model --------------------------------------------------------------


def _pdf(results: Sequence[float]) -> tuple[float, list[tuple[float, float]]]:
    """(count, [(score a game, probability)]) of trinomial or pentanomial counts, a zero
    count taken as REGULAR (Fishtest's `results_to_pdf`); scores are per game, 0 to 1."""
    if len(results) not in (3, 5):
        raise ValueError(f"trinomial (3) or pentanomial (5) counts, not {len(results)}")
    if any(r < 0 for r in results):
        raise ValueError("counts must not be negative")
    counts = [r if r > 0 else REGULAR for r in results]
    n = sum(counts)
    k = len(counts) - 1
    return n, [(i / k, c / n) for i, c in enumerate(counts)]


def _mean_var(pdf: Sequence[tuple[float, float]]) -> tuple[float, float]:
    mean = sum(p * x for x, p in pdf)
    return mean, sum(p * (x - mean) ** 2 for x, p in pdf)


def pentanomial(pair_scores: Sequence[float]) -> list[int]:
    """Counts of game pairs scoring 0, 1/2, 1, 3/2 and 2 points (a pair: one match each way
    round, or match i of two variants), from each pair's points."""
    out = [0] * 5
    for s in pair_scores:
        k = round(2 * s)
        if not 0 <= k <= 4 or abs(k - 2 * s) > 1e-9:
            raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2 points, not {s}")
        out[k] += 1
    return out


@dataclass(frozen=True)
class EloEstimate:
    elo: float
    low: float
    high: float
    score: float
    games: float

    @property
    def half(self) -> float:
        """Fishtest's "+-": half the interval's width."""
        return (self.high - self.low) / 2


def elo_interval(results: Sequence[float], level: float = 0.95) -> EloEstimate:
    """The Elo difference of trinomial [losses, draws, wins] or pentanomial counts and its
    interval: the mean score a game with its normal interval, each mapped through `elo`
    (Fishtest's `get_elo`; with pentanomial counts the variance is the pairs', so a pairing
    that makes the two games of a pair agree narrows the interval)."""
    n, pdf = _pdf(results)
    mean, var = _mean_var(pdf)  # a unit's score scaled to 0..1: a game's, or a pair's mean
    se = math.sqrt(var / n)  # so the standard error of the mean score a game is this for both
    z = NormalDist().inv_cdf(0.5 + level / 2)
    lo, hi = mean - z * se, mean + z * se
    return EloEstimate(elo(mean), elo(lo), elo(hi), mean, n * (len(results) - 1) / 2 if len(results) == 5 else n)


# The SPRT ----------------------------------------------------------------------------------


def _mle_with_mean(pdf: Sequence[tuple[float, float]], s: float) -> list[float]:
    """The multinomial maximum-likelihood probabilities with expectation `s` for the
    observed `pdf` (Van den Bergh, "MLE multinomial", Proposition 1.1): p_i / (1 + x (a_i - s))
    with x the root of sum p_i (a_i - s) / (1 + x (a_i - s)) = 0 (bisection)."""
    shifted = [(a - s, p) for a, p in pdf]
    top, bottom = max(a for a, _ in shifted), min(a for a, _ in shifted)
    if not bottom < 0 < top:
        raise ValueError(f"the expected score {s} must lie strictly inside the scores")
    lo, hi = -1 / top + 1e-12, -1 / bottom - 1e-12

    def f(x: float) -> float:  # decreasing in x
        return sum(p * a / (1 + x * a) for a, p in shifted)

    for _ in range(300):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15:
            break
    x = (lo + hi) / 2
    return [p / (1 + x * a) for a, p in shifted]


def llr(elo0: float, elo1: float, results: Sequence[float]) -> float:
    """The generalized log-likelihood ratio of elo = elo1 against elo = elo0 (logistic Elo)
    for trinomial or pentanomial counts (Fishtest's `LLR_logistic`)."""
    n, pdf = _pdf(results)
    p0 = _mle_with_mean(pdf, expected_score(elo0))
    p1 = _mle_with_mean(pdf, expected_score(elo1))
    return n * sum(p * (math.log(b) - math.log(a)) for (_, p), a, b in zip(pdf, p0, p1, strict=True))


@dataclass(frozen=True)
class Sprt:
    """H0: elo = elo0 against H1: elo = elo1 (logistic Elo of the first side's score), with
    the chances alpha of accepting H1 when H0 holds and beta of accepting H0 when H1 holds."""

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ValueError("alpha and beta between 0 and 1, with alpha + beta below 1")
        if not self.elo0 < self.elo1:
            raise ValueError("elo0 must be below elo1")

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper): below the lower H0 is accepted, above the upper H1 (Wald)."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, results: Sequence[float]) -> float:
        return llr(self.elo0, self.elo1, results) if sum(results) else 0.0

    def decide(self, results: Sequence[float]) -> str | None:
        """"H1", "H0", or None while the ratio lies between the bounds."""
        value = self.llr(results)
        lower, upper = self.bounds
        return "H1" if value >= upper else "H0" if value <= lower else None


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
