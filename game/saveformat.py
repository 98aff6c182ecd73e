"""The save format: each declaration as a small tagged dict, and the checks of a save's shape.

Everything read from a save is checked for its type and range before use; BadField names the
field that is wrong (game.saves turns it into a SaveError naming the file).
"""

from __future__ import annotations

import json
import math
from typing import Any

from game.limits import MAX_INT, MAX_PATH_CHARS, MAX_SEED, MAX_TACTIC_CHARS
from game.session import MODES
from game.world import actions

FORMAT = 1
KIND = "skirmish-save"


class BadField(Exception):
    """A field of the save is wrong (turned into SaveError with the file name)."""


def action_to_dict(action: Any) -> dict[str, Any]:
    """A small tagged dict for one declaration (each action's module says its fields)."""
    return actions.to_dict(action)


def _int(v: Any, what: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise BadField(f"{what} must be an integer, got {json.dumps(v)[:40]}")
    if not low <= v <= high:
        raise BadField(f"{what} must be from {low:,} to {high:,}, got {v:,}")
    return v


def _str(v: Any, what: str, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(v, str):
        raise BadField(f"{what} must be a string, got {json.dumps(v)[:40]}")
    if allowed is not None and v not in allowed:
        raise BadField(f"{what} must be one of {', '.join(allowed)}, got {v!r}")
    return v


def _bool(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise BadField(f"{what} must be true or false, got {json.dumps(v)[:40]}")
    return v


def _dict(v: Any, what: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise BadField(f"{what} must be an object, got {type(v).__name__}")
    return v


def _list(v: Any, what: str) -> list[Any]:
    if not isinstance(v, list):
        raise BadField(f"{what} must be a list, got {type(v).__name__}")
    return v


def _tile(v: Any, what: str) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        raise BadField(f"{what} must be a tile [x, y], got {json.dumps(v)[:40]}")
    return (_int(v[0], what + " x"), _int(v[1], what + " y"))


def _tiles(v: Any, what: str) -> tuple[tuple[int, int], ...]:
    return tuple(_tile(t, f"{what}[{i}]") for i, t in enumerate(_list(v, what)))


def scalars(v: Any, what: str) -> dict[str, Any]:
    """Declaration choices and attack options: flat objects of plain values."""
    out = {}
    for k, x in _dict(v, what).items():
        if isinstance(x, float) and not math.isfinite(x):
            raise BadField(f"{what}.{k} must be a finite number")
        if isinstance(x, int) and not isinstance(x, bool):
            _int(x, f"{what}.{k}")
        if not (x is None or isinstance(x, str | int | float | bool)):
            raise BadField(f"{what}.{k} must be a plain value, got {type(x).__name__}")
        out[k] = x
    return out


class _Fields:
    """A saved action's fields, each checked for its type as it is read (actions.Fields)."""

    def __init__(self, d: dict[str, Any], what: str) -> None:
        self.d, self.what = d, what

    def integer(self, key: str) -> int:
        return _int(self.d.get(key), f"{self.what}.{key}")

    def text(self, key: str, allowed: tuple[str, ...] | None = None) -> str:
        return _str(self.d.get(key), f"{self.what}.{key}", allowed)

    def flag(self, key: str, default: bool = False) -> bool:
        return _bool(self.d.get(key, default), f"{self.what}.{key}")

    def tile(self, key: str) -> tuple[int, int]:
        return _tile(self.d.get(key), f"{self.what}.{key}")

    def optional_tile(self, key: str) -> tuple[int, int] | None:
        return None if self.d.get(key) is None else self.tile(key)

    def tiles(self, key: str, default: tuple[tuple[int, int], ...] | None = None) -> tuple[tuple[int, int], ...]:
        v = self.d.get(key, None if default is None else [list(t) for t in default])
        return _tiles(v, f"{self.what}.{key}")

    def scalars(self, key: str) -> dict[str, Any]:
        return scalars(self.d.get(key, {}), f"{self.what}.{key}")


def action_from_dict(d: Any, what: str = "action") -> Any:
    """The action a tagged dict stands for; BadField names the field that is wrong."""
    d = _dict(d, what)
    tag = d.get("type")
    if not isinstance(tag, str) or tag not in actions.TAGS:  # read at call time: actions may be registered
        raise BadField(f"{what}: unknown action type {json.dumps(tag)[:40]}")
    return actions.from_dict(tag, _Fields(d, what))


def check_shape(data: Any) -> None:
    """BadField unless the save's JSON has the shape, types and ranges of a save (the unit
    specs included); what the fields mean is checked by replaying them."""
    from game.maps.loader import MAX_ROUNDS_LIMIT
    from game.squads import spec_problem

    data = _dict(data, "the save")
    if data.get("kind") != KIND:
        raise BadField(f"not a skirmish save (kind {json.dumps(data.get('kind'))[:40]})")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise BadField(f"save format {json.dumps(fmt)[:20]} is not supported (this game reads format {FORMAT})")
    if len(_str(data.get("map"), "map")) > MAX_PATH_CHARS:
        raise BadField(f"map must be a path of at most {MAX_PATH_CHARS} characters")
    for key in ("map_rel", "map_name"):
        if data.get(key) is not None and len(_str(data.get(key), key)) > MAX_PATH_CHARS:
            raise BadField(f"{key} must be a path of at most {MAX_PATH_CHARS} characters")
    if data.get("code_version") is not None and len(_str(data.get("code_version"), "code_version")) > 200:
        raise BadField("code_version must be at most 200 characters")
    if data.get("map_name") is not None and ("/" in data["map_name"] or "\\" in data["map_name"]):
        raise BadField("map_name must be a file name, not a path")
    if data.get("map_sha256") is not None:
        digest = _str(data.get("map_sha256"), "map_sha256")
        if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise BadField("map_sha256 must be a sha256 hex digest")
    if data.get("ais") is not None:
        for team, level in _dict(data.get("ais"), "ais").items():
            _str(level, f"ais.{team}")
    if data.get("tactics") is not None:
        for team, tactic in _dict(data.get("tactics"), "tactics").items():
            _str(team, "tactics", ("blue", "red"))
            tactic = _dict(tactic, f"tactics.{team}")
            if len(_str(tactic.get("path"), f"tactics.{team}.path")) > MAX_PATH_CHARS:
                raise BadField(f"tactics.{team}.path must be a path of at most {MAX_PATH_CHARS} characters")
            if len(_str(tactic.get("text"), f"tactics.{team}.text")) > MAX_TACTIC_CHARS:
                raise BadField(f"tactics.{team}.text must be at most {MAX_TACTIC_CHARS} characters")
    for key in ("fog", "ai_sees_all"):
        if data.get(key) is not None and not isinstance(data.get(key), bool):
            raise BadField(f"{key} must be true or false")
    _int(data.get("seed"), "seed", 0, MAX_SEED)
    _str(data.get("mode"), "mode", MODES)
    _str(data.get("ai"), "ai")
    if data.get("ruleset") is not None:
        from engine.rulesets import RULESETS

        _str(data.get("ruleset"), "ruleset", tuple(RULESETS))
    _str(data.get("human_team"), "human_team")
    if data.get("max_rounds") is not None:
        _int(data.get("max_rounds"), "max_rounds", 1, MAX_ROUNDS_LIMIT)
    squads = _dict(data.get("squads"), "squads")
    for team, specs in squads.items():
        for i, spec in enumerate(_list(specs, f"squads.{team}")):
            problem = spec_problem(spec)
            if problem is not None:
                raise BadField(f"squads.{team}[{i}].{problem}")
    for i, rnd in enumerate(_list(data.get("rounds"), "rounds")):
        where = f"rounds[{i}]"
        rnd = _dict(rnd, where)
        _int(rnd.get("round"), where + ".round", 1, MAX_ROUNDS_LIMIT)
        _bool(rnd.get("resolved"), where + ".resolved")
        for j, a in enumerate(_list(rnd.get("answers", []), where + ".answers")):
            w = f"{where}.answers[{j}]"
            a = _dict(a, w)
            _int(a.get("unit"), w + ".unit")
            kind = _str(a.get("kind"), w + ".kind", ("act", "declare", "reaction", "effects"))
            if kind in ("act", "declare"):
                _dict(a.get("answer"), w + ".answer")
                action_from_dict(_dict(a.get("answer"), w + ".answer").get("action"), w + ".answer.action")
            elif kind == "effects":
                for k, key in enumerate(_list(a.get("answer"), w + ".answer")):
                    _str(key, f"{w}.answer[{k}]")
            else:
                _str(a.get("answer"), w + ".answer")
        for j, d in enumerate(_list(rnd.get("declarations"), where + ".declarations")):
            w = f"{where}.declarations[{j}]"
            d = _dict(d, w)
            _int(d.get("unit"), w + ".unit")
            action_from_dict(d.get("action"), w + ".action")
            scalars(d.get("choices", {}), w + ".choices")
            _bool(d.get("ai", False), w + ".ai")
    if data.get("seat") is not None:
        _str(data.get("seat"), "seat")
    for i, t in enumerate(_list(data.get("done_teams", []), "done_teams")):
        _str(t, f"done_teams[{i}]")
    _int(data.get("log_length"), "log_length", 0)
    digest = _str(data.get("log_sha256"), "log_sha256")
    if len(digest) != 64:
        raise BadField("log_sha256 must be a sha256 hex digest")
