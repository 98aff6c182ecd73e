"""The player's standing orders and the orders each unit follows, as the window asks for them
(issue 30, docs/tactics.md): giving orders to a group of the player's units in solo, the
panel's line for a unit, the routes a side's orders name (drawn on the map)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tactics.format import TacticError
from game.tactics.orders import OrdersAI
from game.tactics.standing import PATH as STANDING_PATH
from game.tactics.standing import Command

if TYPE_CHECKING:
    from game.session import Session


def give_orders(session: Session, uids: list[int], command: Command | None) -> str:
    """Standing orders for the player's units `uids` (None: none any more); the words to
    show (TacticError, one line, when the order does not fit the map)."""
    st = session.standing
    if st is None:
        return "standing orders are for your own units in solo play"
    uids = [u for u in uids if session.team_of(u) == st.team and not session.match.view(u).out]
    if not uids:
        return "select your own units first (shift-click adds one)"
    try:
        if command is None:
            st.clear(session.match, uids)
        else:
            st.give(session.match, uids, command)
    except TacticError as err:
        return str(err)
    if st.text:
        session.config.tactics[st.team] = (STANDING_PATH, st.text)
    else:
        session.config.tactics.pop(st.team, None)
    names = ", ".join(session.match.name(u) for u in uids)
    if command is None:
        return f"{names}: no standing orders"
    line = st.line(session.match, uids[0]) or ""
    return f"{names}: {line.split(': ', 1)[-1]} (Enter: they follow their orders)"


def orders_line(session: Session, uid: int, viewer: str | None) -> str | None:
    """The order `uid` follows, in words, if the side at the screen may know it: its
    own side's; both sides' when everything is shown (watch, no fog); never the enemy's
    under fog."""
    team = session.team_of(uid)
    if viewer is not None and viewer != team:
        return None
    if session.standing is not None and team == session.standing.team:
        return session.standing.line(session.match, uid)
    ai = session.ais.get(team)
    return ai.orders(session.match, uid) if isinstance(ai, OrdersAI) else None


def orders_routes(session: Session, team: str) -> list[str]:
    """The routes `team`'s orders name (its tactic, or the player's standing orders)."""
    ai = session.ais.get(team)
    st = session.standing
    tactic = ai.tactic if isinstance(ai, OrdersAI) else st.tactic if st is not None and st.team == team else None
    if tactic is None:
        return []
    out: list[str] = []
    for g in tactic.groups:
        for o in g.orders:
            for r in (o.route, o.at, o.toward):
                if isinstance(r, str) and r not in out:
                    out.append(r)
    return out
