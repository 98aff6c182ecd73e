"""Sampled event logs in the results store (issue 31, "Where things happen"): the first
`event_logs` matches of each variant keep their full event log, zlib of canonical JSON lines;
`skirmish sweep-log` prints one as the match wrote it (and as `simulate --log` prints it); a
store of schema 4 is migrated with everything kept."""

import shlex
import sqlite3
import zlib

import pytest

from game.cli import main
from game.lab import store_schema
from game.lab.plan import PlanError, load_plan, resolve
from game.lab.store import Store
from game.lab.sweep import replay_command
from game.maps import load_map
from game.sim import MatchSpec, play_match
from game.world.logcodec import MAX_LOG_BYTES, LogError, decode, encode, lines
from tests.test_sweep import STREET, sweep, write_plan

PLAN = f'''
runs = 3
map = "{STREET}"
size = 2
event_logs = EVENT_LOGS
[blue]
squad = ["rifleman", "swordsman"]
'''


def swept(tmp_path, logs):
    plan = write_plan(tmp_path, PLAN.replace("EVENT_LOGS", str(logs)))
    db = tmp_path / "store.sqlite"
    rc, calls, errors = sweep(plan, db=str(db))
    assert rc == 0 and len(calls) == 6, errors
    return plan, db


def logged(db):
    with sqlite3.connect(db) as con:
        out = con.execute("SELECT variant, idx, events FROM logs ORDER BY variant, idx").fetchall()
    con.close()
    return out


def test_only_the_first_n_matches_of_each_variant_keep_their_event_log(tmp_path):
    plan, db = swept(tmp_path, 2)
    variants = sorted(v.id for v in resolve(load_plan(plan))[0])
    kept = logged(db)
    assert [(v, i) for v, i, _ in kept] == [(v, i) for v in variants for i in (0, 1)]
    assert all(events > 10 for _, _, events in kept)  # initiative, declarations, shots...
    other = tmp_path / "none"
    other.mkdir()
    _, db0 = swept(other, 0)
    assert logged(db0) == []


def test_a_stored_log_decodes_to_the_log_the_match_wrote_and_prints_as_simulate_log_does(tmp_path, capsys):
    plan, db = swept(tmp_path, 1)
    v = resolve(load_plan(plan))[0][1]
    spec = v.spec(0)
    seen = {}
    play_match(load_map(STREET), spec, on_round=lambda m: seen.__setitem__("lines", m.log.lines()))
    with sqlite3.connect(db) as con:
        blob, events = con.execute("SELECT log, events FROM logs WHERE variant = ? AND idx = 0", (v.id,)).fetchone()
    con.close()
    assert lines(decode(blob)) == seen["lines"] and events == len(seen["lines"])
    assert zlib.decompress(blob).decode().split("\n")[0].startswith('{"actor":')  # canonical JSON: sorted keys
    capsys.readouterr()
    assert main(["sweep-log", str(db), v.id[:8], "0"]) == 0
    printed = capsys.readouterr().out
    assert printed == f"# seed {spec.seed}\n" + "".join(f"{line}\n" for line in seen["lines"])
    command = shlex.split(replay_command(v, spec.seed))[1:]  # the sweep's hint, without "skirmish"
    assert main([*command, "--log", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.startswith(printed)  # then the summary


def test_a_log_round_trips_every_payload():
    from game.world.events import Event, EventKind, MovedTo

    events = [Event(0, "setup", EventKind.INITIATIVE, "A initiative 12", 0),
              Event(1, "move", EventKind.MOVE, "A moves", 0, None, MovedTo((3, 4))),
              Event(2, "normal", EventKind.ATTACK, "A shoots \u00e9clair", 0, 1)]
    back = decode(encode(events))
    assert lines(back) == [e.line() for e in events]
    assert back[1]["data"] == {"type": "MovedTo", "to": [3, 4]} and back[2]["target"] == 1


@pytest.mark.parametrize("blob, problem", [
    (b"not zlib at all", "damaged"),
    (zlib.compress(b"{}\n[1]"), "line 1 of the stored log is not an event"),
    (zlib.compress(b'{"round": 1, "phase": "x", "kind": "k", "text": "t"}\nnope'), "line 2 of the stored log is not JSON"),
    (zlib.compress(b"\xff\xfe"), "not UTF-8"),
    (zlib.compress(b"x" * 5000)[:-6], "cut short"),
])
def test_a_damaged_log_is_refused_in_words(blob, problem):
    with pytest.raises(LogError, match=problem):
        decode(blob)


def test_a_log_that_inflates_past_the_bound_is_refused_without_inflating_it_all():
    bomb = zlib.compress(b"a" * (2 * 1024 * 1024), 9)  # 2 KB that would be 2 MB
    with pytest.raises(LogError, match="more than 1,024 bytes"):
        decode(bomb, limit=1024)
    assert MAX_LOG_BYTES >= 16 * 1024 * 1024


def test_sweep_log_refusals_are_one_line_exit_2(tmp_path, capsys):
    plan, db = swept(tmp_path, 1)
    v = resolve(load_plan(plan))[0][0]
    cases = [([str(tmp_path / "missing.sqlite"), v.id, "0"], "no such results store"),
             ([str(db), "zz", "0"], "is not a variant's id"),
             ([str(db), "0000000000000000", "0"], "names no variant"),
             ([str(db), v.id, "7"], "has no match 7 (3 stored, from 0)"),
             ([str(db), v.id, "2"], "has no stored event log (its matches 0 have one"),
             ([str(plan), v.id, "0"], "not a results store this skirmish can read")]
    for argv, problem in cases:
        capsys.readouterr()
        assert main(["sweep-log", *argv]) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and problem in err, err


@pytest.mark.parametrize("value", ["-1", "1001", '"5"', "true", "2.5"])
def test_event_logs_is_range_checked(tmp_path, value):
    with pytest.raises(PlanError, match=r"event_logs: a whole number from 0 to 1,000"):
        load_plan(write_plan(tmp_path, PLAN.replace("EVENT_LOGS", value)))


def test_event_logs_does_not_change_a_variant(tmp_path):
    ids = [[v.id for v in resolve(load_plan(write_plan(tmp_path, PLAN.replace("EVENT_LOGS", n), f"p{n}.toml")))[0]]
           for n in ("0", "5")]
    assert ids[0] == ids[1]  # the same matches, the same seeds: only what is kept differs


def test_a_schema_4_store_is_migrated_keeping_everything(tmp_path):
    plan, db = swept(tmp_path, 1)
    with sqlite3.connect(db) as con:  # as schema 4 wrote it: no units, no logs
        con.execute("DROP TABLE units")
        con.execute("DROP TABLE logs")
        con.execute("UPDATE store SET value = '4' WHERE key = 'schema'")
        con.execute("PRAGMA user_version = 4")
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        before = {t: con.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
    con.close()
    assert {"matches", "weapons", "outcomes", "places", "variants", "sweeps"} <= set(before)
    assert all(before[t] for t in ("matches", "weapons", "places", "outcomes"))
    store = Store(db)
    try:
        assert store.migrated == str(db) + ".bak-v4"
        after = {t: store.db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
        assert after == {**before, "store": after["store"]}
        assert dict(after["store"])["schema"] == str(store_schema.schema_version()) == "5"
        assert store.db.execute("SELECT COUNT(*) FROM units").fetchone() == (0,)
        v = resolve(load_plan(plan))[0][0]
        battle = play_match(load_map(STREET), MatchSpec(STREET, v.match_seed(3), size=2, keep_log=True))
        assert store.add(v.id, 3, battle, "test", None)
        assert store.db.execute("SELECT COUNT(*) FROM logs").fetchone() == (1,)
        assert store.db.execute("SELECT COUNT(*) FROM units WHERE idx = 3").fetchone() == (4,)
    finally:
        store.close()
    with sqlite3.connect(store.migrated) as con:
        assert con.execute("PRAGMA user_version").fetchone() == (4,)
    con.close()


def test_a_match_with_its_event_log_stays_within_a_bound(tmp_path):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from store_size import EVENTS, size_per_match, synthetic_log

    assert len(synthetic_log(__import__("random").Random(1))) == pytest.approx(EVENTS, abs=20)
    assert size_per_match(tmp_path, 100, logs=True) < 20_000  # bytes: 10,000 logged matches stay under 200 MB


def test_sweep_log_on_a_store_held_locked_says_so(tmp_path, capsys, monkeypatch):
    from game.lab import logread

    plan, db = swept(tmp_path, 1)
    v = resolve(load_plan(plan))[0][0]
    monkeypatch.setattr(logread, "LOCK_WAIT_SECONDS", 0.1)
    holder = sqlite3.connect(db)
    try:
        holder.execute("PRAGMA journal_mode = DELETE")  # no WAL: a writer's lock keeps readers out
        holder.execute("BEGIN EXCLUSIVE")
        capsys.readouterr()
        assert main(["sweep-log", str(db), v.id, "0"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "locked by another program" in err, err
    finally:
        holder.rollback()
        holder.close()
    assert main(["sweep-log", str(db), v.id, "0"]) == 0
