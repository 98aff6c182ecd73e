"""Fog of war and a Mythras special effect that names someone (docs/rules-notes.md, Fog of
war; mythras-imperative-combat.md 0005 Special Effects, Select Target: the defender of a
fumbled attack picks the bystander the blow strikes instead): the question asked of a side
names only units that side sees, never one it has not noticed."""

from __future__ import annotations

from gridfactory import make_grid
from test_mythras_on_grid import SWORD
from worldplay import unit

from engine.mythras.attack import Exchange
from engine.mythras.checks import judge
from engine.mythras.protocol import Pending
from engine.mythras.ruleset import MythrasRuleset

OPEN = ["." * 20 for _ in range(8)]


def fumbled_blow(new_match, fog=True):
    """Blue's A fumbles a blow at red's T (parried by T: the defender wins a level);
    next to T stand blue's B (unnoticed by red) and blue's C (seen)."""
    m = new_match(make_grid(OPEN, metres_per_tile=2),
                  {"blue": [unit(SWORD, "A", 5, 3), unit(SWORD, "B", 7, 3), unit(SWORD, "C", 6, 4)],
                   "red": [unit(SWORD, "T", 6, 3)]}, seed=1, ruleset=MythrasRuleset(), fog=fog)
    rules = m.rules
    plan = rules.plan(m.range.request(0, 3, "melee", {}))
    assert set(plan.ctx.bystanders) == {"B", "C"}  # the truth
    ex = Exchange(judge("A's blow", "combat_style", 60, "standard", 100), "parry",
                  judge("T's parry", "combat_style", 60, "standard", 10), "defender", 1, False, True, 0.0)
    pending = Pending(plan, ex, m.dice)
    m.rules.resolve = lambda dice, request: [pending]  # type: ignore[method-assign]
    m.rules.reaction = lambda request: None  # type: ignore[method-assign]
    return m, pending


def asked(m):
    work = m.combat.strike(0, 3, "melee", {})
    question = next(work)
    work.close()
    return question


def test_select_target_names_only_the_bystanders_the_choosers_side_sees(new_match, monkeypatch):
    m, pending = fumbled_blow(new_match)
    raw = {o.key for o in m.rules.effects(pending).options}
    assert {"select_target:B", "select_target:C"} <= raw
    sees = m.vision.sees
    monkeypatch.setattr(m.vision, "sees", lambda team, uid: False if (team, uid) == ("red", 1) else sees(team, uid))
    question = asked(m)
    assert question.kind == "effects" and question.uid == 3  # the defender, T, chooses
    keys = {o.key for o in question.options}
    assert "select_target:C" in keys and "select_target:B" not in keys
    assert not any("B" in o.label.split(": ")[-1] for o in question.options if o.key.startswith("select_target"))


def test_with_every_bystander_seen_or_fog_off_all_are_offered(new_match):
    for fog in (True, False):
        m, _ = fumbled_blow(new_match, fog)
        keys = {o.key for o in asked(m).options}
        assert {"select_target:B", "select_target:C"} <= keys, fog
