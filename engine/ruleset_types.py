"""The values the game and a ruleset exchange (engine/ruleset.py is the interface that takes
and returns them): the grid's facts about an attack (`Situation`), who takes part
(`Participant`), an attack asked for (`AttackRequest`), a declared action as the ruleset
hears it (`Intent`), a declaration as the ruleset judges it (`DeclarationRequest`, with the
weapon in hand as the grid keeps it: `HeldWeapon`), what the grid needs of a weapon (`WeaponFacts`) and of a unit's health
(`HealthFacts`), the protocols of a result (`Outcome`) and a preview (`Preview`), and a
ruleset's change to a state (`Applied`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from engine.rolls import Roll


@dataclass(frozen=True)
class Situation:
    """What the grid knows about one attack: distances, cover, movement, surroundings."""

    distance_m: float = 1.0
    target_cover: str | None = None  # soft50, soft90, hard50, hard90, full
    attacker_moved: str = "none"  # none, free, run, sprint
    target_moved: str = "none"
    room_reach: int | None = None  # longest reach the attacker's surroundings allow
    in_melee_with_attacker: bool = False
    target_melee_crowd: int = 0  # others in close combat with the target
    target_combat_move_m: float = 6.0
    environment: tuple[str, ...] = ()  # moderate_wind, unstable_platform, ...
    lateral: bool = True  # the target's movement is across the line of fire
    target_wrestling: bool = False  # someone besides the attacker wrestles with (holds or is held by) the target
    tiles_apart: int | None = None  # grid steps (Chebyshev) between attacker and target; None: off the grid
    attacker_stance: str = "normal"  # each one's posture on the grid: normal, crouched, prone, grappled
    target_stance: str = "normal"
    bystanders: tuple[str, ...] = ()  # the names of the others next to the target (a blow may go astray to them)
    behind: tuple[str, ...] = ()  # the names of those on the line of fire just beyond the target
    # the fastest the attacker has already walked this round (none, free, run, sprint): a
    # Move taken in an earlier Turn of the round (Mythras); `attacker_moved` is this action's own
    attacker_gait: str = "none"
    # Surroundings some rulesets read (Mythras, 0005): cover on the tiles round the attacker
    # with a free tile beside it hidden from the target (Duck Back), for a shot; in close
    # combat another foe of the target beside it, opposite the attacker (attacked from
    # behind), and the metres the target can be thrust straight away from the attacker
    # before a wall or a standing unit stops it (a thrust this long or longer meets an
    # obstacle); None: not worked out (not a blow)
    attacker_by_cover: bool = False
    target_flanked: bool = False
    target_room_behind_m: float | None = None


@dataclass(frozen=True)
class Participant:
    """A combatant, its current state and its declaration for this round."""

    name: str
    combatant: Any
    state: Any
    declaration: Any = None


@dataclass(frozen=True)
class AttackRequest:
    attacker: Participant
    target: Participant
    mode: str  # melee, shot, burst, triple, area, suppress, throw
    # shot, shots, bursts, manoeuvre, kind, ...; "overwatch": the attack of a triggered
    # overwatch (Yags: fast, a snapshot, the attack roll halved); "unaware": the target does
    # not know of the attack and cannot defend; "surprise": fog of war's attack by a unit the
    # target's side did not know of as the round began (unaware too; Mythras: no reaction)
    options: Mapping[str, Any] = field(default_factory=dict)
    situation: Situation = field(default_factory=Situation)
    others: Sequence[tuple[Participant, Situation]] = ()  # further targets for area fire, nearest first


@dataclass(frozen=True)
class Intent:
    """What a unit declared, as the world's action says it, for a ruleset whose declaration
    depends on the action (Yags SF: initiative from the special attack, no attack after a
    run): passed to `Ruleset.declare` as the choice `intent`."""

    tag: str  # the world action's tag: hold, move, attack, area_fire, throw, reload, full_dodge, aim, stand, ...
    mode: str = ""  # an attack's mode (melee, shot, burst, triple, ...)
    options: Mapping[str, Any] = field(default_factory=dict)  # an attack's options (special, shots, bursts, shot, ...)
    target: str | None = None  # the name of the unit it is aimed at
    move: str = "none"  # how the unit moves this round: none, free, run, sprint


@dataclass(frozen=True)
class HeldWeapon:
    """The weapon in a unit's hands as the grid keeps it: its facts, its magazine and whether
    it lies on the ground (dropped, disarmed: the unit fights with what it has left)."""

    facts: WeaponFacts
    loaded: int | None = None  # rounds in the magazine; None: no magazine to track
    magazines: int = 0
    reloading: bool = False  # a reload under way (rounds left to it)
    jammed: bool = False
    dropped: bool = False  # its weapon lies on the ground


@dataclass(frozen=True)
class DeclarationRequest:
    """A declaration as the ruleset judges it (`Ruleset.may_declare`), once the world has
    found it possible on the grid (reach, sight, paths): everything the rules need to say
    whether the unit may declare it now. `intent` is the action (its tag, an attack's mode and
    options, the target's name, how the unit moves with it: none, free, run, sprint);
    `stance` the posture declared with it, `posture` the one it has now; `gait` and `moved_m`
    how fast and how far it has walked already this round (a Move in an earlier Turn);
    `engaged`: an enemy stands within melee reach of it; `target` and `situation`: the unit
    it is aimed at and the grid's facts about an attack on it (None for actions at no unit).
    Wounds, useless locations, reactions or Action Points left are in `unit.state`."""

    unit: Participant
    intent: Intent
    weapon: HeldWeapon
    stance: str = "normal"
    posture: str = "normal"
    gait: str = "none"
    moved_m: float = 0.0
    engaged: bool = False
    target: Participant | None = None
    situation: Situation | None = None


@dataclass(frozen=True)
class WeaponFacts:
    """What the grid needs to know about a combatant's weapon, in any ruleset."""

    name: str
    melee: bool
    reach: int  # the ruleset's own reach scale, compared between weapons
    reach_tiles: int  # how far it strikes on the grid (1 = adjacent)
    long_m: float = 0.0  # the furthest it can hit
    capacity: int = 0  # rounds in a magazine (0: no ammunition to track)
    reload_rounds: int = 0
    burst: int = 0
    modes: tuple[str, ...] = ()  # melee, shot, burst, triple, area, suppress
    grenades: tuple[str, ...] = ()
    spread_m: float = 0.0  # a cone weapon's spread increment (shotguns): others near the line can be hit
    bolt_action: bool = False  # several shots a round allow no defence and no move (Yags: Rate of Fire)
    # modes whose several shots or bursts may each go at a different target (the Attack option
    # `further`: Yags SF's Multiple Shots and Full Auto); () where the rules keep them on one
    split_modes: tuple[str, ...] = ()


@dataclass(frozen=True)
class HealthFacts:
    """A combatant's health as plain values, in any ruleset: for event payloads (the UI's
    markers and playback), the lab's tallies and the AI. `wounds` and `stuns` count the
    ruleset's own levels of lasting and passing harm (Yags: its 0-6 tracks), `fatigue` its
    fatigue levels; a ruleset without one of them leaves it 0."""

    status: str
    out: bool
    dead: bool = False
    wounds: int = 0
    stuns: int = 0
    fatigue: int = 0
    prone: bool = False  # the state lays it down (the world's posture follows)

    @property
    def harm(self) -> int:
        """Every level of harm taken (wounds and stuns)."""
        return self.wounds + self.stuns


class Outcome(Protocol):
    """What the world and an exchange read of one result of `resolve` or `blast` (each
    ruleset's result values provide these, as fields or properties)."""

    @property
    def target(self) -> str:
        """The name of the combatant it struck (or missed)."""
        ...

    @property
    def hit(self) -> bool: ...

    @property
    def effects(self) -> tuple[Any, ...]:
        """What it did besides damage, in the ruleset's own terms (Yags: prone, grappled,
        disarmed, overwhelmed:-N; Mythras: typed already); the world reads them only as the
        ruleset's `grid_effects` makes them (engine/exchange_types.py)."""
        ...

    @property
    def fumble_outcome(self) -> str | None:
        """What the attacker's fumble did: drop_weapon, jam, random_target, fatigue, ..."""
        ...

    @property
    def counter_strike(self) -> bool:
        """Does it earn the target a counter strike?"""
        ...

    def describe(self) -> str:
        """Its rolls and what they did, one line each, for the log."""
        ...


class Preview(Protocol):
    """An exact preview of an attack, a throw or a blast, as the AI and the UI read it (the
    ruleset's own preview values provide at least this; `Ruleset.expected_harm` and
    `Ruleset.preview_lines` read the rest)."""

    @property
    def p_hit(self) -> Fraction: ...


@dataclass(frozen=True)
class Applied:
    """The outcome of applying a hit or the end of a round to one combatant."""

    state: Any
    rolls: tuple[Roll, ...] = ()
    events: tuple[str, ...] = ()
    # The result's effects that took hold (a disarm whose check failed), in the ruleset's own
    # terms, made typed for the world by `Ruleset.grid_effects`; None: all of the result's
    # own `effects` (Yags, Mythras).
    effects: tuple[str, ...] | None = None
