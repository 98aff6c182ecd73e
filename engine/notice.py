"""Noticing an enemy who keeps to cover, under each ruleset (fog of war, issue 17).

A fogged match asks `Ruleset.notice` when an enemy comes into a unit's sight while in cover
from every one of the side's units that see it (game/world/sideview.py): on a failure the
side has not noticed it this round (it is hidden: no direct attack on it, its declarations
unseen). The readings are in docs/rules-notes.md (Fog of war).

- Yags (yags-core.md, Awareness): "To spot something, make a perception x Awareness check"
  at Moderate (20: "Spot a standing person ... +0"), +5 over 50 m, +10 at 100 m or more and
  +10 a doubling beyond, -5 a point of size above 5 (+5 a point below), +10 in half cover,
  +20 in 90% cover; with the observer's injury penalties.
- Mythras Imperative (0003, Perception: "general scan ... or simple awareness of their
  surroundings"): a Perception roll, Standard, Hard behind 50% cover, Formidable behind 90%.
- Yags SF 0.30a and Step Dice have no spotting rule in their texts: sight alone decides
  (the enemy is noticed).
"""

from __future__ import annotations

import math
from typing import Any

from engine.dice import Dice

HALF = {"soft50", "hard50", "crouched"}
NINETY = {"soft90", "hard90", "prone"}
SPOT_DIFFICULTY = 20  # Moderate: "Spot a standing person ... +0"


def yags_spot_difficulty(distance_m: float, size: int, cover: str | None) -> tuple[int, list[str]]:
    """The Awareness table's difficulty, and why (yags-core.md, Awareness)."""
    d, why = SPOT_DIFFICULTY, ["spot a standing person 20"]
    if distance_m >= 100:
        extra = 10 + 10 * int(math.floor(math.log2(distance_m / 100) + 1e-9))
        d += extra
        why.append(f"{distance_m:.0f} m +{extra}")
    elif distance_m > 50:
        d += 5
        why.append(f"{distance_m:.0f} m +5")
    if size != 5:
        d += (5 - size) * 5
        why.append(f"size {size} {(5 - size) * 5:+d}")
    if cover in HALF:
        d += 10
        why.append("half cover +10")
    elif cover in NINETY:
        d += 20
        why.append("90% cover +20")
    return d, why


def yags_notice(dice: Dice, observer: Any, target: Any, distance_m: float, cover: str | None) -> tuple[bool, str]:
    from engine.yags.checks import ability_term, roll_check
    from engine.yags.ruleset_overwatch import overwatch_terms

    c = observer.combatant
    terms = overwatch_terms(c, observer.state)  # perception x Tactics and the injury penalties ...
    terms[0] = ability_term("perception", c.attribute("perception"), "Awareness", c.skill("Awareness"))  # ... as Awareness
    difficulty, why = yags_spot_difficulty(distance_m, target.combatant.size, cover)
    roll = roll_check(dice, "awareness", terms, difficulty, unskilled=c.skill("Awareness") == 0)
    return roll.success, f"{observer.name} {roll.describe()} ({', '.join(why)})"


def mythras_notice(dice: Dice, observer: Any, target: Any, distance_m: float, cover: str | None) -> tuple[bool, str]:
    from engine.mythras.checks import roll_skill

    grade = "formidable" if cover in NINETY else "hard" if cover in HALF else "standard"
    c = observer.combatant
    roll = roll_skill(dice, f"{observer.name}: Perception (spotting)", "Perception", c.skill("perception"), grade)
    return roll.succeeded, roll.describe()
