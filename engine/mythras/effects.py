"""Special Effects (0005, Special Effects Table): which the winner of an exchange may pick,
as many as the levels won. Those that act on a grid skirmish are here; the rest are listed
in docs/rules-notes.md with the reason (Circumvent Cover: high-tech only; Prepare Counter:
secret notes; Entangle/Grip as holds the world keeps; see there)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.mythras.equipment import Weapon


@dataclass(frozen=True)
class EffectRule:
    """One row of the Special Effects Table."""

    key: str
    name: str
    offensive: bool
    defensive: bool
    stackable: bool = False
    weapon: str = ""  # Special Weapon Type, as the table says
    roll: str = ""  # Specific Roll, as the table says
    opposed: bool = False  # the recipient resists with an opposed roll (Force Failure combines)
    meaning: str = ""  # what it does, for a prompt


EFFECTS: dict[str, EffectRule] = {r.key: r for r in (
    EffectRule("accidental_injury", "Accidental Injury", False, True, roll="Attacker Fumbles",
               meaning="the attacker rolls his weapon's damage on himself, a random location"),
    EffectRule("arise", "Arise", False, True, meaning="the defender rolls back up to his feet"),
    EffectRule("bash", "Bash", True, False, weapon="Shields or Bludgeoning",
               meaning="knocks the foe back 1 m per 2 (shield) or 3 points of damage rolled"),
    EffectRule("bleed", "Bleed", True, False, weapon="Cutting Weapons", roll="Firearms: Attacker Criticals",
               opposed=True, meaning="if it injures: Endurance or bleed a Fatigue level every round"),
    EffectRule("blind_opponent", "Blind Opponent", False, True, roll="Defender Criticals", opposed=True,
               meaning="the attacker resists with Evade or fights at Hard for 1d3 Turns"),
    EffectRule("bypass_armor", "Bypass Armor", True, False, stackable=True, roll="Attacker Criticals",
               meaning="the blow ignores worn armour"),
    EffectRule("choose_location", "Choose Location", True, False, roll="See Description",
               meaning="pick the location struck"),
    EffectRule("circumvent_parry", "Circumvent Parry", True, False, roll="Attacker Criticals",
               meaning="the successful parry deflects nothing"),
    EffectRule("damage_weapon", "Damage Weapon", True, True,
               meaning="the damage roll goes to the opponent's weapon instead"),
    EffectRule("disarm_opponent", "Disarm Opponent", True, True, opposed=True,
               meaning="the opponent resists with his Combat Style or his weapon is flung away"),
    EffectRule("drop_foe", "Drop Foe", True, False, weapon="Firearms Only", opposed=True,
               meaning="if wounded: Endurance or incapacitated by shock"),
    EffectRule("duck_back", "Duck Back", True, False, weapon="Firearms Only",
               meaning="the shooter ducks back into the cover beside him at once"),
    EffectRule("enhance_parry", "Enhance Parry", False, True, roll="Defender Criticals",
               meaning="the parry deflects all damage whatever the sizes"),
    EffectRule("entangle", "Entangle", True, True, weapon="Entangling Weapons",
               meaning="the location struck is held by the weapon"),
    EffectRule("force_failure", "Force Failure", True, True, roll="Opponent Fumbles",
               meaning="the fumbler fails every resistance roll of this exchange"),
    EffectRule("grip", "Grip", True, False, weapon="Unarmed",
               meaning="holds the foe: he cannot disengage until he breaks free"),
    EffectRule("impale", "Impale", True, False, weapon="Impaling Weapons",
               meaning="damage rolled twice, the better kept"),
    EffectRule("marksman", "Marksman", True, False, weapon="Ranged Weapons",
               meaning="the location struck moves one step toward the one chosen"),
    EffectRule("maximize_damage", "Maximize Damage", True, False, stackable=True, roll="Attacker Criticals",
               meaning="one damage die counts its full value"),
    EffectRule("overpenetration", "Overpenetration", True, False, weapon="Firearms Only", roll="Attacker Criticals",
               meaning="the shot goes through to the one behind, at half damage"),
    EffectRule("pin_down", "Pin Down", True, False, stackable=True, weapon="Firearms Only", opposed=True,
               meaning="Willpower or the target cannot return fire on his next Turn"),
    EffectRule("rapid_reload", "Rapid Reload", True, False, stackable=True,
               meaning="the next reload takes a Turn less"),
    EffectRule("scar_foe", "Scar Foe", True, True, meaning="a memorable scar (no effect in play)"),
    EffectRule("select_target", "Select Target", False, True, roll="Attacker Fumbles",
               meaning="the blow strikes a bystander instead, automatically"),
    EffectRule("slip_free", "Slip Free", False, True, roll="Defender Criticals",
               meaning="escapes being entangled, gripped or pinned"),
    EffectRule("stun_location", "Stun Location", True, False, weapon="Bludgeoning Weapons", opposed=True,
               meaning="if it injures: Endurance or the location is out for Turns equal to the damage"),
    EffectRule("sunder", "Sunder", True, False, weapon="Two Handed Weapons",
               meaning="damage beyond the armour strips its Armor Points first"),
    EffectRule("trip_opponent", "Trip Opponent", True, True, opposed=True,
               meaning="Brawn or Evade, or the opponent falls prone"),
    EffectRule("weapon_malfunction", "Weapon Malfunction", False, True, weapon="Firearms Only",
               roll="Attacker Fumbles", meaning="the attacker's gun is out of action"),
    EffectRule("withdraw", "Withdraw", False, True, meaning="the defender steps out of reach, disengaging"),
)}
FUMBLE_EFFECTS = ("accidental_injury", "select_target", "weapon_malfunction")
LEFT_OUT = {
    "circumvent_cover": "High Tech Firearms Only: none of the catalogue's guns",
    "prepare_counter": "a secret note and a chained substitution mid-effect; rare in a skirmish",
}


@dataclass(frozen=True)
class EffectSituation:
    """What decides which effects the winner may pick."""

    winner: str  # attacker | defender
    attacker_weapon: Weapon
    attacker_level: str
    defender_level: str | None  # None: no reaction (an automatic failure)
    reaction: str  # none, parry, evade, counter
    parry_weapon: Weapon | None  # what the defender parried with
    hit: bool
    parried: bool
    close_range: bool = False
    stationary_or_unaware: bool = False
    blind_strike: bool = False
    defender_prone: bool = False
    defender_drops: bool = False  # the defender's Evade leaves him prone (0005 Evading)
    defender_held: bool = False  # entangled, gripped or pinned
    attacker_by_cover: bool = False
    bystanders: tuple[str, ...] = ()
    behind: tuple[str, ...] = ()
    siz_ok: bool = True  # the foe is within twice the attacker's SIZ (Bash)
    str_ok: bool = True  # within twice the disarmer's STR (Disarm)
    engaged: bool = True
    fumble_only: bool = False  # a fumbled shot: the target picks a fumble effect
    defender_weapon: Weapon | None = None  # what the defender holds ready (its parrying weapon when it parried)


def _available(key: str, s: EffectSituation) -> bool:
    w = s.attacker_weapon
    ranged, firearm = w.ranged, w.firearm
    crit_a = s.attacker_level == "critical"
    crit_d = s.defender_level == "critical"
    fumble_a = s.attacker_level == "fumble"
    fumble_d = s.defender_level == "fumble"
    if s.winner == "attacker":
        return {
            "bash": not ranged and (w.kind == "shield" or w.has("bludgeoning")) and s.siz_ok,
            "bleed": (w.has("cutting") and not ranged) or (firearm and crit_a and w.has("impaling")),
            "bypass_armor": crit_a and not w.has("shotgun"),
            "choose_location": not s.blind_strike and (not ranged or crit_a or (s.close_range and s.stationary_or_unaware)),
            "circumvent_parry": crit_a and s.parried,
            "damage_weapon": s.parried and s.parry_weapon is not None and s.parry_weapon.hp is not None
            and (not firearm or crit_a or s.parry_weapon.kind == "shield"),
            "disarm_opponent": not ranged and s.defender_weapon is not None and not s.defender_weapon.has("unarmed")
            and s.str_ok,
            "drop_foe": firearm,
            "duck_back": firearm and s.attacker_by_cover,
            "entangle": w.has("entangling"),
            "force_failure": fumble_d,
            "grip": w.has("unarmed"),
            "impale": w.has("impaling"),
            "marksman": ranged,
            "maximize_damage": crit_a,
            "overpenetration": firearm and crit_a and bool(s.behind),
            "pin_down": firearm,
            "rapid_reload": ranged and w.load > 1,  # a reload takes at least its Turn: rules-notes
            "scar_foe": s.hit,
            "stun_location": not ranged and w.has("bludgeoning"),
            "sunder": not ranged and (w.has("two_handed") or w.has("sunder")),
            "trip_opponent": not ranged or firearm,
        }.get(key, False)
    if s.fumble_only:
        return key in FUMBLE_EFFECTS and (key != "weapon_malfunction" or firearm) and (
            key != "select_target" or bool(s.bystanders))
    parried_with = s.parry_weapon if s.reaction == "parry" else None
    return {
        "accidental_injury": fumble_a,
        "arise": s.defender_prone or s.defender_drops,
        "blind_opponent": crit_d and s.reaction == "parry",
        "damage_weapon": parried_with is not None and not ranged and w.hp is not None,
        "disarm_opponent": not ranged and not w.has("unarmed") and s.defender_level is not None,
        "enhance_parry": crit_d and s.reaction == "parry",
        "entangle": parried_with is not None and parried_with.has("entangling"),
        "force_failure": fumble_a,
        "scar_foe": s.reaction == "parry" and not ranged,
        "select_target": fumble_a and bool(s.bystanders),
        "slip_free": crit_d and s.defender_held,
        "trip_opponent": s.reaction in ("parry", "evade") and not ranged,
        "weapon_malfunction": fumble_a and firearm,
        "withdraw": s.engaged and not ranged,
    }.get(key, False)


def available_effects(s: EffectSituation) -> tuple[EffectRule, ...]:
    """The effects the winner may pick, in table order."""
    side = "offensive" if s.winner == "attacker" else "defensive"
    return tuple(r for r in EFFECTS.values() if getattr(r, side) and _available(r.key, s))


@dataclass(frozen=True)
class Choice:
    """A picked effect; `param` is its location (Choose Location, Marksman) or whom it
    concerns (Select Target, Overpenetration)."""

    key: str
    param: str | None = None


def check_choices(choices: tuple[Choice, ...], allowed: tuple[EffectRule, ...], count: int,
                  max_stack: dict[str, int] | None = None) -> str | None:
    """The problem with a pick of effects, or None: at most `count`, each allowed, only the
    stackable ones repeated (0005: "Some effects can be stacked")."""
    if len(choices) > count:
        return f"{len(choices)} special effects picked, only {count} won"
    keys = {r.key: r for r in allowed}
    seen: dict[str, int] = {}
    for c in choices:
        rule = keys.get(c.key)
        if rule is None:
            return f"{c.key!r} is not one of the special effects open here"
        seen[c.key] = seen.get(c.key, 0) + 1
        if seen[c.key] > 1 and not rule.stackable:
            return f"{rule.name} cannot be stacked"
        if max_stack and seen[c.key] > max_stack.get(c.key, 99):
            return f"{rule.name} picked more often than it can act ({max_stack[c.key]})"
    return None
