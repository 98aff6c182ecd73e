"""The battle world: whole Yags rounds on small grids made in the tests."""

import esper
import pytest
from gridfactory import make_grid

from game.flow import driver
from game.world.actions import AreaFire, Attack, FullDodge, Hold, Move, Reload, Throw
from game.world.events import MovedTo

RIFLEMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Throw": 3},
    "weapon": "ak_47",
    "armour": ["kevlar_vest"],
    "magazines": 2,
}
SWORDSMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Melee": 5, "Athletics": 3},
    "weapon": "broad_sword",
}
SPEARMAN = {**SWORDSMAN, "weapon": "long_spear"}
OPEN = ["." * 30 for _ in range(12)]


def unit(spec, name, x, y, **extra):
    return {**spec, "name": name, "x": x, "y": y, **extra}


def declare_all(m, plan):
    """plan: uid -> action (others hold)."""
    for uid in driver(m).start_round():
        assert not hasattr(m.declare(uid, plan.get(uid, Hold())), "reason"), m.log.lines()[-3:]


def test_one_esper_world_per_match_and_closed(new_match):
    g = make_grid(OPEN)
    a = new_match(g, {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 20, 1)]})
    b = new_match(g, {"blue": [unit(RIFLEMAN, "C", 1, 1)], "red": [unit(RIFLEMAN, "D", 20, 1)]})
    assert a.world != b.world
    assert a.name(0) == "A" and b.name(0) == "C"
    a.close()
    assert a.world not in esper.list_worlds()


def test_initiative_once_and_declaration_order_increasing(new_match):
    """The Combat Round: declare in increasing initiative; initiative rolled once per combat."""
    g = make_grid(OPEN)
    squads = {"blue": [unit(RIFLEMAN, f"B{i}", 1, 1 + i) for i in range(3)],
              "red": [unit(RIFLEMAN, f"R{i}", 25, 1 + i) for i in range(3)]}
    m = new_match(g, squads, seed=5)
    inits = {uid: m.view(uid).initiative for uid in m.uids()}
    order = driver(m).start_round()
    assert [inits[u] for u in order] == sorted(inits[u] for u in order)
    assert len(m.log.of_kind("initiative")) == 6
    for uid in order:
        m.declare(uid, Hold())
    driver(m).resolve_round()
    driver(m).start_round()
    assert {uid: m.view(uid).initiative for uid in m.uids()} == inits
    assert len(m.log.of_kind("initiative")) == 6


def test_actions_fast_normal_slow_in_decreasing_initiative(new_match):
    """Performing Actions: fast, then normal, then slow; each in decreasing initiative. A snap
    shot is fast, a careful shot slow."""
    g = make_grid(OPEN)
    squads = {"blue": [unit(RIFLEMAN, "Snap", 1, 1), unit(RIFLEMAN, "Careful", 1, 3), unit(RIFLEMAN, "Plain", 1, 5)],
              "red": [unit(RIFLEMAN, "Target", 10, 3)]}
    m = new_match(g, squads, seed=2)
    shots = {0: Attack(3, "shot", {"shot": "snap"}), 1: Attack(3, "shot", {"shot": "careful"}), 2: Attack(3, "shot")}
    declare_all(m, shots)
    start = len(m.log)
    driver(m).resolve_round()
    attackers = []
    for e in m.log.since(start):
        if e.kind == "attack" and e.actor in (0, 1, 2) and e.actor not in attackers:
            attackers.append(e.actor)
    assert attackers[0] == 0 and attackers[-1] == 1
    phases = {e.actor: e.phase for e in m.log.since(start) if e.kind == "attack" and e.actor in (0, 1, 2)}
    assert phases == {0: "fast", 1: "slow", 2: "normal"}


def test_movement_ends_at_end_of_round_and_costs(new_match):
    """Initiative: movement begins at the start of the round and ends at its end. Movement:
    half Move free (6 m), full Move run (12 m), sprint 2 x Move + Athletics (27 m)."""
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "Mover", 0, 0)], "red": [unit(RIFLEMAN, "Watcher", 29, 11)]})
    assert m.movement_allowance(0) == {"free": 6, "run": 12, "sprint": 27}
    driver(m).start_round()
    too_far = Move(tuple((x, 0) for x in range(0, 8)), "free")
    assert "allows 6 m" in m.declare(0, too_far).reason
    run = Move(tuple((x, 0) for x in range(0, 13)), "run")
    assert not hasattr(m.declare(0, run), "reason")
    m.declare(1, Hold())
    driver(m).resolve_round()
    assert m.view(0).pos == (12, 0)
    moves = [e for e in m.log.events if e.kind == "move"]
    assert moves and moves[-1].phase == "move"


def test_shooting_needs_sight_and_range(new_match):
    g = make_grid(["..........",
                   "....#.....",
                   ".........."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 8, 1)]})
    driver(m).start_round()
    assert "no line of sight" in m.check(0, Attack(1, "shot")).reason
    assert not hasattr(m.check(0, Attack(1, "melee")), "x") and "not a melee weapon" in m.check(0, Attack(1, "melee")).reason


def test_cover_near_the_target_raises_the_difficulty(new_match):
    """Shooting from Cover: hard 50% +10 to the difficulty."""
    g = make_grid(["....................",
                   "..................h.",
                   "...................."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 19, 1), unit(RIFLEMAN, "C", 19, 2)]})
    covered = m.range.situation(0, 1)
    open_ = m.range.situation(0, 2)
    assert covered.target_cover == "hard50" and open_.target_cover is None
    assert m.preview(0, 1).difficulty == m.preview(0, 2).difficulty + 10


def test_ammunition_is_used_and_reloading_takes_rounds(new_match):
    """Magazines and reloading: bursts use 10 rounds; reloading takes the weapon's reload time,
    the unit declaring Reload each of those rounds (it is the round's action)."""
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit({**RIFLEMAN, "armour": ["ceramic_plate_carrier"]}, "B", 6, 1)]})
    declare_all(m, {0: Attack(1, "burst", {"bursts": 3})})
    driver(m).resolve_round()
    assert m.view(0).ammo.loaded == 0
    assert "empty" in m.check(0, Attack(1, "shot")).reason
    declare_all(m, {0: Reload()})
    driver(m).resolve_round()
    reload_rounds = m.rules.weapon_facts(m.view(0).combatant).reload_rounds
    for _ in range(reload_rounds - 1):
        declare_all(m, {0: Reload()})
        driver(m).resolve_round()
    assert m.view(0).ammo.loaded == 30 and m.view(0).ammo.magazines == 1


def test_melee_approach_is_implied_and_longer_reach_strikes_first(new_match):
    """Declaring Attacks: movement to make the attack is implied. Reach: the defender with the
    longer weapon gets a free strike before the attacker."""
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(SWORDSMAN, "Sword", 2, 5)], "red": [unit(SPEARMAN, "Spear", 9, 5)]}, seed=4)
    declare_all(m, {0: Attack(1, "melee")})
    driver(m).resolve_round()
    assert max(abs(m.view(0).pos[0] - 9), abs(m.view(0).pos[1] - 5)) <= 1 or m.view(0).out
    kinds = [e.text for e in m.log.events if e.kind == "free_strike"]
    assert any("longer reach" in t for t in kinds)


def test_running_past_an_enemy_draws_a_free_strike(new_match):
    """Free Strikes 3: running past someone within reach without attacking them."""
    g = make_grid(["...............",
                   "...............",
                   "..............."])
    m = new_match(g, {"blue": [unit(SWORDSMAN, "Runner", 2, 0)], "red": [unit(SWORDSMAN, "Guard", 7, 1)]}, seed=3)
    path = tuple((x, 0) for x in range(2, 13))
    declare_all(m, {0: Move(path, "run")})
    driver(m).resolve_round()
    assert any(e.kind == "free_strike" and e.actor == 1 for e in m.log.events)


def test_grenade_blast_hits_friends_and_foes_and_hard_cover_protects(new_match):
    """Explosive damage: everyone in the bands is hit, friends too; hard cover between the blast
    and a target moves it a band further out (rules-notes)."""
    g = make_grid(["....................",
                   "....................",
                   "....................",
                   "...............H....",
                   "...................."])
    squads = {"blue": [unit({**RIFLEMAN, "grenades": ["concussion_grenade"]}, "Thrower", 2, 2)],
              "red": [unit(RIFLEMAN, "R1", 14, 2), unit(RIFLEMAN, "R2", 14, 3)]}
    m = new_match(g, squads, seed=11)
    declare_all(m, {0: Throw("concussion_grenade", (14, 2))})
    driver(m).resolve_round()
    assert m.log.of_kind("blast")
    assert m.view(0).grenades == ()


def test_area_fire_works_through_the_arc_nearest_first(new_match):
    """Bursts at an area: targets in a 30 degree arc, nearest first; friends can be hit."""
    g = make_grid(OPEN)
    squads = {"blue": [unit(RIFLEMAN, "Gunner", 1, 5)],
              "red": [unit(RIFLEMAN, "Near", 6, 5), unit(RIFLEMAN, "Far", 9, 5), unit(RIFLEMAN, "Off", 6, 0)]}
    m = new_match(g, squads, seed=8)
    declare_all(m, {0: AreaFire((10, 5))})
    driver(m).resolve_round()
    targets = [e.target for e in m.log.events if e.kind == "attack" and e.actor == 0 and e.target is not None]
    assert targets and targets[0] == 1
    assert 3 not in targets


def test_a_throw_and_area_fire_take_a_free_move_in_the_same_declaration(new_match):
    """Movement: a free move goes with any action, so a grenade or a burst at an area may be
    declared with one (as a shot on the way is); a run allows none of them. The unit ends the
    round at the end of the path; the declaration's record carries the path, and a record
    without one (from before) reads as no move."""
    from game.saveformat import action_from_dict
    from game.world.actions import to_dict

    g = make_grid(OPEN)
    squads = {"blue": [unit({**RIFLEMAN, "grenades": ["concussion_grenade"]}, "Thrower", 2, 2),
                       unit(RIFLEMAN, "Gunner", 2, 8)],
              "red": [unit(RIFLEMAN, "R1", 20, 2), unit(RIFLEMAN, "R2", 20, 8)]}
    m = new_match(g, squads, seed=11)
    free = m.movement_allowance(0)
    step = tuple((x, 2) for x in range(3, 3 + int(free["free"])))
    far = tuple((x, 2) for x in range(3, 3 + int(free["run"])))
    assert hasattr(m.check(0, Throw("concussion_grenade", (12, 2), far)), "reason")
    throw = Throw("concussion_grenade", (12, 2), step)
    burst = AreaFire((20, 8), False, ((3, 8),))
    declare_all(m, {0: throw, 1: burst})
    driver(m).resolve_round()
    assert m.log.of_kind("blast") and m.view(0).pos == step[-1] and m.view(1).pos == (3, 8)
    assert to_dict(throw)["path"] == [list(t) for t in step]
    assert action_from_dict(to_dict(throw)) == throw
    assert "path" not in to_dict(Throw("concussion_grenade", (12, 2)))
    assert action_from_dict({"type": "area_fire", "aim": [20, 8], "suppressive": False}) == AreaFire((20, 8))


def test_full_dodge_moves_to_cover(new_match):
    g = make_grid(["..........",
                   "....#.....",
                   ".........."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "Dodger", 5, 0)], "red": [unit(RIFLEMAN, "Shooter", 3, 2)]})
    driver(m).start_round()
    assert not hasattr(m.declare(0, FullDodge((5, 1))), "reason")
    m.declare(1, Hold())
    driver(m).resolve_round()
    assert m.view(0).pos == (5, 1)


def test_victory_and_draw_at_max_rounds(new_match):
    """Victory: nobody left able to fight loses; max_rounds ends in a draw."""
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]}, max_rounds=2)
    for _ in range(2):
        declare_all(m, {})
        driver(m).resolve_round()
    assert m.over and m.winner == "draw"
    assert m.result().rounds == 2


def test_same_seed_same_match_bit_for_bit(new_match):
    from game.ai import make_controller
    from game.squads import squad_specs

    g = make_grid(["." * 40 for _ in range(20)])
    logs = []
    for _ in range(2):
        m = new_match(g, {"blue": squad_specs("default", "blue", 4), "red": squad_specs("default", "red", 4)}, seed=42)
        ais = {t: make_controller("normal", 42, t) for t in ("blue", "red")}
        while not m.over:
            for uid in driver(m).start_round():
                action, choices = ais[m.view(uid).team].decide(m, uid)
                m.declare(uid, action, **choices)
            driver(m).resolve_round()
        logs.append(m.log.lines())
    assert logs[0] == logs[1]
    assert len(logs[0]) > 20


@pytest.mark.parametrize("level", ["random", "normal"])
def test_eight_against_eight_runs_to_the_end_on_a_plain_map(new_match, level):
    from game.ai import make_controller
    from game.squads import squad_specs

    g = make_grid(["." * 40 for _ in range(25)])
    m = new_match(g, {"blue": squad_specs("default", "blue", 8), "red": squad_specs("default", "red", 8)}, seed=3)
    ais = {t: make_controller(level, 3, t) for t in ("blue", "red")}
    while not m.over:
        for uid in driver(m).start_round():
            action, choices = ais[m.view(uid).team].decide(m, uid)
            m.declare(uid, action, **choices)
        driver(m).resolve_round()
    assert m.winner in ("blue", "red", "draw")
    assert m.round <= g.max_rounds


def test_aimed_shot_needs_a_round_of_aiming(new_match):
    """Aimed shot: a whole round aiming, then a careful shot the following round (distance
    thirded)."""
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "Sniper", 0, 5)], "red": [unit(RIFLEMAN, "Far", 29, 5)]})
    driver(m).start_round()
    assert "round spent aiming" in m.check(0, Attack(1, "shot", {"shot": "aimed"})).reason
    from game.world.actions import Aim

    assert m.aiming(0) is None
    m.declare(0, Aim(1))
    m.declare(1, Hold())
    driver(m).resolve_round()
    driver(m).start_round()
    assert m.aiming(0) == (1, 1) and m.aiming(1) is None  # the target and the round spent aiming
    assert not hasattr(m.declare(0, Attack(1, "shot", {"shot": "aimed"})), "reason")
    aimed = m.preview(0, 1, "shot", {"shot": "aimed"})
    plain = m.preview(0, 1, "shot")
    assert aimed.difficulty < plain.difficulty


def test_prone_crawls_and_must_stand(new_match):
    """Stance, Prone: half the combat move (3 m); standing up takes the action."""
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    driver(m).start_round()
    m.declare(0, Hold(), stance="prone")
    m.declare(1, Hold())
    driver(m).resolve_round()
    assert m.view(0).stance == "prone"
    assert m.movement_allowance(0)["run"] == 3
    driver(m).start_round()
    assert "standing up" in m.declare(0, Attack(1, "shot"), stance="normal").reason
    from game.world.actions import Stand

    assert not hasattr(m.declare(0, Stand()), "reason")
    m.declare(1, Hold())
    driver(m).resolve_round()
    assert m.view(0).stance == "normal"


def test_grappling_draws_a_free_strike(new_match):
    """Free Strikes 2: someone trying to grapple you gives you a free strike."""
    brawler = {"attributes": {"str": 4, "agi": 4, "dex": 3}, "skills": {"Brawl": 5}, "weapon": "fist"}
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(brawler, "Wrestler", 5, 5)], "red": [unit(SWORDSMAN, "Guard", 6, 5)]})
    declare_all(m, {0: Attack(1, "melee", {"manoeuvre": "grapple"})})
    driver(m).resolve_round()
    assert any("reaching to grab" in e.text for e in m.log.events)


def test_duplicate_names_are_made_unique(new_match):
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "Smith", 0, 0), unit(RIFLEMAN, "Smith", 0, 1)],
                      "red": [unit(RIFLEMAN, "Smith", 29, 0)]})
    assert [m.name(u) for u in m.uids()] == ["Smith", "Smith (2)", "Smith (3)"]


def test_declarations_follow_increasing_initiative(new_match):
    """Declaring Actions: in increasing initiative; a declaration can be changed until the
    next unit has declared, not after."""
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 0), unit(RIFLEMAN, "B", 0, 2)],
                      "red": [unit(RIFLEMAN, "C", 29, 0)]}, seed=6)
    first, second, third = driver(m).start_round()
    assert m.declaring() == first
    assert "declares before" in m.declare(second, Hold()).reason
    assert not hasattr(m.declare(first, Hold()), "reason")
    assert not hasattr(m.declare(first, Hold(), stance="crouched"), "reason")  # changed: still its turn
    assert not hasattr(m.declare(second, Hold()), "reason")
    assert "has passed" in m.declare(first, Hold()).reason
    assert m.declaring() == third


def test_victory_is_announced_once(new_match):
    g = make_grid(OPEN)
    from engine.yags.health import Condition

    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]}, max_rounds=1)
    declare_all(m, {})
    m.health.set_state(1, Condition(wounds=9, status="dead"))  # red is wiped out mid-round
    assert m.steps.check_victory(final=False)
    driver(m).resolve_round()
    assert m.winner == "blue"
    assert len(m.log.of_kind("victory")) == 1


def test_move_events_carry_the_destination(new_match):
    g = make_grid(OPEN)
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    for uid in driver(m).start_round():
        m.declare(uid, Move(((0, 0), (1, 0), (2, 0)), "free") if uid == 0 else Hold())
    driver(m).resolve_round()
    moves = [e for e in m.log.events if e.kind == "move"]
    assert moves[-1].data == MovedTo((2, 0))
