"""The results store under trouble (issue 27, "The results store"): the schema version and its
forward migrations (an older store migrated in place after a backup, a newer one refused),
and a damaged, foreign, incomplete, full, read-only or locked store refused in one line,
exit 2, with every result stored before it kept."""

import sqlite3
import threading
from contextlib import contextmanager

import pytest

from game.cli import main
from game.lab import store as store_mod
from game.lab import store_schema
from game.lab.store import Store, StoreError
from tests.test_sweep import MATCH_COLUMNS, SMALL_PLAN, sweep, write_plan

PAGE = 4096


@contextmanager
def opened(db):
    """A connection to `db`, committed and closed at the end (the journal folded in)."""
    con = sqlite3.connect(db)
    try:
        with con:
            yield con
    finally:
        con.close()


@pytest.fixture
def swept(tmp_path):
    """A plan swept once (runs = 1: four matches) into tmp_path/store.sqlite."""
    plan = write_plan(tmp_path, SMALL_PLAN.replace("runs = 3", "runs = 1"))
    db = tmp_path / "store.sqlite"
    rc, calls, _ = sweep(plan, db=str(db))
    assert rc == 0 and len(calls) == 4
    return plan, db


def refused(plan, db, capsys, *extra):
    """Run `skirmish sweep PLAN --db DB`: it must exit 2 with one line; the line."""
    capsys.readouterr()
    assert main(["sweep", str(plan), "--db", str(db), "--jobs", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: --db: {db}: "), err
    return err


def rows(db):
    """The stored matches (the connection closed at once: test_sweep's `rows` leaves it to
    the garbage collector, and an open connection keeps a lock from being taken)."""
    with opened(db) as con:
        return con.execute(f"SELECT {MATCH_COLUMNS} FROM matches ORDER BY variant, idx").fetchall()


def as_version_1(db):
    """Make a store as the first version wrote it: the version only in the store table."""
    with opened(db) as con:
        con.execute("UPDATE store SET value = '1' WHERE key = 'schema'")
        con.execute("DROP TABLE outcomes")  # version 3's (issue 30)
        con.execute("DROP TABLE places")  # version 4's (issue 31)
        con.execute("DROP TABLE units")  # version 5's (issue 31)
        con.execute("DROP TABLE logs")
        con.execute("PRAGMA user_version = 0")


def shape(db):
    """Every table and view of a store with its columns."""
    with opened(db) as con:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                                           "ORDER BY name")]
        return {n: store_schema.columns(con, n) for n in names}


def user_version(db):
    with opened(db) as con:
        return con.execute("PRAGMA user_version").fetchone()[0]


# --- versions and migrations ------------------------------------------------------------------

def test_a_new_store_carries_its_schema_version(tmp_path):
    Store(tmp_path / "new.sqlite").close()
    assert user_version(tmp_path / "new.sqlite") == store_schema.schema_version() == len(store_schema.MIGRATIONS) + 1
    with opened(tmp_path / "new.sqlite") as con:
        assert con.execute("SELECT value FROM store WHERE key = 'schema'").fetchone()[0] == str(store_schema.schema_version())


def test_a_first_version_store_is_migrated_in_place_after_a_backup(swept, capsys):
    plan, db = swept
    as_version_1(db)
    before = rows(db)
    capsys.readouterr()
    rc, calls, _ = sweep(plan, db=str(db))
    out = capsys.readouterr().out
    assert rc == 0 and calls == []  # nothing lost: every match was still there to count
    backup = db.with_name(db.name + ".bak-v1")
    assert f"{db}: migrated to this skirmish's schema (a copy as it was: {backup})" in out
    assert user_version(db) == store_schema.schema_version() and rows(db) == before
    assert user_version(backup) == 0 and rows(backup) == before  # the copy is the old store, whole
    fresh = db.with_name("fresh.sqlite")
    Store(fresh).close()
    assert shape(db) == shape(fresh)  # the migrations make what a new store has
    rc, calls, _ = sweep(plan, db=str(db))  # migrated once: no second backup
    assert rc == 0 and "migrated" not in capsys.readouterr().out


def _with_a_next_version(monkeypatch, step):
    """This skirmish as it would be with one more migration (`step`) and its column."""
    monkeypatch.setattr(store_schema, "MIGRATIONS", [*store_schema.MIGRATIONS, step])
    monkeypatch.setattr(store_schema, "SCHEMA", store_schema.SCHEMA.replace(
        "played_at TEXT NOT NULL,", "played_at TEXT NOT NULL, turns INTEGER NOT NULL DEFAULT 0,"))
    store_schema._expected.cache_clear()
    monkeypatch.setattr(store_schema, "_expected", store_schema._expected)  # cleared again after the test


def test_adding_a_column_is_one_function_in_the_list(swept, monkeypatch):
    plan, db = swept
    before = rows(db)
    _with_a_next_version(monkeypatch, lambda con: con.execute(
        "ALTER TABLE matches ADD COLUMN turns INTEGER NOT NULL DEFAULT 0"))
    try:
        rc, calls, _ = sweep(plan, db=str(db))
        now = len(store_schema.MIGRATIONS) + 1
        assert rc == 0 and calls == [] and user_version(db) == now and rows(db) == before
        assert "turns" in shape(db)["matches"] and "turns" in shape(db)["results"]
        assert user_version(db.with_name(db.name + f".bak-v{now - 1}")) == now - 1
    finally:
        store_schema._expected.cache_clear()


def test_a_migration_that_fails_leaves_the_store_as_it_was(swept, capsys, monkeypatch):
    plan, db = swept
    as_version_1(db)
    before, was = rows(db), shape(db)

    def breaks_half_way(con):
        con.execute("ALTER TABLE matches ADD COLUMN turns INTEGER NOT NULL DEFAULT 0")
        con.execute("UPDATE matches SET seed = 0")
        con.execute("INSERT INTO nowhere VALUES (1)")

    _with_a_next_version(monkeypatch, breaks_half_way)
    try:
        err = refused(plan, db, capsys)
    finally:
        store_schema._expected.cache_clear()
    assert "no such table: nowhere" in err
    assert user_version(db) == 0 and shape(db) == was and rows(db) == before  # one transaction: all or nothing


def test_a_store_from_a_newer_skirmish_is_refused_with_a_hint(swept, capsys):
    plan, db = swept
    with opened(db) as con:
        con.execute("UPDATE store SET value = '7' WHERE key = 'schema'")
        con.execute("PRAGMA user_version = 7")
    before = db.read_bytes()
    err = refused(plan, db, capsys)
    assert "a results store of schema 7, made by a newer skirmish" in err and "upgrade the game" in err
    assert db.read_bytes() == before


# --- files that cannot be used ------------------------------------------------------------------

def _corrupt_page(db):
    """Overwrite the first page of the matches table with junk."""
    with opened(db) as con:
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'matches'").fetchone()[0]
    raw = bytearray(db.read_bytes())
    raw[(root - 1) * PAGE:root * PAGE] = b"\x5a" * PAGE
    db.write_bytes(bytes(raw))


def _foreign_store(db):
    """Another program's SQLite file with tables named as the store's, other columns."""
    db.unlink()
    with opened(db) as con:
        con.execute("CREATE TABLE store (id INTEGER PRIMARY KEY, item TEXT, price REAL)")
        con.execute("CREATE TABLE matches (home TEXT, away TEXT, score TEXT)")
        con.execute("INSERT INTO store VALUES (1, 'schema', 2.5)")


def _foreign_keys_and_values(db):
    """Another program's key-value table called store."""
    db.unlink()
    with opened(db) as con:
        con.execute("CREATE TABLE store (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        con.execute("INSERT INTO store VALUES ('theme', 'dark')")


def _missing_column(db):
    """The matches table without its played_at column (rebuilt by hand, say)."""
    with opened(db) as con:
        con.execute("ALTER TABLE matches DROP COLUMN played_at")


def _missing_table(db):
    with opened(db) as con:
        con.execute("DROP TABLE weapons")


@pytest.mark.parametrize("spoil,expect", [
    (_corrupt_page, "damaged (SQLite's quick_check: *** in database main *** Page "),
    (lambda db: db.write_bytes(b"\x00" * 16 + db.read_bytes()[16:]),
     "not a results store: not an SQLite file, or its first page is damaged (file is not a database)"),
    (_foreign_store, "an SQLite file of something else (its 'store' table has the columns id, item, price"),
    (_foreign_keys_and_values, "an SQLite file of something else (its 'store' table has no schema row)"),
    (_missing_column, "its table 'matches' lacks the column played_at, which cannot be filled in"),
    (_missing_table, "not a whole results store: it has no table 'weapons'"),
], ids=["corrupt page", "corrupt header", "foreign tables", "foreign key-value store", "missing column",
        "missing table"])
def test_a_store_that_cannot_be_used_is_one_line_and_left_as_it_was(swept, capsys, spoil, expect):
    plan, db = swept
    spoil(db)
    before = db.read_bytes()
    err = refused(plan, db, capsys)
    assert expect in err, err
    assert db.read_bytes() == before
    assert not db.with_name(db.name + ".bak-v1").exists()


def _limit_pages(monkeypatch, extra):
    """Every store opened from now on may grow by `extra` pages at most (a disk that fills)."""
    connect = Store._connect

    def small_disk(self):
        con = connect(self)
        pages = con.execute("PRAGMA page_count").fetchone()[0]
        con.execute(f"PRAGMA max_page_count = {pages + extra}")
        return con

    monkeypatch.setattr(Store, "_connect", small_disk)


def test_a_disk_that_fills_during_a_sweep_keeps_every_stored_match(swept, capsys, monkeypatch):
    plan, db = swept
    before = rows(db)
    more = write_plan(plan.parent, SMALL_PLAN.replace("runs = 3", "runs = 12"), "more.toml")
    _limit_pages(monkeypatch, 1)
    err = refused(more, db, capsys)
    assert "the disk is full (database or disk is full); every result stored before is kept" in err
    kept = rows(db)
    assert set(before) < set(kept)  # what the sweep stored before the disk filled is there
    monkeypatch.undo()  # space freed: the same command resumes and plays only what is missing
    rc, calls, _ = sweep(more, db=str(db))
    assert rc == 0 and len(calls) == 4 * 12 - len(kept) and set(kept) < set(rows(db))


def test_a_read_only_store_is_called_read_only(swept, capsys, monkeypatch):
    plan, db = swept
    before = db.read_bytes()
    real = store_mod.os.access
    monkeypatch.setattr(store_mod.os, "access", lambda p, mode: False if str(p) == str(db) else real(p, mode))
    err = refused(plan, db, capsys)
    assert "read-only (it cannot be written)" in err and "not a results store" not in err
    monkeypatch.undo()
    # a file SQLite finds it cannot write (another file system's rules, say): the same
    connect = Store._connect

    def query_only(self):
        con = connect(self)
        con.execute("PRAGMA query_only = 1")
        return con

    monkeypatch.setattr(Store, "_connect", query_only)
    err = refused(plan, db, capsys)
    assert "read-only (attempt to write a readonly database)" in err and "not a results store" not in err
    assert db.read_bytes() == before


@pytest.fixture
def short_lock_wait(monkeypatch):
    monkeypatch.setattr(store_mod, "QUIET_WAIT_SECONDS", 0.05)
    monkeypatch.setattr(store_mod, "LOCK_WAIT_SECONDS", 0.3)


@pytest.mark.parametrize("hold", [
    ["BEGIN IMMEDIATE"],  # another program writing, and not letting go: reading still works
    ["PRAGMA locking_mode = EXCLUSIVE", "BEGIN EXCLUSIVE", "DELETE FROM sweeps WHERE id < 0"],  # not even reading
], ids=["writing", "exclusive"])
def test_a_locked_store_is_waited_on_with_a_message_then_refused(swept, capsys, short_lock_wait, hold):
    plan, db = swept
    before = rows(db)
    holder = sqlite3.connect(db, isolation_level=None)
    for statement in hold:
        holder.execute(statement)
    try:
        capsys.readouterr()
        assert main(["sweep", str(plan), "--db", str(db), "--jobs", "1"]) == 2
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{db}: another program holds the results store locked; waiting up to 0.3 s"
    assert len(err) == 2 and err[1].startswith(f"error: --db: {db}: locked by another program (waited 0.3 s"), err
    assert rows(db) == before


def test_a_lock_let_go_within_the_wait_is_waited_out(swept, capsys, monkeypatch):
    plan, db = swept
    more = write_plan(plan.parent, SMALL_PLAN.replace("runs = 3", "runs = 2"), "more.toml")
    monkeypatch.setattr(store_mod, "QUIET_WAIT_SECONDS", 0.05)
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    waiting = threading.Event()
    real_print = print

    def noticed(*args, **kw):  # the sweep says it waits: now let go
        real_print(*args, **kw)
        waiting.set()

    monkeypatch.setattr(store_mod, "print", noticed, raising=False)
    release = threading.Thread(target=lambda: (waiting.wait(30), holder.execute("ROLLBACK")))
    release.start()
    try:
        rc, calls, errors = sweep(more, db=str(db))
    finally:
        release.join()
        holder.close()
    assert rc == 0 and errors == [] and len(calls) == 4 and len(rows(db)) == 8
    assert "waiting up to 5 s" in capsys.readouterr().err


def test_every_sqlite_error_is_a_store_error(tmp_path):
    """Straight from the class: a corrupt store's error is a StoreError naming the file."""
    db = tmp_path / "x.sqlite"
    db.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    with pytest.raises(StoreError, match=r"x\.sqlite: "):
        Store(db)
