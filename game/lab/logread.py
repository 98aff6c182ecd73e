"""Reading a stored match's event log back (`skirmish sweep-log STORE VARIANT INDEX`, issue 31).

The store is opened read-only (nothing is migrated or written: a store of an older schema
simply has no logs). The variant is named by its id or the start of it, as the sweep's table
and `skirmish replay` take it. Every refusal is a LogReadError: one line naming the store.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from game.lab.store import LOCK_WAIT_SECONDS
from game.world.logcodec import LogError, decode, lines


class LogReadError(ValueError):
    """A log that cannot be shown (one line naming the store and why)."""


@dataclass(frozen=True)
class StoredLog:
    variant: str
    index: int
    seed: int
    lines: list[str]


def _variant(db: sqlite3.Connection, store: Path, which: str) -> str:
    key = which.strip().lower()
    if not key or any(c not in "0123456789abcdef" for c in key):
        raise LogReadError(f"{store}: {which!r} is not a variant's id (16 hex digits, or the start of them)")
    found = [r[0] for r in db.execute("SELECT variant FROM variants WHERE variant LIKE ? ORDER BY variant LIMIT 2",
                                      (key + "%",))]
    if len(found) != 1:
        raise LogReadError(f"{store}: {which!r} names {'no' if not found else 'more than one'} variant "
                           "(give its id, as the sweep's table and `SELECT variant FROM variants` show)")
    return found[0]


def stored_log(store: str | Path, which: str, index: int) -> StoredLog:
    """The event log of match `index` of variant `which` in the store, as text lines."""
    store = Path(store)
    if not store.is_file():
        raise LogReadError(f"{store}: no such results store")
    try:
        db = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=LOCK_WAIT_SECONDS)
    except sqlite3.Error as exc:
        raise LogReadError(f"{store}: cannot open it ({exc})") from None
    try:
        variant = _variant(db, store, which)
        match = db.execute("SELECT seed FROM matches WHERE variant = ? AND idx = ?", (variant, index)).fetchone()
        if match is None:
            count = db.execute("SELECT COUNT(*) FROM matches WHERE variant = ?", (variant,)).fetchone()[0]
            raise LogReadError(f"{store}: variant {variant} has no match {index} ({count:,} stored, from 0)")
        has_logs = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'logs'").fetchone()
        row = db.execute("SELECT log FROM logs WHERE variant = ? AND idx = ?",
                         (variant, index)).fetchone() if has_logs else None
        if row is None:
            kept = [r[0] for r in db.execute("SELECT idx FROM logs WHERE variant = ? ORDER BY idx LIMIT 6",
                                             (variant,))] if has_logs else []
            which_kept = (f"its matches {', '.join(map(str, kept[:5]))}{', ...' if len(kept) > 5 else ''} have one"
                          if kept else "none of its matches has one")
            raise LogReadError(f"{store}: match {index} of variant {variant} has no stored event log ({which_kept}; "
                               "a sweep keeps the logs of the first event_logs matches of each variant, 5 unless "
                               "the plan says)")
        blob = row[0]
        if not isinstance(blob, bytes):
            raise LogReadError(f"{store}: the event log of match {index} of variant {variant} is not a stored log")
    except sqlite3.Error as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise LogReadError(f"{store}: locked by another program ({exc}); run the command again when it "
                               "has finished") from None
        raise LogReadError(f"{store}: not a results store this skirmish can read ({exc})") from None
    finally:
        db.close()
    try:
        events = decode(blob)
    except LogError as exc:
        raise LogReadError(f"{store}: match {index} of variant {variant}: {exc}") from None
    return StoredLog(variant, index, int(match[0]), lines(events))
