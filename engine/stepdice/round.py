"""The round of the step-die system (step-dice-combat.md, Initiative and Actions), as values.

A round ("a combat turn") is about 3 seconds. How a turn driver runs it, step by step:

1. Start of combat: every unit rolls initiative once, Agility + Alertness
   (`roll_initiative`). Units act in `initiative_order`: highest first; ties go to the
   higher Agility die, then the higher Alertness die, then the order given.
2. Start of each round, statements: each unit that can act is asked, in initiative order,
   to state its round (`Statement`): how many actions it will take (0 to `MAX_ACTIONS`, less
   the actions carried in from last round), how many of them are defences it holds ready,
   and whether it goes all-out attack, all-out defence, or sits the round out. A statement is
   private to its unit (nothing on the sheet lets one react to another's). `state_round`
   validates it against the unit's carried actions and condition and gives the unit's `Turn`
   for the round; every action that round, attack or defence, is rolled at
   `action_steps(actions + carried)` on the skill die. A stunned unit states nothing (0).
   A covering action kept from last round is one of the stated actions (it is kept only if
   the unit states at least one).
3. Turns, in initiative order: the unit whose turn it is is asked for one action at a time
   (`Turn.may(kind)` says whether it may: attack, move, reload, ...; `Turn.took(kind)`
   records it) until it has taken its stated actions (less its defences) or ends its turn.
   Free actions (a look, dropping prone, a short phrase) are never counted. All of a unit's
   actions are taken on its turn, except:
4. Reactions, asked of the defender's controller when it is attacked, before the attack is
   rolled (engine.stepdice.attack.defence_options gives each choice with its exact chance):
   its innate defence (free), or a dodge or, in melee, a block. A defence held ready in the
   statement is spent first; any further defence "is added to your actions next round"
   (`Turn.defended`, `Turn.carry`). A unit in all-out attack or sitting out has its innate
   defence only.
5. Out of turn: a covering unit (a delayed action) is asked when a foe appears where it
   watches, and fires then; a unit holding another at gunpoint (bang to rights) is asked,
   when the held one starts any action, whether it fires first (a free action, +2 steps).
6. End of round: each unit's health is checked (engine.stepdice.health.end_of_round:
   unconsciousness checks each turn at +4, bleeding and death checks each minute, lost
   actions counting down); `Turn.carry()` is the actions carried into the next round; a unit
   that sat out re-rolls its initiative (`roll_initiative`), kept from the next round on; a
   covering action not yet fired rolls over if its unit states it again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.dice import Dice
from engine.rolls import Roll
from engine.stepdice.character import Character, Condition, attribute_steps
from engine.stepdice.steps import Part, Pool

# "The GM can limit the number of actions you can make": three, one a second of the
# three-second turn (rules-notes).
MAX_ACTIONS = 3
ROUND_SECONDS = 3
ROUNDS_PER_MINUTE = 60 // ROUND_SECONDS

ATTACKS = ("attack", "feint", "grapple", "throw", "cover")
OTHER_ACTIONS = ("move", "reload", "ready", "stand_up", "break_free")
DEFENCES = ("dodge", "block")
# "Free actions are innate defense rolls (Agility only), a quick look around, drop to the
# ground or speak a short phrase." Bang to rights is a free attack.
FREE_ACTIONS = ("innate_defence", "look", "drop_prone", "speak", "bang_to_rights")
ALL_OUT = ("attack", "defence")


def action_steps(actions: int) -> int:
    """ "Each person gets to do one thing in a round for free ... they take a one step
    penalty for each additional action they try": the signed step on every action of a round
    with that many actions (1 is 0, 3 is -2; 0 is 0)."""
    if actions < 0:
        raise ValueError(f"a round has 0 or more actions, not {actions}")
    return -max(0, actions - 1)


@dataclass(frozen=True)
class Statement:
    """What a unit states at the start of a round."""

    actions: int = 1  # actions it will take this round, defences held ready included
    defences: int = 0  # of those, defences held ready (dodge or block)
    all_out: str | None = None  # "attack" or "defence"
    sit_out: bool = False  # do nothing (free actions only) and re-roll initiative
    keep_covering: bool = False  # a covering action from last round stays, as one action


@dataclass(frozen=True)
class Turn:
    """A unit's round: its statement, the actions carried in, and what it has used."""

    statement: Statement = field(default_factory=Statement)
    carried: int = 0
    taken: tuple[str, ...] = ()
    defences_used: int = 0  # stated defences spent
    unstated: int = 0  # defences beyond the stated: added to next round's actions
    feinted_by: frozenset[str] = frozenset()  # only innate defence against these this round
    covering: bool = False  # a covering (delayed) attack waits to be triggered
    gunpoint: str | None = None  # bang to rights: the unit held at gunpoint

    @property
    def count(self) -> int:
        """The round's actions for the step penalty: stated plus carried."""
        return self.statement.actions + self.carried

    @property
    def steps(self) -> int:
        return action_steps(self.count)

    @property
    def attack_steps(self) -> int:
        """All Out Attack: +2 steps on its attacks."""
        return self.steps + (2 if self.statement.all_out == "attack" else 0)

    @property
    def defence_steps(self) -> int:
        """All Out Defense: "+2 Step bonus" when all its actions this turn are defensive."""
        return self.steps + (2 if self.statement.all_out == "defence" else 0)

    @property
    def actions_left(self) -> int:
        s = self.statement
        return s.actions - s.defences - len(self.taken) - (1 if s.keep_covering else 0)

    def may(self, kind: str) -> str | None:
        """None when the unit may take an action of `kind` on its turn, else the reason."""
        if kind in FREE_ACTIONS:
            return None
        if kind not in ATTACKS + OTHER_ACTIONS:
            raise ValueError(f"unknown action {kind!r}")
        s = self.statement
        if s.sit_out:
            return "sitting the round out: free actions only"
        if s.all_out == "attack" and kind not in ATTACKS:
            return "all-out attack: attack actions only"
        if s.all_out == "defence":
            return "all-out defence: defensive actions only"
        if self.actions_left <= 0:
            return "no stated actions left this round"
        return None

    def took(self, kind: str) -> Turn:
        """The turn after an action of `kind` (free actions change nothing)."""
        if kind in FREE_ACTIONS:
            return self
        reason = self.may(kind)
        if reason:
            raise ValueError(reason)
        return replace(self, taken=self.taken + (kind,), covering=self.covering or kind == "cover")

    def defences_open(self) -> tuple[bool, bool]:
        """(a stated defence is left, an unstated one may be taken)."""
        s = self.statement
        stated = self.defences_used < s.defences
        forbidden = s.sit_out or s.all_out == "attack" or self.unstated >= MAX_ACTIONS
        return stated, not forbidden

    def may_defend(self) -> str | None:
        stated, unstated = self.defences_open()
        if stated or unstated:
            return None
        if self.statement.all_out == "attack":
            return "all-out attack: no defence but the innate one"
        if self.statement.sit_out:
            return "sitting the round out: innate defence only"
        return f"{MAX_ACTIONS} defences already carried into next round"

    def defended(self, kind: str) -> Turn:
        """The turn after a dodge or block: a stated defence first, else one that carries."""
        if kind not in DEFENCES:
            raise ValueError(f"unknown defence {kind!r}; expected one of {', '.join(DEFENCES)}")
        reason = self.may_defend()
        if reason:
            raise ValueError(reason)
        if self.defences_open()[0]:
            return replace(self, defences_used=self.defences_used + 1)
        return replace(self, unstated=self.unstated + 1)

    def next_defence_carries(self) -> bool:
        """Whether a defence taken now is added to next round's actions."""
        return not self.defences_open()[0]

    @property
    def rerolls_initiative(self) -> bool:
        """A unit that sat the round out re-rolls its initiative at the end of it."""
        return self.statement.sit_out

    def at_gunpoint(self, other: str | None) -> Turn:
        """Bang to Rights (a free action): hold `other` at gunpoint (None: let go). When the
        held one starts an action, the driver asks this unit whether it fires first."""
        return replace(self, gunpoint=other)

    def carry(self) -> int:
        """ "Any defensive action used not initially stated at the start of the round is
        added to your actions next round." """
        return self.unstated

    def fired_cover(self) -> Turn:
        """The covering action fires (its action was counted when it was taken or kept)."""
        if not self.covering:
            raise ValueError("no covering action waits")
        return replace(self, covering=False)

    def feinted(self, by: str) -> Turn:
        return replace(self, feinted_by=self.feinted_by | {by})


def state_round(statement: Statement, carried: int = 0, condition: Condition | None = None,
                covering: bool = False) -> Turn:
    """Validate a unit's statement for the round (raises ValueError with the reason) and
    give its Turn. `carried`: actions added from last round; `covering`: a covering action
    kept from last round."""
    s = statement
    if carried < 0:
        raise ValueError(f"carried actions cannot be negative, got {carried}")
    if s.actions < 0 or not 0 <= s.defences <= s.actions:
        raise ValueError(f"state 0 or more actions and 0 to that many defences, not {s.actions} and {s.defences}")
    if s.actions + carried > MAX_ACTIONS and s.actions:
        raise ValueError(f"at most {MAX_ACTIONS} actions a round: {carried} carried leave "
                         f"{max(0, MAX_ACTIONS - carried)}, not {s.actions}")
    if s.all_out not in (None, *ALL_OUT):
        raise ValueError(f"all-out must be attack or defence, not {s.all_out!r}")
    if s.all_out and carried:
        raise ValueError(f"all-out {s.all_out} cannot be stated with actions carried over")
    if s.all_out == "attack" and s.defences:
        raise ValueError("all-out attack: no defences")
    if s.all_out == "defence" and (s.actions == 0 or s.defences != s.actions):
        raise ValueError("all-out defence: every stated action must be a defence")
    if s.sit_out and (s.actions or s.all_out):
        raise ValueError("sitting out: no actions stated")
    if s.keep_covering and (not covering or s.actions - s.defences < 1):
        raise ValueError("a covering action is kept only from last round, as one of the stated actions")
    if condition is not None:
        if condition.out_of_fight:
            raise ValueError(f"{condition.status}: no actions")
        if condition.stunned and s.actions:
            raise ValueError("stunned: no actions this round")
    return Turn(s, carried=carried, covering=s.keep_covering)


@dataclass(frozen=True)
class Initiative:
    value: int
    roll: Roll
    agility: int
    alertness: int


def initiative_pool(character: Character, condition: Condition | None = None) -> Pool:
    """Agility + Alertness, the attributes stepped at half life (not an action: a die
    stepped below d2 adds nothing)."""
    steps = attribute_steps(character, condition) if condition else 0
    return Pool("initiative", (Part("Agility", character.attribute("agility"), steps),
                               Part("Alertness", character.attribute("alertness"), steps))).kept()


def roll_initiative(dice: Dice, character: Character, condition: Condition | None = None) -> Initiative:
    """ "Initiative (Agility + Alertness) determines the order that characters act." """
    roll = initiative_pool(character, condition).roll(dice)
    return Initiative(roll.total, roll, character.attribute("agility"), character.attribute("alertness"))


def initiative_order(entries: Iterable[tuple[Any, int, int, int]]) -> list[Any]:
    """Ids highest initiative first; entries are (id, initiative, agility die, alertness
    die); ties to the higher Agility, then Alertness, then the order given."""
    indexed = [(i, e) for i, e in enumerate(entries)]
    indexed.sort(key=lambda ie: (-ie[1][1], -ie[1][2], -ie[1][3], ie[0]))
    return [e[0] for _, e in indexed]


def order_of(characters: Sequence[tuple[Any, Character, int]]) -> list[Any]:
    """initiative_order for (id, character, initiative) entries."""
    return initiative_order((i, ini, c.attribute("agility"), c.attribute("alertness")) for i, c, ini in characters)
