"""Helpers the world's tests share: the Yags fighters and the open field of the rules tests, a
unit spec placed on a tile, a round declared and played (optionally with scripted dice),
asserting a refusal or an acceptance, reading the log, and spying on a ruleset method."""

from __future__ import annotations

from engine.dice import ScriptedDice
from game.flow import driver
from game.world.actions import Hold
from game.world.components import Combatant

RIFLEMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3, "wil": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Throw": 3},
    "weapon": "ak_47",
    "magazines": 2,
}
VESTED_RIFLEMAN = {**RIFLEMAN, "armour": ["kevlar_vest"]}
SWORDSMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Melee": 5, "Athletics": 3},
    "weapon": "broad_sword",  # reach 2: the eight adjacent tiles
}
BRAWLER = {"attributes": {"str": 4, "agi": 4, "dex": 3}, "skills": {"Brawl": 5}, "weapon": "fist"}
MEDIC = {**RIFLEMAN, "attributes": {**RIFLEMAN["attributes"], "int": 4}, "skills": {**RIFLEMAN["skills"], "First aid": 5}}
OPEN = ["." * 30 for _ in range(12)]
# the fog of war tests' rifleman (Awareness 3: yags-core.md, Awareness), and their two rooms:
# a wall between the west and the east with a door in row 5
FOG_RIFLEMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Throw": 3, "Awareness": 3},
    "weapon": "ak_47",
    "magazines": 2,
}
ROOMS = ["." * 10 + "#" + "." * 10 for _ in range(5)] + ["." * 21] + ["." * 10 + "#" + "." * 10 for _ in range(4)]


def unit(spec, name, x, y, **extra):
    return {**spec, "name": name, "x": x, "y": y, **extra}


def declare_all(m, plan, choices=None):
    """plan: uid -> action (others hold); choices: uid -> declaration choices."""
    for uid in driver(m).start_round():
        result = m.declare(uid, plan.get(uid, Hold()), **(choices or {}).get(uid, {}))
        assert not hasattr(result, "reason"), result


def play(m, plan, choices=None, faces=None):
    """One round; with `faces`, the round's dice are exactly these (and all are used).
    Returns where the round's events begin in the log."""
    declare_all(m, plan, choices)
    if faces is not None:
        m.dice = ScriptedDice(faces)
    start = len(m.log)
    driver(m).resolve_round()
    if faces is not None:
        assert m.dice.faces == [], f"unused faces {m.dice.faces}"
    return start


def refused(result, fragment):
    assert hasattr(result, "reason"), result
    assert fragment in result.reason, result.reason


def ok(result):
    assert not hasattr(result, "reason"), result.reason


def events(m, kind=None, actor=None, since=0):
    """The log's events from `since`, of one kind and one actor if given."""
    return [e for e in m.log.since(since)
            if (kind is None or e.kind == kind) and (actor is None or e.actor == actor)]


def texts(m, since=0, kind=None):
    """The text of the log's events from `since`, of one kind if given."""
    return [e.text for e in m.log.since(since) if kind is None or e.kind == kind]


def set_state(m, uid, state):
    """Give a unit a health state (fatigue, wounds, stuns) directly."""
    m.write(uid, Combatant, state=state)


def spy(monkeypatch, m, method):
    """Record the arguments (positional, keyword) of a ruleset method, calling through."""
    calls = []
    real = getattr(m.rules, method)

    def recorder(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    monkeypatch.setattr(m.rules, method, recorder)
    return calls
