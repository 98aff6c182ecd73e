"""The Yags ruleset's overwatch (yags-combat.md, Action Types: Overwatch; Waiting beyond a
round): the arc covered, the Perception x Tactics check when the trigger comes, its exact
chance, and the initiative a kept overwatch adds (`YagsOverwatchRules`, mixed into
`YagsRuleset`)."""

from __future__ import annotations

from fractions import Fraction

from engine.capabilities import OverwatchRules
from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.ruleset import Participant
from engine.yags.character import Character
from engine.yags.declaration import YagsDeclaration
from engine.yags.health import Condition

OVERWATCH_ARC = 45.0  # Action Types, Overwatch: "you can cover a 45 degree area"
OVERWATCH_DIFFICULTY = 10  # "a Perception x Tactics must be made at a difficulty of 10"
TACTICS = "Tactics"


def overwatch_terms(combatant: Character, state: Condition) -> list[Term]:
    """Perception x Tactics and the watcher's injury penalties."""
    from engine.yags.checks import ability_term

    terms = [ability_term("perception", combatant.attribute("perception"), TACTICS, combatant.skill(TACTICS))]
    for name, value in (("wounds", state.wound_penalty), ("stuns", state.stun_penalty),
                        ("fatigue", state.fatigue_penalty(combatant.fatigue_track))):
        if value:
            terms.append(Term(name, value))
    return terms


class YagsOverwatchRules(OverwatchRules):
    """Overwatch under Yags."""

    # --- overwatch (yags-combat.md, Action Types: Overwatch; Waiting beyond a round) ------

    def overwatch_arc(self) -> float:
        """ "If you are declaring to shoot, then you can cover a 45 degree area." """
        return OVERWATCH_ARC

    def _overwatch_plan(self, watcher: Participant) -> tuple[list[Term], bool, bool]:
        d: YagsDeclaration = watcher.declaration or YagsDeclaration()
        return overwatch_terms(watcher.combatant, watcher.state), \
            watcher.combatant.skill(TACTICS) == 0, d.initiative_zero

    def overwatch_check(self, dice: Dice, watcher: Participant) -> Roll:
        """ "When the trigger occurs, a Perception x Tactics must be made at a difficulty of
        10, or the overwatch fails": with the watcher's wound, stun and fatigue penalties
        ("a penalty to all actions"), unskilled as a standard skill (yags-core.md: the d20
        halved, fumbles on 1 or 2), halved at initiative 0 (Shock and Pain)."""
        from engine.yags.checks import roll_check

        terms, unskilled, halve = self._overwatch_plan(watcher)
        return roll_check(dice, "overwatch check", terms, OVERWATCH_DIFFICULTY, unskilled=unskilled, halve=halve)

    def overwatch_check_chance(self, watcher: Participant) -> Fraction:
        """The exact chance the overwatch check succeeds (the 20 faces of its d20)."""
        from engine.yags.checks import resolve

        terms, unskilled, halve = self._overwatch_plan(watcher)
        wins = sum(resolve("overwatch check", terms, die, OVERWATCH_DIFFICULTY, unskilled=unskilled,
                           halve=halve).success for die in range(1, 21))
        return Fraction(wins, 20)

    def overwatch_initiative(self, watcher: Participant) -> int:
        """Waiting beyond a round: a kept overwatch adds "your Perception x Tactics as a
        straight bonus (no roll) to your initiative for that action"."""
        c = watcher.combatant
        return c.attribute("perception") * c.skill(TACTICS)
