"""The typed event log: what was declared, each roll with its terms, damage, state changes.

The UI, replays and tests read it; nothing in it is needed to carry on the match (the world's
components hold the state), so the log can be dropped or saved without changing play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHASES = ("setup", "declare", "fast", "normal", "slow", "move", "end", "over")


@dataclass(frozen=True)
class Event:
    round: int
    phase: str
    kind: str  # initiative, declare, attack, roll, damage, status, move, free_strike, down, ammo, blast, victory, info
    text: str
    actor: int | None = None
    target: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        return f"[r{self.round} {self.phase}] {self.text}"


class EventLog:
    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self):
        return iter(self.events)

    def since(self, index: int) -> list[Event]:
        return self.events[index:]

    def lines(self) -> list[str]:
        return [e.line() for e in self.events]

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]
