"""The legality seam's cost (issue 29, speed within 10%): the request a ruleset judges
(`Ruleset.may_declare`: the unit, its weapon, engagement, an attack's range and cover) is
made only for a ruleset that judges declarations of its own. Yags, Yags SF and the step dice
keep to the world's checks, so the AI's thousands of candidates a match do not measure it;
Mythras (engine/mythras/legality.py) and a ruleset of a test's own still hear every one."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, unit

from engine.outcome import Impossible
from engine.rulesets import make_ruleset
from engine.yags.ruleset import YagsRuleset
from game.world import legality
from game.world.actions import Attack, Move


class Picky(YagsRuleset):
    def may_declare(self, request):
        return Impossible("never") if request.intent.tag == "attack" else None


def test_only_a_ruleset_with_its_own_may_declare_judges_declarations():
    assert not legality.judges_declarations(make_ruleset("yags"))
    assert legality.judges_declarations(make_ruleset("mythras"))
    assert legality.judges_declarations(Picky())


def squads():
    return {"blue": [unit(RIFLEMAN, "A", 2, 2)], "red": [unit(RIFLEMAN, "B", 12, 2)]}


def test_no_request_is_made_for_a_ruleset_that_judges_nothing(new_match, monkeypatch):
    made = []
    real = legality.declaration_request
    monkeypatch.setattr(legality, "declaration_request", lambda *a, **k: made.append(a) or real(*a, **k))
    m = new_match(make_grid(OPEN), squads())  # Yags
    assert not isinstance(m.check(0, Attack(1, "shot")), Impossible)
    assert not isinstance(m.check(0, Move(((2, 2), (3, 2)), "free")), Impossible)
    assert made == []
    picky = new_match(make_grid(OPEN), squads(), ruleset=Picky())
    assert picky.check(0, Attack(1, "shot")) == Impossible("never")
    assert not isinstance(picky.check(0, Move(((2, 2), (3, 2)), "free")), Impossible)
    assert len(made) == 2
