"""What shooting declarations do on the grid: bolt-action volleys, the missile stance, cover
actions (stepping out, cover to cover, bullet shyness round a corner) and reloading as the
round's action. Every test names the yags-combat.md section it pins and uses the text's
numbers; dice are scripted (ScriptedDice) where an outcome matters."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, SWORDSMAN, ok, play, refused, spy, texts, unit

from game.flow import driver
from game.world.actions import (
    AreaFire,
    Attack,
    Hold,
    Move,
    Reload,
    Throw,
)
from game.world.components import Ammo, Position

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
    for uid in driver(m).start_round():
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
    m.write(0, Position, x=9)
    refused(m.check(0, Move(((9, 5), (10, 5)), "free"), cover_action="cover_to_cover"), "not in cover where it stands")


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


# --- reloading is the round's action (Reloading Weapons; Magazines and reloading) ---------------


def test_another_declaration_interrupts_a_reload_and_reload_starts_afresh(new_match):
    """Reloading takes the round's action for the weapon's reload time (AK-47: 2 rounds): a
    round spent otherwise stops it, and the next Reload starts afresh; a unit nobody declared
    for goes on with it. Stopping to shoot the rounds still in the magazine is allowed."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 1, 1)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    m.write(0, Ammo, loaded=0)
    play(m, {0: Reload()})
    assert m.view(0).ammo.reload_left == 1
    start = play(m, {0: Hold()})
    assert "A stops reloading" in texts(m, start, "ammo")
    assert (m.view(0).ammo.loaded, m.view(0).ammo.reload_left) == (0, 0)
    start = play(m, {0: Reload()})
    assert "A reloads (2 rounds)" in texts(m, start, "ammo") and m.view(0).ammo.reload_left == 1
    driver(m).start_round()
    driver(m).resolve_round()  # nobody declared for A: it goes on
    assert (m.view(0).ammo.loaded, m.view(0).ammo.magazines, m.view(0).ammo.reload_left) == (30, 1, 0)
    m.component(0, Ammo).loaded = 10
    play(m, {0: Reload()})
    assert m.view(0).ammo.reload_left == 1
    ok(m.check(0, Attack(1, "shot")))  # ten rounds still in it
    start = play(m, {0: Attack(1, "shot")})
    assert "A stops reloading" in texts(m, start, "ammo")
    assert (m.view(0).ammo.loaded, m.view(0).ammo.magazines, m.view(0).ammo.reload_left) == (9, 1, 0)
