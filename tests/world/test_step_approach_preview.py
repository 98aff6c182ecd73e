"""A melee preview before the declaration counts the approach move's actions
(rules/step-dice-combat.md, Initiative and Actions: "they take a one step penalty for each
additional action"): hovering a foe out of reach previews the blow the declaration will
make, a free approach one action more (-1 step), a run two (-2 steps), so the chance shown
is the chance rolled (docs/rules-notes.md, Step dice: on the grid)."""

from __future__ import annotations

import pytest
from gridfactory import make_grid
from test_step_on_grid import OPEN, RIFLE
from worldplay import unit

from engine.stepdice.ruleset import StepRuleset
from game.flow import driver
from game.ui.panels import pct, preview_lines
from game.world.actions import Attack

SWORD = {"role": "swordsman", "weapon": "broad_sword"}


def duel(new_match, bx):
    rows = ["." * 30 for _ in range(8)]
    return new_match(make_grid(rows if bx >= 20 else OPEN, metres_per_tile=2),
                     {"blue": [unit(SWORD, "Ann", 1, 1)], "red": [unit(RIFLE, "Bob", bx, 1)]},
                     seed=1, ruleset=StepRuleset())


@pytest.mark.parametrize(("bx", "approach", "steps"), [(2, "none", 0), (5, "free", -1), (9, "run", -2)])
def test_the_preview_before_declaring_counts_the_approach_as_the_declaration_does(new_match, bx, approach, steps):
    m = duel(new_match, bx)
    driver(m).start_round()
    before = m.preview(0, 1, "melee", {})
    lines = preview_lines(m, 0, 1, "melee", {})
    assert m.declare(0, Attack(1, "melee", {})).__class__.__name__ == "Done", lines
    turn = m.declared(0).ruleset_decl
    assert m.movement.moved(0).mode == approach and turn.steps == steps
    after = m.preview(0, 1, "melee", {})
    assert before.attack_pool == after.attack_pool
    assert before.p_hit == after.p_hit
    assert lines[0].endswith(f"{pct(after.p_hit)} to hit"), lines


def test_a_staged_run_then_a_blow_previews_the_run_the_declaration_states(new_match):
    """A melee attack on the way of a staged move: the declaration states the move by its
    cost (here a run, two actions: -2 steps), and so does the preview."""
    m = duel(new_match, 9)
    driver(m).start_round()
    path = tuple(m.movement.path(0, (8, 1)))
    lines = preview_lines(m, 0, 1, "melee", {}, path)
    assert any("on the way of a run move" in t for t in lines), lines
    assert m.declare(0, Attack(1, "melee", {}, path[1:])).__class__.__name__ == "Done"
    assert m.declared(0).ruleset_decl.steps == -2
    assert lines[0].endswith(f"{pct(m.preview(0, 1, 'melee', {}).p_hit)} to hit"), lines
