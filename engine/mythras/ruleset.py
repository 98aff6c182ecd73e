"""Mythras Imperative behind the game's `Ruleset` interface: building fighters from
templates, initiative every round, movement per Move action, weapon facts, exact previews,
the exchange (`resolve`: the attack roll made before the reaction, the reaction asked or
answered by the defender's policy, a Pending result while the winner picks effects),
applying results, end of round, first aid. The turn protocol's hooks (reactions, effects,
Action Points) are in `engine.mythras.protocol`, the plain values the world reads in
`engine.mythras.facts`, throws and blasts in `engine.mythras.blasts`; the round is
`engine.mythras.round.mythras_round`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.capabilities import FirstAidRules, HidingRules
from engine.dice import Dice
from engine.mythras import explosions, health
from engine.mythras.attack import (
    AttackContext,
    AttackPlan,
    Impossible,
    attack_roll,
    defence_roll,
    effect_options,
    exchange,
    plan_attack,
)
from engine.mythras.blasts import Blasts
from engine.mythras.catalogue import default_catalogue
from engine.mythras.character import Character
from engine.mythras.context import attack_context, participant_state
from engine.mythras.equipment import Catalogue
from engine.mythras.exchange_run import MythrasExchange
from engine.mythras.facts import WorldFacts
from engine.mythras.health import MythrasState
from engine.mythras.legality import Legality, fire_mode_switch, ward_problem
from engine.mythras.outcome import (
    Outcome,
    apply_hits,
    apply_to_attacker,
    apply_to_target,
    stray_hit,
)
from engine.mythras.preview import preview
from engine.mythras.protocol import (
    MODE_MAP,
    POLICIES,
    REACTIONS,
    TURN_COST,
    Pending,
    TurnHooks,
    can_react,
    finish,
    policy_reaction,
    reaction_options_for,
    stray_outcome,
)
from engine.mythras.round import mythras_round, refresh, roll_initiative, spend_reaction, spend_turn
from engine.mythras.stances import MythrasDeclaration, stance_problem, ward_choice
from engine.mythras.tables import GAIT_MULTIPLIER, LOCATIONS, fatigue_move, wound_level
from engine.mythras.templates import make_character
from engine.rolls import Roll
from engine.ruleset import (
    Applied,
    AttackRequest,
    Participant,
    Ruleset,
    WeaponFacts,
)
from engine.turn import RoundTable, Step

CRAWL_M = 2  # 0005 Crawl: "a maximum rate of two metres per Turn"


class MythrasRuleset(MythrasExchange, Legality, TurnHooks, WorldFacts, Blasts, FirstAidRules, HidingRules, Ruleset):
    name = "mythras"
    surroundings = frozenset({"attacker_by_cover", "target_flanked", "target_room_behind_m"})  # 0005: Duck Back, behind, Bash

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue or default_catalogue()
        self._throws: dict[str, Any] = {}  # the last throw roll by thrower (its blast's Evades oppose it)

    # --- fighters -----------------------------------------------------------------------

    def make_combatant(self, spec: Mapping[str, Any]) -> Character:
        """From the role's template and the mapped kit (engine.mythras.templates)."""
        return make_character(spec, self.catalogue)

    def fresh_state(self, combatant: Character) -> MythrasState:
        return health.fresh_state(combatant)

    def initiative_at_setup(self) -> bool:
        """Initiative is rolled at the start of every round (`round`'s Initiative step)."""
        return False

    def roll_initiative(self, dice: Dice, combatant: Character, state: MythrasState | None = None,
                        declaration: Any = None) -> tuple[int, Roll]:
        """1d10 + Initiative, less armour, fatigue and surprise (engine.mythras.round)."""
        ini = roll_initiative(dice, combatant, state, bool(state and state.surprised))
        return ini.value, ini.roll

    def round(self, table: RoundTable) -> Iterator[Step]:
        """Turns spending Action Points (engine.mythras.round.mythras_round)."""
        return mythras_round(table)

    def spend(self, state: MythrasState, action: str = "act", cost: int = 1) -> MythrasState:
        """The world's bookkeeping of an `Act`: 'act' (cost), 'delay', 'hold', 'dither', or
        'react' (a reaction out of turn)."""
        return spend_reaction(state, cost) if action == "react" else spend_turn(state, action, cost)

    def movement(self, combatant: Character, state: MythrasState, posture: str = "normal") -> dict[str, int]:
        """Metres for one Move action: 'free' a walk (6 m, any action after), 'run' x3 and
        'sprint' x5 (0002 Movement Rate; no attacks but a charge: rules-notes), less fatigue;
        prone: a crawl of 2 m; crouched: a walk."""
        base = fatigue_move(state.fatigue, combatant.move_m)
        if posture == "prone" or state.prone:
            return dict.fromkeys(("free", "run", "sprint"), min(CRAWL_M, base))
        if state.entangled in ("right_leg", "left_leg") or state.gripped_by:
            return dict.fromkeys(("free", "run", "sprint"), 0)  # 0005 Entangle; Grip
        if any(not state.usable(leg) for leg in ("right_leg", "left_leg")):
            return dict.fromkeys(("free", "run", "sprint"), min(CRAWL_M, base))
        walk, run, sprint = (base * GAIT_MULTIPLIER[g] for g in ("walk", "run", "sprint"))
        if posture == "crouched":
            return {"free": walk, "run": walk, "sprint": walk}
        return {"free": walk, "run": run, "sprint": sprint}

    def declare(self, combatant: Character, state: MythrasState, **choices: Any) -> MythrasDeclaration:
        reaction = choices.get("reaction", "ask")
        if reaction not in POLICIES:
            raise ValueError(f"unknown reaction policy {reaction!r}; expected one of {', '.join(POLICIES)}")
        intent = choices.get("intent")
        warded = ward_choice(choices.get("warded"))
        problem = ward_problem(combatant, warded or (), intent, choices.get("stance"))
        brace, steady = bool(choices.get("brace", False)), bool(choices.get("steady", False))
        receive, outmanoeuvre = bool(choices.get("receive", False)), bool(choices.get("outmanoeuvre", False))
        if problem is None and (brace or steady or receive or outmanoeuvre):  # engine.mythras.stances
            tag = intent.tag if intent is not None else "hold"
            cost = 0 if tag == "hold" else TURN_COST.get(tag, 1) + (1 if fire_mode_switch(combatant, state, intent) else 0)
            problem = stance_problem(combatant, state, intent, brace, steady, cost, receive, outmanoeuvre)
        if problem is not None:
            raise ValueError(problem)
        return MythrasDeclaration(reaction, warded, brace, steady, receive, outmanoeuvre)

    def action_speed(self, request: AttackRequest) -> str:
        """Mythras has no action speeds: every action comes on its fighter's Turn."""
        return "normal"

    # --- attacks ------------------------------------------------------------------------

    def context(self, request: AttackRequest, target: Participant | None = None, rounds: int = 0) -> AttackContext:
        """An AttackContext from the world's request (engine.mythras.context)."""
        return attack_context(request, target, rounds)

    @staticmethod
    def _state(p: Participant) -> MythrasState:
        return participant_state(p)

    def _policy(self, p: Participant, request: AttackRequest) -> str:
        forced = request.options.get("reaction")
        if forced:
            return str(forced)
        if request.options.get("surprise"):  # 0005 Surprise: flat-footed, it cannot defend
            return "none"
        d = p.declaration
        return d.reaction if isinstance(d, MythrasDeclaration) else "ask"

    def plan(self, request: AttackRequest) -> AttackPlan | Impossible:
        return plan_attack(self.context(request))

    def preview(self, request: AttackRequest) -> Any:
        """The exact preview for the reaction the target would take: its policy's ('guns':
        parry blows, evade missiles), none when it has no Action Point to react with, else
        ('ask', 'auto') the reaction that leaves it least hurt on average."""
        plan = self.plan(request)
        if isinstance(plan, Impossible):
            return plan
        if not can_react(self._state(request.target)):
            return preview(plan, "none")
        policy = self._policy(request.target, request)
        if policy == "guns":
            policy = "evade" if plan.weapon.ranged else "parry"
        if policy in ("parry", "evade", "none"):
            return preview(plan, policy if policy in plan.reactions else "none")
        return min((preview(plan, r) for r in plan.reactions if r != "counter"), key=lambda p: p.expected_wound)

    def resolve(self, dice: Dice, request: AttackRequest) -> list[Any]:
        """The exchange for each target (full-automatic fire: one attack roll per target,
        0005): the attack roll made before the reaction (`before_reaction`) or now, the
        reaction asked (request option `reaction`) or picked by the defender's policy, the
        defence roll; then the winner's special effects: given (option `effects`), else a
        `Pending` result for the world to ask (`effects`, `with_effects`), else none open.
        A stray blow (option `stray`: Select Target, Overpenetration) strikes at once."""
        stray = str(request.options.get("stray") or "")
        if stray and not stray.startswith("crowd/"):
            return [self._stray(dice, request, stray)]
        targets = [request.target] + [p for p, _ in request.others] if MODE_MAP.get(request.mode) == "full_auto" \
            else [request.target]
        out: list[Any] = []
        for i, t in enumerate(targets):
            sit = request.situation if i == 0 else request.others[i - 1][1]
            req = replace(request, target=t, situation=sit)
            plan = plan_attack(self.context(req))
            if isinstance(plan, Impossible):
                out.append(plan)
                continue
            given = request.options.get("attack_roll") if i == 0 else None
            a = given if given is not None else attack_roll(dice, plan)
            asked = request.options.get("reaction") if i == 0 else None
            if asked and asked in plan.reactions:
                reaction, paid = str(asked), True
            else:
                options = reaction_options_for(plan, a, self._state(t))
                reaction = policy_reaction(self._policy(t, req), plan, options, a.succeeded)
                paid = reaction not in REACTIONS
            d = defence_roll(dice, plan, reaction)
            ex = exchange(plan, a, reaction, d)
            if stray:  # a crowd miss's bystander: struck by accident, no special effect (rules-notes)
                out.append(finish(dice, plan, ex, (), paid))
                continue
            given_fx = request.options.get("effects")
            if given_fx is not None:
                keys = [c if isinstance(c, str) else ":".join(x for x in c if x) for c in given_fx]
                out.append(finish(dice, plan, ex, keys, paid))
            elif effect_options(plan, ex) and ex.levels > 0:
                out.append(Pending(plan, ex, dice, paid))
            else:
                out.append(finish(dice, plan, ex, (), paid))
        return out

    def resolve_all(self, dice: Dice, request: AttackRequest) -> list[Any]:
        """`resolve` with nobody to ask: every open choice of effects made as the AI makes it
        (the first `pick` options: `engine.mythras.auto`'s picks)."""
        out = []
        for r in self.resolve(dice, request):
            q = self.effects(r)
            out.append(r if q is None else self.with_effects(r, [o.key for o in q.options[: q.pick]]))
        return out

    def _stray(self, dice: Dice, request: AttackRequest, how: str) -> Outcome | Impossible:
        """A blow gone astray onto `request.target`, automatically and with no special
        effect (0005 Select Target: full damage; Overpenetration: `overpenetration/N`, half
        the first roll)."""
        a = request.attacker
        t = request.target
        kind, _, amount = how.partition("/")
        weapon = a.combatant.weapon
        hit, rolls = stray_hit(dice, a.name, weapon, t.combatant, self._state(t),
                               damage=int(amount) if amount else None,
                               dm_step=None if weapon.firearm or kind == "overpenetration"
                               else a.combatant.damage_modifier_step)
        key, skill, _ = a.combatant.weapon_skill(weapon)
        return stray_outcome((a.name, a.combatant.skill_label(key), skill), t.name, weapon, kind, hit, rolls)

    def apply(self, dice: Dice, combatant: Character, state: MythrasState, result: Any) -> Applied:
        """The outcome's changes and hits on the target (its own lines are in `describe`);
        a reaction its policy chose costs its Action Point here."""
        if isinstance(result, explosions.BlastResult | Outcome) and ("reacted", 1) in result.target_changes:
            state = self.react(combatant, state, "evade")
        if isinstance(result, explosions.BlastResult):
            h = apply_hits(dice, combatant, state, result.target_changes, result.hits, result.against)
        elif isinstance(result, Outcome):
            h = apply_to_target(dice, combatant, state, result)
        else:
            return Applied(state)
        return Applied(h.state, h.rolls, h.events)

    def apply_to_attacker(self, dice: Dice, combatant: Character, state: MythrasState, result: Any) -> Applied:
        """What the exchange did to the attacker; a Weapon Malfunction is the world's jam
        (`Outcome.fumble_outcome`), not a state."""
        if not isinstance(result, Outcome):
            return Applied(state)
        if ("weapon_state", "malfunction") in result.attacker_changes:
            result = replace(result, attacker_changes=tuple(c for c in result.attacker_changes
                                                            if c != ("weapon_state", "malfunction")))
        h = apply_to_attacker(dice, combatant, state, result)
        return Applied(h.state, h.rolls, h.events)

    def end_of_round(self, dice: Dice, combatant: Character, state: MythrasState, *, bursts: int = 0,
                     in_cover: bool = False, moved: str = "none", declaration: Any = None) -> Applied:
        """Bleeding and the dying count down (health.end_of_round); moving ends a Brace or a
        Steady Weapon (0005: "its benefits continue until the character moves")."""
        out = health.end_of_round(combatant, state)
        st = refresh(combatant, out.state)
        if moved != "none" and (st.steady or st.braced):
            st = replace(st, steady=False, braced=False)
        if st.outmanoeuvred or st.withdrawing:  # "for the remainder of that Combat Round"
            st = replace(st, outmanoeuvred=frozenset(), withdrawing=False)
        return Applied(st, out.rolls, out.events)

    def first_aid(self, dice: Dice, healer: Participant, patient: Participant, *, stuns: bool = False) -> Applied:
        try:
            out = health.first_aid(dice, healer.combatant, healer.state, patient.combatant, patient.state)
        except ValueError as exc:  # nothing to tend (unhurt, dead) or a healer out of the fight
            return Applied(patient.state, (), (str(exc),))
        return Applied(out.state, out.rolls, out.events)

    def first_aid_rounds(self) -> int:
        return health.FIRST_AID_ROUNDS

    # --- weapons on the grid ------------------------------------------------------------

    def notice(self, dice: Dice, observer: Participant, target: Participant, distance_m: float,
               cover: str | None) -> tuple[bool, str]:
        from engine.notice import mythras_notice  # spotting an enemy in cover

        return mythras_notice(dice, observer, target, distance_m, cover)

    def weapon_facts(self, combatant: Character) -> WeaponFacts:
        """Reach: none of the Imperative's weapons outreaches another (every melee weapon
        strikes the adjacent tiles: rules-notes); reload rounds: the Load, one Turn each
        (a reload is carried on Turn by Turn)."""
        w = combatant.weapon
        melee = not w.ranged
        modes = ["melee"] if melee else ["shot"]
        if w.burst:
            modes.append("burst")
        if w.full_auto:
            modes += ["area", "suppress"]
        return WeaponFacts(
            name=w.name, melee=melee, reach=0, reach_tiles=1,
            long_m=w.range_m[2] if w.range_m else 0.0, capacity=w.magazine, reload_rounds=w.load,
            burst=w.burst, modes=tuple(modes), grenades=tuple(g.id for g in combatant.grenades),
            spread_m=0.0, bolt_action=False)

    def ammo_use(self, combatant: Character, mode: str, options: Mapping[str, Any]) -> int:
        w = combatant.weapon
        m = MODE_MAP.get(mode, mode)
        if m == "burst":
            return w.burst
        if m == "full_auto":
            return min(int(options.get("rounds", w.full_auto)), w.full_auto)
        if m == "single" and w.ranged:
            return int(options.get("shots", 1))
        return 0

    def throw_range_m(self, combatant: Character, weapon_id: str) -> float:
        w = self.catalogue.weapon(weapon_id)
        return float(w.range_m[2]) if w.range_m else 0.0

    def declaration_order(self, entries: Sequence[tuple[Any, Character, int]]) -> list[Any]:
        """No declarations: each fighter says what it does on its Turn, highest Initiative
        first (ties: higher DEX, then the order given)."""
        index = {e[0]: i for i, e in enumerate(entries)}
        return [i for i, _, _ in sorted(entries, key=lambda e: (-e[2], -e[1].dex, index[e[0]]))]

    def action_order(self, entries: Sequence[tuple[Any, Character, str, int]]) -> list[Any]:
        index = {e[0]: i for i, e in enumerate(entries)}
        return [i for i, _, _, _ in sorted(entries, key=lambda e: (-e[3], -e[1].dex, index[e[0]]))]

    # --- health -------------------------------------------------------------------------

    def out_of_fight(self, state: MythrasState) -> bool:
        return state.out_of_fight

    def status(self, state: MythrasState) -> str:
        parts = [f"HP {'/'.join(str(h) for h in state.hp)}"]
        if state.fatigue:
            parts.append(f"fatigue {state.fatigue}")
        for flag, text in ((state.prone, "prone"), (state.bleeding, "bleeding"), (state.pinned, "pinned"),
                           (state.no_attack_turns > 0, "reeling"), (state.weapon_state != "ready", state.weapon_state),
                           (bool(state.warded), "warding " + ", ".join(x.replace("_", " ") for x in LOCATIONS
                                                                       if x in state.warded)),
                           (state.braced, "braced"), (state.steady, "steady"),
                           (state.receiving, "set to receive a charge")):
            if flag:
                parts.append(text)
        if state.status != "ok":
            parts.append(state.status.upper())
        return ", ".join(parts)

    def wounds(self, combatant: Character, state: MythrasState) -> dict[str, str]:
        """Each hurt location's wound level."""
        return {loc: wound_level(combatant.hit_points[loc], state.hp_at(loc)) for loc in LOCATIONS
                if state.hp_at(loc) < combatant.hit_points[loc]}
