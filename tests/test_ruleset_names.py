"""One list of ruleset names (engine/rulesets.py), read by the command line and the map
properties; and the squads translated under every ruleset, Yags included (no switch on
the name "yags")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.rulesets import NAMES, make_ruleset
from engine.yags.ruleset import YagsRuleset
from game.cli_common import RULESET_HELP, RULESET_NAMES
from game.maps import load_map
from game.maps.props import RULESETS
from game.squads import SquadError, check_squads, map_squads

ROOT = Path(__file__).resolve().parents[1]


def test_one_list_of_ruleset_names():
    assert RULESET_NAMES is NAMES and RULESETS is NAMES
    assert all(name in RULESET_HELP for name in NAMES)


def test_no_switch_on_the_name_yags_in_the_game():
    hits = [f"{p.relative_to(ROOT)}: {line.strip()}" for p in (ROOT / "game").rglob("*.py")
            for line in p.read_text().splitlines() if re.search(r"""[!=]= *["']yags["']""", line)]
    assert hits == []


def test_the_squads_are_translated_under_yags_too():
    """check_squads asks the match's ruleset whether each unit builds under it, whatever its
    name: a Yags that cannot build a unit is named in the error, like any other ruleset."""

    class Fussy(YagsRuleset):
        def spec_problem(self, spec):
            return "ruleset yags: no such fighter here"

    grid = load_map(str(ROOT / "maps" / "street.tmx"))
    squads = map_squads(grid)
    check_squads(grid, squads, make_ruleset("yags"))
    with pytest.raises(SquadError, match="no such fighter here"):
        check_squads(grid, squads, Fussy())


def test_each_ruleset_has_the_capabilities_its_text_has():
    """The core contract and its optional capabilities (engine/capabilities.py): each
    accessor gives the capability or None; a capability's hooks are not on the core."""
    from engine.capabilities import CAPABILITIES
    from engine.ruleset import Ruleset

    has = {name: {k for k in CAPABILITIES if getattr(make_ruleset(name), k) is not None} for name in NAMES}
    assert has == {
        "yags": {"overwatch_rules", "first_aid_rules", "blast_rules", "hiding_rules"},
        "mythras": {"first_aid_rules", "blast_rules", "hiding_rules", "choice_rules"},
        "yags-sf": {"first_aid_rules", "blast_rules", "timing_rules"},
        "step": {"overwatch_rules", "blast_rules", "choice_rules"},
    }
    core = {k for k, v in vars(Ruleset).items() if callable(v) and not k.startswith("_")}
    for cap in CAPABILITIES.values():
        hooks = {k for k, v in vars(cap).items() if callable(v) and not k.startswith("_")}
        assert hooks and not hooks & core
    assert len(core) == 44  # issue 28: 44 before the exchange generator (-takes_defence, turn_effects, apply_to_attacker; +resolve_exchange, grid_effects), then +fire_count (the shots an attack fires, as the rules read its options)
