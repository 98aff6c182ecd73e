"""Tactics written down (issue 30, docs/tactics.md): routes on the map, the tactic file and its
one-line errors, and each order and condition carried out by the AI on a small map."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "maps"))

from tmxfactory import WALL, grid, layer, obj, write_map  # noqa: E402

from game.cli import main  # noqa: E402
from game.maps import MapError, load_map  # noqa: E402
from game.sim import MatchSpec, play_match  # noqa: E402
from game.tactics import TacticError, check_tactic, parse_tactic  # noqa: E402
from game.tactics.check import members  # noqa: E402

W, H = 24, 12
ROUTE = '   <polyline points="0,0 160,-32 320,-32"/>\n'  # from tile (2, 3) by (12, 1) to (22, 1)


def routes_map(tmp_path: Path, route: str = ROUTE, route_name: str | None = "north", far_red: bool = False) -> Path:
    rows = grid(W, H)
    for y in range(3, 9):
        rows[y][12] = WALL + 1  # a wall in the middle; open ground above and below it
    objs = [obj(i + 1, "unit", 16 + 8, 16 * (3 + i) + 8, props={"team": "blue", "role": "rifleman" if i else "gunner"},
                name=f"Blue {i + 1}") for i in range(3)]
    if far_red:  # red shut in a walled yard in the south-east corner: nothing meets it
        for x in range(17, W):
            rows[7][x] = WALL + 1
        for y in range(7, H):
            rows[y][17] = WALL + 1
    objs += [obj(10 + i, "unit", 16 * 22 + 8, 16 * (9 + i if far_red else 4 + i) + 8, props={"team": "red"},
                 name=f"Red {i + 1}") for i in range(3)]
    objs.append(obj(30, "route", 16 * 2 + 8, 16 * 3 + 8, name=route_name, extra=route))
    return write_map(tmp_path, width=W, height=H, layers=[layer("ground", rows)], objects=objs, name="routes.tmx",
                     props={"max_rounds": 8} if far_red else None)


FLANK = """
name = "flank"
[[group]]
name = "flankers"
units = ["Blue 1", "Blue 2"]
  [[group.order]]
  do = "advance"
  route = "north"
  until = { route_end = true }
  [[group.order]]
  do = "hold"
  name = "in_position"
[[group]]
name = "base"
units = "all"
  [[group.order]]
  do = "hold"
  until = { signal = "flankers.in_position" }
  [[group.order]]
  do = "free"
"""


def play(tmp_path: Path, text: str, seed: int = 1, ruleset: str = "yags", fog: bool = False, rounds=None,
         **map_kw) -> tuple[dict, list]:
    path = routes_map(tmp_path, **map_kw)
    seen: list = []

    def on_round(m) -> None:
        seen.append({v.name: (v.pos, v.out) for v in m.units()})
        seen[-1]["log"] = [e.text for e in m.log if e.kind == "info" and " -> " in e.text]

    spec = MatchSpec(str(path), seed, ruleset=ruleset, fog=fog, blue_tactic=("t.toml", text))
    return play_match(load_map(path), spec, on_round), seen


def cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# --- the map's routes --------------------------------------------------------------------


def test_a_route_is_read_as_the_tiles_under_its_points(tmp_path):
    g = load_map(routes_map(tmp_path))
    assert [(r.name, r.points) for r in g.routes] == [("north", ((2, 3), (12, 1), (22, 1)))]


@pytest.mark.parametrize(("route", "name", "says"), [
    (ROUTE, None, "a route needs a name"),
    ('   <polyline points="0,0 900,0"/>\n', "north", "lies outside the map"),
    ('   <polyline points="0,0 160,0"/>\n', "north", "blocks movement"),  # ends on the wall at (12, 3)
])
def test_a_bad_route_is_refused_in_one_line(tmp_path, route, name, says):
    with pytest.raises(MapError) as err:
        load_map(routes_map(tmp_path, route=route, route_name=name))
    assert says in str(err.value) and "\n" not in str(err.value) and "routes.tmx" in str(err.value)


# --- the file ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "says"), [
    ("name = 3", "name: must be a non-empty string"),
    ("[[group]]\nname = 'a'\nunits = ['Blue 1']", "group 'a' order: give at least one"),
    ("[[group]]\nname = 'a'\n[[group.order]]\ndo = 'free'", "give either units"),
    ("[[group]]\nname = 'a'\nunits = 'all'\n[[group.order]]\ndo = 'dance'", "'dance' is not an order"),
    ("[[group]]\nname = 'a'\nunits = 'all'\n[[group.order]]\ndo = 'advance'", "`advance` needs `route`"),
    ("[[group]]\nname = 'a'\nunits = 'all'\n[[group.order]]\ndo = 'hold'\n[[group.order]]\ndo = 'free'",
     "order 1: has no `until`"),
    ("[[group]]\nname = 'a'\nunits = 'all'\n[[group.order]]\ndo = 'hold'\nuntil = { round = 0 }\n"
     "[[group.order]]\ndo = 'free'", "until.round: must be a whole number"),
    ("[[group]]\nname = 'a'\nunits = 'all'\n[[group.order]]\ndo = 'hold'\nuntil = { signal = 'b.x' }\n"
     "[[group.order]]\ndo = 'free'", "no group named 'b'"),
    ("[[group]]\nname = 'a'\nunits = 'all'\nweights = { bravery = 2 }\n[[group.order]]\ndo = 'free'",
     "weights.bravery: not an AI weight"),
    ("[[group]]\nname = 'a'\nunits = 'all'\n[[group.order]]\ndo = 'hold'\nat = [1]", "order 1 at: must be [x, y]"),
    ("[[group]]\nname = 'a'\nunits = 'all'\n[[group.order]]\ndo = 'free'\nroute = 'north'", "`free` takes no 'route'"),
    ("x = [", "not valid TOML"),
])
def test_a_bad_tactic_file_is_one_line_naming_the_file_and_field(text, says):
    with pytest.raises(TacticError) as err:
        parse_tactic(text, "my.toml")
    assert str(err.value).startswith("my.toml: ") and says in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(("change", "says"), [
    (('route = "north"', 'route = "south"'), "no route named 'south'"),
    (('units = ["Blue 1", "Blue 2"]', 'units = ["Blue 1", "Blue 9"]'), "no blue unit named 'Blue 9'"),
    (('units = ["Blue 1", "Blue 2"]', 'role = "medic"'), "no blue unit has the role 'medic'"),
    (('do = "hold"\n  name', 'do = "hold"\n  at = [12, 5]\n  name'), "tile (12, 5) blocks movement"),
    (('do = "hold"\n  name', 'do = "hold"\n  at = [40, 5]\n  name'), "outside the 24x12 map"),
])
def test_a_tactic_that_does_not_fit_the_map_is_one_line(tmp_path, change, says):
    t = parse_tactic(FLANK.replace(*change), "flank.toml")
    g = load_map(routes_map(tmp_path))
    specs = [{"name": u.name, "role": u.role} for u in g.units if u.team == "blue"]
    with pytest.raises(TacticError) as err:
        check_tactic(t, g, specs, "blue")
    assert str(err.value).startswith("flank.toml: group") and says in str(err.value)


def test_groups_by_name_by_role_and_all():
    t = parse_tactic("""
[[group]]
name = "named"
units = ["Blue 2"]
  [[group.order]]
  do = "free"
[[group]]
name = "gunners"
role = "gunner"
  [[group.order]]
  do = "free"
[[group]]
name = "rest"
units = "all"
  [[group.order]]
  do = "free"
""")
    specs = [{"name": "Blue 1", "role": "gunner"}, {"name": "Blue 2", "role": "gunner"}, {"name": "Blue 3"}]
    assert members(t, specs) == {"Blue 1": "gunners", "Blue 2": "named", "Blue 3": "rest"}


# --- the orders in play ---------------------------------------------------------------


def test_advance_follows_the_route_and_its_end_moves_the_group_on(tmp_path):
    """Red is shut in a yard, out of the way: the flankers walk the route round the wall
    to its end and then hold there (the plain AI would walk straight at red)."""
    _, rounds = play(tmp_path, FLANK, far_red=True)
    ends = [r for r in rounds if r["Blue 1"][0][1] <= 2 and r["Blue 1"][0][0] >= 11]
    assert ends, [r["Blue 1"] for r in rounds]  # it went over the top of the wall, along the route
    log = " ".join(rounds[-1]["log"])
    assert "flankers: advance along north -> hold" in log and "(route's end)" in log


def test_hold_stays_put_until_the_signal(tmp_path):
    """The base group (Blue 3) holds where it starts while the flankers advance; it goes free
    only on the flankers' signal (their second order, "in_position")."""
    _, rounds = play(tmp_path, FLANK, far_red=True)
    start = (1, 5)
    freed = next(i for i, r in enumerate(rounds) if any("base: hold" in line for line in r["log"]))
    for r in rounds[:freed]:
        assert cheb(r["Blue 3"][0], start) <= 2
    assert freed >= 1  # the route takes more than a round


def test_round_and_casualty_conditions(tmp_path):
    text = """
[[group]]
name = "all"
units = "all"
  [[group.order]]
  do = "hold"
  until = { round = 3 }
  [[group.order]]
  do = "withdraw"
  to = [1, 10]
  until = { casualties = 1 }
  [[group.order]]
  do = "free"
"""
    _, rounds = play(tmp_path, text, far_red=True)
    lines = rounds[-1]["log"]
    assert lines[0].startswith("blue all: hold here -> withdraw to (1, 10)") and "(round 3)" in lines[0]
    for r in rounds[:2]:  # rounds 1 and 2 hold (the first two records are the ends of rounds 1, 2)
        assert all(cheb(r[f"Blue {i}"][0], (1, 2 + i)) <= 2 for i in (1, 2, 3))
    if len(lines) > 1:
        assert "(1 down)" in lines[1]


def test_contact_moves_the_group_on(tmp_path):
    text = FLANK.replace("until = { route_end = true }", "until = { contact = true }")
    _, rounds = play(tmp_path, text)  # red stands in the open, seen from the route
    assert any("(contact)" in line or "(shot at)" in line for line in rounds[-1]["log"])


@pytest.mark.parametrize("ruleset", ["yags", "mythras", "yags-sf", "step"])
@pytest.mark.parametrize("fog", [False, True])
def test_a_match_with_a_tactic_plays_to_the_end_under_every_ruleset(tmp_path, ruleset, fog):
    text = FLANK.replace('do = "hold"\n  name', 'do = "overwatch"\n  toward = [22, 4]\n  name')
    record, rounds = play(tmp_path, text, ruleset=ruleset, fog=fog, seed=2)
    assert record["winner"] in ("blue", "red", "draw") and record["rounds"] == len(rounds)
    again, _ = play(tmp_path, text, ruleset=ruleset, fog=fog, seed=2)
    assert {k: v for k, v in again.items() if k != "decision_ms"} == {k: v for k, v in record.items() if k != "decision_ms"}
    if fog:  # with fog the other side would read the AI's orders in the log
        assert rounds[-1]["log"] == []


def test_simulate_takes_tactics_and_refuses_a_bad_one_in_one_line(tmp_path, capsys):
    path = routes_map(tmp_path)
    good = tmp_path / "flank.toml"
    good.write_text(FLANK)
    assert main(["simulate", "--map", str(path), "--runs", "2", "--jobs", "1", "--blue-tactic", str(good)]) == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(FLANK.replace('route = "north"', 'route = "south"'))
    capsys.readouterr()
    assert main(["simulate", "--map", str(path), "--runs", "2", "--jobs", "1", "--blue-tactic", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "bad.toml" in err and "no route named 'south'" in err


RED_HOLD = """
[[group]]
name = "line"
units = "all"
  [[group.order]]
  do = "hold"
  until = { round = 3 }
  [[group.order]]
  do = "free"
"""


def test_a_save_keeps_the_tactic_text_and_replays_exactly(tmp_path):
    """Solo against a red tactic: the save embeds the tactic's text, so loading it replays the
    same battle after the file has changed (or gone)."""
    import esper

    from game.ai import make_controller
    from game.saves import load_game, save_game
    from game.session import SessionConfig
    from game.ui.app import new_session
    from game.world.actions import Hold

    path = routes_map(tmp_path)
    tactic = tmp_path / "red.toml"
    tactic.write_text(RED_HOLD)
    s = new_session(SessionConfig(str(path), "solo", "normal", 4, tactics={"red": (str(tactic), RED_HOLD)}))
    blue = make_controller("normal", 9, "blue")
    while s.match.round <= 3 and not s.match.over:
        if s.needs_round:
            s.begin_round()
        while (uid := s.current()) is not None and s.can_declare(uid):
            action, choices = blue.decide(s.match, uid)
            if type(s.declare(uid, action, **choices)).__name__ == "Impossible":
                s.declare(uid, Hold())
    saved = save_game(s, tmp_path / "a.json")
    tactic.write_text("garbage = [")
    loaded = load_game(saved)
    try:
        assert loaded.match.log.lines() == s.match.log.lines()
        assert any("red line: hold here -> free (round 3)" in line for line in s.match.log.lines())
    finally:
        loaded.match.close()
        s.match.close()
        esper.switch_world("default")


def test_play_refuses_a_tactic_for_the_keyboard_side(tmp_path, capsys):
    path = routes_map(tmp_path)
    tactic = tmp_path / "flank.toml"
    tactic.write_text(FLANK)
    assert main(["play", "--map", str(path), "--blue-tactic", str(tactic), "--screenshot", str(tmp_path / "s.png")]) == 2
    assert "blue is played at the keyboard in solo" in capsys.readouterr().err


# --- tactics in a sweep ------------------------------------------------------------------------


def test_a_sweep_plan_varies_the_tactic_and_keeps_its_text(tmp_path, capsys):
    """`[blue] tactic = [...]`: one variant per tactic ("none": without one); the canonical form
    holds the tactic's content, so an edited file makes a new variant; a tactic that does not fit
    the map, and swap_sides with a tactic, are one line naming the plan."""
    import sqlite3

    from game.lab.plan import PlanError, load_plan, resolve

    path = routes_map(tmp_path)
    (tmp_path / "flank.toml").write_text(FLANK)
    plan = tmp_path / "plan.toml"
    plan.write_text(f'map = "{path.name}"\nruns = 2\n[blue]\ntactic = ["flank.toml", "none"]\n')
    variants, _ = resolve(load_plan(plan))
    assert [v.value("blue_tactic") for v in variants] == ["flank", "none"]
    assert '"tactic"' in variants[0].canonical() and '"tactic"' not in variants[1].canonical()
    assert main(["sweep", str(plan), "--jobs", "1"]) == 0
    with sqlite3.connect(tmp_path / "plan.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 4
    db.close()
    (tmp_path / "flank.toml").write_text(FLANK.replace("route_end = true", "round = 4"))
    again, _ = resolve(load_plan(plan))
    assert again[0].id != variants[0].id and again[1].id == variants[1].id
    (tmp_path / "flank.toml").write_text(FLANK.replace('route = "north"', 'route = "south"'))
    with pytest.raises(PlanError) as err:
        resolve(load_plan(plan))
    assert "plan.toml" in str(err.value) and "no route named 'south'" in str(err.value)
    (tmp_path / "flank.toml").write_text(FLANK)
    plan.write_text(f'map = "{path.name}"\nruns = 2\nswap_sides = true\n[blue]\nsquad = "rifleman"\n'
                    'tactic = "flank.toml"\n[red]\nsquad = "rifleman"\n')
    with pytest.raises(PlanError) as err:
        resolve(load_plan(plan))
    assert "swap_sides" in str(err.value) and "\n" not in str(err.value)


def test_check_map_lists_the_routes(tmp_path, capsys):
    path = routes_map(tmp_path)
    assert main(["check-map", str(path)]) == 0
    assert "route 'north': 3 points from (2, 3) to (22, 1)" in capsys.readouterr().out


def test_the_worked_example_of_docs_tactics_md_still_plays():
    """docs/examples/flank: the plan's two tactics fit the map, and one match of each plays."""
    from game.lab.plan import load_plan, resolve

    plan = Path(__file__).resolve().parents[1] / "docs" / "examples" / "flank" / "plan.toml"
    variants, grids = resolve(load_plan(plan))
    assert [v.value("blue_tactic") for v in variants] == ["flank", "frontal"]
    for v in variants:
        record = play_match(grids[v.map_path], v.spec(0))
        assert record["winner"] in ("blue", "red", "draw")


STORE = str(Path(__file__).resolve().parents[1] / "maps" / "store.tmx")
TAKE_THE_STORE = """
[[group]]
name = "all"
units = "all"
  [[group.order]]
  do = "hold"
  at = "The store (blue)"
  until = { zone = "The store (blue)" }
  [[group.order]]
  do = "hold"
  until = { objective = "The store (blue)" }
  [[group.order]]
  do = "free"
"""


def test_objectives_as_places_and_conditions():
    """An objective's zone is a place to hold, and conditions can wait for a unit in the zone
    (`zone`) or for the objective to be decided (`objective`): on the store map blue makes for
    the store, and the first order ends when one of them stands inside."""
    spec = MatchSpec(STORE, 3, blue_tactic=("take.toml", TAKE_THE_STORE))
    lines: list[str] = []
    record = play_match(load_map(STORE), spec, lambda m: lines.extend(
        e.text for e in m.log.since(len(m.log) - 200) if e.kind == "info" and " -> " in e.text))
    assert any("(in The store (blue))" in line for line in lines), (record["winner"], record["rounds"])
    bad = parse_tactic(TAKE_THE_STORE.replace('zone = "The store (blue)"', 'zone = "The shed"'), "take.toml")
    g = load_map(STORE)
    with pytest.raises(TacticError) as err:
        check_tactic(bad, g, [{"name": u.name} for u in g.units if u.team == "blue"], "blue")
    assert "until.zone: the map has no objective named 'The shed'" in str(err.value)


def test_a_scenario_names_a_tactic_and_max_rounds(tmp_path, capsys):
    import json

    path = routes_map(tmp_path)
    (tmp_path / "flank.toml").write_text(FLANK)
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'map = "{path.name}"\nruns = 1\nmax_rounds = 3\n[blue]\ntactic = "flank.toml"\n')
    capsys.readouterr()
    assert main(["simulate", "--scenario", str(scenario), "--jobs", "1", "--json", "-"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["blue_tactic"].endswith("flank.toml") and record["max_rounds"] == 3
    assert record["battles"][0]["rounds"] <= 3
    scenario.write_text(f'map = "{path.name}"\n[blue]\ntactic = "gone.toml"\n')
    assert main(["simulate", "--scenario", str(scenario), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "s.toml: blue.tactic:" in err and "gone.toml" in err and err.count("\n") == 1
