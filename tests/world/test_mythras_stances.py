"""Ward Location, Brace and Steady Weapon reachable in play (issue 28, Mythras 13;
engine/mythras/stances.py): the declaration choices `warded`, `brace`, `steady` that the
player's keys 6 / 7 / 8 and the AI send with a Turn's action, what they cost and how long
they last. Sections and numbers are the SRD's (shared/rules/mythras-srd, 0005 Combat)."""

from __future__ import annotations

from dataclasses import replace

from gridfactory import make_grid
from worldplay import unit

from engine.dice import ScriptedDice
from engine.mythras.ranged import shield_locations
from engine.mythras.ruleset import MythrasRuleset
from engine.outcome import Impossible
from engine.ruleset import Intent, Participant
from game.ai import make_controller
from game.flow import Flow
from game.world.actions import Attack, Hold, Move

RIFLE = {"role": "rifleman", "weapon": "m16_a1", "magazines": 2}
SHIELD = {"role": "swordsman", "second_weapon": "small_shield"}  # a Buckler: Size M, 2 locations
OPEN = ["." * 20 for _ in range(8)]


def mythras_match(new_match, squads, seed=1):
    return new_match(make_grid(OPEN, metres_per_tile=2), squads, seed=seed, ruleset=MythrasRuleset())


class Script:
    def __init__(self, act):
        self.act = act

    def choose(self, match, question):
        if question.kind in ("act", "declare"):
            return self.act(match, question.uid)
        return question.options[0].key if question.kind == "reaction" else tuple(
            o.key for o in question.options[: question.pick])


def refused(result, *words):
    assert isinstance(result, Impossible), result
    for w in words:
        assert w in result.reason, result.reason


def test_a_ward_is_declared_with_a_turn_and_kept_until_the_warding_weapon_attacks(new_match):
    """0005 Ward Location (a Free Action): "The cover continues until the dedicated weapon is
    used to attack"; "Due to their design, shields can cover multiple areas" - the Buckler 2
    (Sample Shield Table), doubled "Crouching down behind a shield" (Passive Blocking). The
    ward goes into the state with the Turn it came with and stays for the Turns after."""
    m = mythras_match(new_match, {"blue": [unit(SHIELD, "S", 2, 2)], "red": [unit(RIFLE, "R", 17, 5)]})
    three = ("left_arm", "chest", "abdomen")
    refused(m.check(0, Hold(), None, warded=three), "can ward 2 locations, not 3")
    assert not isinstance(m.check(0, Hold(), "crouched", warded=three), Impossible)
    turns = []

    def act(match, uid):
        if match.view(uid).team == "red":
            return Hold(), {}
        turns.append(match.view(uid).state.warded)
        x, y = match.view(uid).pos
        step = Move(((x, y), (x, y + 1)), "free")
        return (step, {"warded": ("left_arm", "chest")}) if not turns[:-1] else (step, {})

    Flow(m, {"blue": Script(act), "red": Script(act)}).play_round()
    assert turns[0] == frozenset() and turns[1] == {"left_arm", "chest"}  # kept into the next Turn
    assert m.view(0).state.warded == {"left_arm", "chest"}
    assert "warding chest, left arm" in m.rules.status(m.view(0).state)
    # a shot at it reads the ward: the Buckler blocks passively what lands there (Parrying
    # Weapon Fire with Shields: "just use the Passive Blocking rules")
    request = m.range.request(1, 0, "shot", {})
    assert m.rules.context(request).defender_state.warded == {"left_arm", "chest"}
    # a shield's ward stays when the sword in hand strikes; a lone weapon's ends with a blow
    st = m.rules.acted(m.view(0).combatant, replace(m.view(0).state, ap=2), "attack", Intent("attack", "melee"))
    assert st.warded == {"left_arm", "chest"}


def test_a_lone_weapons_ward_ends_when_it_attacks(new_match):
    """0005 Ward Location: "until the dedicated weapon is used to attack": a broadsword
    warding the head (one location) no longer wards once it has struck."""
    m = mythras_match(new_match, {"blue": [unit({"role": "swordsman"}, "S", 2, 2)],
                                  "red": [unit({"role": "swordsman"}, "T", 3, 2)]})
    refused(m.check(0, Hold(), None, warded=("head", "chest")), "can ward 1 locations, not 2")
    refused(m.check(0, Attack(1, "melee"), None, warded=("head",)), "attacking with it ends the ward")
    c, st = m.view(0).combatant, m.view(0).state
    decl = m.rules.declare(c, st, warded=("head",), intent=Intent("hold"))
    st = m.rules.acted(c, st, "move", Intent("move", move="free"), declaration=decl)
    assert st.warded == {"head"} and st.ap == 1
    st = m.rules.acted(c, st, "attack", Intent("attack", "melee"), declaration=m.rules.declare(c, st))
    assert st.warded == frozenset()


def test_steady_weapon_costs_a_point_eases_recoil_and_ends_with_a_move(new_match):
    """0005 Steady Weapon (a Proactive Action: "spending an Action Point"): for "an automatic
    weapon", it "reduces the recoil penalty of Burst or Full-Automatic fire by one step"
    (Burst Hard -> Standard, 0005 Automatic Fire) and "its benefits continue until the
    character moves". Taken with a burst, the Turn costs both points; with one point left,
    it is refused."""
    m = mythras_match(new_match, {"blue": [unit(RIFLE, "B", 2, 2)], "red": [unit(RIFLE, "R", 10, 2)]})
    burst = Attack(1, "burst")
    refused(mythras_match(new_match, {"blue": [unit({"role": "swordsman"}, "S", 2, 2)],
                                      "red": [unit(RIFLE, "R", 10, 2)]}).check(0, Hold(), None, steady=True),
            "not an automatic weapon")
    c = m.view(0).combatant
    m.health.set_state(0, replace(m.view(0).state, fire_mode="burst"))
    m.health.set_state(0, replace(m.view(0).state, ap=1))
    refused(m.check(0, burst, None, steady=True), "1 Action Point(s)", "takes 2")
    m.health.set_state(0, replace(m.view(0).state, ap=2))
    assert not isinstance(m.check(0, burst, None, steady=True), Impossible)
    before = m.rules.plan(m.range.request(0, 1, "burst", {}))
    decl = m.rules.declare(c, m.view(0).state, steady=True, intent=Intent("attack", "burst"))
    st = m.rules.acted(c, m.view(0).state, "attack", Intent("attack", "burst"), declaration=decl)
    assert st.ap == 0 and st.steady
    m.health.set_state(0, st)
    after = m.rules.plan(m.range.request(0, 1, "burst", {}))
    assert ("burst recoil", "hard") in before.reasons and ("burst recoil, steadied", "standard") in after.reasons
    refused(m.check(0, Hold(), None, steady=True), "steady already")
    st = m.rules.acted(c, replace(st, ap=2), "move", Intent("move", move="free"), declaration=m.rules.declare(c, st))
    assert not st.steady


def test_brace_with_a_hold_is_a_turn_of_its_own(new_match):
    """0005 Brace (a Proactive Action: "For the purposes of resisting Knockback ... SIZ is
    treated as 50% bigger. Against the Bash Special Effect, SIZ is doubled"), lasting like
    Steady Weapon "until the character moves": with a hold it is the Turn (one point, the
    fighter's Turns go on); the attack on the braced fighter reads it."""
    m = mythras_match(new_match, {"blue": [unit({"role": "swordsman"}, "S", 2, 2)],
                                  "red": [unit({"role": "swordsman"}, "T", 3, 2)]})

    def act(match, uid):
        return (Hold(), {"brace": True}) if uid == 0 else (Hold(), {})

    Flow(m, {"blue": Script(act), "red": Script(act)}).play_round()
    assert m.view(0).state.braced
    assert m.rules.context(m.range.request(1, 0, "melee", {})).defender_state.braced
    c = m.view(0).combatant
    st = replace(m.view(0).state, ap=2, holding=False)
    held = m.rules.acted(c, replace(st, braced=False), "hold", Intent("hold"),
                         declaration=m.rules.declare(c, replace(st, braced=False), brace=True, intent=Intent("hold")))
    assert held.ap == 1 and not held.holding and held.braced  # the hold is the Brace's Turn: nothing held
    refused(m.check(0, Hold(), None, brace=True), "braced already")


def test_the_ai_wards_against_guns_and_steadies_its_bursts(new_match):
    """The AI's picks (engine.mythras.stances.ai_choices): a shield bearer whom only guns face
    wards the shield's Passive Blocking locations (a shield blocks gunfire only so: 0005
    Parrying Weapon Fire with Shields); an automatic weapon's burst is steadied with two
    points; Brace when holding against a foe who can Bash."""
    rules = MythrasRuleset()
    m = mythras_match(new_match, {"blue": [unit(SHIELD, "S", 2, 2)], "red": [unit(RIFLE, "R", 17, 5)]})
    ai = make_controller("normal", 1, "blue")
    action, choices = ai.decide(m, 0)
    assert choices.get("warded") == ",".join(shield_locations(m.view(0).combatant.shield))  # a save's plain value
    assert not isinstance(m.check(0, action, None, **choices), Impossible)
    gunner = m.view(1).combatant
    st = m.view(1).state
    assert rules.ai_choices(gunner, st, Intent("attack", "burst"), "normal", [(m.view(0).combatant, False)]) == \
        {"steady": True}
    assert rules.ai_choices(gunner, replace(st, ap=1), Intent("attack", "burst"), "normal", []) == {}
    sword = m.view(0).combatant
    assert rules.ai_choices(sword, fresh := replace(m.view(0).state, warded=frozenset({"chest"})), Intent("hold"),
                            "normal", [(sword, True)]) == {"warded": "", "brace": True}
    assert fresh.ap == 2


def test_outmanoeuvre_blocks_the_foes_it_beats_and_beating_all_lets_it_withdraw(new_match):
    """0005 Outmaneuvering: "a group Opposed Roll of Evade skills. Every participant ... must
    spend an Action Point. Then they each roll once and those who fail to beat the
    maneuvering character's roll cannot attack him for the remainder of that Combat Round";
    "If the maneuvering character beats all of his opponents, one has the choice of safely
    engaging a single foe for the rest of the Round or Withdrawing from the fight
    completely" (0005 Movement: "Once Engaged, characters cannot move away ... unless first
    Withdrawing"). A rifleman caught between two swordsmen outmanoeuvres them with a hold
    (the Turn is the manoeuvre): its Evade rolls 40 (its skill, if lower), theirs (Evade 30)
    21 and 10: all succeed and the higher face wins (0004 Opposed Rolls); it beats both (they spend a point each), neither may attack it
    this round, and it may move away; the next round they may again."""
    m = mythras_match(new_match, {"blue": [unit(RIFLE, "G", 5, 3)],
                                  "red": [unit({"role": "swordsman"}, "A", 4, 3), unit({"role": "swordsman"}, "B", 6, 3)]})
    step = Move(((5, 3), (5, 4)), "free")
    assert isinstance(m.check(0, step), Impossible)  # engaged: no move
    g = m.view(0).combatant
    evade = g.skill("evade")
    c = m.rules.declare(g, m.view(0).state, outmanoeuvre=True, intent=Intent("hold"))
    assert c.outmanoeuvre
    actor = Participant("G", g, m.view(0).state, c)
    foes = [m.participant(1), m.participant(2)]
    faces = [min(evade, 40), 21, 10]  # three successes (Evade 30 criticals on 01-03): the highest face wins
    state, others, lines = m.rules.turn_contest(ScriptedDice(faces), actor, foes)
    assert state.outmanoeuvred == {"A", "B"} and state.withdrawing
    assert others["A"].ap == 1 and others["B"].ap == 1
    assert any("outmanoeuvres A, B" in line for line in lines)
    m.health.set_state(0, state)
    assert not isinstance(m.check(0, step), Impossible)  # it may withdraw
    refused(m.check(1, Attack(0, "melee")), "outmanoeuvred", "Outmaneuvering")
    # nor a free strike as it walks away ("safely ... Withdrawing from the fight completely")
    assert isinstance(m.rules.plan(m.range.request(1, 0, "melee", {"kind": "free strike"})), Impossible)
    st = m.rules.end_of_round(m.dice, g, state).state
    assert st.outmanoeuvred == frozenset() and not st.withdrawing
    # in play: the Turn's hold with the choice spends one point and rolls (the world's act step)
    m2 = mythras_match(new_match, {"blue": [unit(RIFLE, "G", 5, 3)],
                                   "red": [unit({"role": "swordsman"}, "A", 4, 3), unit({"role": "swordsman"}, "B", 6, 3)]})

    def act(match, uid):
        if uid == 0 and not match.view(0).state.outmanoeuvred and match.view(0).state.ap == 2:
            return Hold(), {"outmanoeuvre": True}
        return Hold(), {}

    Flow(m2, {"blue": Script(act), "red": Script(act)}).play_round()
    assert any(e.text.startswith("G outmanoeuvres") for e in m2.log)
    assert any("G: Evade (outmanoeuvre)" in e.text for e in m2.log)
