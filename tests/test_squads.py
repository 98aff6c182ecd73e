"""Squad templates and a map's own units as unit specs (game/squads.py)."""

from dataclasses import replace

import pytest

from game.maps import load_map
from game.maps.grid import UnitSpawn
from game.squads import SquadError, map_squads, squad_specs, template_spec


def test_map_unit_with_an_unknown_template_names_the_map_and_the_unit():
    grid = load_map("maps/street.tmx")
    bad = replace(grid, units=(UnitSpawn("blue", 1, 8, name="Pvt Nobody", template="ninja"),))
    with pytest.raises(SquadError) as err:
        map_squads(bad)
    msg = str(err.value)
    assert msg.startswith(f"{grid.path}: blue unit 'Pvt Nobody' at (1, 8): template:")
    assert "'ninja'" in msg and "rifleman" in msg and "\n" not in msg


def test_templates_and_squads():
    spec = template_spec("rifleman", "Ann")
    assert spec["name"] == "Ann" and spec["weapon"]
    specs = squad_specs("default", "red", 3)
    assert [s["name"] for s in specs] == ["Red 1", "Red 2", "Red 3"]
    with pytest.raises(SquadError, match="unknown squad 'elite'"):
        squad_specs("elite", "red")


def test_grenades_none_means_none_whatever_the_template_carries():
    """A unit object with `grenades` = `none` carries no grenades even on the rifleman
    template (which has a concussion grenade); with no `grenades` property it gets the
    template's (docs/maps.md, Units)."""
    grid = load_map("maps/street.tmx")
    assert template_spec("rifleman", "x")["grenades"]  # the template carries one
    units = (UnitSpawn("blue", 1, 8, name="Bare", template="rifleman", grenades="none"),
             UnitSpawn("blue", 1, 9, name="Kit", template="rifleman"),
             UnitSpawn("red", 38, 8, name="Two", template="rifleman", grenades="frag_grenade, frag_grenade"))
    squads = map_squads(replace(grid, units=units))
    by_name = {s["name"]: s for team in squads.values() for s in team}
    assert by_name["Bare"]["grenades"] == []
    assert by_name["Kit"]["grenades"] == template_spec("rifleman", "x")["grenades"]
    assert by_name["Two"]["grenades"] == ["frag_grenade", "frag_grenade"]


def test_issue12_more_units_than_walkable_tiles_are_refused_before_the_match():
    """`simulate --size 500` on the street ended in 'no free walkable tile', a traceback from
    inside the first match; check_squads counts the walkable tiles first."""
    from game.squads import check_squads

    grid = load_map("maps/street.tmx")
    squads = {"blue": squad_specs("default", "blue", 400), "red": squad_specs("default", "red", 400)}
    with pytest.raises(SquadError, match="800 units but only 706 walkable tiles"):
        check_squads(grid, squads)


@pytest.mark.parametrize("field,value,expect", [
    ("attributes", [[]], "attributes: must be a table"),
    ("x", float("inf"), "x: must be a whole number"),
    ("skills", {"Rifles": 10**30}, "skills.Rifles: must be a whole number from 0 to 100"),
    ("armour", "kevlar_vest", "armour: must be a list of ids"),
    ("magazines", -1, "magazines: must be a whole number from 0 to 100"),
    ("gear_load", float("nan"), "gear_load: must be a number from 0 to 1000"),
])
def test_issue12_unit_specs_of_the_wrong_type_or_range_are_named(field, value, expect):
    from game.squads import spec_problem

    spec = template_spec("rifleman", "Ann")
    assert spec_problem(spec) is None
    spec[field] = value
    assert spec_problem(spec).startswith(expect)
