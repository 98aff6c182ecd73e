"""The round's phases as esper processors: what the world does at each phase boundary of the
round (engine.turn.Phase: start, declared, move, end). The turn driver's step
(`RoundSteps.phase_step`, game/world/steps.py) runs them through `esper.process(phase,
tasks)`: each acts on its own phase, at once, or, when what it does asks questions (free
strikes and overwatches on the moves), by adding its work to `tasks` for the step to carry
out. The match registers one of each (game/world/match.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import esper

from engine.turn import Question
from game.world.components import Declared, Moved
from game.world.systems.health import end_of_round
from game.world.systems.movement import finish_moves
from game.world.systems.overwatch import begin
from game.world.systems.work import interrupt

if TYPE_CHECKING:
    from game.world.match import Match

PHASES = ("start", "declared", "move", "end")


class Phase(esper.Processor):
    """A processor of one match's world that acts at one phase boundary of the round."""

    phase = ""

    def __init__(self, match: Match) -> None:
        self.m = match

    def process(self, phase: str, tasks: list[Iterator[Question]]) -> None:  # type: ignore[override]
        if phase == self.phase:
            self.act(tasks)

    def act(self, tasks: list[Iterator[Question]]) -> None:
        raise NotImplementedError


class RoundStart(Phase):
    """start: last round's declarations are gone, and every unit's move is none."""

    phase = "start"

    def act(self, tasks: list[Iterator[Question]]) -> None:
        m = self.m
        for uid, _ in m.having(Declared):
            m.drop(uid, Declared)
        for uid, _ in m.having(Moved):
            m.write(uid, Moved, mode="none", path=(), walked="none", walked_m=0.0)


class DeclarationsIn(Phase):
    """declared: every declaration is in: no one has acted yet, work not declared again stops
    (game/world/systems/work.py), and this round's overwatches begin (overwatch.py)."""

    phase = "declared"

    def act(self, tasks: list[Iterator[Question]]) -> None:
        m = self.m
        m.turn.acted, m.turn.lost, m.turn.resting = set(), set(), set()
        interrupt(m)
        begin(m)


class Moves(Phase):
    """move: the movers reach their end tiles (movement.py), asking what free strikes and
    overwatches ask on the way."""

    phase = "move"

    def act(self, tasks: list[Iterator[Question]]) -> None:
        tasks.append(finish_moves(self.m))


class RoundEnd(Phase):
    """end: the ruleset's end-of-round checks for every unit (health.py)."""

    phase = "end"

    def act(self, tasks: list[Iterator[Question]]) -> None:
        end_of_round(self.m)


PROCESSORS = (RoundStart, DeclarationsIn, Moves, RoundEnd)
