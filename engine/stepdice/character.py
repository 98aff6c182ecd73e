"""Characters as attribute and skill dice, their life points and their condition.

Attributes (the six the sheet names: Agility, Strength, Vitality, Alertness, Intelligence,
Willpower) and skills are step dice. Life points are Vitality + Willpower, the dice's sides
added (a reading: the sheet's checks against falling unconscious and dying use those two).
Troop templates are `data/templates.toml`, one per role, validated on load.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.stepdice.catalogue import (
    DATA_DIR,
    REQUIRED,
    CatalogueError,
    FieldProblem,
    default_catalogue,
    die,
    display,
    entry_fields,
    read_toml,
    text,
)
from engine.stepdice.equipment import (
    ATTRIBUTES,
    SKILLS,
    ArmourPiece,
    Catalogue,
    Explosive,
    Shield,
    Weapon,
)

# Initiative and Actions: "Innate defense rolls (Agility only)"; an unskilled roll is the
# attribute die alone.
TRAITS = ("mean_left_hook",)


@dataclass(frozen=True, eq=False)
class Character:
    """A fighter: dice, kit and life points. Immutable; its condition is a `Condition`."""

    name: str
    role: str
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    weapon: Weapon
    armour: tuple[ArmourPiece, ...] = ()
    grenades: tuple[Explosive, ...] = ()
    shield: Shield | None = None
    traits: frozenset[str] = frozenset()

    def attribute(self, name: str) -> int:
        return self.attributes[name]

    def skill(self, name: str) -> int | None:
        """The skill die, None when unskilled."""
        return self.skills.get(name)

    @property
    def life_points(self) -> int:
        """Vitality + Willpower (the dice's sides added; rules-notes)."""
        return self.attributes["vitality"] + self.attributes["willpower"]

    def protection(self, place: str | None) -> int:
        """Armour points over `place` (body, limbs, head; None: nowhere armour covers)."""
        if place is None:
            return 0
        return sum(a.protection for a in self.armour if place in a.covers)


@dataclass(frozen=True)
class Condition:
    """A character's state in a match. Stun and wounds only ever grow (no healing on the
    sheet); `status` is ok, unconscious or dead."""

    stun: int = 0
    wounds: int = 0
    status: str = "ok"
    ko_checks: int = 0  # unconsciousness checks made so far (each later one +4 difficulty)
    checked_this_round: bool = False
    bleeding_rounds: int = 0  # rounds since bleeding began (a wound each minute)
    dying_rounds: int = 0  # rounds since wounds reached life points (a death check each minute)
    stunned: int = 0  # rounds left with no actions (a failed vital area test)
    lamed: bool = False  # a limb out of use (a failed limb attack test)
    disarmed: bool = False
    held_by: str | None = None  # a grapple's holder, until the held breaks free
    life_points: int = 0  # the character's, kept here for display (status lines)
    carried: int = 0  # defences taken unstated last round: added to this round's actions
    initiative: int | None = None  # re-rolled after sitting a round out (None: the first roll)

    @property
    def out_of_fight(self) -> bool:
        return self.status in ("unconscious", "dead")

    @property
    def damage(self) -> int:
        return self.stun + self.wounds


def bleeding(character: Character, cond: Condition) -> bool:
    """ "When you wounds equal half your total life points the you start bleeding" (half an
    odd total rounds up: wounds must reach it)."""
    return cond.wounds * 2 >= character.life_points


def attribute_steps(character: Character, cond: Condition) -> int:
    """ "... and you start suffering a -2 step penalty on all attributes" at half life."""
    return -2 if bleeding(character, cond) else 0


def dying(character: Character, cond: Condition) -> bool:
    """ "When your wound damage equals or exceeds your life points you must make an
    endurance check every minute or else be dead." """
    return cond.wounds >= character.life_points


def fit_for_the_worms(character: Character, cond: Condition) -> bool:
    """ "If your total wounds equals twice your life points then you are fit for the worms." """
    return cond.wounds >= 2 * character.life_points


# --- templates ---------------------------------------------------------------------------


def _dice_table(names: tuple[str, ...], required: bool):  # noqa: ANN202 - a field check
    def check(value: Any) -> dict[str, int]:
        if not isinstance(value, dict):
            raise FieldProblem("must be a table of name = die")
        for key, v in value.items():
            if key not in names:
                raise FieldProblem(f"unknown {key!r}; expected one of {', '.join(names)}")
            try:
                die(v)
            except FieldProblem as exc:
                raise FieldProblem(f"{key}: {exc}") from None
        if required and set(value) != set(names):
            missing = [n for n in names if n not in value]
            raise FieldProblem(f"missing {', '.join(missing)}")
        return dict(value)
    return check


def _ids(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise FieldProblem("must be an array of ids")
    return tuple(value)


def _traits(value: Any) -> frozenset[str]:
    ids = _ids(value)
    for x in ids:
        if x not in TRAITS:
            raise FieldProblem(f"unknown trait {x!r}; expected one of {', '.join(TRAITS)}")
    return frozenset(ids)


TEMPLATE_FIELDS = {
    "source": text, "derived": text, "description": text, "name": text,
    "attributes": _dice_table(ATTRIBUTES, True), "skills": _dice_table(SKILLS, False),
    "weapon": text, "armour": _ids, "grenades": _ids, "shield": text, "traits": _traits,
}


@dataclass(frozen=True)
class Template:
    id: str
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    weapon: str
    armour: tuple[str, ...] = ()
    grenades: tuple[str, ...] = ()
    shield: str | None = None
    traits: frozenset[str] = frozenset()


def load_templates(path: Path | None = None, catalogue: Catalogue | None = None) -> dict[str, Template]:
    """`[template.<role>]` entries; kit ids must be in the step catalogue."""
    path = path or DATA_DIR / "templates.toml"
    cat = catalogue or default_catalogue()
    shown = display(path)
    doc = read_toml(path)
    if set(doc) != {"template"} or not isinstance(doc["template"], dict):
        raise CatalogueError(f"{shown}: must hold [template.<role>] tables only")
    out: dict[str, Template] = {}
    for tid, entry in doc["template"].items():
        v = entry_fields(shown, "template", tid, entry, TEMPLATE_FIELDS,
                         tuple(k for k in REQUIRED if k != "name") + ("attributes", "weapon"))
        where = f"{shown}: template.{tid}"
        checks: list[tuple[str, Any, Mapping[str, object]]] = [("weapon", v["weapon"], cat.weapons)] + [("armour", a, cat.armour) for a in v.get("armour", ())]
        checks += [("grenades", g, cat.explosives) for g in v.get("grenades", ())]
        if "shield" in v:
            checks.append(("shield", v["shield"], cat.shields))
        for key, kid, table in checks:
            if kid not in table:
                raise CatalogueError(f"{where}: {key}: {kid!r} is not in the step catalogue")
        out[tid] = Template(tid, v["attributes"], v.get("skills", {}), v["weapon"], v.get("armour", ()),
                            v.get("grenades", ()), v.get("shield"), v.get("traits", frozenset()))
    return out


@functools.cache
def default_templates() -> dict[str, Template]:
    return load_templates()


def build_character(name: str, template: Template, catalogue: Catalogue, *, weapon: str | None = None,
                    armour: tuple[str, ...] | None = None, grenades: tuple[str, ...] | None = None,
                    shield: str | None = None) -> Character:
    """A character from a template, with kit (own ids) replacing the template's."""
    shield_id = shield if shield is not None else template.shield
    return Character(
        name=name, role=template.id, attributes=dict(template.attributes), skills=dict(template.skills),
        weapon=catalogue.weapon(weapon or template.weapon),
        armour=tuple(catalogue.armour_piece(a) for a in (template.armour if armour is None else armour)),
        grenades=tuple(catalogue.explosive(g) for g in (template.grenades if grenades is None else grenades)),
        shield=catalogue.shield(shield_id) if shield_id else None, traits=template.traits,
    )
