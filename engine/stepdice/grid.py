"""The step-die system's manoeuvres on the grid, beside `StepRuleset` (engine/stepdice/ruleset.py
mixes this in): the round a declaration would state, for previews before it is declared; a
feint followed by its blow (world.FOLLOW_UP) and its exact preview; the manoeuvres made with
any weapon in hand; a disarmed unit's fist; holds kept in the condition (Grapple).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Intent, WeaponFacts
from engine.stepdice import world
from engine.stepdice.blasts import ChancePreview
from engine.stepdice.character import Character, Condition
from engine.stepdice.manoeuvres import Manoeuvre
from engine.stepdice.round import Statement, Turn, state_round

# Manoeuvres a unit may make at a foe next to it whatever it holds (Grapple: Agility +
# Unarmed; breaking free: Agility + Strength); a feint needs a hand to hand weapon.
HAND_MANOEUVRES = ("grapple", "break_free")
WORLD_MODES = {"melee": "melee", "single": "shot", "burst": "burst", "autofire": "area", "throw": "throw"}


def mixed_preview(p: Fraction, first: Any, second: Any) -> Any:
    """The preview of an attack that goes as `first` with chance `p`, else as `second` (a
    feint won or lost, then the blow): every chance mixed; `p_effect` is `p`; the dice shown
    are the second's (the defence a failed feint leaves)."""
    def mix(a: dict, b: dict) -> dict:
        out: dict = {}
        for k, q in a.items():
            out[k] = out.get(k, Fraction(0)) + p * q
        for k, q in b.items():
            out[k] = out.get(k, Fraction(0)) + (1 - p) * q
        return out

    fields = ("p_hit", "p_bleeding", "p_unconscious", "p_dying", "p_dead")
    return replace(second, **{f: p * getattr(first, f) + (1 - p) * getattr(second, f) for f in fields},
                   p_hits=mix(first.p_hits, second.p_hits), p_damage=mix(first.p_damage, second.p_damage),
                   p_outcome=mix(first.p_outcome, second.p_outcome), p_effect=p,
                   notes=second.notes + (f"feint {float(p):.0%}: then innate defence only",))



class GridManoeuvres:
    """StepRuleset's hooks for manoeuvres on the grid (engine.ruleset.Ruleset names them)."""

    def preview(self, request: AttackRequest) -> Any:  # StepRuleset's
        raise NotImplementedError

    def _round_of(self, request: AttackRequest) -> Turn | str | None:
        """The Turn the attack's declaration would state (its move's actions, a feint's blow,
        all-out, the actions carried in), so that a preview before it is declared counts the
        same steps as the attack after; None for one who cannot act; the reason when the
        round could not hold it."""
        state = request.attacker.state
        if not isinstance(state, Condition) or state.out_of_fight or state.stunned:
            return None
        intent = Intent("attack", request.mode, request.options, None, request.situation.attacker_moved or "none")
        try:
            choices = world.statement_choices(intent, 0, state.carried, False)
            return state_round(Statement(choices["actions"], choices.get("defences", 0), choices.get("all_out")),
                               state.carried, state)
        except ValueError as e:
            return str(e)

    def _feint_preview(self, request: AttackRequest, feint: Manoeuvre) -> Any:
        """A feint and the blow after it (world.FOLLOW_UP), exactly: the blow against the
        innate defence alone with the feint's chance, else against the defence it would
        meet; its `p_effect` is the feint's chance."""
        blow = replace(request, options=dict(self.follow_up(request.options) or {}))
        if blow.attacker.declaration is None:
            turn = self._round_of(request)
            blow = replace(blow, attacker=replace(blow.attacker, declaration=turn if isinstance(turn, Turn) else None))
        plain = self.preview(blow)
        if isinstance(plain, Impossible):  # no blow to follow (a gun in hand): the feint alone
            return ChancePreview(feint.chance(), feint.kind)
        target = blow.target
        turn = target.declaration if isinstance(target.declaration, Turn) else Turn()
        fooled = self.preview(replace(blow, target=replace(target, declaration=turn.feinted(request.attacker.name))))
        if isinstance(fooled, Impossible):
            return plain
        return mixed_preview(feint.chance(), fooled, plain)

    def follow_up(self, options: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """A feint is followed by a blow at the same foe (world.FOLLOW_UP): its options."""
        if options.get("manoeuvre") in world.FOLLOW_UP:
            return {k: v for k, v in options.items() if k != "manoeuvre"}
        return None

    def hand_manoeuvres(self) -> tuple[str, ...]:
        return HAND_MANOEUVRES

    def disarmed_spec(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """Disarmed on the grid: the fist (a shield stays)."""
        return {**spec, "weapon": "fist"}

    def held_by(self, state: Condition) -> str | None:
        return state.held_by

    def let_go(self, state: Condition) -> Condition:
        return replace(state, held_by=None)

    def attack_options(self, combatant: Character, mode: str) -> tuple[Mapping[str, Any], ...]:
        """A single shot or a blow may aim at a limb or a vital area (Special Attacks); a
        blow may follow a feint, a shot or burst standing still be an all-out attack."""
        aims: tuple[Mapping[str, Any], ...] = ({}, {"special": "limb"}, {"special": "vital"})
        if mode == "melee" and combatant.weapon.melee:
            return aims + ({"manoeuvre": "feint"},)
        if mode == "shot":
            return aims + ({"all_out": True},)
        if mode == "burst":
            return ({}, {"all_out": True})
        return ({},)

    def weapon_facts(self, combatant: Character) -> WeaponFacts:
        w = combatant.weapon
        modes = tuple(WORLD_MODES[m] for m in w.modes)
        return WeaponFacts(name=w.name, melee=w.melee, reach=w.reach_tiles if w.melee else 0,
                           reach_tiles=w.reach_tiles if w.melee else 1, long_m=w.long, capacity=w.capacity,
                           reload_rounds=w.reload_actions, burst=3 if w.has("burst") else 0, modes=modes,
                           grenades=tuple(g.id for g in combatant.grenades))

    def ammo_use(self, combatant: Character, mode: str, options: Mapping[str, Any]) -> int:
        w = combatant.weapon
        if mode in ("burst", "triple"):
            return 3 * int(options.get("bursts", 1))
        if mode in ("area", "suppress"):
            return w.autofire_rounds
        if mode == "shot":
            return int(options.get("shots", 1))
        return 0
