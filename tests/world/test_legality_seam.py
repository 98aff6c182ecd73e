"""The legality seam (issue 28): before the world accepts a declaration it asks the unit's
ruleset (`Ruleset.may_declare`) with everything the rules need; the one answer serves
`Match.check` (the UI), the AI's choice and `Match.declare`. A ruleset of the test's own
(Yags that refuses any shot while a leg is wounded) shows the request's fields and the three
uses of its answer."""

from __future__ import annotations

from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, unit

from engine.outcome import Impossible
from engine.ruleset import DeclarationRequest
from engine.yags.ruleset import YagsRuleset
from game.ai import make_controller
from game.flow import driver
from game.world.actions import Attack, Hold, Move


class Picky(YagsRuleset):
    """Yags, but no shot while `refuse` is set; every request is kept."""

    def __init__(self) -> None:
        super().__init__()
        self.refuse = False
        self.asked: list[DeclarationRequest] = []

    def may_declare(self, request):
        self.asked.append(request)
        if self.refuse and request.intent.tag == "attack":
            return Impossible("no shot today (the test's rule)")
        return None


def test_the_request_carries_what_the_rules_need(new_match):
    rules = Picky()
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 2, 2)], "red": [unit(RIFLEMAN, "B", 12, 2)]},
                  ruleset=rules)
    assert not isinstance(m.check(0, Attack(1, "shot", {"move": "free"}, ((2, 2), (3, 2))), "crouched"), Impossible)
    r = rules.asked[-1]
    assert r.unit.name == "A" and r.target is not None and r.target.name == "B"
    assert r.intent.tag == "attack" and r.intent.mode == "shot" and r.intent.move == "free"
    assert r.stance == "crouched" and r.posture == "normal" and not r.engaged
    assert r.situation is not None and r.situation.distance_m == m.topology.distance_m((2, 2), (12, 2))
    assert r.weapon.facts.name == m.rules.weapon_facts(m.view(0).combatant).name
    assert r.weapon.loaded == m.view(0).ammo.loaded and not r.weapon.jammed and not r.weapon.dropped
    assert r.gait == "none" and r.moved_m == 0.0
    m.check(0, Move(((2, 2), (3, 2)), "free"))
    assert rules.asked[-1].intent.tag == "move" and rules.asked[-1].target is None


def test_one_answer_for_the_ui_the_ai_and_the_declaration(new_match):
    rules = Picky()
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 2, 2)], "red": [unit(RIFLEMAN, "B", 12, 2)]},
                  ruleset=rules)
    shot = Attack(1, "shot")
    assert not isinstance(m.check(0, shot), Impossible)
    rules.refuse = True
    assert m.check(0, shot) == Impossible("no shot today (the test's rule)")  # the UI's greyed button
    order = driver(m).start_round()
    ai = make_controller("normal", 1, "blue")
    for uid in order:
        if uid == 0:
            choice, _ = ai.decide(m, 0)
            assert not isinstance(choice, Attack)  # the AI does not offer it
            assert m.declare(0, shot) == Impossible("no shot today (the test's rule)")  # nor is it accepted
            assert m.declared(0) is None
        m.declare(uid, Hold())
