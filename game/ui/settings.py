"""The player's settings, kept between runs: fullscreen, UI scale, volume and mute, animation
speed, edge panning.

They live in the user's config folder ($XDG_CONFIG_HOME/skirmish/settings.json, else
~/.config/skirmish/settings.json), read through the safe reader and written with the atomic
writer. A settings file that cannot be read, or holds a bad value, is one warning line on
stderr and the defaults for what is wrong: never a crash.

    settings = load_settings()          # a dict with every key of DEFAULTS
    problem = save_settings(settings)   # None, or the one-line reason it was not written
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.files import BadData, FileProblem, one_line, parse_json, read_bounded, write_atomic

MAX_SETTINGS_BYTES = 64 * 1024
UI_SCALES = (0.75, 1.0, 1.25, 1.5, 2.0)
SPEEDS = (1400, 700, 350, 175, 80, 0)  # playback ms per step, slowest first (0: instant)
SPEED_NAMES = {1400: "very slow", 700: "slow", 350: "normal", 175: "fast", 80: "very fast", 0: "instant"}

DEFAULTS: dict[str, Any] = {
    "fullscreen": False,
    "ui_scale": 1.0,
    "volume": 0.7,  # 0 to 1
    "mute": False,
    "playback_ms": 350,  # one of SPEEDS
    "edge_pan": True,
}


def settings_path() -> Path:
    """$XDG_CONFIG_HOME/skirmish/settings.json, else ~/.config/skirmish/settings.json."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "skirmish" / "settings.json"


def defaults() -> dict[str, Any]:
    return dict(DEFAULTS)


def _checked(key: str, value: Any) -> Any:
    """`value` for `key` if it is a valid one, else raise ValueError saying what is wanted."""
    if key in ("fullscreen", "mute", "edge_pan"):
        if not isinstance(value, bool):
            raise ValueError("must be true or false")
        return value
    if key == "ui_scale":
        if isinstance(value, bool) or not isinstance(value, int | float) or float(value) not in UI_SCALES:
            raise ValueError(f"must be one of {', '.join(f'{s:g}' for s in UI_SCALES)}")
        return float(value)
    if key == "volume":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise ValueError("must be a number from 0 to 1")
        return round(float(value), 2)
    if key == "playback_ms":
        if isinstance(value, bool) or not isinstance(value, int) or value not in SPEEDS:
            raise ValueError(f"must be one of {', '.join(str(s) for s in SPEEDS)}")
        return value
    raise ValueError("is not a setting")


def load_settings(path: str | os.PathLike[str] | None = None,
                  warn: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The settings from `path` (default `settings_path()`): the defaults where the file has
    nothing, or something wrong (one warning line for all of it); no file is no warning."""
    path = Path(path) if path is not None else settings_path()
    warn = warn or (lambda line: print(line, file=sys.stderr))
    out = defaults()
    try:
        data = parse_json(read_bounded(path, MAX_SETTINGS_BYTES))
    except FileProblem as exc:
        if not exc.missing:
            warn(one_line(f"skirmish: warning: {exc}; using the default settings"))
        return out
    except BadData as exc:
        warn(one_line(f"skirmish: warning: {path}: {exc}; using the default settings"))
        return out
    if not isinstance(data, dict):
        warn(one_line(f"skirmish: warning: {path}: not a table of settings; using the default settings"))
        return out
    wrong = []
    for key, value in data.items():
        if key not in DEFAULTS:
            continue  # a setting of another version: kept out, not an error
        try:
            out[key] = _checked(key, value)
        except ValueError as exc:
            wrong.append(f"{key} {exc}")
    if wrong:
        warn(one_line(f"skirmish: warning: {path}: {'; '.join(wrong)}; using the default for "
                      f"{'it' if len(wrong) == 1 else 'them'}"))
    return out


def save_settings(settings: dict[str, Any], path: str | os.PathLike[str] | None = None) -> str | None:
    """Write the settings atomically; None, or the one-line reason they were not written."""
    path = Path(path) if path is not None else settings_path()
    data = {k: settings.get(k, v) for k, v in DEFAULTS.items()}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    except FileProblem as exc:
        return one_line(f"settings not saved: {exc}")
    except OSError as exc:
        return one_line(f"settings not saved: {path}: {exc.strerror or exc}")
    return None


def step(values: tuple[Any, ...], current: Any, d: int) -> Any:
    """The value `d` places along `values` from the one nearest `current` (kept in range)."""
    i = min(range(len(values)), key=lambda j: abs(float(values[j]) - float(current)))
    return values[min(max(i + d, 0), len(values) - 1)]


def speed_label(ms: int) -> str:
    return SPEED_NAMES.get(ms, f"{ms} ms a step")
