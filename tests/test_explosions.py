"""yags-combat.md, Explosive damage, the Large explosions example, Taking Cover, and throwing
a grenade at a spot (Distance Increment, Range Band)."""

import math

from engine.dice import ScriptedDice
from engine.outcome import Impossible
from engine.yags.attack import Fighter
from engine.yags.character import Character
from engine.yags.equipment import Armour, ArmourPiece, Weapon
from engine.yags.explosions import (
    blast,
    blast_band,
    dodge_blast,
    plan_blast,
    plan_throw_at_tile,
    scatter,
    throw_at_tile,
)
from engine.yags.health import DEAD, Condition, take_damage
from engine.yags.preview import preview_plan
from engine.yags.tables import apply_damage

GRENADE = Weapon(id="gren", name="Grenade", kind="explosive", skill="Throw", attack=2, damage=40, muscle=False,
                 strength=1, properties=frozenset({"thrown"}), short=3, medium=6, long=9,
                 range_per_strength=True, blast_radius=20)
THROWER = Character("Tom", {"dexterity": 4, "strength": 3}, {"Throw": 3}, grenades=(GRENADE,))


def test_large_explosions_example():
    """Example, Large explosions: +100 at Ex-10; damage rolled 113, soak 21: 19 levels. To
    10 m 19 wounds; to 20 m 10 stuns and 9 wounds, wrapping to 6 stuns and 13 wounds; to 30 m
    19 stuns (13 wounds after the wrap); to 40 m stuns reduced to 3 (19 / 5, round down).
    One damage roll for everyone, one soak roll each."""
    man = Character("Man")  # soak 12: 12 + d20 (9) = 21
    targets = [(man, Condition(), d, False) for d in (10, 20, 30, 40, 61)]
    dice = ScriptedDice([13, 9, 9, 9, 9])
    results = blast(dice, 100, 10, targets)
    assert dice.faces == [] and dice.used == [13, 9, 9, 9, 9]
    hits = results[:4]
    assert {r.damage.damage_roll.total for r in hits} == {113}
    assert [r.damage.soak_roll.total for r in hits] == [21] * 4
    assert [r.damage.levels for r in hits] == [19] * 4
    assert [r.damage.kind for r in hits] == ["wounds", "mixed", "stuns", "stuns"]
    assert [r.stun_divisor for r in hits] == [1, 1, 1, 5]
    assert apply_damage(0, 0, 19, "wounds") == (0, 19)
    assert apply_damage(0, 0, 19, "mixed") == (6, 13)  # 10 stuns + 9 wounds, wrapped
    assert apply_damage(0, 0, 19, "stuns") == (6, 13)
    far = take_damage(ScriptedDice([]), man, Condition(), hits[3].damage.levels, hits[3].damage.kind,
                      stun_divisor=hits[3].stun_divisor)
    assert (far.condition.stuns, far.condition.wounds) == (3, 0)
    assert not results[4].hit and results[4].damage is None


def test_hard_cover_moves_one_band_out():
    """Reading (rules-notes): hard cover between the blast and the target counts as the next
    band out, as Taking Cover moves you "to a less deadly range band"."""
    assert blast_band(10, 10, True) == ("mixed", 1)
    assert blast_band(0, 10, True) == ("mixed", 1)
    assert blast_band(25, 10, True) == ("stuns", 5)
    assert blast_band(20, 10) == ("mixed", 1)
    dice = ScriptedDice([13, 9])
    (r,) = blast(dice, 100, 10, [(Character("Man"), Condition(), 5, True)])
    assert r.damage.kind == "mixed"


def test_blast_skips_the_dead_and_uses_armour():
    """A dead target takes no soak roll; armour adds to the soak (Inflicting Damage)."""
    vest = Armour((ArmourPiece("v", "Vest", 6, properties=frozenset({"bullet_proof"})),))
    targets = [(Character("Dead"), Condition(status=DEAD), 1, False), (Character("Vest", armour=vest), Condition(), 1, False)]
    dice = ScriptedDice([10, 10])
    dead, vested = blast(dice, GRENADE, None, targets)
    assert not dead.hit and "dead" in dead.notes[0]
    assert vested.damage.soak_roll.total == 12 + 6 + 10
    assert vested.damage.levels == 1 + (50 - 28) // 5


def test_blast_plan_preview():
    """The plan of one target's share previews exactly: always hit, damage 40 + d20 against
    soak 12 + d20."""
    plan = plan_blast(GRENADE, None, Character("Man"), 5)
    p = preview_plan(plan)
    assert p.p_hit == 1 and p.kind == "wounds"
    assert min(p.p_damage_levels) == 1 + (41 - 32) // 5
    assert isinstance(plan_blast(GRENADE, None, Character("Man"), 101), Impossible)


def test_throw_at_a_spot():
    """Throw: dexterity x Throw + the weapon's attack (short range only) against 15 + the
    distance penalty; thrown ranges are per point of strength; increment 5 m (improvised
    thrown) for a weapon with none."""
    near = plan_throw_at_tile(Fighter(THROWER), 5)
    assert near.attack.base == 12 + 2 and near.target_for(None, False) == 15
    far = plan_throw_at_tile(Fighter(THROWER), 12)  # medium (9 < 12 <= 18): no attack bonus
    assert far.attack.base == 12 and far.target_for(None, False) == 15 + 10
    assert far.attack.fumble_chance == 1
    assert isinstance(plan_throw_at_tile(Fighter(THROWER), 28), Impossible)


def test_scatter_reading():
    """Reading (rules-notes): a missed throw lands 1 m off per 5 points missed (round up),
    at most half the throw's distance, in a d8 direction (1 north, clockwise)."""
    assert scatter(ScriptedDice([3]), 20, 12) == (3, 0)
    assert scatter(ScriptedDice([1]), 20, 5) == (0, -1)
    dx, dy = scatter(ScriptedDice([2]), 20, 10)
    assert math.isclose(math.hypot(dx, dy), 2, abs_tol=0.02) and dx > 0 > dy
    assert scatter(ScriptedDice([7]), 6, 40) == (-3, 0)  # 8 m capped at 3 m


def test_throw_hits_or_scatters():
    """A hit lands on the spot; a miss scatters by its margin."""
    roll, off = throw_at_tile(ScriptedDice([10]), Fighter(THROWER), 5)
    assert roll.total == 24 and off == (0.0, 0.0)
    roll, off = throw_at_tile(ScriptedDice([2, 5]), Fighter(THROWER), 12)  # 14 vs 25: missed by 11
    assert not roll.success and off == (0, 3)


def test_dodging_a_blast():
    """Taking Cover: a successful dodge (reading: agility x Athletics + d20 at 15) moves the
    fighter its combat move away; prone fighters cannot dodge."""
    man = Character("Man")  # agility 3 x Athletics 2 = 6, combat move 6
    roll, metres = dodge_blast(ScriptedDice([9]), Fighter(man))
    assert roll.total == 15 and metres == 6
    roll, metres = dodge_blast(ScriptedDice([8]), Fighter(man))
    assert not roll.success and metres == 0
    assert dodge_blast(ScriptedDice([]), Fighter(man, stance="prone")) == (None, 0)


def test_blast_distances_are_read_to_a_tenth_of_a_metre():
    """The log's blast line names the band (Explosions: "Ex-N") and the distance as the player
    reads it: a diagonal of 4 by 2 tiles of 2 m is 8.94427 m, shown as 8.9 m; whole metres
    without ".0"."""
    assert plan_blast(GRENADE, None, Character("Man"), math.hypot(8, 4)).notes[0].startswith("Ex-20 at 8.9 m: ")
    assert plan_blast(GRENADE, None, Character("Man"), 6).notes[0].startswith("Ex-20 at 6 m: ")
    assert plan_throw_at_tile(Fighter(THROWER), math.hypot(4, 2)).target == "the spot 4.5 m away"
