"""A small TOML scenario for `skirmish simulate --scenario PATH`:

    map = "maps/street.tmx"      # relative to the scenario file, or absolute
    runs = 50
    seed = 7
    size = 6                     # optional: units a side
    [blue]
    ai = "hard"
    squad = "default"            # a squad id, or templates: "swordsman,rifleman"
    [red]
    ai = "easy"

Errors are one line naming the file and the field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

TOP = {"map": str, "runs": int, "seed": int, "size": int, "blue": dict, "red": dict}
SIDE = {"ai": str, "squad": str}


class ScenarioError(ValueError):
    """A bad scenario file (one line)."""


def load_scenario(path: str | Path) -> dict[str, Any]:
    """The scenario's settings: map, runs, seed, size, blue_ai, red_ai, blue_squad, red_squad
    (only those the file gives)."""
    from game.ai import LEVELS

    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key not in TOP:
            raise ScenarioError(f"{path}: {key}: unknown field (expected {', '.join(TOP)})")
        kind = TOP[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ScenarioError(f"{path}: {key}: must be {'a table' if kind is dict else kind.__name__}, not {value!r}")
        if kind is int and value < 1:
            raise ScenarioError(f"{path}: {key}: must be at least 1, not {value}")
        if key in ("blue", "red"):
            for k, v in value.items():
                if k not in SIDE:
                    raise ScenarioError(f"{path}: {key}.{k}: unknown field (expected ai, squad)")
                if not isinstance(v, str):
                    raise ScenarioError(f"{path}: {key}.{k}: must be a string, not {v!r}")
            if "ai" in value:
                if value["ai"] not in LEVELS:
                    raise ScenarioError(f"{path}: {key}.ai: unknown AI level {value['ai']!r}; expected one of {', '.join(LEVELS)}")
                out[f"{key}_ai"] = value["ai"]
            if "squad" in value:
                out[f"{key}_squad"] = value["squad"]
        elif key == "map":
            m = Path(value)
            if not m.is_absolute():
                m = path.parent / m
            if not m.exists():
                raise ScenarioError(f"{path}: map: no such file {str(m)!r}")
            out["map"] = str(m)
        else:
            out[key] = value
    return out
