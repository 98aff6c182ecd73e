"""Yags SF 0.30a on screen: the unit sheet (wound and fatigue levels with their penalties,
knocked down, attributes, skills, the weapon's columns and ranges, armour and soak) and a
preview's breakdown (the weapon's range category, each wound level's chance, the attack's
terms, the defence or the range difficulty, the fumble chance)."""

from __future__ import annotations

from typing import Any

from engine.ruleset import AttackRequest, Ruleset
from game.ui.rulesheets.yags import pct

# The free move allows an attack; a run and a sprint none (a sprint no defence either):
# round.movement_allowance.
MOVE_WORDS = {"free": "free move: attack and defend", "run": "run: no attack", "sprint": "sprint: no attack, no defence"}
LEGEND_WORDS = {"free": "free: attack", "run": "run: no attack", "sprint": "sprint: no defence"}
# The attack buttons as Special Firearm Attacks (engine.yags_sf.world reads the grid's shot
# types and modes so).
MODE_WORDS = {
    "normal": ("shot", "Shot: one round at the weapon's attack bonus"),
    "snap": ("2 shots", "Multiple shots: two, the second 10 initiative later with its recoil"),
    "careful": ("single", "Single shot: twice the attack bonus, -10 initiative"),
    "burst": ("full auto", "Full auto: a ten-round burst, the weapon's bonus ignored, damage x2 or x3"),
    "triple": ("triple", "Triple shot: three rounds, one roll, +10 damage"),
}
SHORT = {"strength": "Str", "health": "Hea", "agility": "Agi", "dexterity": "Dex",
         "perception": "Per", "intelligence": "Int"}
NAMES = ("stunned", "hurt", "light", "medium", "serious", "critical", "fatal", "beyond fatal")


def sheet(rules: Ruleset, c: Any, st: Any) -> dict[str, list[str]]:
    status = [rules.status(st),
              f"penalties: wounds {st.wound_penalty:+d}, fatigue {st.fatigue_penalty:+d} ({st.fatigue}/6)"
              + (f", load {c.encumbrance:+d}" if c.encumbrance else "")]
    if st.prone:
        status.append("knocked down: standing up takes the attack action")
    if st.aimed:
        status.append("aimed last round: +half perception to this round's shot")
    attributes = [f"{SHORT.get(k, k[:3].title())} {c.attr(k)}" for k in c.attributes]
    skills = [f"{k.replace('_', ' ')} {n}" for k, n in sorted(c.skills.items(), key=lambda kv: (-kv[1], kv[0])) if n]
    w = c.weapon
    weapon = [f"init {w.init:+d} attk {w.attack:+d}" + (f" defn {w.defence:+d} dmg Str{w.damage:+d}" if w.melee
                                                        else f" dmg {w.damage} rof {w.rof or '~'}")]
    if not w.melee:
        weapon.append(f"range {w.short:g}/{w.medium:g}/{w.long:g} m")
    if c.second_weapon is not None:
        weapon.append(f"{c.second_weapon.name} defn {c.second_weapon.defence:+d}")
    armour = [p.name + (f" +{p.protection}" if p.protection else "") for p in c.armour] + [f"soak {c.soak}"]
    return {"status": status, "attributes": attributes, "skills": skills, "weapon": weapon, "armour": armour}


def preview_lines(rules: Ruleset, request: AttackRequest, p: Any) -> list[str]:
    lines = []
    band = range_line(request.attacker.combatant, request.situation.distance_m)
    if band:
        lines.append(band)
    lines.extend(outcome_lines(p))
    if p.attacks and len(p.attacks) > 1:
        lines.append(f"{len(p.attacks)} attacks: " + "  ".join(f"{pct(a.p_hit)}" for a in p.attacks))
    lines.append("attack " + " + ".join(t.describe(i == 0) for i, t in enumerate(p.terms)) + " + 2d10!")
    if p.target_terms:
        terms = " + ".join(t.describe(i == 0) for i, t in enumerate(p.target_terms))
        lines.append(f"difficulty {p.difficulty} ({terms})")
    elif p.difficulty is not None:
        lines.append(f"against a defence roll, at least {p.difficulty}")
    if p.p_attack_fumble:
        lines.append(f"fumble {pct(p.p_attack_fumble)} (a miss)")
    return lines


def outcome_lines(p: Any) -> list[str]:
    """Each outcome's chance: a miss, a hit soaked, a stun, each wound level caused; the
    knockdown and a killing blow's kill."""
    if p.kind in ("disarm", "smash"):
        return [f"{p.kind}: the contest follows a hit"]
    kind = "fatigue" if p.kind == "fatigue" else "wound"
    if p.p_levels:
        parts = [f"miss {pct(1 - p.p_hit)}"]
        for lv in sorted(p.p_levels, key=lambda x: -1 if x is None else x):
            parts.append(f"{'soaked' if lv is None else NAMES[lv]} {pct(p.p_levels[lv])}")
        out = [f"{kind} levels: " + "  ".join(parts)]
    elif p.p_outcome and p.p_hit:  # a series: the target's wound level after it
        after: dict[int, Any] = {}
        for (w, _), q in p.p_outcome.items():
            after[w] = after.get(w, 0) + q
        out = ["wounds after: " + "  ".join(f"{('unhurt', *NAMES[1:])[w]} {pct(q)}" for w, q in sorted(after.items()))]
    else:
        return [f"{kind} levels: no hit possible"]
    extra = []
    if p.p_knockdown:
        extra.append(f"knocked down {pct(p.p_knockdown)}")
    if p.p_kill:
        extra.append(f"killing blow {pct(p.p_kill)}")
    if extra:
        out.append(", ".join(extra))
    return out


def range_line(c: Any, distance_m: float) -> str | None:
    """The firearm's range category at `distance_m` (Ranged Combat: medium +5 difficulty and
    -5 damage, long +15 and -10)."""
    w = c.weapon
    if w.melee:
        return None
    band = w.band(distance_m) or "beyond long range"
    extra = {"medium": ": +5 difficulty, -5 damage", "long": ": +15 difficulty, -10 damage"}.get(band, "")
    return f"range category {band} ({w.short:g}/{w.medium:g}/{w.long:g} m){extra}"
