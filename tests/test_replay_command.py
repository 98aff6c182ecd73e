"""One function makes the command that plays a lab match again (issue 31): the sweep's hint
and the simulate summary's, for every setting a variant can have, play the same battle."""

import json
import shlex
import shutil

import pytest

from engine.rulesets import NAMES
from game.ai import LEVELS
from game.cli import main
from game.lab import summary, sweep
from game.lab.plan import load_plan, resolve
from game.maps import load_map
from game.sim import play_match
from tests.test_sweep import STREET, write_plan

SAME = ("seed", "winner", "rounds", "survivors", "casualties", "weapons", "fell", "fought_from")


def fogged_street(tmp_path):
    """Market Street with the map properties fog = on and ruleset = mythras: simulate's
    defaults then differ from a variant's fog off and Yags, so a command that leaves them out
    plays another battle."""
    shutil.copy(STREET.replace("street.tmx", "terrain.tsx"), tmp_path / "terrain.tsx")
    text = open(STREET, encoding="utf-8").read().replace(
        ' <properties>\n', ' <properties>\n  <property name="fog" value="on"/>\n  <property name="ruleset" value="mythras"/>\n', 1)
    (tmp_path / "fogged.tmx").write_text(text, encoding="utf-8")
    return tmp_path / "fogged.tmx"


def every_setting(tmp_path):
    """A plan whose [[variant]] tables take each value of every setting once: every ruleset,
    fog off and on, the map's size and a size, each AI level on each side, the map's squads, a
    squad id and templates on each side."""
    tables = [f'ruleset = "{r}"' for r in NAMES] + ['fog = "on"', 'fog = "off"', "size = 2", 'size = "map"']
    tables += [f'blue = {{ ai = "{a}" }}' for a in LEVELS] + [f'red = {{ ai = "{a}" }}' for a in LEVELS]
    tables += ['blue = { squad = "rifleman" }', 'blue = { squad = "gunner,swordsman" }', 'blue = { squad = "map" }',
               'red = { squad = "swordsman" }', 'red = { squad = "rifleman,rifleman" }']
    # issue 30: max rounds, AI weights and a tactic (docs/tactics.md) on each side
    (tmp_path / "hold.toml").write_text('[[group]]\nname = "all"\nunits = "all"\n[[group.order]]\ndo = "hold"\n'
                                        'until = { round = 2 }\n[[group.order]]\ndo = "assault"\n')
    tables += ["max_rounds = 3", "blue = { ai_weights = { cover = 2.5 } }",
               "red = { ai_weights = { distance = 0.5, harm = 2 } }", 'blue = { tactic = "hold.toml" }',
               'red = { tactic = "hold.toml" }']
    body = f'runs = 1\nmap = "{fogged_street(tmp_path)}"\nruleset = "yags"\nfog = "off"\nsize = 3\n'
    body += "".join(f"[[variant]]\n{t}\n" for t in tables)
    return resolve(load_plan(write_plan(tmp_path, body)))[0]


def test_the_sweeps_replay_command_plays_the_stored_match_for_every_setting(tmp_path, capsys):
    variants = every_setting(tmp_path)
    assert {v.ruleset for v in variants} == set(NAMES) and {v.fog for v in variants} == {False, True}
    assert {v.blue_ai for v in variants} == set(LEVELS) == {v.red_ai for v in variants}
    assert len({v.size for v in variants}) == 3 and len({v.blue_squad for v in variants}) == 3
    assert {v.max_rounds for v in variants} == {None, 3} and {v.red_weights for v in variants} == {
        (), (("distance", 0.5), ("harm", 2.0))}
    assert {v.value("blue_tactic") for v in variants} == {"none", "hold"}
    grid = load_map(variants[0].map_path)
    for v in variants:
        want = json.loads(json.dumps(play_match(grid, v.spec(0))))  # as the JSON record has it
        command = sweep.replay_command(v, v.match_seed(0))
        argv = shlex.split(command)
        assert argv[:2] == ["skirmish", "simulate"], command
        assert main(argv[1:] + ["--jobs", "1", "--json", "-"]) == 0, command
        got = json.loads(capsys.readouterr().out)
        assert got["ruleset"] == v.ruleset and got["fog"] == v.fog, command
        assert {k: got["battles"][0][k] for k in SAME} == {k: want[k] for k in SAME}, command


@pytest.mark.parametrize("fog", [False, True])
def test_the_summarys_replay_command_is_the_same_function(tmp_path, fog):
    v = every_setting(tmp_path)[0]
    record = {"map": v.map_path, "ruleset": v.ruleset, "fog": fog, "blue_ai": v.blue_ai, "red_ai": v.red_ai,
              "size": v.size, "blue_squad": v.blue_squad, "red_squad": v.red_squad, "squad": "default"}
    from dataclasses import replace

    assert summary.replay_command(record, 9) == sweep.replay_command(replace(v, fog=fog), 9)
    assert ("--fog on" if fog else "--fog off") in summary.replay_command(record, 9)
