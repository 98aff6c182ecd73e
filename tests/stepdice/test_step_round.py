"""step-dice-combat.md, Initiative and Actions: initiative, stated actions and their step
penalty, free actions, carried-over defences, sitting out to re-roll initiative."""

import pytest

from engine.dice import ScriptedDice
from engine.stepdice.character import Condition
from engine.stepdice.round import (
    MAX_ACTIONS,
    ROUNDS_PER_MINUTE,
    Statement,
    Turn,
    initiative_order,
    roll_initiative,
    state_round,
)


def test_initiative_is_agility_plus_alertness(make):
    """ "Initiative (Agility + Alertness) determines the order that characters act." """
    c = make("rifleman")  # Agility d8, Alertness d6
    init = roll_initiative(ScriptedDice([7, 5]), c)
    assert init.value == 12
    assert "Agility d8 (7)" in init.roll.describe() and "Alertness d6 (5)" in init.roll.describe()


def test_initiative_dice_step_down_at_half_life(make):
    c = make("rifleman")  # 12 life points: bleeding from 6 wounds
    init = roll_initiative(ScriptedDice([4, 2]), c, Condition(wounds=6))
    assert "Agility d8 -2 = d4 (4)" in init.roll.describe()


def test_the_highest_acts_first_and_ties_go_to_agility():
    """ "... the highest gets to act first"; ties: the higher Agility, then Alertness, then
    the order given (rules-notes)."""
    assert initiative_order([("a", 9, 6, 6), ("b", 12, 6, 6), ("c", 9, 8, 6), ("d", 9, 8, 6)]) == ["b", "c", "d", "a"]


def test_every_action_takes_the_rounds_step_penalty():
    """ "They take a one step penalty for each additional action they try." """
    assert state_round(Statement(1)).steps == 0
    assert state_round(Statement(3, 1)).steps == -2


def test_the_gm_limits_actions_to_three():
    """Reading: "The GM can limit the number of actions": three a three-second round."""
    assert MAX_ACTIONS == 3 and ROUNDS_PER_MINUTE == 20
    with pytest.raises(ValueError, match="at most 3"):
        state_round(Statement(4))
    with pytest.raises(ValueError, match="carried"):
        state_round(Statement(2), carried=2)


def test_free_actions_are_never_counted():
    """ "Free actions are innate defense rolls (Agility only), a quick look around, drop to the
    ground or speak a short phrase." """
    turn = state_round(Statement(1))
    for kind in ("look", "drop_prone", "speak", "innate_defence"):
        assert turn.took(kind) is turn
    turn = turn.took("attack")
    assert turn.may("attack") == "no stated actions left this round"
    assert turn.may("look") is None


def test_a_stated_defence_is_spent_first_then_one_carries_into_next_round():
    """ "Defensive actions can be included in your stated actions for the turn. However any
    defensive action used not initially stated at the start of the round is added to your
    actions next round." """
    turn = state_round(Statement(2, 1))
    assert turn.actions_left == 1
    assert not turn.next_defence_carries()
    turn = turn.defended("dodge")
    assert turn.carry() == 0 and turn.next_defence_carries()
    turn = turn.defended("dodge")
    assert turn.carry() == 1
    nxt = state_round(Statement(1), carried=turn.carry())
    assert nxt.count == 2 and nxt.steps == -1  # the carried defence is an action of the new round


def test_all_out_attack_attacks_only_and_allows_no_defence():
    """All Out Attack: "+2 Step Only make attck actions in this turn - no defense or carry
    overs are allowed." """
    turn = state_round(Statement(2, all_out="attack"))
    assert turn.attack_steps == -1 + 2
    assert turn.may("move") == "all-out attack: attack actions only"
    assert turn.may_defend() is not None
    with pytest.raises(ValueError):
        turn.defended("dodge")
    with pytest.raises(ValueError, match="carried over"):
        state_round(Statement(1, all_out="attack"), carried=1)
    with pytest.raises(ValueError, match="no defences"):
        state_round(Statement(2, 1, all_out="attack"))


def test_all_out_defence_needs_every_action_defensive_and_no_carry_over():
    """All Out Defense: "+2 Step bonus ... Applies if all your actions this turn are defensive.
    Cannot be declared if you have carry over actions." """
    turn = state_round(Statement(2, 2, all_out="defence"))
    assert turn.defence_steps == -1 + 2
    assert turn.may("attack") is not None
    with pytest.raises(ValueError, match="every stated action"):
        state_round(Statement(2, 1, all_out="defence"))
    with pytest.raises(ValueError, match="carried over"):
        state_round(Statement(1, 1, all_out="defence"), carried=1)


def test_sitting_out_does_nothing_but_free_actions():
    """ "If someone wants to sit out a round and do nothin' else they can re-roll their
    initiative." """
    turn = state_round(Statement(0, sit_out=True))
    assert turn.may("attack") and turn.may("move")
    assert turn.may("look") is None
    assert turn.may_defend() is not None
    with pytest.raises(ValueError, match="no actions"):
        state_round(Statement(1, sit_out=True))


def test_a_stunned_or_fallen_unit_states_nothing():
    with pytest.raises(ValueError, match="stunned"):
        state_round(Statement(1), condition=Condition(stunned=1))
    with pytest.raises(ValueError, match="unconscious"):
        state_round(Statement(1), condition=Condition(status="unconscious"))
    assert state_round(Statement(0), condition=Condition(stunned=1)).count == 0


def test_covering_is_a_delayed_action_that_rolls_over():
    """Covering: "you may delay your action until they appear and can even roll over into the
    next round"; kept, it is one of the next round's stated actions (rules-notes)."""
    turn = state_round(Statement(1)).took("cover")
    assert turn.covering
    kept = state_round(Statement(2, keep_covering=True), covering=turn.covering)
    assert kept.covering and kept.actions_left == 1
    with pytest.raises(ValueError, match="covering"):
        state_round(Statement(1, keep_covering=True), covering=False)


def test_a_feinted_turn_remembers_the_feinter():
    assert "Ana" in Turn().feinted("Ana").feinted_by


def test_a_covering_action_fires_once():
    turn = state_round(Statement(1)).took("cover")
    assert not turn.fired_cover().covering
    with pytest.raises(ValueError):
        turn.fired_cover().fired_cover()


def test_sitting_out_rerolls_initiative_and_gunpoint_is_free():
    assert state_round(Statement(0, sit_out=True)).rerolls_initiative
    assert not state_round(Statement(1)).rerolls_initiative
    turn = state_round(Statement(1)).at_gunpoint("B")
    assert turn.gunpoint == "B" and turn.actions_left == 1
