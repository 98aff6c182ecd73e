"""Declarations as small command dataclasses (one per unit per round).

Carrying one out returns `Done` or `Impossible("reason")`, never raises for an ordinary
refusal; the UI shows the reason, the AI tries something else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MOVE_MODES = ("free", "run", "sprint")
ATTACK_MODES = ("melee", "shot", "burst", "triple", "area", "suppress")






@dataclass(frozen=True)
class Hold:
    """Do nothing but defend (the declared defences still count)."""


@dataclass(frozen=True)
class Move:
    """Move along a path this round. Movement begins at the start of the round and ends at its
    end (yags-combat.md, Initiative), so the unit arrives after every other action."""

    path: tuple[tuple[int, int], ...]
    mode: str = "free"


@dataclass(frozen=True)
class Attack:
    """Attack a unit: melee (moving next to it is implied), or fire in one of the modes."""

    target: int  # the target's uid
    mode: str = "shot"
    options: dict[str, Any] = field(default_factory=dict)  # shot, bursts, shots, manoeuvre
    path: tuple[tuple[int, int], ...] = ()  # a free move before shooting, or the approach to melee


@dataclass(frozen=True)
class AreaFire:
    """A burst over an arc aimed at a tile (30 degrees; 60 for suppressive fire)."""

    aim: tuple[int, int]
    suppressive: bool = False


@dataclass(frozen=True)
class Throw:
    """Throw a grenade at a tile."""

    weapon: str
    tile: tuple[int, int]


@dataclass(frozen=True)
class Reload:
    """Change magazines (takes the weapon's reload rounds)."""


@dataclass(frozen=True)
class FullDodge:
    """Dive for full cover within the base move: full defence against missiles all round."""

    tile: tuple[int, int] | None = None


@dataclass(frozen=True)
class Aim:
    """Spend the round aiming at a unit: next round's careful shot at it is an aimed shot
    (distance thirded). The aimer is focused: no defences (Aimed shot)."""

    target: int


@dataclass(frozen=True)
class Stand:
    """Get up from prone (takes the action)."""


@dataclass(frozen=True)
class FirstAid:
    """Tend an adjacent friend, or oneself (yags-combat.md, Healing and First aid: First aid):
    the ruleset's `first_aid_rounds()` rounds doing nothing else (focused: no defences), then
    the check; another declaration interrupts it and a later one starts afresh. `stuns`: treat
    the stuns rather than the wounds."""

    patient: int
    stuns: bool = False


@dataclass(frozen=True)
class PickUp:
    """Pick up one's own dropped weapon, lying within a tile (takes the action)."""


@dataclass(frozen=True)
class Overwatch:
    """Cover an area this round, ready to shoot or strike the first enemy that presents
    itself there (yags-combat.md, Action Types: Overwatch): with a missile weapon a 45 degree
    arc centred on the line to `aim` (out to the weapon's long range, in sight); with a melee
    weapon the tiles in its reach at the start of the round (`aim` None). It fires only when
    triggered, after a Perception x Tactics check; if nothing triggers it the action is
    wasted, and declaring it again with the same aim keeps it (Waiting beyond a round)."""

    aim: tuple[int, int] | None = None


COVER_ACTIONS = ("step_out", "cover_to_cover")  # the `cover_action` declaration choice (Shooting from Cover)

Action = Hold | Move | Attack | AreaFire | Throw | Reload | FullDodge | Aim | Stand | FirstAid | PickUp | Overwatch


def describe(action: Action, names: dict[int, str]) -> str:
    """One line for the log and the UI: what a unit declared."""
    if isinstance(action, Move):
        return f"{action.mode} move to {action.path[-1] if action.path else 'here'}"
    if isinstance(action, Attack):
        extra = f" ({', '.join(f'{k} {v}' for k, v in action.options.items())})" if action.options else ""
        return f"{action.mode} attack on {names.get(action.target, action.target)}{extra}"
    if isinstance(action, AreaFire):
        return f"{'suppressive' if action.suppressive else 'area'} fire at {action.aim}"
    if isinstance(action, Throw):
        return f"throw {action.weapon} at {action.tile}"
    if isinstance(action, Reload):
        return "reload"
    if isinstance(action, FullDodge):
        return "full dodge"
    if isinstance(action, Stand):
        return "stand up"
    if isinstance(action, Aim):
        return f"aim at {names.get(action.target, action.target)}"
    if isinstance(action, FirstAid):
        return f"first aid ({'stuns' if action.stuns else 'wounds'}) on {names.get(action.patient, action.patient)}"
    if isinstance(action, PickUp):
        return "pick up the weapon"
    if isinstance(action, Overwatch):
        return f"overwatch at {action.aim}" if action.aim is not None else "overwatch (melee reach)"
    return "hold"
