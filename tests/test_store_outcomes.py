"""The results store keeps how each match was decided (issue 30): by, the objectives met and
the units that left by an exit, in a table of its own that a store of schema 2 gains (migration 3) when
it is opened (no row of it changes)."""

import sqlite3

from game.lab.plan import load_plan, resolve
from game.lab.store import Store
from tests.test_sweep import SMALL_PLAN, write_plan

BATTLE = {"seed": 1, "winner": "blue", "rounds": 4, "casualties": {"blue": 1}, "survivors": {"blue": 1, "red": 2},
          "weapons": {}}


def test_each_match_keeps_by_its_objectives_and_the_exited(tmp_path):
    plan = load_plan(write_plan(tmp_path, SMALL_PLAN))
    v = resolve(plan)[0][0]
    store = Store(tmp_path / "s.sqlite")
    try:
        sweep = store.begin(plan, [v], "test")
        assert store.add(v.id, 0, {**BATTLE, "by": "objective", "objectives": ["Road out"],
                                   "exited": {"blue": 2, "red": 0}}, "test", sweep)
        assert store.add(v.id, 1, {**BATTLE, "winner": "draw", "by": "time", "objectives": [],
                                   "exited": {"blue": 0, "red": 0}}, "test", sweep)
        assert store.add(v.id, 2, BATTLE, "test", sweep)  # a record from before issue 30: no by
        rows = store.db.execute("SELECT idx, by, objectives, blue_exited, red_exited FROM outcomes ORDER BY idx").fetchall()
        assert rows == [(0, "objective", "Road out", 2, 0), (1, "time", "", 0, 0), (2, "elimination", "", 0, 0)]
        assert store.outcomes(v.id, 3)["by"] == {"elimination": 1, "objective": 1, "time": 1}
    finally:
        store.close()


def test_a_store_made_before_the_outcomes_table_gains_it_and_keeps_its_rows(tmp_path):
    plan = load_plan(write_plan(tmp_path, SMALL_PLAN))
    v = resolve(plan)[0][0]
    path = tmp_path / "old.sqlite"
    store = Store(path)
    store.add(v.id, 0, BATTLE, "test", store.begin(plan, [v], "test"))
    store.close()
    with sqlite3.connect(path) as con:  # as a store of schema 2, made before issue 30
        con.execute("DROP TABLE outcomes")
        con.execute("DROP TABLE places")  # version 4's (issue 31)
        con.execute("DROP TABLE units")  # version 5's (issue 31)
        con.execute("DROP TABLE logs")
        con.execute("UPDATE store SET value = '2' WHERE key = 'schema'")
        con.execute("PRAGMA user_version = 2")
        before = con.execute("SELECT * FROM matches").fetchall()
    con.close()
    store = Store(path)
    try:
        assert store.db.execute("SELECT * FROM matches").fetchall() == before
        assert store.db.execute("SELECT COUNT(*) FROM outcomes").fetchone() == (0,)
        assert store.add(v.id, 1, {**BATTLE, "by": "objective", "objectives": ["Hill"]}, "test", None)
        assert store.outcomes(v.id, 2)["by"]["objective"] == 1
    finally:
        store.close()


def test_the_summary_says_how_the_battles_were_decided():
    from game.lab.summary import Tally, summary_lines

    battles = [{**BATTLE, "by": "objective", "objectives": ["Road out"], "exited": {"blue": 3, "red": 0}},
               {**BATTLE, "winner": "red", "by": "time", "exited": {"blue": 1, "red": 0}},
               {**BATTLE, "by": "elimination"}]
    s = Tally.of(battles).summary()
    assert s["decided"] == {"blue by elimination": 1, "blue by objective": 1, "red by time": 1}
    assert s["exited"] == {"blue": 4, "red": 0}
    record = {"map_name": "m", "runs": 3, "seed": 1, "blue_ai": "normal", "red_ai": "normal", "seconds": 1.0,
              "map": "m.tmx", "summary": {**s, "decision_ms": {"median_of_medians": 0.0, "max": 0.0}}}
    lines = summary_lines(record)
    assert ("  decided: blue by elimination 1, blue by objective 1, red by time 1; exited: blue 4, red 0"
            in lines)
    plain = Tally.of([{**BATTLE, "by": "elimination"}]).summary()
    record["summary"] = {**plain, "decision_ms": {"median_of_medians": 0.0, "max": 0.0}}
    assert not any(line.startswith("  decided") for line in summary_lines(record))  # as before objectives


def test_a_sweep_on_a_map_with_objectives_reports_how_its_matches_ended(tmp_path, capsys):
    from pathlib import Path

    from game.cli import main

    store = Path(__file__).resolve().parents[1] / "maps" / "store.tmx"
    plan = write_plan(tmp_path, f'map = "{store}"\nruns = 2\n[red]\nai = ["normal", "random"]\n')
    assert main(["sweep", str(plan), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "by objective" in out and "by time" in out
    with sqlite3.connect(tmp_path / "plan.sqlite") as con:
        assert con.execute("SELECT COUNT(*) FROM outcomes").fetchone() == (4,)
