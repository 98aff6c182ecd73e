"""The turn driver: runs each round as the match's ruleset says, asking the controllers.

The ruleset's `round(table)` (engine/turn.py) yields the round's steps; the flow carries out
each one: a `Declare` asks every unit in order for its declaration (its side's controller
answers a "declare" `Question`), a `Resolve` or `Act` has the world carry out an action
(answering the questions it asks on the way, such as a defender's reaction), an
`Initiative` or a `Phase` has the world's systems act. The UI, the AI-against-AI matches of
the lab, saved-game replays and the tests all play through it; nothing else runs a round.

    flow = Flow(match, {"blue": ai_blue, "red": ai_red})
    while not match.over:
        flow.play_round()

A side with no controller is answered from outside, one declaration at a time (the player at
the keyboard, or a test):

    order = flow.start_round()        # the units that declare, in the order they declare
    match.declare(uid, action, ...)   # each in turn, public at once
    flow.resolve_round()              # undeclared units carry on (or hold); the rest of the round
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

from engine.outcome import Impossible
from engine.turn import Act, Declare, Initiative, Phase, Question, Resolve, Step
from game.world.actions import Hold


class Controller(Protocol):
    """Whoever answers for a side: the AI, a scripted test, the player through the UI."""

    def choose(self, match: Any, question: Question) -> Any:
        """The answer to `question`: for "declare" and "act", an (action, choices) pair;
        for "reaction", one option's key; for "effects", a tuple of option keys."""
        ...


class Flow:
    """Runs a match's rounds. `controllers` by team; a team without one is answered from
    outside (`start_round`, the match's `declare`, `resolve_round`). `on_declared(uid,
    action, choices)` hears every declaration a controller made (saves record them)."""

    def __init__(self, match: Any, controllers: Mapping[str, Controller] | None = None,
                 on_declared: Callable[[int, Any, dict[str, Any]], None] | None = None) -> None:
        self.match = match
        self.controllers: dict[str, Controller] = dict(controllers or {})
        self.on_declared = on_declared
        self.order: list[int] = []  # this round's declaration order
        self._steps: Iterator[Step] | None = None

    # --- a whole round ---------------------------------------------------------------------

    def play_round(self) -> None:
        """One round, every declaration asked of the controllers."""
        order = self.start_round()
        for uid in order:
            if not self.match.over and self.match.declared(uid) is None:
                self.ask_declaration(uid)
        self.resolve_round()

    def ask_declaration(self, uid: int) -> Any:
        """Ask `uid`'s controller for its declaration and make it (a refused one holds)."""
        m = self.match
        action, choices = self.ask(Question(uid, "declare"))
        out = m.declare(uid, action, **choices)
        if isinstance(out, Impossible):
            action, choices = Hold(), {}
            out = m.declare(uid, action)
        if self.on_declared is not None:
            self.on_declared(uid, action, dict(choices))
        return out

    def ask(self, question: Question) -> Any:
        """The answer of the controller of `question.uid`'s side."""
        team = self.match.view(question.uid).team
        ctrl = self.controllers.get(team)
        if ctrl is None:
            raise RuntimeError(f"{self.match.name(question.uid)} ({team}) has no controller to answer "
                               f"a {question.kind} question")
        return ctrl.choose(self.match, question)

    # --- a round in two halves, declarations made from outside ------------------------------

    def start_round(self) -> list[int]:
        """Begin the next round and carry out its steps up to the declarations; the units
        that declare, in order (none when the match is over)."""
        m = self.match
        if m.over:
            return []
        m.steps.next_round()
        self._steps = iter(m.rules.round(m.steps))
        self.order = []
        for step in self._steps:
            if isinstance(step, Declare):
                m.steps.open_declarations(step.order)
                self.order = list(step.order)
                return list(self.order)
            self._carry_out(step)
        return []

    def resolve_round(self) -> None:
        """Every declaration is in (undeclared units carry on, or hold): carry out the rest
        of the round; then the end-of-round victory test."""
        m = self.match
        if self._steps is None:
            return
        if self.order:
            m.steps.close_declarations()
        steps, self._steps = self._steps, None
        for step in steps:
            if isinstance(step, Declare):
                m.steps.open_declarations(step.order)
                for uid in step.order:
                    if not m.over and m.declared(uid) is None:
                        self.ask_declaration(uid)
                m.steps.close_declarations()
                continue
            self._carry_out(step)
        m.steps.check_victory(final=True)

    # --- the steps ---------------------------------------------------------------------------

    def _carry_out(self, step: Step) -> None:
        m = self.match
        if isinstance(step, Phase):
            self._answer_all(m.steps.phase_step(step.name))
        elif isinstance(step, Resolve):
            self._answer_all(m.steps.resolve_step(step.uid, step.phase))
            m.steps.check_victory(final=False)
        elif isinstance(step, Act):
            if not m.view(step.uid).out and not m.over:
                action, choices = self.ask(Question(step.uid, "act"))
                self._answer_all(m.steps.act_step(step.uid, action, choices, step.phase))
                m.steps.check_victory(final=False)
        elif isinstance(step, Initiative):
            m.steps.roll_initiative_all()
        else:
            raise TypeError(f"unknown step {step!r}")

    def _answer_all(self, questions: Iterator[Question]) -> None:
        """Drive an action's resolution, answering each question it asks."""
        try:
            question = next(questions)
            while True:
                question = questions.send(self.ask(question))
        except StopIteration:
            return
