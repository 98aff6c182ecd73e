"""A match's event log as the results store keeps it (issue 31): each event one line of
canonical JSON (sorted keys, no spaces), the lines joined by newlines, compressed with zlib.
No pickle: reading a stored log back takes only json and zlib.

    blob = encode(match.log)             # in the worker that played the match
    events = decode(blob)                # a list of dicts: round, phase, kind, text, actor, target, data
    text = lines(events)                 # the log's text, as match.log.lines() gives it

An event's `data` (its typed payload: game/world/events.py) is kept as its fields with the
class's name under "type" (a Health's facts as a table of their own), or left out when the
event has none. A stored log is read back within MAX_LOG_BYTES, decompressed a piece at a
time, so a damaged or hand-made blob cannot make the reader grow without bound.
"""

from __future__ import annotations

import dataclasses
import json
import zlib
from collections.abc import Iterable
from typing import Any

from game.world.events import Event

MAX_LOG_BYTES = 64 * 1024 * 1024
"""The most a stored log may hold decompressed (a 40-round match of 8 a side is about 0.3 MB)."""
LEVEL = 9  # zlib's best: a log is written once and read rarely


class LogError(ValueError):
    """A stored log that cannot be read (the message says why; the caller names the store)."""


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return out
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def event_record(e: Event) -> dict[str, Any]:
    """One event as plain values."""
    out: dict[str, Any] = {"round": e.round, "phase": e.phase, "kind": str(e.kind), "text": e.text,
                           "actor": e.actor, "target": e.target}
    if e.data is not None:
        out["data"] = {"type": type(e.data).__name__, **_plain(e.data)}
    return out


def canonical(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def encode(events: Iterable[Event]) -> bytes:
    """The events as zlib-compressed canonical JSON lines."""
    text = "\n".join(canonical(event_record(e)) for e in events)
    return zlib.compress(text.encode("utf-8"), LEVEL)


def decode(blob: bytes, limit: int = MAX_LOG_BYTES) -> list[dict[str, Any]]:
    """The events of a stored log, as `event_record` made them; LogError for a blob that is
    not one (damaged, not zlib, not JSON lines, or more than `limit` bytes decompressed)."""
    inflate = zlib.decompressobj()
    try:
        data = inflate.decompress(bytes(blob), limit + 1)
    except zlib.error as exc:
        raise LogError(f"the stored log is damaged (zlib: {exc})") from None
    if len(data) > limit or inflate.unconsumed_tail:
        raise LogError(f"the stored log holds more than {limit:,} bytes decompressed")
    if not inflate.eof:
        raise LogError("the stored log is cut short (its zlib stream does not end)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LogError("the stored log is not UTF-8 text") from None
    out: list[dict[str, Any]] = []
    for n, line in enumerate(text.split("\n") if text else [], 1):
        try:
            record = json.loads(line)
        except ValueError:
            raise LogError(f"line {n} of the stored log is not JSON") from None
        if (not isinstance(record, dict) or not isinstance(record.get("round"), int)
                or not all(isinstance(record.get(k), str) for k in ("phase", "kind", "text"))):
            raise LogError(f"line {n} of the stored log is not an event (round, phase, kind, text)")
        out.append(record)
    return out


def line(record: dict[str, Any]) -> str:
    """An event's line of text, as Event.line() writes it."""
    return f"[r{record['round']} {record['phase']}] {record['text']}"


def lines(records: Iterable[dict[str, Any]]) -> list[str]:
    return [line(r) for r in records]
