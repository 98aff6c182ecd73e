"""The results store: every match of every sweep in one SQLite file (stdlib sqlite3).

Only the command writes it, one result at a time as results come back (each its own
transaction, so a killed sweep loses nothing it had stored); workers never see it. A sweep
plays only the matches the store lacks, so an interrupted sweep resumes where it stopped.
The schema (docs/sweeps.md has example queries):

    store(key, value)                   schema version and when the file was made
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
    weapons(variant, idx, weapon, hits, levels, downed)
                                        harm by weapon in each match (damaging hits, damage
                                        levels, units downed)
    results                             a view: matches joined with their variants
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import stat
from collections.abc import Iterable
from typing import Any

from game.files import FileProblem, check_output, one_line
from game.lab.plan import Plan, Variant

SCHEMA_VERSION = "1"
SCHEMA = """
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
CREATE VIEW results AS SELECT m.*, v.map, v.ruleset, v.fog, v.size, v.blue_ai, v.blue_squad, v.red_ai,
    v.red_squad FROM matches m JOIN variants v USING (variant);
"""


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


class Store:
    """An open results store (made when the file does not exist)."""

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
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
        except sqlite3.Error as err:
            raise StoreError(self.path, f"cannot open ({err})") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as err:
            self.db.close()
            raise StoreError(self.path, f"not a results store ({err})") from None

    def _prepare(self) -> None:
        db = self.db
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
        if not tables:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript("BEGIN;" + SCHEMA + "COMMIT;")
            db.execute("INSERT INTO store VALUES ('schema', ?), ('made', ?)", (SCHEMA_VERSION, _now()))
            db.commit()
        elif "store" not in tables:
            raise StoreError(self.path, "an SQLite file of something else (it has no 'store' table); give another --db")
        else:
            row = db.execute("SELECT value FROM store WHERE key = 'schema'").fetchone()
            if row is None or row[0] != SCHEMA_VERSION:
                raise StoreError(self.path, f"a results store of schema {row[0] if row else '?'}, "
                                 f"this skirmish reads schema {SCHEMA_VERSION}")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")

    def begin(self, plan: Plan, variants: Iterable[Variant], code_version: str) -> int:
        """Note a sweep of `plan` and its variants; its id."""
        variants = list(variants)
        with self.db:
            cur = self.db.execute(
                "INSERT INTO sweeps (plan, name, started_at, code_version, runs, variants) VALUES (?, ?, ?, ?, ?, ?)",
                (str(plan.path.resolve()), plan.name, _now(), code_version, plan.runs, len(variants)))
            sweep = int(cur.lastrowid or 0)
            self.db.executemany(
                "INSERT OR IGNORE INTO variants VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(v.id, v.canonical(), v.map, v.map_facts, v.ruleset, int(v.fog), v.size, v.blue_ai, v.blue_squad,
                  v.red_ai, v.red_squad, v.seed) for v in variants])
            self.db.executemany("INSERT OR IGNORE INTO sweep_variants VALUES (?, ?)", [(sweep, v.id) for v in variants])
        return sweep

    def finished(self, variant: str, runs: int) -> tuple[int, set[int]]:
        """Which of `variant`'s matches below `runs` are in the store, as (p, more): every
        index below p, and the indices in `more` (a sweep stores matches nearly in order, so
        `more` stays small however many are stored)."""
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
        ids = list(variants)
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
        cas, sur = battle["casualties"], battle["survivors"]
        with self.db:
            cur = self.db.execute(
                "INSERT OR IGNORE INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (variant, idx, battle["seed"], battle["winner"], battle["rounds"], cas.get("blue", 0), cas.get("red", 0),
                 sur.get("blue", 0), sur.get("red", 0), code_version, sweep, _now()))
            if cur.rowcount == 0:
                return False
            self.db.executemany("INSERT INTO weapons VALUES (?, ?, ?, ?, ?, ?)",
                                [(variant, idx, w, t["hits"], t["levels"], t["downed"])
                                 for w, t in sorted(battle.get("weapons", {}).items())])
        return True

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
        return {"n": n, "blue": row[1] or 0, "red": row[2] or 0, "draw": row[3] or 0, "rounds": row[4] or 0.0,
                "blue_casualties": row[5] or 0.0, "red_casualties": row[6] or 0.0}

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
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self.db.close()
