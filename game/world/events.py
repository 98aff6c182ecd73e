"""The typed event log: what was declared, each roll with its terms, damage, state changes.

Every event has a kind (`EventKind`, a string enum), one line of text for the log panel, the
units it concerns, and a typed payload (`data`) whose class depends on the kind: a move's
destination (`MovedTo`), a unit's health after a change (`Health`), a blast's tile, an
overwatch's stage, ... The UI, replays and tests read the payloads; nothing reads the text
to learn the state. Nothing in the log is needed to carry on the match (the world's
components hold the state), so the log can be dropped or saved without changing play.

`EventLog.subscribe(callback, kind=None)` calls `callback(event)` for every event added (of
`kind`, if given): the lab's tallies and the UI listen that way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from engine.ruleset import HealthFacts

PHASES = ("setup", "declare", "fast", "normal", "slow", "move", "end", "over")

Tile = tuple[int, int]


class EventKind(StrEnum):
    INITIATIVE = "initiative"
    DECLARE = "declare"
    ATTACK = "attack"
    ROLL = "roll"
    DAMAGE = "damage"
    STATUS = "status"
    MOVE = "move"
    FREE_STRIKE = "free_strike"
    DOWN = "down"
    AMMO = "ammo"
    BLAST = "blast"
    VICTORY = "victory"
    INFO = "info"
    OVERWATCH = "overwatch"


@dataclass(frozen=True)
class Health:
    """A unit's health after a change (damage, down, a status, first aid), as plain values:
    the UI's playback shows each unit as it was at every step."""

    unit: int
    facts: HealthFacts
    first_aid: bool = False


@dataclass(frozen=True)
class MovedTo:
    """Where a move ended."""

    to: Tile


@dataclass(frozen=True)
class BlastAt:
    """Where an explosion went off."""

    tile: Tile


@dataclass(frozen=True)
class WatchNote:
    """An overwatch's stage: kept (with `since` and the initiative `bonus`), triggered (`how`
    the enemy presented itself, `at` where, whether it was `kept`), wasted, fire."""

    stage: str
    how: str = ""
    at: Tile | None = None
    kept: bool = False
    since: int = 0
    bonus: int = 0


@dataclass(frozen=True)
class StrikeNote:
    """The kind of a strike out of turn: free strike, automatic strike."""

    strike: str


@dataclass(frozen=True)
class CheckNote:
    """The outcome of a check that decides what follows (an overwatch's check)."""

    check: str
    success: bool


@dataclass(frozen=True)
class GearNote:
    """A weapon dropped (`tile`), picked up, jammed or cleared (`jammed`)."""

    weapon: str = ""
    tile: Tile | None = None
    jammed: bool | None = None


@dataclass(frozen=True)
class Marker:
    """A state a status or info event announces: grapple, exhausted, stray."""

    what: str


@dataclass(frozen=True)
class Tally:
    """Units still standing on each side when the match was decided."""

    standing: dict[str, int]


Payload = Health | MovedTo | BlastAt | WatchNote | StrikeNote | CheckNote | GearNote | Marker | Tally


@dataclass(frozen=True)
class Event:
    round: int
    phase: str
    kind: EventKind
    text: str
    actor: int | None = None
    target: int | None = None
    data: Payload | None = field(default=None)

    def line(self) -> str:
        return f"[r{self.round} {self.phase}] {self.text}"

    @property
    def health(self) -> Health | None:
        """The health payload, if this event carries one."""
        return self.data if isinstance(self.data, Health) else None


Listener = Callable[[Event], None]


class EventLog:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self._listeners: list[tuple[EventKind | None, Listener]] = []

    def subscribe(self, callback: Listener, kind: EventKind | None = None) -> None:
        """Call `callback(event)` for every event added from now on (of `kind`, if given)."""
        self._listeners.append((kind, callback))

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return self._tell(event)

    def insert(self, index: int, event: Event) -> Event:
        """`event` placed at `index` (before what was logged since): something that happened
        before the events that it learned of later (a move cut short by the shot it walked into).
        Listeners hear it now."""
        self.events.insert(index, event)
        return self._tell(event)

    def _tell(self, event: Event) -> Event:
        """Every listener of the event's kind (or of all) hears it."""
        for kind, callback in self._listeners:
            if kind is None or kind == event.kind:
                callback(event)
        return event

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def since(self, index: int) -> list[Event]:
        return self.events[index:]

    def lines(self) -> list[str]:
        return [e.line() for e in self.events]

    def of_kind(self, kind: EventKind | str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]
