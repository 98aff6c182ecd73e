"""A small TOML scenario for `skirmish simulate --scenario PATH`:

    map = "maps/street.tmx"      # relative to the scenario file, or absolute
    runs = 50
    seed = 7
    size = 6                     # optional: units a side
    ruleset = "mythras"          # optional: yags (else the map's ruleset property), mythras, yags-sf, step
    fog = "on"                   # optional: fog of war, "on" or "off" (else the map's fog property, else off)
    [blue]
    ai = "hard"
    squad = "default"            # a squad id, or templates: "swordsman,rifleman"
    deployment = "flank"         # optional: a `deploy NAME` layer of the map places the side
    [red]
    ai = "easy"

Errors are one line naming the file and the field. The file is read like a save (a regular
file of at most MAX_SCENARIO_BYTES, nesting checked before parsing, finite numbers), and
runs, seed and size are held to the limits in game/limits.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.files import BadData, FileProblem, one_line, parse_toml, read_bounded
from game.limits import (
    MAX_PATH_CHARS,
    MAX_ROUNDS_LIMIT,
    MAX_RUNS,
    MAX_SCENARIO_BYTES,
    MAX_SEED,
    MAX_SIZE,
)

TOP = {"map": str, "runs": int, "seed": int, "size": int, "max_rounds": int, "ruleset": str, "fog": str, "blue": dict,
       "red": dict}
SIDE = {"ai": str, "squad": str, "deployment": str, "tactic": str}
BOUNDS = {"runs": (1, MAX_RUNS), "seed": (0, MAX_SEED), "size": (1, MAX_SIZE), "max_rounds": (1, MAX_ROUNDS_LIMIT)}
"""The whole numbers a scenario (and the command line) accepts, lowest and highest."""


class ScenarioError(ValueError):
    """A bad scenario file (one line)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def bound_problem(key: str, value: int) -> str | None:
    """Why ``value`` is out of bounds for runs, seed or size, or None."""
    low, high = BOUNDS[key]
    if value < low:
        return f"must be at least {low}, not {value:,}"
    if value > high:
        return f"must be at most {high:,}, not {value:,}"
    return None


def load_scenario(path: str | Path) -> dict[str, Any]:
    """The scenario's settings: map, runs, seed, size, blue_ai, red_ai, blue_squad, red_squad
    (only those the file gives)."""
    from game.ai import LEVELS

    path = Path(path)
    try:
        data = parse_toml(read_bounded(path, MAX_SCENARIO_BYTES))
    except FileProblem as exc:
        raise ScenarioError(str(exc)) from None
    except BadData as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key not in TOP:
            raise ScenarioError(f"{path}: {key}: unknown field (expected {', '.join(TOP)})")
        kind = TOP[key]
        well_typed = isinstance(value, kind) and not isinstance(value, bool)  # (value stays the TOML's)
        if not well_typed:
            raise ScenarioError(f"{path}: {key}: must be {'a table' if kind is dict else kind.__name__}, not {value!r}")
        if kind is int and (problem := bound_problem(key, value)):
            raise ScenarioError(f"{path}: {key}: {problem}")
        if key in ("blue", "red"):
            for k, v in value.items():
                if k not in SIDE:
                    raise ScenarioError(f"{path}: {key}.{k}: unknown field (expected {', '.join(SIDE)})")
                if not isinstance(v, str):
                    raise ScenarioError(f"{path}: {key}.{k}: must be a string, not {v!r}")
            if "ai" in value:
                if value["ai"] not in LEVELS:
                    raise ScenarioError(f"{path}: {key}.ai: unknown AI level {value['ai']!r}; expected one of {', '.join(LEVELS)}")
                out[f"{key}_ai"] = value["ai"]
            if "squad" in value:
                from game.squads import squad_problem

                if problem := squad_problem(value["squad"]):
                    raise ScenarioError(f"{path}: {key}.squad: {problem}")
                out[f"{key}_squad"] = value["squad"]
            if "deployment" in value:
                out[f"{key}_deployment"] = value["deployment"]
            if "tactic" in value:  # a tactic file, relative to the scenario (docs/tactics.md)
                from game.tactics import TacticError, load_tactic

                file = Path(value["tactic"]) if Path(value["tactic"]).is_absolute() else path.parent / value["tactic"]
                try:
                    out[f"{key}_tactic"] = (str(file), load_tactic(file).text)
                except TacticError as exc:
                    raise ScenarioError(f"{path}: {key}.tactic: {exc}") from None
        elif key == "ruleset":
            from engine.rulesets import UnknownRuleset, check_name

            try:
                out[key] = check_name(value)
            except UnknownRuleset as exc:
                raise ScenarioError(f"{path}: ruleset: {exc}") from None
        elif key == "fog":
            if value not in ("on", "off"):
                raise ScenarioError(f"{path}: fog: must be \"on\" or \"off\", not {value!r}")
            out[key] = value
        elif key == "map":
            if len(value) > MAX_PATH_CHARS:
                raise ScenarioError(f"{path}: map: a path of {len(value):,} characters is too long "
                                    f"(at most {MAX_PATH_CHARS:,})")
            m = Path(value)
            if not m.is_absolute():
                m = path.parent / m
            if not os.path.exists(m):
                raise ScenarioError(f"{path}: map: no such file {str(m)!r}")
            out["map"] = str(m)
        else:
            out[key] = value
    return out
