"""Taking back a declaration (Z in the window): the session is rebuilt from its own record
without the last one, as a saved game is replayed (game/saves.py)."""

from __future__ import annotations

from engine.outcome import Done, Impossible
from game.saves import replay_data, save_data
from game.session import Session


def take_back(session: Session) -> Done | Impossible:
    """Take back the player's last declaration this round (see `undo_problem`): the match
    is rebuilt from the record without it, and that unit declares again."""
    problem = session.undo_problem()
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
