"""How each ruleset's values read on screen: the unit sheet and an attack preview's
breakdown. Presentation points at the rules, never the reverse: one module per ruleset
(yags.py, ...), chosen by the match's ruleset name; a ruleset without one shows its status
line and its chance to hit.

    sheet(rules, combatant, state) -> {"status": [...], "attributes": [...], "skills": [...],
                                       "weapon": [...], "armour": [...]}
    preview_lines(rules, request, preview) -> [lines after the chance to hit]
    move_words(rules) -> {"free": ..., "run": ..., "sprint": ...}   (the move shading's legend)
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from engine.ruleset import AttackRequest, Ruleset

MODULES = {"yags": "game.ui.rulesheets.yags", "yags-sf": "game.ui.rulesheets.yags_sf",
           "mythras": "game.ui.rulesheets.mythras", "step": "game.ui.rulesheets.step"}
_loaded: dict[str, ModuleType | None] = {}


def _module(rules: Ruleset) -> ModuleType | None:
    if rules.name not in _loaded:
        name = MODULES.get(rules.name)
        _loaded[rules.name] = import_module(name) if name else None
    return _loaded[rules.name]


# What each move mode allows (the move shading's legend and a path's label); a ruleset's
# module may give its own `MOVE_WORDS` and `LEGEND_WORDS`.
MOVE_WORDS = {"free": "free move: any action", "run": "run: a slow attack only", "sprint": "sprint: no attack"}
LEGEND_WORDS = {"free": "free: any action", "run": "run: slow attack", "sprint": "sprint"}


def move_words(rules: Ruleset, legend: bool = False) -> dict[str, str]:
    """What each move mode allows, as the ruleset's module says it (`legend`: the short form)."""
    mod = _module(rules)
    name = "LEGEND_WORDS" if legend else "MOVE_WORDS"
    words: dict[str, str] = getattr(mod, name, None) or (LEGEND_WORDS if legend else MOVE_WORDS)
    return words


def mode_words(rules: Ruleset) -> dict[str, tuple[str, str]]:
    """The attack buttons' (word, tip) the ruleset's module renames (the key before the word
    comes from the keymap, game/ui/keymap.py), by shot type (normal,
    snap, careful) or mode (burst, triple, ...): its `MODE_WORDS`; none by default."""
    words: dict[str, tuple[str, str]] = getattr(_module(rules), "MODE_WORDS", None) or {}
    return words


def melee_shots(rules: Ruleset) -> tuple[str, ...]:
    """The shot types a blow takes too (step dice: its special attacks); none by default."""
    return tuple(getattr(_module(rules), "MELEE_SHOTS", ()))


def manoeuvre_words(rules: Ruleset) -> dict[str, tuple[str, str]]:
    """The melee manoeuvres offered on keys of their own, (label, tip) by manoeuvre (step
    dice: feint, grapple, break_free); none by default."""
    words: dict[str, tuple[str, str]] = getattr(_module(rules), "MANOEUVRE_WORDS", None) or {}
    return words


def all_out_words(rules: Ruleset) -> tuple[str, str] | None:
    """The all-out attack toggle's (label, tip), for a ruleset that has one (step dice)."""
    words: tuple[str, str] | None = getattr(_module(rules), "ALL_OUT_WORDS", None)
    return words


def reaction_words(rules: Ruleset, state: Any, key: str, chance: str) -> tuple[str, str]:
    """A reaction answer's (what it costs, what its chance means) in the ruleset's words; ("",
    "") for a ruleset that has none (the prompt then shows the chance by the label)."""
    fn = getattr(_module(rules), "reaction_words", None)
    if fn is None:
        return "", ""
    out: tuple[str, str] = fn(state, key, chance)
    return out


def points_left(rules: Ruleset, state: Any) -> str:
    """What the unit has left to react with (Mythras: its Action Points), or ""."""
    fn = getattr(_module(rules), "points_left", None)
    return str(fn(state)) if fn is not None else ""


def unused_words(rules: Ruleset) -> dict[str, str]:
    """The panel's actions (keymap names) the ruleset has no use for, each with the reason its
    greyed button gives (Mythras: no snap or careful shot); its module's `UNUSED`."""
    words: dict[str, str] = getattr(_module(rules), "UNUSED", None) or {}
    return words


def sheet(rules: Ruleset, combatant: Any, state: Any) -> dict[str, list[str]]:
    """The unit sheet's parts, each a list of short items."""
    mod = _module(rules)
    if mod is None:
        return {"status": [rules.status(state)]}
    out: dict[str, list[str]] = mod.sheet(rules, combatant, state)
    return out


def preview_lines(rules: Ruleset, request: AttackRequest, preview: Any) -> list[str]:
    """The preview's breakdown after its chance to hit."""
    mod = _module(rules)
    if mod is None:
        return []
    out: list[str] = mod.preview_lines(rules, request, preview)
    return out


def reaction_policies(rules: Any) -> tuple:
    """The standing reaction policies a unit of this ruleset may keep (Mythras, step dice), or
    none: they are the choice capability's (engine/capabilities.py)."""
    choices = rules.choice_rules
    return tuple(choices.reaction_policies()) if choices is not None else ()


def stance_keys(rules: Ruleset) -> tuple[str, ...]:
    """The keymap actions of the ruleset's own that go with the next action (Mythras: ward,
    brace, steady); none by default."""
    return tuple(getattr(_module(rules), "STANCE_KEYS", ()))


def stance_words(rules: Ruleset, act: str, on: bool) -> str:
    """The line saying a stance key was taken or dropped (Mythras' Brace, Steady Weapon)."""
    fn = getattr(_module(rules), "stance_words", None)
    return str(fn(act, on)) if fn is not None else ""


def next_ward(rules: Ruleset, view: Any, now: tuple[str, ...] | None) -> tuple[tuple[str, ...] | None, str]:
    """The ward after `now` (None: the one the unit keeps) the ward key gives, and the line
    saying so (Mythras); (None, "") for a ruleset with none."""
    fn = getattr(_module(rules), "next_ward", None)
    if fn is None:
        return None, ""
    out: tuple[tuple[str, ...] | None, str] = fn(view, now)
    return out
