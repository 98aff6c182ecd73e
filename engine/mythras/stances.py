"""What a Mythras fighter keeps up besides its Turns (shared/rules/mythras-srd, 0005): the
declaration value (`MythrasDeclaration`: reaction policy, warded locations, Brace, Steady
Weapon, a weapon set to receive a charge, Outmaneuver), what they cost, how they last, the
close-combat situations the grid's facts set, and the AI's picks of them.

- **Ward Location** (a Free Action; Passive Blocking): the declaration choice `warded`, the
  locations the warding weapon blocks passively (a shield its Passive Blocking number,
  doubled crouching behind it; a weapon one). Kept in the state from Turn to Turn ("The
  cover continues until the dedicated weapon is used to attack or actively Parry"): a Turn
  attacking with a warding weapon ends it; `warded=()` lowers it. Against gunfire a shield
  blocks only this way (0005 Parrying Weapon Fire with Shields).
- **Brace**, **Steady Weapon** and **Outmaneuver** (Proactive Actions, one Action Point
  each): the choices `brace` / `steady` / `outmanoeuvre` taken with the Turn's action cost
  one point more (with a hold, the hold is their Turn), refused with too few. Brace's and
  Steady Weapon's benefits "continue until the character moves": kept in the state, a Turn
  that moves ends them. Steady Weapon needs "an automatic weapon" (burst or full-automatic).
  Outmaneuver's group roll is `outmanoeuvre_contest` (the world's `turn_contest`).
- **Set to receive a charge** (`receive`, no Action Point: 0005 Charging), kept until the
  fighter moves or attacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.mythras.character import Character
from engine.mythras.health import MythrasState
from engine.mythras.ranged import shield_locations
from engine.mythras.tables import LOCATIONS
from engine.ruleset_types import Intent

ATTACK_TAGS = ("attack", "overwatch", "area_fire", "throw")


@dataclass(frozen=True)
class MythrasDeclaration:
    """What a fighter keeps up besides its Turns: its reaction policy (the issue's per-unit
    policy: auto, parry, evade, none), warded locations (None: as the state keeps them),
    brace and steady weapon (taken with this Turn)."""

    reaction: str = "ask"
    warded: tuple[str, ...] | None = None
    brace: bool = False
    steady: bool = False
    receive: bool = False  # set the weapon to receive a charge (kept until it moves or attacks)
    outmanoeuvre: bool = False  # Outmaneuver the foes engaging it (a Proactive Action)


def ward_choice(value: Any) -> tuple[str, ...] | None:
    """The choice `warded` as locations: a comma-separated string (a save keeps choices as
    plain values: "" lowers the ward) or a sequence; None: not given (the ward as kept)."""
    if value is None:
        return None
    if isinstance(value, str):
        return tuple(x.strip() for x in value.split(",") if x.strip())
    return tuple(value)


def ward_limit(c: Character, stance: str | None = None) -> int:
    """How many locations `c` may ward: a shield its Passive Blocking number, doubled
    crouching behind it (0005 Passive Blocking: "Crouching down behind a shield allows a
    character to double the number of locations covered"); a weapon one; nothing none."""
    if c.shield is not None:
        return min(len(LOCATIONS), c.shield.passive_locations * (2 if stance in ("crouched", "prone") else 1))
    return 1 if c.warding_weapon is not None else 0


def ends_ward(c: Character, intent: Intent | None) -> bool:
    """Does a Turn of `intent` use the warding weapon to attack ("The cover continues until
    the dedicated weapon is used to attack")? A shield's ward stays (the attack is the
    weapon in hand's); a warding weapon's ends with a blow."""
    return (intent is not None and c.shield is None and intent.tag in ("attack", "overwatch")
            and (intent.mode or "melee") == "melee")


def moves(intent: Intent | None) -> bool:
    return intent is not None and (intent.tag in ("move", "full_dodge") or intent.move != "none")


def extra_points(decl: Any) -> int:
    """The Action Points the declaration's proactive actions add to the Turn's (Brace, Steady
    Weapon, Outmaneuver: one each)."""
    if not isinstance(decl, MythrasDeclaration):
        return 0
    return int(decl.brace) + int(decl.steady) + int(decl.outmanoeuvre)


def stance_problem(c: Character, st: MythrasState, intent: Intent | None, brace: bool, steady: bool,
                   turn_cost: int, receive: bool = False, outmanoeuvre: bool = False) -> str | None:
    """What is wrong with taking Brace / Steady Weapon with a Turn costing `turn_cost`
    points: an automatic weapon for Steady Weapon, one already kept, too few points; or
    with setting the weapon to receive a charge: a weapon that "can be set" (the 2H Spear),
    a Turn that neither moves nor attacks."""
    if receive and not c.weapon.has("set_vs_charge"):
        return f"{c.name}'s {c.weapon.name} cannot be set to receive a charge (Charging: \"such as a spear\")"
    if receive and (moves(intent) or (intent is not None and intent.tag in ATTACK_TAGS)):
        return f"{c.name} sets its {c.weapon.name} to receive a charge: no move or attack that Turn"
    if steady and not (c.weapon.firearm and (c.weapon.burst or c.weapon.full_auto)):
        return f"{c.name}'s {c.weapon.name} is not an automatic weapon: nothing to steady (Steady Weapon)"
    if steady and st.steady and not moves(intent):
        return f"{c.name} keeps its weapon steady already, until it moves (Steady Weapon)"
    if brace and st.braced and not moves(intent):
        return f"{c.name} is braced already, until it moves (Brace)"
    if outmanoeuvre and st.outmanoeuvred:
        return f"{c.name} has outmanoeuvred its foes this round already (Outmaneuvering)"
    need = turn_cost + int(brace) + int(steady) + int(outmanoeuvre)
    have = st.ap - st.delayed
    if (brace or steady or outmanoeuvre) and need > have:
        what = " and ".join(w for w, on in (("Brace", brace), ("Steady Weapon", steady),
                                            ("Outmaneuver", outmanoeuvre)) if on)
        return f"{c.name} has {have} Action Point(s): {what} with this Turn takes {need}"
    return None


def after_turn(c: Character, st: MythrasState, decl: Any, intent: Intent | None) -> MythrasState:
    """The state once the Turn is taken: the ward as declared (kept when not given), ended
    by an attack with the warding weapon; Brace and Steady ended by moving, then set when
    taken with this Turn."""
    if isinstance(decl, MythrasDeclaration) and decl.warded is not None:
        st = replace(st, warded=frozenset(decl.warded))
    if st.warded and ends_ward(c, intent):
        st = replace(st, warded=frozenset())
    if moves(intent) and (st.braced or st.steady):
        st = replace(st, braced=False, steady=False)
    if st.receiving and (moves(intent) or (intent is not None and intent.tag in ATTACK_TAGS)):
        st = replace(st, receiving=False)
    if isinstance(decl, MythrasDeclaration) and (decl.brace or decl.steady or decl.receive):
        st = replace(st, braced=st.braced or decl.brace, steady=st.steady or decl.steady,
                     receiving=st.receiving or decl.receive)
    return st


def with_declaration(st: MythrasState, decl: Any) -> MythrasState:
    """The state an attack on (or by) the fighter reads: what its declaration adds to what it
    keeps."""
    if not isinstance(decl, MythrasDeclaration):
        return st
    warded = st.warded if decl.warded is None else frozenset(decl.warded)
    return replace(st, warded=warded, braced=decl.brace or st.braced, steady=decl.steady or st.steady,
                   receiving=decl.receive or st.receiving)


def receives_charge(c: Character, st: MythrasState, options: Any) -> bool:
    """A counter strike with a weapon set to receive a charge (0005 Charging: "If the weapon
    can be set to receive a charge (such as a spear), the recipient may use the Damage
    Modifier of the charger instead of his own")."""
    return bool(st.receiving and c.weapon.has("set_vs_charge") and options.get("kind") == "counter strike")


def close_situations(sit: Any, defender: MythrasState) -> set[str]:
    """The Close Combat Situational Modifiers (0005) the grid's facts set for a blow: the
    attacker crouched ("Fighting while crouching or from one knee": Hard to attack), the
    defender crouched (Hard to parry or evade), another foe beside the defender opposite the
    attacker ("Defending against an attack from behind": Formidable; the grid keeps no
    facing), the attacker in a one-tile corridor or dead end ("Attacking in a confined
    situation": Hard), a defender out of the fight but alive ("Attacking a helpless target":
    Automatic). Prone is the state's own (engine.mythras.attack)."""
    out: set[str] = set()
    if sit.attacker_stance == "crouched":
        out.add("crouching")
    if sit.target_stance == "crouched":
        out.add("defender_crouching")
    if sit.target_flanked:
        out.add("attack_from_behind")
    if sit.room_reach == 1:
        out.add("confined")
    if defender.out_of_fight and not defender.dead:
        out.add("target_helpless")
    return out


# --- the AI's picks -------------------------------------------------------------------------

def ai_choices(c: Character, st: MythrasState, intent: Intent, stance: str,
               foes: Sequence[tuple[Any, bool]]) -> dict[str, Any]:
    """What the AI takes with its Turn's action, `foes` the enemies it faces as (their
    Character, engaged with it): a shield bearer wards the shield's locations while guns face
    it and no one fights it hand to hand (a shield blocks gunfire only passively: 0005
    Parrying Weapon Fire with Shields), and lowers the ward once engaged (the shield parries
    again); an automatic weapon's burst or full-automatic fire is steadied when the points
    allow (one grade less recoil: 0005 Steady Weapon); a fighter holding while engaged with a
    foe who can Bash braces when it keeps a point to parry with (0005 Brace)."""
    out: dict[str, Any] = {}
    engaged = [f for f, e in foes if e]
    guns = [f for f, e in foes if not e and getattr(f.weapon, "firearm", False)]
    if c.shield is not None:
        want = shield_locations(c.shield, stance == "crouched") if guns and not engaged else ()
        if frozenset(want) != st.warded:
            out["warded"] = ",".join(want)  # a plain value, as saves keep choices
    have = st.ap - st.delayed
    cost = 0 if intent.tag == "hold" else 1
    if (intent.tag in ("attack", "area_fire") and intent.mode in ("burst", "triple", "area", "suppress")
            and stance_problem(c, st, intent, False, True, cost) is None and have >= cost + 1):
        out["steady"] = True
    blades = [f for f, e in foes if not e and not getattr(f.weapon, "ranged", True)]
    if (intent.tag == "hold" and blades and not engaged and not st.receiving
            and stance_problem(c, st, intent, False, False, 0, True) is None):
        out["receive"] = True  # a set spear meets the charge it waits for
    bashers = [f for f in engaged if f.shield is not None or f.weapon.has("bludgeoning")]
    if (intent.tag == "hold" and bashers and have >= 2
            and stance_problem(c, st, intent, True, False, 0) is None):
        out["brace"] = True
    if (engaged and not st.outmanoeuvred and (len(engaged) >= 2 or (intent.tag == "hold" and c.weapon.ranged))
            and "brace" not in out and "steady" not in out
            and stance_problem(c, st, intent, False, False, cost, outmanoeuvre=True) is None):
        out["outmanoeuvre"] = True  # beset by several, or a gunner caught in melee: slip them
    return out


def outmanoeuvre_contest(dice: Any, actor: Any, foes: Sequence[Any]) -> tuple[Any, dict[str, Any], tuple[str, ...]] | None:
    """0005 Outmaneuvering, for a Turn declared with `outmanoeuvre`: "a group Opposed Roll of
    Evade skills. Every participant, both the maneuvering character and those foes who wish
    to corner him, must spend an Action Point ... those who fail to beat the maneuvering
    character's roll cannot attack him for the remainder of that Combat Round"; "If the
    maneuvering character beats all of his opponents, one has the choice of safely engaging
    a single foe ... or Withdrawing from the fight completely". `foes`: the participants
    engaging it. A foe with no Action Point left cannot corner him (it is blocked without a
    roll). Returns (its state, the foes' states by name, log lines), or None: no contest."""
    from engine.mythras.close import outmanoeuvre
    from engine.mythras.round import spend_reaction

    decl = actor.declaration
    if not isinstance(decl, MythrasDeclaration) or not decl.outmanoeuvre:
        return None
    st: MythrasState = actor.state
    if not foes:
        return st, {}, (f"{actor.name} has no one to outmanoeuvre",)
    able = [f for f in foes if f.state.ap > 0 and not (f.state.surprised and f.state.turns_taken == 0)]
    result = outmanoeuvre(dice, actor.name, actor.combatant.skill("evade"),
                          [(f.name, f.combatant.skill("evade")) for f in able], st.skill_grade())
    blocked = set(result.blocked) | {f.name for f in foes if f not in able}
    lines = [result.roll.describe(), *(r.describe() for _, r in result.foe_rolls)]
    beat_all = len(blocked) == len(foes)
    lines.append(f"{actor.name} outmanoeuvres " + (", ".join(sorted(blocked)) or "no one") + ": "
                 + ("they cannot attack him this round; he may withdraw" if beat_all else
                    "those cannot attack him this round" if blocked else "all may still attack him"))
    states = {f.name: spend_reaction(f.state) for f in able}
    return replace(st, outmanoeuvred=frozenset(blocked), withdrawing=beat_all), states, tuple(lines)
