"""A target's posture and the cover of the ground it lies behind, on the grid: the grid sends
the two apart (Situation.target_cover, target_stance) and each ruleset applies its text.
Yags: the better of the two (yags-combat.md, Shooting from Cover); Yags SF: the cover's own
difficulty (yags-sf-combat-0.30a.md, Ranged Combat, rules-notes); the step dice: prone makes
the cover one kind better (step-dice-combat.md, Range and cover, rules-notes)."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import VESTED_RIFLEMAN as RIFLEMAN
from worldplay import declare_all, unit

from engine.stepdice.ruleset import StepRuleset
from engine.yags_sf.ruleset import YagsSFRuleset

# soft 50% cover (a hedge) on the tile before the target at (10, 1); (10, 3) in the open
HEDGE = ["................",
         ".........s......",
         "................",
         "................"]
SF_RIFLE = {"role": "rifleman", "weapon": "m16_a1"}


def two_targets(new_match, spec, ruleset=None, mpt=1.0):
    g = make_grid(HEDGE, metres_per_tile=mpt)
    return new_match(g, {"blue": [unit(spec, "A", 0, 1)],
                         "red": [unit(spec, "Hedge", 10, 1), unit(spec, "Open", 10, 3)]},
                     **({"ruleset": ruleset} if ruleset else {}))


def test_the_grid_sends_the_cover_and_the_posture_apart(new_match):
    """A prone unit behind a hedge keeps the hedge's soft 50% cover; its posture goes apart."""
    m = two_targets(new_match, RIFLEMAN)
    declare_all(m, {}, {1: {"stance": "prone"}, 2: {"stance": "prone"}})
    s = m.range.situation(0, 1)
    assert (s.target_cover, s.target_stance) == ("soft50", "prone")
    s = m.range.situation(0, 2)
    assert (s.target_cover, s.target_stance) == (None, "prone")


def test_yags_prone_behind_soft_cover_is_the_better_of_the_two(new_match):
    """Shooting from Cover: soft 50% +5, prone +10; "Types of cover do not stack - take
    whichever is the best": prone behind the hedge is +10, as prone in the open."""
    m = two_targets(new_match, RIFLEMAN)
    base = {u: m.preview(0, u).difficulty for u in (1, 2)}
    assert base[1] - base[2] == 5  # the hedge alone
    declare_all(m, {}, {1: {"stance": "prone"}, 2: {"stance": "prone"}})
    assert m.preview(0, 1).difficulty == base[2] + 10
    assert m.preview(0, 2).difficulty == base[2] + 10


def test_yags_sf_prone_behind_soft_cover_keeps_the_cover(new_match):
    """Ranged Combat, Range Difficulties: 30 m (and 31 m) is past 25 m, difficulty 25 (the
    M16's short range: unmodified); a target half behind soft cover is as hard to hit as at
    medium range, +5 (rules-notes): 30. Crouching behind the hedge keeps it (crouched is soft
    50% cover of its own: the same +5); lying down there is soft 90%, +15 (rules-notes, Yags
    SF 5): 40, never the 25 of no cover it was when the posture replaced the hedge."""
    m = two_targets(new_match, SF_RIFLE, YagsSFRuleset(), mpt=3.0)
    assert (m.range.situation(0, 1).distance_m, round(m.range.situation(0, 2).distance_m)) == (30, 31)
    assert (m.preview(0, 1).difficulty, m.preview(0, 2).difficulty) == (30, 25)
    declare_all(m, {}, {1: {"stance": "crouched"}})
    assert m.preview(0, 1).difficulty == 30
    lying = two_targets(new_match, SF_RIFLE, YagsSFRuleset(), mpt=3.0)
    declare_all(lying, {}, {1: {"stance": "prone"}})
    assert lying.preview(0, 1).difficulty == 40


def test_step_dice_prone_behind_soft_cover_is_medium_cover(new_match):
    """Range and cover: "Light Cover +4 ... Medium Cover +8"; the hedge's soft 50% is light
    cover, and a prone target beyond point blank has its cover one kind better (rules-notes):
    medium, +8, behind the hedge; light, +4, in the open (it was light behind the hedge when
    the posture replaced the cover). Crouched shows less of itself in the open: light."""
    m = two_targets(new_match, SF_RIFLE, StepRuleset(), mpt=2.0)
    assert (m.preview(0, 1).difficulty_extra, m.preview(0, 2).difficulty_extra) == (4, 0)
    declare_all(m, {}, {1: {"stance": "prone"}, 2: {"stance": "prone"}})
    assert (m.preview(0, 1).difficulty_extra, m.preview(0, 2).difficulty_extra) == (8, 4)
    crouched = two_targets(new_match, SF_RIFLE, StepRuleset(), mpt=2.0)
    declare_all(crouched, {}, {1: {"stance": "crouched"}, 2: {"stance": "crouched"}})
    assert (crouched.preview(0, 1).difficulty_extra, crouched.preview(0, 2).difficulty_extra) == (4, 4)
