"""AI levels as data (game/data/ai_levels.toml), validated on load.

A bad file raises `LevelError` with one line naming the file, the level and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

LEVELS_FILE = Path(__file__).resolve().parent.parent / "data" / "ai_levels.toml"

# field: (type, minimum, maximum)
FIELDS: dict[str, tuple[type, float, float]] = {
    "targets": (int, 1, 16),
    "modes": (int, 1, 3),
    "read_declarations": (bool, 0, 1),
    "mistake_rate": (float, 0.0, 1.0),
    "hurt_level": (int, 1, 99),
    "reload_below": (float, 0.0, 1.0),
    "min_harm": (float, 0.0, 10.0),
    "grenade_cluster": (int, 1, 99),
    "area_cluster": (int, 1, 99),
    "advance_tiles": (int, 1, 500),
    "sprint_beyond_m": (float, 0.0, 100000.0),
    "sprint_fatigue": (int, 0, 99),
    "extra_defences": (int, 0, 99),
    "attack_options": (int, 1, 99),
}
WEIGHTS = ("harm", "cover", "distance", "sight", "grenade", "melee_eagerness", "finish", "danger", "moving_target",
           "spread", "backtrack", "pile_on", "reload_time", "objective")


class LevelError(ValueError):
    """A bad AI level file (one line: file, level, field)."""


@dataclass(frozen=True)
class Level:
    name: str
    targets: int
    modes: int
    read_declarations: bool
    mistake_rate: float
    hurt_level: int
    reload_below: float
    min_harm: float
    grenade_cluster: int
    area_cluster: int
    advance_tiles: int
    sprint_beyond_m: float
    sprint_fatigue: int
    extra_defences: int
    attack_options: int
    weights: dict[str, float]


def _value(path: Path, name: str, field: str, raw: Any, kind: type, lo: float, hi: float) -> Any:
    where = f"{path}: level.{name}: {field}"
    if kind is bool:
        if not isinstance(raw, bool):
            raise LevelError(f"{where}: must be true or false, not {raw!r}")
        return raw
    if isinstance(raw, bool) or not isinstance(raw, int | float) or (kind is int and not isinstance(raw, int)):
        raise LevelError(f"{where}: must be {'an integer' if kind is int else 'a number'}, not {raw!r}")
    if not lo <= raw <= hi:
        raise LevelError(f"{where}: must be between {lo:g} and {hi:g}, not {raw!r}")
    return kind(raw)


def parse_levels(text: str, path: Path = LEVELS_FILE) -> dict[str, Level]:
    """Levels from TOML text; raises LevelError (one line) on the first problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LevelError(f"{path}: {exc}") from None
    levels = data.get("level")
    if not isinstance(levels, dict) or not levels:
        raise LevelError(f"{path}: no [level.NAME] tables")
    out: dict[str, Level] = {}
    for name, table in levels.items():
        if name == "random":
            raise LevelError(f"{path}: level.random: the random level is built in, not data")
        if not isinstance(table, dict):
            raise LevelError(f"{path}: level.{name}: must be a table")
        for key in table:
            if key not in FIELDS and key != "weights":
                raise LevelError(f"{path}: level.{name}: {key}: unknown field")
        values: dict[str, Any] = {}
        for field, (kind, lo, hi) in FIELDS.items():
            if field not in table:
                raise LevelError(f"{path}: level.{name}: {field}: missing")
            values[field] = _value(path, name, field, table[field], kind, lo, hi)
        weights = table.get("weights")
        if not isinstance(weights, dict):
            raise LevelError(f"{path}: level.{name}: weights: missing [level.{name}.weights] table")
        for key in weights:
            if key not in WEIGHTS:
                raise LevelError(f"{path}: level.{name}: weights.{key}: unknown weight")
        w = {}
        for key in WEIGHTS:
            if key not in weights:
                raise LevelError(f"{path}: level.{name}: weights.{key}: missing")
            w[key] = _value(path, name, f"weights.{key}", weights[key], float, -100.0, 100.0)
        out[name] = Level(name=name, weights=w, **values)
    return out


@cache
def load_levels(path: Path = LEVELS_FILE) -> dict[str, Level]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LevelError(f"{path}: cannot read: {exc}") from None
    return parse_levels(text, path)
