"""The battle screen's playback: the resolved round's events played back step by step, each
step animated (game/ui/animate.py: walks, tracers, blasts, the harm done) at the speed the
player sets, with the units drawn as each step left them.

    play = Playback(screen, step_ms=350, watch_ms=600)
    session.on_resolved = play.on_resolved   # the round's events become steps
    play.tick(ms) -> True while a round is being shown
    play.shown()    # {uid: Shown} at the step being shown
    play.walking()  # {uid: (point, facing)} for the units walking in it now
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.capabilities import blast_radius_m
from engine.ruleset import HealthFacts
from game.ui import settings as st
from game.ui.animate import Context, Walk, animate, heard_walkers, path_between, walk_length
from game.ui.effects import Effects
from game.ui.figures import Shown
from game.ui.panels import PHASE_NAMES
from game.world.actions import find_kind
from game.world.events import BlastAt, MovedTo, WatchNote
from game.world.match import Match

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

SPEEDS = st.SPEEDS  # playback ms per step, slowest first


def playback_steps(events: list[Any], throwers: frozenset[int] = frozenset(),
                   sweepers: frozenset[int] = frozenset()) -> list[list[Any]]:
    """The resolved round in steps a player can follow: one attack with its rolls, damage
    and effects; one move (the moves that end the round, which are simultaneous, in one
    step); one end-of-round check. A step begins at a new phase, a move after other events,
    a new actor (other than the current step's target, whose defence and damage belong to
    it) or the same actor attacking someone else. A throw (by one of `throwers`) keeps its
    flight, the dodges and the blast in one step; area fire (by one of `sweepers`) keeps
    everyone it sweeps in one."""
    steps: list[list[Any]] = []
    actor = target = phase = None
    blast_open = False
    for e in events:
        new = not steps or e.phase != phase
        if new:
            blast_open = False
        elif blast_open:
            new = False
        elif e.kind == "move":
            # a move is its own step (its mover is shown where it went from then on), but the
            # moves that end the round walk together
            new = any(x.kind != "move" for x in steps[-1]) or e.phase != "move"
        elif steps[-1][0].kind == "move" and e.kind != "move":
            new = True
        elif e.actor is not None:
            if e.actor not in (actor, target):
                new = True
            elif e.actor == actor and e.kind == "attack" and e.target is not None and e.target != target:
                new = target is not None and actor not in sweepers
        if new:
            steps.append([e])
            actor, target, phase = e.actor, e.target, e.phase
        else:
            steps[-1].append(e)
            if target is None and e.actor == actor and e.target is not None:
                target = e.target
        data = getattr(e, "data", None)
        if e.actor in throwers and e.kind in ("attack", "blast") and e.actor == actor and not isinstance(data, BlastAt):
            blast_open = True  # the throw's roll or its scatter: up to its explosion
        if isinstance(data, BlastAt):
            blast_open = False
    return steps


def headline(step: list[Any]) -> str:
    """A step in one line: who did what to whom and what it did ("A -> B: hit; B: wounds
    2 (light)"), else its first line."""
    hit = next((e.text for e in step if " -> " in e.text), None)
    parts = [hit or step[0].text]
    parts += [e.text for e in step if e.kind in ("damage", "down")]
    return "; ".join(parts)


def headline_of(lines: list[str]) -> str:
    """`headline` from log lines ("[r3 fast] text"): the hit, else the first."""
    texts = [line.split("] ", 1)[-1] for line in lines]
    return next((t for t in texts if " -> " in t), texts[0])


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
    """The round being shown: its steps, the step shown now and when it began, the clock
    that moves it on, the effects under way, and where each unit stood and how it was when
    the round began."""

    def __init__(self, screen: BattleScreen, step_ms: int, watch_ms: int) -> None:
        self.screen = screen
        self.match = screen.match
        self.step_ms = step_ms  # ms a plain step (0: the round is shown at once)
        self.watch_ms = watch_ms  # watch mode: ms between rounds
        self.paused = False  # watch mode: no new rounds, no playback
        self.steps: list[list[Any]] = []  # the resolved round's events, in steps
        self.ends: list[int] = []  # the log's length at the end of each step
        self.durations: list[float] = []
        self.walks: list[dict[int, Walk]] = []  # per step, who walks where
        self.i = 0  # the step shown now (len(steps): none)
        self.clock = 0.0
        self.step_start = 0.0
        self.next_at = 0.0  # when the round's playback ended (watch mode waits from there)
        self.fx = Effects(getattr(screen, "sounds", None))
        self.actions: dict[int, Any] = {}
        self._ctx: Context | None = None
        self._resolved: tuple[int, int] | None = None  # (first log index, round) of the last round resolved
        self.round_start = {v.uid: v.pos for v in self.match.units()}  # where this round began
        self.round_health = self._health_now()  # and how each unit was then

    def rebind(self) -> None:
        """The match was rebuilt (an undo): read the new one."""
        self.match = self.screen.match

    def _health_now(self) -> dict[int, HealthFacts]:
        return {v.uid: self.match.rules.health_facts(v.state) for v in self.match.units()}

    def busy(self) -> bool:
        """Showing the resolved round (input skips it)."""
        return self.i < len(self.steps)

    def animating(self) -> bool:
        """Is anything moving: a step being shown, or effects still fading?"""
        return self.busy() or self.fx.busy(self.clock)

    def skip(self) -> None:
        """The rest of the round at once."""
        self.i = len(self.steps)
        self.fx.clear()
        self.next_at = self.clock

    def begin_round(self) -> None:
        """A round is about to begin: remember where and how the units are."""
        self.round_start = {v.uid: v.pos for v in self.match.units()}  # (watch resolves at once)
        self.round_health = self._health_now()

    def round_actions(self, rnd: int) -> dict[int, Any]:
        """What each unit declared (or chose as its turn's action) in round `rnd`."""
        out: dict[int, Any] = {}
        for rec in self.screen.session.history:
            if rec.round != rnd:
                continue
            for uid, action, _choices in rec.declarations:
                out[uid] = action
            for uid, kind, answer in rec.answers:
                if kind in ("act", "declare") and isinstance(answer, tuple) and answer:
                    out[uid] = answer[0]
        return out

    def on_resolved(self, first: int, rnd: int) -> None:
        """The session resolved a round whose events start at log index `first`."""
        self._resolved = (first, rnd)
        events = self.match.log.since(first)
        self.actions = self.round_actions(rnd)
        kinds = {u: (a, k) for u, a in self.actions.items() if (k := find_kind(a)) is not None}
        throwers = frozenset(u for u, (a, k) in kinds.items() if k.blast(a) is not None)
        sweepers = frozenset(u for u, (a, k) in kinds.items() if k.arc(a) is not None)
        self.steps = playback_steps([e for e in events if e.phase != "declare"], throwers, sweepers)
        skipped = len(events) - sum(len(step) for step in self.steps)
        self.ends = []
        n = first + skipped
        for step in self.steps:
            n += len(step)
            self.ends.append(n)
        self.walks = self._walks()
        self.durations = [float(self.step_ms)] * len(self.steps)
        self.fx.clear()
        self._ctx = None
        self.i = 0
        self.step_start = self.clock
        if self.step_ms <= 0:
            self.i = len(self.steps)
            self.next_at = self.clock
            return
        self._begin_step()

    def replay(self) -> None:
        """The resolved round again from its start (hot-seat with fog: for the next side)."""
        if self._resolved is not None:
            self.on_resolved(*self._resolved)

    def hidden(self, team: str | None) -> frozenset[int] | None:
        """Fog of war: the enemies `team` does not see at the step being shown (None: no
        step is shown; game/ui/fogview.py, `step_hidden`)."""
        if team is None or not self.busy() or self.match.vision is None:
            return None
        from game.ui import fogview as fv

        return fv.step_hidden(self, team)

    def span(self) -> tuple[int, int]:
        """The log indices the step shown now begins and ends at."""
        end = self.ends[self.i]
        return end - len(self.steps[self.i]), end

    def _walks(self) -> list[dict[int, Walk]]:
        """Who walks where in each step: from where it stood (as the steps before left it)
        along its declared path to where the world says it stopped."""
        where = dict(self.round_start)
        out: list[dict[int, Walk]] = []
        for step in self.steps:
            walks: dict[int, Walk] = {}
            for e in step:
                if isinstance(e.data, WatchNote) and e.data.at is not None and e.target is not None:
                    where[e.target] = e.data.at
                if isinstance(e.data, MovedTo) and e.actor is not None:
                    start = where.get(e.actor, e.data.to)
                    tiles = path_between(start, e.data.to, self.actions.get(e.actor))
                    walks[e.actor] = Walk(e.actor, tiles)
                    where[e.actor] = e.data.to
            out.append(walks)
        return out

    def _context(self) -> Context:
        m = self.match
        shown = self.shown()

        def pos(uid: int) -> tuple[int, int]:
            w = self.walks[self.i].get(uid) if self.i < len(self.walks) else None
            if w is not None:
                return w.tiles[0]
            return shown[uid].pos if uid in shown else m.view(uid).pos

        def blast_tiles(weapon: str) -> float:
            try:
                return blast_radius_m(m.rules, weapon) / m.grid.metres_per_tile
            except (KeyError, ValueError, AttributeError):
                return 1.5

        def reach_tiles(uid: int) -> float:
            return m.rules.weapon_facts(m.view(uid).combatant).long_m / m.grid.metres_per_tile

        if self._ctx is None:
            self._ctx = Context(self.actions, pos, dict(self.round_health), blast_tiles, reach_tiles)
        self._ctx.pos = pos
        self._ctx.walks = self.walks[self.i] if self.i < len(self.walks) else {}
        return self._ctx

    def _begin_step(self) -> None:
        """The step shown now begins: its effects start, its length is known."""
        if not self.busy():
            return
        from game.ui import fogview as fv

        team = fv.viewer(self.screen.session)
        ctx = self._context()
        ctx.heard = fv.heard(self, team) if team is not None and self.match.vision is not None else None
        length, effects = animate(self.steps[self.i], ctx, self.step_start, float(self.step_ms))
        step = self.steps[self.i]
        hid = self.hidden(team) or frozenset()
        if team is not None and step and step[0].actor in hid:
            # fog of war: nothing shows where an unseen enemy acted from (but the footsteps
            # of the walkers the viewer sees, which `heard` already chose), nor does the step
            # last longer for what it did (a blast's or a burst's length)
            effects = [fx for fx in effects if fx.kind == "sound" and fx.label == "step"]
            length = walk_length(heard_walkers(ctx), float(self.step_ms))
        elif hid:  # nor where one stands (a stray round or a blast striking it)
            ctx = self._context()
            effects = fv.visible_effects(effects, {ctx.pos(u) for u in hid})
        self.durations[self.i] = length
        for e in effects:
            self.fx.add(e)

    def tick(self, ms: float) -> bool:
        """Move the clock on `ms`, and the playback with it; True while a round is shown."""
        self.clock += ms
        self.fx.update(self.clock)
        if not self.busy():
            return False
        while self.busy() and self.clock >= self.step_start + self.durations[self.i]:
            self.step_start += self.durations[self.i]
            self.i += 1
            if self.busy():
                self._begin_step()
            else:
                self.next_at = self.clock
        return True

    def watch_due(self) -> bool:
        """Watch mode: has the pause between rounds passed? (Then it starts again.)"""
        if self.clock < self.next_at + self.watch_ms:
            return False
        self.next_at = self.clock
        return True

    def progress(self) -> float:
        """How far the step shown now has gone (0 to 1)."""
        if not self.busy():
            return 1.0
        d = self.durations[self.i]
        return min(1.0, max(0.0, (self.clock - self.step_start) / d)) if d > 0 else 1.0

    def walking(self) -> dict[int, tuple[tuple[float, float], tuple[int, int] | None]]:
        """The units walking in the step shown now: where they are on their way (tiles) and
        which way they face."""
        if not self.busy() or self.i >= len(self.walks):
            return {}
        p = self.progress()
        return {uid: w.at(p) for uid, w in self.walks[self.i].items() if len(w.tiles) > 1}

    def shown(self) -> dict[int, Shown]:
        """The units as they stand at the step being played back: where, whether down, and
        their wound and stun markers as the events so far left them."""
        return self.screen.cached("shown", (self.i, id(self.steps)), lambda: shown_at(
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
        line = headline(step)
        from game.ui import fogview as fv

        team = fv.viewer(self.screen.session)
        if team is not None:  # fog of war: the headline as the viewer may read it
            lines = fv.log_lines(self.match, team, step, self.hidden(team) or fv.hidden_units(self.match, team))
            line = headline_of(lines) if lines else "out of sight"
        return (f"Round {e.round} resolving, {PHASE_NAMES.get(e.phase, e.phase)} "
                f"({self.i + 1}/{len(self.steps)}): {line}")

    # --- speed ------------------------------------------------------------------------

    def set_speed(self, step_ms: int) -> None:
        self.step_ms = step_ms
        self.watch_ms = max(50, step_ms * 2)
        self._grace()

    def _grace(self) -> None:
        """The AI waits after a player's declaration unless the playback is instant."""
        self.screen.session.ai_grace = self.step_ms > 0

    def faster(self) -> None:
        self.step_ms, self.watch_ms = max(0, self.step_ms // 2), max(50, self.watch_ms // 2)
        self._grace()

    def slower(self) -> None:
        self.step_ms, self.watch_ms = min(2000, self.step_ms * 2 or 100), min(5000, self.watch_ms * 2)
        self._grace()

    def step_speed(self, d: int) -> None:
        """`d` steps along SPEEDS from the one nearest the speed now (the Esc menu's)."""
        self.set_speed(st.step(SPEEDS, self.step_ms, d))

    def step_label(self) -> str:
        return "instant" if self.step_ms <= 0 else f"{st.speed_label(self.step_ms)} ({self.step_ms} ms a step)"

    def speed_label(self) -> str:
        play = self.step_label()
        if self.screen.session.config.mode == "watch":
            return f"{play}, {self.watch_ms} ms between rounds"
        return play
