"""The battle screen's playback: the resolved round's events played back step by step, at
a speed the player sets, with the units drawn as each step left them.

    play = Playback(screen, step_ms=350, watch_ms=600)
    session.on_resolved = play.on_resolved   # the round's events become steps
    play.tick(ms) -> True while a round is being shown
    play.shown()  # {uid: Shown} at the step being shown
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.ruleset import HealthFacts
from game.ui.figures import Shown
from game.ui.panels import PHASE_NAMES
from game.world.events import WatchNote
from game.world.match import Match

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

SPEEDS = (1400, 700, 350, 175, 80, 0)  # playback ms per step, slowest first


def playback_steps(events: list[Any]) -> list[list[Any]]:
    """The resolved round in steps a player can follow: one attack with its rolls, damage
    and effects; one move; one end-of-round check. A step begins at a new phase, a move
    after other events, a new actor (other than the current step's target, whose defence
    and damage belong to it) or the same actor attacking someone else."""
    steps: list[list[Any]] = []
    actor = target = phase = None
    for e in events:
        new = not steps or e.phase != phase
        if not new and e.kind == "move" and any(x.kind != "move" for x in steps[-1]):
            new = True  # a move is its own step (its mover is shown where it went from then on)
        elif not new and e.actor is not None:
            if e.actor not in (actor, target):
                new = True
            elif e.actor == actor and e.kind == "attack" and e.target is not None and e.target != target:
                new = target is not None
        if new:
            steps.append([e])
            actor, target, phase = e.actor, e.target, e.phase
        else:
            steps[-1].append(e)
            if target is None and e.actor == actor and e.target is not None:
                target = e.target
    return steps


def headline(step: list[Any]) -> str:
    """A step in one line: who did what to whom and what it did ("A -> B: hit; B: wounds
    2 (light)"), else its first line."""
    hit = next((e.text for e in step if " -> " in e.text), None)
    parts = [hit or step[0].text]
    parts += [e.text for e in step if e.kind in ("damage", "down")]
    return "; ".join(parts)


def shown_at(match: Match, start: dict[int, tuple[int, int]], later: list[Any], done: Sequence[Any] = (),
             health: dict[int, HealthFacts] | None = None) -> dict[int, Shown]:
    """The units as they were before the `later` events (the rest of the round's playback),
    `done` being the round's events shown so far: a move still to come leaves its mover on
    its start tile (or where an overwatch caught it on its way), a fall still to come leaves
    the unit standing, harm still to come leaves its marker as it was then (the health the
    last event so far gave it, else `health`, the round's start)."""
    moved = {e.actor for e in later if e.kind == "move"}
    downed = {e.actor for e in later if e.kind == "down"}
    hurt = {e.health.unit for e in later if e.health is not None}
    caught = {e.target: e.data.at for e in done
              if isinstance(e.data, WatchNote) and e.data.at is not None and e.target is not None}
    last: dict[int, HealthFacts] = {}
    for e in done:
        if e.health is not None:
            last[e.health.unit] = e.health.facts
    out = {}
    for v in match.units():
        if v.uid in moved or v.uid in downed or v.uid in hurt:
            pos = caught.get(v.uid, start.get(v.uid, v.pos)) if v.uid in moved else v.pos
            was = None
            if v.uid in hurt:
                was = last.get(v.uid) or (health or {}).get(v.uid)
            out[v.uid] = Shown(pos, v.out and v.uid not in downed, was)
    return out


class Playback:
    """The round being shown: its steps, the step shown now, the clock that moves it on,
    and where each unit stood and how it was when the round began."""

    def __init__(self, screen: BattleScreen, step_ms: int, watch_ms: int) -> None:
        self.screen = screen
        self.match = screen.match
        self.step_ms = step_ms  # ms a step (0: the round is shown at once)
        self.watch_ms = watch_ms  # watch mode: ms between rounds
        self.paused = False  # watch mode: no new rounds, no playback
        self.steps: list[list[Any]] = []  # the resolved round's events, in steps
        self.ends: list[int] = []  # the log's length at the end of each step
        self.i = 0  # the step shown now (len(steps): none)
        self.clock = 0.0
        self.next_at = 0.0
        self.round_start = {v.uid: v.pos for v in self.match.units()}  # where this round began
        self.round_health = self._health_now()  # and how each unit was then

    def _health_now(self) -> dict[int, HealthFacts]:
        return {v.uid: self.match.rules.health_facts(v.state) for v in self.match.units()}

    def busy(self) -> bool:
        """Showing the resolved round (input skips it)."""
        return self.i < len(self.steps)

    def skip(self) -> None:
        """The rest of the round at once."""
        self.i = len(self.steps)

    def begin_round(self) -> None:
        """A round is about to begin: remember where and how the units are."""
        self.round_start = {v.uid: v.pos for v in self.match.units()}  # (watch resolves at once)
        self.round_health = self._health_now()

    def on_resolved(self, first: int, rnd: int) -> None:
        """The session resolved a round whose events start at log index `first`."""
        events = self.match.log.since(first)
        self.steps = playback_steps([e for e in events if e.phase != "declare"])
        skipped = len(events) - sum(len(step) for step in self.steps)
        self.ends = []
        n = first + skipped
        for step in self.steps:
            n += len(step)
            self.ends.append(n)
        self.i = 0
        self.next_at = self.clock + self.step_ms
        if self.step_ms <= 0:
            self.i = len(self.steps)

    def tick(self, ms: float) -> bool:
        """Move the clock on `ms`, and the playback with it; True while a round is shown."""
        self.clock += ms
        if not self.busy():
            return False
        while self.busy() and self.clock >= self.next_at:
            self.i += 1
            self.next_at += self.step_ms
        return True

    def watch_due(self) -> bool:
        """Watch mode: has the pause between rounds passed? (Then it starts again.)"""
        if self.clock < self.next_at + self.watch_ms:
            return False
        self.next_at = self.clock
        return True

    def shown(self) -> dict[int, Shown]:
        """The units as they stand at the step being played back: where, whether down, and
        their wound and stun markers as the events so far left them."""
        return self.screen.cached("shown", (self.i,), lambda: shown_at(
            self.match, self.round_start, [e for step in self.steps[self.i + 1:] for e in step],
            [e for step in self.steps[:self.i + 1] for e in step], self.round_health))

    def still_up(self) -> frozenset[int]:
        """The units that fall later in the round, not shown as fallen yet."""
        if not self.busy():
            return frozenset()
        shown = self.shown()
        return frozenset(u for u, sh in shown.items() if not sh.out and self.match.view(u).out)

    def log_end(self) -> int:
        """How much of the log is shown: up to the end of the step being played back."""
        return self.ends[self.i] if self.busy() else len(self.match.log)

    def event(self) -> tuple[int | None, int | None]:
        """The step being played back's actor and its target."""
        step = self.steps[self.i]
        actor = step[0].actor
        target = next((e.target for e in step if e.actor == actor and e.target is not None), None)
        return actor, target

    def banner(self) -> str:
        """The step being played back in one line, with its round, phase and number."""
        step = self.steps[self.i]
        e = step[0]
        return (f"Round {e.round} resolving, {PHASE_NAMES.get(e.phase, e.phase)} "
                f"({self.i + 1}/{len(self.steps)}): {headline(step)}")

    # --- speed ------------------------------------------------------------------------

    def faster(self) -> None:
        self.step_ms, self.watch_ms = max(0, self.step_ms // 2), max(50, self.watch_ms // 2)

    def slower(self) -> None:
        self.step_ms, self.watch_ms = min(2000, self.step_ms * 2 or 100), min(5000, self.watch_ms * 2)

    def step_speed(self, d: int) -> None:
        """`d` steps along SPEEDS from the one nearest the speed now (the Esc menu's)."""
        i = min(range(len(SPEEDS)), key=lambda j: abs(SPEEDS[j] - self.step_ms))
        i = min(max(i + d, 0), len(SPEEDS) - 1)
        self.step_ms = SPEEDS[i]
        self.watch_ms = max(50, self.step_ms * 2)

    def step_label(self) -> str:
        return "instant" if self.step_ms <= 0 else f"{self.step_ms} ms a step"

    def speed_label(self) -> str:
        play = self.step_label()
        if self.screen.session.config.mode == "watch":
            return f"{play}, {self.watch_ms} ms between rounds"
        return play
