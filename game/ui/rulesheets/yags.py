"""Yags on screen: the unit sheet (wounds, stuns, penalties, attributes, skills, the
weapon's ranges, armour) and a preview's breakdown (range band and distance modifier, each
level's chance, the attack's terms, the difficulty, the fumble chance)."""

from __future__ import annotations

from typing import Any

from engine.ruleset import AttackRequest, Ruleset


def pct(p: Any) -> str:
    """A chance as a whole percentage; "<1%" and ">99%" rather than a misleading 0 or 100."""
    x = 100 * float(p)
    if 0 < x < 0.5:
        return "<1%"
    if 99.5 <= x < 100:
        return ">99%"
    return f"{x:.0f}%"


def sheet(rules: Ruleset, c: Any, st: Any) -> dict[str, list[str]]:
    track = c.fatigue_track
    status = [rules.status(st),
              f"penalties: wounds {st.wound_penalty:+d}, stuns {st.stun_penalty:+d}, "
              f"fatigue {st.fatigue_penalty(track):+d} ({st.fatigue}/{track})"]
    attributes = [f"{k[:3].title()} {c.attribute(k)}" for k in c.attributes]
    skills = [f"{k} {n}" for k, n in sorted(c.skills.items(), key=lambda kv: -kv[1])]
    w = c.weapon
    weapon = [f"range {w.short:g}/{w.medium:g}/{w.long:g} m"] if not rules.weapon_facts(c).melee else []
    armour = [f"{p.name} +{p.protection}" for p in c.armour.pieces]
    return {"status": status, "attributes": attributes, "skills": skills, "weapon": weapon, "armour": armour}


def preview_lines(rules: Ruleset, request: AttackRequest, p: Any) -> list[str]:
    lines = []
    band = range_line(rules, request.attacker.combatant, request.situation.distance_m, p.target_terms)
    if band:
        lines.append(band)
    lines.append(damage_line(p))
    lines.append("attack " + " ".join(t.describe(i == 0) for i, t in enumerate(p.terms)))
    if p.difficulty is not None:
        terms = " ".join(t.describe() for t in p.target_terms)
        lines.append(f"difficulty {p.difficulty}" + (f" ({terms})" if terms else ""))
    if p.p_attack_fumble:
        lines.append(f"fumble {pct(p.p_attack_fumble)}")
    return lines


def damage_line(p: Any) -> str:
    """Each outcome's chance: a miss, a hit soaked, then each level inflicted."""
    kind = {"wounds": "wound", "stuns": "stun"}.get(p.kind or "", p.kind or "damage")
    levels = sorted(p.p_damage_levels.items())
    if not levels:
        return f"{kind} levels: no hit possible"
    parts = [f"miss {pct(1 - p.p_hit)}"]
    for lv, pr in levels:
        parts.append(f"soaked {pct(pr)}" if lv == 0 else f"{lv}: {pct(pr)}")
    return f"{kind} levels: " + "  ".join(parts)


def range_line(rules: Ruleset, c: Any, distance_m: float, target_terms: Any = ()) -> str | None:
    """The range band (short, medium, long, or beyond long range) of the attacker's missile
    weapon at `distance_m`, and the distance modifier to the difficulty (the preview's own
    distance term when it has one, so bursts and aimed shots show what the rules use)."""
    w = c.weapon
    if not w.long or rules.weapon_facts(c).melee:
        return None
    k = c.attributes.get("strength", 1) if w.range_per_strength else 1
    short, medium, long_ = w.short * k, w.medium * k, w.long * k
    band = ("short" if distance_m <= short else "medium" if distance_m <= medium
            else "long" if distance_m <= long_ else "beyond long range")
    mod = next((t.value for t in target_terms if t.name.startswith("distance")), None)
    if mod is None and w.increment:
        eff = distance_m
        mod = 0 if eff <= w.increment else 5 * (-(-eff // w.increment) - 1)
    extra = f", distance modifier {int(mod):+d}" if mod is not None else ""
    return f"range band {band} ({short:g}/{medium:g}/{long_:g} m){extra}"
