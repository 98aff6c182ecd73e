"""A replay's rounds in the window (`skirmish replay`, issue 31): the next round, the round before
and the round of the first casualty, each played back and then waiting (Space plays on, as the
watched battle does). The keys are the keymap's (game/ui/keymap.py: `,` `.` `/`), the buttons sit
under the watch's, and the help lists them first.

The match stands at the end of the round shown: `,` rebuilds it at the end of the round before
that one and plays that round again (game/lab/replay_sources.py re-plays from the start: no
snapshots), `.` plays the next round, `/` goes to the end of the round before the first
casualty and plays the round it falls in.

    screen.steps = ReplaySteps(screen, source)
    steps.handle(event, button) -> True: it was a step (the screen's input asks first)
    steps.stop_here() -> True: the watch waits here (the screen asks before each new round)
    steps.buttons(), steps.state()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import keymap as km
from game.ui.actionbar import Button

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

STEPS = ("round_back", "round_next", "first_casualty")
SWAPPED = ("match", "flow", "ais", "queue", "done_teams", "seat", "handover", "history", "question", "_resolving",
           "needs_round")
"""What a rebuilt session brings (as a declaration taken back does, game/undo.py); the screen's
own session object stays, with its listeners."""


class ReplaySteps:
    def __init__(self, screen: BattleScreen, source: Any) -> None:
        self.screen = screen
        self.source = source
        self.hold = False  # a step played a round: the watch waits after it
        fell = f"the first casualty in round {source.first_casualty}" if source.first_casualty else "nobody falls"
        screen.message = (f"replay of {source.rounds} rounds ({fell}): . the next round, , the round before, "
                          "/ the first casualty")

    def shown(self) -> int:
        """The round shown (being played back, or played last): 0 before the first."""
        return len(self.screen.session.history)

    def state(self) -> tuple[int, bool]:
        return self.shown(), self.source.has_next(self.screen.session)

    def where(self) -> str:
        n, total, fell = self.shown(), self.source.rounds, self.source.first_casualty
        at = f"round {n} of {total}" if n else f"the start, before round 1 of {total}"
        first = f"; the first casualty in round {fell}" if fell else "; nobody falls"
        return f"replay: {at}{first}"

    def buttons(self) -> list[Button]:
        n, more, fell = self.shown(), self.source.has_next(self.screen.session), self.source.first_casualty
        back = f"Round {n - 1} again, from its start" if n > 1 else "Back to the start"
        return [Button(km.key("round_back"), km.label("round_back", "back"),
                       back if n else "Already at the start", n > 0),
                Button(km.key("round_next"), km.label("round_next", "next"),
                       f"Round {n + 1}, played back, then it waits" if more else
                       "No more rounds: " + ("the match is over" if self.screen.match.over else "the record ends here"),
                       more),
                Button(km.key("first_casualty"), km.label("first_casualty", "casualty"),
                       f"Round {fell}, in which the first unit falls" if fell else "Nobody falls in this match",
                       fell is not None)]

    def handle(self, event: pygame.event.Event, button: Button | None) -> bool:
        """A step key or button: done (or, greyed, why not said); True. Anything else: False."""
        if button is not None:
            k = button.key
        elif event.type == pygame.KEYDOWN and getattr(event, "unicode", "") != "?":  # (Shift-/ is the help)
            k = event.key
        else:
            return False
        action = km.action_of(k)
        if action not in STEPS:
            return False
        sc = self.screen
        offered = next(b for b in self.buttons() if b.key == k)
        if not offered.enabled:
            sc.message = offered.tip
            return True
        if action == "round_next":
            self.forward()
        elif action == "round_back":
            self.goto(self.shown() - 1)
        else:
            self.goto(self.source.first_casualty)
        return True

    def forward(self) -> None:
        """The next round, played back; then the watch waits."""
        sc, s = self.screen, self.screen.session
        sc.play.skip()  # the rest of the round being played back, at once
        if not self.source.has_next(s):
            sc.message = f"{self.where()}: no more rounds"
            return
        sc.play.paused = False
        self.hold = True
        sc.play.begin_round()
        s.begin_round()
        sc.message = self.where()

    def goto(self, rnd: int) -> None:
        """Round `rnd` played back from its start (0: the start of the match, waiting)."""
        sc, s = self.screen, self.screen.session
        sc.play.skip()
        fresh = self.source.session_at(max(0, rnd - 1))
        old = s.match
        for name in SWAPPED:
            setattr(s, name, getattr(fresh, name))
        old.close()
        s.match.use_world()
        if s.on_rebuilt is not None:
            s.on_rebuilt()
        sc.play.begin_round()
        if rnd > 0:
            self.forward()
        else:
            sc.play.paused = True
            sc.message = self.where()

    def stop_here(self) -> bool:
        """Before the watch begins a round: after a step, or at the end of what is recorded, it
        waits (paused: Space plays on)."""
        s = self.screen.session
        more = self.source.has_next(s)
        if not self.hold and more:
            return False
        self.hold = False
        self.screen.play.paused = True
        self.screen.message = self.where() + ("" if more else ": the record ends here")
        return True
