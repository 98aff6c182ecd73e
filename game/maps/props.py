"""Convert property values from Tiled (typed or plain strings) into the facts the game uses.

Each converter raises ``ValueError`` with a message that says what was expected; the loader
adds the file and the place.
"""

from __future__ import annotations

import math
from typing import Any

from engine.rulesets import NAMES

COVER_KINDS: tuple[str, ...] = ("soft50", "soft90", "hard50", "hard90")
"""Cover kinds, worst to best; a tile's cover code is 1 + the index here (0 = no cover)."""

RULESETS: tuple[str, ...] = NAMES
"""What the map property ``ruleset`` may name: the rulesets' one list (engine/rulesets.py)."""
FOG_CHOICES: tuple[str, ...] = ("off", "on")
"""The map property ``fog``: whether a side sees only what its units see (read, not yet used)."""

_TRUE = {"true", "1", "yes", "y", "on"}
_FALSE = {"false", "0", "no", "n", "off", ""}


def as_bool(value: Any) -> bool:
    """A Tiled bool property, or a string property spelled true/false/yes/no/1/0."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    raise ValueError(f"{value!r} is not a bool (use true or false)")


def as_positive_number(value: Any, high: float | None = None) -> float:
    """A positive, finite number (int, float, or a string holding one), at most ``high``."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a positive number")
    if isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            raise ValueError(f"{value!r} is not a positive number") from None
    else:
        raise ValueError(f"{value!r} is not a positive number")
    if not math.isfinite(number) or number <= 0:
        raise ValueError(f"{value!r} is not a positive number")
    if high is not None and number > high:
        raise ValueError(f"{value!r} is more than {high:g}")
    return number


def as_positive_int(value: Any, high: int | None = None) -> int:
    """A positive whole number (int, integral float, or a string of digits), at most ``high``."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a positive whole number")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and value > 0:
        if high is not None and value > high:
            raise ValueError(f"{value!r} is more than {high:,}")
        return value
    raise ValueError(f"{value!r} is not a positive whole number")


def cover_code(value: Any) -> int:
    """0 for no cover ('' or 'none'), else 1 + the index of the kind in COVER_KINDS."""
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("", "none"):
            return 0
        if word in COVER_KINDS:
            return 1 + COVER_KINDS.index(word)
    raise ValueError(f"{value!r} is not a cover kind (one of {', '.join(COVER_KINDS)}, or none)")


def cover_name(code: int) -> str | None:
    """The cover kind for a cover code, None for 0."""
    return COVER_KINDS[code - 1] if code else None


def as_number_table(value: Any) -> dict[str, int]:
    """``"str=3, agi=4"`` -> ``{"str": 3, "agi": 4}``: names with whole, non-negative numbers."""
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a list like 'name=3, other=4'")
    table: dict[str, int] = {}
    for part in value.split(","):
        if not part.strip():
            continue
        name, sep, number = part.partition("=")
        name, number = name.strip(), number.strip()
        if not sep or not name or not (number.isascii() and number.isdigit()):
            raise ValueError(f"{part.strip()!r} is not name=number (as in 'name=3, other=4')")
        if name in table:
            raise ValueError(f"{name!r} is given twice")
        table[name] = int(number)
    return table


def as_choice(value: Any, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (any case, surrounding spaces ignored)."""
    word = str(value).strip().lower() if isinstance(value, str) else None
    if word in choices:
        return word
    raise ValueError(f"{value!r} is not one of {', '.join(choices)}")
