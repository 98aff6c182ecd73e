"""The step-die system (rules/step-dice-combat.md) on the grid: a world declaration as the
unit's stated round, the step penalty of further actions, defences stated and unstated (the
reaction question, carried into next round), sitting a round out, and whole matches on every
shipped map. Each test names the section of the sheet it pins; the readings are in
docs/rules-notes.md (Step dice: on the grid)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gridfactory import make_grid
from worldplay import refused, unit

from engine.stepdice.round import Turn
from engine.stepdice.ruleset import StepRuleset
from engine.turn import Question
from game.flow import Flow, driver
from game.world.actions import Attack, Hold, Move

ROOT = Path(__file__).resolve().parents[2]
RIFLE = {"role": "rifleman", "weapon": "m16_a1"}
OPEN = ["." * 20 for _ in range(8)]


class Script:
    """A controller: `declare(match, uid)` gives each declaration; reactions are answered
    with `react` (else the first option); every question is kept."""

    def __init__(self, declare=None, react=None):
        self.declare, self.react = declare, react
        self.asked: list[Question] = []

    def choose(self, match, question):
        self.asked.append(question)
        if question.kind == "declare":
            return self.declare(match, question.uid) if self.declare else (Hold(), {})
        keys = [o.key for o in question.options]
        return self.react if self.react in keys else keys[0]


def step_match(new_match, squads, seed=1, rows=OPEN):
    return new_match(make_grid(rows, metres_per_tile=2), squads, seed=seed, ruleset=StepRuleset())


def duo(new_match, seed=1):
    return step_match(new_match, {"blue": [unit(RIFLE, "Ann", 1, 1)], "red": [unit(RIFLE, "Bob", 6, 1)]}, seed)


def attack_lines(m):
    return [e.text for e in m.log if e.kind == "attack"]


def test_a_move_and_a_shot_are_two_actions_at_a_step_penalty(new_match):
    """Initiative and Actions: "Each person gets to do one thing in a round for free unless
    they want to do more. In which case they take a one step penalty for each additional
    action". A shot with a move is two actions: the shot's skill die is one step down."""
    m = duo(new_match)
    blue = Script(lambda match, uid: (Attack(1, "shot", {}, ((1, 1), (1, 2))), {}))
    Flow(m, {"blue": blue, "red": Script()}).play_round()
    turn = m.declared(0).ruleset_decl
    assert isinstance(turn, Turn) and turn.count == 2 and turn.steps == -1
    assert any("Guns d8 -1 = d6" in t and "2 actions -1" in t for t in attack_lines(m))


def test_a_shot_standing_is_one_free_action(new_match):
    """Initiative and Actions: one thing in a round for free: no step off the skill die."""
    m = duo(new_match)
    Flow(m, {"blue": Script(lambda match, uid: (Attack(1, "shot", {}), {})), "red": Script()}).play_round()
    assert m.declared(0).ruleset_decl.count == 1
    assert any("Guns d8 (" in t for t in attack_lines(m))


def test_three_actions_at_most_and_defences_fill_what_is_left(new_match):
    """Initiative and Actions: "The GM can limit the number of actions you can make": three
    (rules-notes). A run (two actions) and a shot are three, -2 steps on each roll, leaving
    no room for a defence; standing, the shot leaves two for defences held ready (the
    declaration choice `defences`, as many as the round leaves)."""
    m = duo(new_match)
    driver(m).start_round()
    run = ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7))
    assert not hasattr(m.declare(0, Attack(1, "shot", {"move": "run"}, run), defences=2), "reason")
    turn = m.declared(0).ruleset_decl
    assert turn.statement.actions == 3 and turn.statement.defences == 0 and turn.steps == -2
    assert not hasattr(m.declare(0, Attack(1, "shot", {}), defences=5), "reason")
    turn = m.declared(0).ruleset_decl
    assert turn.statement.actions == 3 and turn.statement.defences == 2 and turn.steps == -2


def test_carried_actions_leave_less_room(new_match):
    """Initiative and Actions: a defence "added to your actions next round" counts against
    the three: with two carried, a run and a shot (three more) is refused, naming the rule."""
    m = duo(new_match)
    from dataclasses import replace

    m.health.set_state(0, replace(m.view(0).state, carried=2))
    driver(m).start_round()
    run = ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7))
    refused(m.check(0, Attack(1, "shot", {"move": "run"}, run)), "2 carried from last round")
    assert not hasattr(m.check(0, Attack(1, "shot", {})), "reason")


def test_a_stated_defence_is_spent_without_a_question(new_match):
    """Initiative and Actions: "Defensive actions can be included in your stated actions for
    the turn": the defender held a dodge ready; it is spent on the shot (Dodge: Agility +
    Athletics), nothing is asked and nothing carries into next round."""
    m = duo(new_match)
    red = Script(lambda match, uid: (Hold(), {"defences": 1}))
    Flow(m, {"blue": Script(lambda match, uid: (Attack(1, "shot", {}), {})), "red": red}).play_round()
    assert not [q for q in red.asked if q.kind == "reaction"]
    assert any("(single, dodge)" in t for t in attack_lines(m))
    assert m.declared(1).ruleset_decl.defences_used == 1 and m.view(1).state.carried == 0


def test_an_unstated_defence_is_asked_and_carried_into_next_round(new_match):
    """Initiative and Actions: "any defensive action used not initially stated at the start
    of the round is added to your actions next round". Bob stated a move only; shot at, he
    is asked (innate defence or dodge, each with its exact chance of no hit), dodges, and
    next round his move and the carried dodge are two actions (-1 step)."""
    m = duo(new_match)

    def walk(match, uid):
        x, y = match.view(uid).pos
        return Move(((x, y), (x, y + 1)), "free"), {}

    red = Script(walk, react="dodge")
    flow = Flow(m, {"blue": Script(lambda match, uid: (Attack(1, "shot", {}), {})), "red": red})
    flow.play_round()
    asked = [q for q in red.asked if q.kind == "reaction"]
    assert asked and [o.key for o in asked[0].options] == ["innate", "dodge"]
    assert all(0 <= o.chance <= 1 for o in asked[0].options)
    assert asked[0].options[1].chance > asked[0].options[0].chance  # Agility + Athletics beats Agility alone
    assert any("(single, dodge)" in t for t in attack_lines(m))
    assert m.view(1).state.carried == 1
    flow.play_round()
    turn = m.declared(1).ruleset_decl
    assert turn.carried == 1 and turn.count == 2 and turn.steps == -1


def test_sitting_a_round_out_rerolls_initiative(new_match):
    """Initiative and Actions: "If someone wants to sit out a round and do nothin' else they
    can re-roll their initiative": a hold with no defences sits out; the new roll orders the
    next round's declarations (and a held defence is no sitting out)."""
    m = duo(new_match, seed=4)
    Flow(m, {"blue": Script(lambda match, uid: (Hold(), {"defences": 1})), "red": Script()}).play_round()
    assert m.declared(1).ruleset_decl.statement.sit_out and not m.declared(0).ruleset_decl.statement.sit_out
    assert m.view(0).state.initiative is None and m.view(1).state.initiative is not None
    assert m.view(1).initiative == m.view(1).state.initiative
    assert any("Bob sat the round out: initiative re-rolled" in e.text for e in m.log)


def test_the_sheet_has_no_aimed_shot_and_no_first_aid(new_match):
    """The sheet lists no aimed shot and no first aid: the world's aim is refused, naming why."""
    from game.world.actions import Aim

    m = duo(new_match)
    driver(m).start_round()
    refused(m.check(0, Aim(1)), "no aimed shot")


@pytest.mark.parametrize("name", ["crossroads", "open_field", "street", "compound", "wood"])
def test_a_whole_match_on_every_shipped_map(name):
    """The AI plays a whole match under the step-die system on each shipped map: it ends,
    units were downed, and the same seed plays it again identically."""
    from game.maps import load_map
    from game.sim import MatchSpec, play_match

    path = str(ROOT / "maps" / f"{name}.tmx")
    grid = load_map(path)
    spec = MatchSpec(path, 3, "normal", "easy", "default", None, None, None, "step")
    one = play_match(grid, spec)
    assert one["winner"] in ("blue", "red", "draw") and one["rounds"] <= grid.max_rounds
    assert sum(one["casualties"].values()) > 0
    if name in ("crossroads", "street"):
        two = play_match(grid, spec)
        one.pop("decision_ms"), two.pop("decision_ms")
        assert one == two


def test_harm_reads_in_six_levels_to_the_life_points(new_match):
    """Basic Attack / Damage: life points are the scale of harm (unconscious at them, fit for
    the worms at twice): the AI's and the markers' levels are sixths of them (rules-notes),
    so 6 wounds of 12 are 3 levels, 12 are 6, 24 are 12."""
    from dataclasses import replace

    from engine.stepdice.world import levels

    rules = StepRuleset()
    assert [levels(w, 12) for w in (0, 1, 2, 6, 12, 24, 40)] == [0, 1, 1, 3, 6, 12, 12]
    m = duo(new_match)
    state = replace(m.view(1).state, wounds=6, stun=3)
    facts = rules.health_facts(state)
    assert (facts.wounds, facts.stuns) == (3, 2)


def test_the_ai_states_no_defence_with_an_attack(new_match):
    """Initiative and Actions: a stated defence is an action, a step off every roll of the
    round (Ruleset.defences_cost_actions): the AI attacks with no defence stated."""
    from game.ai import make_controller

    m = duo(new_match)
    driver(m).start_round()
    ai = make_controller("normal", 1, "blue")
    action, choices = ai.choose(m, Question(0, "declare"))
    assert isinstance(action, Attack) and choices.get("defences") == 0
    from engine.yags.ruleset import YagsRuleset

    assert StepRuleset().defences_cost_actions() and not YagsRuleset().defences_cost_actions()


def test_a_limb_attack_after_a_run_costs_steps_not_a_refusal(new_match):
    """Initiative and Actions and Special Attacks: a run is two actions and a limb attack
    -1 step; nothing on the sheet forbids them together (Ruleset.run_limits_attack: the
    Yags limit does not apply)."""
    m = duo(new_match)
    driver(m).start_round()
    run = ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7))
    assert not hasattr(m.check(0, Attack(1, "shot", {"move": "run", "shot": "snap"}, run)), "reason")


def test_a_full_dodge_is_a_move_with_a_dodge_held_ready(new_match):
    """Dodge: "Dodging counts as one action": the world's full dodge (to cover) is a move
    and a stated dodge, two actions (rules-notes)."""
    from game.world.actions import FullDodge

    rows = ["." * 20 for _ in range(8)]
    rows[1] = "...#" + "." * 16  # a wall between Ann and Bob, a tile away
    m = step_match(new_match, {"blue": [unit(RIFLE, "Ann", 1, 1)], "red": [unit(RIFLE, "Bob", 6, 1)]}, rows=rows)
    driver(m).start_round()
    assert not hasattr(m.declare(0, FullDodge()), "reason")
    turn = m.declared(0).ruleset_decl
    assert turn.statement.actions == 2 and turn.statement.defences == 1


def test_a_stunned_unit_may_only_hold(new_match):
    """Special Attacks: Vital Area, "Endurance test to avoid stun": a stunned unit takes no
    actions (rules-notes): its attack is refused, a hold is its round."""
    from dataclasses import replace

    m = duo(new_match)
    m.health.set_state(0, replace(m.view(0).state, stunned=2))
    driver(m).start_round()
    refused(m.check(0, Attack(1, "shot", {})), "stunned")
    assert not hasattr(m.declare(0, Hold()), "reason")
    assert m.declared(0).ruleset_decl.count == 0


def test_the_ai_weighs_limb_and_vital_attacks():
    """Special Attacks and Defenses: a limb (-1 step, damage +2 steps) or vital area (-2,
    +4) attack is an option for a single shot or a blow; bursts and autofire aim at no spot.
    A single shot or a burst may be an All Out Attack (+2 steps, no defence), a blow may
    follow a Feint (with a hand to hand weapon only: "Melee only")."""
    rules = StepRuleset()
    rifle = rules.make_combatant({"name": "A", **RIFLE})
    shots = rules.attack_options(rifle, "shot")
    assert [o.get("special") for o in shots] == [None, "limb", "vital", None] and shots[-1] == {"all_out": True}
    assert {"manoeuvre": "feint"} not in rules.attack_options(rifle, "melee")
    sword = rules.make_combatant({"name": "S", "role": "swordsman", "weapon": "broad_sword"})
    assert {"manoeuvre": "feint"} in rules.attack_options(sword, "melee")
    assert rules.attack_options(rifle, "burst") == ({}, {"all_out": True})
