"""Melee manoeuvres of the sheet's Special Attacks and Defenses: feint, grapple, breaking
free. Each is an opposed roll, an action of the one who starts it; the other's roll is not
an action. Exact chances enumerate both pools.

- Feint (melee only): "Roll alertness + hand to hand weapon against opponents Intelligence +
  Perception / Intuition roll. If you roll higher opponent can only use innate defense"
  (against the feinter, for the rest of the round; rules-notes).
- Grapple (melee only): "Roll Agility + Unarmed combat / speciality to get a hold against
  opponent who rolls Agility + Strength to break free. If a hold is gained they are prone
  (knocked down and incurs a -2 steep attribute penalty to attacks) and an easy target for
  attacks until they break free." A hold is gained at or above the other's roll, as a hit.
- Breaking free: an action of the one held, Agility + Strength against the holder's Agility +
  Unarmed; it breaks free at or above (rules-notes). With no skill in the roll, the action
  steps fall on Strength.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll, Term
from engine.stepdice.attack import Fighter, skill_pool
from engine.stepdice.character import attribute_steps
from engine.stepdice.steps import Part, Pool


@dataclass(frozen=True)
class Manoeuvre:
    """A planned opposed roll: the actor's pool against the other's; `ties` to the actor
    when "at or above" wins, not when it must "roll higher"."""

    kind: str  # feint, grapple, break_free
    actor: Fighter
    other: Fighter
    pool: Pool
    against: Pool
    ties: bool
    effect: str  # feinted, held, free

    def chance(self) -> Fraction:
        """The exact chance the actor succeeds."""
        win = Fraction(0)
        theirs = self.against.distribution()
        for a, pa in self.pool.distribution().items():
            for b, pb in theirs.items():
                if a > b or (self.ties and a == b):
                    win += pa * pb
        return win


@dataclass(frozen=True)
class ManoeuvreResult:
    kind: str
    attacker: str
    target: str
    rolls: tuple[Roll, ...]
    success: bool
    effects: tuple[str, ...] = ()  # on the target's condition: held
    turn_effects: tuple[str, ...] = ()  # on the target's Turn: feinted:<by>
    actor_effects: tuple[str, ...] = ()  # on the actor's condition: free

    fumble_outcome = None  # the sheet has no fumbles
    counter_strike = False

    @property
    def hit(self) -> bool:
        return False

    @property
    def stun(self) -> int:
        return 0

    @property
    def wounds(self) -> int:
        return 0

    def describe(self) -> str:
        verb = {"feint": "feints", "grapple": "grapples", "break_free": "breaks free of"}[self.kind]
        head = f"{self.attacker} {verb} {self.target}: {'success' if self.success else 'failure'}"
        return "\n".join([head] + ["  " + r.describe() for r in self.rolls])


def _usable(f: Fighter) -> Impossible | None:
    if f.condition.out_of_fight:
        return Impossible(f"{f.name} is {f.condition.status}")
    if f.condition.stunned:
        return Impossible(f"{f.name} is stunned")
    return None


def _attrs(label: str, f: Fighter, first: str, second: str, steps: int = 0) -> Pool:
    """Two attributes (no skill): the action steps on the second."""
    c, a_steps = f.character, attribute_steps(f.character, f.condition)
    return Pool(label, (Part(first.title(), c.attribute(first), a_steps),
                        Part(second.title(), c.attribute(second), a_steps + steps)))


def plan_feint(actor: Fighter, other: Fighter) -> Manoeuvre | Impossible:
    bad = _usable(actor)
    if bad:
        return bad
    w = actor.character.weapon
    skill = "unarmed" if (actor.condition.disarmed or w.unarmed or not w.melee) else "melee"
    pool = skill_pool(f"{actor.name} feints {other.name}", actor.character, actor.condition, "alertness", skill,
                      actor.round.attack_steps)
    if pool.lost:
        return Impossible(pool.lost_reason())
    against = skill_pool(f"{other.name}: sees through the feint", other.character, other.condition,
                         "intelligence", "perception").kept()
    return Manoeuvre("feint", actor, other, pool, against, False, "feinted")


def plan_grapple(actor: Fighter, other: Fighter) -> Manoeuvre | Impossible:
    bad = _usable(actor)
    if bad:
        return bad
    if other.condition.held_by == actor.name:
        return Impossible(f"{actor.name} already holds {other.name}")
    pool = skill_pool(f"{actor.name} grapples {other.name}", actor.character, actor.condition, "agility", "unarmed",
                      actor.round.attack_steps)
    if pool.lost:
        return Impossible(pool.lost_reason())
    against = _attrs(f"{other.name}: breaks the hold", other, "agility", "strength").kept()
    return Manoeuvre("grapple", actor, other, pool, against, True, "held")


def plan_break_free(actor: Fighter, holder: Fighter) -> Manoeuvre | Impossible:
    bad = _usable(actor)
    if bad:
        return bad
    if actor.condition.held_by != holder.name:
        return Impossible(f"{actor.name} is not held by {holder.name}")
    pool = _attrs(f"{actor.name} breaks free of {holder.name}", actor, "agility", "strength", actor.round.steps)
    if pool.lost:
        return Impossible(pool.lost_reason())
    against = skill_pool(f"{holder.name}: keeps the hold", holder.character, holder.condition, "agility",
                         "unarmed").kept()
    return Manoeuvre("break_free", actor, holder, pool, against, True, "free")


def resolve_manoeuvre(dice: Dice, m: Manoeuvre) -> ManoeuvreResult:
    """Roll both pools; the result's effect goes to the other (feinted, held) or, for a
    break free, to the actor (free)."""
    mine = m.pool.roll(dice)
    theirs = m.against.roll(dice)
    success = mine.total > theirs.total or (m.ties and mine.total == theirs.total)
    mine = Roll(mine.label, mine.terms, None, mine.total, theirs.total,
                (Term(m.against.label, theirs.total, f"{theirs.total}"),), int(success), notes=mine.notes)
    effects: dict[str, tuple[str, ...]] = {"effects": (), "turn_effects": (), "actor_effects": ()}
    if success:
        key = {"held": "effects", "feinted": "turn_effects", "free": "actor_effects"}[m.effect]
        effects[key] = (f"feinted:{m.actor.name}",) if m.effect == "feinted" else (m.effect,)
    return ManoeuvreResult(m.kind, m.actor.name, m.other.name, (mine, theirs), success, **effects)
