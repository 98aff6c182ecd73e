"""What results and declarations do on the grid beyond damage (the rules core offers them, the
world carries them out): first aid, grapples, disarms, overwhelming attacks, fumbles (dropped
weapons, jams, shots astray into a melee), bolt-action volleys, the missile stance, cover
actions and reloading as the round's action. Every test names the yags-combat.md section it
pins and uses the text's numbers; dice are scripted (ScriptedDice) where an outcome matters."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gridfactory import make_grid
from worldplay import ok, play, refused, unit

from engine.yags.catalogue import default_catalogue
from engine.yags.equipment import Catalogue
from engine.yags.health import Condition
from engine.yags.ruleset import YagsRuleset
from game.saves import action_from_dict, action_to_dict
from game.world.actions import (
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    PickUp,
    Reload,
    Throw,
)
from game.world.components import Ammo, Position

RIFLEMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3, "wil": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Throw": 3},
    "weapon": "ak_47",
    "magazines": 2,
}
SWORDSMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Melee": 5, "Athletics": 3},
    "weapon": "broad_sword",
}
BRAWLER = {"attributes": {"str": 4, "agi": 4, "dex": 3}, "skills": {"Brawl": 5}, "weapon": "fist"}
MEDIC = {**RIFLEMAN, "attributes": {**RIFLEMAN["attributes"], "int": 4}, "skills": {**RIFLEMAN["skills"], "First aid": 5}}
OPEN = ["." * 30 for _ in range(12)]







def texts(m, since=0, kind=None):
    return [e.text for e in m.log.since(since) if kind is None or e.kind == kind]


def spy(monkeypatch, m, method):
    calls = []
    real = getattr(m.rules, method)

    def recorder(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    monkeypatch.setattr(m.rules, method, recorder)
    return calls


# --- what the end of the round hears (Sprinting; Movement) -------------------------------------


def test_end_of_round_hears_how_each_unit_moved(new_match, monkeypatch):
    """yags-core.md, Sprinting (a point of fatigue a round) needs to know how a unit moved: the
    world passes each unit's movement (a sprint, a run, a melee charge past half Move, a full
    dodge's dive, standing still) to the end-of-round bookkeeping."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "S", 0, 0), unit(RIFLEMAN, "R", 0, 4),
                                             unit(SWORDSMAN, "C", 0, 8), unit(RIFLEMAN, "H", 0, 11)],
                                    "red": [unit(RIFLEMAN, "E", 10, 8)]})
    calls = spy(monkeypatch, m, "end_of_round")
    play(m, {0: Move(tuple((x, 0) for x in range(21)), "sprint"), 1: Move(tuple((x, 4) for x in range(13)), "run"),
             2: Attack(4, "melee")})
    moved = {args[1].name: kw["moved"] for args, kw in calls}
    assert moved == {"S": "sprint", "R": "run", "C": "run", "H": "none", "E": "none"}
    assert m.view(0).state.fatigue == 1 and m.view(1).state.fatigue == 0


# --- first aid (Healing and First aid: First aid; Fatal Wounds) ---------------------------------


def test_first_aid_takes_a_minute_and_uses_the_texts_difficulty(new_match):
    """First aid: "Tending a wound takes one minute" (12 rounds of 5 s) of doing nothing else,
    then an Intelligence x First aid check at 10 + half the wound and stun penalties: moderate
    (-10) wounds and light (-5) stuns make 10 + (10 + 5) / 2 = 18. A good success also heals a
    wound (rules-notes)."""
    m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Hurt", 6, 5)],
                                    "red": [unit(RIFLEMAN, "Far", 29, 11)]})
    m.health.set_state(1, Condition(wounds=3, stuns=2))
    assert m.rules.first_aid_rounds() == 12
    ok(m.check(0, FirstAid(1)))
    for n in range(11):
        start = play(m, {0: FirstAid(1)})
        assert m.work.tending(0).rounds_left == 11 - n
        assert not any("first aid" in t for t in texts(m, start, "roll"))
    assert m.declared(0).ruleset_decl.stance == "focused"  # doing nothing else: no defences
    start = play(m, {0: FirstAid(1)}, faces=[18])  # Int 4 x First aid 5 + 18 = 38 vs 18: good
    rolls = texts(m, start, "roll")
    assert len(rolls) == 1 and "vs 18" in rolls[0] and "= 38" in rolls[0]
    assert m.work.tending(0) is None
    assert (m.view(1).state.wounds, m.view(1).state.stabilised) == (2, True)
    assert any("heals one wound" in t for t in texts(m, start, "status"))


def test_stabilised_fatal_wounds_stop_the_health_checks(new_match):
    """Fatal Wounds: unconscious, the fatally wounded check health at 20 every minute or die;
    first aid's success stabilises the wounds and the checks stop (rules-notes). The same
    patient untended dies at the first minute's check (a scripted 1)."""
    def match():
        m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Down", 5, 6)],
                                        "red": [unit(RIFLEMAN, "Far", 29, 11)]})
        m.health.set_state(1, Condition(wounds=6, status="unconscious"))
        return m

    tended, untended = match(), match()
    for _ in range(11):
        play(tended, {0: FirstAid(1)})
        play(untended, {})
    # Fatal wounds alone: 10 + 40 / 2 = 30; 20 + 12 = 32 succeeds.
    start = play(tended, {0: FirstAid(1)}, faces=[12])
    assert "vs 30" in texts(tended, start, "roll")[0]
    assert tended.view(1).state.stabilised and tended.view(1).state.status == "unconscious"
    play(untended, {}, faces=[1])  # the minute's check at 20: a fumble dies
    assert untended.view(1).state.status == "dead"
    for _ in range(12):  # another minute: no check for the stabilised (no dice at all)
        play(tended, {}, faces=[])
    assert tended.view(1).state.status == "unconscious"


def test_first_aid_is_interrupted_by_another_declaration_and_starts_afresh(new_match):
    """Tending takes the healer's rounds doing nothing else: a round spent otherwise stops it,
    and tending again starts the minute afresh. A unit nobody declared for goes on with it."""
    m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Hurt", 6, 6)],
                                    "red": [unit(RIFLEMAN, "Far", 29, 11)]})
    m.health.set_state(1, Condition(stuns=3))
    for _ in range(3):
        play(m, {0: FirstAid(1, stuns=True)})
    assert m.work.tending(0).rounds_left == 9
    m.start_round()
    m.resolve_round()  # undeclared: it carries on
    assert m.work.tending(0).rounds_left == 8
    assert m.declared(0).action == FirstAid(1, stuns=True)
    start = play(m, {0: Hold()})
    assert m.work.tending(0) is None and "Medic stops tending Hurt" in texts(m, start)
    play(m, {0: FirstAid(1)})  # the wounds now: another task, a fresh minute
    assert m.work.tending(0).rounds_left == 11


def test_first_aid_needs_a_friend_within_reach_or_oneself(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(MEDIC, "Medic", 5, 5), unit(RIFLEMAN, "Away", 8, 5)],
                                    "red": [unit(RIFLEMAN, "Foe", 6, 6)]})
    refused(m.check(0, FirstAid(1)), "not next to Medic")
    refused(m.check(0, FirstAid(2)), "not on your side")
    ok(m.check(0, FirstAid(0)))  # self-aid: "you suffer your full penalties" (the ruleset's)
    m.health.set_state(1, Condition(wounds=9, status="dead"))
    m._comp(1, Position).x = 6
    m._changed(1)
    refused(m.check(0, FirstAid(1)), "is dead")


# --- grapples (Grapple; Grappled) -----------------------------------------------------------------


def grapple_match(new_match):
    """W (Agi 4, Str 4, Brawl 5, bare hands) next to R (a rifleman, no Brawl); F, R's foe, far."""
    return new_match(make_grid(OPEN), {"blue": [unit(BRAWLER, "W", 5, 5), unit(RIFLEMAN, "F", 5, 10)],
                                       "red": [unit(RIFLEMAN, "R", 6, 5)]})


def test_a_won_grapple_holds_both_and_the_held_loses_the_rest_of_its_round(new_match, monkeypatch):
    """Grapple: a good attack (Agi 4 x Brawl 5 + 15 = 35 vs 15: excellent), then Strength x
    Brawl (20 + 15 = 35 against R's unskilled halved 2: a fumble) keeps the hold: "both you and
    the target are considered to be grappled" and "the defender loses the rest of their
    declared actions that round" (R's move). Grappled: R may attack no one but W, may not move
    away, and keeps the grappled stance; the ruleset hears whom each is grappling."""
    m = grapple_match(new_match)
    refused(m.check(2, Hold(), "grappled"), "the grappled stance comes from a grapple")
    refused(m.check(2, Hold(), grappling="W"), "comes from a grapple")
    refused(m.check(2, Attack(0, "shot"), full_dodge=True), "set by the world")
    start = play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"}), 2: Move(((6, 5), (7, 5), (8, 5)), "free")},
                 {2: {"defences": 0}}, faces=[15, 15, 2])
    assert (m.engagement.grappled_with(0), m.engagement.grappled_with(2), m.engagement.holds(0), m.engagement.holds(2)) == (2, 0, True, False)
    assert m.view(2).pos == (6, 5)  # its move was lost
    assert any("W holds R: both are grappled; R loses the rest of its actions" in t for t in texts(m, start))
    assert (m.declared(2).ruleset_decl.stance, m.declared(2).ruleset_decl.grappling) == ("grappled", "W")
    assert (m.declared(0).ruleset_decl.stance, m.declared(0).ruleset_decl.grappling) == ("grappled", "R")
    calls = spy(monkeypatch, m, "declare")
    queue = m.start_round()
    for uid in queue:
        if uid == 2:
            refused(m.check(2, Move(((6, 5), (7, 5)), "free")), "held by W and cannot move away")
            refused(m.check(2, Attack(1, "shot")), "can attack no one else")
            refused(m.check(2, FullDodge()), "cannot move away")
            refused(m.declare(2, Hold(), stance="aggressive"), "the grappled stance")
            ok(m.check(2, Attack(0, "shot")))
        ok(m.declare(uid, Hold()))
    held = {args[0].name: kw for args, kw in calls}
    assert (held["R"]["stance"], held["R"]["grappling"]) == ("grappled", "W")
    assert (held["W"]["stance"], held["W"]["grappling"]) == ("grappled", "R")


def test_the_holder_lets_go_by_moving_and_a_hold_ends_when_one_falls(new_match):
    """Grappled: the holder may let go (a plain move); the held cannot (escaping a hold is
    not in the game). A hold ends when either is down."""
    m = grapple_match(new_match)
    play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"})}, {2: {"defences": 0}}, faces=[15, 15, 2])
    refused(m.check(0, Attack(1, "melee")), "can attack no one else")
    refused(m.check(0, FullDodge()), "letting go")
    ok(m.check(0, Move(((5, 5), (4, 5)), "free")))
    for uid in m.start_round():
        ok(m.declare(uid, Move(((5, 5), (4, 5)), "free") if uid == 0 else Hold()))
    assert m.engagement.grappled_with(2) is None and any("W lets go: the hold with R ends" in t for t in texts(m))
    m.resolve_round()
    assert m.view(0).pos == (4, 5)
    m = grapple_match(new_match)
    play(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"})}, {2: {"defences": 0}}, faces=[15, 15, 2])
    m.health.set_state(2, Condition(stuns=6, status="unconscious"))
    assert m.engagement.grappled_with(0) is None and any("R is down: the hold with W ends" in t for t in texts(m))


# --- disarms and dropped weapons (Disarm; Fumbling an attack) ------------------------------------


def test_a_disarmed_fighter_fights_bare_handed_until_it_picks_its_weapon_up(new_match):
    """Disarm (excellent): Dex 4 x Melee 5 + broad sword 5 + 20 = 45 vs 15 is excellent; the
    foe "lose[s] a single weapon ... which falls to the ground within a few metres of them":
    it lies on its tile, and until it picks it up (the round's action, within a tile of it)
    it fights with its fists."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)], "red": [unit(SWORDSMAN, "B", 6, 5)]})
    start = play(m, {0: Attack(1, "melee", {"manoeuvre": "disarm"})}, {1: {"defences": 0}}, faces=[20])
    assert "B is disarmed and drops the Broad sword: it lies at (6, 5)" in texts(m, start, "status")
    assert m.combat.dropped_weapon(1) == ("Broad sword", (6, 5))
    assert m.rules.weapon_facts(m.view(1).combatant).name == "Fist"
    assert "Brawl" in m.preview(1, 0, "melee").terms[0].describe(first=True)  # with the fists
    ok(m.check(1, PickUp()))
    refused(m.check(0, PickUp()), "dropped no weapon")
    m._comp(1, Position).x = 8
    m._changed(1)
    refused(m.check(1, PickUp()), "lies at (6, 5)")
    m._comp(1, Position).x = 7  # "within a few metres": the next tile will do
    m._changed(1)
    start = play(m, {1: PickUp()})
    assert "B picks up the Broad sword" in texts(m, start, "status")
    assert m.combat.dropped_weapon(1) is None and m.rules.weapon_facts(m.view(1).combatant).name == "Broad sword"


def test_a_disarmed_rifleman_keeps_his_rounds_for_when_he_picks_it_up(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)], "red": [unit(RIFLEMAN, "R", 6, 5)]})
    m._comp(1, Ammo).loaded = 17
    play(m, {0: Attack(1, "melee", {"manoeuvre": "disarm"})}, {1: {"defences": 0}}, faces=[20])
    assert m.view(1).ammo is None
    refused(m.check(1, Attack(0, "shot")), "Fist cannot shoot")
    refused(m.check(1, Reload()), "needs no reloading")
    play(m, {1: PickUp()})
    assert (m.view(1).ammo.loaded, m.view(1).ammo.magazines) == (17, 2)


def test_a_fumbled_attack_against_a_better_fighter_drops_the_weapon(new_match):
    """Fumbling an attack: "You lose your weapon" is one of the outcomes, chosen by the
    opponent when his skill is higher (Melee 5 against 3): the fumbler drops it."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**SWORDSMAN, "skills": {"Melee": 3}}, "A", 5, 5)],
                                    "red": [unit(SWORDSMAN, "B", 6, 5)]})
    start = play(m, {0: Attack(1, "melee")}, faces=[1, 10])
    assert "A fumbles and drops the Broad sword: it lies at (5, 5)" in texts(m, start, "status")
    assert m.rules.weapon_facts(m.view(0).combatant).name == "Fist"


def test_bare_hands_cannot_be_dropped(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)], "red": [unit(BRAWLER, "W", 6, 5)]})
    start = play(m, {0: Attack(1, "melee", {"manoeuvre": "disarm"})}, {1: {"defences": 0}}, faces=[20])
    assert m.combat.dropped_weapon(1) is None and "W fights with its fist: nothing to drop" in texts(m, start)


# --- overwhelming attacks -----------------------------------------------------------------------


def test_an_overwhelmed_fighter_is_at_minus_five_a_level_for_the_rest_of_the_round(new_match, monkeypatch):
    """Overwhelming attacks: "your foe receives -5 per level of success to any further attacks
    or defences that they make that round". A (aggressive: fast) 20 + 5 + 5 + 20 = 50 against
    B's defence 20 + 5 + 2 = 27: excellent (3 levels), so B's later attack is at -15; the next
    round it is not."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)], "red": [unit(SWORDSMAN, "B", 6, 5)]})
    start = play(m, {0: Attack(1, "melee", {"manoeuvre": "overwhelm"}), 1: Attack(0, "melee")},
                 {0: {"stance": "aggressive"}}, faces=[20, 2, 2, 10])
    assert "B is overwhelmed: -15 to further attacks and defences this round" in texts(m, start, "status")
    b_attack = [e.text for e in m.log.since(start) if e.kind == "attack" and e.actor == 1 and e.text.startswith("attack")]
    assert len(b_attack) == 1 and "overwhelmed -15" in b_attack[0]
    start = play(m, {1: Attack(0, "melee")}, faces=[2, 10])
    b_attack = [e.text for e in m.log.since(start) if e.kind == "attack" and e.actor == 1 and e.text.startswith("attack")]
    assert "overwhelmed" not in b_attack[0]


# --- missile fumbles (Missile fumbles; Firing into melee) -----------------------------------------


def unreliable_rules():
    """The shipped catalogue with an M16 on an unreliable drum (the Thompson's text: "is
    unreliable, jamming on a roll of 1-2"; here the M16's own fumble chance)."""
    cat = default_catalogue()
    m16 = cat.weapon("m16_a1")
    weapons = {**cat.weapons, "m16_drum": replace(m16, id="m16_drum", properties=m16.properties | {"unreliable"})}
    return YagsRuleset(Catalogue(weapons, dict(cat.armour)))


def test_an_unreliable_weapon_jams_on_a_fumble_and_a_round_clears_it(new_match):
    """Missile fumbles: "An unreliable weapon will jam ... when a fumble occurs". The first of
    three shots fumbles: the M16 jams and the two shots after it are not fired (their rounds
    stay in the magazine); it fires no more until a round is spent clearing it (Reload; no
    magazine needed)."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "weapon": "m16_drum", "magazines": 0}, "G", 2, 5)],
                                    "red": [unit(RIFLEMAN, "T", 14, 5)]}, ruleset=unreliable_rules())
    start = play(m, {0: Attack(1, "shot", {"shots": 3})}, {1: {"defences": 0}}, faces=[1, 1, 1])
    assert "G's M16 A1 jams: it fires no more until cleared (reload)" in texts(m, start, "ammo")
    assert "G's 2 further shots not fired" in texts(m, start)
    assert len([t for t in texts(m, start, "attack") if t.startswith("shot ")]) == 1
    assert (m.view(0).ammo.loaded, m.view(0).ammo.jammed) == (29, True)
    refused(m.check(0, Attack(1, "shot")), "jammed: clear it")
    refused(m.check(0, AreaFire((14, 5))), "jammed")
    start = play(m, {0: Reload()}, faces=[])
    assert "G clears the jam of the M16 A1" in texts(m, start, "ammo")
    assert (m.view(0).ammo.loaded, m.view(0).ammo.magazines, m.view(0).ammo.jammed) == (29, 0, False)
    ok(m.check(0, Attack(1, "shot")))


def test_a_fumble_into_a_melee_sends_the_shot_at_a_random_figure_of_it(new_match, monkeypatch):
    """Firing into melee: +3 to the fumble chance "for each extra person" in close combat
    with the target (short range 1 + 3 = 4); "a fumble in this situation means that a random
    target is hit", "equal chance to everyone", the target included: d2 picks F, and the shot
    is rolled at F with no crowd fumble. With six fighting the target, +18: anything but a 20
    fumbles."""
    blue = [unit(RIFLEMAN, "S", 2, 5), unit(SWORDSMAN, "F", 13, 5)]
    m = new_match(make_grid(OPEN), {"blue": blue, "red": [unit(SWORDSMAN, "R", 12, 5)]})
    assert m.preview(0, 2, "shot").p_attack_fumble == pytest.approx(4 / 20)
    calls = spy(monkeypatch, m, "resolve")
    start = play(m, {0: Attack(2, "shot")}, {2: {"defences": 0}}, faces=[1, 2, 1, 10])
    assert "S's fumbled shot goes astray into the melee: at F (d2: 2)" in texts(m, start, "info")
    requests = [args[1] for args, _ in calls if args[1].attacker.name == "S"]
    assert [(r.target.name, r.situation.target_melee_crowd) for r in requests] == [("R", 1), ("F", 0)]
    assert [e.target for e in m.log.since(start) if e.kind == "attack" and e.actor == 0][-1] == 1
    ring = [(11, 4), (12, 4), (13, 4), (11, 6), (12, 6), (13, 6)]
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "S", 2, 5)] + [unit(SWORDSMAN, f"F{i}", x, y)
                                                                             for i, (x, y) in enumerate(ring)],
                                    "red": [unit(SWORDSMAN, "R", 12, 5)]})
    assert m.preview(0, 7, "shot").p_attack_fumble == pytest.approx(19 / 20)


# --- multiple shots and the missile stance (Rate of Fire; Missile Attacks) ----------------------


def test_several_bolt_action_shots_allow_no_defence_and_no_move(new_match):
    """Rate of Fire: a bolt action (Karabiner 98k, RoF 2) fires one extra shot per full 4
    points of skill (Rifles 5: two), and "You cannot make any defence or move actions in a
    round when firing multiple shots like this"; semi-automatics use their own rules."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "weapon": "karabiner_98k"}, "K", 2, 5),
                                             unit(RIFLEMAN, "A", 2, 8)],
                                    "red": [unit(RIFLEMAN, "T", 20, 5)]})
    two = Attack(2, "shot", {"shots": 2})
    refused(m.check(0, Attack(2, "shot", {"shots": 2}, ((2, 5), (3, 5)))), "no move")
    refused(m.check(0, two, defences=1), "no defence")
    ok(m.check(0, two))
    ok(m.check(0, Attack(2, "shot"), defences=1))
    ok(m.check(1, Attack(2, "shot", {"shots": 2}), defences=1))  # the AK-47 is semi-automatic
    start = play(m, {0: two})
    assert m.declared(0).ruleset_decl.defences == 0
    assert len([t for t in texts(m, start, "attack") if t.startswith(("shot 1", "shot 2"))]) == 2


def test_a_missile_attack_is_made_in_the_normal_stance(new_match):
    """Missile Attacks: "you are considered to be using the normal stance": an aggressive or
    defensive stance is refused with a shot, a burst, area fire or a throw; crouched and prone
    (cover, not stance modifiers) stay; a melee attack may be aggressive."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "grenades": ["frag_grenade"]}, "G", 2, 5),
                                             unit(SWORDSMAN, "S", 10, 8)],
                                    "red": [unit(RIFLEMAN, "T", 20, 5), unit(SWORDSMAN, "E", 11, 8)]})
    for action in (Attack(2, "shot"), Attack(2, "burst"), AreaFire((20, 5)), Throw("frag_grenade", (20, 5))):
        refused(m.check(0, action, "aggressive"), "normal stance (Missile Attacks), not aggressive")
        refused(m.check(0, action, "defensive"), "not defensive")
    ok(m.check(0, Attack(2, "shot"), "crouched"))
    ok(m.check(1, Attack(3, "melee"), "aggressive"))
    for uid in m.start_round():
        if uid == 0:
            refused(m.declare(0, Attack(2, "shot"), stance="aggressive"), "normal stance")
        ok(m.declare(uid, Hold()))


# --- shooting from cover ---------------------------------------------------------------------------


def test_stepping_out_of_full_cover_to_shoot_is_a_slow_snapshot(new_match):
    """Firing from full cover: behind a low wall (hard 90%) the shooter may "step out and
    shoot": the ruleset gets the declaration's cover_action and makes it a snapshot at slow
    initiative; in the open there is no full cover to step out from."""
    rows = list(OPEN)
    rows[5] = "...H" + "." * 26
    m = new_match(make_grid(rows), {"blue": [unit(RIFLEMAN, "C", 2, 5), unit(RIFLEMAN, "O", 2, 9)],
                                    "red": [unit(RIFLEMAN, "T", 20, 5)]})
    ok(m.check(0, Attack(2, "shot"), cover_action="step_out"))
    refused(m.check(1, Attack(2, "shot"), cover_action="step_out"), "no full cover to step out from")
    refused(m.check(0, Move(((2, 5), (2, 6)), "free"), cover_action="step_out"), "for a shot")
    refused(m.check(0, Attack(2, "shot"), cover_action="dive"), "unknown cover action")
    start = play(m, {0: Attack(2, "shot")}, {0: {"cover_action": "step_out"}})
    assert m.declared(0).ruleset_decl.cover_action == "step_out"
    mine = [e for e in m.log.since(start) if e.kind == "attack" and e.actor == 0]
    assert mine and all(e.phase == "slow" for e in mine) and "snap shot" in "\n".join(e.text for e in mine)


def test_moving_from_cover_to_cover(new_match):
    """Moving from cover to cover: from one place of cover to another; "if the distance between
    the two covers is within your combat move, you may also shoot" (a free move)."""
    rows = list(OPEN)
    rows[5] = "..h...h" + "." * 23
    m = new_match(make_grid(rows), {"blue": [unit(RIFLEMAN, "C", 2, 5)], "red": [unit(RIFLEMAN, "T", 20, 5)]})
    to_cover = tuple((x, 5) for x in range(2, 7))
    ok(m.check(0, Move(to_cover, "free"), cover_action="cover_to_cover"))
    ok(m.check(0, Attack(1, "shot", {}, to_cover), cover_action="cover_to_cover"))
    refused(m.check(0, Attack(1, "shot", {"move": "run"}, to_cover), cover_action="cover_to_cover"),
            "within the combat move")
    refused(m.check(0, Move(to_cover[:3], "free"), cover_action="cover_to_cover"), "(4, 5) is not in cover")
    refused(m.check(0, Hold(), cover_action="cover_to_cover"), "is a move")
    play(m, {0: Move(to_cover, "free")}, {0: {"cover_action": "cover_to_cover"}})
    assert m.view(0).pos == (6, 5)
    refused(m.check(0, Move(((6, 5), (7, 5)), "free"), cover_action="cover_to_cover"), "(7, 5) is not in cover")
    m._comp(0, Position).x = 9
    m._changed(0)
    refused(m.check(0, Move(((9, 5), (10, 5)), "free"), cover_action="cover_to_cover"), "not in cover where it stands")


# --- reloading is the round's action (Reloading Weapons; Magazines and reloading) ---------------


def test_another_declaration_interrupts_a_reload_and_reload_starts_afresh(new_match):
    """Reloading takes the round's action for the weapon's reload time (AK-47: 2 rounds): a
    round spent otherwise stops it, and the next Reload starts afresh; a unit nobody declared
    for goes on with it. Stopping to shoot the rounds still in the magazine is allowed."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    m._comp(0, Ammo).loaded = 0
    m._changed(0)
    play(m, {0: Reload()})
    assert m.view(0).ammo.reload_left == 1
    start = play(m, {0: Hold()})
    assert "A stops reloading" in texts(m, start, "ammo")
    assert (m.view(0).ammo.loaded, m.view(0).ammo.reload_left) == (0, 0)
    start = play(m, {0: Reload()})
    assert "A reloads (2 rounds)" in texts(m, start, "ammo") and m.view(0).ammo.reload_left == 1
    m.start_round()
    m.resolve_round()  # nobody declared for A: it goes on
    assert (m.view(0).ammo.loaded, m.view(0).ammo.magazines, m.view(0).ammo.reload_left) == (30, 1, 0)
    m._comp(0, Ammo).loaded = 10
    play(m, {0: Reload()})
    assert m.view(0).ammo.reload_left == 1
    ok(m.check(0, Attack(1, "shot")))  # ten rounds still in it
    start = play(m, {0: Attack(1, "shot")})
    assert "A stops reloading" in texts(m, start, "ammo")
    assert (m.view(0).ammo.loaded, m.view(0).ammo.magazines, m.view(0).ammo.reload_left) == (9, 1, 0)


# --- saves -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [FirstAid(3), FirstAid(0, stuns=True), PickUp()])
def test_new_actions_round_trip_through_a_save(action):
    """Saves replay declarations: first aid and picking up serialise as tagged dicts."""
    data = action_to_dict(action)
    assert data["type"] in ("first_aid", "pick_up")
    assert action_from_dict(data) == action


def test_stepping_out_round_a_corner_counts_as_ninety_percent_cover_for_bullet_shyness(new_match, monkeypatch):
    """Firing from full cover: "bonus from 90% cover" all round; a corner (a tile beside the
    shooter out of the target's sight) is full cover to step out from, and Bullet Shyness
    halves the difficulty "if the character is in 90% cover" - stepping out counts, standing
    in the open does not."""
    rows = list(OPEN)
    rows[4] = "...#" + "." * 26
    m = new_match(make_grid(rows), {"blue": [unit(RIFLEMAN, "C", 2, 5), unit(RIFLEMAN, "O", 2, 8)],
                                    "red": [unit(RIFLEMAN, "T", 20, 5), unit(RIFLEMAN, "U", 20, 8)]})
    assert m.range.situation(2, 0).target_cover is None  # in the open where it stands
    ok(m.check(0, Attack(2, "shot"), cover_action="step_out"))
    calls = spy(monkeypatch, m, "end_of_round")
    play(m, {0: Attack(2, "shot"), 1: Attack(3, "shot"), 2: Attack(0, "burst"), 3: Attack(1, "burst")},
         {0: {"cover_action": "step_out"}})
    cover = {args[1].name: (kw["bursts"], kw["in_cover"]) for args, kw in calls}
    assert cover["C"] == (1, True) and cover["O"] == (1, False)
