"""The lab's arithmetic against published worked examples (each test names its source)."""

from __future__ import annotations

import math
import random

import pytest

from game.lab.design import Factor, latin_hypercube
from game.lab.ratings import bradley_terry
from game.lab.stats import (
    Sprt,
    elo,
    elo_interval,
    expected_score,
    holm,
    llr,
    paired_difference,
    pentanomial,
    score,
    t_quantile,
    welch_difference,
)

# Student (1908) / Cushny and Peebles: extra hours of sleep under two drugs, ten patients
# (R's `sleep` data set).
SLEEP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
SLEEP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]


def test_a_draw_scores_half_not_a_loss():
    assert score(3, 2, 5) == pytest.approx(0.4)
    assert score(0, 10, 0) == 0.5
    assert score(3, 2, 5) > score(3, 0, 7)


def test_paired_t_matches_r_on_students_sleep_data():
    """R, `t.test(sleep$extra[1:10], sleep$extra[11:20], paired = TRUE)` (the example of
    ?t.test): mean difference -1.58, 95% interval -2.4598858 to -0.7001142, p = 0.002833."""
    d = paired_difference(SLEEP_1, SLEEP_2)
    assert d.mean == pytest.approx(-1.58)
    assert d.low == pytest.approx(-2.4598858, abs=1e-6)
    assert d.high == pytest.approx(-0.7001142, abs=1e-6)
    assert d.p == pytest.approx(0.002833, abs=5e-6)


def test_welch_t_matches_r_on_students_sleep_data():
    """R, `t.test(extra ~ group, data = sleep)`: t = -1.8608, df = 17.776, p = 0.07939,
    95% interval -3.3654832 to 0.2054832."""
    d = welch_difference(SLEEP_1, SLEEP_2)
    assert d.low == pytest.approx(-3.3654832, abs=1e-6)
    assert d.high == pytest.approx(0.2054832, abs=1e-6)
    assert d.p == pytest.approx(0.07939, abs=5e-6)


def test_t_quantiles_match_the_printed_table():
    """Student's t table (e.g. Fisher and Yates): t(0.975; 9) = 2.262, t(0.975; 1) = 12.706,
    t(0.995; 30) = 2.750."""
    assert t_quantile(0.975, 9) == pytest.approx(2.262, abs=5e-4)
    assert t_quantile(0.975, 1) == pytest.approx(12.706, abs=5e-4)
    assert t_quantile(0.995, 30) == pytest.approx(2.750, abs=5e-4)


def test_pairing_narrows_the_interval_when_the_dice_agree():
    rng = random.Random(5)
    a = [rng.choice([0.0, 0.5, 1.0]) for _ in range(200)]
    b = [x if rng.random() < 0.8 else rng.choice([0.0, 0.5, 1.0]) for x in a]
    assert paired_difference(a, b).half < welch_difference(a, b).half


@pytest.mark.parametrize("ptnml, shown, half", [
    # "Introducing NNUE Evaluation", stockfishchess.org, 2020-08-07: Fishtest tests
    # 5f28fe6ea5abc164f05e4c4c and 5f290229a5abc164f05e4c58
    ([609, 3850, 9708, 10948, 4885], 92.77, 2.1),
    ([74, 1583, 8550, 7776, 2017], 89.47, 2.0),
])
def test_elo_and_its_interval_match_fishtests_published_results(ptnml, shown, half):
    e = elo_interval(ptnml)
    assert round(e.elo, 2) == shown
    assert round(e.half, 1) == half
    assert e.low < e.elo < e.high


def test_elo_of_a_score_and_back():
    """A 75% score is 190.85 Elo (400 log10 3), 64% about 100 (chessprogramming.org, Match
    Statistics)."""
    assert elo(0.75) == pytest.approx(400 * math.log10(3))
    assert elo(0.64) == pytest.approx(99.95, abs=0.01)
    assert expected_score(elo(0.3)) == pytest.approx(0.3)
    assert elo(0.0) == -math.inf and elo(1.0) == math.inf


def test_trinomial_interval_is_wider_than_the_pentanomial_of_the_same_games():
    """The NNUE blog's first test, W 24193 L 8543 D 27264: the same score either way, the
    pairs' interval narrower (Van den Bergh, vdbergh/pentanomial README)."""
    tri = elo_interval([8543, 27264, 24193])
    pen = elo_interval([609, 3850, 9708, 10948, 4885])
    assert tri.elo == pytest.approx(pen.elo, abs=0.01)
    assert tri.half > pen.half


def test_pentanomial_counts_pairs_by_points():
    assert pentanomial([0, 0.5, 1, 1, 1.5, 2, 2]) == [1, 1, 2, 1, 2]
    with pytest.raises(ValueError):
        pentanomial([0.25])


@pytest.mark.parametrize("elo0, elo1, ptnml, shown, decided", [
    # Stockfish pull request #3273 ("LMR for captures at allNodes not in PV"), Fishtest
    # tests 5fe50b9d3932f79192d3973c (STC) and 5fe552e43932f79192d39744 (LTC):
    # "LLR: 2.95 (-2.94,2.94) {-0.25,1.25}" and "LLR: 2.92 (-2.94,2.94) {0.25,1.25}"
    # (Fishtest passed the second at 2.92 with its overshoot correction; the lab's test
    # uses Wald's bounds as they are, so it would play on)
    (-0.25, 1.25, [292, 5905, 28939, 6129, 299], 2.95, "H1"),
    (0.25, 1.25, [5, 418, 6043, 506, 12], 2.92, None),
])
def test_the_sprts_llr_and_bounds_match_fishtests_published_runs(elo0, elo1, ptnml, shown, decided):
    test = Sprt(elo0, elo1, 0.05, 0.05)
    assert round(llr(elo0, elo1, ptnml), 2) == shown
    assert tuple(round(b, 2) for b in test.bounds) == (-2.94, 2.94)
    assert test.decide(ptnml) == decided


def test_the_sprt_accepts_h0_for_a_clearly_worse_side_and_waits_when_unsure():
    test = Sprt(0, 50)
    assert test.decide([40, 20, 10]) == "H0"  # 10 wins, 20 draws, 40 losses
    assert test.decide([3, 4, 3]) is None
    assert test.decide([0, 0, 0]) is None
    with pytest.raises(ValueError):
        Sprt(10, 5)


# Stigler (1994) citations among four statistics journals, as in Agresti (2002) p. 448 and
# R's BradleyTerry2 `citations` (rows: cited, the winner; columns: citing).
JOURNALS = ["Biometrika", "Comm Statist", "JASA", "JRSS-B"]
CITATIONS = [[714, 730, 498, 221], [33, 425, 68, 17], [320, 813, 1072, 142], [284, 276, 325, 188]]


def test_bradley_terry_matches_the_published_journal_abilities():
    """BradleyTerry2 vignette (Turner and Firth 2012, section 2.1), `BTm` on `citations`:
    abilities relative to Biometrika: Comm Statist -2.9491, JASA -0.4796, JRSS-B 0.2690."""
    wins = {(JOURNALS[i], JOURNALS[j]): CITATIONS[i][j] for i in range(4) for j in range(4) if i != j}
    r = bradley_terry(JOURNALS, wins).by_player()
    natural = {p: r[p].elo / (400 / math.log(10)) for p in JOURNALS}
    assert natural["Biometrika"] == 0
    assert natural["Comm Statist"] == pytest.approx(-2.9491, abs=1e-4)
    assert natural["JASA"] == pytest.approx(-0.4796, abs=1e-4)
    assert natural["JRSS-B"] == pytest.approx(0.2690, abs=1e-4)
    for p in JOURNALS[1:]:
        assert r[p].low < r[p].elo < r[p].high


def test_bradley_terry_of_two_players_is_their_score_and_its_interval():
    """With two players the MLE is the score's Elo, and the interval the delta method's:
    Elo +- 1.96 sqrt(1 / (n s (1 - s))) in log-odds."""
    r = bradley_terry(["a", "b"], {("a", "b"): 30, ("b", "a"): 10}, reference="b").by_player()
    assert r["a"].elo == pytest.approx(elo(0.75))
    half = 1.959963984540054 * math.sqrt(1 / (40 * 0.75 * 0.25)) * 400 / math.log(10)
    assert r["a"].high - r["a"].elo == pytest.approx(half)


def test_bradley_terry_with_an_unbeaten_player_adds_a_draw_and_says_so():
    got = bradley_terry(["a", "b", "c"], {("a", "b"): 5, ("a", "c"): 5, ("b", "c"): 3, ("c", "b"): 2})
    assert got.prior
    assert math.isfinite(got.by_player()["b"].elo)
    assert got.by_player()["b"].elo < 0


def test_holm_adjusts_step_down():
    """Holm (1979): p = 0.01, 0.04, 0.03, 0.005 becomes 0.03, 0.06, 0.06, 0.02."""
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_the_latin_hypercube_puts_one_point_in_each_stratum_and_repeats_with_its_seed():
    factors = [Factor("w", 0.0, 2.0), Factor("size", 1, 8, integer=True)]
    design = latin_hypercube(factors, 10, seed=7)
    assert design == latin_hypercube(factors, 10, seed=7)
    assert design != latin_hypercube(factors, 10, seed=8)
    strata = sorted(int(p["w"] / 0.2) for p in design)
    assert strata == list(range(10))
    assert all(isinstance(p["size"], int) and 1 <= p["size"] <= 8 for p in design)
    with pytest.raises(ValueError):
        latin_hypercube([Factor("x", 2.0, 1.0)], 3, seed=1)
