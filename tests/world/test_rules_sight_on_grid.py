"""Issue 3's battle world on small grids: visibility and cover (Shooting from Cover; Full
Dodge) and range (Range Bands and Distance; Distance Increment; Other Modifiers). Every test
names the yags-combat.md section it pins and uses the text's numbers."""

from __future__ import annotations

from fractions import Fraction

from gridfactory import make_grid
from worldplay import OPEN, declare_all, events, play, refused, unit
from worldplay import VESTED_RIFLEMAN as RIFLEMAN  # these tests' riflemen wear kevlar vests

from game.world import geometry as geo
from game.world.actions import Attack, FullDodge, Move

# --- visibility and cover (Shooting from Cover; Full Dodge) -----------------------------------


def test_cover_counts_near_the_target_and_the_best_one_only(new_match):
    """Shooting from Cover: hard 90% +20, hard 50% +10; "Types of cover do not stack - take
    whichever is the best"; a low wall next to the shooter does not hide the target."""
    g = make_grid(["............",
                   ".H.......Hh.",
                   "............",
                   "..........h."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 1)],
                      "red": [unit(RIFLEMAN, "Behind", 10, 1), unit(RIFLEMAN, "Far", 11, 0),
                              unit(RIFLEMAN, "Crate", 10, 3)]})
    assert m.range.situation(0, 1).target_cover == "hard90"  # the low wall beats the crate it stands on
    assert m.range.situation(0, 2).target_cover is None  # the line crosses the wall by the shooter
    assert m.range.situation(0, 3).target_cover == "hard50"
    d = {u: m.preview(0, u).difficulty for u in (1, 2, 3)}  # all within the 25 m increment
    assert (d[1] - d[2], d[3] - d[2]) == (20, 10)


def test_crouched_and_prone_are_cover_that_does_not_stack(new_match):
    """Shooting from Cover: crouched +5, prone +10, best cover only (a crouched figure behind
    hard 50% cover is no harder to hit than one standing there)."""
    g = make_grid(["................",
                   "................",
                   "..........h.....",
                   "................"])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 1)],
                      "red": [unit(RIFLEMAN, "Crouch", 10, 1), unit(RIFLEMAN, "Prone", 10, 3),
                              unit(RIFLEMAN, "Crate", 10, 2)]})
    base = {u: m.preview(0, u).difficulty for u in (1, 2, 3)}
    declare_all(m, {}, {1: {"stance": "crouched"}, 2: {"stance": "prone"}, 3: {"stance": "crouched"}})
    # the grid sends the posture apart from the ground's cover; Yags takes the better
    assert [(s.target_cover, s.target_stance) for s in (m.range.situation(0, u) for u in (1, 2, 3))] == \
        [(None, "crouched"), (None, "prone"), ("hard50", "crouched")]
    assert m.preview(0, 1).difficulty == base[1] + 5
    assert m.preview(0, 2).difficulty == base[2] + 10
    assert m.preview(0, 3).difficulty == base[3]


def test_full_dodge_needs_full_cover_within_the_combat_move(new_match):
    """Full Dodge: "you dive for the nearest cover ... there must be some full cover within
    your base move distance" (the 6 m combat move)."""
    g = make_grid(["..............",
                   "..............",
                   ".....#........",
                   ".............."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "Dodger", 8, 0)], "red": [unit(RIFLEMAN, "Shooter", 1, 2)]})
    refused(m.check(0, FullDodge((8, 1))), "(8, 1) is not in full cover from the enemies that see Dodger")
    refused(m.check(0, FullDodge((13, 3))), "(13, 3) is not within Dodger's combat move (6 m)")
    assert not hasattr(m.check(0, FullDodge((7, 2))), "reason")
    nearest = geo.full_cover_within(g, (8, 0), 6, [(1, 2)], blocked={(1, 2)})
    assert nearest is not None and nearest != (8, 0)
    play(m, {0: FullDodge(None)})
    assert m.view(0).pos == nearest and geo.hidden_from(g, [(1, 2)], nearest)
    assert events(m, "move", actor=0)
    bare = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "D", 5, 5)], "red": [unit(RIFLEMAN, "S", 20, 5)]})
    refused(bare.check(0, FullDodge(None)), "no full cover within D's combat move (6 m)")


# --- range (Range Bands and Distance; Distance Increment; Other Modifiers) ---------------------


def test_distance_is_metres_between_tile_centres(new_match):
    """Distances in metres: metres_per_tile 2, a 3-4-5 triangle of tiles is 10 m."""
    g = make_grid(["." * 12 for _ in range(6)], metres_per_tile=2.0)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 3, 4)]})
    assert m.range.distance_m(0, 1) == 10.0 and m.range.situation(0, 1).distance_m == 10.0


def test_range_bands_short_medium_and_nothing_beyond_long(new_match):
    """Range Band: medium range loses the attack bonus and has a fumble chance of 3; "A
    weapon cannot hit targets beyond long range" (SPAS 12: short 10 m, medium 40 m, long
    80 m)."""
    shotgun = {**RIFLEMAN, "weapon": "spas_12"}
    m = new_match(make_grid(["." * 90 for _ in range(3)]),
                  {"blue": [unit(shotgun, "A", 0, 1)],
                   "red": [unit(RIFLEMAN, "Short", 9, 1), unit(RIFLEMAN, "Medium", 30, 1),
                           unit(RIFLEMAN, "Beyond", 85, 1)]})
    short, medium = m.preview(0, 1), m.preview(0, 2)
    assert "attack" in {t.name for t in short.terms} and "attack" not in {t.name for t in medium.terms}
    assert (short.p_attack_fumble, medium.p_attack_fumble) == (Fraction(1, 20), Fraction(3, 20))
    refused(m.check(0, Attack(3, "shot")), "Beyond is beyond long range (85 m > 80 m)")


def test_each_distance_increment_adds_five(new_match):
    """Distance Increment: up to the increment (AK-47: 25 m) no modifier; beyond it, +5 per
    multiple."""
    g = make_grid(["." * 30 for _ in range(5)], metres_per_tile=2.0)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 0)],
                      "red": [unit(RIFLEMAN, "At24", 12, 0), unit(RIFLEMAN, "At26", 13, 2), unit(RIFLEMAN, "At52", 26, 4)]})
    d = {u: m.preview(0, u).difficulty for u in (1, 2, 3)}  # 24 m, 26.3 m, 52.6 m
    assert (d[2] - d[1], d[3] - d[1]) == (5, 10)


def test_movement_this_round_multiplies_the_distance(new_match):
    """Other Modifiers: target moving (lateral, slower than running) x2, moving fast x3; a
    target coming straight at the shooter is not moving laterally. 30 m with the AK-47's 25 m
    increment: +5; x2 is 60 m: +10; x3 is 90 m: +15."""
    m = new_match(make_grid(["." * 40 for _ in range(30)]),
                  {"blue": [unit(RIFLEMAN, "A", 0, 14)],
                   "red": [unit(RIFLEMAN, "Still", 30, 14), unit(RIFLEMAN, "Walk", 30, 4),
                           unit(RIFLEMAN, "Run", 30, 24), unit(RIFLEMAN, "Charge", 30, 20)]})
    base = {u: m.preview(0, u).difficulty for u in (1, 2, 3, 4)}
    walk = tuple((30, 4 - i) for i in range(5))  # across the line of fire
    run = tuple((30, 24 + i) for i in range(6))
    straight = tuple((30 - i, 20) for i in range(6))  # toward the shooter
    declare_all(m, {2: Move(walk, "free"), 3: Move(run, "run"), 4: Move(straight, "free")})
    assert m.preview(0, 1).difficulty == base[1]
    assert m.preview(0, 2).difficulty == base[2] + 5
    assert m.preview(0, 3).difficulty == base[3] + 10
    assert m.preview(0, 4).difficulty == base[4]
    assert m.range.situation(0, 2).lateral and not m.range.situation(0, 4).lateral
