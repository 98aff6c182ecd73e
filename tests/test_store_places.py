"""Where things happened (issue 31): each stored match keeps where each side's units fell and
where the attacks that hurt came from; the sweep's report draws a heat map a variant over the
map; a store's size a match stays bounded (bench/store_size.py gives the figure)."""

import sqlite3
import sys
from collections import Counter
from pathlib import Path

from game.cli import main
from game.lab.store import Store
from tests.test_sweep import STREET, write_plan

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))


def test_a_sweep_stores_where_units_fell_and_were_hit_from_and_draws_them(tmp_path):
    plan = write_plan(tmp_path, f'runs = 3\nmap = "{STREET}"\nsize = 2\n[blue]\nai = ["normal", "easy"]\n')
    report = tmp_path / "chart.png"
    assert main(["sweep", str(plan), "--jobs", "1", "--report", str(report)]) == 0
    with sqlite3.connect(tmp_path / "plan.sqlite") as db:
        variants = [r[0] for r in db.execute("SELECT variant FROM variants ORDER BY rowid")]
        fallen = db.execute("SELECT SUM(blue_casualties + red_casualties) FROM matches").fetchone()[0]
    db.close()
    store = Store(tmp_path / "plan.sqlite")
    try:
        hit_from, fell = Counter(), Counter()
        for v in variants:
            h, f = store.places(v, 3)
            hit_from += h
            fell += f
    finally:
        store.close()
    assert sum(fell.values()) == fallen  # every casualty fell somewhere
    assert sum(hit_from.values()) > 0 and all(team in ("blue", "red") for team, _, _ in hit_from)
    for n in (1, 2):
        assert (tmp_path / f"chart-where-{n}.png").stat().st_size > 0
        assert (tmp_path / f"chart-roles-{n}.png").stat().st_size > 0  # and its per-role picture


def test_a_store_grows_by_a_few_kilobytes_a_match(tmp_path):
    from store_size import size_per_match

    assert size_per_match(tmp_path, 300) < 8_000  # bytes: 10,000 matches stay under 80 MB
