"""The Yags SF 0.30a combat round as pure values: declarations, initiative, who acts when.

The round, step by step, as a turn driver asks it (The Combat Round; Special Attacks):

1. Declarations, from everyone still in the fight, in any order and all before any dice
   (`declare`): the action (attack, aim, feint, rest, move, run, sprint, reload, stand,
   throw, first aid, kill, nothing), its target, one special attack if any (aggressive,
   ambush, defensive, disarm, killing blow, weapon smash; with a firearm single shot,
   multiple shots, triple shot or full auto), whether the attack is subduing, and whom the
   fighter's one defence is for (default: the first to attack him in melee). The
   declarations may be public or hidden: the text says nothing of either.
2. Initiative, rolled by everyone after all have declared (`roll_initiative`): agility x
   weapon skill + the weapon's initiative + the declaration's modifiers + 2d10!. Disarm,
   killing blow and weapon smash lose it automatically, as does a fumbled roll (rules-notes);
   an automatic kill strikes after all other actions.
3. Actions in `action_order`: highest initiative first, then those who lost it, then the
   automatic kills. Each attack is resolved whole when its turn comes: the attacker's roll
   against the defender's (melee: the defender rolls his one defence if it is his to give,
   else the floor of 15) or against the range difficulty (firearms; no defence roll), then
   damage and the survival rolls it calls for. Nothing is asked of anyone mid-attack.
   Multiple shots: the first at the shooter's initiative and each further one 10 later, none
   below initiative 0 (`shot_initiatives`); the driver resolves each when its count comes.
   A fighter down before his turn does not act: this is "the loser of initiative attacks
   back ... if still standing"; one knocked down spends his attack action regaining his feet.
4. The end of the round (`engine.yags_sf.health.end_of_round`, for each fighter): a
   conscious fatally wounded fighter rolls to live (not in the round he was so wounded); an
   unconscious one rolls every minute until tended; every third round everyone rolls for
   fatigue. `carry_over` keeps what the round's declaration carries into the next (an aimed
   shot, a feint, a rest). The round ends when every action has resolved; the next begins
   with new declarations.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from engine.dice import Dice
from engine.rolls import Roll, Term
from engine.yags_sf.character import Condition, Fighter, penalty_terms
from engine.yags_sf.dice import FUMBLE, roll_check
from engine.yags_sf.tables import half

ACTIONS = ("attack", "aim", "feint", "rest", "move", "run", "sprint", "reload", "stand", "throw",
           "first_aid", "kill", "nothing")
MELEE_SPECIALS = ("aggressive", "defensive", "disarm", "weapon_smash")
ANY_SPECIALS = ("ambush", "killing_blow")
FIREARM_SPECIALS = ("single_shot", "multiple_shots", "triple_shot", "full_auto")
SPECIALS = MELEE_SPECIALS + ANY_SPECIALS + FIREARM_SPECIALS
LOSES_INITIATIVE = ("disarm", "killing_blow", "weapon_smash")
# Special Attacks: the initiative and attack and defence modifiers.
INITIATIVE_MOD = {"aggressive": 5, "defensive": -10, "single_shot": -10}
ATTACK_MOD = {"aggressive": 5, "defensive": -10, "killing_blow": -15, "weapon_smash": -5}
DEFENCE_MOD = {"aggressive": -10, "defensive": 5}
FEINT_BONUS = 5  # Feint: "+5 to your melee initiative and attack roll next turn"
AIM_FUMBLE = -2  # Aimed Shot: "fumble chance drops by two"
SHOT_STEP = 10  # Multiple Shots: "each further attack occurs 10 initiative steps later"
# resting: "no attacks or defences are performed"; a sprint gives up the defence (rules-notes)
NO_DEFENCE_ACTIONS = ("rest", "kill", "sprint")
RESTING_ACTIONS = ("rest", "nothing")  # not exerting himself (Fatally Injured Characters)


@dataclass(frozen=True)
class Declaration:
    """What a fighter declared at the start of the round."""

    action: str = "attack"
    special: str | None = None
    subduing: bool = False
    target: str | None = None
    shots: int = 1
    bursts: int = 1
    defend_against: str | None = None  # the attacker his one defence is for; None: the first

    @property
    def can_defend(self) -> bool:
        """Ambush: "You can not also defend in the same round"; resting and an automatic kill
        give up the defence."""
        return self.special != "ambush" and self.action not in NO_DEFENCE_ACTIONS

    @property
    def exerting(self) -> bool:
        return self.action not in RESTING_ACTIONS

    def defends(self, attacker: str) -> bool:
        return self.can_defend and self.defend_against == attacker


def declare(fighter: Fighter, cond: Condition, **choices: Any) -> Declaration:
    """A validated declaration; raises ValueError naming the problem."""
    action = choices.get("action", "attack")
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action!r}; expected one of {', '.join(ACTIONS)}")
    special = choices.get("special")
    weapon = fighter.wielded(cond)
    if special is not None:
        if special not in SPECIALS:
            raise ValueError(f"unknown special attack {special!r}; expected one of {', '.join(SPECIALS)}")
        if action != "attack":
            raise ValueError(f"a special attack replaces a normal attack, not {action!r}")
        if special in MELEE_SPECIALS and not weapon.melee:
            raise ValueError(f"{special.replace('_', ' ')} needs a melee weapon")
        if special in FIREARM_SPECIALS and weapon.melee:
            raise ValueError(f"{special.replace('_', ' ')} needs a firearm")
        if special == "full_auto" and not weapon.full_auto:
            raise ValueError(f"the {weapon.name.lower()} cannot fire full auto")
        if special == "triple_shot" and not weapon.triple_shot:
            raise ValueError(f"the {weapon.name.lower()} cannot fire a triple shot")
        if special == "multiple_shots" and not weapon.multiple_shots:
            raise ValueError(f"the {weapon.name.lower()} fires one shot a round")
        if special == "full_auto" and cond.aimed:
            raise ValueError("full auto cannot be combined with an aimed shot")
    subduing = bool(choices.get("subduing", False))
    if subduing and not weapon.melee:
        raise ValueError("subduing attacks need a melee weapon")
    if action == "aim" and weapon.melee:
        raise ValueError("aiming is only for missile weapons")
    if action == "stand" and not cond.prone:
        raise ValueError(f"{fighter.name} is on his feet")
    if cond.prone and action == "attack":
        raise ValueError(f"{fighter.name} is down: regaining his feet takes the attack action")
    shots, bursts = int(choices.get("shots", 1)), int(choices.get("bursts", 1))
    if shots < 1 or bursts < 1:
        raise ValueError("shots and bursts must be at least 1")
    return Declaration(action, special, subduing, choices.get("target"), shots, bursts,
                       choices.get("defend_against"))


def note_attacked(decl: Declaration | None, attacker: str) -> Declaration | None:
    """Give the fighter's one defence to `attacker` if it is still free."""
    if decl is None or not decl.can_defend or decl.defend_against is not None:
        return decl
    return replace(decl, defend_against=attacker)


@dataclass(frozen=True)
class Initiative:
    value: int
    roll: Roll | None
    lost: bool = False  # automatically lost: after all who kept it
    last: bool = False  # automatic death: after all other actions


def initiative_terms(fighter: Fighter, cond: Condition, decl: Declaration) -> tuple[list[Term], int]:
    """agility x weapon skill + the weapon's initiative + modifiers; and the fumble chance."""
    weapon = fighter.wielded(cond)
    use = fighter.skill_use(weapon)
    terms = [fighter.ability(use, "agility"), Term("weapon", use.bonus(weapon.init))]
    short = fighter.strength_shortfall(weapon)
    if short:
        terms.append(Term("strength", short))
    terms += penalty_terms(fighter, cond)
    if decl.special in INITIATIVE_MOD:
        terms.append(Term(decl.special.replace("_", " "), INITIATIVE_MOD[decl.special]))
    if cond.feinted and weapon.melee:
        terms.append(Term("feint", FEINT_BONUS))
    return terms, FUMBLE + use.fumble_extra


def roll_initiative(dice: Dice, fighter: Fighter, cond: Condition, decl: Declaration | None = None) -> Initiative:
    """Initiative (The Combat Round): after declarations, for everyone."""
    decl = decl or Declaration()
    terms, fumble = initiative_terms(fighter, cond, decl)
    roll = roll_check(dice, "initiative", terms, fumble_chance=fumble)
    lost = decl.special in LOSES_INITIATIVE or roll.fumble
    return Initiative(roll.total, roll, lost, decl.action == "kill")


def action_order(entries: Iterable[tuple[Any, Initiative, int]]) -> list[Any]:
    """Ids in the order they act: highest initiative first, then those who lost it, then the
    automatic kills; ties to the higher agility, then the order given (rules-notes)."""
    ranked = [(ini.last, ini.lost, -ini.value, -agility, i, uid)
              for i, (uid, ini, agility) in enumerate(entries)]
    return [r[-1] for r in sorted(ranked, key=lambda r: r[:-1])]


def shot_initiatives(initiative: int, shots: int) -> list[int]:
    """Multiple Shots: the initiative of each shot; none after initiative 0 but the first."""
    counts = [initiative - SHOT_STEP * k for k in range(shots)]
    return [c for k, c in enumerate(counts) if k == 0 or c >= 0]


def carry_over(cond: Condition, decl: Declaration | None) -> Condition:
    """What a round's declaration leaves for the next: the aim and the feint, for one round
    (a rest is kept by health.end_of_round: the next fatigue roll is at 10); a fighter who
    spent the round standing up is on his feet."""
    if decl is None:
        return cond.with_(aimed=False, feinted=False)
    prone = cond.prone and decl.action != "stand"  # the round's action regained his feet
    return cond.with_(aimed=decl.action == "aim", feinted=decl.action == "feint", prone=prone)


def movement_allowance(fighter: Fighter, cond: Condition) -> dict[str, int]:
    """Metres a round (a reading: the text gives no movement; rules-notes). free: half the
    agility, still attacking and defending; run: the agility, no attack; sprint: twice the
    agility, no attack and no defence. Wound, fatigue and encumbrance penalties each take a
    metre a point, never below 1."""
    agility = fighter.attr("agility")
    loss = -sum(t.value for t in penalty_terms(fighter, cond))
    free = max(1, half(agility) - loss)
    run = max(free, agility - loss)
    return {"free": free, "run": run, "sprint": max(run, 2 * agility - loss)}


def duel_order(a: Any, a_init: Initiative, a_agility: int, b: Any, b_init: Initiative,
               b_agility: int) -> tuple[Any, Any]:
    """(first, second) of two fighting each other: the winner attacks, then the loser strikes
    back if still standing."""
    order = action_order([(a, a_init, a_agility), (b, b_init, b_agility)])
    return order[0], order[1]
