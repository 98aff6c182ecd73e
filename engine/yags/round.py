"""The combat round (yags-combat.md, The Combat Sequence; Declaring Actions; Performing
Actions; Shock and Pain; Re-evaluating Initiative).

1. Everybody declares in increasing initiative order.
2.-4. Fast, then normal, then slow actions, each in decreasing initiative order.
5. End of round bookkeeping.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags.character import Character
from engine.yags.checks import ability_term, roll_check
from engine.yags.tables import half_up

SPEED_ORDER = {"fast": 0, "normal": 1, "slow": 2}


@dataclass(frozen=True)
class Initiative:
    """A rolled initiative: fixed for the combat, lowered by shock."""

    roll: Roll
    value: int
    lost_first_round: bool  # fumbled: may not act (attack or defend) in the first round

    def after_shock(self, shock: int) -> int:
        return max(0, self.value - shock)


def roll_initiative(dice: Dice, character: Character, *, halved: bool = False) -> Initiative:
    """agility x 4 + d20 (agility lowered by restrictive armour and encumbrance). A fumble
    (natural 1) loses the first round. A re-roll at initiative 0 is halved."""
    agility = character.attribute("agility")
    terms = [ability_term("agility", agility, None, None)]
    roll = roll_check(dice, "initiative", terms, halve=halved)
    return Initiative(roll, roll.total, roll.fumble)


def declaration_order(initiatives: Iterable[tuple[Hashable, int, int]]) -> list[Hashable]:
    """Ids in increasing initiative (lowest declares first). Items are (id, initiative,
    agility); ties: the lower agility declares first, then the order given (rules-notes)."""
    items = list(initiatives)
    index = {item[0]: i for i, item in enumerate(items)}
    return [i for i, _, _ in sorted(items, key=lambda t: (t[1], t[2], -index[t[0]]))]


def action_order(actions: Iterable[tuple[Hashable, str, int, int]]) -> list[Hashable]:
    """Ids in the order they act: fast, normal, slow; within each, decreasing initiative
    (ties: higher agility, then the order given). Items are (id, speed, initiative, agility)."""
    items = list(actions)
    index = {item[0]: i for i, item in enumerate(items)}
    for _, speed, _, _ in items:
        if speed not in SPEED_ORDER:
            raise ValueError(f"unknown action speed {speed!r}")
    return [i for i, _, _, _ in sorted(items, key=lambda t: (SPEED_ORDER[t[1]], -t[2], -t[3], index[t[0]]))]


def action_speed(base: str, *forced: str | None) -> str:
    """The slowest of the speeds that apply (a stance, drawing a weapon, running full Move,
    initiative 0 all force 'slow'; aggressive makes attacks fast unless something slows)."""
    speeds = [s for s in (base, *forced) if s]
    if "slow" in speeds:
        return "slow"
    if "normal" in speeds and base != "fast" and "fast" not in forced:
        return "normal"
    if "fast" in speeds:
        return "fast"
    return "normal"


def halve_if_zero(total: int, initiative: int) -> int:
    """At initiative 0 all rolls are halved (Shock and Pain)."""
    return half_up(total) if initiative <= 0 else total


def movement_allowance(character: Character, penalty: int = 0) -> dict[str, int]:
    """Metres a fighter may move in a round by what it allows: 'free' (half Move, any
    action), 'run' (full Move, only a slow standard attack), 'sprint' (twice Move +
    Athletics, no attack). yags-combat.md Movement; yags-core.md Combat Move, Sprinting."""
    return {
        "free": character.combat_move,
        "run": character.run_distance,
        "sprint": character.sprint_distance(penalty),
    }


def prone_allowance(character: Character) -> int:
    """Prone: half combat move (Shooting from Cover), which is the 3 m of Stance: Prone for
    an average person (rules-notes)."""
    return character.combat_move // 2


def crouched_allowance(character: Character) -> int:
    """Crouched: only combat move (Shooting from Cover)."""
    return character.combat_move


def shock_term(shock: int) -> Term:
    return Term("shock", -shock)
