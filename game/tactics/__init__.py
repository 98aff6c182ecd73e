"""Tactics written down (issue 30, docs/tactics.md): groups of a side's units with standing
orders, each with a condition that moves the group on to its next order. `format.py` reads a
tactic file, `check.py` checks it against a map and the side's units, and the AI carries it
out (game/tactics/orders.py)."""

from game.tactics.check import check_tactic
from game.tactics.format import (
           ORDERS,
           Condition,
           Group,
           Order,
           Tactic,
           TacticError,
           load_tactic,
           parse_tactic,
)

__all__ = ["ORDERS", "Condition", "Group", "Order", "Tactic", "TacticError", "check_tactic", "load_tactic",
           "parse_tactic"]
