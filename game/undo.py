"""Taking back a declaration (Z in the window): the session is rebuilt from its own record
without the last one, as a saved game is replayed (game/saves.py)."""

from __future__ import annotations

from engine.outcome import Done, Impossible
from game.saves import replay_data, save_data
from game.session import Session


def undo_problem(session: Session) -> str | None:
    """Why the player at the keyboard cannot take back their last declaration now (None:
    they can)."""
    team = session.keyboard_team()
    m = session.match
    if team is None:
        return "nothing to take back when watching"
    if m.over:
        return "the match is over"
    rec = session.history[-1] if session.history else None
    if rec is None or rec.resolved or rec.answers or session.question is not None or m.phase != "declare":
        return "the round is under way: only declarations can be taken back"
    if not rec.calls:
        return "nothing declared this round yet"
    uid, _action, _choices, by_ai = rec.calls[-1]
    if by_ai or session.team_of(uid) != team:
        return f"{m.name(uid)} of the other side has declared since: it stands"
    return None


def take_back(session: Session) -> Done | Impossible:
    """Take back the player's last declaration this round (see `undo_problem`): the match
    is rebuilt from the record without it, and that unit declares again."""
    problem = undo_problem(session)
    if problem is not None:
        return Impossible(problem)
    team = session.keyboard_team()
    data = save_data(session)
    uid = data["rounds"][-1]["declarations"].pop()["unit"]
    data["done_teams"] = [t for t in data.get("done_teams", []) if t != team]
    rebuilt = replay_data(data)
    old = session.match
    for name in ("match", "flow", "ais", "queue", "done_teams", "seat", "handover", "history", "question",
                 "_resolving", "needs_round"):
        setattr(session, name, getattr(rebuilt, name))
    session.ai_waiting = False
    old.close()
    session.match.use_world()
    session.last_message = f"took back {session.match.name(uid)}'s declaration"
    if session.on_rebuilt is not None:
        session.on_rebuilt()
    return Done()
