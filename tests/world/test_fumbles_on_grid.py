"""What results do on the grid beyond damage: disarms and dropped weapons, overwhelming
attacks, missile fumbles (jams, shots astray into a melee). Every test names the
yags-combat.md section it pins and uses the text's numbers; dice are scripted (ScriptedDice)
where an outcome matters."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gridfactory import make_grid
from worldplay import BRAWLER, OPEN, RIFLEMAN, SWORDSMAN, ok, play, refused, spy, texts, unit

from engine.yags.catalogue import default_catalogue
from engine.yags.equipment import Catalogue
from engine.yags.ruleset import YagsRuleset
from game.world.actions import (
    AreaFire,
    Attack,
    PickUp,
    Reload,
)
from game.world.components import Ammo, Position

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
    m.write(1, Position, x=8)
    refused(m.check(1, PickUp()), "lies at (6, 5)")
    m.write(1, Position, x=7)  # "within a few metres": the next tile will do
    start = play(m, {1: PickUp()})
    assert "B picks up the Broad sword" in texts(m, start, "status")
    assert m.combat.dropped_weapon(1) is None and m.rules.weapon_facts(m.view(1).combatant).name == "Broad sword"


def test_a_disarmed_rifleman_keeps_his_rounds_for_when_he_picks_it_up(new_match):
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)], "red": [unit(RIFLEMAN, "R", 6, 5)]})
    m.component(1, Ammo).loaded = 17
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
