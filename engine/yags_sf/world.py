"""What the game's world needs of Yags SF beyond the rules core: each world action in this
ruleset's terms (the declaration), knockdown as an effect the grid shows, the harm the AI
weighs an attack by, and the catalogue as `skirmish rules` lists it.

The world's actions (game/world/actions) reach `declare` as an `engine.ruleset.Intent`; the
readings (docs/rules-notes.md, Yags SF, On the grid):

- an attack is the round's attack; its mode says the firearm attack (a burst is full auto,
  a triple a triple shot, several shots multiple shots, a snap shot two of them, a careful
  shot the single shot with twice the attack bonus), its options any special attack (`special`: aggressive,
  defensive, disarm, killing_blow, weapon_smash, ambush) and `subduing`; the aggressive and
  defensive stances of the grid are the Aggressive and Defensive special attacks in melee;
- an attack after a run or sprint is refused (free move only: round.movement_allowance);
- a move, a full dodge and picking a weapon up are moves (a run and a sprint their own);
  standing up is the action that regains the feet after a knockdown; a hold is doing
  nothing (resting, with `rest`, is "no attacks or defences" for the next fatigue roll at 10).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.yags_sf.character import Condition, Fighter
from engine.yags_sf.equipment import Catalogue, Weapon
from engine.yags_sf.firearms import BURST_ROUNDS
from engine.yags_sf.plan import AttackResult
from engine.yags_sf.tables import FATAL

# Yags SF special attacks named by the grid's stances (melee only).
STANCE_SPECIAL = {"aggressive": "aggressive", "defensive": "defensive"}
MOVE_ACTION = {"free": "move", "run": "run", "sprint": "sprint"}
# The worth of being at each wound level (hurt .. fatal) for the AI: the levels themselves,
# and more for critical and fatal, which call rolls that take a fighter out (Critically and
# Fatally Injured Characters); fatigue counts half, its sixth level all of being out.
WOUND_WORTH = (0.0, 1.0, 2.0, 3.0, 4.0, 6.0, 9.0)
FATIGUE_WORTH = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 9.0)
OUT_WORTH = 9.0
KNOCKDOWN_WORTH = 0.5  # the target spends its next action regaining its feet
# The AI weighs three multiple shots and two walking bursts at most: more were hardly ever
# worth their rounds (measured), and each is one more exact preview per target.
MOST_SHOTS = 3
MOST_BURSTS = 2
SNAP_SHOTS = 2  # the grid's snap shot: two of Multiple Shots


def fire_options(mode: str, options: Any) -> dict[str, Any]:
    """An attack's options with the grid's snap shot read as Multiple Shots: two shots (the
    careful shot is the single shot; see `from_intent`)."""
    o = dict(options)
    if mode == "shot" and o.get("shot") == "snap" and "shots" not in o:
        o["shots"] = SNAP_SHOTS
    return o


def from_intent(fighter: Fighter, cond: Condition, intent: Any, stance: str = "normal",
                rest: bool = False) -> dict[str, Any]:
    """The declaration choices (round.declare) for a world action."""
    tag = intent.tag
    if tag == "attack":
        if intent.move in ("run", "sprint"):
            raise ValueError(f"a {intent.move} allows no attack (Yags SF: attack within the free move)")
        o = fire_options(intent.mode, intent.options)
        special = o.get("special")
        shots, bursts = int(o.get("shots", 1)), int(o.get("bursts", 1))
        if intent.mode == "burst":
            special = "full_auto"
        elif intent.mode == "triple":
            special = "triple_shot"
        elif intent.mode == "shot":
            if shots > 1:
                special = "multiple_shots"
            elif special is None and o.get("shot") == "careful":
                special = "single_shot"
        elif intent.mode == "melee" and special is None:
            special = STANCE_SPECIAL.get(stance)
        return {"action": "attack", "special": special, "subduing": bool(o.get("subduing", False)),
                "target": intent.target, "shots": shots, "bursts": bursts}
    if tag == "move":
        return {"action": MOVE_ACTION.get(intent.move, "move")}
    if tag in ("full_dodge", "pick_up"):
        return {"action": "move"}
    if tag == "stand":
        return {"action": "stand" if cond.prone else "move"}
    if tag in ("aim", "reload", "throw", "first_aid"):
        return {"action": tag, "target": intent.target}
    return {"action": "rest" if rest else "nothing"}


def attack_options(weapon: Weapon, mode: str) -> tuple[dict[str, Any], ...]:
    """The firearm attacks an attacker may weigh in a mode (Special Firearm Attacks): a plain
    shot, the single shot, three multiple shots; one or two bursts (walking fire)."""
    if weapon.melee:
        return ({},)
    if mode == "shot":
        out: list[dict[str, Any]] = [{}, {"shot": "careful"}]
        if weapon.multiple_shots and weapon.max_rounds >= 2:
            out.append({"shots": min(MOST_SHOTS, weapon.max_rounds)})
        return tuple(out)
    if mode == "burst" and weapon.full_auto:
        most = max(1, min(MOST_BURSTS, (weapon.rof or 0) // BURST_ROUNDS, weapon.shots // BURST_ROUNDS))
        return ({}, *({"bursts": n} for n in range(2, most + 1)))
    return ({},)


def knocked(result: AttackResult) -> AttackResult:
    """The result with `prone` among its effects when its damage knocked the target down
    (Knockdown: "considered to be prone until they regain their feet")."""
    d = result.damage
    if d is None or not d.knocked or "prone" in result.effects:
        return result
    return replace(result, effects=(*result.effects, "prone"))


def worth(wounds: int, fatigue: int) -> float:
    """What a fighter's wounds and fatigue are worth to his foes: never more than being out."""
    return min(OUT_WORTH, WOUND_WORTH[min(wounds, FATAL)] + FATIGUE_WORTH[min(fatigue, FATAL)])


def expected_harm(preview: Any) -> float:
    """The expected worth of the target's wounds and fatigue after the attack less before it
    (from the exact law of its outcome), and of a knockdown; for a disarm or a smash, the
    chance the weapon is lost."""
    if preview.kind in ("disarm", "smash"):
        return 2.0 * float(preview.p_hit * preview.p_effect if preview.p_effect else preview.p_hit)
    outcome = preview.p_outcome
    if not outcome:
        return 0.0
    before = worth(*preview.before)
    harm = sum(float(p) * (worth(w, f) - before) for (w, f), p in outcome.items())
    return harm + KNOCKDOWN_WORTH * float(preview.p_knockdown)


def catalogue_lines(cat: Catalogue, what: str = "all") -> list[str]:
    """The melee weapons and firearms (the text's columns), the grenades and the armour."""
    lines: list[str] = []
    if what in ("weapons", "all"):
        lines.append("melee weapons:          skill             init attk defn  dmg str size")
        for w in sorted((w for w in cat.weapons.values() if w.melee), key=lambda w: w.id):
            extra = " two-handed" if w.two_handed else (" shield" if w.shield else (" small" if w.small else ""))
            lines.append(f"  {w.id:22} {w.skill:17} {w.init:+4d} {w.attack:+4d} {w.defence:+4d} {w.damage:+4d} "
                         f"{w.strength:3d} {w.size:>4}{extra}")
        lines.append("firearms:               skill   init attk  dmg str size  rof shots recoil  short/medium/long m")
        for w in sorted((w for w in cat.weapons.values() if not w.melee), key=lambda w: (w.group, w.id)):
            rof = "~" if w.rof is None else str(w.rof)
            lines.append(f"  {w.id:22} {w.skill:7} {w.init:+4d} {w.attack:+4d} {w.damage:4d} {w.strength:3d} {w.size:>4} "
                         f"{rof:>4} {w.shots:5d} {w.recoil:6d}  {w.short:g}/{w.medium:g}/{w.long:g}"
                         + (" triple" if w.triple else ""))
        lines.append("grenades:               damage radius  reach")
        for g in sorted(cat.explosives.values(), key=lambda g: g.id):
            lines.append(f"  {g.id:22} {g.damage:6d} {g.radius:5g} m  {g.range_per_strength:g} m x Str"
                         + (" subduing" if g.subduing else ""))
    if what in ("armour", "all"):
        lines.append("armour:                             protection  load")
        for a in sorted(cat.armour.values(), key=lambda a: a.id):
            lines.append(f"  {a.id:34} {a.protection:+5d}  {a.load:5g} kg")
    return lines
