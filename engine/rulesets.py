"""The rulesets a match can be played under, by name.

    rules = make_ruleset("mythras")     # UnknownRuleset (a ValueError) for any other name

Each is a package of its own with its data (engine/yags/, engine/mythras/, engine/yags_sf/,
engine/stepdice/); a match picks one by name: the command line's --ruleset, else a scenario's
`ruleset`, else the map's `ruleset` property, else Yags (`choose_ruleset`).
"""

from __future__ import annotations

from importlib import import_module

from engine.ruleset import Ruleset

DEFAULT = "yags"
# name: (module, class, what it is)
RULESETS: dict[str, tuple[str, str, str]] = {
    "yags": ("engine.yags.ruleset", "YagsRuleset", "Yags (d20 edition): attribute x skill + d20, declarations in initiative order"),
    "mythras": ("engine.mythras.ruleset", "MythrasRuleset",
                "Mythras Imperative: d100, action points, reactions, special effects, hit locations"),
    "yags-sf": ("engine.yags_sf.ruleset", "YagsSFRuleset", "Yags SF 0.30a (1999): 2d10!, its own tables, the loser strikes back"),
    "step": ("engine.stepdice.ruleset", "StepRuleset", "the step-die sheet: d2 to d12 stepped, stun and wound life points"),
}
NAMES = tuple(RULESETS)


class UnknownRuleset(ValueError):
    """A ruleset name that is not one of NAMES."""


def check_name(name: str) -> str:
    """`name` if it names a ruleset, else UnknownRuleset listing the known ones."""
    if name not in RULESETS:
        raise UnknownRuleset(f"unknown ruleset {name!r}; expected one of {', '.join(NAMES)}")
    return name


def make_ruleset(name: str = DEFAULT) -> Ruleset:
    """A new ruleset object for a match."""
    module, cls, _ = RULESETS[check_name(name)]
    ruleset: Ruleset = getattr(import_module(module), cls)()
    return ruleset


def choose_ruleset(command_line: str | None = None, scenario: str | None = None, map_property: str | None = None) -> str:
    """The ruleset a match plays under: the command line's, else the scenario's, else the
    map's property, else Yags (each checked)."""
    for name in (command_line, scenario, map_property):
        if name:
            return check_name(name)
    return DEFAULT
