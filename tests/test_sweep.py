"""Sweeps (issue 21): plans, seeds from a variant's canonical form, the SQLite results store
(resume, edits, SQL), the comparisons (Fisher's exact test, Holm) and the report."""

import hashlib
import math
import re
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.cli import main
from game.lab import sweep as sweep_mod
from game.lab.compare import Row, compare, holm
from game.lab.plan import PlanError, load_plan, resolve
from game.lab.simulate import simulate
from game.lab.store import Store
from game.limits import MAX_SEED
from tests.test_lab import HOSTILE_SCENARIOS

STREET = str(Path(__file__).resolve().parents[1] / "maps" / "street.tmx")
WOOD = str(Path(__file__).resolve().parents[1] / "maps" / "wood.tmx")
MATCH_COLUMNS = "variant, idx, seed, winner, rounds, blue_casualties, red_casualties, blue_survivors, red_survivors"


def write_plan(tmp_path, body, name="plan.toml"):
    f = tmp_path / name
    f.write_text(body)
    return f


SMALL_PLAN = f'''
runs = 3
map = "{STREET}"
size = 2
[blue]
squad = ["rifleman", "swordsman"]
[red]
ai = ["easy", "normal"]
'''


def sweep(plan, *extra, progress=None, db=None, jobs=1, cluster=None, report=None):
    """Run the sweep command in this process (as `skirmish sweep` does), counting results."""
    calls = []

    def count(done, total):
        calls.append((done, total))
        if progress is not None:
            progress(done, total)

    errors = []
    args = SimpleNamespace(plan=str(plan), db=db, jobs=jobs, cluster=cluster, report=report)
    rc = sweep_mod.run(args, lambda m: errors.append(m) or 2, count)
    return rc, calls, errors


def rows(db):
    with sqlite3.connect(db) as con:
        return con.execute(f"SELECT {MATCH_COLUMNS} FROM matches ORDER BY variant, idx").fetchall()


# --- plans -----------------------------------------------------------------------------------

def test_a_scenario_is_a_plan_of_one_variant(tmp_path):
    f = write_plan(tmp_path, f'map = "{STREET}"\nruns = 4\nseed = 9\nsize = 2\nruleset = "yags"\n'
                             '[blue]\nai = "hard"\nsquad = "rifleman"\n[red]\nai = "easy"\n')
    plan = load_plan(f)
    variants, _ = resolve(plan)
    assert plan.runs == 4 and len(variants) == 1
    v = variants[0]
    assert (v.blue_ai, v.red_ai, v.size, v.blue_squad, v.red_squad, v.seed) == ("hard", "easy", 2, "rifleman", None, 9)


def test_lists_give_every_combination_in_order_and_listed_variants_only_those(tmp_path):
    plan = load_plan(write_plan(tmp_path, SMALL_PLAN))
    variants, _ = resolve(plan)
    assert [(v.blue_squad, v.red_ai) for v in variants] == [
        ("rifleman", "easy"), ("rifleman", "normal"), ("swordsman", "easy"), ("swordsman", "normal")]
    listed = SMALL_PLAN + f'[[variant]]\nblue = {{ squad = "gunner" }}\n[[variant]]\nmap = "{WOOD}"\nsize = [1, 2]\n' \
        '[variant.red]\nai = "hard"\n[[variant]]\nblue = { squad = "gunner" }\n'
    variants, grids = resolve(load_plan(write_plan(tmp_path, listed)))
    got = [(Path(v.map_path).stem, v.size, v.blue_squad, v.red_ai) for v in variants]
    assert got == [("street", 2, "gunner", "easy"), ("street", 2, "gunner", "normal"),  # the duplicate is dropped
                   ("wood", 1, "rifleman", "hard"), ("wood", 1, "swordsman", "hard"),
                   ("wood", 2, "rifleman", "hard"), ("wood", 2, "swordsman", "hard")]
    assert set(grids) == {STREET, WOOD}


def test_match_seeds_come_from_the_canonical_form_and_the_index(tmp_path):
    """Unpaired (`pairing = "none"`, issue 21's seeds; tests/test_pairing.py has the paired)."""
    v = resolve(load_plan(write_plan(tmp_path, 'pairing = "none"\n' + SMALL_PLAN)))[0][0]
    canonical = v.canonical()
    assert '"blue":{"ai":"normal","squad":"rifleman"}' in canonical and '"seed":1' in canonical
    assert '"file":"street.tmx"' in canonical and str(tmp_path) not in canonical  # where the map is does not count
    for i in (0, 1, 7):
        want = int(hashlib.sha256(f"{canonical}#{i}".encode()).hexdigest()[:16], 16) % (MAX_SEED + 1)
        assert v.match_seed(i) == want == v.spec(i).seed
    assert v.id == hashlib.sha256(canonical.encode()).hexdigest()[:16]
    # the same variant in another plan (other variants beside it, more runs) has the same seeds
    other = write_plan(tmp_path, 'pairing = "none"\n' + SMALL_PLAN.replace("runs = 3", "runs = 50").replace('"easy", "normal"', '"hard", "easy"'),
                       "other.toml")
    again = [w for w in resolve(load_plan(other))[0] if w.id == v.id]
    assert again and again[0].match_seed(7) == v.match_seed(7)


HOSTILE_PLANS = {
    **{f"as a scenario: {k}": v for k, v in HOSTILE_SCENARIOS.items()},
    "fog maybe": (f'map = "{STREET}"\nfog = "maybe"\n', 'fog: must be "on" or "off", not \'maybe\''),
    "an empty list": (f'map = "{STREET}"\n[blue]\nsquad = []\n', "blue.squad: an empty list"),
    "a value twice": (f'map = "{STREET}"\n[red]\nai = ["easy", "easy"]\n', "red.ai: a value is given twice"),
    "no map": ("runs = 3\n", "map: missing"),
    "unknown field": (f'map = "{STREET}"\ncolour = 1\n', "colour: unknown field"),
    "unknown side field": (f'map = "{STREET}"\n[blue]\nhat = "red"\n', "blue.hat: unknown field"),
    "bad AI in a variant": (f'map = "{STREET}"\n[[variant]]\nred = {{ ai = "genius" }}\n',
                            "variant[1].red.ai: unknown AI level 'genius'"),
    "unknown ruleset": (f'map = "{STREET}"\nruleset = ["yags", "chess"]\n', "ruleset: unknown ruleset 'chess'"),
    "too many variants": (f'map = "{STREET}"\nsize = [{", ".join(str(i) for i in range(1, 101))}]\n'
                          f'[blue]\nsquad = [{", ".join(repr(",".join(["rifleman"] * i)) for i in range(1, 102))}]\n',
                          "10,100 variants, more than the 10,000 a sweep may have"),
    "too many matches": (f'map = "{STREET}"\nruns = 100000\nsize = [{", ".join(str(i) for i in range(1, 101))}]\n'
                         f'[blue]\nai = ["random", "easy"]\n',
                         "200 variants x 100,000 runs is 20,000,000 matches, more than the 10,000,000"),
    "variant not tables": (f'map = "{STREET}"\nvariant = [1, 2]\n', "variant: must be tables"),
    "a size of true": (f'map = "{STREET}"\nsize = true\n', "size: must be a whole number"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_PLANS))
def test_hostile_plans_are_one_line_exit_2(tmp_path, capsys, case):
    body, expect = HOSTILE_PLANS[case]
    f = write_plan(tmp_path, body)
    with pytest.raises(PlanError, match=re.escape(expect)):
        load_plan(f)
    assert main(["sweep", str(f), "--jobs", "1"]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()  # a line for each problem (a scenario may lack its map too)
    assert out == "" and lines and all(str(f) in line for line in lines) and expect in lines[0], err
    assert not (tmp_path / "plan.sqlite").exists()  # refused before the store is made


@pytest.mark.parametrize("body,expect", [
    (f'map = "{STREET}"\nsize = 400\n', "street.tmx: size 400: the map has 706 walkable tiles"),
    (f'map = "{STREET}"\n[blue]\nsquad = "rifleman,catapult"\n', "catapult"),
])
def test_a_variant_the_map_cannot_play_is_refused_before_any_match(tmp_path, capsys, body, expect):
    f = write_plan(tmp_path, body)
    assert main(["sweep", str(f), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expect in err, err


def test_a_plan_that_is_a_fifo_is_refused_unopened(capsys, fifo, never_blocks):
    assert main(["sweep", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


# --- the store -------------------------------------------------------------------------------

def test_a_sweep_stores_every_match_and_a_stored_seed_replays_the_same_match(tmp_path, capsys):
    plan = write_plan(tmp_path, SMALL_PLAN)
    assert main(["sweep", str(plan), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    db = tmp_path / "plan.sqlite"  # beside the plan
    assert "4 variants x 3 matches; 0 in" in out and "blue score (95% CI)" in out and "blue W-D-L" in out and "Holm" in out
    stored = rows(db)
    assert len(stored) == 12 and len({(r[0], r[1]) for r in stored}) == 12
    with sqlite3.connect(db) as con:
        (version,) = con.execute("SELECT DISTINCT code_version FROM matches").fetchone()
        assert version.startswith("skirmish ") and " src " in version
        seed, winner, rounds, squad, red_ai = con.execute(
            "SELECT seed, winner, rounds, blue_squad, red_ai FROM results WHERE idx = 2 ORDER BY variant LIMIT 1").fetchone()
        harm = con.execute("SELECT SUM(levels) FROM weapons").fetchone()[0]
        assert harm and harm > 0
    again = simulate(STREET, 1, seed, size=2, blue_squad=squad, red_ai=red_ai)["battles"][0]
    assert (again["winner"], again["rounds"]) == (winner, rounds)


def test_an_interrupted_sweep_resumes_without_playing_a_finished_match_twice(tmp_path, capsys):
    plan = write_plan(tmp_path, SMALL_PLAN)
    db = str(tmp_path / "store.sqlite")

    def stop_after_five(done, total):
        if done == 5:
            raise KeyboardInterrupt

    rc, calls, _ = sweep(plan, db=db, progress=stop_after_five)
    assert rc == 130 and len(rows(db)) == 5
    assert "stopped by Ctrl-C: 5 of 12 played and stored" in capsys.readouterr().out
    # each variant got matches in turn: match 0 of all four, then match 1 of the first
    assert sorted(r[1] for r in rows(db)) == [0, 0, 0, 0, 1]
    rc, calls, _ = sweep(plan, db=db)
    assert rc == 0 and [c[1] for c in calls] == [7] * 7  # only the 7 that were missing
    resumed = rows(db)
    rc, _, _ = sweep(plan, db=str(tmp_path / "whole.sqlite"))
    assert resumed == rows(tmp_path / "whole.sqlite")  # the same numbers as a sweep never stopped
    rc, calls, _ = sweep(plan, db=db)
    assert rc == 0 and calls == []  # nothing left: the table and the report only


def test_an_edited_plan_plays_only_what_is_new_and_keeps_the_numbers(tmp_path):
    db = str(tmp_path / "store.sqlite")
    sweep(write_plan(tmp_path, SMALL_PLAN), db=db)
    before = rows(db)
    edited = SMALL_PLAN.replace("runs = 3", "runs = 4").replace('"easy", "normal"', '"normal", "easy", "hard"')
    rc, calls, _ = sweep(write_plan(tmp_path, edited, "edited.toml"), db=db)
    # four old variants get one more match each; two new ones get four
    assert rc == 0 and len(calls) == 4 + 2 * 4
    after = rows(db)
    assert set(before) <= set(after) and len(after) == 12 + 12


@pytest.mark.parametrize("what,expect", [
    ("folder", "not a regular file"),
    ("fifo", "not a regular file"),
    ("text", "not a results store"),
    ("other sqlite", "an SQLite file of something else"),
])
def test_a_store_that_is_not_one_is_one_line_exit_2_and_left_alone(tmp_path, capsys, fifo, never_blocks, what, expect):
    plan = write_plan(tmp_path, SMALL_PLAN)
    path = {"folder": tmp_path, "fifo": fifo, "text": tmp_path / "notes.txt", "other sqlite": tmp_path / "o.db"}[what]
    if what == "text":
        path.write_text("my notes\n" * 100)
    if what == "other sqlite":
        with sqlite3.connect(path) as con:
            con.execute("CREATE TABLE accounts (name TEXT)")
    before = path.read_bytes() if path.is_file() else None
    assert main(["sweep", str(plan), "--db", str(path), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: --db: {path}: ") and expect in err, err
    if before is not None:
        assert path.read_bytes() == before


def test_the_store_says_when_stored_matches_came_from_other_code(tmp_path, capsys):
    plan = write_plan(tmp_path, SMALL_PLAN.replace("runs = 3", "runs = 1"))
    sweep(plan)
    with sqlite3.connect(tmp_path / "plan.sqlite") as con:
        con.execute("UPDATE matches SET code_version = 'skirmish 0.0.1 src 000000000000' WHERE rowid = 1")
    capsys.readouterr()
    sweep(plan)
    assert "note: 1 stored matches of this plan were played by other code" in capsys.readouterr().out


def test_the_documented_queries_run(tmp_path):
    """The example queries in docs/sweeps.md run against a store."""
    plan = write_plan(tmp_path, SMALL_PLAN.replace("runs = 3", "runs = 2"))
    sweep(plan)
    doc = (Path(__file__).resolve().parents[1] / "docs" / "sweeps.md").read_text()
    queries = re.findall(r"```sql\n(.*?)```", doc, re.S)
    assert len(queries) >= 4
    with sqlite3.connect(tmp_path / "plan.sqlite") as con:
        for q in queries:
            assert con.execute(q).fetchall(), q


# --- comparisons -----------------------------------------------------------------------------

def test_holm_adjusts_step_down():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_only_variants_differing_in_one_setting_are_compared_and_holm_decides(tmp_path):
    variants = resolve(load_plan(write_plan(tmp_path, SMALL_PLAN)))[0]
    counts = [(50, 45), (50, 25), (50, 25), (50, 15)]  # (n, blue wins)
    rs = [Row(v, str(i), n, k, n - k, 0, 9.0) for i, (v, (n, k)) in enumerate(zip(variants, counts, strict=True))]
    cs = compare(rs)  # no paired sums: Welch's t on the scores
    # (rifleman, easy) - (rifleman, normal), (rifleman, easy) - (swordsman, easy),
    # (rifleman, normal) - (swordsman, normal), (swordsman, easy) - (swordsman, normal); not the diagonals
    assert len(cs) == 4 and all(c.field in ("blue_squad", "red_ai") for c in cs)
    by = {(c.a.label, c.b.label): c for c in cs}
    assert by[("0", "1")].significant and by[("0", "2")].significant
    # 25 v 15 of 50: p = 0.04 alone, twice, so Holm doubles the smaller of the two: 0.08
    for pair in (("1", "3"), ("2", "3")):
        assert not by[pair].significant and by[pair].p < 0.05 < by[pair].p_holm
        assert by[pair].diff.test == "Welch t" and by[pair].diff.mean == pytest.approx(0.2)
    assert by[("1", "3")].p_holm == pytest.approx(2 * by[("1", "3")].p)
    assert by[("0", "2")].describe() == "blue squad: rifleman 90% vs swordsman 50% (red AI easy)"


def test_a_draw_counts_half_in_the_comparisons_and_paired_variants_are_compared_pairwise(tmp_path):
    variants = resolve(load_plan(write_plan(tmp_path, SMALL_PLAN)))[0]
    a = Row(variants[0], "a", 40, 10, 10, 20, 9.0)  # 10 wins, 20 draws: a score of 50%
    b = Row(variants[1], "b", 40, 10, 30, 0, 9.0)  # 10 wins, no draws: 25%
    welch = compare([a, b])[0]
    assert welch.diff.mean == pytest.approx(0.25) and welch.diff.test == "Welch t"
    # the same variants paired (same map and size): the per-match differences the store gives
    paired = compare([a, b], lambda x, y: (40, 10.0, 10.0))[0]
    assert paired.diff.test == "paired t" and paired.diff.mean == pytest.approx(0.25)
    assert paired.diff.half < welch.diff.half
    e, lo, hi = paired.elo
    assert lo < e < hi and e == pytest.approx(0 - (-400 * math.log10(3)))
    assert "+25 points (95% CI" in paired.size() and "paired t" in paired.size()


def test_the_report_draws_each_variant_as_a_bar_split_by_outcome(tmp_path, capsys):
    import pygame

    from game.lab.chart import BAR_H, BLUE, RED

    plan = write_plan(tmp_path, SMALL_PLAN.replace("runs = 3", "runs = 4"))
    png = tmp_path / "r.png"
    assert main(["sweep", str(plan), "--jobs", "1", "--report", str(png)]) == 0
    assert f"report: {png}" in capsys.readouterr().out
    img = pygame.image.load(str(png))
    with sqlite3.connect(tmp_path / "plan.sqlite") as con:
        want = [r[0] for r in con.execute(
            "SELECT SUM(winner = 'blue') * 1.0 / MAX(1, SUM(winner != 'draw')) FROM results "
            "GROUP BY blue_squad, red_ai ORDER BY blue_squad = 'swordsman', red_ai = 'normal'")]
    # each row's bar: blue from the axis to blue's share, red after the draws (blue's share of
    # the decided matches, counted along the bar's top edge, where the whisker does not reach)
    bars, above = [], 0
    for y in range(img.get_height()):
        line = [img.get_at((x, y))[:3] for x in range(img.get_width())]
        blue, red = line.count(BLUE), line.count(RED)
        # a bar's top edge (a whisker across the whole bar, as with 4 matches, blanks a few
        # rows in its middle: not another bar)
        if blue + red > 300 and above == 0 and (not bars or y - bars[-1][0] > BAR_H):
            bars.append((y, blue, red))
        above = blue + red
    assert len(bars) == 4
    for (_, blue, red), rate in zip(bars, want, strict=True):
        assert blue / (blue + red) == pytest.approx(rate, abs=0.03)


def test_the_store_keeps_which_matches_are_done_as_a_prefix_and_the_rest(tmp_path):
    plan = load_plan(write_plan(tmp_path, SMALL_PLAN.replace("runs = 3", "runs = 9")))
    v = resolve(plan)[0][0]
    store = Store(tmp_path / "s.sqlite")
    try:
        sweep_id = store.begin(plan, [v], "test")
        battle = {"seed": 1, "winner": "draw", "rounds": 1, "casualties": {}, "survivors": {}, "weapons": {}}
        for idx in (0, 1, 2, 5, 7, 8):
            assert store.add(v.id, idx, battle, "test", sweep_id)
        assert not store.add(v.id, 5, battle, "test", sweep_id)  # stored once only
        assert store.finished(v.id, 8) == (3, {5, 7})
        assert store.finished(v.id, 2) == (2, set())
    finally:
        store.close()


def test_a_plans_fog_key_plays_fogged_matches(tmp_path):
    """fog = ["off", "on"]: two variants, the second's matches played with fog of war."""
    from game.sim import play_match

    plan = load_plan(write_plan(tmp_path, f'map = "{STREET}"\nruns = 1\nsize = 1\nfog = ["off", true]\n'))
    variants, grids = resolve(plan)
    assert [v.fog for v in variants] == [False, True]
    battle = play_match(grids[variants[1].map_path], variants[1].spec(0))
    assert battle["winner"] in ("blue", "red", "draw")
    assert simulate(STREET, 1, 1, size=1, fog=True)["fog"] is True


def test_a_sweep_over_rulesets_plays_each_and_its_seeds_replay_under_it(tmp_path):
    """Every ruleset that plays a match plays in a sweep (Mythras and Yags SF beside Yags
    here), the same with worker processes as in one, and a stored seed replays the match."""
    body = f'runs = 2\nmap = "{STREET}"\nsize = 2\nruleset = ["yags", "mythras", "yags-sf"]\n'
    plan = write_plan(tmp_path, body)
    assert sweep(plan, db=str(tmp_path / "one.sqlite"))[0] == 0
    assert sweep(plan, db=str(tmp_path / "two.sqlite"), jobs=2)[0] == 0
    assert rows(tmp_path / "one.sqlite") == rows(tmp_path / "two.sqlite")
    with sqlite3.connect(tmp_path / "one.sqlite") as con:
        stored = con.execute("SELECT ruleset, seed, winner, rounds FROM results ORDER BY ruleset, idx").fetchall()
    assert sorted({r[0] for r in stored}) == ["mythras", "yags", "yags-sf"]
    for ruleset, seed, winner, rounds in stored[::2]:
        again = simulate(STREET, 1, seed, size=2, ruleset=ruleset)["battles"][0]
        assert (again["winner"], again["rounds"]) == (winner, rounds), ruleset
