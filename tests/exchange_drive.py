"""A stand-in match for driving a ruleset's exchange generator with no world
(tests/test_exchange.py): the participants by name, who has declared, and a driver that
answers each question by a function and carries out each step on the stand-ins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.exchange_types import Ask, Harmed, Reacted, Redeclared, Spent
from engine.ruleset_types import Participant


class Table:
    """engine.exchange_types.ExchangeTable over a few participants."""

    def __init__(self, rules: Any, *units: Participant, declared: tuple[str, ...] = ()) -> None:
        self.rules = rules
        self.units = {p.name: p for p in units}
        self.declared_names = set(declared)

    def participant(self, name: str) -> Participant | None:
        return self.units.get(name)

    def declared(self, name: str) -> bool:
        return name in self.declared_names

    def out(self, name: str) -> bool:
        return bool(self.rules.out_of_fight(self.units[name].state))


def drive(exchange: Any, table: Table, attacker: str,
          answer: Callable[[Ask], Any] = lambda ask: ask.question.options[0].key) -> tuple[list[Any], list[Any]]:
    """Run `exchange` to its end: each `Ask` answered by `answer`, declarations, reactions,
    harm and costs kept on the table's stand-ins; (every step yielded, the results)."""
    steps: list[Any] = []
    sent: Any = None
    while True:
        try:
            step = exchange.send(sent)
        except StopIteration as stop:
            return steps, list(stop.value)
        steps.append(step)
        sent = None
        if isinstance(step, Ask):
            sent = answer(step)
        elif isinstance(step, Redeclared):
            table.units[step.holder] = replace(table.units[step.holder], declaration=step.declaration)
        elif isinstance(step, Reacted):
            table.units[step.holder] = replace(table.units[step.holder], state=step.state)
        elif isinstance(step, Harmed):
            table.units[step.target] = replace(table.units[step.target], state=step.applied.state)
        elif isinstance(step, Spent):
            table.units[attacker] = replace(table.units[attacker], state=step.applied.state)
