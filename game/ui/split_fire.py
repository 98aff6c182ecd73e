"""Shots split over two enemies, in the window (Yags SF, Multiple Shots: "As many shots can be
made, at either the same or multiple targets"): with the two shots chosen (the `snap` shot
type, which Yags SF reads as two of Multiple Shots), Ctrl+click on an enemy takes it for the
first shot and waits for a click on the enemy of the second (the same one again: both at
it). The world checks the second target as it checks the first (game/world/actions/attack.py,
the option `further`); Esc or a right click drops the split."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.actions import Attack

if TYPE_CHECKING:
    from game.ui.battle_choice import PendingChoice

PENDING = "split"


def can_split(choice: PendingChoice, uid: int, target: int) -> bool:
    """Does the chosen attack on `target` fire two or more shots or bursts, as the rules count
    them (`Ruleset.fire_count`), in a mode they let go at several targets
    (`WeaponFacts.split_modes`: only Yags SF has any)?"""
    m = choice.match
    facts = m.rules.weapon_facts(m.view(uid).combatant)
    return (not facts.melee and not choice.area() and choice.attack_mode in facts.split_modes
            and m.rules.fire_count(choice.attack_mode, choice.shot_options(uid, target)) > 1)


def start(choice: PendingChoice, uid: int, first: int | None) -> str:
    """Ctrl+click on `first`: the split begins (the line saying what comes next), or why not."""
    m = choice.match
    if first is None or m.view(first).team == m.view(uid).team:
        return "Ctrl+click an enemy: the first of the two shots"
    if not can_split(choice, uid, first):
        return "Ctrl+click splits two shots over two enemies: choose the two shots first (the snap key)"
    choice.pending, choice.split_first = PENDING, first
    return f"first shot at {m.name(first)}: click the enemy for the second (Esc drops the split)"


def declaration(choice: PendingChoice, uid: int, other: int | None) -> Attack | str:
    """The click awaited: the attack on the first enemy with the second shot at `other`."""
    m = choice.match
    first = choice.split_first
    if first is None or other is None or m.view(other).team == m.view(uid).team:
        return "click the enemy for the second shot (Esc drops the split)"
    attack = choice.attack(uid, first)
    if isinstance(attack, str) or other == first:
        return attack
    return Attack(attack.target, attack.mode, {**attack.options, "further": str(other)}, attack.path)
