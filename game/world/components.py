"""esper components: plain dataclasses, one concern each.

The ruleset's own values (a Yags `Character`, its `Condition`, its declaration) are held
opaquely in `Combatant`; the world never looks inside them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Unit:
    name: str
    team: str
    uid: int  # stable id within the match (spawn order), used in logs, saves and replays


@dataclass
class Position:
    x: int
    y: int

    @property
    def tile(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass
class Combatant:
    """The ruleset's combatant (what the unit is) and state (wounds, stuns, ...)."""

    combatant: Any
    state: Any


@dataclass
class Initiative:
    value: int
    lost_first_round: bool = False
    fumbled: bool = False  # the last roll was a fumble (a ruleset's round may read it)


@dataclass
class Posture:
    """Stance carried over between rounds (prone stays prone until the unit stands)."""

    stance: str = "normal"


@dataclass
class Ammo:
    """Rounds in the weapon and spare magazines; reload_left counts rounds of reloading."""

    loaded: int
    magazines: int
    capacity: int
    reload_left: int = 0
    jammed: bool = False  # an unreliable weapon fumbled (Missile fumbles): no fire until cleared


@dataclass
class Grenades:
    weapon_ids: list[str] = field(default_factory=list)


@dataclass
class Declared:
    """This round's declaration: the action and the ruleset's declaration value."""

    action: Any
    ruleset_decl: Any
    order: int  # position in the declaration sequence
    choices: dict[str, Any] = field(default_factory=dict)  # as the declarer gave them (stance, cover_action, ...)


@dataclass
class Moved:
    """How the unit moves this round (none, free, run, sprint) and its path; `walked` the
    fastest it has already walked this round, `walked_m` how far (a ruleset whose Moves come
    Turn by Turn judges a later action by them: Mythras's gaits)."""

    mode: str = "none"
    path: tuple[tuple[int, int], ...] = ()
    walked: str = "none"
    walked_m: float = 0.0


@dataclass
class Aiming:
    """An aimed shot in preparation: `rounds` whole rounds aiming at this target."""

    target_uid: int
    round: int  # the round spent aiming


@dataclass
class Grapple:
    """A hold (yags-combat.md, Grapple; Grappled): this unit holds `partner` (`holder`) or is
    held by it. Both are in the grappled stance until the hold ends."""

    partner: int
    holder: bool


@dataclass
class Dropped:
    """The unit's weapon lies on the ground at `tile` (Disarm; Fumbling an attack) until the
    unit picks it up; meanwhile it fights with what it has left (its fists). `armed` is the
    unit's combatant as it was, `ammo` the weapon's magazine state."""

    name: str
    tile: tuple[int, int]
    armed: Any
    ammo: Ammo | None = None


@dataclass
class Tending:
    """First aid in progress (Healing and First aid: "Tending a wound takes one minute"):
    `rounds_left` more rounds of tending `patient` (wounds, or stuns)."""

    patient: int
    stuns: bool
    rounds_left: int


@dataclass
class Watch:
    """An overwatch (Action Types: Overwatch) for `round`: the watcher stands at `tile`
    covering the arc toward `aim` (None: its melee reach); `since` is the round it was first
    declared (earlier when kept, Waiting beyond a round); `triggered` once an enemy presented
    itself (checked, and fired or wasted)."""

    aim: tuple[int, int] | None
    tile: tuple[int, int]
    round: int
    since: int
    triggered: bool = False


@dataclass
class ReactionPolicy:
    """The standing answer a unit keeps for the ruleset's reaction question (the declaration
    choice `reaction`, Ruleset.reaction_policies): kept from turn to turn until changed."""

    key: str

