"""The optional parts of a ruleset's contract: what a ruleset implements only when its text
has it. The core every ruleset implements is `engine.ruleset.Ruleset`; each capability here is
a small ABC a ruleset also inherits when it has that part of the rules, and the world reaches
it through the core's accessor (`rules.overwatch_rules`, `first_aid_rules`, `blast_rules`,
`hiding_rules`, `choice_rules`, `timing_rules`), which is None when the ruleset has none: no
overwatch, no first aid, no explosives, sight alone decides, no questions in the middle of an
action, every declared action whole at its own turn.

    watch = rules.overwatch_rules
    if watch is None: ...            # the ruleset has no overwatch: the world offers none
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset_types import (
    Applied,
    AttackRequest,
    HealthFacts,
    Intent,
    Outcome,
    Participant,
    Preview,
)
from engine.turn import Option, Question


class OverwatchRules(ABC):
    """Overwatch (Yags, Action Types: Overwatch; step dice: covering): a unit watches an arc
    and acts when an enemy moves or acts in it."""

    @abstractmethod
    def overwatch_arc(self) -> float:
        """Degrees of the area a shooting overwatch covers."""

    @abstractmethod
    def overwatch_check(self, dice: Dice, watcher: Participant) -> Roll:
        """The roll made when an overwatch triggers: on a failure the action is wasted."""

    def overwatch_check_chance(self, watcher: Participant) -> Any:
        """The exact chance that `overwatch_check` succeeds (None: no preview)."""
        return None

    def overwatch_initiative(self, watcher: Participant) -> int:
        """What an overwatch kept from an earlier round adds to the initiative of the action
        it triggers."""
        return 0


class FirstAidRules(ABC):
    """First aid: one unit tends another (or itself) over some rounds."""

    @abstractmethod
    def first_aid(self, dice: Dice, healer: Participant, patient: Participant, *, stuns: bool = False) -> Applied:
        """Tend `patient` (who may be `healer`): the patient's new state."""

    @abstractmethod
    def first_aid_rounds(self) -> int:
        """How many rounds tending takes (the healer does nothing else meanwhile)."""


class BlastRules(ABC):
    """Explosives: throwing them, and what their blast does."""

    @abstractmethod
    def blast_radius_m(self, weapon_id: str) -> float:
        """An explosive's radius in metres (the AI keeps friends out of it, the UI draws it)."""

    @abstractmethod
    def throw_range_m(self, combatant: Any, weapon_id: str) -> float:
        """How far the combatant can throw this weapon (its long range)."""

    @abstractmethod
    def throw(self, dice: Dice, thrower: Participant, weapon_id: str, distance_m: float) -> tuple[Roll, tuple[float, float]]:
        """Throw at a spot `distance_m` away: the roll and where it lands off the aim (metres)."""

    @abstractmethod
    def blast(self, dice: Dice, thrower: Participant, weapon_id: str,
              victims: Sequence[tuple[Participant, float, bool]]) -> Sequence[Outcome | Impossible | None]:
        """An explosion: one result per victim (distance in metres, hard cover between),
        None for those it cannot touch."""

    def preview_throw(self, thrower: Participant, weapon_id: str, distance_m: float) -> Any:
        """The exact chance that a throw lands on the spot aimed at (a Preview, or an
        Impossible); None where the ruleset has no preview."""
        return None

    def preview_blast(self, weapon_id: str, victim: Participant, distance_m: float,
                      hard_cover_between: bool = False) -> Any:
        """What an explosion `distance_m` away does to `victim`, exactly (a Preview, or an
        Impossible beyond its reach); None where the ruleset has no preview."""
        return None

    def take_cover(self, dice: Dice, victim: Participant, thrower: str, weapon_id: str,
                   distance_m: float) -> tuple[Roll | None, float]:
        """A victim in an explosion's reach dodging it (Yags: Taking Cover): the roll, or None
        when it cannot or does not dodge, and how many metres further out that puts it."""
        return None, 0.0

    def blast_harm(self, preview: Preview, victim: HealthFacts) -> float:
        """The harm a blast preview expects to add to a victim now as `victim` is; by default
        the ruleset's `expected_harm`."""
        harm: float = self.expected_harm(preview)  # type: ignore[attr-defined]  # the core's
        return harm


class HidingRules(ABC):
    """Noticing a unit in cover under fog of war (engine/notice.py holds each reading); a
    ruleset without it lets sight alone decide."""

    @abstractmethod
    def notice(self, dice: Dice, observer: Participant, target: Participant, distance_m: float,
               cover: str | None) -> tuple[bool, str]:
        """Does `observer` notice `target`, in sight but in `cover` (its best from the
        observer), `distance_m` away? (noticed, what was rolled)."""


class ChoiceRules(ABC):
    """Questions asked in the middle of an action (engine/turn.py: Question): the defender's
    reaction once it has seen the attack, asked by the ruleset's exchange
    (`Ruleset.resolve_exchange`, engine/exchange_run.py: `ask_reaction`), and the standing
    answers a unit may keep to it. What else an exchange asks or rolls on the way (Mythras:
    the attack roll before the reaction, the reaction's cost, the winner's special effects)
    is the ruleset's own exchange's (engine/mythras/exchange_run.py)."""

    def reaction_policies(self) -> tuple[Option, ...]:
        """Standing answers to the reaction question a unit may keep: the declaration choice
        `reaction`, which the world keeps from turn to turn and round to round until it is
        changed. The first option asks every time; with another the ruleset answers itself
        (`reaction` returns None). () where the ruleset keeps none."""
        return ()

    @abstractmethod
    def reaction(self, request: AttackRequest) -> Question | None:
        """A question the defender answers before the attack is rolled (Mythras: parry, evade
        or take it; step dice: innate defence, dodge or block), each option with its exact
        chance; None when nothing is asked. The exchange asks it of the defender; the chosen
        key reaches `resolve` and `preview` as the request option `reaction`."""

    def ai_choices(self, combatant: Any, state: Any, intent: Intent, stance: str,
                   foes: Sequence[tuple[Any, bool]]) -> dict[str, Any]:
        """The declaration choices the AI takes with an action of `intent` (Mythras: a ward,
        Brace, Steady Weapon), `foes` the enemies it sees as (combatant, engaged with it);
        by default none."""
        return {}

    def turn_contest(self, dice: Dice, actor: Participant, foes: Sequence[Participant]
                     ) -> tuple[Any, dict[str, Any], tuple[str, ...]] | None:
        """A contest the Turn just taken starts with the foes engaging the actor (Mythras:
        Outmaneuver): (the actor's state, the foes' states by name, log lines), or None."""
        return None


class TimingRules(ABC):
    """Parts of a declared action that come at later initiative counts (Yags SF, Multiple
    Shots: "each further attack occurs 10 initiative steps later"). The world carries out the
    part due now and schedules the others; the ruleset's round places each where its count
    comes (engine/turn.py: `RoundTable.later`, `Resolve(uid, phase, part)`)."""

    @abstractmethod
    def later_parts(self, combatant: Any, mode: str, options: Mapping[str, Any],
                    initiative: int) -> tuple[Mapping[str, Any], tuple[tuple[int, Mapping[str, Any]], ...]]:
        """An attack of `mode` with `options` declared by `combatant` acting at `initiative`:
        the options of the part made now, and each later part as (its initiative count, its
        options). No later parts: (`options`, ())."""


CAPABILITIES: dict[str, type] = {
    "overwatch_rules": OverwatchRules, "first_aid_rules": FirstAidRules, "blast_rules": BlastRules,
    "hiding_rules": HidingRules, "choice_rules": ChoiceRules, "timing_rules": TimingRules,
}


def blast_radius_m(rules: Any, weapon_id: str) -> float:
    """An explosive's radius under `rules` (a Ruleset): 0 where it has no explosives."""
    blasts = rules.blast_rules
    return float(blasts.blast_radius_m(weapon_id)) if blasts is not None else 0.0
