"""Hostile names and squads from user files (issue 27, "Smaller"): a refusal names the file
and the field at fault (the scenario's, the plan's, the flag), not squads.toml; names a user
wrote (a plan's, a map's, a unit's) reach the terminal with their control characters escaped."""

import os
from pathlib import Path

import pytest

from game.cli import main
from game.limits import MAX_LINE_CHARS

ROOT = Path(__file__).resolve().parents[1]
STREET = str(ROOT / "maps" / "street.tmx")
KNOWN = "known: gunner, rifleman, swordsman"


def refused(capsys, argv, *expected):
    assert main(argv) == 2, argv
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) <= MAX_LINE_CHARS + 1, err
    assert "squads.toml" not in err, err
    for part in expected:
        assert part in err, (part, err)


BAD_SQUADS = {"blank": (" , ,, ", "' , ,, ' names no template"), "empty": ("", "'' names no template"),
              "unknown": ("rifleman,wizard", f"unknown template 'wizard'; {KNOWN}")}


@pytest.mark.parametrize("case", sorted(BAD_SQUADS))
@pytest.mark.parametrize("side", ["blue", "red"])
def test_issue27_a_bad_squad_in_a_scenario_names_the_scenario_and_field(tmp_path, capsys, case, side):
    squad, why = BAD_SQUADS[case]
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'map = "{STREET}"\nruns = 1\n[{side}]\nsquad = "{squad}"\n')
    refused(capsys, ["simulate", "--scenario", str(scenario), "--jobs", "1"], f"error: {scenario}: {side}.squad: {why}")


@pytest.mark.parametrize("case", sorted(BAD_SQUADS))
def test_issue27_a_bad_squad_in_a_plan_names_the_plan_and_field(tmp_path, capsys, case):
    squad, why = BAD_SQUADS[case]
    if case == "empty":
        why = "an empty squad"
    plan = tmp_path / "p.toml"
    plan.write_text(f'runs = 1\nmap = "{STREET}"\n[[variant]]\nred = {{squad = ["rifleman", "{squad}"]}}\n')
    refused(capsys, ["sweep", str(plan), "--jobs", "1"], f"error: {plan}: variant[1].red.squad: {why}")
    assert os.listdir(tmp_path) == ["p.toml"]  # no store made


@pytest.mark.parametrize("case", sorted(BAD_SQUADS))
def test_issue27_a_bad_squad_on_the_command_line_names_the_flag(capsys, case):
    squad, why = BAD_SQUADS[case]
    refused(capsys, ["simulate", "--map", STREET, "--runs", "1", "--jobs", "1", "--red-squad", squad],
            f"error: --red-squad: {why}")


def test_issue27_good_squads_still_play(tmp_path, capsys):
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'map = "{STREET}"\nruns = 1\nsize = 2\n[blue]\nsquad = "default"\n'
                        '[red]\nsquad = "swordsman, rifleman"\n')
    assert main(["simulate", "--scenario", str(scenario), "--jobs", "1"]) == 0
    assert "1 matches" in capsys.readouterr().out


ESC = "\x1b[2J\x1b]0;owned\x07\r\u202e"  # clear the screen, set the title, bell, carriage return, right-to-left


def assert_escaped(text):
    for raw, shown in (("\x1b", "\\x1b"), ("\x07", "\\x07"), ("\r", "\\r"), ("\u202e", "\\u202e")):
        assert raw not in text and shown in text, (raw, text)


def test_issue27_a_plan_name_with_escape_sequences_is_printed_escaped(tmp_path, capsys):
    """It cleared the terminal."""
    plan = tmp_path / "p.toml"
    escaped = ESC.encode("unicode_escape").decode("ascii").replace("\\x", "\\u00")
    plan.write_text(f'name = "a{escaped}b"\nruns = 1\nmap = "{STREET}"\nsize = 1\n')
    assert main(["sweep", str(plan), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("a\\x1b[2J\\x1b]0;owned\\x07\\r\\u202eb: 1 variant"), out
    assert_escaped(out)


def test_issue27_map_and_unit_names_are_printed_escaped(tmp_path, capsys):
    """A map without a name property is named after its file, which may hold anything; XML
    keeps out ESC but lets a unit's name hold U+0085 (next line) and U+202E (right-to-left)."""
    text = Path(STREET).read_text().replace('source="terrain.tsx"', f'source="{ROOT / "maps" / "terrain.tsx"}"')
    text = text.replace('<property name="name" ', '<property name="x-name" ')
    text = text.replace('name="Sgt Hale"', 'name="Sgt &#x85;Hale&#x202e;"')
    path = tmp_path / f"m{ESC}.tmx"
    path.write_text(text)
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert_escaped(out)
    assert "unit Sgt \\x85Hale\\u202e at" in out, out
    assert main(["simulate", "--map", str(path), "--runs", "1", "--size", "1", "--jobs", "1"]) == 0
    assert_escaped(capsys.readouterr().out)


def test_issue27_output_keeps_its_lines_and_tables(capsys):
    assert main(["rules", "weapons"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > 10 and "\\n" not in out
