"""The step-die system from the command line (issue 16): the catalogue, check-map, a duel
and simulate under `--ruleset step`, and a map unit whose kit has no step equivalent
refused in one line naming the ruleset (exit 2)."""

import json
import os
import re

from game.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMPOUND = os.path.join(ROOT, "maps", "compound.tmx")


def test_rules_lists_the_step_catalogue(capsys):
    """The catalogue's damage dice (Basic Attack / Damage: "add weapon damage") and bands."""
    assert main(["rules", "weapons", "--ruleset", "step"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"assault_rifle\s+guns\s+d8\s+wounds\s+40/120/300", out), out
    assert "frag_grenade" in out
    assert main(["rules", "armour", "--ruleset", "step"]) == 0
    assert re.search(r"kevlar_vest\s+3\s+body", capsys.readouterr().out)


def test_check_map_builds_every_unit_under_step(capsys):
    assert main(["check-map", COMPOUND, "--ruleset", "step"]) == 0
    assert "ruleset: step" in capsys.readouterr().out


def test_a_kit_with_no_step_equivalent_is_a_check_map_error(tmp_path, capsys):
    """Issue 16: "An id with no mapping is a check-map error that names the ruleset"."""
    text = open(COMPOUND, encoding="utf-8").read()
    bad = tmp_path / "bad.tmx"
    bad.write_text(text.replace('value="hk416"', 'value="m61_vulcan"', 1), encoding="utf-8")
    for tsx in os.listdir(os.path.join(ROOT, "maps")):
        if tsx.endswith(".tsx"):
            (tmp_path / tsx).write_text(open(os.path.join(ROOT, "maps", tsx), encoding="utf-8").read(), encoding="utf-8")
    assert main(["check-map", str(bad), "--ruleset", "step"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "ruleset step" in err and "m61_vulcan" in err


def test_simulate_names_the_ruleset_and_replays(tmp_path, capsys):
    """A seeded simulate under step is the same record twice, and says its ruleset."""
    outs = []
    for i in (1, 2):
        path = tmp_path / f"r{i}.json"
        assert main(["simulate", "--map", COMPOUND, "--ruleset", "step", "--runs", "1", "--seed", "5",
                     "--json", str(path)]) == 0
        rec = json.loads(path.read_text())
        assert rec["ruleset"] == "step"
        for b in rec["battles"]:
            b.pop("decision_ms", None)
        outs.append(rec["battles"])
    assert outs[0] == outs[1]
    assert "--ruleset step" in capsys.readouterr().out


def test_a_duel_under_step(capsys):
    assert main(["duel", "--ruleset", "step", "--a", "broad_sword", "--b", "spear", "--seed", "3"]) == 0
    assert "wins after" in capsys.readouterr().out


def _compound_copy(tmp_path, prop=True):
    text = open(COMPOUND, encoding="utf-8").read()
    if prop:
        text = text.replace(' <properties>\n', ' <properties>\n  <property name="ruleset" value="step"/>\n', 1)
    path = tmp_path / "stepmap.tmx"
    path.write_text(text, encoding="utf-8")
    for tsx in os.listdir(os.path.join(ROOT, "maps")):
        if tsx.endswith(".tsx"):
            (tmp_path / tsx).write_text(open(os.path.join(ROOT, "maps", tsx), encoding="utf-8").read(), encoding="utf-8")
    return path


def test_the_map_property_and_a_scenario_choose_step(tmp_path):
    """Issue 16: the same ruleset choice as the others: a map's `ruleset` property, a
    scenario's `ruleset`."""
    path = _compound_copy(tmp_path)
    out = tmp_path / "prop.json"
    assert main(["simulate", "--map", str(path), "--runs", "1", "--seed", "2", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["ruleset"] == "step"
    plain = _compound_copy(tmp_path, prop=False)
    scenario = tmp_path / "plan.toml"
    scenario.write_text(f'map = "{plain.as_posix()}"\nruns = 1\nseed = 2\nruleset = "step"\n', encoding="utf-8")
    out2 = tmp_path / "scenario.json"
    assert main(["simulate", "--scenario", str(scenario), "--json", str(out2)]) == 0
    assert json.loads(out2.read_text())["ruleset"] == "step"
