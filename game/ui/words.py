"""Text as the player reads it: what the rules and the log say, made plain for the screen
(the log and saves keep their own words). Numbers printed rounded ("6.32456 m" -> "6.3 m"),
no raw ids ("concussion_grenade" -> "concussion grenade", "(all_out True)" -> "(all out)"),
a list that repeats an item counted ("frag_grenade, frag_grenade" -> "2 x frag grenade").

    readable("Ex-3 at 6.32456 m") -> "Ex-3 at 6.3 m"
"""

from __future__ import annotations

import re
from functools import lru_cache

_LONG_NUMBER = re.compile(r"(?<![\w.])(\d+)\.(\d{2,})(?![\w.])")
_ID = re.compile(r"(?<![/\\.\w-])([a-z]+(?:_[a-z0-9]+)+)(?![\w/\\-]|\.[a-z])")
_FLAG = re.compile(r"\b([a-z][a-z ]*) True\b")
_REPEAT = re.compile(r"(?:^|(?<=: )|(?<=, )|(?<=\())([A-Za-z][\w -]*?[A-Za-z])(?:, \1\b)+")


def _round(m: re.Match[str]) -> str:
    x = float(m.group(0))
    return f"{x:.1f}".removesuffix(".0")


def _count(m: re.Match[str]) -> str:
    item = m.group(1)
    return f"{m.group(0).count(item)} x {item}"


@lru_cache(maxsize=4096)
def readable(line: str) -> str:
    """`line` for the screen: long decimals rounded, ids in words, repeats counted."""
    out = _LONG_NUMBER.sub(_round, line)
    out = _ID.sub(lambda m: m.group(1).replace("_", " "), out)
    out = _FLAG.sub(r"\1", out)
    return _REPEAT.sub(_count, out)
