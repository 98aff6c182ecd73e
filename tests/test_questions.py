"""Questions asked in the middle of an action (engine/turn.py, game/flow.py): a defender's
reaction is asked of its side's controller before the roll; a side with no controller (the
player) is asked through the session, which waits; the answer is recorded and a save
replays it. A Yags ruleset that asks a reaction stands in for the rulesets that do."""

from __future__ import annotations

import esper
import pygame
import pytest

from engine import rulesets
from engine.capabilities import ChoiceRules
from engine.exchange_run import ask_reaction, land_each, note_defences
from engine.turn import Option, Question
from engine.yags.ruleset import YagsRuleset
from game.flow import Flow
from game.saves import load_game, save_game
from game.session import Session, SessionConfig
from game.world.actions import Attack, Hold
from tests.ui.uihelp import CROSSROADS
from tests.world.gridfactory import make_grid


class AskingYags(YagsRuleset, ChoiceRules):
    """Yags, but every attack asks its defender to brace or not (the answer is noted): it
    has the capability of questions in the middle of an action (engine/capabilities.py), and
    its exchange asks it (`resolve_exchange`, built from engine/exchange_run.py's pieces)."""

    def resolve_exchange(self, dice, request, table):
        request = yield from note_defences(self, request, table)
        attack = request.attack
        if request.kind != "sweep":  # area fire asks no one
            attack = yield from ask_reaction(dice, attack, table, reaction=self.reaction)
        return (yield from land_each(self, dice, request, table, self.resolve(dice, attack)))

    name = "asking"

    def __init__(self) -> None:
        super().__init__()
        self.answers: list[str] = []

    def reaction(self, request):
        if request.options.get("unaware"):
            return None
        return Question(0, "reaction", (Option("brace", "Brace", "take it standing", 0.5),
                                        Option("duck", "Duck", "get low", 0.75)),
                        about={"attacker": request.attacker.name})

    def resolve(self, dice, request):
        self.answers.append(request.options.get("reaction"))
        return super().resolve(dice, request)


class Scripted:
    """A controller that shoots at the first enemy and answers reactions with one key."""

    def __init__(self, key: str) -> None:
        self.key = key

    def choose(self, match, question):
        if question.kind == "reaction":
            return self.key
        foes = match.sight.visible_enemies(question.uid)
        return (Attack(foes[0].uid, "shot"), {}) if foes else (Hold(), {})


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(rulesets.RULESETS, "asking", ("tests.test_questions", "AskingYags", "a test ruleset"))
    yield
    esper.switch_world("default")


def two_riflemen(new_match, rules):
    unit = {"attributes": {"agility": 3, "dexterity": 4, "perception": 3}, "skills": {"Rifles": 5},
            "weapon": "m16_a1"}
    grid = make_grid(["." * 12] * 3, metres_per_tile=2)
    squads = {"blue": [{**unit, "name": "Ann", "x": 1, "y": 1}], "red": [{**unit, "name": "Bob", "x": 10, "y": 1}]}
    return new_match(grid, squads, seed=3, ruleset=rules)


def test_a_controller_answers_the_defenders_reaction_before_the_roll(new_match):
    rules = AskingYags()
    m = two_riflemen(new_match, rules)
    flow = Flow(m, {"blue": Scripted("duck"), "red": Scripted("brace")})
    flow.play_round()
    # each side's attack asked the other side's controller: Ann's shot was answered by red
    assert sorted(rules.answers) == ["brace", "duck"]


def test_a_player_is_asked_and_the_round_waits_for_the_answer(new_match):
    rules = AskingYags()
    m = two_riflemen(new_match, rules)
    flow = Flow(m, {"red": Scripted("brace")})
    order = flow.start_round()
    blue = next(u for u in order if m.view(u).team == "blue")
    for uid in order:
        if uid == blue:
            assert m.declare(uid, Hold()).__class__.__name__ == "Done"
        else:
            flow.ask_declaration(uid)
    q = flow.resolve_round()
    assert q is not None and q.kind == "reaction" and q.uid == blue and flow.pending is q
    assert q.about["attacker"] == "Bob"
    assert flow.answer("duck") is None  # the round ran to its end
    assert rules.answers == ["duck"]
    with pytest.raises(RuntimeError):
        flow.answer("duck")  # nothing is waiting now


def test_the_session_asks_the_player_checks_the_answer_and_a_save_replays_it(tmp_path, registered):
    cfg = SessionConfig(CROSSROADS, "solo", "normal", 4, ruleset="asking")
    from game.ui.app import new_session

    session = new_session(cfg)
    asked = 0
    while session.match.round < 6 and not session.match.over and asked < 3:
        if session.needs_round:
            session.begin_round()
        while session.question is None and session.current() is not None:
            uid = session.current()
            session.declare(uid, Hold(), defences=1)
        if session.question is not None:
            q = session.question
            assert session.team_of(q.uid) == "blue" and q.kind == "reaction"
            bad = session.answer("jump")
            assert bad.__class__.__name__ == "Impossible" and "brace, duck" in bad.reason
            assert session.answer("duck").__class__.__name__ == "Done"
            asked += 1
    assert asked >= 1
    assert any(r.answers for r in session.history)
    path = save_game(session, tmp_path / "asked.json")
    again = load_game(path)
    assert again.match.log.lines() == session.match.log.lines()
    assert [r.answers for r in again.history] == [r.answers for r in session.history]
    again.match.close()
    session.match.close()


def test_the_battle_screen_shows_the_question_and_a_key_answers_it(app, registered):
    from game.ui.app import new_session

    cfg = SessionConfig(CROSSROADS, "solo", "normal", 4, ruleset="asking")
    session = new_session(cfg)
    screen = app.battle(cfg, session)
    for _ in range(8):
        if session.question is not None:
            break
        if session.needs_round:
            app.frame(16)
        while session.question is None and session.current() is not None:
            session.declare(session.current(), Hold(), defences=1)
    q = session.question
    assert q is not None
    assert screen.prompt.question() is q
    lines = screen.prompt.lines(q)
    assert lines[0].startswith("1. Brace (50") and "take it standing" in lines[0]
    app.frame(16)  # drawn over the map
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0))
    app.frame(16)
    assert session.question is not q
    assert session.history[-1].answers[-1][1:] == ("reaction", "duck")


def test_questions_to_sides_with_controllers_never_reach_the_session(new_match):
    rules = AskingYags()
    m = two_riflemen(new_match, rules)
    session = Session(m, SessionConfig(CROSSROADS, "watch", "normal", 3), start=False)
    session.begin_round()
    assert session.question is None  # watch mode: the AI answers for both sides
    assert len(rules.answers) >= 1
