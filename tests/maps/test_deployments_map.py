"""Deployments on a map (issue 30): `deploy NAME` layers, read even when hidden and never for
the default placement; check-map lists them; a side's units placed by one."""

from __future__ import annotations

import pytest
from maprefusal import refused
from tmxfactory import grid, layer, map_xml, obj, objectgroup, tileset

from game.maps import load_map
from game.maps.check import summarise
from game.maps.deployments import DeploymentError, deploy
from game.squads import map_squads

T = 16


def unit(i: int, team: str, x: int, y: int, name: str | None = None) -> str:
    return obj(i, "unit", x * T, y * T, T, T, name=name, props={"team": team})


def write(tmp_path, groups: list[str]):
    body = tileset() + layer("ground", grid(10, 4)) + "".join(groups)
    path = tmp_path / "deploy.tmx"
    path.write_text(map_xml(width=10, height=4, body=body), encoding="utf-8")
    return path


def hidden(group: str) -> str:
    return group.replace("<objectgroup ", '<objectgroup visible="0" ', 1)


UNITS = objectgroup([unit(1, "blue", 0, 0, "Ann"), unit(2, "blue", 0, 2, "Bob"), unit(3, "red", 9, 1, "Cy")],
                    "units", 2)
FLANK = hidden(objectgroup([unit(4, "blue", 3, 3, "Bob"), unit(5, "blue", 4, 3, "Ann")], "deploy flank", 3))
FRONT = objectgroup([unit(6, "blue", 5, 0), unit(7, "blue", 5, 1), unit(8, "red", 7, 3)], "Deploy  Front", 4)


def test_deployment_layers_are_read_shown_or_hidden_and_never_place_by_default(tmp_path):
    m = load_map(write(tmp_path, [UNITS, FLANK, FRONT]))
    assert [u.name for u in m.units] == ["Ann", "Bob", "Cy"]  # the units layer only
    flank, front = m.deployments
    assert (flank.name, [(u.name, u.x, u.y) for u in flank.units]) == ("flank", [("Bob", 3, 3), ("Ann", 4, 3)])
    assert front.name == "front" and [(u.team, u.x, u.y) for u in front.units] == [
        ("blue", 5, 0), ("blue", 5, 1), ("red", 7, 3)]
    text = summarise(m)
    assert "deployments: 2" in text and "  deploy flank: blue 2" in text and "  deploy front: blue 2, red 1" in text


def test_a_deployment_places_the_maps_units_by_name(tmp_path):
    m = load_map(write(tmp_path, [UNITS, FLANK]))
    specs = map_squads(m)["blue"]
    placed = deploy(m.deployments, m.path, "blue", "flank", specs)
    assert [(s["name"], s["x"], s["y"]) for s in placed] == [("Ann", 4, 3), ("Bob", 3, 3)]
    assert placed[0]["weapon"] == specs[0]["weapon"]  # the unit is the map's, only its place changes


def test_a_squad_takes_a_deployments_places_in_order_and_the_rest_go_to_the_spawn_zone(tmp_path):
    m = load_map(write(tmp_path, [UNITS, FRONT]))
    specs = map_squads(m, "default", 3)["blue"]
    placed = deploy(m.deployments, m.path, "blue", "front", specs)
    assert [(s.get("x"), s.get("y")) for s in placed] == [(5, 0), (5, 1), (None, None)]


def test_an_unknown_deployment_or_one_without_the_side_is_one_line(tmp_path):
    m = load_map(write(tmp_path, [UNITS, FLANK]))
    with pytest.raises(DeploymentError, match=r"deployment 'rear' is not on the map \(deployments: flank\)"):
        deploy(m.deployments, m.path, "blue", "rear", [])
    with pytest.raises(DeploymentError, match="deployment 'flank' places no red unit"):
        deploy(m.deployments, m.path, "red", "flank", [])


def test_a_deployment_unit_is_checked_as_the_units_layers_are(tmp_path):
    bad = objectgroup([obj(4, "unit", 3 * T, 3 * T, T, T, props={"team": "green"})], "deploy flank", 3)
    refused(write(tmp_path, [UNITS, bad]), "layer 'deploy flank' object 4", "'green' is not a team")
    off = objectgroup([unit(4, "blue", 30, 3)], "deploy flank", 3)
    refused(write(tmp_path, [UNITS, off]), "layer 'deploy flank' object 4", "outside the 10x4 map")
    again = objectgroup([unit(9, "blue", 2, 2)], "deploy flank", 5)
    refused(write(tmp_path, [UNITS, FLANK, again]), "a second deployment named 'flank'")
