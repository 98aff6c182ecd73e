"""The step-die system behind the game's `Ruleset` interface (name "step").

Where the interface fits, it is implemented: combatants from role templates and mapped kit,
initiative, movement, exact previews, resolution, damage, the end of the round, explosions.
Where it is Yags-shaped, the staged functions carry the rules and this adapter picks the
plain answer (engine.stepdice.round's docstring says what a turn driver must ask):

- A declaration is the unit's `Turn` for the round (`declare(..., actions=, defences=,
  all_out=, sit_out=, carried=)`): every attack and defence that round is rolled at its step
  penalty.
- The defender's answer to an attack: `request.options["defence"]` (innate, dodge, block)
  when the driver asked the defender; otherwise it spends a defence it stated, the best by
  exact chance, and never one that would carry into next round. A result's `turn_effects`
  ("defended:<kind>", "feinted:<by>") go to the defender's Turn through `note_effect`.
- Request modes: melee, shot (a single shot), burst and triple (the sheet's three-round
  burst), area and suppress (autofire), throw; options: special (limb, vital, miniscule,
  disarm), manoeuvre (feint, grapple, break_free), bang_to_rights, unaware, target_prone,
  attacker_prone, improvised (the size of an object not meant for throwing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.capabilities import ChoiceRules
from engine.dice import Dice
from engine.exchange_types import Exchange, ExchangeRequest, ExchangeTable
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset import (
    Applied,
    AttackRequest,
    HealthFacts,
    Participant,
    Ruleset,
)
from engine.stepdice import area, health, world
from engine.stepdice.attack import AttackPlan, Fighter, defence_options, plan_attack, resolve_attack
from engine.stepdice.blasts import ChancePreview, Covering, Explosives
from engine.stepdice.catalogue import KitError, LookupProblem, default_catalogue, default_kit_map
from engine.stepdice.character import (
    Character,
    Condition,
    build_character,
    default_templates,
)
from engine.stepdice.equipment import Catalogue
from engine.stepdice.exchange_run import step_exchange
from engine.stepdice.grid import GridManoeuvres
from engine.stepdice.manoeuvres import (
    Manoeuvre,
    ManoeuvreResult,
    plan_break_free,
    plan_feint,
    plan_grapple,
    resolve_manoeuvre,
)
from engine.stepdice.preview import hit_chance, preview_attack
from engine.stepdice.round import (
    MAX_ACTIONS,
    Statement,
    Turn,
    order_of,
    roll_initiative,
    state_round,
)
from engine.stepdice.tables import sheet_cover
from engine.turn import Question

# Movement: the sheet does not say; a move is one action of up to 10 m (a jog of the
# three-second turn), crawling prone 2 m (rules-notes). Keys: metres for 1, 2, 3 actions.
MOVE_M = 10
CRAWL_M = 2
MOVE_ACTIONS = {"free": 1, "run": 2, "sprint": 3}  # the world's move keys
MODE_OF_REQUEST = {"melee": "melee", "shot": "single", "burst": "burst", "triple": "burst",
                   "area": "autofire", "suppress": "autofire", "throw": "throw"}
# The grid's snap and careful shots are the sheet's limb and vital area attacks; the step
# window's M and B aim at a minuscule target or the weapon (rules-notes). A blow takes them too.
SHOT_SPECIAL = {"snap": "limb", "careful": "vital", "miniscule": "miniscule", "disarm": "disarm"}

PLANNERS = {"feint": plan_feint, "grapple": plan_grapple, "break_free": plan_break_free}


def infer_template(melee: bool) -> str:
    """The template of a spec that names neither role nor template: by its weapon."""
    return "swordsman" if melee else "rifleman"


class StepRuleset(GridManoeuvres, Explosives, Covering, ChoiceRules, Ruleset):
    name = "step"

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self._catalogue = catalogue

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            self._catalogue = default_catalogue()
        return self._catalogue

    # --- combatants ---------------------------------------------------------------------

    def own_id(self, kit_id: str) -> str:
        """A spec's kit id in this ruleset: a Yags id through the kit map, or already ours."""
        own = default_kit_map().get(kit_id)
        if own is not None:
            return own
        if self.catalogue.table_of(kit_id) is not None:
            return kit_id
        raise KitError(f"ruleset step: no step-die equivalent for {kit_id!r} (engine/stepdice/data/kit_map.toml)")

    def make_combatant(self, spec: Mapping[str, Any]) -> Character:
        """spec: name, role or template (the role's template; neither: rifleman, or
        swordsman for a melee weapon), weapon, armour, grenades, second_weapon (a shield),
        all Yags ids mapped by the kit map. Yags attributes and skills are ignored."""
        temps = default_templates()
        weapon = self.own_id(spec["weapon"]) if spec.get("weapon") else None
        tid = spec.get("role") or spec.get("template")
        if tid not in temps:
            if tid is not None and spec.get("role") and spec.get("template") in temps:
                tid = spec["template"]
            elif tid is not None:
                raise LookupProblem(f"ruleset step: no template for role {tid!r}; known: {', '.join(sorted(temps))}")
            else:
                melee = weapon is not None and self.catalogue.weapon(weapon).melee
                tid = infer_template(melee)
        armour = tuple(self.own_id(a) for a in spec["armour"]) if "armour" in spec else None
        grenades = tuple(self.own_id(g) for g in spec["grenades"]) if "grenades" in spec else None
        shield = None
        if spec.get("second_weapon"):
            second = self.own_id(spec["second_weapon"])
            if second in self.catalogue.shields:
                shield = second
        for key, ids, table in (("armour", armour or (), self.catalogue.armour),
                                ("grenades", grenades or (), self.catalogue.explosives)):
            for i in ids:
                if i not in table:
                    raise KitError(f"ruleset step: {key} {i!r} is not a {key} piece here")
        return build_character(str(spec.get("name", "fighter")), temps[tid], self.catalogue, weapon=weapon,
                               armour=armour, grenades=grenades, shield=shield)

    def fresh_state(self, combatant: Character) -> Condition:
        return Condition(life_points=combatant.life_points)

    def roll_initiative(self, dice: Dice, combatant: Character, state: Condition | None = None,
                        declaration: Any = None) -> tuple[int, Roll]:
        init = roll_initiative(dice, combatant, state)
        return init.value, init.roll

    def movement(self, combatant: Character, state: Condition, posture: str = "normal") -> dict[str, int]:
        """Metres for a move of 1 (move), 2 (run) and 3 (sprint) actions; crawling when
        prone; half when lamed; none when held or stunned."""
        if state.held_by or state.stunned or state.out_of_fight:
            return dict.fromkeys(MOVE_ACTIONS, 0)
        each = CRAWL_M if posture == "prone" else MOVE_M
        if state.lamed:
            each = each // 2
        return {k: each * n for k, n in MOVE_ACTIONS.items()}

    def declare(self, combatant: Character, state: Condition, **choices: Any) -> Turn:
        """The unit's statement for the round (see engine.stepdice.round): actions,
        defences, all_out, sit_out, keep_covering; carried (default: the state's) and
        covering from last round. From the world, its `intent` (engine.ruleset.Intent) and
        `defences` make the statement (engine.stepdice.world.statement_choices)."""
        carried = int(choices.get("carried", state.carried))
        intent = choices.get("intent")
        if intent is not None:
            choices = {**choices, **world.statement_choices(intent, int(choices.get("defences", 0) or 0), carried,
                                                            bool(state.stunned or state.out_of_fight))}
        default = 0 if (state.stunned or state.out_of_fight) else 1
        statement = Statement(int(choices.get("actions", default)), int(choices.get("defences", 0)),
                              choices.get("all_out"), bool(choices.get("sit_out", False)),
                              bool(choices.get("keep_covering", False)))
        return state_round(statement, carried, state, bool(choices.get("covering", False)))

    def initiative_now(self, initiative: int, state: Condition) -> int:
        """The initiative re-rolled after sitting a round out, else the first roll."""
        return initiative if state.initiative is None else state.initiative

    def run_limits_attack(self) -> bool:
        return False  # a run is two actions: its cost is the steps

    def defences_cost_actions(self) -> bool:
        return True  # a stated defence is an action: a step off every roll of the round

    def declaration_counts_actions(self) -> bool:
        return True  # the statement is the round's actions (Initiative and Actions)

    def max_defences(self, combatant: Character) -> int:
        """Defences held ready in a statement: up to the round's three actions."""
        return MAX_ACTIONS

    def free_strikes(self) -> bool:
        return False  # the sheet has no free strikes

    def reaction(self, request: AttackRequest) -> Question | None:
        """When the defender has no stated defence left: its innate defence, or a dodge or
        block added to its actions next round (Initiative and Actions), each with its exact
        chance of no hit. None when a stated defence is left (it is spent) or no choice."""
        if request.options.get("defence") or request.options.get("reaction") or request.mode in ("area", "suppress"):
            return None
        plan = self.plan(request)
        if not isinstance(plan, AttackPlan):
            return None
        options = defence_options(plan)
        if any(o.stated for o in options):
            return None
        return world.reaction_question(plan, options, {o.kind: 1 - hit_chance(plan, o) for o in options})

    def turn_effects(self, result: Any) -> tuple[str, ...]:
        return tuple(getattr(result, "turn_effects", ()))

    def note_effect(self, declaration: Turn | None, effect: str, other: str = "") -> Turn | None:
        """Turn bookkeeping: "defended:<kind>" spends a defence (stated first, else one
        carried into next round); "feinted" (by `other`): innate defence only against them;
        "took:<kind>": an action taken."""
        if declaration is None:
            return None
        kind, _, arg = effect.partition(":")
        if kind == "defended" and arg in ("dodge", "block"):
            return declaration.defended(arg)
        if kind == "feinted":
            return declaration.feinted(arg or other)
        if kind == "took":
            return declaration.took(arg)
        return declaration

    # --- fighters and plans -------------------------------------------------------------

    def fighter(self, p: Participant, *, aware: bool = True, prone: bool = False, still: bool = False) -> Fighter:
        return Fighter(p.combatant, p.state, p.declaration, prone=prone, aware=aware, still=still)

    def _sides(self, request: AttackRequest) -> tuple[Fighter, Fighter]:
        o, s = request.options, request.situation
        attacker = self.fighter(request.attacker, prone=bool(o.get("attacker_prone")) or s.attacker_stance == "prone")
        if attacker.turn is None:  # a preview before the declaration: the round it would state
            turn = self._round_of(request)
            attacker = replace(attacker, turn=turn if isinstance(turn, Turn) else None)
        target = self.fighter(request.target, aware=not o.get("unaware"),
                              prone=bool(o.get("target_prone")) or s.target_stance == "prone",
                              still=s.target_moved == "none")
        return attacker, target

    def weapon_of(self, f: Fighter):  # noqa: ANN201 - a Weapon
        return self.catalogue.weapon("fist") if f.condition.disarmed else f.character.weapon

    def plan(self, request: AttackRequest) -> Any:
        """The plan of a request: an AttackPlan, AutofirePlan, Manoeuvre or Impossible."""
        if request.attacker.declaration is None:
            turn = self._round_of(request)
            if isinstance(turn, str):
                return Impossible(turn)
        attacker, target = self._sides(request)
        manoeuvre = request.options.get("manoeuvre")
        if manoeuvre:
            if manoeuvre not in PLANNERS:
                raise ValueError(f"unknown manoeuvre {manoeuvre!r}; expected one of {', '.join(PLANNERS)}")
            return PLANNERS[manoeuvre](attacker, target)
        mode = MODE_OF_REQUEST.get(request.mode)
        if mode is None:
            raise ValueError(f"unknown mode {request.mode!r}; expected one of {', '.join(MODE_OF_REQUEST)}")
        cover = sheet_cover(request.situation.target_cover, request.situation.target_stance)
        weapon = self.weapon_of(attacker)
        if mode == "autofire":
            targets = [(target, cover)] + [(self.fighter(p, still=s.target_moved == "none"), sheet_cover(s.target_cover, s.target_stance))
                                           for p, s in request.others]
            return area.plan_autofire(attacker, weapon, request.situation.distance_m, targets)
        return plan_attack(attacker, target, mode=mode, weapon=weapon, distance_m=request.situation.distance_m,
                           cover=cover, special_attack=request.options.get("special") or (SHOT_SPECIAL.get(
                               str(request.options.get("shot"))) if mode in ("single", "melee") else None),
                           bang_to_rights=bool(request.options.get("bang_to_rights")),
                           improvised=request.options.get("improvised"))

    def chosen_defence(self, plan: Any, request: AttackRequest) -> str:
        """The driver's choice, else the best stated defence by exact chance, else innate."""
        asked = request.options.get("defence") or request.options.get("reaction")
        if asked:
            return str(asked)
        stated = [o.kind for o in defence_options(plan) if o.stated]
        if not stated:
            return "innate"
        options = {o.kind: o for o in defence_options(plan)}
        return min(stated, key=lambda k: hit_chance(plan, options[k]))

    # --- attacks ------------------------------------------------------------------------

    def action_speed(self, request: AttackRequest) -> str:
        """One speed: actions go in initiative order."""
        return "normal"

    def preview(self, request: AttackRequest) -> Any:
        plan = self.plan(request)
        if isinstance(plan, Impossible):
            return plan
        if isinstance(plan, Manoeuvre):
            if plan.kind in world.FOLLOW_UP:
                return self._feint_preview(request, plan)
            return ChancePreview(plan.chance(), plan.kind)
        if isinstance(plan, area.AutofirePlan):
            return area.preview_autofire(plan, 0)
        return preview_attack(plan, self.chosen_defence(plan, request))

    def resolve_exchange(self, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
        """One attack run as a generator (engine/stepdice/exchange_run.py)."""
        return step_exchange(self, dice, request, table)

    def resolve(self, dice: Dice, request: AttackRequest) -> list[Any]:
        plan = self.plan(request)
        if isinstance(plan, Impossible):
            return [plan]
        if isinstance(plan, Manoeuvre):
            return [resolve_manoeuvre(dice, plan)]
        if isinstance(plan, area.AutofirePlan):
            return area.resolve_autofire(dice, plan)
        defence = self.chosen_defence(plan, request)
        return [resolve_attack(dice, plan, defence)]

    def apply(self, dice: Dice, combatant: Character, state: Condition, result: Any) -> Applied:
        """A hit's stun and wounds with the checks they call for, then its effects (the
        special attack's test, a disarm's check, a grapple's hold)."""
        if isinstance(result, Impossible) or result is None:
            return Applied(state)
        rolls: list[Roll] = []
        events: list[str] = []
        out = health.take_damage(dice, combatant, state, result.stun, result.wounds)
        state, rolls, events = out.condition, list(out.rolls), list(out.events)
        took: list[str] = []
        for effect in result.effects:
            more = health.hit_effect(dice, combatant, state, effect, result.attacker)
            if effect == "disarmed" and more.condition.disarmed and not state.disarmed:
                took.append(effect)  # on the grid the weapon falls (the world's drop; U picks it up)
                more = replace(more, condition=replace(more.condition, disarmed=False))
            state = more.condition
            rolls += more.rolls
            events += more.events
        return Applied(state, tuple(rolls), tuple(events), tuple(took))

    def apply_to_attacker(self, dice: Dice, combatant: Character, state: Condition, result: Any) -> Applied:
        """Breaking free ends the hold on the one who broke free."""
        if isinstance(result, ManoeuvreResult) and "free" in result.actor_effects:
            return Applied(replace(state, held_by=None), (), (f"{combatant.name} breaks free",))
        return Applied(state)

    def end_of_round(self, dice: Dice, combatant: Character, state: Condition, *, bursts: int = 0,
                     in_cover: bool = False, moved: str = "none", declaration: Any = None) -> Applied:
        """Health (engine.stepdice.health.end_of_round); the defences taken unstated are
        carried into next round's actions; a unit that sat the round out re-rolls its
        initiative, kept from the next round on."""
        out = health.end_of_round(dice, combatant, state)
        cond, rolls, events = out.condition, out.rolls, out.events
        turn = declaration if isinstance(declaration, Turn) else None
        cond = replace(cond, carried=turn.carry() if turn is not None else 0)
        if turn is not None and turn.rerolls_initiative and not cond.out_of_fight:
            init = roll_initiative(dice, combatant, cond)
            cond = replace(cond, initiative=init.value)
            rolls = (*rolls, init.roll)
            events = (*events, f"{combatant.name} sat the round out: initiative re-rolled, {init.value}")
        if cond.carried:
            events = (*events, f"{combatant.name} carries {cond.carried} defence{'s' if cond.carried > 1 else ''} "
                      "into next round's actions")
        return Applied(cond, tuple(rolls), tuple(events))

    def expected_harm(self, preview: Any) -> float:
        return world.expected_harm(preview)

    def catalogue_lines(self, what: str = "all") -> list[str]:
        return world.catalogue_lines(self.catalogue, what)

    # --- weapons on the grid ------------------------------------------------------------

    def throw_range_m(self, combatant: Character, weapon_id: str) -> float:
        own = self.own_id(weapon_id)
        if own in self.catalogue.explosives:
            return self.catalogue.explosive(own).long
        return self.catalogue.weapon(own).long

    def declaration_order(self, entries: Sequence[tuple[Any, Character, int]]) -> list[Any]:
        """Statements are asked in initiative order, highest first."""
        return order_of(entries)

    def action_order(self, entries: Sequence[tuple[Any, Character, str, int]]) -> list[Any]:
        """Highest initiative first; ties to the higher Agility, then Alertness."""
        return order_of([(i, c, ini) for i, c, _speed, ini in entries])

    # --- health -------------------------------------------------------------------------

    def out_of_fight(self, state: Condition) -> bool:
        return state.out_of_fight

    def health_facts(self, state: Condition) -> HealthFacts:
        lp = state.life_points
        return HealthFacts(state.status, state.out_of_fight, state.status == "dead", world.levels(state.wounds, lp),
                           world.levels(state.stun, lp))

    def status(self, state: Condition) -> str:
        return world.status_line(state)
