"""What the game's world needs of the step-die system beyond the rules core: each world action
as the unit's statement for the round, the defender's reaction, the carry-over between
rounds, the harm the AI weighs an attack by, and the catalogue as `skirmish rules` lists it.

The world's actions (game/world/actions) reach `StepRuleset.declare` as an
`engine.ruleset.Intent`; the readings (docs/rules-notes.md, Step dice: on the grid):

- one world declaration is the unit's round: its action, plus the move that goes with it;
  a move of up to 10 m is one action, a run (20 m) two, a sprint (30 m) three; an attack
  with a move is two actions (or more), every roll that round at `action_steps`;
- the declaration choice `defences` (F in the window) is how many defences to hold ready:
  each is a stated action, as many as the round's three actions leave after the action;
- a hold with no defences is sitting the round out (initiative re-rolled at its end); a
  hold with defences is an all-out defence (+2 steps);
- a full dodge is a move to cover with a dodge held ready (two actions);
- covering is the world's overwatch; reload, pick up, stand up: one action each; the sheet
  has no aimed shot and no first aid: refused;
- an attack's option `manoeuvre` "feint" is a feint and then a blow at the same foe, two
  actions (`FOLLOW_UP`); option `all_out` is an all-out attack: attack actions only, so no
  move, no defences and nothing carried in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.stepdice.equipment import Catalogue
from engine.stepdice.round import MAX_ACTIONS
from engine.turn import Option, Question

MOVE_ACTIONS = {"none": 0, "free": 1, "run": 2, "sprint": 3}
# A manoeuvre that is followed by a blow at the same foe in the same declaration: a feint
# ("opponent can only use innate defense") is worth nothing on the grid without an attack
# after it, and a world declaration is one action and its move (rules-notes).
FOLLOW_UP = ("feint",)
REFUSED = {"aim": "the step-die sheet has no aimed shot (aim)",
           "first_aid": "the step-die sheet has no first aid"}
# The AI's data (game/data/ai_levels.toml) counts harm in levels, six to being out (Yags'
# wound track): here six levels are the life points, so a level is a sixth of them.
LEVELS = 6
# The worth of harm for the AI: a wound a point, a stun point half (stun alone never kills),
# reaching the life points (unconsciousness checks) twice the life points.
STUN_WORTH = 0.5


def statement_choices(intent: Any, defences: int, carried: int, stunned: bool) -> dict[str, Any]:
    """The `Statement` (engine.stepdice.round) for a world action: actions, defences,
    all_out, sit_out. Raises ValueError when the action needs more than the round holds."""
    tag = intent.tag
    if stunned:
        if tag != "hold":
            raise ValueError("stunned: no actions this round (a failed vital area test)")
        return {"actions": 0, "defences": 0}
    if tag in REFUSED:
        raise ValueError(REFUSED[tag])
    room = MAX_ACTIONS - carried
    moving = MOVE_ACTIONS.get(intent.move, 0)
    if tag == "hold":
        if defences <= 0 or room <= 0:
            return {"actions": 0, "sit_out": room > 0 and carried == 0}
        n = min(defences, room)
        return {"actions": n, "defences": n, "all_out": "defence" if carried == 0 else None}
    if tag == "attack":
        options = getattr(intent, "options", None) or {}
        used = 1 + moving + (1 if options.get("manoeuvre") in FOLLOW_UP else 0)
        if options.get("all_out"):
            if moving:
                raise ValueError("an all-out attack is attack actions only: no move (Special Attacks)")
            if carried:
                raise ValueError(f"an all-out attack cannot be stated with {carried} defence"
                                 f"{'s' if carried > 1 else ''} carried from last round (Special Attacks)")
            return {"actions": used, "defences": 0, "all_out": "attack"}
    elif tag == "full_dodge":  # a move to cover with a dodge held ready
        used, defences = 1, max(1, defences)
    elif tag == "move":
        used = max(1, moving)
    else:  # area fire, throw, covering, reload, pick up, stand up: one action each
        used = 1
    if used > room:
        carry = f" ({carried} carried from last round)" if carried else ""
        raise ValueError(f"{used} actions this round{carry}: at most {MAX_ACTIONS} a round (step dice)")
    return {"actions": used + min(max(0, defences), room - used), "defences": min(max(0, defences), room - used)}


def reaction_question(plan: Any, options: list[Any], chances: dict[str, Fraction]) -> Question | None:
    """The defender's choice when no stated defence is left: its innate defence (free), or a
    dodge or block that is added to its actions next round, each with its exact chance of
    taking no hit (engine.stepdice.attack.defence_options). None when there is no choice."""
    extra = [o for o in options if o.carries]
    if not extra:
        return None
    opts = [Option("innate", "innate defence", "Agility alone, free (the chance: no hit)", chances["innate"])]
    for o in extra:
        opts.append(Option(o.kind, o.kind, "one action fewer next round", chances[o.kind]))
    return Question(0, "reaction", tuple(opts), about={"attacker": plan.attacker.name, "mode": plan.mode})


def levels(points: int, life: int) -> int:
    """Points of stun or wounds as the AI's and the markers' levels (a sixth of the life
    points each, rounded up; twelve, fit for the worms, at most)."""
    if life <= 0 or points <= 0:
        return 0
    return min(2 * LEVELS, -(-points * LEVELS // life))


def worth(stun: int, wounds: int, life: int) -> float:
    """What a fighter's harm is worth to his foes, in levels, never more than being out."""
    if life <= 0:
        return 0.0
    out = 2.0 * LEVELS
    if stun + wounds >= life:
        return out
    return min(out, (wounds + STUN_WORTH * stun) * LEVELS / life)


def expected_harm(preview: Any) -> float:
    """The expected worth of the target's stun and wounds after less before, in the AI's
    levels (`worth`), from the preview's exact law; a chance preview (a
    manoeuvre, a throw) counts its chance."""
    outcome = getattr(preview, "p_outcome", None)
    if not outcome:
        return float(preview.p_hit)
    life = int(getattr(preview, "life_points", 0) or 0)
    before = getattr(preview, "before", (0, 0))
    base = worth(before[0], before[1], life)
    return sum(float(p) * (worth(s, w, life) - base) for (s, w), p in outcome.items())


def status_line(state: Any) -> str:
    """One short line for the UI: stun, wounds of the life points, what they bring."""
    lp = state.life_points
    parts = [f"stun {state.stun}", f"wounds {state.wounds}" + (f" of {lp}" if lp else "")]
    if lp and state.wounds * 2 >= lp:
        parts.append("bleeding, -2 steps")
    if lp and state.wounds >= lp:
        parts.append("dying")
    for flag, text in ((state.stunned, "stunned"), (state.lamed, "lamed"), (state.disarmed, "disarmed"),
                       (state.held_by, f"held by {state.held_by}")):
        if flag:
            parts.append(text)
    if state.status != "ok":
        parts.append(state.status.upper())
    return ", ".join(parts)


def catalogue_lines(cat: Catalogue, what: str = "all") -> list[str]:
    """The weapons (damage die, bands, modes, magazine), explosives, armour and shields."""
    lines: list[str] = []
    if what in ("weapons", "all"):
        lines.append("weapons:                 skill    damage        bands (short/medium/long m)  modes  magazine")
        for w in sorted(cat.weapons.values(), key=lambda w: (w.kind, w.id)):
            bands = f"{w.short:g}/{w.medium:g}/{w.long:g}" if not w.melee else f"reach {w.reach_tiles}"
            mag = f"{w.capacity} ({w.reload_actions} to reload)" if w.capacity else ""
            lines.append(f"  {w.id:22} {w.skill:8} d{w.damage:<2} {w.damage_type:8} {bands:28} "
                         f"{','.join(w.modes):16} {mag}")
        lines.append("explosives:              damage by distance from the blast       throw (m)")
        for e in sorted(cat.explosives.values(), key=lambda e: e.id):
            bands = ", ".join(f"{b.radius:g} m: " + "+".join(f"d{d}" for d in b.dice) for b in e.bands)
            lines.append(f"  {e.id:22} {bands:38} {e.short:g}/{e.medium:g}/{e.long:g} {e.damage_type}")
    if what in ("armour", "all"):
        lines.append("armour:                  protection  covers")
        for a in sorted(cat.armour.values(), key=lambda a: a.id):
            lines.append(f"  {a.id:22} {a.protection:10d}  {', '.join(sorted(a.covers))}")
        lines.append("shields:                 block")
        for s in sorted(cat.shields.values(), key=lambda s: s.id):
            lines.append(f"  {s.id:22} +{s.block_steps} steps")
    return lines
