"""The values of one combat exchange between the world and a ruleset (issue 28, the seam):
the request (`ExchangeRequest`), what a ruleset's exchange generator yields on its way (a
question to answer, `Ask`, or a step for the world to carry out at once: a declaration noted,
a reaction's cost, a result rolled, the harm it did with its typed effects, what it cost the
attacker, a fumble's consequence, a blow going on to another), the typed effects on the grid
(`Effect`), and what the generator may read of the match between steps (`ExchangeTable`).

A ruleset's `resolve_exchange(dice, request, table)` is a generator, as its round is
(engine/turn.py): the world's combat system drives it, answering each `Ask` (the defender's
reaction, the winner's special effects: the controller of the unit named answers) with the
option key(s) and carrying out every other step before it asks for the next; the generator
returns the results it rolled, in order. Nothing here is a string to parse: an effect is a
value the world matches on.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, Protocol

from engine.outcome import Impossible
from engine.ruleset_types import Applied, AttackRequest, Outcome, Participant
from engine.turn import Question

# --- typed effects of a result on the grid ------------------------------------------------------


@dataclass(frozen=True)
class Prone:
    """The target is knocked (or tripped) prone."""


@dataclass(frozen=True)
class Knockback:
    """The target is thrown `metres` away from the attacker (or from a blast's centre)."""

    metres: float


@dataclass(frozen=True)
class Disarmed:
    """A weapon is lost: it drops at its holder's feet (`metres` None: Yags' Disarm, the
    holder still standing) or is flung `metres` away from the other (Mythras' Disarm
    Opponent); `on_attacker`: the attacker loses it (a defender's effect)."""

    metres: float | None = None
    on_attacker: bool = False


@dataclass(frozen=True)
class Withdraw:
    """The target steps out of the attacker's reach."""


@dataclass(frozen=True)
class DuckBack:
    """The attacker ducks back into cover beside it."""


@dataclass(frozen=True)
class Grappled:
    """The attacker holds the target (both are grappled)."""


@dataclass(frozen=True)
class Overwhelmed:
    """The target's further attacks and defences this round are at `penalty` (negative)."""

    penalty: int


@dataclass(frozen=True)
class GoesOn:
    """The blow goes on to `victim` (by name), rolled there as a stray blow: `how` it came
    there (Mythras: select_target, overpenetration/DAMAGE, crowd/FACE)."""

    victim: str
    how: str


Effect = Prone | Knockback | Disarmed | Withdraw | DuckBack | Grappled | Overwhelmed | GoesOn


def token_effects(tokens: tuple[str, ...]) -> tuple[Effect, ...]:
    """The typed grid effects of the Yags family's result tokens (Yags, Yags SF, step dice
    keep their own words for what a result does: prone, grappled, disarmed, overwhelmed:-N);
    the ruleset's other tokens (fatigue, vital_strike, held...) are its own business."""
    out: list[Effect] = []
    for token in tokens:
        if token == "prone":
            out.append(Prone())
        elif token == "grappled":
            out.append(Grappled())
        elif token == "disarmed":
            out.append(Disarmed())
        elif token.startswith("overwhelmed:"):
            out.append(Overwhelmed(int(token.split(":", 1)[1])))
    return tuple(out)


# --- the request and the steps ------------------------------------------------------------------


@dataclass(frozen=True)
class ExchangeRequest:
    """One exchange asked of the ruleset: the attack (attacker, target, mode, options, the
    grid's situation: distance, cover, movement, the crowd and `others` for area fire) and its
    kind: attack (a declared attack, a free or counter strike, an overwatch's), stray (a blow
    gone astray or on to another: rolled with no crowd fumble, its fumble a plain miss), sweep
    (area or suppressive fire over an arc: no defence is taken up, no reaction asked)."""

    attack: AttackRequest
    kind: str = "attack"

    @property
    def attacker(self) -> str:
        return self.attack.attacker.name

    @property
    def target(self) -> str:
        return self.attack.target.name


@dataclass(frozen=True)
class Ask:
    """A question for the controller of the unit named `of` (a reaction, the special effects
    to pick); the answer sent back is the chosen key (a reaction) or keys (effects)."""

    question: Question
    of: str


@dataclass(frozen=True)
class Redeclared:
    """`holder`'s declaration for the round is now `declaration` (a defence taken up by the
    attack, a defence spent, a feint noted); the world keeps it if `holder` has declared."""

    holder: str
    declaration: Any


@dataclass(frozen=True)
class Reacted:
    """`holder`'s state once it took its reaction (an Action Point spent)."""

    holder: str
    state: Any


@dataclass(frozen=True)
class Rolled:
    """A result of the exchange (or why it could not be), for the log: at `target` (None:
    at no unit of the match)."""

    result: Outcome | Impossible
    target: str | None


@dataclass(frozen=True)
class Harmed:
    """A result applied to `target`: its new state with the rolls and lines of the applying
    (`applied`), the grid effects that took hold, in order, and whether it hit."""

    target: str
    applied: Applied
    effects: tuple[Effect, ...]
    hit: bool


@dataclass(frozen=True)
class Spent:
    """What the attack cost the attacker (fatigue from a fumble or a tiring manoeuvre, a
    hold broken); carried out only when `applied.state` is a new state."""

    applied: Applied


@dataclass(frozen=True)
class Jammed:
    """The attacker's weapon jams: `unfired` of the exchange's `shares` results were not
    fired (their rounds go back in the magazine)."""

    unfired: int
    shares: int


@dataclass(frozen=True)
class DropsWeapon:
    """The attacker fumbles and drops its weapon."""


@dataclass(frozen=True)
class Astray:
    """Firing into melee, fumbled: "a random target is hit" (the world picks among the
    melee's figures and rolls a stray shot at the one picked)."""


ExchangeStep = Ask | Redeclared | Reacted | Rolled | Harmed | Spent | Jammed | DropsWeapon | Astray | GoesOn

Exchange = Generator[ExchangeStep, Any, list[Outcome | Impossible]]


class ExchangeTable(Protocol):
    """What an exchange may read of the match between its steps (the world implements it)."""

    def participant(self, name: str) -> Participant | None:
        """The unit named `name` as it is now (with its declaration this round); None: no
        unit of the match has that name."""
        ...

    def declared(self, name: str) -> bool:
        """Has the unit declared this round (a declaration to carry notes on)?"""
        ...

    def out(self, name: str) -> bool:
        """Is the unit out of the fight now?"""
        ...
