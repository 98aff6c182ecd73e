"""Mythras Imperative on screen: the unit sheet (hit points per location, Action Points,
fatigue and conditions, characteristics, the skills combat uses, the weapon's profile,
armour per location, the standing reaction policy) and a preview's breakdown (the reaction
assumed, the attack and defence skills after their grades, the chance of each outcome of the
differential roll, of each hit location and of each wound level)."""

from __future__ import annotations

from typing import Any

from engine.mythras.character import SKILL_NAMES
from engine.mythras.ranged import shield_locations
from engine.mythras.stances import ward_limit
from engine.mythras.tables import LOCATIONS, fatigue_name, wound_level
from engine.ruleset import AttackRequest, Ruleset
from game.ui.rulesheets.yags import pct

SHORT = {"right_leg": "RL", "left_leg": "LL", "abdomen": "Abd", "chest": "Chest", "right_arm": "RA",
         "left_arm": "LA", "head": "Head"}
# One Move action, a Turn (0002 Gaits); a melee attack that has to run to its foe is a charge.
MOVE_WORDS = {"free": "walk: a Turn", "run": "run: a Turn, a charge only", "sprint": "sprint: a Turn, no attack"}
LEGEND_WORDS = {"free": "walk", "run": "run: charge only", "sprint": "sprint: no attack"}
# The panel's Yags shot types, which the Imperative has not (its shots are single, burst or
# full auto; an aimed shot takes a round of aiming, 0005 Aiming).
UNUSED = {"snap": "Mythras has no snap shot: 1 fires a single shot",
          "careful": "Mythras has no careful shot: V aims for a whole round, then the shot is aimed",
          "triple": "Mythras has no triple burst: 2 fires a burst"}
REACTIONS_COSTING = ("parry", "evade", "counter")  # each costs an Action Point (0005 Reactions)
# Keys of the Imperative's own, taken with the next action (engine.mythras.stances).
STANCE_KEYS = ("ward", "brace", "steady", "receive", "outmanoeuvre")


def ward_options(c: Any, stance: str) -> list[tuple[str, ...]]:
    """What 6 cycles through, after no ward: a shield's Passive Blocking locations (doubled
    crouching), else each location in turn for the weapon in hand (0005 Ward Location)."""
    if c.shield is not None:
        return [shield_locations(c.shield, stance == "crouched")]
    if ward_limit(c) == 0:
        return []
    return [(loc,) for loc in ("chest", "abdomen", "head", "left_arm", "right_arm", "left_leg", "right_leg")]


def next_ward(v: Any, now: tuple[str, ...] | None) -> tuple[tuple[str, ...] | None, str]:
    """The ward after `now` (None: the one the unit keeps), and the line saying so."""
    options = [(), *ward_options(v.combatant, v.stance)]
    if len(options) == 1:
        return now, f"{v.name} has nothing to ward with (Ward Location)"
    key = tuple(sorted(now if now is not None else v.state.warded))
    keys = [tuple(sorted(o)) for o in options]
    ward = options[(keys.index(key) + 1) % len(options) if key in keys else 1]
    where = ", ".join(x.replace("_", " ") for x in ward) or "nothing"
    return ward, f"ward: {where}, declared with the next action (kept until the warding weapon attacks)"


def stance_words(act: str, on: bool) -> str:
    if act == "outmanoeuvre":
        return ("Outmaneuver with the next action (+1 AP; H: the Turn is the manoeuvre)" if on
                else "Outmaneuver dropped")
    if act == "receive":
        return ("set to receive a charge with the next action (a hold or the like: no move, no attack)" if on
                else "no longer set to receive a charge")
    if act == "brace":
        return "Brace with the next action (+1 AP; until it moves)" if on else "Brace dropped"
    return ("Steady Weapon with the next action (+1 AP; burst and full auto a grade easier until it moves)"
            if on else "Steady Weapon dropped")


def reaction_words(state: Any, key: str, chance: str) -> tuple[str, str]:
    """A reaction's cost (an Action Point for a parry, an evade or a counter; nothing for
    taking it) and its chance: the share of the blow's damage it turns aside on average."""
    if key in REACTIONS_COSTING:
        left = state.ap - 1
        cost = f"costs 1 Action Point ({left} left after)"
    else:
        cost = "costs nothing: the Action Point is kept"
    return cost, f"turns aside {chance} of the damage on average" if chance else ""


def points_left(state: Any) -> str:
    return f"{state.ap} Action Point{'s' if state.ap != 1 else ''} left" + (
        " (held for reactions)" if state.holding else "")


SKILLS = ("combat_style", "evade", "endurance", "athletics", "brawn", "willpower", "perception", "first_aid",
          "unarmed")


def sheet(rules: Ruleset, c: Any, st: Any) -> dict[str, list[str]]:
    hp = [f"{SHORT[loc]} {st.hp_at(loc)}/{c.hit_points[loc]}" for loc in LOCATIONS]
    status = [f"HP {' '.join(hp)}", f"AP {st.ap}/{c.action_points}"
              + (", holding for reactions" if st.holding else "")
              + (f", {fatigue_name(st.fatigue).replace('_', ' ')}" if st.fatigue else "")]
    hurt = [f"{loc.replace('_', ' ')} {wound_level(c.hit_points[loc], st.hp_at(loc))}" for loc in LOCATIONS
            if st.hp_at(loc) < c.hit_points[loc]]
    flags = [text for flag, text in (
        (st.prone, "prone"), (st.bleeding, "bleeding"), (st.pinned, "pinned down"),
        (st.no_attack_turns > 0, f"reeling ({st.no_attack_turns} Turns)"),
        (st.weapon_state != "ready", f"weapon {st.weapon_state}"), (st.dying_rounds is not None, "dying"),
        (st.status != "ok", st.status.upper())) if flag]
    if hurt or flags:
        status.append(", ".join(hurt + flags))
    attributes = [f"{k} {v}" for k, v in c.characteristics.items()]
    skills = [f"{c.skill_label(k) if k == 'combat_style' else SKILL_NAMES[k]} {c.skill(k)}" for k in SKILLS]
    w = c.weapon
    weapon = [str(w.damage), f"size {w.size}" if w.size else f"force {w.force or '-'}"]
    if w.range_m:
        weapon.append(f"range {'/'.join(f'{r:g}' for r in w.range_m)} m")
    if w.load:
        weapon.append(f"load {w.load}")
    if c.damage_modifier != "+0" and w.damage_modifier and not w.firearm:
        weapon.append(f"DM {c.damage_modifier}")
    armour = [f"{p.name} {p.ap} AP ({', '.join(SHORT[loc] for loc in p.locations)})" for p in c.armour]
    return {"status": status, "attributes": attributes, "skills": skills, "weapon": weapon, "armour": armour}


def preview_lines(rules: Ruleset, request: AttackRequest, p: Any) -> list[str]:
    """What the preview assumes and the chance of every outcome (engine.mythras.preview)."""
    lines = []
    if p.defence_target is None:
        why = "no Action Point left to react" if request.target.state.ap <= 0 else "no reaction"
        lines.append(f"attack {p.attack_target}% against {why}")
    else:
        lines.append(f"attack {p.attack_target}% against {p.reaction} {p.defence_target}%")
    grades = [f"{why} ({g.replace('_', ' ')})" for why, g in p.reasons]
    if grades:
        lines.append("grades: " + "; ".join(grades))
    won = []
    for (winner, levels), q in sorted(p.p_exchange.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
        if winner and levels:
            won.append(f"{'you' if winner == 'attacker' else 'they'} {levels}: {pct(q)}")
    if won:
        lines.append("special effects won: " + ", ".join(won))
    if p.hits_die > 1:
        lines.append(f"rounds striking on a hit: 1d{p.hits_die}")
    lines.append("location: " + " ".join(f"{SHORT[loc]} {pct(q)}" for loc, q in p.p_location.items()))
    lines.append("worst wound: " + " ".join(f"{k} {pct(q)}" for k, q in p.p_wound.items()))
    return lines
