"""Per role (issue 31, "Where things happen"): survival, who downed whom and the round of the
first casualty, from a hand-made store whose figures are worked out by hand; and a played
sweep's units agree with its casualty counts."""

import sqlite3

from game.lab.plan import load_plan, resolve
from game.lab.roles import NO_ATTACK, RoleTally, of_battles, role_lines
from game.lab.store import Store
from tests.test_sweep import SMALL_PLAN, sweep, write_plan


def unit(team, role, down=None, by=None):
    return {"team": team, "role": role, "down": down, "by": by}


BASE = {"winner": "blue", "rounds": 6, "survivors": {}, "casualties": {}}

# match 0: blue's gunner (uid 1) downs red's rifleman (2) in round 3 and red's leader (3) in
# round 5; match 1: red's rifleman (2) downs blue's rifleman (0) in round 2, and blue's gunner
# (1) falls in round 4, no attack having hurt it; match 2: no one goes down
MATCHES = [
    [unit("blue", "rifleman"), unit("blue", "gunner"), unit("red", "rifleman", 3, 1), unit("red", "leader", 5, 1)],
    [unit("blue", "rifleman", 2, 2), unit("blue", "gunner", 4), unit("red", "rifleman"), unit("red", "leader")],
    [unit("blue", "rifleman"), unit("blue", "gunner"), unit("red", "rifleman"), unit("red", "leader")],
]


def hand_made(tmp_path):
    plan = load_plan(write_plan(tmp_path, SMALL_PLAN))
    v = resolve(plan)[0][0]
    store = Store(tmp_path / "hand.sqlite")
    sweep_id = store.begin(plan, [v], "test")
    for i, units in enumerate(MATCHES):
        assert store.add(v.id, i, {**BASE, "seed": i, "units": units}, "test", sweep_id)
    return store, v


def test_per_role_figures_of_a_hand_made_store(tmp_path):
    store, v = hand_made(tmp_path)
    try:
        t = store.roles(v.id, 3)
        assert t.matches == 3
        blue_r, blue_g, red_r, red_l = ("blue", "rifleman"), ("blue", "gunner"), ("red", "rifleman"), ("red", "leader")
        assert t.units == {blue_r: 3, blue_g: 3, red_r: 3, red_l: 3}
        assert t.survived == {blue_r: 2, blue_g: 2, red_r: 2, red_l: 2}
        assert t.downed == {(blue_g, red_r): 1, (blue_g, red_l): 1, (red_r, blue_r): 1, (NO_ATTACK, blue_g): 1}
        assert t.first == {3: 1, 2: 1, None: 1}  # match 0's first fell in round 3, match 1's in 2
        assert t.first_median() == 2.5 and t.first_bins() == [("2", 1), ("3", 1), ("none", 1)]
        assert store.roles(v.id, 1).matches == 1  # the first `runs` only
        assert store.roles(v.id, 1).first == {3: 1}
    finally:
        store.close()
    text = "\n".join(role_lines(t, "per role"))
    # Wilson's 95% interval of 2 of 3: 20.8% to 93.9%; roles of as many units in the order of their names
    assert "blue: gunner 2/3 67% (21-94%), rifleman 2/3 67% (21-94%)" in text
    assert "first casualty: median round 2.5; matches by round: r2 1, r3 1, none 1" in text
    out = role_lines(t, "per role")
    start = next(i for i, line in enumerate(out) if "who downed whom" in line) + 1
    table = [line.split() for line in out[start:start + 5]]
    assert table[0] == ["blue", "blue", "red", "red"]
    assert table[1] == ["gunner", "rifleman", "leader", "rifleman"]  # the downed: blue's, then red's
    assert table[2] == ["blue", "gunner", ".", ".", "1", "1"]
    assert table[3] == ["red", "rifleman", ".", "1", ".", "."]
    assert table[4] == ["no", "attack", "1", ".", ".", "."]


def test_with_sides_swapped_a_unit_counts_for_its_bundle(tmp_path):
    t = RoleTally()
    t.add(MATCHES[0], swapped=True)  # the [blue] bundle stood on red's side: its units are blue's
    assert t.survived == {("red", "rifleman"): 1, ("red", "gunner"): 1}
    assert t.downed == {(("red", "gunner"), ("blue", "rifleman")): 1, (("red", "gunner"), ("blue", "leader")): 1}


def test_a_store_made_before_units_says_it_has_no_per_unit_data(tmp_path):
    store, v = hand_made(tmp_path)
    try:
        store.db.execute("DELETE FROM units")
        t = store.roles(v.id, 3)
    finally:
        store.close()
    assert t.matches == 0 and role_lines(t, "per role") == [
        "  per role: no per-unit data (matches stored before schema 5)"]


def test_a_played_sweep_stores_every_unit_and_its_downs_match_the_casualties(tmp_path):
    plan = write_plan(tmp_path, SMALL_PLAN)
    db = tmp_path / "s.sqlite"
    rc, calls, _ = sweep(plan, db=str(db))
    assert rc == 0 and len(calls) == 12
    with sqlite3.connect(db) as con:
        per_match = con.execute(
            "SELECT m.blue_casualties + m.red_casualties, COUNT(u.unit), SUM(u.down_round IS NOT NULL), "
            "SUM(u.down_round IS NOT NULL AND u.down_round > m.rounds) FROM matches m JOIN units u USING (variant, idx) "
            "GROUP BY m.variant, m.idx").fetchall()
        roles = {r[0] for r in con.execute("SELECT DISTINCT role FROM units")}
        attackers = con.execute("SELECT COUNT(*) FROM units a JOIN units b ON b.variant = a.variant AND b.idx = a.idx "
                                "AND b.unit = a.downed_by").fetchone()[0]
        downed_by = con.execute("SELECT COUNT(*) FROM units WHERE downed_by IS NOT NULL").fetchone()[0]
    con.close()
    assert len(per_match) == 12 and all(n == 4 for _, n, _, _ in per_match)  # size = 2 a side
    assert all(cas == downs for cas, _, downs, _ in per_match) and all(late == 0 for *_, late in per_match)
    assert roles == {"rifleman", "swordsman"}
    assert downed_by == attackers > 0  # each attacker is a unit of the same match


def test_simulate_battles_give_the_same_figures_as_the_store():
    t = of_battles({"units": units} for units in MATCHES)
    assert (t.matches, t.first, t.downed[(("blue", "gunner"), ("red", "leader"))]) == (3, {3: 1, 2: 1, None: 1}, 1)


def test_the_report_draws_a_per_role_picture(tmp_path):
    import pygame

    from game.lab.rolechart import draw_role_chart

    t = of_battles({"units": units} for units in MATCHES)
    path = draw_role_chart("hand-made", t, str(tmp_path / "roles.png"))
    picture = pygame.image.load(path)
    assert picture.get_width() >= 1100 and picture.get_height() > 400
    empty = draw_role_chart("none", RoleTally(), str(tmp_path / "none.png"))  # no matches: still a picture
    assert pygame.image.load(empty).get_height() > 0


def test_simulate_json_carries_the_per_role_figures(tmp_path, capsys):
    import json

    from game.cli import main
    from tests.test_sweep import STREET

    out = tmp_path / "r.json"
    assert main(["simulate", "--map", STREET, "--runs", "2", "--size", "2", "--jobs", "1", "--json", str(out)]) == 0
    record = json.loads(out.read_text())
    roles = record["summary"]["roles"]
    downs = sum(b["casualties"]["blue"] + b["casualties"]["red"] for b in record["battles"])
    assert roles["matches"] == 2 and sum(r["units"] for r in roles["survival"]) == 8
    assert sum(r["units"] - r["survived"] for r in roles["survival"]) == downs == sum(d["units"] for d in roles["downed"])
    assert all(len(b["units"]) == 4 and "event_log" not in b for b in record["battles"])
    assert "per role (2 matches):" in capsys.readouterr().out
