"""2d10! (Yags SF 0.30a: Initiative, Damage; Fumbling) and its exact chances.

Reading (docs/rules-notes.md, Yags SF, Dice): each d10 showing 10 is rolled again and added,
again while it shows 10; a fumble is a dice total at or below the fumble chance."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice, ScriptedDice
from engine.rolls import Term
from engine.yags_sf.dice import (
    check,
    distribution,
    p_at_least,
    p_at_most,
    p_beats,
    p_die,
    p_difference_at_least,
    p_total,
    roll_2d10,
    roll_check,
)


def test_a_ten_is_rolled_again_and_added():
    dice = ScriptedDice([10, 4, 7])
    r = roll_2d10(dice)
    assert r.faces == ((10, 4), (7,))
    assert r.total == 21
    assert r.describe() == "2d10! (10+4, 7)"


def test_tens_go_on_while_they_come():
    r = roll_2d10(ScriptedDice([10, 10, 3, 10, 1]))
    assert r.faces == ((10, 10, 3), (10, 1))
    assert r.total == 34


def test_a_single_die_never_totals_a_multiple_of_ten():
    assert p_die(10) == 0 and p_die(20) == 0
    assert p_die(9) == Fraction(1, 10) and p_die(11) == Fraction(1, 100) and p_die(21) == Fraction(1, 1000)


def test_fumble_on_three_or_less():
    # Fumbling: "a roll of three or less on the dice constitutes a fumble": 1+1, 1+2, 2+1
    assert p_at_most(3) == Fraction(3, 100)
    assert p_at_most(4) == Fraction(6, 100)  # poor conditions
    assert p_at_most(5) == Fraction(10, 100)  # "or even five"
    # a fumble fails whatever the total
    roll = check("attack", [Term("ability", 50)], roll_2d10(ScriptedDice([1, 2])), target=15)
    assert roll.fumble and not roll.success and roll.total == 53
    roll = check("attack", [Term("ability", 50)], roll_2d10(ScriptedDice([2, 2])), target=15)
    assert not roll.fumble and roll.success


def test_survival_fumble_chances_counted_on_the_dice_total():
    # Critically Injured: fumble chance 7: 21 of the 100 first faces sum to 7 or less
    assert p_at_most(7) == Fraction(21, 100)
    # 15 (fatal in one blow): a 10 rerolled can still total 15 or less (10+1 with up to 4)
    assert p_at_most(15) == sum(p_total(v) for v in range(2, 16))
    assert p_at_most(15) > Fraction(75, 100)


def test_equal_or_more_succeeds():
    roll = roll_check(ScriptedDice([5, 5]), "attack", [Term("ability", 10)], target=20)
    assert roll.total == 20 and roll.success
    assert "2d10! (5, 5)" in roll.describe()


def _brute(depth: int = 12) -> dict[int, float]:
    die = {}
    for k in range(depth):
        for r in range(1, 10):
            die[10 * k + r] = 10.0 ** -(k + 1)
    out: dict[int, float] = {}
    for a, pa in die.items():
        for b, pb in die.items():
            out[a + b] = out.get(a + b, 0.0) + pa * pb
    return out


BRUTE = _brute()


def test_exact_tails_match_a_deep_enumeration():
    for t in range(-3, 70):
        expected = sum(p for x, p in BRUTE.items() if x >= t)
        assert float(p_at_least(t)) == pytest.approx(expected, abs=1e-11)


def test_the_law_of_2d10_sums_to_one():
    # every total up to 200 plus the exact tail beyond
    assert sum(p_total(v) for v in range(2, 200)) + p_at_least(200) == 1
    law = distribution(lambda x: min(x, 40), 40)
    assert sum(law.values()) == 1


def test_difference_of_two_rolls_matches_enumeration():
    big = {x: p for x, p in BRUTE.items() if p > 1e-15}
    for c in (-25, -10, -1, 0, 1, 7, 19, 33):
        expected = sum(px * py for x, px in big.items() for y, py in big.items() if x - y >= c)
        assert float(p_difference_at_least(c)) == pytest.approx(expected, abs=1e-11)
    # X - Y and Y - X have one law: P(X - Y >= c) + P(X - Y >= 1 - c) = 1, exactly
    for c in range(-30, 31):
        assert p_difference_at_least(c) + p_difference_at_least(1 - c) == 1


@settings(max_examples=30, deadline=None)
@given(a=st.integers(-10, 60), d=st.integers(-10, 60), fa=st.integers(0, 9), fd=st.integers(0, 9))
def test_attack_against_defence_matches_a_seeded_sample(a, d, fa, fd):
    """The exact chance against 3000 seeded rolls of both sides (5 standard errors, and a
    count or two of slack: near a chance of 0 or 1 one rare outcome is already many standard
    errors out, the binomial being discrete)."""
    rng = Dice(random.Random(a * 1000 + d * 10 + fa + fd))
    n, hits = 3000, 0
    for _ in range(n):
        x, y = roll_2d10(rng).total, roll_2d10(rng).total
        target = 15 if y <= fd else max(15, d + y)
        hits += x > fa and a + x >= target
    p = float(p_beats(a, fa, d, fd, 15))
    assert abs(hits / n - p) <= 5 * (p * (1 - p) / n) ** 0.5 + 2 / n


def test_attack_against_defence_brute_force():
    big = {x: p for x, p in BRUTE.items() if p > 1e-15}
    for a, fa, d, fd in ((30, 3, 30, 3), (10, 3, 40, 3), (0, 5, 0, 3), (25, 7, 30, 4)):
        expected = sum(px * py for x, px in big.items() if x > fa for y, py in big.items()
                       if a + x >= (15 if y <= fd else max(15, d + y)))
        assert float(p_beats(a, fa, d, fd, 15)) == pytest.approx(expected, abs=1e-11)
