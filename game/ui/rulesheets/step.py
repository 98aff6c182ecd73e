"""The step-die system on screen: the unit sheet (stun and wounds against life points, the
half-life penalty, actions carried into the round, initiative re-rolled, attribute and skill
dice, the weapon's damage die and bands, armour) and a preview's breakdown (the range band
and its step, the attack and defence dice, cover, the chance of each number of hits, of
bleeding, falling unconscious, dying and being fit for the worms)."""

from __future__ import annotations

from typing import Any

from engine.ruleset import AttackRequest, Ruleset
from engine.stepdice.attack import AttackPlan, defence_options
from engine.stepdice.preview import hit_chance
from engine.stepdice.ruleset import SHOT_SPECIAL
from game.ui.rulesheets.yags import pct

# A move of up to 10 m is one action, a run two, a sprint three; every action after the
# first is a step off every roll that round (engine.stepdice.world).
MOVE_WORDS = {"free": "move: an action (attack at -1 step)", "run": "run: two actions (attack at -2 steps)",
              "sprint": "sprint: three actions, no attack"}
LEGEND_WORDS = {"free": "move: 1 action", "run": "run: 2 actions", "sprint": "sprint: 3 actions"}
# Q and E: the sheet's special attacks (engine.stepdice.ruleset reads the grid's shot types so).
MODE_WORDS = {
    "normal": ("shot", "Single shot: a normal attack"),
    "snap": ("limb", "Limb attack: -1 step, damage die +2 steps, endurance test or incapacitated"),
    "careful": ("vital", "Vital area: -2 steps, damage die +4 steps, endurance test or stunned"),
    "burst": ("burst", "Burst: three rounds, three attack rolls at -2 steps, one action"),
    "area": ("autofire", "Autofire: an easy roll on the area; everyone in it defends against average"),
    "miniscule": ("minuscule", "Minuscule target: -3 steps, damage die +6 steps, endurance test or special injury"),
    "disarm": ("disarm", "Disarm: -2 steps in melee, -4 shooting, no damage; hit, a hard Agility + Willpower "
               "check or the weapon drops"),
}
# The panel's actions the sheet has no use for (its burst is the three-round burst).
UNUSED = {"triple": "the step-die sheet's burst is three rounds already: 2 fires it"}
# Shot types a blow takes too (the sheet's special attacks are not for guns alone).
MELEE_SHOTS = ("normal", "snap", "careful", "miniscule", "disarm")
# The sheet's manoeuvres and all-out attack, on keys of their own (game/ui/actionbar.py).
MANOEUVRE_WORDS = {
    "feint": ("feint", "Feint, then a blow (two actions, -1 step): Alertness + Melee against Intelligence + "
              "Perception; won, the foe has only its innate defence against the blow; click an enemy"),
    "grapple": ("grapple", "Grapple (any weapon in hand): Agility + Unarmed against Agility + Strength; held, "
                "the foe cannot move and is an easy target (3) until it breaks free; click an enemy"),
    "break_free": ("break free", "Break free: Agility + Strength against the holder's Agility + Unarmed (an "
                   "action); click the holder"),
}
ALL_OUT_WORDS = ("all-out", "All-out attack: +2 steps, attack actions only: no move, no defence but the "
                 "innate one, not with defences carried in (toggle)")
def reaction_words(state: Any, key: str, chance: str) -> tuple[str, str]:
    """An unstated defence: the innate one is free; a dodge or a block costs an action next
    round (Initiative and Actions). Its chance: of no hit."""
    cost = "free" if key == "innate" else "costs one action next round"
    return cost, f"no hit {chance}" if chance else ""


SHORT = {"agility": "Agi", "strength": "Str", "vitality": "Vit", "alertness": "Ale", "intelligence": "Int",
         "willpower": "Wil"}
EFFECTS = {"limb": "limb lamed (endurance test failed)", "vital": "stunned (endurance test failed)",
           "miniscule": "special injury (endurance test failed)", "disarm": "disarmed (check failed)"}
MANOEUVRE_NAMES = {"feint": "the feint wins", "grapple": "a hold is gained", "break_free": "breaks free"}
BANDS = {"point_blank": "point blank +1 step", "short": "short range, no step", "medium": "medium range -2 steps",
         "long": "long range -4 steps"}


def sheet(rules: Ruleset, c: Any, st: Any) -> dict[str, list[str]]:
    lp = c.life_points
    status = [rules.status(st), f"life points {lp}: bleeding and -2 steps at {(lp + 1) // 2} wounds, "
              f"unconsciousness checks at {lp} damage"]
    if st.carried:
        status.append(f"{st.carried} defence{'s' if st.carried > 1 else ''} carried: "
                      f"{st.carried} action{'s' if st.carried > 1 else ''} of this round taken")
    if st.initiative is not None:
        status.append(f"initiative re-rolled: {st.initiative}")
    attributes = [f"{SHORT.get(k, k[:3].title())} d{v}" for k, v in c.attributes.items()]
    skills = [f"{k.replace('_', ' ')} d{v}" for k, v in sorted(c.skills.items(), key=lambda kv: (-kv[1], kv[0])) if v]
    w = c.weapon
    weapon = [f"damage d{w.damage} {w.damage_type}"]
    if w.melee:
        weapon.append(f"reach {w.reach_tiles}")
    else:
        weapon.append(f"range {w.short:g}/{w.medium:g}/{w.long:g} m")
        weapon.append(", ".join(w.modes) + (f", magazine {w.capacity}" if w.capacity else ""))
    if c.shield is not None:
        weapon.append(f"{c.shield.name}: block +{c.shield.block_steps}")
    armour = [f"{p.name} {p.protection} ({', '.join(sorted(p.covers))})" for p in c.armour] or ["none"]
    return {"status": status, "attributes": attributes, "skills": skills, "weapon": weapon, "armour": armour}


def _pool(pool: Any) -> str:
    dice = " + ".join(part.label() for part in pool.parts)
    flat = f"{' + ' if dice else ''}{pool.flat}" if pool.flat else ""
    return (dice + flat) or "0"


def preview_lines(rules: Ruleset, request: AttackRequest, p: Any) -> list[str]:
    """The dice on each side and every outcome's chance (engine.stepdice.preview)."""
    lines: list[str] = []
    w = request.attacker.combatant.weapon
    if not w.melee and request.mode not in ("throw", "melee"):
        from engine.stepdice.tables import range_band

        band = range_band(request.situation.distance_m, w.short, w.medium, w.long)
        lines.append(f"{BANDS.get(band or '', 'beyond long range')} ({w.short:g}/{w.medium:g}/{w.long:g} m)")
    pool = getattr(p, "attack_pool", None)
    if pool is not None:
        lines.append(f"attack {_pool(pool)}" + (f" ({', '.join(pool.notes)})" if pool.notes else ""))
    dpool = getattr(p, "defence_pool", None)
    if dpool is not None:
        cover = f" + cover {p.difficulty_extra}" if getattr(p, "difficulty_extra", 0) else ""
        lines.append(f"against {p.defence}: {_pool(dpool)}{cover}")
    hits = getattr(p, "p_hits", None)
    if hits and len(hits) > 2:
        lines.append("hits: " + "  ".join(f"{n} {pct(q)}" for n, q in sorted(hits.items())))
    damage = getattr(p, "p_damage", None)
    if damage and p.p_hit:
        mean_s = sum(float(q) * s for (s, _), q in damage.items()) / float(p.p_hit)
        mean_w = sum(float(q) * w_ for (_, w_), q in damage.items()) / float(p.p_hit)
        lines.append(f"on a hit: {mean_s:.1f} stun, {mean_w:.1f} wounds on average")
    worst = [(name, q) for name, q in (("bleeding", getattr(p, "p_bleeding", 0)),
                                        ("unconscious", getattr(p, "p_unconscious", 0)),
                                        ("dying", getattr(p, "p_dying", 0)), ("fit for the worms", getattr(p, "p_dead", 0)))
             if q]
    if worst:
        lines.append(", ".join(f"{name} {pct(q)}" for name, q in worst))
    manoeuvre = request.options.get("manoeuvre")
    if manoeuvre:
        lines.append(f"{MANOEUVRE_NAMES.get(str(manoeuvre), str(manoeuvre))}: {pct(p.p_hit if manoeuvre != 'feint' else p.p_effect)}"
                     + (" (then the blow: its chances above)" if manoeuvre == "feint" else ""))
    elif getattr(p, "p_effect", 0):
        special = request.options.get("special") or SHOT_SPECIAL.get(str(request.options.get("shot")))
        lines.append(f"{EFFECTS.get(str(special), 'the special attack')}: {pct(p.p_effect)}")
    lines.extend(other_defences(rules, request, p))
    return lines


def other_defences(rules: Ruleset, request: AttackRequest, p: Any) -> list[str]:
    """The chance to hit if the target answers otherwise (a dodge or block it would carry
    into its next round, or its innate defence)."""
    if getattr(p, "defence_pool", None) is None or request.mode in ("area", "suppress", "throw"):
        return []
    plan = rules.plan(request)  # type: ignore[attr-defined]
    if not isinstance(plan, AttackPlan):
        return []
    others = [(o.kind, hit_chance(plan, o)) for o in defence_options(plan) if o.kind != p.defence]
    if not others:
        return []
    return ["if it answers with " + ", ".join(f"{k}: {pct(q)} to hit" for k, q in others)]
