"""A plan's options of issue 31: both ways round, a baseline with sequential tests, ratings,
a Latin hypercube over numeric ranges, and every problem of a plan listed at once."""

import sqlite3

import pytest

from game.cli import main
from game.lab import sweep as sweep_mod
from game.lab.plan import PlanError, load_plan, resolve
from game.lab.store import Store
from game.lab.verdicts import Sequential
from tests.test_sweep import STREET, sweep, write_plan

SWAP = f'''
runs = 3
map = "{STREET}"
size = 2
swap_sides = true
[blue]
squad = "rifleman"
[red]
ai = "easy"
squad = "swordsman"
'''


def test_swap_sides_plays_each_match_both_ways_round_and_scores_follow_the_bundle(tmp_path, capsys):
    plan = write_plan(tmp_path, SWAP)
    v = resolve(load_plan(plan))[0][0]
    assert v.matches(3) == 6 and '"swap_sides":true' in v.canonical()
    for k in range(3):
        a, b = v.spec(2 * k), v.spec(2 * k + 1)
        assert a.seed == b.seed and a.blue_squad == b.red_squad == "rifleman" and a.red_ai == b.blue_ai == "easy"
    assert v.spec(0).seed != v.spec(2).seed
    rc, calls, errors = sweep(plan)
    assert rc == 0 and not errors and calls[-1] == (6, 6)
    with sqlite3.connect(tmp_path / "plan.sqlite") as con:
        got = con.execute("SELECT idx, winner FROM matches ORDER BY idx").fetchall()
    assert [i for i, _ in got] == list(range(6))
    bundle_wins = sum(1 for i, w in got if w == ("blue" if i % 2 == 0 else "red"))
    bundle_losses = sum(1 for i, w in got if w == ("red" if i % 2 == 0 else "blue"))
    out = capsys.readouterr().out
    assert "1 variant x 3 matches both ways round" in out
    draws = 6 - bundle_wins - bundle_losses
    assert f"{bundle_wins}-{draws}-{bundle_losses}" in out  # the [blue] bundle's W-D-L, not blue's
    points = [sum(1.0 if w == ("blue" if i % 2 == 0 else "red") else 0.5 if w == "draw" else 0.0
                  for i, w in got[2 * k:2 * k + 2]) for k in range(3)]
    ptnml = [sum(1 for p in points if round(2 * p) == j) for j in range(5)]
    assert f"Ptnml(0-2): {', '.join(str(c) for c in ptnml)}" in out
    swapped = sweep_mod.replay_command(v, v.match_seed(1), 1)
    assert "--blue-squad swordsman --red-squad rifleman" in swapped and "--blue-ai easy" in swapped
    assert f"(a match of odd idx, the sides swapped: {sweep_mod.replay_command(v, 'S', 1)})" in out


def test_swap_sides_refuses_the_maps_own_units_in_one_line(tmp_path, capsys):
    plan = write_plan(tmp_path, SWAP.replace('squad = "swordsman"\n', ""))
    assert main(["sweep", str(plan), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "swap_sides: red plays the map's own units" in err


SEQUENTIAL = f'''
runs = 40
map = "{STREET}"
size = 2
baseline = "blue squad swordsman"
sequential = true
[sprt]
elo0 = 0
elo1 = 100
[blue]
squad = ["swordsman", "rifleman", "swordsman,swordsman"]
[red]
squad = "rifleman"
'''


def test_sequential_tests_stop_each_variant_on_the_unbroken_run_and_say_how(tmp_path, capsys):
    plan = write_plan(tmp_path, SEQUENTIAL)
    rc, _, errors = sweep(plan)
    assert rc == 0 and not errors
    out = capsys.readouterr().out
    assert "sequential test against the baseline blue squad swordsman" in out
    variants = resolve(load_plan(plan))[0]
    store = Store(tmp_path / "plan.sqlite")
    try:
        counts = {v.blue_squad: store.outcomes(v.id, 40)["n"] for v in variants}
        # decided again from the store alone: the same verdicts after the same matches
        again = Sequential(load_plan(plan).options.sprt, variants[0], variants, 40)
        again.advance(store)
    finally:
        store.close()
    rifle = again.verdicts[variants[1].id]
    assert rifle.result == "H1" and rifle.n < 40
    assert counts["rifleman"] == rifle.n  # played no further than its test needed (one process)
    assert f"blue squad rifleman: H1 accepted (better than the baseline by 100 Elo or more) after {rifle.n} matches" in out
    twin = again.verdicts[variants[2].id]  # two swordsmen are no better than one here
    assert f"after {twin.n} matches" in out


def test_the_report_rates_the_bundles(tmp_path, capsys):
    plan = write_plan(tmp_path, SEQUENTIAL.replace("sequential = true\n", "").replace("[sprt]\nelo0 = 0\nelo1 = 100\n", "")
                      .replace("runs = 40", "runs = 6"))
    assert sweep(plan)[0] == 0
    out = capsys.readouterr().out
    assert "ratings (Bradley-Terry over every match" in out and "normal AI with rifleman:" in out


def test_a_latin_hypercube_over_the_size_is_reproducible(tmp_path):
    body = f'map = "{STREET}"\ndesign = "lhs"\npoints = 4\nsize = {{ from = 1, to = 4 }}\n[blue]\nsquad = ["rifleman", "gunner"]\n'
    sizes = [v.size for v in resolve(load_plan(write_plan(tmp_path, body)))[0]]
    assert sizes == [v.size for v in resolve(load_plan(write_plan(tmp_path, body, "again.toml")))[0]]
    assert sorted(set(sizes)) == [1, 2, 3, 4] and len(sizes) == 8  # one a stratum, times each squad


def test_the_report_gives_the_score_against_a_ranged_factor(tmp_path, capsys):
    body = f'runs = 2\nmap = "{STREET}"\ndesign = "lhs"\npoints = 2\nsize = {{ from = 1, to = 2 }}\n'
    assert sweep(write_plan(tmp_path, body))[0] == 0
    out = capsys.readouterr().out
    assert "blue's score against the size" in out
    assert "    size 1: " in out and "    size 2: " in out and "2 matches in 1 variant" in out


def test_every_problem_of_a_plan_is_a_line_of_its_own(tmp_path, capsys):
    body = (f'map = "{STREET}"\nruns = 0\npairing = "crn"\nswap_sides = "yes"\nsequential = true\n'
            'size = { from = 1, to = 3 }\npoints = 4\n[sprt]\nalpha = 2\n[red]\nai = "genius"\n')
    plan = write_plan(tmp_path, body)
    with pytest.raises(PlanError) as exc:
        load_plan(plan)
    lines = exc.value.lines
    for expect in ("runs: must be at least 1", "pairing: must be 'paired' or 'none'", "swap_sides: must be true or false",
                   "sequential: needs a baseline", "sprt: alpha and beta between 0 and 1", "points: only used with design",
                   "red.ai: unknown AI level 'genius'", "size: a range needs design = \"lhs\""):
        assert sum(expect in line for line in lines) == 1, (expect, lines)
    assert main(["sweep", str(plan), "--jobs", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == len(lines) and all(str(plan) in line for line in err)
