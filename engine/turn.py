"""How a round runs: the protocol between a ruleset and the turn driver (game/flow.py).

Rulesets differ most in how a round runs, so the world does not hard-code one. A ruleset's
`Ruleset.round(table)` is a generator of *steps*; the driver carries out each step (asking the
controllers of units what they choose, and the world's actions and systems to resolve it),
then asks for the next. Between steps the ruleset reads the `RoundTable` afresh (who is still
standing, their initiative, what they declared, what their state says they have left), so a
step can depend on everything that happened before it. The generator returns when the round
is over; the driver checks victory after every step and stops asking once the match is over.

The steps:

- `Initiative()`: roll initiative now for every unit still in the fight (the world stores it
  and logs the rolls). A ruleset that rolls once a match does it before the first round.
- `Declare(order)`: ask each unit in `order` for its declaration, one after another; each is
  public as soon as it is made, and a unit may change it until the next unit in the order
  has declared. Nothing is carried out yet.
- `Resolve(uid, phase)`: carry out what `uid` declared, now; `phase` names when in the round
  this is (Yags: fast, normal or slow) for the log. The action may ask questions on the way.
  `Resolve(uid, phase, part)`: carry out a part of `uid`'s declared action that its ruleset
  scheduled at a later initiative count (`engine.capabilities.TimingRules`; Yags SF's further
  shots, 10 steps later each). The round reads the parts waiting, with their counts, from
  `RoundTable.later()` and places each where its count comes.
- `Act(uid, phase)`: `uid` takes a turn: ask it for one action and carry it out at once.
- `Phase(name)`: a boundary the world's systems act on: "start" (last round's declarations
  and moves are cleared), "declared" (every declaration is in: work that lasts several rounds
  goes on or stops, overwatches begin), "move" (moves under way end), "end" (the end-of-round
  checks).

Questions are values (`Question`): who is asked (a unit; its side's controller answers), what
kind of question, and the options with what each means. Answers are values too. Both go in
the match's record, so a match replays from its seed and the answers. The kinds:

- "declare": the unit's declaration for the round (answer: an order the world checks).
- "act": the unit's action for this turn (answer: an order, carried out at once).
- "reaction": asked of a defender in the middle of an attack (answer: one option's key).
- "effects": asked of the winner of a contest (answer: up to `pick` option keys).

The "reaction" and "effects" questions come from the attack's exchange, which a ruleset runs
the same way, as a generator (`Ruleset.resolve_exchange`, engine/exchange_types.py): inside a
`Resolve` or `Act`, the world drives the exchange, answering each `Ask` and carrying out each
typed step (a result rolled, the harm with its typed effects, a fumble's consequence).

How each ruleset in ../shared/rules fits, with nothing added to the protocol:

- **Yags** (yags-combat.md, The Combat Sequence): initiative once a match (rolled when the
  match is set up); each round `Phase("start")`, `Declare(increasing initiative)`,
  `Phase("declared")`, then `Resolve(uid, speed)` for every declared action, fast, normal and
  slow, each in decreasing initiative (an overwatch acts only when triggered, inside
  another's resolution), until the match is decided; `Phase("move")`, `Phase("end")`.
- **Mythras Imperative** (Combat Rounds, Action Points): `Initiative()` every round;
  `Phase("start")`; then, cycling in initiative order, `Act(uid)` (each followed by
  `Phase("move")`, so a Move is walked within its Turn) for each unit with action points
  left, until none has any or all hold; a defender's parry or evade is a "reaction" question
  asked during the attacker's `Act` once it has seen the attack roll (`before_reaction`),
  spending the defender's action points; the winner of the differential roll answers an
  "effects" question before damage is rolled; `Phase("end")` (action points refreshed).
- **Yags SF 0.30a**: `Phase("start")`, `Declare(order)`, then `Initiative()` (agility x weapon
  skill + weapon initiative + 2d10!), then `Resolve(uid)` in initiative order; the loser's
  strike back is part of resolving the winner's attack (no step of its own); `Phase("move")`,
  `Phase("end")`.
- **Step dice**: the default round: `Phase("start")`, `Declare(highest initiative first)`
  where a declaration is the unit's stated round (its action, the move with it, the defences
  held ready: each an action, every roll at the step penalty), then `Resolve(uid)` in
  initiative order; an unstated defence is a "reaction" question during the attacker's
  `Resolve` (its exchange, engine/stepdice/exchange_run.py), which marks the defence spent
  on the defender's declaration; at `Phase("end")` the defences not stated carry into the next round in the
  unit's state, and a unit that sat the round out re-rolls its initiative
  (`Ruleset.initiative_now` reads it from the state).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Initiative:
    """Roll initiative now for every unit still in the fight."""


@dataclass(frozen=True)
class Declare:
    """Gather declarations from `order`, one after another, each public once made."""

    order: tuple[int, ...]


@dataclass(frozen=True)
class Resolve:
    """Carry out what `uid` declared, now (in the round's `phase`)."""

    uid: int
    phase: str = "normal"
    part: int | None = None  # a later part of the declared action (RoundTable.later)


@dataclass(frozen=True)
class Act:
    """`uid` takes a turn: ask it for one action and carry it out at once."""

    uid: int
    phase: str = "turn"


@dataclass(frozen=True)
class Phase:
    """A boundary of the round the world's systems act on: start, declared, move, end."""

    name: str


Step = Initiative | Declare | Resolve | Act | Phase

PHASES = ("start", "declared", "move", "end")


@dataclass(frozen=True)
class Option:
    """One answer to a question: its key, a short label, what it means, and its exact chance
    of success where it has one (a Fraction or float; None when it has none)."""

    key: str
    label: str
    means: str = ""
    chance: Any = None


@dataclass(frozen=True)
class Question:
    """A question to the controller of `uid`'s side. `options` lists the answers where they
    can be listed (reactions, effects); a declaration's answer is an order the world checks.
    `pick`: how many options may be chosen (effects); `about` names what it concerns (the
    attacker, the attack) for the prompt and the log; `about["names"]`, where given, maps
    an option's key to the unit it names (a bystander: under fog of war a side is shown
    only the options naming units it knows)."""

    uid: int
    kind: str  # declare, act, reaction, effects
    options: tuple[Option, ...] = ()
    pick: int = 1
    about: Mapping[str, Any] = field(default_factory=dict)


class RoundTable(Protocol):
    """What a ruleset's round may read of the match (the world implements it)."""

    def living(self) -> list[int]:
        """Units still in the fight, in a stable order (their ids ascending)."""
        ...

    def combatant(self, uid: int) -> Any:
        """The ruleset's combatant for the unit."""
        ...

    def state(self, uid: int) -> Any:
        """The ruleset's state for the unit now."""
        ...

    def initiative(self, uid: int) -> int:
        """The unit's initiative this round (as the ruleset's `initiative_now` makes it)."""
        ...

    def fumbled(self, uid: int) -> bool:
        """Was the unit's last initiative roll a fumble?"""
        ...

    def speed(self, uid: int) -> str | None:
        """When the unit's declared action resolves (the ruleset's action speed); None when it
        declared nothing, or an action that acts only when something triggers it."""
        ...

    def later(self) -> list[tuple[int, int, int]]:
        """The parts of declared actions waiting for a later initiative count this round, in
        the order they were scheduled: (count, uid, part) each (`Resolve(uid, phase, part)`
        carries one out and takes it off the list)."""
        ...

    @property
    def over(self) -> bool:
        """Is the match decided?"""
        ...


class _Orders(Protocol):
    def declaration_order(self, entries: Any) -> list[Any]: ...

    def action_order(self, entries: Any) -> list[Any]: ...


def declare_then_resolve(rules: _Orders, table: RoundTable) -> Iterator[Step]:
    """The round of declarations then resolution (Yags): everyone declares in the ruleset's
    declaration order; then each declared action resolves in its action order (by speed and
    initiative) until the match is decided; then moves end and the round ends."""
    yield Phase("start")
    order = tuple(rules.declaration_order([(u, table.combatant(u), table.initiative(u)) for u in table.living()]))
    yield Declare(order)
    yield Phase("declared")
    speeds: dict[int, str] = {}
    items = []
    for uid in order:
        speed = table.speed(uid)
        if speed is not None:
            speeds[uid] = speed
            items.append((uid, table.combatant(uid), speed, table.initiative(uid)))
    for uid in rules.action_order(items):
        if table.over:
            break
        yield Resolve(uid, speeds[uid])
    yield Phase("move")
    yield Phase("end")
