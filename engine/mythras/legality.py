"""What a Mythras fighter may declare on its Turn (`MythrasRuleset.may_declare`): the rules'
half of a declaration's legality, judged before the Turn's Action Point is spent, so the UI
greys the button with the reason and the AI never picks it (the grid's half, reach, sight and
paths, is the world's). Each refusal names its section (shared/rules/mythras-srd):

- 0004 Serious Wound: "cannot attack ... for the next 1d3 Turns"; a useless leg "drops
  prone" (the victim cannot stand up, it crawls: 0005 Crawl); a useless arm drops what it
  held and cannot wield a weapon that needs it (nor reload a firearm: rules-notes);
- 0005 Pin Down: "cannot return fire on his next Turn";
- 0005 Disarm / Ready Weapon: a weapon on the ground fires nothing until picked up;
- 0002 Gaits (errata): at a Run or Sprint Gait no attack but a charge or ranged fire with the
  Skirmishing trait (Hard, `engine.mythras.attack.plan_attack`); the gait is the fastest
  the fighter has walked this round, or walks with this action;
- 0005 Movement: "Movement can only be performed by unengaged characters ... Once Engaged,
  characters cannot move away from an opponent unless first Withdrawing": no Move while
  engaged (the Withdraw effect steps it clear);
- 0005 Outmaneuvering: a foe who failed to beat the manoeuvring character's roll "cannot
  attack him for the remainder of that Combat Round"; beating them all, he may withdraw
  (a Move while engaged);
- 0005 Movement: "Movement is performed by either the Move or Charge Action": a shot does
  not carry a walk in its Turn, but with Skirmishing ("ranged attacks whilst walking or
  running").
"""

from __future__ import annotations

from engine.mythras.character import Character
from engine.mythras.equipment import UNARMED
from engine.mythras.health import MythrasState
from engine.mythras.stances import ends_ward, ward_limit
from engine.mythras.tables import LOCATIONS
from engine.outcome import Impossible
from engine.ruleset_types import DeclarationRequest, Intent

ATTACKS = ("attack", "area_fire", "throw", "overwatch")
LEGS = ("right_leg", "left_leg")
GAIT = {"none": "walk", "free": "walk", "run": "run", "sprint": "sprint"}  # the world's moves as gaits
GAIT_RANK = ("walk", "run", "sprint")


def gait_of(request: DeclarationRequest) -> str:
    """The fastest gait the fighter is at for this action: walked already this round, or
    walked with it (the world's free move is a Walk)."""
    own = GAIT.get(request.intent.move, "walk")
    earlier = GAIT.get(request.gait, "walk")
    return max(own, earlier, key=GAIT_RANK.index)


FIRE_MODES = {"shot": "single", "burst": "burst", "triple": "burst", "area": "full_auto", "suppress": "full_auto"}


def fire_mode_switch(c: Character, st: MythrasState, intent: Intent | None) -> str | None:
    """The mode the firearm's selector must be switched to for `intent` (0005 Switch Fire
    Mode), or None: no switch (not a firearm's fire, one mode, or the selector already on it)."""
    if intent is None or intent.tag not in ("attack", "area_fire") or intent.mode == "melee":
        return None
    w = c.weapon
    mode = FIRE_MODES.get(intent.mode)
    if not w.firearm or len(w.modes) < 2 or mode is None:
        return None
    return None if mode == (st.fire_mode or w.modes[0]) else mode


def _useless(state: MythrasState, locations: tuple[str, ...]) -> list[str]:
    return [loc.replace("_", " ") for loc in locations if loc in state.useless]


def _attack_refusal(c: Character, st: MythrasState, request: DeclarationRequest) -> Impossible | None:
    intent = request.intent
    name = c.name
    target = request.target
    if target is not None and name in getattr(target.state, "outmanoeuvred", ()):
        return Impossible(f"{target.name} has outmanoeuvred {name}: it cannot attack him for the rest of the round "
                          "(Outmaneuvering)")
    if st.no_attack_turns > 0:
        return Impossible(f"{name} is reeling from a Serious Wound: no attack for {st.no_attack_turns} more "
                          "Turn(s), only parries and evades (Serious Wound)")
    if st.surprised:
        return Impossible(f"{name} is surprised: no offensive action this round (Surprise)")
    if not st.can_attack:
        return Impossible(f"{name} cannot attack now ({st.status if st.status != 'ok' else 'stunned'})")
    melee = intent.tag == "attack" and intent.mode == "melee"
    weapon = c.weapon
    if intent.tag == "throw":
        return _arm_refusal(name, st, ("right_arm",), "throw")
    if st.pinned and not melee:
        return Impossible(f"{name} is pinned down and cannot return fire this Turn (Pin Down)")
    if not melee or not weapon.ranged:
        if request.weapon.dropped or (st.weapon_state == "dropped" and weapon is not UNARMED
                                      and not weapon.has("unarmed")):
            return Impossible(f"{name}'s {weapon.name} lies on the ground: pick it up first (Ready Weapon)")
        if st.weapon_state not in ("ready", "dropped"):
            return Impossible(f"{name}'s {weapon.name} is {st.weapon_state}")
        arms = ("right_arm", "left_arm") if weapon.two_handed else ("right_arm",)
        if weapon is not UNARMED and not weapon.has("unarmed"):
            refusal = _arm_refusal(name, st, arms, f"use the {weapon.name}")
            if refusal is not None:
                return refusal
    switch = fire_mode_switch(c, st, intent)
    if switch and st.ap - st.delayed < 2:
        return Impossible(f"{name}'s {weapon.name} is set to {(st.fire_mode or weapon.modes[0]).replace('_', ' ')}: "
                          f"switching to {switch.replace('_', ' ')} takes an Action Point first, and it has "
                          f"{st.ap - st.delayed} (Switch Fire Mode)")
    gait = gait_of(request)
    charge = melee and request.intent.move != "none"
    if gait != "walk" and not charge:
        if not (weapon.ranged and not melee and "skirmishing" in c.traits and gait == "run"):
            return Impossible(f"{name} is at a {gait.capitalize()}: no attack but a charge, or ranged fire "
                              "with Skirmishing at a Run (Gaits)")
    if not melee and intent.tag == "attack" and intent.move != "none" and "skirmishing" not in c.traits:
        return Impossible(f"{name} cannot walk and shoot in one Turn: a walk is a Move of its own (Movement: "
                          "\"performed by either the Move or Charge Action\"); only Skirmishing fires on the move")
    return None


def _arm_refusal(name: str, st: MythrasState, arms: tuple[str, ...], what: str) -> Impossible | None:
    out = _useless(st, arms)
    if out:
        return Impossible(f"{name} cannot {what}: {' and '.join(out)} useless (Serious Wound)")
    return None


def ward_problem(c: Character, warded: tuple[str, ...], intent: Intent | None, stance: str | None = None) -> str | None:
    """What is wrong with warding `warded` (0005 Ward Location; Passive Blocking): an unknown
    location, more than the warding weapon covers (a shield its Passive Blocking locations,
    doubled crouching behind it; a weapon one), or an attack with the warding weapon in hand
    ("The cover continues until the dedicated weapon is used to attack"); None: nothing."""
    for loc in warded:
        if loc not in LOCATIONS:
            return f"unknown location {loc!r}"
    limit = ward_limit(c, stance)
    if len(warded) > limit:
        return f"{c.name} can ward {limit} locations, not {len(warded)}"
    if warded and ends_ward(c, intent):
        return f"{c.name}'s {c.weapon.name} wards: attacking with it ends the ward (Ward Location)"
    return None


def may_declare(request: DeclarationRequest) -> Impossible | None:
    """The rules' refusal of the declaration, or None (see the module's list)."""
    c: Character = request.unit.combatant
    st: MythrasState = request.unit.state
    intent = request.intent
    legs = _useless(st, LEGS)
    if intent.tag in ATTACKS:
        return _attack_refusal(c, st, request)
    if intent.tag == "stand" and legs:
        return Impossible(f"{c.name} cannot stand: {' and '.join(legs)} useless, the victim drops prone "
                          "(Serious Wound); it crawls")
    if intent.tag == "move" and request.engaged and not st.withdrawing:
        return Impossible(f"{c.name} is engaged: it cannot move away unless first Withdrawing (Movement: "
                          "\"Movement can only be performed by unengaged characters\")")
    if intent.tag == "move" and intent.move in ("run", "sprint") and (
            legs or st.prone or request.stance == "prone"):
        why = f"{' and '.join(legs)} useless" if legs else "prone"
        return Impossible(f"{c.name} is {why}: a crawl of 2 m in place of a normal Move (Crawl), not a {intent.move}")
    if intent.tag == "reload":
        if request.weapon.dropped or st.weapon_state == "dropped":
            return Impossible(f"{c.name}'s {c.weapon.name} lies on the ground: nothing to reload")
        if c.weapon.firearm:
            return _arm_refusal(c.name, st, ("right_arm", "left_arm"), f"reload the {c.weapon.name}")
    if intent.tag == "pick_up":
        return _arm_refusal(c.name, st, ("right_arm",), "pick up its weapon")
    return None


class Legality:
    """The ruleset's hooks for what a fighter may do (MythrasRuleset inherits them)."""

    def may_declare(self, request: DeclarationRequest) -> Impossible | None:
        """The rules' half of a Turn's legality (`may_declare` above)."""
        return may_declare(request)

    def reload_rounds(self, combatant: Character, state: MythrasState) -> int:
        """The weapon's Load in Turns, less the Rapid Reloads won since the last reload (0005
        Rapid Reload: "reduces the reload time for the next shot by one"; stacked), never
        below the one Turn that does it."""
        return max(1, combatant.weapon.load - state.rapid_reload)
