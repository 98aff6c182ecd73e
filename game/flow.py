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

A side with no controller is answered from outside: the player at the keyboard, or a test.
The round's first declarations are made on the match, one unit at a time (a declaration may
be changed until the next unit has declared); any other question waits as `pending` until
`answer` gives it:

    order = flow.start_round()        # the units that declare, in the order they declare
    match.declare(uid, action, ...)   # each in turn, public at once
    question = flow.resolve_round()   # the rest of the round; None when it is over, else
    while question is not None:       # a question for a side with no controller
        question = flow.answer(choice_for(question))
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from typing import Any, Protocol

from engine.turn import Act, Declare, Initiative, Phase, Question, Resolve, Step


class Controller(Protocol):
    """Whoever answers for a side: the AI, a scripted test, the player through the UI."""

    def choose(self, match: Any, question: Question) -> Any:
        """The answer to `question`: for "declare" and "act", an (action, choices) pair;
        for "reaction", one option's key; for "effects", a tuple of option keys."""
        ...


class Stuck(RuntimeError):
    """A step of a loop that waits on the world changed nothing: retrying would spin for
    ever, so it is an error with a message instead (the window shows it and the unit holds;
    a test fails loudly). `uid`: the unit the loop was waiting on."""

    def __init__(self, uid: int | None, message: str) -> None:
        super().__init__(message)
        self.uid = uid


# a round asks at most this many questions a living unit before the driver calls it stuck: a
# Mythras fighter takes a Turn per Action Point (free actions too) and is asked a reaction per
# attack on it, so a real round stays far below it
QUESTIONS_PER_UNIT = 500


class _Open:
    """The round's declarations are open to outside declarers (start_round returns)."""


OPEN = _Open()
Work = Generator[Question | _Open, Any, None]


class Flow:
    """Runs a match's rounds. `controllers` by team; a team without one is answered from
    outside. `on_declared(uid, action, choices)` hears every declaration a controller made
    after the first declarations of a round (saves record them)."""

    def __init__(self, match: Any, controllers: Mapping[str, Controller] | None = None,
                 on_declared: Callable[[int, Any, dict[str, Any]], None] | None = None) -> None:
        self.match = match
        self.controllers: dict[str, Controller] = dict(controllers or {})
        self.on_declared = on_declared
        self.order: list[int] = []  # this round's declaration order
        self.pending: Question | None = None  # a question waiting for an outside answer
        self._work: Work | None = None
        self._asked = 0  # questions asked this round (bounded: QUESTIONS_PER_UNIT)

    # --- a whole round ---------------------------------------------------------------------

    def play_round(self) -> None:
        """One round, every question asked of the controllers."""
        order = self.start_round()
        for uid in order:
            if not self.match.over and self.match.declared(uid) is None:
                self.ask_declaration(uid)
        question = self.resolve_round()
        if question is not None:
            raise RuntimeError(f"{self.match.name(question.uid)} has no controller to answer "
                               f"a {question.kind} question")

    def ask_declaration(self, uid: int) -> Any:
        """Ask `uid`'s controller for its declaration and make it (a refused one holds)."""
        return self._declare(uid, self.ask(Question(uid, "declare")))

    def controller(self, uid: int) -> Controller | None:
        """The controller of `uid`'s side (None: answered from outside)."""
        return self.controllers.get(self.match.view(uid).team)

    def ask(self, question: Question) -> Any:
        """The answer of the controller of `question.uid`'s side."""
        ctrl = self.controller(question.uid)
        if ctrl is None:
            team = self.match.view(question.uid).team
            raise RuntimeError(f"{self.match.name(question.uid)} ({team}) has no controller to answer "
                               f"a {question.kind} question")
        return ctrl.choose(self.match, question)

    # --- a round in two halves, declarations made from outside ------------------------------

    def start_round(self) -> list[int]:
        """Begin the next round and carry out its steps up to its first declarations; the
        units that declare, in order (none when the match is over, or when the ruleset's
        round has no declarations: then the round has run as far as it can, and `pending`
        may hold a question)."""
        m = self.match
        if m.over:
            return []
        m.steps.next_round()
        if m.vision is not None:  # fog of war: noticing again, and who is known as the round begins
            m.vision.begin_round()
        self.order = []
        self._asked = 0
        self._work = self._round(m.rules.round(m.steps))
        self._drive(None, first=True)
        return list(self.order)

    def resolve_round(self) -> Question | None:
        """Every declaration is in (undeclared units carry on, or hold): carry out the rest
        of the round, up to its end (None) or a question for a side with no controller (the
        question, also `pending`: give its answer to `answer`)."""
        if self._work is None or self.pending is not None:
            return self.pending
        return self._drive(None)

    def answer(self, value: Any) -> Question | None:
        """The answer to the pending question; the round goes on as `resolve_round`."""
        if self.pending is None:
            raise RuntimeError("no question is waiting for an answer")
        self.pending = None
        return self._drive(value)

    # --- the steps ---------------------------------------------------------------------------

    def _drive(self, value: Any, first: bool = False) -> Question | None:
        """Run the round's work until it ends, opens declarations, or asks a side with no
        controller."""
        work = self._work
        if work is None:
            return None
        try:
            item = next(work) if first else work.send(value)
            while True:
                if isinstance(item, _Open):
                    return None
                self._count(item)
                ctrl = self.controller(item.uid)
                if ctrl is None:
                    self.pending = item
                    return item
                item = work.send(ctrl.choose(self.match, item))
        except StopIteration:
            self._work = None
            return None

    def _count(self, question: Question) -> None:
        """One more question this round; past the bound the round is stuck (`Stuck`), not
        asked again for ever."""
        self._asked += 1
        if self._asked > QUESTIONS_PER_UNIT * max(1, len(self.match.uids())):
            m = self.match
            raise Stuck(question.uid, f"round {m.round} is stuck: {self._asked - 1} questions asked, the last a "
                                      f"{question.kind} question of {m.name(question.uid)}")

    def declare(self, uid: int, action: Any, choices: Mapping[str, Any]) -> tuple[Any, dict[str, Any], Any]:
        """Declare for `uid` (a controller's answer, or a unit carrying on): a refused action
        holds (`Match.declare_or_hold`); `on_declared` hears what was declared. Returns the
        action and choices declared and how it went."""
        action, kept, out = self.match.declare_or_hold(uid, action, **dict(choices))
        if self.on_declared is not None:
            self.on_declared(uid, action, dict(kept))
        return action, kept, out

    def _declare(self, uid: int, answer: Any) -> Any:
        action, choices = answer
        return self.declare(uid, action, choices)[2]

    def _round(self, steps: Iterable[Step]) -> Work:
        """The round's steps carried out; yields every question (the driver answers those it
        can) and OPEN where the first declarations are made from outside."""
        m = self.match
        outside = True
        for step in steps:
            if isinstance(step, Declare):
                m.steps.open_declarations(step.order)
                if outside:
                    outside = False
                    self.order = list(step.order)
                    yield OPEN  # start_round returns; resolve_round comes back here
                else:
                    for uid in step.order:
                        if not m.over and m.declared(uid) is None:
                            self._declare(uid, (yield Question(uid, "declare")))
                m.steps.close_declarations()
            elif isinstance(step, Phase):
                yield from m.steps.phase_step(step.name)
            elif isinstance(step, Resolve) and step.part is not None:
                yield from m.steps.resolve_part(step.uid, step.part, step.phase)
                m.steps.check_victory(final=False)
            elif isinstance(step, Resolve):
                yield from m.steps.resolve_step(step.uid, step.phase)
                m.steps.check_victory(final=False)
            elif isinstance(step, Act):
                if not m.view(step.uid).out and not m.over:
                    action, choices = yield Question(step.uid, "act")
                    yield from m.steps.act_step(step.uid, action, choices, step.phase)
                    m.steps.check_victory(final=False)
            elif isinstance(step, Initiative):
                m.steps.roll_initiative_all()
            else:
                raise TypeError(f"unknown step {step!r}")
            m.note_sight()
        m.steps.check_victory(final=True)
        m.note_sight()


def answer_problem(question: Question, value: Any) -> str | None:
    """Why `value` cannot answer `question` (a player's answer, given through
    `Session.answer` before it reaches `Flow.answer`), or None."""
    keys = [o.key for o in question.options]
    if question.kind == "reaction":
        return None if value in keys else f"answer one of {', '.join(keys)}"
    if question.kind == "effects":
        if not isinstance(value, list | tuple) or len(value) > question.pick or any(k not in keys for k in value):
            return f"choose up to {question.pick} of {', '.join(keys)}"
        return None
    if question.kind in ("act", "declare"):
        ok = isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict)
        return None if ok else "answer with an action and its choices"
    return f"cannot answer a {question.kind} question"


def driver(match: Any) -> Flow:
    """The match's own turn driver, made the first time it is asked for: a match played with
    no session (the tests, the benches, a scripted round) starts and resolves its rounds as
    `driver(m).start_round()` and `driver(m).resolve_round()`. The match keeps it (its
    `driver`), and knows nothing of this layer (world below flow: pyproject's contracts)."""
    if match.driver is None:
        match.driver = Flow(match)
    return match.driver
