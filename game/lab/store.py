"""The results store: every match of every sweep in one SQLite file (stdlib sqlite3).

Only the command writes it, one result at a time as results come back (each its own
transaction, so a killed sweep loses nothing it had stored); workers never see it. A sweep
plays only the matches the store lacks, so an interrupted sweep resumes where it stopped.
A file that cannot be used (damaged, read-only, full, locked too long, another program's,
from a newer skirmish) is a StoreError, one line naming it, and is left as it was; an older
store is migrated (game/lab/store_schema.py has the schema, its versions and migrations).
The schema (docs/sweeps.md has example queries):

    store(key, value)                   schema version (also PRAGMA user_version), when made
    sweeps(id, plan, name, started_at, code_version, runs, variants)
                                        each time a plan was swept into this file
    variants(variant, canonical, map, map_facts, ruleset, fog, size,
             blue_ai, blue_squad, red_ai, red_squad, seed)
                                        variant: 16 hex digits of the sha256 of canonical (the
                                        JSON the seeds come from); size and squads NULL: the map's
    sweep_variants(sweep, variant)      which variants each sweep asked for
    matches(variant, idx, seed, winner, rounds, blue_casualties, red_casualties,
            blue_survivors, red_survivors, code_version, sweep, played_at)
                                        one row a match: idx from 0 within its variant; winner
                                        blue, red or draw; played_at UTC (ISO 8601)
    outcomes(variant, idx, by, objectives, blue_exited, red_exited)
                                        how each match was decided (issue 30): by elimination,
                                        objective or time; the objectives met, "; "-joined
                                        (empty unless by objective); units that left by an exit
    weapons(variant, idx, weapon, hits, levels, downed)
                                        harm by weapon in each match (damaging hits, damage
                                        levels, units downed)
    places(variant, idx, what, team, x, y, count)
                                        where things happened (issue 31): what is fell (a unit
                                        of team fell on the tile) or hit_from (a damaging
                                        attack by team came from it), count times that match
    units(variant, idx, unit, team, role, down_round, downed_by)
                                        each unit of each match (issue 31; unit: its uid from
                                        0): the round it went down and the unit that downed it
                                        (game/sim.py; NULL: never downed, or no attack hurt it)
    logs(variant, idx, events, log)     the full event log of the first matches of each
                                        variant (the plan's event_logs): how many events, and
                                        zlib of canonical JSON lines (game/world/logcodec.py)
    results                             a view: matches joined with their variants
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import stat
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from game.files import FileProblem, check_output, one_line
from game.lab import store_schema
from game.lab.plan import Plan, Variant
from game.lab.store_schema import Unusable

if TYPE_CHECKING:
    from game.lab.roles import RoleTally

T = TypeVar("T")



# the result of the [blue] bundle (its AI and squad) in a match: `winner` itself, or with the
# sides swapped in every second match (idx odd) of a swap_sides variant
SWAPPED = "(CASE WHEN idx % 2 = 1 THEN (CASE winner WHEN 'blue' THEN 'red' WHEN 'red' THEN 'blue' ELSE winner END) ELSE winner END)"


def bundle(swap: bool, prefix: str = "") -> str:
    """SQL for the bundle's result ('blue': the [blue] bundle won), columns under `prefix`."""
    expr = SWAPPED if swap else "winner"
    return expr.replace("idx", f"{prefix}idx").replace("winner", f"{prefix}winner")


def score(swap: bool, prefix: str = "") -> str:
    """SQL for the [blue] bundle's score in a match: 1, 1/2 or 0."""
    return f"(CASE {bundle(swap, prefix)} WHEN 'blue' THEN 1.0 WHEN 'draw' THEN 0.5 ELSE 0.0 END)"


class StoreError(ValueError):
    """A results store that cannot be used (one line naming the file)."""

    def __init__(self, path: str | os.PathLike[str], message: str) -> None:
        super().__init__(one_line(f"{os.fspath(path)}: {message}"))


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


LOCK_WAIT_SECONDS = 5.0
"""How long a store another program holds locked is waited for (with a message on standard
error) before the command refuses it; docs/sweeps.md. Tests shorten it."""
QUIET_WAIT_SECONDS = 0.5
"""A lock shorter than this (another sweep writing one result) is waited for without a word."""

_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26


def _problem(err: sqlite3.Error, waited: float | None) -> str:
    """What an SQLite error says about the store, for a user."""
    code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
    text = str(err)
    if code in (_BUSY, _LOCKED) or "locked" in text:
        return (f"locked by another program (waited {waited or QUIET_WAIT_SECONDS:g} s; {text}); run the command "
                "again when it is done, or give another --db")
    if code == _READONLY:
        return (f"read-only ({text}); a sweep writes its results there: make it writable, or give another --db")
    if code == _FULL:
        return (f"the disk is full ({text}); every result stored before is kept: free some space and run the "
                "same command again to resume")
    if code == _CORRUPT:
        return (f"damaged ({text}): copy out what can be read with "
                "`sqlite3 STORE .recover`, or give another --db")
    if code == _NOTADB:
        return f"not a results store: not an SQLite file, or its first page is damaged ({text})"
    if code == _IOERR:
        return f"cannot be read or written ({text}): a disk or file system error"
    if code == _CANTOPEN:
        return f"cannot open ({text})"
    return f"not a results store ({text})"


class Store:
    """An open results store (made when the file does not exist). Every SQLite error is a
    StoreError (one line naming the file and the problem)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            info = None
        except (OSError, ValueError) as err:
            raise StoreError(self.path, f"cannot open ({getattr(err, 'strerror', None) or err})") from None
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise StoreError(self.path, "not a regular file; a results store is an SQLite file")
        if info is None:
            try:
                check_output(self.path)
            except FileProblem as exc:
                raise StoreError(self.path, exc.message) from None
        elif not os.access(self.path, os.W_OK) or not os.access(os.path.dirname(os.path.abspath(self.path)), os.W_OK):
            where = "it" if not os.access(self.path, os.W_OK) else "its folder (SQLite writes a journal beside it)"
            raise StoreError(self.path, f"read-only ({where} cannot be written); a sweep writes its results "
                             "there: make it writable, or give another --db")
        try:
            self.db = self._connect()
        except sqlite3.Error as err:
            raise StoreError(self.path, _problem(err, None)) from None
        self.migrated: str | None = None
        try:
            self._guarded(self._prepare)
        except BaseException:
            self.db.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=min(QUIET_WAIT_SECONDS, LOCK_WAIT_SECONDS))

    def _guarded(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) with SQLite's errors as StoreErrors; a lock is waited on quietly for
        QUIET_WAIT_SECONDS, then, with a message, for LOCK_WAIT_SECONDS more, then refused."""
        try:
            return fn(*args)
        except sqlite3.OperationalError as err:
            code = (getattr(err, "sqlite_errorcode", None) or 0) & 0xFF
            if code not in (_BUSY, _LOCKED) or LOCK_WAIT_SECONDS <= QUIET_WAIT_SECONDS:
                raise StoreError(self.path, _problem(err, None)) from None
        except sqlite3.Error as err:
            raise StoreError(self.path, _problem(err, None)) from None
        except Unusable as exc:
            raise StoreError(self.path, str(exc)) from None
        print(one_line(f"{self.path}: another program holds the results store locked; waiting up to "
                       f"{LOCK_WAIT_SECONDS:g} s"), file=sys.stderr, flush=True)
        self._wait(LOCK_WAIT_SECONDS)
        try:
            return fn(*args)
        except sqlite3.Error as err:
            raise StoreError(self.path, _problem(err, LOCK_WAIT_SECONDS)) from None
        except Unusable as exc:
            raise StoreError(self.path, str(exc)) from None
        finally:
            self._wait(min(QUIET_WAIT_SECONDS, LOCK_WAIT_SECONDS))

    def _wait(self, seconds: float) -> None:
        try:
            self.db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        except sqlite3.Error:
            pass

    def _prepare(self) -> None:
        db = self.db
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
        if not names:
            db.execute("PRAGMA journal_mode=WAL")
            store_schema.create(db, _now())
        else:
            version, newest = store_schema.version_of(db, names), store_schema.schema_version()
            if version > newest:
                raise Unusable(f"a results store of schema {version}, made by a newer skirmish (this one reads "
                               f"schema {newest} and older): upgrade the game (pip install -U skirmish), "
                               "or give another --db")
            # a damaged file is not written to (SQLite could place new rows over stored ones):
            # SQLite's own check of every page, about 2 s a million stored matches
            row = db.execute("PRAGMA quick_check(1)").fetchone()
            found = " ".join(str(row[0] if row else "no answer").split())
            if found != "ok":
                raise Unusable(f"damaged (SQLite's quick_check: {found}); it was not changed: copy out what can be "
                               "read with `sqlite3 STORE .recover`, or give another --db")
            if version < newest:
                try:
                    self.migrated = store_schema.migrate(db, self.path, version)
                except OSError as err:
                    raise StoreError(self.path, f"cannot write the backup copy before migrating it "
                                     f"({err.strerror or err}); it was not changed") from None
            store_schema.check_tables(db)
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")

    def begin(self, plan: Plan, variants: Iterable[Variant], code_version: str) -> int:
        """Note a sweep of `plan` and its variants; its id."""
        return self._guarded(self._begin, plan, list(variants), code_version)

    def _begin(self, plan: Plan, variants: list[Variant], code_version: str) -> int:
        with self.db:
            cur = self.db.execute(
                "INSERT INTO sweeps (plan, name, started_at, code_version, runs, variants) VALUES (?, ?, ?, ?, ?, ?)",
                (str(plan.path.resolve()), plan.name, _now(), code_version, plan.runs, len(variants)))
            sweep = int(cur.lastrowid or 0)
            self.db.executemany(
                "INSERT OR IGNORE INTO variants (variant, canonical, map, map_facts, ruleset, fog, size, blue_ai, "
                "blue_squad, red_ai, red_squad, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(v.id, v.canonical(), v.map, v.map_facts, v.ruleset, int(v.fog), v.size, v.blue_ai, v.blue_squad,
                  v.red_ai, v.red_squad, v.seed) for v in variants])
            self.db.executemany("INSERT OR IGNORE INTO sweep_variants (sweep, variant) VALUES (?, ?)",
                                [(sweep, v.id) for v in variants])
        return sweep

    def finished(self, variant: str, runs: int) -> tuple[int, set[int]]:
        """Which of `variant`'s matches below `runs` are in the store, as (p, more): every
        index below p, and the indices in `more` (a sweep stores matches nearly in order, so
        `more` stays small however many are stored)."""
        return self._guarded(self._finished, variant, runs)

    def _finished(self, variant: str, runs: int) -> tuple[int, set[int]]:
        prefix, more = 0, set[int]()
        for (idx,) in self.db.execute("SELECT idx FROM matches WHERE variant = ? AND idx < ? ORDER BY idx",
                                      (variant, runs)):
            if idx == prefix and not more:
                prefix += 1
            else:
                more.add(idx)
        return prefix, more

    def stored(self, variants: Iterable[str]) -> int:
        """How many matches of these variants the store holds."""
        ids = list(variants)
        n = 0
        for k in range(0, len(ids), 500):
            chunk = ids[k:k + 500]
            n += self.db.execute(f"SELECT COUNT(*) FROM matches WHERE variant IN ({','.join('?' * len(chunk))})",
                                 chunk).fetchone()[0]
        return n

    def other_versions(self, variants: Iterable[str], code_version: str) -> int:
        """How many stored matches of these variants another code version played."""
        return self._guarded(self._other_versions, list(variants), code_version)

    def _other_versions(self, ids: list[str], code_version: str) -> int:
        n = 0
        for k in range(0, len(ids), 500):
            chunk = ids[k:k + 500]
            marks = ",".join("?" * len(chunk))
            n += self.db.execute(f"SELECT COUNT(*) FROM matches WHERE code_version != ? AND variant IN ({marks})",
                                 (code_version, *chunk)).fetchone()[0]
        return n

    def add(self, variant: str, idx: int, battle: dict[str, Any], code_version: str, sweep: int | None) -> bool:
        """Store one match's result (its own transaction); False if it was stored already
        (by another sweep running on this file at the same time)."""
        return self._guarded(self._add, variant, idx, battle, code_version, sweep)

    def _add(self, variant: str, idx: int, battle: dict[str, Any], code_version: str, sweep: int | None) -> bool:
        cas, sur = battle["casualties"], battle["survivors"]
        with self.db:
            cur = self.db.execute(
                "INSERT OR IGNORE INTO matches (variant, idx, seed, winner, rounds, blue_casualties, red_casualties, "
                "blue_survivors, red_survivors, code_version, sweep, played_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (variant, idx, battle["seed"], battle["winner"], battle["rounds"], cas.get("blue", 0), cas.get("red", 0),
                 sur.get("blue", 0), sur.get("red", 0), code_version, sweep, _now()))
            if cur.rowcount == 0:
                return False
            ex = battle.get("exited") or {}
            self.db.execute("INSERT INTO outcomes (variant, idx, by, objectives, blue_exited, red_exited) "
                            "VALUES (?, ?, ?, ?, ?, ?)",
                            (variant, idx, battle.get("by") or ("time" if battle["winner"] == "draw" else "elimination"),
                             "; ".join(battle.get("objectives") or ()), ex.get("blue", 0), ex.get("red", 0)))
            self.db.executemany("INSERT INTO weapons (variant, idx, weapon, hits, levels, downed) "
                                "VALUES (?, ?, ?, ?, ?, ?)",
                                [(variant, idx, w, t["hits"], t["levels"], t["downed"])
                                 for w, t in sorted(battle.get("weapons", {}).items())])
            self.db.executemany("INSERT INTO places (variant, idx, what, team, x, y, count) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                [(variant, idx, what, team, x, y, k) for what in ("fell", "hit_from")
                                 for (team, x, y), k in sorted(Counter(map(tuple, battle.get(what, ()))).items())])
            self.db.executemany("INSERT INTO units (variant, idx, unit, team, role, down_round, downed_by) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                [(variant, idx, uid, u["team"], u["role"], u["down"], u["by"])
                                 for uid, u in enumerate(battle.get("units", ()))])
            if battle.get("event_log") is not None:
                self.db.execute("INSERT INTO logs (variant, idx, events, log) VALUES (?, ?, ?, ?)",
                                (variant, idx, battle["event_log"]["events"], battle["event_log"]["blob"]))
        return True

    def places(self, variant: str, runs: int) -> tuple[Counter, Counter]:
        """Where a variant's first `runs` matches were hurt from and fell: (hit_from, fell),
        each a Counter by (team, x, y), as game/lab/report.py draws them."""
        out: dict[str, Counter] = {"fell": Counter(), "hit_from": Counter()}
        for what, team, x, y, k in self.db.execute(
                "SELECT what, team, x, y, SUM(count) FROM places WHERE variant = ? AND idx < ? "
                "GROUP BY what, team, x, y", (variant, runs)):
            out[what][(team, x, y)] = k
        return out["hit_from"], out["fell"]

    def roles(self, variant: str, runs: int, swap: bool = False) -> RoleTally:
        """A variant's first `runs` matches per role (game/lab/roles.py's RoleTally)."""
        from game.lab.roles import of_store

        return of_store(self.db, variant, runs, swap)

    def outcomes(self, variant: str, runs: int, swap: bool = False) -> dict[str, Any]:
        """A variant's first `runs` matches: how many, the [blue] bundle's wins ("blue"), the
        [red] bundle's and the draws (with `swap`, by bundle, not colour), the mean rounds
        and casualties (by colour)."""
        b = bundle(swap)
        row = self.db.execute(
            f"SELECT COUNT(*), SUM({b} = 'blue'), SUM({b} = 'red'), SUM(winner = 'draw'), AVG(rounds), "
            "AVG(blue_casualties), AVG(red_casualties) FROM matches WHERE variant = ? AND idx < ?",
            (variant, runs)).fetchone()
        n = row[0] or 0
        by = dict(self.db.execute("SELECT by, COUNT(*) FROM outcomes WHERE variant = ? AND idx < ? GROUP BY by",
                                  (variant, runs)).fetchall())
        return {"n": n, "blue": row[1] or 0, "red": row[2] or 0, "draw": row[3] or 0, "rounds": row[4] or 0.0,
                "blue_casualties": row[5] or 0.0, "red_casualties": row[6] or 0.0,
                "by": {k: by.get(k, 0) for k in ("elimination", "objective", "time")}}

    def paired_sums(self, a: str, b: str, runs: int, swap: bool = False) -> tuple[int, float, float]:
        """The differences of the [blue] bundle's score in match i of `a` and of `b`, over
        the indices below `runs` both have: count, sum, sum of squares."""
        diff = f"{score(swap, 'x.')} - {score(swap, 'y.')}"
        row = self.db.execute(f"SELECT COUNT(*), SUM(d), SUM(d * d) FROM (SELECT {diff} AS d FROM matches x "
                              "JOIN matches y ON y.variant = ? AND y.idx = x.idx WHERE x.variant = ? AND x.idx < ?)",
                              (b, a, runs)).fetchone()
        return row[0] or 0, row[1] or 0.0, row[2] or 0.0

    def paired_scores(self, a: str, b: str, start: int, stop: int, swap: bool = False
                      ) -> list[tuple[int, float, float]]:
        """(idx, score in a, score in b) for the indices from `start` below `stop` both have,
        in order (at most 1,000 a call)."""
        return self.db.execute(
            f"SELECT x.idx, {score(swap, 'x.')}, {score(swap, 'y.')} FROM matches x JOIN matches y "
            "ON y.variant = ? AND y.idx = x.idx WHERE x.variant = ? AND x.idx >= ? AND x.idx < ? "
            "ORDER BY x.idx LIMIT 1000", (b, a, start, stop)).fetchall()

    def pentanomial(self, variant: str, runs: int) -> list[int]:
        """A swap_sides variant's pairs (match 2k as set, 2k + 1 swapped) below `runs`
        counted by the [blue] bundle's points in the pair: 0, 1/2, 1, 3/2, 2 (Fishtest's
        Ptnml(0-2)); a pair with one match stored is left out."""
        out = [0] * 5
        for points, n in self.db.execute(
                f"SELECT p, COUNT(*) FROM (SELECT SUM({score(True)}) AS p FROM matches WHERE variant = ? AND idx < ? "
                "GROUP BY idx / 2 HAVING COUNT(*) = 2) GROUP BY p", (variant, runs)):
            out[round(2 * points)] += n
        return out

    def bundles(self, variant: str, runs: int) -> list[tuple[str, str | None, str, str | None, str, int]]:
        """(blue AI, blue squad, red AI, red squad, winner, count) of a variant's matches below
        `runs`, by who played which colour on the board."""
        return self.db.execute(
            "SELECT CASE WHEN swapped THEN red_ai ELSE blue_ai END, CASE WHEN swapped THEN red_squad ELSE blue_squad END, "
            "CASE WHEN swapped THEN blue_ai ELSE red_ai END, CASE WHEN swapped THEN blue_squad ELSE red_squad END, "
            "winner, COUNT(*) FROM (SELECT m.winner, v.blue_ai, v.blue_squad, v.red_ai, v.red_squad, "
            "(m.idx % 2 = 1 AND json_extract(v.canonical, '$.swap_sides') IS 1) AS swapped FROM matches m "
            "JOIN variants v USING (variant) WHERE m.variant = ? AND m.idx < ?) GROUP BY 1, 2, 3, 4, 5",
            (variant, runs)).fetchall()

    def close(self) -> None:
        """Fold the journal into the file, unless another program holds it (then the next
        closer does), and close."""
        try:
            self.db.execute("PRAGMA busy_timeout = 0")
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self.db.close()
