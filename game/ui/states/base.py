"""What every battle state is and what its input returns (python-tcod's engine `State` protocol):

    class State(Protocol):
        def on_event(self, event) -> Next   # Push(state) | Pop(after) | a transition | None
        def on_draw(self, surface) -> None

`StateStack` holds the states opened over the battle, highest layer last (help below the Esc
menu below a dialog), and carries out what their input returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

import pygame


class State(Protocol):
    layer: int  # where it goes in the stack: higher layers over lower

    def on_event(self, event: pygame.event.Event) -> Next: ...

    def on_draw(self, surface: pygame.Surface) -> None: ...


@dataclass(frozen=True)
class Push:
    """Open `state` over the others."""
    state: State


@dataclass(frozen=True)
class Pop:
    """Close the state that answered; then `after()` (what it chose, carried out with the
    state closed: it may open another) says what comes next."""
    after: Callable[[], Next] | None = None


Transition: TypeAlias = "tuple[Any, ...] | str"  # for the app: "results", ("load", path), ("setting", k, v)...
Next: TypeAlias = "Push | Pop | Pass | tuple[Any, ...] | str | None"


class StateStack:
    """The states opened over the battle, in their layers (the top one takes the input)."""

    def __init__(self) -> None:
        self.states: list[State] = []

    def __bool__(self) -> bool:
        return bool(self.states)

    def top(self) -> State | None:
        return self.states[-1] if self.states else None

    def push(self, state: State) -> None:
        """Open `state` over those of its layer and below (under any of a higher layer)."""
        i = len(self.states)
        while i > 0 and self.states[i - 1].layer > state.layer:
            i -= 1
        self.states.insert(i, state)

    def remove(self, state: State) -> None:
        if state in self.states:
            self.states.remove(state)

    def find(self, kind: type) -> Any:
        """The highest open state of class `kind`, or None."""
        return next((s for s in reversed(self.states) if isinstance(s, kind)), None)

    def close(self, kind: type) -> None:
        """Close every open state of class `kind`."""
        self.states = [s for s in self.states if not isinstance(s, kind)]

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        """The top state's input, carried out: the transition left for the app, if any."""
        top = self.top()
        return self.apply(top, top.on_event(event)) if top is not None else None

    def apply(self, state: State | None, result: Next) -> Transition | None:
        """Carry out what `state` returned (a state pushed, itself closed, a transition)."""
        for _ in range(8):  # (a chain of closes and opens is short: never loops for ever)
            if isinstance(result, Push):
                self.push(result.state)
                return None
            if isinstance(result, Pass):
                return None
            if not isinstance(result, Pop):
                return result
            if state is not None:
                self.remove(state)
            if result.after is None:
                return None
            state, result = None, result.after()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for state in self.states:
            state.on_draw(surface)


class Pass:
    """What a state returns for an event it leaves to the state below it."""


PASS = Pass()

