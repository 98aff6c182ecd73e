"""Each rule of issue 3's battle world, on small grids drawn in the tests (gridfactory's
legend). Every test names the yags-combat.md section it pins and uses the text's numbers."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from gridfactory import make_grid
from worldplay import declare_all, play, refused, unit

from engine.yags.health import Condition
from game.world import geometry as geo
from game.world.actions import Aim, AreaFire, Attack, FullDodge, Move, Reload, Throw

RIFLEMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3, "wil": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Throw": 3},
    "weapon": "ak_47",
    "armour": ["kevlar_vest"],
    "magazines": 2,
}
SWORDSMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Melee": 5, "Athletics": 3},
    "weapon": "broad_sword",  # reach 2: the eight adjacent tiles
}
SPEARMAN = {**SWORDSMAN, "weapon": "spear"}  # reach 3: two tiles
LONG_SPEAR = {**SWORDSMAN, "weapon": "long_spear"}  # reach 4
BRAWLER = {"attributes": {"str": 4, "agi": 4, "dex": 3}, "skills": {"Brawl": 5}, "weapon": "fist"}
OPEN = ["." * 30 for _ in range(12)]






def events(m, kind=None, actor=None, since=0):
    return [e for e in m.log.since(since)
            if (kind is None or e.kind == kind) and (actor is None or e.actor == actor)]


def spy(monkeypatch, m, method):
    """Record the keyword arguments (and positional ones) of a ruleset method, calling through."""
    calls = []
    real = getattr(m.rules, method)

    def recorder(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    monkeypatch.setattr(m.rules, method, recorder)
    return calls


# --- the round (The Combat Round; Declaring Actions; Performing Actions; End of Round) -------


def test_each_declaration_is_public_as_soon_as_it_is_made(new_match):
    """Declaring Actions: "All declared actions are public": a later declarer sees it."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1), unit(RIFLEMAN, "B", 1, 3)],
                                    "red": [unit(RIFLEMAN, "C", 20, 1)]}, seed=6)
    first, second, _ = m.start_round()
    start = m.view(first).pos
    path = (start, (start[0], start[1] + 1))
    assert not hasattr(m.declare(first, Move(path, "free")), "reason")
    assert m.declaring() == second
    assert m.declared(first).action == Move(path, "free")  # what the next declarer can read
    last = m.log.events[-1]
    assert (last.kind, last.actor, last.phase) == ("declare", first, "declare")
    assert m.declared(second) is None


def test_actions_of_one_speed_go_in_decreasing_initiative(new_match):
    """The Combat Round 3: normal actions in decreasing initiative."""
    shooters = [unit(RIFLEMAN, f"S{i}", 1, 1 + 2 * i) for i in range(3)]
    m = new_match(make_grid(OPEN), {"blue": shooters,
                                    "red": [unit({**RIFLEMAN, "armour": ["ceramic_plate_carrier"]}, "T", 12, 3)]},
                  seed=9)
    inits = {uid: m.view(uid).initiative for uid in (0, 1, 2)}
    assert len(set(inits.values())) == 3
    declare_all(m, {uid: Attack(3, "shot") for uid in (0, 1, 2)})
    start = len(m.log)
    m.resolve_round()
    acted = []
    for e in m.log.since(start):
        if e.actor in inits and e.kind in ("attack", "info") and e.actor not in acted:
            assert e.phase == "normal"
            acted.append(e.actor)
    assert acted == sorted(inits, key=lambda u: -inits[u])


def test_end_of_round_health_check_for_the_beaten(new_match):
    """End of Round: rolls to remain conscious; Stuns: a beaten fighter checks at the end of
    every round while conscious."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    m.health.set_state(0, Condition(stuns=6))
    declare_all(m, {})
    start = len(m.log)
    m.resolve_round()
    checks = [e for e in events(m, "roll", since=start) if e.target == 0 or e.actor == 0]
    assert checks and all(e.phase == "end" for e in checks)
    assert "20" in checks[0].text  # the check is at 20


# --- bullet shyness --------------------------------------------------------------------------


def test_bullet_shyness_counts_every_burst_aimed_at_a_target(new_match, monkeypatch):
    """Bullet Shyness: "If someone is targetted by a burst (even if they aren't hit)" - one
    check at the end of the round for all the bursts, bursts at a single target included."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)],
                                    "red": [unit({**RIFLEMAN, "armour": ["ceramic_plate_carrier"]}, "B", 7, 1)]})
    calls = spy(monkeypatch, m, "end_of_round")
    declare_all(m, {0: Attack(1, "burst", {"bursts": 3})})
    m.resolve_round()
    by_name = {args[1].name: kwargs for args, kwargs in calls}
    assert by_name["B"]["bursts"] == 3 and by_name["B"]["in_cover"] is False
    assert by_name["A"]["bursts"] == 0


def test_bullet_shyness_halves_in_ninety_percent_cover(new_match, monkeypatch):
    """Bullet Shyness: "If the target is in 90% cover or better, they can halve the
    difficulty": a hard 90% low wall between the gunner and the target."""
    g = make_grid(["..........", ".......H..", ".........."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 8, 1)]})
    assert m.range.situation(0, 1).target_cover == "hard90"
    calls = spy(monkeypatch, m, "end_of_round")
    declare_all(m, {0: Attack(1, "burst")})
    m.resolve_round()
    by_name = {args[1].name: kwargs for args, kwargs in calls}
    assert by_name["B"]["bursts"] == 1 and by_name["B"]["in_cover"] is True


def test_area_fire_makes_everyone_it_targets_shy_but_a_triple_burst_does_not(new_match, monkeypatch):
    """Bullet Shyness applies to automatic fire; Three Round Burst "does not use the automatic
    fire rules"."""
    gunner = {**RIFLEMAN, "weapon": "m16_a1"}
    m = new_match(make_grid(OPEN), {"blue": [unit(gunner, "G", 1, 5), unit(gunner, "H", 1, 9)],
                                    "red": [unit(RIFLEMAN, "N", 6, 5), unit(RIFLEMAN, "F", 9, 5)]}, seed=3)
    calls = spy(monkeypatch, m, "end_of_round")
    declare_all(m, {0: AreaFire((10, 5)), 1: Attack(2, "triple")})
    m.resolve_round()
    by_name = {args[1].name: kwargs for args, kwargs in calls}
    targeted = {e.target for e in events(m, "attack", actor=0) if e.target is not None}
    assert targeted  # the arc's nearest target at least
    for uid, name in ((2, "N"), (3, "F")):
        assert by_name[name]["bursts"] == (1 if uid in targeted else 0)
    assert m.view(1).ammo.loaded == 27  # the triple burst fired, no shyness of its own


# --- movement (Movement; yags-core.md Combat Move; Shooting from Cover: crouched, prone) -----


def test_paths_go_round_blocking_tiles_and_pay_move_costs(new_match):
    """Movement: a free move of half Move (6 m); rough ground ('+', move_cost 2) costs double;
    walls cannot be entered nor corners cut."""
    g = make_grid(["..........",
                   ".#........",
                   "..++++....",
                   ".........."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 2)], "red": [unit(RIFLEMAN, "B", 9, 0)]})
    m.start_round()
    refused(m.check(0, Move(((0, 2), (1, 1)), "free")), "cannot be walked")
    refused(m.check(0, Move(((0, 2), (0, 1), (1, 0)), "free")), "cuts a corner")
    rough = ((0, 2), (1, 2), (2, 2), (3, 2), (4, 2))  # 1 + 2 + 2 + 2 = 7 m
    refused(m.check(0, Move(rough, "free")), "path costs 7.0 m, free allows 6 m")
    assert not hasattr(m.check(0, Move(rough, "run")), "reason")
    path = m.movement.path(0, (6, 2))
    assert path is not None and not set(path) & {(2, 2), (3, 2), (4, 2), (5, 2)}  # round the rough
    assert geo.path_cost_m(g, path) == pytest.approx(4 + 2 * math.sqrt(2))


def test_diagonal_steps_cost_root_two(new_match):
    """Distances are metres: a diagonal step is 1.41 m, so a 6 m free move is 4 diagonal
    steps (5.66 m) but not 5 (7.07 m)."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    m.start_round()
    assert not hasattr(m.check(0, Move(tuple((i, i) for i in range(5)), "free")), "reason")
    refused(m.check(0, Move(tuple((i, i) for i in range(6)), "free")), "path costs 7.1 m, free allows 6 m")


def test_a_full_move_allows_only_a_slow_standard_attack_and_a_sprint_none(new_match):
    """Movement: "you can move your full Move, but can only perform a standard attack which
    is slow. Movement faster than this precludes making an attack action." Other Modifiers:
    the firer running is x2 distance."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0), unit(RIFLEMAN, "W", 0, 11)],
                                    "red": [unit(RIFLEMAN, "B", 26, 6)]}, seed=2)
    run = tuple((x, 0) for x in range(0, 11))  # 10 m: more than half Move (6), within Move (12)
    refused(m.check(0, Attack(2, "shot", {}, run)), "free allows 6 m")
    refused(m.check(0, Attack(2, "shot", {"move": "sprint"}, run)), "a sprint allows no attack")
    refused(m.check(0, Attack(2, "shot", {"move": "run", "shot": "snap"}, run)), "only a standard attack")
    refused(m.check(0, Attack(2, "shot", {"move": "run", "shots": 2}, run)), "only a standard attack")
    refused(m.check(0, Attack(2, "shot", {"move": "run"}, tuple((x, 0) for x in range(0, 14)))),
            "run allows 12 m")
    still = m.preview(0, 2).difficulty
    declare_all(m, {0: Attack(2, "shot", {"move": "run"}, run), 1: Attack(2, "shot", {}, ((0, 11), (1, 11)))})
    assert m.range.situation(0, 2).attacker_moved == "run"
    assert m.preview(0, 2).difficulty > still  # firer moving: 26 m doubled is 52 m
    start = len(m.log)
    m.resolve_round()
    phases = {e.actor: e.phase for e in events(m, "attack", since=start) if e.actor in (0, 1)}
    assert phases.get(0, "slow") == "slow" and phases.get(1, "normal") == "normal"
    assert 0 in phases or m.view(2).out
    assert m.view(0).pos == (10, 0) and m.view(1).pos == (1, 11)


def test_crouched_moves_its_combat_move_and_prone_crawls_half(new_match):
    """Shooting from Cover (the cover table): crouched "can only move combat move" (6 m);
    prone "can move half your combat move" (3 m). The stance declared with a move is the one
    it is measured in."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    row = lambda a, b: tuple((x, 0) for x in range(a, b + 1))  # noqa: E731
    refused(m.check(0, Move(row(0, 10), "run"), stance="crouched"), "run allows 6 m crouched")
    assert not hasattr(m.check(0, Move(row(0, 10), "run")), "reason")  # standing: 12 m
    play(m, {0: Move(row(0, 6), "run")}, {0: {"stance": "crouched"}})
    assert m.view(0).pos == (6, 0) and m.view(0).stance == "crouched"
    refused(m.check(0, Move(row(6, 13), "run")), "run allows 6 m crouched")  # still crouched
    play(m, {0: Move(row(6, 17), "run")}, {0: {"stance": "normal"}})  # stands up: a full run
    assert m.view(0).pos == (17, 0) and m.view(0).stance == "normal"
    play(m, {}, {0: {"stance": "prone"}})
    refused(m.check(0, Move(row(17, 21), "run")), "run allows 3 m prone")
    play(m, {0: Move(row(17, 20), "run")}, {0: {"stance": "prone"}})
    assert m.view(0).pos == (20, 0) and m.view(0).stance == "prone"


# --- reach and engagement (Reach; Free Strikes; Counter Strikes; Declaring Attacks) -----------


@pytest.mark.parametrize(("target_x", "phase", "moved"), [(6, "normal", "free"), (12, "slow", "run")])
def test_a_melee_charge_past_half_move_is_slow(new_match, target_x, phase, moved):
    """Declaring Attacks: the movement to make the attack is implied; Movement: past half Move
    (6 m) only a slow attack. The charger counts as moving for shots at it."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "Sword", 2, 5), unit(RIFLEMAN, "Watch", 2, 11)],
                                    "red": [unit(SWORDSMAN, "Foe", target_x, 5), unit(RIFLEMAN, "Gun", 20, 0)]},
                  seed=4)
    declare_all(m, {0: Attack(2, "melee")})
    assert m.range.situation(3, 0).target_moved == moved
    start = len(m.log)
    m.resolve_round()
    mine = [e for e in events(m, "attack", actor=0, since=start)]
    assert mine and all(e.phase == phase for e in mine)
    assert geo.chebyshev(m.view(0).pos, m.view(2).pos) == 1


def test_a_spear_strikes_two_tiles_away_without_moving(new_match):
    """Reach on the grid (rules-notes): reach 3+ strikes two tiles away; melee needs reach to
    the target's tile, a broad sword (reach 2) only the adjacent ones."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SPEARMAN, "Spear", 5, 5), unit(SWORDSMAN, "Sword", 5, 9)],
                                    "red": [unit(SWORDSMAN, "A", 7, 5), unit(SWORDSMAN, "B", 7, 9)]}, seed=5)
    declare_all(m, {0: Attack(2, "melee"), 1: Attack(3, "melee")})
    start = len(m.log)
    m.resolve_round()
    assert m.view(0).pos == (5, 5) and events(m, "attack", actor=0, since=start)
    assert m.view(1).pos != (5, 9) or m.view(1).out  # the sword had to step in


def test_the_longer_weapon_ignores_the_free_strike(new_match):
    """Reach 1: "If the attacker has a longer weapon, then they ignore a free strike from the
    defender"; Reach 2 / Free Strikes 1: the other way round the defender strikes first."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SPEARMAN, "Spear", 5, 5)], "red": [unit(SWORDSMAN, "Sword", 6, 5)]},
                  seed=7)
    declare_all(m, {0: Attack(1, "melee")})
    start = len(m.log)
    m.resolve_round()
    before = [e for e in m.log.since(start) if e.kind in ("free_strike", "attack")]
    assert before[0].actor == 0  # the spear's attack comes first: no free strike at it
    assert not any("longer reach" in e.text for e in before)


def test_grappling_a_longer_weapon_is_one_automatic_strike(new_match, monkeypatch):
    """Free Strikes: "If an action triggers multiple free strikes, then all are merged into a
    single automatic strike": grappling (Free Strikes 2) someone with a longer weapon (Free
    Strikes 1). Grappling a bare-handed foe draws just the free strike."""
    m = new_match(make_grid(OPEN), {"blue": [unit(BRAWLER, "Wrestler", 5, 5), unit(BRAWLER, "Other", 5, 9)],
                                    "red": [unit(SWORDSMAN, "Guard", 6, 5), unit(BRAWLER, "Boxer", 6, 9)]}, seed=1)
    calls = spy(monkeypatch, m, "resolve")
    declare_all(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"}), 1: Attack(3, "melee", {"manoeuvre": "trip"})})
    m.resolve_round()
    guard = [e for e in events(m, "free_strike", actor=2)]
    boxer = [e for e in events(m, "free_strike", actor=3)]
    assert len(guard) == 1 and guard[0].data.strike == "automatic strike"
    assert "longer reach" in guard[0].text and "grab" in guard[0].text
    assert len(boxer) == 1 and boxer[0].data.strike == "free strike"
    strikes = [args[1].options for args, _ in calls if args[1].attacker.name in ("Guard", "Boxer")]
    assert {"kind": "automatic strike", "automatic": True} in strikes  # no defence against it
    assert {"kind": "free strike", "automatic": False} in strikes


def test_attacking_without_a_defence_against_the_target_earns_a_counter_strike(new_match):
    """Counter Strikes 1 / Declaring Defences: "If you are making a melee attack but do not
    declare a defence against the target, then they get a counter strike against you after
    your attack has been resolved" - if still standing."""
    countered = 0
    for seed in range(1, 9):
        m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)],
                                        "red": [unit({**SWORDSMAN, "armour": ["kevlar_vest"]}, "B", 6, 5)]}, seed=seed)
        declare_all(m, {0: Attack(1, "melee")}, {0: {"defences": 0}})
        m.resolve_round()
        counter = [e for e in events(m, "free_strike", actor=1) if "counter" in e.text]
        assert len(counter) == (0 if m.view(1).out else 1)
        countered += len(counter)
    assert countered >= 4
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)], "red": [unit(SWORDSMAN, "B", 6, 5)]})
    declare_all(m, {0: Attack(1, "melee")}, {0: {"defences": 1}})
    m.resolve_round()
    assert not [e for e in events(m, "free_strike", actor=1) if "counter" in e.text]


def test_running_past_two_guards_draws_their_strikes_in_initiative_order(new_match):
    """Free Strikes 3 (running past someone within reach without attacking them); "each foe
    handles their strikes independently (in initiative order)"."""
    for seed in (2, 3, 4, 5):
        m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "Runner", 2, 1)],
                                        "red": [unit(SWORDSMAN, "G1", 6, 0), unit(SWORDSMAN, "G2", 6, 2)]}, seed=seed)
        declare_all(m, {0: Move(tuple((x, 1) for x in range(2, 14)), "run")})
        m.resolve_round()
        strikers = [e.actor for e in events(m, "free_strike")]
        assert strikers, seed
        first = max((1, 2), key=lambda u: (m.view(u).initiative, -u))
        assert strikers[0] == first
        assert len(strikers) == 2 or m.view(0).out


def test_a_weapon_too_long_for_a_corridor_is_at_minus_five_a_level(new_match):
    """Reach: "A weapon that is too long for the situation ... gives a -5 to attack rolls for
    each excess level of reach": a long spear (reach 4) in a one-wide corridor (reach 1
    allowed) is at -15; in the open, nothing."""
    corridor = make_grid(["#########", ".........", "#########"])
    m = new_match(corridor, {"blue": [unit(LONG_SPEAR, "A", 3, 1)], "red": [unit(SWORDSMAN, "B", 4, 1)]})
    terms = {t.name: t.value for t in m.preview(0, 1, "melee").terms}
    assert terms.get("too long") == -15
    m2 = new_match(make_grid(OPEN), {"blue": [unit(LONG_SPEAR, "A", 3, 1)], "red": [unit(SWORDSMAN, "B", 4, 1)]})
    assert "too long" not in {t.name for t in m2.preview(0, 1, "melee").terms}


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
    assert m.range.situation(0, 1).target_cover == "crouched"
    assert m.range.situation(0, 2).target_cover == "prone"
    assert m.range.situation(0, 3).target_cover == "hard50"
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


# --- fire (Snap/Careful/Aimed shots; Multiple shots; Triple auto; Bursts; Suppressive; Shotguns)


def test_snap_is_fast_careful_slow_and_both_change_the_distance(new_match):
    """Snap shots: fast, distance doubled; Careful shots: slow, distance halved."""
    m = new_match(make_grid(["." * 60 for _ in range(3)]), {"blue": [unit(RIFLEMAN, "A", 0, 1)],
                                                             "red": [unit(RIFLEMAN, "B", 50, 1)]})
    d = {shot: m.preview(0, 1, "shot", {"shot": shot}).difficulty for shot in ("snap", "normal", "careful")}
    # 50 m with the AK-47's 25 m increment is +5; snapped 100 m is +15; careful 25 m is +0
    assert (d["snap"] - d["normal"], d["careful"] - d["normal"]) == (10, -5)
    aimed = m.preview(0, 1, "shot", {"shot": "aimed"}).difficulty
    assert aimed < d["normal"]
    refused(m.check(0, Attack(1, "shot", {"shot": "aimed"})), "needs a round spent aiming")
    play(m, {0: Aim(1)})
    m.start_round()
    assert not hasattr(m.check(0, Attack(1, "shot", {"shot": "aimed"})), "reason")


def test_multiple_shots_take_recoil_and_ammunition(new_match):
    """Multiple shots (firearms): each shot after the first at a cumulative recoil penalty
    (AK-47: -5, so the 2nd at -5, the 3rd at -10); each uses a round."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)],
                                    "red": [unit({**RIFLEMAN, "armour": ["ceramic_plate_carrier"]}, "B", 12, 1)]})
    declare_all(m, {0: Attack(1, "shot", {"shots": 3})})
    m.resolve_round()
    assert m.view(0).ammo.loaded == 27
    text = "\n".join(e.text for e in events(m, "attack", actor=0))
    assert "recoil -5" in text and "recoil -10" in text


def test_triple_auto_and_bursts_use_three_and_ten_rounds(new_match):
    """Triple Auto: a single burst of 3 rounds; Automatic: bursts of 10."""
    m16 = {**RIFLEMAN, "weapon": "m16_a1"}
    for mode, options, left in (("triple", {}, 27), ("burst", {"bursts": 2}, 10)):
        m = new_match(make_grid(OPEN), {"blue": [unit(m16, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 12, 3)]})
        start = play(m, {0: Attack(1, mode, options)})
        assert m.view(0).ammo.loaded == left
        assert events(m, "attack", actor=0, since=start)


def test_area_fire_hits_friends_in_the_arc_nearest_first(new_match):
    """Bursts at an area: "Roll an attack as normal against the nearest possible target in
    the arc" - a friend in the 30 degree arc is just another target."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "Gunner", 1, 5), unit(RIFLEMAN, "Friend", 4, 5)],
                                    "red": [unit(RIFLEMAN, "Foe", 9, 5)]}, seed=8)
    declare_all(m, {0: AreaFire((10, 5))})
    m.resolve_round()
    targets = [e.target for e in events(m, "attack", actor=0) if e.target is not None]
    assert targets and targets[0] == 1


def test_suppressive_fire_covers_sixty_degrees(new_match):
    """Suppressive fire: "fire over a 60 degree arc instead of a 30 degree arc". A foe 26.6
    degrees off the aim is outside area fire's arc and inside suppressive fire's."""
    squads = {"blue": [unit(RIFLEMAN, "Gunner", 1, 5)], "red": [unit(RIFLEMAN, "Off", 9, 9)]}
    m = new_match(make_grid(OPEN), squads, seed=2)
    declare_all(m, {0: AreaFire((11, 5))})
    m.resolve_round()
    assert not [e for e in events(m, "attack", actor=0) if e.target == 1]
    assert any("empty arc" in e.text for e in events(m, "info", actor=0))
    s = new_match(make_grid(OPEN), squads, seed=2)
    declare_all(s, {0: AreaFire((11, 5), suppressive=True)})
    s.resolve_round()
    assert [e for e in events(s, "attack", actor=0) if e.target == 1]


def test_a_shotgun_cone_reaches_those_near_the_line_of_fire(new_match, monkeypatch):
    """Shotguns (Co-X): "possibly hitting multiple targets": others in the cone (read as a 30
    degree arc) are offered to the rules core, nearest first, friends included."""
    shotgun = {**RIFLEMAN, "weapon": "spas_12"}
    m = new_match(make_grid(OPEN), {"blue": [unit(shotgun, "S", 1, 5), unit(RIFLEMAN, "Friend", 7, 6)],
                                    "red": [unit(RIFLEMAN, "T", 5, 5), unit(RIFLEMAN, "Behind", 9, 5),
                                            unit(RIFLEMAN, "Aside", 5, 10)]})
    calls = spy(monkeypatch, m, "resolve")
    declare_all(m, {0: Attack(2, "shot")})
    m.resolve_round()
    request = next(args[1] for args, _ in calls if args[1].attacker.name == "S")
    assert [p.name for p, _ in request.others] == ["Friend", "Behind"]


# --- explosions (Explosive damage; Taking Cover; rules-notes Grenades) ------------------------


def test_a_thrown_grenade_is_a_throw_at_a_tile_and_a_miss_scatters(new_match, monkeypatch):
    """Grenades (rules-notes): a throw attack at a spot; a miss scatters the grenade, which
    explodes where it lands."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "grenades": ["concussion_grenade"]}, "T", 2, 5)],
                                    "red": [unit(RIFLEMAN, "R", 14, 5)]}, seed=3)
    throws = []
    real = m.rules.throw

    def throw(dice, thrower, weapon, distance):
        roll, _ = real(dice, thrower, weapon, distance)
        throws.append(distance)
        return roll, (0.0, 4.0)  # a miss: 4 m south

    monkeypatch.setattr(m.rules, "throw", throw)
    declare_all(m, {0: Throw("concussion_grenade", (12, 5))})
    m.resolve_round()
    assert throws == [10.0]
    blasts = events(m, "blast")
    assert any("scatters to (12, 9)" in e.text for e in blasts)
    assert blasts[-1].data.tile == (12, 9)


def test_the_blast_reaches_everyone_by_distance_and_hard_cover_protects(new_match, monkeypatch):
    """Explosive damage: bands by distance from the blast, friends hit too; hard cover (or a
    wall) between the blast and a victim protects it (rules-notes: one band further out)."""
    g = make_grid(["....................",
                   "............#.......",
                   "............H.......",
                   "...................."])
    thrower = {**RIFLEMAN, "grenades": ["concussion_grenade"]}
    m = new_match(g, {"blue": [unit(thrower, "T", 2, 2), unit(RIFLEMAN, "Friend", 8, 3)],
                      "red": [unit(RIFLEMAN, "Near", 10, 3), unit(RIFLEMAN, "Walled", 13, 1),
                              unit(RIFLEMAN, "Sheltered", 13, 2)]}, seed=3)
    real = m.rules.throw
    monkeypatch.setattr(m.rules, "throw", lambda dice, p, w, d: (real(dice, p, w, d)[0], (0.0, 0.0)))
    calls = spy(monkeypatch, m, "blast")
    declare_all(m, {0: Throw("concussion_grenade", (10, 2))}, {u: {"defences": 0} for u in range(1, 5)})
    m.resolve_round()
    (args, _), = calls
    victims = {p.name: (d, covered) for p, d, covered in args[3]}
    assert victims["Near"] == (1.0, False)
    assert victims["Friend"] == (pytest.approx(math.hypot(2, 1)), False)
    assert victims["Walled"][1] is True  # the wall blocks the line from the blast
    assert victims["Sheltered"][1] is True  # hard 90% cover between
    assert victims["T"] == (8.0, False)


def test_taking_cover_a_victim_with_a_defence_dodges_its_combat_move_further_out(new_match, monkeypatch):
    """Taking Cover: "A successful dodge roll allows you to move a distance equal to your
    combat move away from the explosion, hopefully to a less deadly range band." On the grid
    (rules-notes): a victim with a defence declared dodges (agility x Athletics at 15), and on
    a success the blast's bands count it its combat move further out; no defence, no dodge;
    prone, no dodge (Stances: prone "cannot dodge"); the dodge spends the defence."""
    thrower = {**RIFLEMAN, "grenades": ["concussion_grenade"]}
    m = new_match(make_grid(OPEN), {"blue": [unit(thrower, "T", 1, 5)],
                                    "red": [unit(RIFLEMAN, "Dodger", 10, 5), unit(RIFLEMAN, "Still", 10, 4),
                                            unit(RIFLEMAN, "Flat", 10, 6)]}, seed=5)
    real = m.rules.throw
    monkeypatch.setattr(m.rules, "throw", lambda dice, p, w, d: (real(dice, p, w, d)[0], (0.0, 0.0)))
    dodges = []
    real_cover = m.rules.take_cover

    def take_cover(dice, victim, thrower_name, weapon, distance):
        roll, metres = real_cover(dice, victim, thrower_name, weapon, distance)
        dodges.append((victim.name, roll, metres))
        return roll, metres

    monkeypatch.setattr(m.rules, "take_cover", take_cover)
    calls = spy(monkeypatch, m, "blast")
    declare_all(m, {0: Throw("concussion_grenade", (11, 5))},
                {1: {"defences": 1}, 2: {"defences": 0}, 3: {"defences": 1, "stance": "prone"}})
    m.resolve_round()
    by_name = {name: (roll, metres) for name, roll, metres in dodges}
    roll, metres = by_name["Dodger"]
    assert roll is not None and roll.target == 15
    move = m.view(1).combatant.combat_move
    assert metres == (move if roll.success else 0)
    assert by_name["Still"] == (None, 0.0) and by_name["Flat"] == (None, 0.0)
    (args, _), = calls
    victims = {p.name: d for p, d, _ in args[3]}
    assert victims["Dodger"] == pytest.approx(1.0 + metres)
    assert victims["Still"] == pytest.approx(math.hypot(1, 1))
    assert any("dodge the blast" in e.text and e.actor == 1 for e in m.log.events)


def test_taking_cover_succeeds_and_fails_by_the_roll(new_match, monkeypatch):
    """Taking Cover: success puts the dodger its combat move further out; a failed roll
    leaves it where it stood. Over seeds both happen, and the distance the blast counts
    follows the roll each time."""
    seen = set()
    for seed in range(1, 30):
        thrower = {**RIFLEMAN, "grenades": ["concussion_grenade"]}
        m = new_match(make_grid(OPEN), {"blue": [unit(thrower, "T", 1, 5)],
                                        "red": [unit(RIFLEMAN, "Dodger", 10, 5)]}, seed=seed)
        real = m.rules.throw
        monkeypatch.setattr(m.rules, "throw", lambda dice, p, w, d, real=real: (real(dice, p, w, d)[0], (0.0, 0.0)))
        calls = spy(monkeypatch, m, "blast")
        declare_all(m, {0: Throw("concussion_grenade", (10, 5))}, {1: {"defences": 1}})
        m.resolve_round()
        (args, _), = calls
        d = {p.name: dist for p, dist, _ in args[3]}["Dodger"]
        ev = next(e for e in m.log.events if "dodge the blast" in e.text)
        success = "further out" in ev.text
        assert d == (m.view(1).combatant.combat_move if success else 0.0)
        seen.add(success)
        if seen == {True, False}:
            break
    assert seen == {True, False}


# --- simultaneous movement (rules-notes) and victory ------------------------------------------


def test_the_higher_initiative_takes_a_contested_tile(new_match):
    """Initiative: all movement ends at the end of the round; on the grid the movers arrive in
    decreasing initiative, so the faster one takes a tile both wanted (rules-notes)."""
    for seed in (1, 2, 3, 4):
        m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 3, 5)], "red": [unit(RIFLEMAN, "B", 7, 5)]},
                      seed=seed)
        if m.view(0).initiative == m.view(1).initiative:
            continue
        declare_all(m, {0: Move(((3, 5), (4, 5), (5, 5)), "free"), 1: Move(((7, 5), (6, 5), (5, 5)), "free")})
        m.resolve_round()
        fast = max((0, 1), key=lambda u: m.view(u).initiative)
        slow = 1 - fast
        assert m.view(fast).pos == (5, 5)
        assert m.view(slow).pos == ((4, 5) if slow == 0 else (6, 5))


def test_during_the_round_a_mover_is_shot_where_it_started(new_match):
    """Initiative: "all movement actions begin at the start of the round, and end at the end
    of the round"; a mover that ends out of sight was in cover for part of the round (50%
    hard)."""
    g = make_grid(["..........", "......#...", ".........."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 1)], "red": [unit(RIFLEMAN, "B", 6, 0)]})
    assert m.range.situation(0, 1).target_cover is None
    declare_all(m, {1: Move(((6, 0), (7, 0), (7, 1)), "free")})
    assert m.view(1).pos == (6, 0)
    assert m.range.situation(0, 1).target_cover == "hard50"


def test_a_side_with_nobody_able_to_fight_loses_unconscious_included(new_match):
    """Victory: unconscious fighters cannot fight."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)],
                                    "red": [unit(RIFLEMAN, "B", 29, 11), unit(RIFLEMAN, "C", 29, 9)]})
    m.health.set_state(1, Condition(status="unconscious"))
    declare_all(m, {})
    m.resolve_round()
    assert not m.over
    m.health.set_state(2, Condition(status="unconscious"))
    declare_all(m, {})
    m.resolve_round()
    assert m.over and m.winner == "blue"


def test_movers_pass_through_friends_but_never_stop_on_one(new_match):
    """Paths may cross a friend's tile, not end on it (as `reachable` and `path` allow);
    a mover cut short by a taken end tile steps back off a friend."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 5), unit(RIFLEMAN, "F", 2, 5)],
                                    "red": [unit(RIFLEMAN, "E", 29, 0)]})
    play(m, {0: Move(tuple((x, 5) for x in range(5)), "free")})
    assert m.view(0).pos == (4, 5) and m.view(1).pos == (2, 5)
    for seed in range(1, 30):
        m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 5), unit(RIFLEMAN, "F", 2, 5)],
                                        "red": [unit(RIFLEMAN, "E", 3, 8)]}, seed=seed)
        if m.view(2).initiative > m.view(0).initiative:
            break
    else:
        pytest.fail("no seed gives E the higher initiative")
    play(m, {0: Move(((0, 5), (1, 5), (2, 5), (3, 5)), "free"), 2: Move(((3, 8), (3, 7), (3, 6), (3, 5)), "free")})
    assert m.view(2).pos == (3, 5)  # the faster one took the tile
    assert m.view(0).pos == (1, 5)  # not on F's tile


def test_declaring_reload_again_goes_on_with_it(new_match):
    """Magazines and reloading: the reload time (AK-47: 2 rounds) is spent once; declaring
    Reload again while reloading does not start it afresh."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "magazines": 1}, "A", 1, 1)],
                                    "red": [unit(RIFLEMAN, "B", 29, 11)]})
    m._comp(0, type(m.view(0).ammo)).loaded = 0
    m._changed(0)
    play(m, {0: Reload()})
    assert m.view(0).ammo.loaded == 0 and m.view(0).ammo.reload_left == 1
    play(m, {0: Reload()})
    assert (m.view(0).ammo.loaded, m.view(0).ammo.magazines, m.view(0).ammo.reload_left) == (30, 0, 0)


def test_area_fire_needs_an_aim_point_on_the_map_other_than_the_gunner(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    refused(m.check(0, AreaFire((1, 1))), "another tile than your own")
    refused(m.check(0, AreaFire((40, 1))), "off the map")
    assert not hasattr(m.check(0, AreaFire((5, 1), suppressive=True)), "reason")


def test_a_sprint_tires(new_match):
    """yags-core.md, Sprinting: "a sprinting character gains a point of fatigue every round";
    a run does not."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "S", 0, 0), unit(RIFLEMAN, "R", 0, 4)],
                                    "red": [unit(RIFLEMAN, "B", 29, 11)]})
    play(m, {0: Move(tuple((x, 0) for x in range(21)), "sprint"), 1: Move(tuple((x, 4) for x in range(13)), "run")})
    assert (m.view(0).pos, m.view(0).state.fatigue) == ((20, 0), 1)
    assert (m.view(1).pos, m.view(1).state.fatigue) == ((12, 4), 0)


def test_tiring_manoeuvres_and_fumbles_cost_the_attacker_fatigue(new_match, monkeypatch):
    """Melee Manoeuvres: a tiring manoeuvre (improved damage) that succeeds, and a fumbled
    attack whose outcome is fatigue, cost the attacker a point of fatigue."""
    tired = 0
    for seed in range(1, 13):
        m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)],
                                        "red": [unit({**SWORDSMAN, "armour": ["kevlar_vest"]}, "B", 6, 5)]}, seed=seed)
        results = []
        real = m.rules.resolve

        def resolve(dice, request, real=real, results=results):
            out = real(dice, request)
            if request.attacker.name == "A":
                results.extend(r for r in out if not hasattr(r, "reason"))
            return out

        monkeypatch.setattr(m.rules, "resolve", resolve)
        play(m, {0: Attack(1, "melee", {"manoeuvre": "improved_damage"})},
             {0: {"stance": "aggressive"}, 1: {"defences": 0}})
        costs = sum(("fatigue" in r.effects) + (r.fumble_outcome == "fatigue") for r in results)
        assert results and (m.view(0).state.fatigue == costs or m.view(0).out)
        tired += costs
    assert tired >= 1
