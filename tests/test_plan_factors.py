"""A sweep can vary max rounds and every AI weight (issue 30: `max_rounds`, `[blue.ai_weights]`),
as values, lists or ranges under a Latin hypercube (issue 31), and each is left out of the
canonical form when not set, so every stored variant keeps its id and seeds."""

import pytest

from game.lab.plan import PlanError, load_plan, resolve
from game.sim import play_match
from tests.test_sweep import STREET, write_plan


def variants(tmp_path, body):
    return resolve(load_plan(write_plan(tmp_path, f'runs = 1\nmap = "{STREET}"\nsize = 2\n' + body)))[0]


def test_max_rounds_and_weights_are_factors_of_their_own(tmp_path):
    vs = variants(tmp_path, "max_rounds = [3, 5]\n[blue.ai_weights]\ncover = [0.5, 2.0]\n")
    assert [(v.max_rounds, v.blue_weights) for v in vs] == [
        (3, (("cover", 0.5),)), (3, (("cover", 2.0),)), (5, (("cover", 0.5),)), (5, (("cover", 2.0),))]
    assert len({v.id for v in vs}) == 4
    assert '"max_rounds":3' in vs[0].canonical() and '"ai_weights":{"cover":0.5}' in vs[0].canonical()
    record = play_match(__import__("game.maps", fromlist=["load_map"]).load_map(STREET), vs[0].spec(0))
    assert record["rounds"] <= 3  # the plan's max rounds, not the map's 40


def test_a_plan_without_them_keeps_its_variants(tmp_path):
    """The canonical form of a variant that sets neither is as before issue 30."""
    (v,) = variants(tmp_path, "")
    assert "max_rounds" not in v.canonical() and "ai_weights" not in v.canonical()
    (w,) = variants(tmp_path, 'max_rounds = "map"\n')
    assert w.id == v.id


def test_weights_in_a_latin_hypercube(tmp_path):
    vs = variants(tmp_path, 'design = "lhs"\npoints = 5\n[blue.ai_weights]\ncover = { from = 0.0, to = 2.0 }\n'
                            'distance = { from = 0.5, to = 1.5 }\n')
    covers = sorted(dict(v.blue_weights)["cover"] for v in vs)
    assert len(vs) == 5 and all(0.0 <= c <= 2.0 for c in covers)
    assert [int(c / 0.4) for c in covers] == [0, 1, 2, 3, 4]  # one point in each fifth of the range
    again = variants(tmp_path, 'design = "lhs"\npoints = 5\n[blue.ai_weights]\ncover = { from = 0.0, to = 2.0 }\n'
                               'distance = { from = 0.5, to = 1.5 }\n')
    assert [v.id for v in again] == [v.id for v in vs]  # seeded: the same design every time


@pytest.mark.parametrize(("body", "says"), [
    ("[blue.ai_weights]\nbravery = 2\n", "blue.ai_weights.bravery: not an AI weight"),
    ("[red.ai_weights]\ncover = \"lots\"\n", "red.ai_weights.cover: must be a number"),
    ("max_rounds = 0\n", "max_rounds: must be at least 1"),
    ('[blue]\nai = "random"\nai_weights = { cover = 2 }\n', "the random AI level has no weights"),
])
def test_a_bad_factor_is_one_line_naming_the_plan_and_field(tmp_path, body, says):
    with pytest.raises(PlanError) as err:
        variants(tmp_path, body)
    assert "plan.toml" in str(err.value) and says in str(err.value)


def test_simulate_and_duel_take_max_rounds_and_weights(capsys):
    import json

    from game.cli import main

    assert main(["simulate", "--map", STREET, "--runs", "1", "--size", "2", "--jobs", "1", "--max-rounds", "2",
                 "--blue-ai-weights", "cover=2,distance=0.5", "--json", "-"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["battles"][0]["rounds"] <= 2 and record["blue_weights"] == {"cover": 2.0, "distance": 0.5}
    assert main(["simulate", "--map", STREET, "--runs", "1", "--blue-ai-weights", "cover=lots"]) == 2
    assert "--blue-ai-weights: cover: 'lots' is not a number" in capsys.readouterr().err
    assert main(["duel", "--a", "broad_sword", "--b", "mace", "--max-rounds", "2"]) == 0
    assert main(["duel", "--a", "broad_sword", "--b", "mace", "--rounds", "2"]) == 0  # the old name


def test_an_lhs_sweep_reports_the_score_against_each_ranged_factor(tmp_path, capsys):
    from game.cli import main
    from game.lab.factorchart import smooth

    plan = write_plan(tmp_path, f'runs = 2\nmap = "{STREET}"\nsize = 2\ndesign = "lhs"\npoints = 4\n'
                                'max_rounds = {{ from = 3, to = 12 }}\n[blue.ai_weights]\ncover = {{ from = 0.0, to = 2.0 }}\n'
                      .replace("{{", "{").replace("}}", "}"))
    report = tmp_path / "chart.png"
    assert main(["sweep", str(plan), "--jobs", "1", "--report", str(report)]) == 0
    out = capsys.readouterr().out
    assert "blue's score against the max_rounds" in out and "blue's score against the blue_w_cover" in out
    for factor in ("max_rounds", "blue_w_cover"):
        assert (tmp_path / f"chart-{factor}.png").stat().st_size > 0
    # the smooth: a running mean of the nearest points, weighted by their matches
    assert smooth([(0.0, 0.0, 0, 0, 10), (1.0, 1.0, 0, 0, 30)], k=2) == [(0.0, 0.75), (1.0, 0.75)]
