"""The step-die sheet's special attacks on the grid (rules/step-dice-combat.md, Special
Attacks and Defenses): feint (then a blow, in one declaration), grapple and breaking free,
disarm, minuscule target, all-out attack, and previews with their exact chances. The
readings are in docs/rules-notes.md (Step dice: on the grid)."""

from __future__ import annotations

from fractions import Fraction

from gridfactory import make_grid
from test_step_on_grid import OPEN, RIFLE, Script, attack_lines
from worldplay import refused, unit

from engine.outcome import Impossible
from engine.stepdice.ruleset import StepRuleset
from game.flow import Flow, driver
from game.world.actions import Attack, Hold, PickUp

SWORD = {"role": "swordsman", "weapon": "broad_sword"}


def close(new_match, a=SWORD, b=RIFLE, seed=1, bx=2):
    return new_match(make_grid(OPEN, metres_per_tile=2), {"blue": [unit(a, "Ann", 1, 1)], "red": [unit(b, "Bob", bx, 1)]},
                     seed=seed, ruleset=StepRuleset())


def play(m, blue, red=None, rounds=1):
    flow = Flow(m, {"blue": Script(blue), "red": red or Script()})
    for _ in range(rounds):
        flow.play_round()
    return flow


def test_a_feint_then_a_blow_is_two_actions_and_the_blow_meets_innate_defence_only(new_match):
    """Feint: "Roll alertness + hand to hand weapon against opponents Intelligence +
    Perception / Intuition roll. If you roll higher opponent can only use innate defense."
    On the grid the feint is followed by a blow at the same foe in the same declaration:
    two actions, -1 step on both rolls; the foe held a dodge ready, but once feinted it
    meets the blow with its innate defence."""
    for seed in range(1, 30):
        m = close(new_match, seed=seed)
        play(m, lambda match, uid: (Attack(1, "melee", {"manoeuvre": "feint"}), {}),
             Script(lambda match, uid: (Hold(), {"defences": 1})))
        turn = m.declared(0).ruleset_decl
        assert turn.count == 2 and turn.steps == -1
        lines = attack_lines(m)
        assert any("feints Bob" in t for t in lines)
        feint = next(t for t in lines if t.startswith("Ann feints Bob"))
        blow = next(t for t in lines if t.startswith("Ann -> Bob (melee"))
        if feint.endswith("success"):
            assert "(melee, innate)" in blow
            assert "Ann" in m.declared(1).ruleset_decl.feinted_by
            break
    else:
        raise AssertionError("no feint won in 29 seeds")


def test_the_feints_preview_mixes_the_blow_on_its_exact_chance(new_match):
    """Feint: the preview of a feint and its blow is the blow against innate defence with
    the feint's exact chance, else against the defence Bob has: so it lies between the two,
    and its `p_effect` is the feint's chance (Alertness + Melee, -1 step, against
    Intelligence + Perception, rolled higher)."""
    m = close(new_match)
    driver(m).start_round()
    m.declare(1, Hold(), defences=1)
    feint = m.preview(0, 1, "melee", {"manoeuvre": "feint"})
    plain = m.preview(0, 1, "melee", {})
    assert not isinstance(feint, Impossible) and 0 < feint.p_effect < 1
    rules = m.rules
    plan = rules.plan(m.range.request(0, 1, "melee", {"manoeuvre": "feint"}))
    assert plan.kind == "feint" and plan.chance() == feint.p_effect
    assert plan.pool.parts[0].label().startswith("Alertness") and plan.actor.round.count == 2
    assert sum(feint.p_outcome.values()) == 1
    assert feint.p_hit > plain.p_hit * Fraction(1, 2)  # innate only makes up for the step lost


def test_a_grapple_holds_the_foe_who_cannot_move_and_is_an_easy_target(new_match):
    """Grapple: "Roll Agility + Unarmed combat ... to get a hold against opponent who rolls
    Agility + Strength ... If a hold is gained they are prone ... and an easy target for
    attacks until they break free." A rifleman grapples with bare hands (any weapon); the
    one held cannot move and meets attacks with 3; breaking free is its action."""
    for seed in range(1, 40):
        m = close(new_match, a=RIFLE, seed=seed)
        play(m, lambda match, uid: (Attack(1, "melee", {"manoeuvre": "grapple"}), {}))
        if m.view(1).state.held_by == "Ann":
            break
    else:
        raise AssertionError("no hold in 39 seeds")
    assert m.movement_allowance(1)["free"] == 0
    driver(m).start_round()
    assert m.rules.plan(m.range.request(0, 1, "shot", {})).fixed_defence
    refused(m.check(1, Attack(0, "shot", {}, ((2, 1), (3, 1)))), "")
    assert not hasattr(m.check(1, Attack(0, "melee", {"manoeuvre": "break_free"})), "reason")
    pv = m.preview(1, 0, "melee", {"manoeuvre": "break_free"})
    assert 0 < pv.p_hit < 1


def test_a_hold_ends_when_the_holder_goes_away(new_match):
    """Grapple: held "until they break free"; on the grid a hold needs the holder next to
    the one held: it ends when the holder is down or has moved away (rules-notes)."""
    m = close(new_match, a=RIFLE)
    from dataclasses import replace

    m.health.set_state(1, replace(m.view(1).state, held_by="Ann"))
    play(m, lambda match, uid: (Hold(), {}))
    assert m.view(1).state.held_by == "Ann"
    from game.world.actions import Move

    play(m, lambda match, uid: (Move(((1, 2), (1, 3), (1, 4)), "free"), {}))
    play(m, lambda match, uid: (Hold(), {}))
    assert m.view(1).state.held_by is None


def test_a_disarm_drops_the_weapon_only_when_the_hard_check_fails(new_match):
    """Disarm: "-2 Step (melee) -4 Step (ranged) If successful opponent must make hard
    agility + willpower check or drop the weapon." On the grid a dropped weapon lies at the
    unit's feet: it fights with its fist until it picks it up (U, an action)."""
    kept = dropped = 0
    for seed in range(1, 40):
        m = close(new_match, seed=seed)
        play(m, lambda match, uid: (Attack(1, "melee", {"shot": "disarm"}), {}))
        hit = any("(melee, " in t and "1 hit" in t for t in attack_lines(m))
        gone = m.combat.dropped_weapon(1) is not None
        assert not gone or hit
        assert m.view(1).state.disarmed is False  # the world's drop carries it, not the flag
        if hit and not gone:
            kept += 1
        if gone:
            dropped += 1
            assert m.rules.weapon_facts(m.view(1).combatant).name.lower() == "fist"
            driver(m).start_round()
            assert not hasattr(m.check(1, PickUp()), "reason")
        if kept and dropped:
            break
    assert kept and dropped


def test_minuscule_and_disarm_shots_take_their_steps(new_match):
    """Special Attacks: Miniscule Target -3 steps, Disarm -4 steps ranged: a rifleman's d8
    Guns at short range is d2 for a minuscule target, and below d2 (refused) for a disarm."""
    m = close(new_match, a=RIFLE, bx=6)
    assert "-3" in " ".join(m.rules.plan(m.range.request(0, 1, "shot", {"shot": "miniscule"})).pool.notes)
    assert isinstance(m.preview(0, 1, "shot", {"shot": "disarm"}), Impossible)


def test_all_out_attack_gives_two_steps_and_allows_no_move_or_defence(new_match):
    """All Out Attack: "+2 Step. Only make attack actions in this turn - no defense or
    carry overs are allowed": the declaration states no defence (asked two, none is held),
    the shot is at +2 steps, a move with it is refused, and attacked it meets the foe with
    its innate defence alone (no question)."""
    m = close(new_match, a=RIFLE, bx=6)
    driver(m).start_round()
    refused(m.check(0, Attack(1, "shot", {"all_out": True}, ((1, 2),))), "all-out")
    plain = m.preview(0, 1, "shot", {})
    allout = m.preview(0, 1, "shot", {"all_out": True})
    assert allout.p_hit > plain.p_hit
    assert not hasattr(m.declare(0, Attack(1, "shot", {"all_out": True}), defences=2), "reason")
    turn = m.declared(0).ruleset_decl
    assert turn.statement.all_out == "attack" and turn.statement.defences == 0 and turn.attack_steps == 2


def test_the_ai_takes_the_special_attack_that_harms_most_and_breaks_free_when_held(new_match):
    """Special Attacks and Defenses: standing still with nothing carried in, an All Out
    Attack (+2 steps) harms more than the same attack without it, so the AI declares it
    (its exact previews say so); a swordsman weighs a Feint before its blow the same way;
    held in a Grapple, the AI breaks free before anything else."""
    from engine.turn import Question
    from game.ai import make_controller

    m = close(new_match, a=RIFLE, bx=6)
    driver(m).start_round()
    shot = m.rules.expected_harm(m.preview(0, 1, "shot", {}))
    allout = m.rules.expected_harm(m.preview(0, 1, "shot", {"all_out": True}))
    assert allout > shot
    action, choices = make_controller("hard", 1, "blue").choose(m, Question(0, "declare"))
    assert isinstance(action, Attack) and action.options.get("all_out") and choices.get("defences") == 0

    m = close(new_match)
    driver(m).start_round()
    ai = make_controller("normal", 1, "blue")
    harms = {str(o): m.rules.expected_harm(m.preview(0, 1, "melee", dict(o)))
             for o in m.rules.attack_options(m.view(0).combatant, "melee")}
    action, _ = ai.choose(m, Question(0, "declare"))
    assert isinstance(action, Attack) and action.mode == "melee"
    assert harms[str(dict(action.options))] == max(harms.values())

    from dataclasses import replace

    m = close(new_match, a=RIFLE, b=RIFLE)
    m.health.set_state(1, replace(m.view(1).state, held_by="Ann"))
    driver(m).start_round()
    m.declare(0, Hold())
    action, _ = make_controller("normal", 1, "red").choose(m, Question(1, "declare"))
    assert isinstance(action, Attack) and action.target == 0 and action.options == {"manoeuvre": "break_free"}
