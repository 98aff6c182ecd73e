"""Changing a declaration under step dice: the preview of the new attack counts the actions
the new declaration will state, not the old one's (rules/step-dice-combat.md, Initiative and
Actions: "they take a one step penalty for each additional action")."""

from __future__ import annotations

from test_step_approach_preview import duel

from game.flow import driver
from game.ui.panels import pct, preview_lines
from game.world.actions import Attack, Move


def test_a_preview_while_changing_a_declaration_ignores_the_old_one(new_match):
    m = duel(new_match, 5)
    driver(m).start_round()
    fresh = m.preview(0, 1, "melee", {})
    path = tuple(m.movement.path(0, (1, 7)))
    assert m.declare(0, Move(path, "sprint")).__class__.__name__ == "Done"
    assert m.declared(0).ruleset_decl.steps < -1  # the sprint: more actions than a free approach
    again = m.preview(0, 1, "melee", {})
    assert (again.attack_pool, again.p_hit) == (fresh.attack_pool, fresh.p_hit)
    lines = preview_lines(m, 0, 1, "melee", {})  # what the battle screen shows on hovering Bob
    assert lines[0].endswith(f"{pct(fresh.p_hit)} to hit"), lines
    assert m.declare(0, Attack(1, "melee", {})).__class__.__name__ == "Done"
    assert m.declared(0).ruleset_decl.steps == -1
    declared = m.preview(0, 1, "melee", {})
    assert (declared.attack_pool, declared.p_hit) == (fresh.attack_pool, fresh.p_hit)
