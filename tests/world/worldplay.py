"""Helpers the world's tests share: a unit spec placed on a tile, a round declared and played
(optionally with scripted dice), and asserting a refusal or an acceptance."""

from __future__ import annotations

from engine.dice import ScriptedDice
from game.world.actions import Hold


def unit(spec, name, x, y, **extra):
    return {**spec, "name": name, "x": x, "y": y, **extra}


def declare_all(m, plan, choices=None):
    """plan: uid -> action (others hold); choices: uid -> declaration choices."""
    for uid in m.start_round():
        result = m.declare(uid, plan.get(uid, Hold()), **(choices or {}).get(uid, {}))
        assert not hasattr(result, "reason"), result


def play(m, plan, choices=None, faces=None):
    """One round; with `faces`, the round's dice are exactly these (and all are used).
    Returns where the round's events begin in the log."""
    declare_all(m, plan, choices)
    if faces is not None:
        m.dice = ScriptedDice(faces)
    start = len(m.log)
    m.resolve_round()
    if faces is not None:
        assert m.dice.faces == [], f"unused faces {m.dice.faces}"
    return start


def refused(result, fragment):
    assert hasattr(result, "reason"), result
    assert fragment in result.reason, result.reason


def ok(result):
    assert not hasattr(result, "reason"), result.reason
