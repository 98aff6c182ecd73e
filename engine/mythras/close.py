"""Close combat as values the world can use (0005, Close Combat): situational modifiers,
engagement, charging, outmanoeuvring, knockback, surprise."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.mythras.checks import D100Roll, opposed_winner, roll_skill
from engine.mythras.tables import knockback_m

# Close Combat Situational Modifiers (0005). "automatic": attacking a helpless target.
CLOSE_SITUATIONS: dict[str, tuple[str, str]] = {
    "target_helpless": ("automatic", "attacking a helpless target"),
    "confined": ("hard", "attacking in a confined situation"),
    "defending_lower_ground": ("hard", "defending while on lower ground or against mounted foe"),
    "unstable_ground": ("hard", "fighting while on unstable ground"),
    "crouching": ("hard", "fighting while crouching or from one knee"),
    "poor_visibility": ("hard", "fighting in poor visibility"),
    "defender_crouching": ("hard", "defending while crouching or from one knee"),
    "attack_from_behind": ("formidable", "defending against an attack from behind"),
    "prone": ("formidable", "fighting while prone"),
    "partial_darkness": ("formidable", "fighting in partial darkness"),
    "pitch_black": ("herculean", "fighting in pitch black conditions"),
    "blinded": ("herculean", "blinded"),
}
# Which side each situation weighs on: the attacker's roll, the defender's, or whoever has it.
DEFENDER_SITUATIONS = frozenset({"defending_lower_ground", "defender_crouching", "attack_from_behind"})
CHARGE_GRADE = "hard"  # 0005 Charging: "the attack roll suffers a Difficulty Grade of Hard"
BLIND_STRIKE = 1  # 0005 Cover: striking blindly through total cover is one grade harder
REACH_TILES = 1  # rules-notes: every melee weapon strikes the adjacent tiles


def engaged(distance_tiles: int, reach_tiles: int = REACH_TILES) -> bool:
    """0005 Engagement: within melee weapon range of an opponent (either's reach)."""
    return 0 < distance_tiles <= reach_tiles


@dataclass(frozen=True)
class Charge:
    """0005 Charging: Hard to hit, the weapon a Size larger, the Damage Modifier a step up
    (two for a quadruped)."""

    grade: str = CHARGE_GRADE
    size_steps: int = 1
    dm_steps: int = 1


def charge(quadruped: bool = False) -> Charge:
    return Charge(dm_steps=2 if quadruped else 1)


def counter_first(charger_size: str, recipient_size: str) -> str:
    """A charge met by a counterattack: "the wielder of the longer weapon strikes first"
    (rules-notes: the larger Size is the longer; a tie goes to the recipient, who stood
    ready). 'charger' or 'recipient'."""
    from engine.mythras.tables import SIZES

    return "charger" if SIZES.index(charger_size) > SIZES.index(recipient_size) else "recipient"


@dataclass(frozen=True)
class Outmanoeuvre:
    """0005 Outmaneuvering: a group Opposed Roll of Evade. Those who fail to beat the
    manoeuvring character's roll cannot attack him this round; beating them all lets him
    engage one of them alone or withdraw."""

    roll: D100Roll
    foe_rolls: tuple[tuple[str, D100Roll], ...]
    blocked: tuple[str, ...]

    @property
    def beat_all(self) -> bool:
        return len(self.blocked) == len(self.foe_rolls)


def outmanoeuvre(dice: Dice, name: str, evade: int, foes: list[tuple[str, int]], grade: str = "standard") -> Outmanoeuvre:
    """Each participant rolls Evade once (each spends an Action Point); a foe who does not
    beat the roll is blocked (a tie in level and face: the manoeuvrer's roll stands)."""
    mine = roll_skill(dice, f"{name}: Evade (outmanoeuvre)", "Evade", evade, grade)
    rolls, blocked = [], []
    for foe, skill in foes:
        r = roll_skill(dice, f"{foe}: Evade (cornering {name})", "Evade", skill)
        rolls.append((foe, r))
        if opposed_winner(r, mine) != "a":
            blocked.append(foe)
    return Outmanoeuvre(mine, tuple(rolls), tuple(blocked))


def break_free(dice: Dice, name: str, skill_name: str, skill: int, holder_skill_name: str, holder_skill: int,
               holder: str = "the holder") -> tuple[bool, D100Roll, D100Roll]:
    """Struggle against a Grip (Brawn or Unarmed against the gripper's choice of the two) or
    an Entangle (Brawn): an Opposed Roll the one held must win (0005 Grip; Entangle)."""
    mine = roll_skill(dice, f"{name}: {skill_name} (breaking free)", skill_name, skill)
    theirs = roll_skill(dice, f"{holder}: {holder_skill_name} (holding on)", holder_skill_name, holder_skill)
    return opposed_winner(mine, theirs) == "a", mine, theirs


@dataclass(frozen=True)
class Knockback:
    metres: int
    roll_needed: bool  # Easy Acrobatics or Standard Athletics, or fall prone


def knockback(damage_before_reductions: int, siz: int, braced: bool = False) -> Knockback:
    """0005 Knockback: damage (before parry or armour) over the recipient's SIZ."""
    m = knockback_m(damage_before_reductions, siz, braced)
    return Knockback(m, m > 0)


SURPRISE_INITIATIVE = -10  # 0005 Surprise: "–10 penalty to Initiative"


@dataclass(frozen=True)
class Surprise:
    """0005 Surprise: -10 Initiative; no defence until the target's Initiative comes; the
    first successful attack on it gains a bonus Special Effect; no offensive action for the
    rest of the round."""

    initiative: int = SURPRISE_INITIATIVE
    bonus_effects: int = 1
