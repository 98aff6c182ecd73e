"""What `skirmish replay` steps through (issue 31): a match rebuilt at the end of any round, for
the window's stepping (game/ui/replay_steps.py: the next round, the round before, the round of
the first casualty).

Stepping back re-plays the match from its start up to the round wanted, in the same process:
matches are deterministic (the same seed, squads and declarations give the same match bit for
bit), so no snapshot is kept. Memory holds one match at a time (and, for a save, its record of
declarations), however long the match; a step back costs the rounds re-played (the street's 21
rounds take about 0.25 s).

    source = SpecSource(spec, title)      # an AI-against-AI match: a sweep's, a simulate record's
    source = SaveSource(data, where, map) # a saved game: its own declarations and answers
    source.rounds, source.first_casualty  # how many rounds; the round the first unit fell in
    session = source.session_at(r)        # a watched Session with r rounds played (0: none)
    source.has_next(session)              # may it play another round?
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.limits import MAX_ROUNDS_LIMIT
from game.session import Session
from game.sim import MatchSpec, spec_squads, with_weights


def first_casualty(match: Any) -> int | None:
    """The round the first unit fell in (None: nobody fell)."""
    return next((e.round for e in match.log.events if e.kind == "down"), None)


def watch_session(spec: MatchSpec) -> Session:
    """A watched session that plays `spec` as `skirmish simulate` and the sweep play it (game/sim.py,
    play_match): the same AI levels and weights, tactics, and who of the AI sees through the fog."""
    from engine.rulesets import make_ruleset
    from game.ai import make_controller
    from game.maps import load_map
    from game.session import SessionConfig
    from game.tactics import parse_tactic
    from game.tactics.orders import OrdersAI
    from game.world.match import Match

    grid = load_map(spec.map_path)
    squads = spec_squads(grid, spec)
    tactics = {t: tactic for t, tactic in (("blue", spec.blue_tactic), ("red", spec.red_tactic)) if tactic}
    sees = {t: spec.ai_sees_all in (True, "both", t) for t in ("blue", "red")}
    config = SessionConfig(spec.map_path, "watch", spec.blue_ai, spec.seed, spec.max_rounds, ruleset=spec.ruleset,
                           ais={"red": spec.red_ai}, fog=spec.fog, ai_sees_all=sees["blue"] and sees["red"],
                           tactics=tactics)
    match = Match(grid, squads, seed=spec.seed, max_rounds=spec.max_rounds, ruleset=make_ruleset(spec.ruleset),
                  fog=spec.fog)
    session = Session(match, config)
    session.squads = squads
    for team in ("blue", "red"):
        if sees[team] != config.ai_sees_all:  # one side sees all (simulate --ai-sees-all blue)
            ai: Any = make_controller(config.ai_of(team), spec.seed, team, sees_all=sees[team])
            if team in tactics:
                ai = OrdersAI(ai, parse_tactic(tactics[team][1], tactics[team][0]), team)
            session.ais[team] = session.flow.controllers[team] = ai
    for team, weights in (("blue", spec.blue_weights), ("red", spec.red_weights)):
        if weights:
            ai = session.ais[team]
            with_weights(getattr(ai, "inner", ai), dict(weights))
    return session


class SpecSource:
    """An AI-against-AI match, played again from its spec: its rounds are the AI's, so the
    window's watched session plays on by itself and a step back re-plays from the seed."""

    def __init__(self, spec: MatchSpec, title: str, notes: tuple[str, ...] = (),
                 expected: tuple[str, int] | None = None) -> None:
        self.spec = spec
        self.title = title
        self.who = f"replay: AI ({spec.blue_ai}) v AI ({spec.red_ai})"
        session = self.session_at(MAX_ROUNDS_LIMIT)  # the whole match once: its length, its first fall
        try:
            r = session.match.result()
            self.rounds = len(session.history)
            self.first_casualty = first_casualty(session.match)
            self.ending = f"{r.winner} won in {r.rounds} rounds" if r.winner != "draw" else f"a draw after {r.rounds} rounds"
        finally:
            session.match.close()
        said = list(notes)
        if expected is not None and expected != (r.winner, r.rounds):
            said.append(f"the record says {expected[0]} in {expected[1]} rounds, this replay ends {r.winner} in "
                        f"{r.rounds}: the map, the rules or the AI changed since")
        self.notes = tuple(said)

    def session_at(self, rounds: int) -> Session:
        session = watch_session(self.spec)
        for _ in range(rounds):
            if session.match.over:
                break
            session.begin_round()
        return session

    def has_next(self, session: Session) -> bool:
        return not session.match.over


class RecordedSession(Session):
    """A saved game's session that plays its next round from the save's record (its declarations
    and the players' answers), not from the AI: the window watches it as it was played."""

    recorded: list[dict[str, Any]]
    played_config: Any = None

    def begin_round(self) -> None:
        from game.saves import _replay

        done = len(self.history)
        if self.match.over or done >= len(self.recorded):
            return
        first = len(self.match.log)
        rnd = self.recorded[done]
        _replay(self, {"rounds": [rnd]})
        if self.on_resolved is not None:
            self.on_resolved(first, rnd["round"])


class SaveSource:
    """A saved game: its resolved rounds, replayed from its record. (A round it was saved in the
    middle of is left out: the replay ends where the save's last round ended.)"""

    def __init__(self, data: dict[str, Any], where: str, map_path: str, title: str,
                 notes: tuple[str, ...] = ()) -> None:
        self.data = data
        self.where = where
        self.map_path = map_path
        self.title = title
        self.notes = notes
        ais = {"blue": data["ai"], "red": data["ai"], **data.get("ais", {})}
        if data["mode"] == "solo":
            human = data["human_team"]
            other = "red" if human == "blue" else "blue"
            self.who = f"replay: {human} a player v {other} AI ({ais[other]})"
        elif data["mode"] == "hotseat":
            self.who = "replay: two players (hot-seat)"
        else:
            self.who = f"replay: AI ({ais['blue']}) v AI ({ais['red']})"
        played: list[dict[str, Any]] = []
        for rnd in data["rounds"]:
            if not rnd["resolved"]:
                break
            played.append(rnd)
        self.played = played
        session = self.session_at(len(played))
        try:
            self.rounds = len(played)
            self.first_casualty = first_casualty(session.match)
            if session.match.over:
                r = session.match.result()
                self.ending = f"{r.winner} won in {r.rounds} rounds" if r.winner != "draw" else \
                    f"a draw after {r.rounds} rounds"
            else:
                self.ending = f"saved after round {len(played)}, the match not over"
        finally:
            session.match.close()

    def session_at(self, rounds: int) -> Session:
        from game.saves import replay_data

        part = dict(self.data, rounds=self.played[:max(0, rounds)], seat=None, done_teams=[])
        session = replay_data(part, self.where, self.map_path, session_type=RecordedSession)
        session.recorded = self.played
        session.played_config = session.config  # (saved from the window, it is the game as played to there)
        session.config = dataclasses.replace(session.config, mode="watch")  # the window watches
        session.humans = set()
        return session

    def has_next(self, session: Session) -> bool:
        return not session.match.over and len(session.history) < len(self.played)
