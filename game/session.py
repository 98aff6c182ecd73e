"""A match as people play it: who sits at the keyboard, whose turn it is, hand-overs, and
the record of every declaration (saves replay it).

The rounds themselves run through the turn driver (game/flow.py), with the AI as the
controller of its sides; the player's declarations come from the battle screen. No pygame
here: the battle screen asks `Session` what to show and tells it what the player declared;
tests can drive it directly.

Declarations follow the world's order (increasing initiative). The unit whose turn it is is
the first in that order with no declaration; a player may declare (or change) any of their
units whose turn has not passed. When the turn reaches an AI unit, the AI declares at once;
in hot-seat, when it reaches the other player's unit, a hand-over is pending.

A player may take back (`undo`) their own last declaration until someone of the other side
has declared after it: so no one declares again after seeing the other side's reaction, and
nothing the other side has not yet shown is revealed. The match is rebuilt by replaying the
round's record without that declaration (as a save loads), so the world stays exactly what
the remaining declarations made it. With `ai_grace` set (the battle screen sets it), the AI
waits after a player's declaration until `release_ai` (the screen calls it after a moment,
or at the player's next click or key), so a misclick can be taken back before the AI answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.ai import make_controller
from game.flow import Flow, Stuck, answer_problem
from game.session_config import MAP_UNITS, MODES, RoundRecord, SessionConfig
from game.tactics import parse_tactic
from game.tactics.orders import OrdersAI
from game.tactics.standing import StandingOrders
from game.world.actions import Action, Hold
from game.world.match import Match

__all__ = ["MAP_UNITS", "MODES", "RoundRecord", "Session", "SessionConfig"]  # the config and the record: game/session_config.py


class Session:
    """A match with its controllers and whose turn it is."""

    def __init__(self, match: Match, config: SessionConfig, start: bool = True) -> None:
        if config.mode not in MODES:
            raise ValueError(f"unknown mode {config.mode!r}; expected one of {', '.join(MODES)}")
        self.match = match
        self.config = config
        if config.mode == "solo":
            self.humans = {config.human_team}
        elif config.mode == "hotseat":
            self.humans = set(match.teams)
        else:
            self.humans = set()
        self.ais = {t: make_controller(config.ai_of(t), config.seed, t, sees_all=config.ai_sees_all)
                    for t in match.teams if t not in self.humans}
        for t, (path, text) in config.tactics.items():
            if t in self.ais:
                self.ais[t] = OrdersAI(self.ais[t], parse_tactic(text, path), t)
        # the player's standing orders in solo (game/tactics/standing.py): kept as a tactic's
        # text in config.tactics, so a save carries them
        self.standing: StandingOrders | None = None
        if config.mode == "solo":
            human = config.human_team
            # the units' judgement within their orders: the normal AI's, from their side's view
            self.standing = StandingOrders(make_controller("normal", config.seed, human), human,
                                           config.tactics.get(human, ("", ""))[1])
        self.flow = Flow(match, self.ais)
        self.queue: list[int] = []
        self.done_teams: set[str] = set()
        self.seat: str | None = None  # the team at the keyboard (hot-seat)
        self.handover: str | None = None  # the team that must take the seat before play goes on
        self.watching: str | None = None  # hot-seat with fog: the side watching the playback (game/ui/fogreplay.py)
        self.last_message = ""
        self.on_resolved: Callable[[int, int], None] | None = None  # (first log index, round)
        self.history: list[RoundRecord] = []
        self.squads: dict[str, list[dict[str, Any]]] | None = None  # as given to the match (saves)
        self.needs_round = True  # the screen starts the next round (after showing the last)
        # a question the round asks a player (a turn's action, a reaction, the effects to
        # take): the screen shows it, `answer` gives the player's choice
        self.question: Question | None = None
        self._resolving: tuple[int, int] | None = None  # (first log index, round) of a round under way
        self.ai_grace = False  # the AI waits after a player's declaration until `release_ai`
        self.ai_waiting = False  # it is waiting now
        self._released = False
        self.on_rebuilt: Callable[[], None] | None = None  # the match was rebuilt (an undo)
        self._advancing = False  # `advance` is under way (an answer given inside it does not start another)
        if start and config.mode != "watch":
            self.begin_round()

    # --- queries ---------------------------------------------------------------------

    def team_of(self, uid: int) -> str:
        return self.match.view(uid).team

    def current(self) -> int | None:
        """The unit whose turn to declare it is (or whose turn's action the round asks for),
        or None when all have declared."""
        if self.question is not None:
            return self.question.uid if self.question.kind in ("act", "declare") else None
        for uid in self.queue:
            if self.match.declared(uid) is None and not self.match.view(uid).out:
                return uid
        return None

    def current_team(self) -> str | None:
        uid = self.current()
        return None if uid is None else self.team_of(uid)

    def can_declare(self, uid: int) -> bool:
        """May the player at the keyboard declare (or change) this unit's action now? As the
        world allows: the unit whose turn it is, or the one just before it that has declared
        (a declaration may be changed until the next unit declares)."""
        q = self.question
        if q is not None:
            team = self.team_of(uid)
            return (q.kind in ("act", "declare") and q.uid == uid and not self.handover and team in self.humans
                    and (self.config.mode != "hotseat" or team == self.seat))
        if self.match.over or self.handover or uid not in self.queue:
            return False
        team = self.team_of(uid)
        if team not in self.humans or team in self.done_teams:
            return False
        if self.config.mode == "hotseat" and team != self.seat:
            return False
        cur = self.current()
        if cur is None:
            return False
        i, now = self.queue.index(uid), self.queue.index(cur)
        if i == now:
            return True
        return i == now - 1 and self.match.declared(uid) is not None and self.team_of(cur) == team

    def can_change(self, uid: int) -> bool:
        """Has this unit declared, with its declaration still open to change?"""
        return self.match.declared(uid) is not None and self.can_declare(uid)

    def waiting_units(self, team: str) -> list[int]:
        """This team's units that may still declare, in order."""
        return [u for u in self.queue if self.team_of(u) == team and self.can_declare(u)]

    def turns_left(self) -> list[tuple[int, int]]:
        """In a round of Turns (Mythras), the units of the player at the keyboard that may still
        take a Turn this round, with the Action Points each has left: what ending the turn
        (Enter) has hold for the rest of the round."""
        team = self.keyboard_team()
        q = self.question
        if team is None or q is None or q.kind != "act" or self.team_of(q.uid) != team:
            return []
        out = []
        for v in self.match.units(team, living=True):
            ap = getattr(v.state, "ap", None)
            if ap and not getattr(v.state, "holding", False):
                out.append((v.uid, int(ap)))
        return out

    def human_turn(self) -> bool:
        cur = self.current()
        return cur is not None and self.can_declare(cur)

    # --- flow ------------------------------------------------------------------------

    def begin_round(self) -> None:
        """Start the next round; the AI declares up to the first player's turn (in watch
        mode, the whole round is declared and resolved)."""
        self.needs_round = False
        first = len(self.match.log)
        self.queue = self.flow.start_round()
        self.done_teams = set()
        if not self.match.over:
            self.history.append(RoundRecord(self.match.round))
        if not self.queue:  # a round of turns, no declarations: it runs (or waits on a player)
            self._resolving = (first, self.match.round)
            self._went_on(self.flow.pending if self.flow.pending is not None else self.flow.resolve_round())
            return
        self.advance()

    def declare(self, uid: int, action: Action, **choices: Any) -> Done | Impossible:
        """The player's declaration for `uid` (or its turn's action, when the round asks for
        it); then the AI and the flow go on."""
        q = self.question
        if q is not None and q.kind == "act" and q.uid == uid:
            check = self.match.check(uid, action, **choices)
            turn = check if isinstance(check, Impossible) else self.answer((action, dict(choices)))
            self.last_message = turn.reason if isinstance(turn, Impossible) else ""
            return turn
        if not self.can_declare(uid):
            cur = self.current()
            who = self.match.name(cur) if cur is not None else "nobody"
            out: Done | Impossible = Impossible(f"not {self.match.name(uid)}'s turn to declare (now: {who})")
        else:
            out = self._declare(uid, action, dict(choices))
        self.last_message = getattr(out, "reason", "")
        if isinstance(out, Done):
            self.advance()
        return out

    def _declare(self, uid: int, action: Action, choices: dict[str, Any], by_ai: bool = False) -> Done | Impossible:
        out = self.match.declare(uid, action, **dict(choices))
        if isinstance(out, Done):
            self._record(uid, action, choices, by_ai)
        return out

    def _record(self, uid: int, action: Action, choices: dict[str, Any], by_ai: bool) -> None:
        """A declaration made: this round's record keeps it (saves and undo replay it)."""
        record = self.history[-1]
        rec = record.declarations
        rec[:] = [d for d in rec if d[0] != uid]
        rec.append((uid, action, choices))
        record.calls.append((uid, action, dict(choices), by_ai))

    def end_declarations(self) -> None:
        """Enter: the player's remaining units carry on with what they are in the middle of (a
        reload, first aid, an overwatch: `Match.carry_on`), else hold; the flow goes on (and
        may resolve)."""
        if self.config.mode == "hotseat":
            if self.seat is not None:
                self.done_teams.add(self.seat)
        else:
            self.done_teams |= self.humans
        self.advance()

    def _hand_over(self, team: str) -> None:
        """The seat goes to `team`: behind the hand-over screen with fog of war (nothing of
        the other side's view stays on screen), at once without it (nothing to hide)."""
        if self.match.fog:
            self.handover = team
        else:
            self.seat = team

    def take_seat(self) -> None:
        """The hand-over screen was acknowledged."""
        if self.handover:
            self.seat, self.handover = self.handover, None
            self.advance()

    def advance(self) -> None:
        """Let the AI (and the players who ended their declarations) declare until it is a
        player's turn; resolve the round when every unit has declared. Each step must move
        the round on (a declaration made, a question answered): one that changes nothing
        raises `Stuck` rather than being tried again for ever."""
        self._advancing = True
        try:
            self._advance()
        finally:
            self._advancing = False

    def _advance(self) -> None:
        m = self.match
        while not m.over:
            uid = self.current()
            if uid is None:
                self.resolve()
                return
            team = self.team_of(uid)
            if team in self.humans and team not in self.done_teams:
                if self.config.mode == "hotseat" and team != self.seat:
                    self._hand_over(team)
                return
            if team in self.ais and self.ai_grace and not self._released and self._just_declared_by_player():
                self.ai_waiting = True  # until `release_ai`: the player may still take it back
                return
            before = self._progress()
            self._step(uid, team)
            if self._progress() == before:
                raise Stuck(uid, f"{m.name(uid)} is stuck: round {m.round}, {self._waiting_on(uid)}, and "
                                 "declaring for it changed nothing")

    def _step(self, uid: int, team: str) -> None:
        """One step of `advance`: the AI declares for `uid`, or a unit of a player who ended
        the turn carries on (or holds). Where the round asks `uid` for its turn's action (a
        Mythras Turn) rather than a declaration, the answer is a Hold: the unit takes no more
        Turns this round and keeps its Action Points for reactions."""
        q = self.question
        if q is not None and q.kind == "act" and q.uid == uid:
            if self.follows_orders(uid) and self.standing is not None:  # a Turn as its orders say
                action, choices = self.standing.decide(self.match, uid)
                if not isinstance(self.match.check(uid, action, **dict(choices)), Impossible):
                    self.answer((action, dict(choices)))
                    return
            self.answer((Hold(), {}))
        elif team in self.ais:
            action, choices = self.flow.ask(Question(uid, "declare"))
            self._declare_or_hold(uid, action, dict(choices), by_ai=True)
        elif self.follows_orders(uid):
            # a player who ended the turn, with standing orders for the unit: they declare
            # (recorded as the player's declaration, so a save replays it as it was)
            action, choices = self.standing.decide(self.match, uid) if self.standing else (Hold(), {})
            self._declare_or_hold(uid, action, dict(choices))
        else:
            # a player who ended the turn: the unit goes on with its reload, first aid or
            # overwatch (a Hold would stop it), else holds
            self._declare_or_hold(uid, self.match.work.carry_on(uid), {})

    # --- standing orders (solo) --------------------------------------------------------

    def follows_orders(self, uid: int) -> bool:
        st = self.standing
        return st is not None and st.follow and self.team_of(uid) == st.team and st.covers(self.match, uid)

    def _declare_or_hold(self, uid: int, action: Action, choices: dict[str, Any], by_ai: bool = False) -> None:
        """Declare `action` through the turn driver; a refused one holds (`Flow.declare`)."""
        action, kept, out = self.flow.declare(uid, action, choices)
        if isinstance(out, Done):
            self._record(uid, action, kept, by_ai)

    def _progress(self) -> tuple[Any, ...]:
        """What a step of `advance` must change: the declarations and answers recorded, the
        question asked, the round."""
        rec = self.history[-1] if self.history else None
        return (self.match.round, self.match.over, id(self.question),
                len(rec.calls) if rec else 0, len(rec.answers) if rec else 0, self.needs_round)

    def _waiting_on(self, uid: int) -> str:
        q = self.question
        return f"asked a {q.kind} question" if q is not None and q.uid == uid else "waiting to declare"

    def recover(self, stuck: Stuck) -> None:
        """The window's answer to `Stuck`: the unit it names holds (its declaration, or its
        turn's action), and play goes on (a second `Stuck` is raised to the caller)."""
        uid = stuck.uid
        q = self.question
        if uid is None:
            return
        if q is not None and q.kind == "act" and q.uid == uid:
            self.answer((Hold(), {}))
        elif self.match.declared(uid) is None:
            self._declare(uid, Hold(), {})
        self.advance()

    def _just_declared_by_player(self) -> bool:
        """Was the round's last declaration a player's, with their turn not ended (Enter)?"""
        calls = self.history[-1].calls if self.history else []
        if not calls or calls[-1][3]:
            return False
        team = self.team_of(calls[-1][0])
        return team in self.humans and team not in self.done_teams

    def release_ai(self) -> None:
        """The AI may declare now (the grace after a player's declaration is over)."""
        if self.ai_waiting:
            self.ai_waiting = False
            self._released = True
            try:
                self.advance()
            finally:
                self._released = False

    # --- the seat ----------------------------------------------------------------------

    def keyboard_team(self) -> str | None:
        """The side of the player at the keyboard (None when watching)."""
        if self.config.mode == "hotseat":
            return self.seat
        return self.config.human_team if self.config.mode == "solo" else None

    def resolve(self) -> None:
        self._resolving = (len(self.match.log), self.match.round)
        self._went_on(self.flow.resolve_round())

    def answer(self, value: Any) -> Done | Impossible:
        """A player's answer to the question the round asks (`question`): a turn's (action,
        choices), a reaction's key, the effects' keys; the round goes on."""
        q = self.question
        if q is None:
            return Impossible("nothing is asked")
        problem = answer_problem(q, value)
        if problem is not None:
            return Impossible(problem)
        self.history[-1].answers.append((q.uid, q.kind, value))
        self.question = None
        self._went_on(self.flow.answer(value))
        q = self.question
        if (not self._advancing and q is not None and q.kind == "act"
                and self.team_of(q.uid) in self.done_teams & self.humans):
            self.advance()  # a unit of a player who ended the turn: it holds, as the rest did
        return Done()

    def _went_on(self, question: Question | None) -> None:
        """The round went on: to a question for a player (hand the seat over to the side asked,
        in hot-seat), or to its end."""
        self.question = question
        if question is not None:
            team = self.team_of(question.uid)
            if self.config.mode == "hotseat" and team != self.seat:
                self._hand_over(team)
            return
        first, rnd = self._resolving or (len(self.match.log), self.match.round)
        self._resolving = None
        if self.history and self.history[-1].round == rnd:
            self.history[-1].resolved = True
        self.needs_round = not self.match.over
        if self.on_resolved is not None:
            self.on_resolved(first, rnd)
