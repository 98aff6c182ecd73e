"""Issue 3's battle world on small grids: fire (Snap/Careful/Aimed shots; Multiple shots;
Triple auto; Bursts; Suppressive fire; Shotguns), bullet shyness, and reloading. Every test
names the yags-combat.md section it pins and uses the text's numbers."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, declare_all, events, play, refused, spy, unit
from worldplay import VESTED_RIFLEMAN as RIFLEMAN  # these tests' riflemen wear kevlar vests

from game.flow import driver
from game.world.actions import Aim, AreaFire, Attack, Reload
from game.world.components import Ammo

# --- bullet shyness --------------------------------------------------------------------------


def test_bullet_shyness_counts_every_burst_aimed_at_a_target(new_match, monkeypatch):
    """Bullet Shyness: "If someone is targetted by a burst (even if they aren't hit)" - one
    check at the end of the round for all the bursts, bursts at a single target included."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)],
                                    "red": [unit({**RIFLEMAN, "armour": ["ceramic_plate_carrier"]}, "B", 7, 1)]})
    calls = spy(monkeypatch, m, "end_of_round")
    declare_all(m, {0: Attack(1, "burst", {"bursts": 3})})
    driver(m).resolve_round()
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
    driver(m).resolve_round()
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
    driver(m).resolve_round()
    by_name = {args[1].name: kwargs for args, kwargs in calls}
    targeted = {e.target for e in events(m, "attack", actor=0) if e.target is not None}
    assert targeted  # the arc's nearest target at least
    for uid, name in ((2, "N"), (3, "F")):
        assert by_name[name]["bursts"] == (1 if uid in targeted else 0)
    assert m.view(1).ammo.loaded == 27  # the triple burst fired, no shyness of its own


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
    driver(m).start_round()
    assert not hasattr(m.check(0, Attack(1, "shot", {"shot": "aimed"})), "reason")


def test_multiple_shots_take_recoil_and_ammunition(new_match):
    """Multiple shots (firearms): each shot after the first at a cumulative recoil penalty
    (AK-47: -5, so the 2nd at -5, the 3rd at -10); each uses a round."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)],
                                    "red": [unit({**RIFLEMAN, "armour": ["ceramic_plate_carrier"]}, "B", 12, 1)]})
    declare_all(m, {0: Attack(1, "shot", {"shots": 3})})
    driver(m).resolve_round()
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
    driver(m).resolve_round()
    targets = [e.target for e in events(m, "attack", actor=0) if e.target is not None]
    assert targets and targets[0] == 1


def test_suppressive_fire_covers_sixty_degrees(new_match):
    """Suppressive fire: "fire over a 60 degree arc instead of a 30 degree arc". A foe 26.6
    degrees off the aim is outside area fire's arc and inside suppressive fire's."""
    squads = {"blue": [unit(RIFLEMAN, "Gunner", 1, 5)], "red": [unit(RIFLEMAN, "Off", 9, 9)]}
    m = new_match(make_grid(OPEN), squads, seed=2)
    declare_all(m, {0: AreaFire((11, 5))})
    driver(m).resolve_round()
    assert not [e for e in events(m, "attack", actor=0) if e.target == 1]
    assert any("empty arc" in e.text for e in events(m, "info", actor=0))
    s = new_match(make_grid(OPEN), squads, seed=2)
    declare_all(s, {0: AreaFire((11, 5), suppressive=True)})
    driver(s).resolve_round()
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
    driver(m).resolve_round()
    request = next(args[1] for args, _ in calls if args[1].attacker.name == "S")
    assert [p.name for p, _ in request.others] == ["Friend", "Behind"]


def test_declaring_reload_again_goes_on_with_it(new_match):
    """Magazines and reloading: the reload time (AK-47: 2 rounds) is spent once; declaring
    Reload again while reloading does not start it afresh."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "magazines": 1}, "A", 1, 1)],
                                    "red": [unit(RIFLEMAN, "B", 29, 11)]})
    m.write(0, Ammo, loaded=0)
    play(m, {0: Reload()})
    assert m.view(0).ammo.loaded == 0 and m.view(0).ammo.reload_left == 1
    play(m, {0: Reload()})
    assert (m.view(0).ammo.loaded, m.view(0).ammo.magazines, m.view(0).ammo.reload_left) == (30, 0, 0)


def test_area_fire_needs_an_aim_point_on_the_map_other_than_the_gunner(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    refused(m.check(0, AreaFire((1, 1))), "another tile than your own")
    refused(m.check(0, AreaFire((40, 1))), "off the map")
    assert not hasattr(m.check(0, AreaFire((5, 1), suppressive=True)), "reason")
