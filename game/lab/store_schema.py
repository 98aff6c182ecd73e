"""The results store's schema, its version and the forward migrations (game/lab/store.py
opens the file).

The version is SQLite's `PRAGMA user_version` (and the `store` table's `schema` row, for a
reader with a query tool). Version 1 (the first stores) kept it only in the `store` table and
left user_version at 0. Opening an older store migrates it in place: a backup copy first
(STORE.bak-vN, N its old version), then every step from its version to SCHEMA_VERSION in one
transaction, so the file is either migrated whole or not changed at all. A store from a newer
version is refused (this skirmish cannot know what the newer columns mean).

To change the schema: edit SCHEMA (what a new store gets), add a function to MIGRATIONS that
brings a store of the previous version there (an ALTER TABLE ... ADD COLUMN with a default,
say), and raise nothing else: SCHEMA_VERSION is len(MIGRATIONS) + 1. A test checks that a
migrated first-version store has exactly the tables and columns of a new one.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable

# version 5's tables, in a new store and in _to_5 (a later version that changes them gives
# _to_5 their text as it was)
UNITS = """CREATE TABLE units (
    variant TEXT NOT NULL, idx INTEGER NOT NULL, unit INTEGER NOT NULL, team TEXT NOT NULL, role TEXT NOT NULL,
    down_round INTEGER, downed_by INTEGER,
    PRIMARY KEY (variant, idx, unit), FOREIGN KEY (variant, idx) REFERENCES matches(variant, idx)) WITHOUT ROWID"""
LOGS = """CREATE TABLE logs (
    variant TEXT NOT NULL, idx INTEGER NOT NULL, events INTEGER NOT NULL, log BLOB NOT NULL,
    PRIMARY KEY (variant, idx), FOREIGN KEY (variant, idx) REFERENCES matches(variant, idx))"""


SCHEMA = f"""
CREATE TABLE store (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sweeps (
    id INTEGER PRIMARY KEY, plan TEXT NOT NULL, name TEXT NOT NULL, started_at TEXT NOT NULL,
    code_version TEXT NOT NULL, runs INTEGER NOT NULL, variants INTEGER NOT NULL);
CREATE TABLE variants (
    variant TEXT PRIMARY KEY, canonical TEXT NOT NULL UNIQUE, map TEXT NOT NULL, map_facts TEXT NOT NULL,
    ruleset TEXT NOT NULL, fog INTEGER NOT NULL, size INTEGER,
    blue_ai TEXT NOT NULL, blue_squad TEXT, red_ai TEXT NOT NULL, red_squad TEXT, seed INTEGER NOT NULL);
CREATE TABLE sweep_variants (
    sweep INTEGER NOT NULL REFERENCES sweeps(id), variant TEXT NOT NULL REFERENCES variants(variant),
    PRIMARY KEY (sweep, variant));
CREATE TABLE matches (
    variant TEXT NOT NULL REFERENCES variants(variant), idx INTEGER NOT NULL, seed INTEGER NOT NULL,
    winner TEXT NOT NULL CHECK (winner IN ('blue', 'red', 'draw')), rounds INTEGER NOT NULL,
    blue_casualties INTEGER NOT NULL, red_casualties INTEGER NOT NULL,
    blue_survivors INTEGER NOT NULL, red_survivors INTEGER NOT NULL,
    code_version TEXT NOT NULL, sweep INTEGER REFERENCES sweeps(id), played_at TEXT NOT NULL,
    PRIMARY KEY (variant, idx));
CREATE TABLE weapons (
    variant TEXT NOT NULL, idx INTEGER NOT NULL, weapon TEXT NOT NULL,
    hits INTEGER NOT NULL, levels INTEGER NOT NULL, downed INTEGER NOT NULL,
    PRIMARY KEY (variant, idx, weapon), FOREIGN KEY (variant, idx) REFERENCES matches(variant, idx));
CREATE TABLE outcomes (
    variant TEXT NOT NULL, idx INTEGER NOT NULL,
    by TEXT NOT NULL CHECK (by IN ('elimination', 'objective', 'time')), objectives TEXT NOT NULL,
    blue_exited INTEGER NOT NULL, red_exited INTEGER NOT NULL,
    PRIMARY KEY (variant, idx), FOREIGN KEY (variant, idx) REFERENCES matches(variant, idx));
CREATE TABLE places (
    variant TEXT NOT NULL, idx INTEGER NOT NULL, what TEXT NOT NULL CHECK (what IN ('fell', 'hit_from')),
    team TEXT NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (variant, idx, what, team, x, y), FOREIGN KEY (variant, idx) REFERENCES matches(variant, idx))
    WITHOUT ROWID;
{UNITS};
{LOGS};
CREATE VIEW results AS SELECT m.*, v.map, v.ruleset, v.fog, v.size, v.blue_ai, v.blue_squad, v.red_ai,
    v.red_squad FROM matches m JOIN variants v USING (variant);
"""


def _to_2(db: sqlite3.Connection) -> None:
    """Version 2: the version is kept in PRAGMA user_version as well (the tables are those
    of version 1; migrate() sets the number)."""


def _to_3(db: sqlite3.Connection) -> None:
    """Version 3 (issue 30): how each match was decided, in a table of its own beside
    `matches` (by elimination, objective or time; the objectives met; units exited per side).
    A match stored before has no row there and reads as by elimination or time from its winner."""
    db.execute("""CREATE TABLE outcomes (
        variant TEXT NOT NULL, idx INTEGER NOT NULL,
        by TEXT NOT NULL CHECK (by IN ('elimination', 'objective', 'time')), objectives TEXT NOT NULL,
        blue_exited INTEGER NOT NULL, red_exited INTEGER NOT NULL,
        PRIMARY KEY (variant, idx), FOREIGN KEY (variant, idx) REFERENCES matches(variant, idx))""")


def _to_4(db: sqlite3.Connection) -> None:
    """Version 4 (issue 31): where things happened in each match, for the report's heat maps:
    the tiles where each side's units fell and where the shots and blows that hurt came from
    (a tile and side once a match, with how many). A match stored before has no rows there."""
    db.execute("""CREATE TABLE places (
            variant TEXT NOT NULL, idx INTEGER NOT NULL, what TEXT NOT NULL CHECK (what IN ('fell', 'hit_from')),
            team TEXT NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL, count INTEGER NOT NULL,
            PRIMARY KEY (variant, idx, what, team, x, y), FOREIGN KEY (variant, idx) REFERENCES matches(variant, idx))
        WITHOUT ROWID""")


def _to_5(db: sqlite3.Connection) -> None:
    """Version 5 (issue 31): each match's units (side, role, the round each went down and
    the unit that downed it), for the report's per-role figures; and the full event log of
    the first matches of each variant (the plan's `event_logs`), zlib-compressed canonical
    JSON lines (game/world/logcodec.py). A match stored before has no rows in either."""
    db.execute(UNITS)
    db.execute(LOGS)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_to_2, _to_3, _to_4, _to_5]
"""MIGRATIONS[k] brings a store of version k + 1 to version k + 2, inside the migration's
transaction (no COMMIT, no PRAGMA journal_mode, no VACUUM)."""


def schema_version() -> int:
    """The version this skirmish writes: one more than its migrations."""
    return len(MIGRATIONS) + 1


class Unusable(Exception):
    """Why a file is not a results store this skirmish can use (the message; the caller
    names the file)."""


def columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[0] for row in db.execute("SELECT name FROM pragma_table_info(?)", (table,))]


@functools.cache
def _expected() -> dict[str, tuple[str, list[str]]]:
    """Each table and view of a new store: (its type, its columns)."""
    mem = sqlite3.connect(":memory:")
    try:
        mem.executescript(SCHEMA)
        return {name: (kind, columns(mem, name))
                for name, kind in mem.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')")}
    finally:
        mem.close()


def version_of(db: sqlite3.Connection, names: set[str]) -> int:
    """The schema version of the store open on `db` (`names`: its tables and views);
    Unusable when it is not a results store."""
    if "store" not in names:
        raise Unusable("an SQLite file of something else (it has no 'store' table); give another --db")
    have = columns(db, "store")
    if have[:2] != ["key", "value"]:
        raise Unusable(f"an SQLite file of something else (its 'store' table has the columns {', '.join(have)}, "
                       "not key and value); give another --db")
    row = db.execute("SELECT value FROM store WHERE key = 'schema'").fetchone()
    marked = str(row[0]) if row is not None else None
    user = int(db.execute("PRAGMA user_version").fetchone()[0])
    if marked is None:
        raise Unusable("an SQLite file of something else (its 'store' table has no schema row); give another --db")
    if not marked.isdigit() or (user and marked != str(user)) or (not user and marked != "1"):
        raise Unusable(f"an SQLite file of something else (its 'store' table says schema {marked!r}, "
                       f"SQLite's user_version {user}); give another --db")
    return user or 1


def check_tables(db: sqlite3.Connection) -> None:
    """Unusable unless every table and view of the schema is there with its columns."""
    names = {name: kind for name, kind in db.execute("SELECT name, type FROM sqlite_master")}
    for name, (kind, want) in _expected().items():
        if names.get(name) != kind:
            raise Unusable(f"not a whole results store: it has no {kind} {name!r}; give another --db")
        have = columns(db, name)
        missing = [c for c in want if c not in have]
        if missing:
            raise Unusable(f"not a whole results store: its {kind} {name!r} lacks the column"
                           f"{'s' if len(missing) > 1 else ''} {', '.join(missing)}, which cannot be filled in "
                           "(every match of a store has them); give another --db")


def create(db: sqlite3.Connection, made: str) -> None:
    """Make the schema in an empty file, in one transaction."""
    version = schema_version()
    db.execute("BEGIN IMMEDIATE")
    try:
        for statement in SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute("INSERT INTO store (key, value) VALUES ('schema', ?), ('made', ?)", (str(version), made))
        db.execute(f"PRAGMA user_version = {version}")
        db.commit()
    except BaseException:
        db.rollback()
        raise


def backup_path(path: str, version: int) -> str:
    return f"{path}.bak-v{version}"


def migrate(db: sqlite3.Connection, path: str, version: int) -> str:
    """Bring the store open on `db` (at `version`, older than this skirmish's) to
    schema_version(): a backup copy first, then every step in one transaction. The backup's
    path (its copy is whole before the store is touched)."""
    backup = backup_path(path, version)
    partial = backup + ".partial"
    try:
        copy = sqlite3.connect(partial)
        try:
            db.backup(copy)
        finally:
            copy.close()
        os.replace(partial, backup)
    except BaseException:
        if os.path.exists(partial):
            os.remove(partial)
        raise
    target = schema_version()
    db.execute("BEGIN IMMEDIATE")
    try:
        # another sweep may have migrated it since we looked: read the version again, locked
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        now = version_of(db, names)
        for step in MIGRATIONS[now - 1:]:
            step(db)
        db.execute("INSERT OR REPLACE INTO store (key, value) VALUES ('schema', ?)", (str(target),))
        db.execute(f"PRAGMA user_version = {target}")
        check_tables(db)
        db.commit()
    except BaseException:
        db.rollback()
        raise
    return backup
