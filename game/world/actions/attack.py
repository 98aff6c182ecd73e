"""Attack: a unit, in melee (moving next to it is implied) or with fire in one of the weapon's
modes, after a free move if the path says so (yags-combat.md, Melee Combat; Missile Attacks;
Movement). Melee is the engagement system's (game/world/systems/engagement.py), fire the
automatic-fire system's (game/world/systems/autofire.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ATTACK_MODES, ActionKind, Fields, Tile, ammo_refusal, tiles_out
from game.world.components import Aiming, Moved
from game.world.events import EventKind

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class Attack:
    """Attack a unit: melee (moving next to it is implied), or fire in one of the modes."""

    target: int  # the target's uid
    mode: str = "shot"
    options: dict[str, Any] = field(default_factory=dict)  # shot, bursts, shots, manoeuvre, move, crowd
    path: tuple[Tile, ...] = ()  # a free move before shooting, or the approach to melee


def further_targets(options: Mapping[str, Any]) -> list[int]:
    """The Attack option `further`: the targets of the second, third... shot or burst, in
    order ("3,4", or a list); a shot or burst beyond them goes at the action's target."""
    value = options.get("further", ())
    parts = value.split(",") if isinstance(value, str) else list(value)
    return [int(p) for p in parts if str(p).strip()]


def _check_further(m: Match, v: UnitView, action: Attack, facts: Any) -> Impossible | None:
    """Several shots or bursts at several targets (Yags SF, Multiple Shots: "at either the
    same or multiple targets"; Full Auto: "Each burst can be fired at separate targets"), where
    the rules let the mode split (`WeaponFacts.split_modes`): each further target a seen,
    standing enemy in sight and range, no more of them than the further shots or bursts."""
    try:
        further = further_targets(action.options)
    except ValueError:
        return Impossible(f"further targets must be unit ids, not {action.options.get('further')!r}")
    if not further:
        return None
    if action.mode not in facts.split_modes:
        return Impossible(f"{facts.name}'s {action.mode} cannot be split over several targets")
    count = m.rules.fire_count(action.mode, action.options)
    if len(further) > count - 1:
        return Impossible(f"{len(further)} further targets for {count - 1} further {action.mode}s")
    for uid in further:
        if not m.has_unit(uid) or m.view(uid).team == v.team or not m.sees(v.team, uid):
            return Impossible(f"no enemy seen as unit {uid}")
        t = m.view(uid)
        if t.out:
            return Impossible(f"{t.name} is already down")
        if not m.topology.line_of_sight(v.pos, t.pos):
            return Impossible(f"no line of sight to {t.name}")
        if m.topology.distance_m(v.pos, t.pos) > facts.long_m:
            return Impossible(f"{t.name} is beyond long range")
    return None


class AttackKind(ActionKind[Attack]):
    action: ClassVar[type] = Attack
    tag: ClassVar[str] = "attack"
    attacks: ClassVar[bool] = True
    hostile: ClassVar[bool] = True

    def path(self, action: Attack) -> tuple[Tile, ...]:
        return action.path

    def gait(self, action: Attack, approach: str = "none") -> str:
        if action.mode == "melee":
            return approach
        return str(action.options.get("move", "free")) if action.path else "none"

    def mode(self, action: Attack) -> str:
        return action.mode

    def options(self, action: Attack) -> dict[str, Any]:
        return dict(action.options)

    def strikes_at(self, action: Attack) -> int | None:
        return action.target

    def missile(self, action: Attack) -> bool:
        return action.mode != "melee"

    def shot(self, action: Attack) -> bool:
        return action.mode != "melee"

    def melee(self, action: Attack) -> bool:
        return action.mode == "melee"

    def volley(self, action: Attack) -> bool:
        return action.mode == "shot" and int(action.options.get("shots", 1)) > 1

    def advances(self, action: Attack) -> bool:
        return bool(action.path)

    def approach(self, m: Match, v: UnitView, action: Attack, stance: str) -> str:
        return m.movement.approach_mode(v, action, stance)

    def on_the_way(self, action: Attack, path: tuple[Tile, ...]) -> Attack | None:
        return Attack(action.target, action.mode, dict(action.options), path)

    def standing(self, action: Attack) -> Attack | None:
        return Attack(action.target, action.mode, dict(action.options)) if action.path else action

    def check(self, m: Match, v: UnitView, action: Attack, stance: str | None) -> Done | Impossible:
        facts = m.rules.weapon_facts(v.combatant)
        if not m.has_unit(action.target):
            return Impossible(f"no unit {action.target}")
        t = m.view(action.target)
        if t.team == v.team:
            return Impossible(f"{t.name} is on your side")
        if not m.sees(v.team, t.uid):  # fog of war: nothing more about it is told
            return Impossible("no enemy seen there: an unknown target cannot be attacked (Unknown Targets)")
        if t.out:
            return Impossible(f"{t.name} is already down")
        if action.mode == "melee":
            if not facts.melee and action.options.get("manoeuvre") not in m.rules.hand_manoeuvres():
                return Impossible(f"{facts.name} is not a melee weapon")
            if m.topology.steps(v.pos, t.pos) <= facts.reach_tiles:
                return Done()
            path = action.path or m.movement.approach(v, t.pos, facts.reach_tiles, stance)
            if not path:
                return Impossible(f"cannot reach {t.name} this round")
            return m.movement.validate_path(v, path, "run", stance)
        if facts.melee and action.mode != "throw":
            return Impossible(f"{facts.name} cannot shoot")
        move = action.options.get("move", "free")
        if move == "sprint":
            return Impossible("a sprint allows no attack (Movement)")
        if move not in ("free", "run"):
            return Impossible(f"unknown move mode {move!r} (free or run)")
        if move == "run" and m.rules.run_limits_attack() and (action.options.get("shot", "normal") != "normal"
                              or int(action.options.get("shots", 1)) > 1
                              or int(action.options.get("bursts", 1)) > 1):
            return Impossible("a full Move allows only a standard attack, which is slow (Movement)")
        if action.mode not in facts.modes:
            return Impossible(f"{facts.name} cannot fire {action.mode}")
        if action.options.get("crowd"):
            if facts.spread_m or action.mode not in ("shot", "burst", "triple"):
                return Impossible("fire at a crowd with a shot or a burst (a shotgun's cone already spreads)")
            if not m.range.crowd(v.uid, action.target):
                return Impossible(f"{t.name} is no crowd: nobody you see stands next to it (Firing at a crowd)")
        if not m.topology.line_of_sight(v.pos, t.pos):
            return Impossible(f"no line of sight to {t.name}")
        dist = m.topology.distance_m(v.pos, t.pos)
        if dist > facts.long_m:
            return Impossible(f"{t.name} is beyond long range ({dist:.0f} m > {facts.long_m:g} m)")
        split = _check_further(m, v, action, facts)
        if split is not None:
            return split
        if action.options.get("shot") == "aimed":
            aiming = m.try_component(v.uid, Aiming)
            if aiming is None or aiming.target_uid != action.target or aiming.round != m.round - 1:
                return Impossible(f"an aimed shot needs a round spent aiming at {t.name} first")
        need = m.rules.ammo_use(v.combatant, action.mode, action.options)
        refusal = ammo_refusal(v, facts.name)
        if refusal is not None:
            return refusal
        if v.ammo is not None and need > v.ammo.loaded and action.mode in ("shot", "triple"):
            return Impossible(f"{facts.name} has {v.ammo.loaded} rounds left, not {need}")
        if action.path:
            return m.movement.validate_path(v, action.path, move, stance)
        return Done()

    def speed(self, m: Match, uid: int, action: Attack) -> str | None:
        return m.rules.action_speed(m.range.request(uid, action.target, action.mode, action.options))

    def declared(self, m: Match, uid: int, action: Attack, approach: str, dodge_path: tuple[Tile, ...]) -> None:
        mv = m.component(uid, Moved)
        if action.mode != "melee" and action.path:
            mv.mode, mv.path = str(action.options.get("move", "free")), action.path
        elif action.mode == "melee":
            # The approach is walked at the attack (not at the end of the round), but the
            # attacker is moving all round: a full Move makes the attack slow.
            mv.mode = approach

    def resolve(self, m: Match, uid: int, action: Attack) -> Iterator[Question]:
        t = m.view(action.target)
        if t.out:
            m.event(EventKind.INFO, f"{m.name(uid)} holds: {t.name} is already down", uid, action.target)
            return
        if action.mode == "melee":
            yield from m.engagement.melee(uid, action)
        else:
            yield from m.autofire.fire(uid, action)

    def describe(self, action: Attack, names: Mapping[int, str]) -> str:
        def said(key: str, value: Any) -> str:
            if key == "further":  # the split's further targets by name
                try:
                    return "further at " + ", ".join(str(names.get(uid, uid)) for uid in further_targets(action.options))
                except ValueError:
                    pass
            return f"{key} {value}"

        extra = f" ({', '.join(said(k, v) for k, v in action.options.items())})" if action.options else ""
        return f"{action.mode} attack on {names.get(action.target, action.target)}{extra}"

    def target(self, action: Attack) -> int | None:
        return action.target

    def to_dict(self, action: Attack) -> dict[str, Any]:
        return {"target": action.target, "mode": action.mode, "options": dict(action.options),
                "path": tiles_out(action.path)}

    def from_dict(self, f: Fields) -> Attack:
        return Attack(f.integer("target"), f.text("mode", ATTACK_MODES), f.scalars("options"), f.tiles("path", ()))
