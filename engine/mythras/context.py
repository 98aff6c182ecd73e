"""The world's attack request as Mythras reads it (engine.mythras.attack.AttackContext): the
grid's Situation and the request's options, the fighters' states with what their
declarations keep up (rules-notes: "Mythras: on the grid", the Situation's fields).

A melee attack that walks its approach is a charge (0005 Charging); a prone stance on the
grid is prone; an aimed shot is `shot = "aimed"` (or `aimed`); the close-combat situations
come from the grid's facts (engine.mythras.stances.close_situations)."""

from __future__ import annotations

from dataclasses import replace

from engine.mythras.attack import AttackContext
from engine.mythras.health import MythrasState
from engine.mythras.legality import GAIT, GAIT_RANK
from engine.mythras.protocol import MODE_MAP
from engine.mythras.ranged import grid_cover
from engine.mythras.stances import close_situations, receives_charge, with_declaration
from engine.ruleset import AttackRequest, Participant


def participant_state(p: Participant) -> MythrasState:
    """The fighter's state with what its declaration keeps up (a ward, Brace, Steady
    Weapon, a set weapon); a disarmed fighter fights with its fists."""
    st: MythrasState = with_declaration(p.state, p.declaration)
    if st.weapon_state == "dropped" and p.combatant.weapon.has("unarmed"):
        st = replace(st, weapon_state="ready")  # disarmed on the grid: fighting with its fists
    return st


def attack_context(request: AttackRequest, target: Participant | None = None, rounds: int = 0) -> AttackContext:
    """An AttackContext from the world's request."""
    a, t = request.attacker, target or request.target
    sit, opts = request.situation, request.options
    mode = MODE_MAP.get(request.mode, request.mode)
    situations = set(opts.get("situations", ())) | set(sit.environment)
    ast, dst = participant_state(a), participant_state(t)
    if sit.attacker_stance == "prone" and not ast.prone:
        ast = replace(ast, prone=True)
    if sit.target_stance == "prone" and not dst.prone:
        dst = replace(dst, prone=True)
    ranged = mode != "melee"
    if ranged and sit.target_moved in ("run", "sprint"):
        situations.add("target_running" if sit.target_moved == "run" else "target_sprinting")
    if ranged and dst.prone:
        situations.add("target_prone")
    if ranged and ast.prone:
        situations.add("attacker_prone")
    if not ranged:
        situations |= close_situations(sit, dst)
    # 0002 Gaits: the fastest gait walked this round (an earlier Turn's Move) or with this action
    gait = str(opts.get("gait") or max(GAIT.get(sit.attacker_gait, "walk"), GAIT.get(sit.attacker_moved, "walk"),
                                       key=GAIT_RANK.index))
    crowd = "edge" if ranged and sit.target_melee_crowd > 0 else None
    charging = bool(opts.get("charging", mode == "melee" and sit.attacker_moved != "none" and not opts.get("kind")))
    if mode == "full_auto" and not rounds:
        w = a.combatant.weapon
        targets = 1 + len(request.others) if request.others else max(1, int(opts.get("targets", 1)))
        rounds = max(1, int(opts.get("rounds", w.full_auto)) // targets)
    return AttackContext(
        a.combatant, ast, t.combatant, dst, mode=mode, distance_m=sit.distance_m,
        situations=frozenset(situations), charging=charging,
        cover=grid_cover(sit.target_cover), crowd=crowd, rounds=rounds,
        aimed=bool(opts.get("aimed", False)) or opts.get("shot") == "aimed",
        target_stationary=sit.target_moved == "none", target_unaware=bool(opts.get("unaware", False)),
        surprise_bonus=bool(opts.get("surprise", False)),
        bystanders=tuple(opts.get("bystanders", sit.bystanders)), behind=tuple(opts.get("behind", sit.behind)),
        borrowed_dm_step=t.combatant.damage_modifier_step if receives_charge(a.combatant, ast, opts) else None,
        attacker_by_cover=bool(opts.get("by_cover", sit.attacker_by_cover)), room_behind_m=sit.target_room_behind_m,
        engaged=sit.in_melee_with_attacker or mode == "melee", gait=gait)
