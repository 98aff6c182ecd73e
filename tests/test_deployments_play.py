"""Deployments chosen for a match (issue 30): simulate and play's --blue-deployment and
--red-deployment, a scenario's and a sweep plan's `deployment`, the canonical form holding a
chosen deployment's places and leaving out an unchosen one."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "maps"))
from tmxfactory import grid, layer, map_xml, obj, objectgroup, tileset  # noqa: E402

from game.cli import main  # noqa: E402
from game.lab.plan import load_plan, resolve  # noqa: E402
from game.lab.scenario import load_scenario  # noqa: E402
from game.lab.simulate import simulate  # noqa: E402
from game.maps import load_map  # noqa: E402
from game.sim import MatchSpec, spec_squads  # noqa: E402
from game.ui.app import config_squads  # noqa: E402

T = 16


def unit(i: int, team: str, x: int, y: int, name: str) -> str:
    return obj(i, "unit", x * T, y * T, T, T, name=name, props={"team": team})


@pytest.fixture
def deploy_map(tmp_path):
    units = objectgroup([unit(1, "blue", 0, 1, "Ann"), unit(2, "blue", 0, 3, "Bob"),
                         unit(3, "red", 11, 1, "Cy"), unit(4, "red", 11, 3, "Dee")], "units", 2)
    flank = objectgroup([unit(5, "blue", 4, 0, "Ann"), unit(6, "blue", 5, 0, "Bob")], "deploy flank", 3)
    flank = flank.replace("<objectgroup ", '<objectgroup visible="0" ', 1)
    back = objectgroup([unit(7, "red", 10, 5, "Cy"), unit(8, "red", 11, 5, "Dee")], "deploy back", 4)
    body = tileset() + layer("ground", grid(12, 6)) + units + flank + back
    path = tmp_path / "deploy.tmx"
    path.write_text(map_xml(width=12, height=6, body=body, props={"max_rounds": 3}), encoding="utf-8")
    return path


def places(squads, team):
    return [(s["name"], s.get("x"), s.get("y")) for s in squads[team]]


def test_a_match_spec_places_each_side_by_its_deployment(deploy_map):
    g = load_map(deploy_map)
    squads = spec_squads(g, MatchSpec(str(deploy_map), 1, blue_deployment="flank", red_deployment="back"))
    assert places(squads, "blue") == [("Ann", 4, 0), ("Bob", 5, 0)]
    assert places(squads, "red") == [("Cy", 10, 5), ("Dee", 11, 5)]
    assert places(spec_squads(g, MatchSpec(str(deploy_map), 1)), "blue") == [("Ann", 0, 1), ("Bob", 0, 3)]
    squads = spec_squads(g, MatchSpec(str(deploy_map), 1, size=3, blue_deployment="flank"))
    assert [(s.get("x"), s.get("y")) for s in squads["blue"]] == [(4, 0), (5, 0), (None, None)]


def test_simulate_plays_with_a_deployment_and_says_so(deploy_map, tmp_path, capsys):
    record = simulate(deploy_map, 1, 1, blue_deployment="flank")
    assert record["blue_deployment"] == "flank" and "red_deployment" not in record
    out = tmp_path / "r.json"
    assert main(["simulate", "--map", str(deploy_map), "--runs", "1", "--jobs", "1", "--red-deployment", "back",
                 "--json", str(out)]) == 0
    assert json.loads(out.read_text())["red_deployment"] == "back"
    capsys.readouterr()
    assert main(["simulate", "--map", str(deploy_map), "--runs", "1", "--blue-deployment", "rear"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("warning:")]
    assert len(err) == 1 and "deployment 'rear' is not on the map (deployments: flank, back)" in err[0]
    assert main(["simulate", "--map", str(deploy_map), "--runs", "1", "--red-deployment", "flank"]) == 2
    assert "deployment 'flank' places no red unit" in capsys.readouterr().err


def test_the_window_places_a_side_by_its_deployment(deploy_map):
    from game.session import SessionConfig

    squads = config_squads(load_map(deploy_map), SessionConfig(str(deploy_map), blue_deployment="flank"))
    assert places(squads, "blue") == [("Ann", 4, 0), ("Bob", 5, 0)]


def test_a_scenario_names_a_sides_deployment(deploy_map, tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(f'map = "{deploy_map}"\n[blue]\ndeployment = "flank"\n')
    assert load_scenario(f)["blue_deployment"] == "flank"


def test_a_plans_deployment_makes_variants_whose_canonical_form_holds_the_places(deploy_map, tmp_path):
    f = tmp_path / "p.toml"
    f.write_text(f'map = "{deploy_map}"\nruns = 1\n[blue]\ndeployment = ["map", "flank"]\n')
    variants, _ = resolve(load_plan(f))
    plain, flank = variants
    assert "deployment" not in plain.canonical()  # as before deployments: its seeds stay
    form = json.loads(flank.canonical())
    assert form["blue"]["deployment"] == {"name": "flank", "places": '[["Ann",4,0],["Bob",5,0]]'}
    assert flank.spec(0).blue_deployment == "flank"
    f.write_text(f'map = "{deploy_map}"\nruns = 1\n[blue]\ndeployment = "rear"\n')
    with pytest.raises(ValueError, match="deployment 'rear' is not on the map"):
        resolve(load_plan(f))
