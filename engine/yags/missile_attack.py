"""One missile attack as declared (`MissileAttack`) and what the rules make of it (`ShotFacts`):
the values engine/yags/missile.py plans and missile_parts.py takes apart (yags-combat.md,
Missile Combat)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.yags.attack import Fighter
from engine.yags.equipment import Weapon


@dataclass(frozen=True)
class MissileAttack:
    """One missile attack as declared, with the facts the map supplies."""

    attacker: Fighter
    target: Fighter
    distance_m: float
    shot: str = "normal"  # normal, snap, careful, aimed
    conditions: tuple[str, ...] = ()  # ENVIRONMENT_MULTIPLIER keys
    cover: str | None = None  # the target's cover: soft50, soft90, hard50, hard90, full
    threat_band: int | None = None  # see threat_band_for
    in_melee_with_attacker: bool = False
    melee_crowd: int = 0  # others in close combat with the target
    wrestling: bool = False  # someone is wrestling with the target
    two_guns: bool = False  # firing two guns this round: distance doubled
    off_hand: bool = False  # this shot is from the off hand: -10 (implies two_guns)
    use_scope: bool = True
    crowd_targets: int = 1  # firing at a crowd of this many
    two_hands: bool = True  # the weapon is held in both hands
    just_loaded: bool = False  # the load finished this round (Lo-0) or last round
    weapon: Weapon | None = None  # default: the attacker's weapon (its thrown profile if melee)
    # Action Types, Overwatch: the shot that fires when an overwatch triggers "is always fast
    # ... it is a snapshot ... your attack roll is halved".
    overwatch: bool = False
    # ... "the target will be unaware of your attack and therefore unable to defend".
    unaware: bool = False

    @property
    def arm(self) -> Weapon:
        w = self.weapon if self.weapon is not None else self.attacker.arm
        return w.thrown if (w.kind == "melee" and w.thrown is not None) else w


@dataclass(frozen=True)
class ShotFacts:
    """What the rules make of a declared shot."""

    weapon: Weapon
    band: str  # short, medium, long
    quarters: str | None  # impaired, crippled or None
    shot: str  # after drawing / strength / loading force a snapshot
    speed: str  # fast, normal, slow
    strength_short: bool
    multiplier: Fraction
