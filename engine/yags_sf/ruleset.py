"""Yags SF 0.30a behind the game's `Ruleset` interface (name "yags-sf").

The round differs from Yags: declarations come first and initiative is rolled after them
(the declaration changes it). `round(table)` yields the steps of engine/turn.py in that order;
the world's Initiative step must then roll with each unit's state and declaration
(`roll_initiative(dice, fighter, state, declaration)`, or `initiative(...)` for whether it was
lost). engine.yags_sf.round explains the round step by step; engine.yags_sf.duel drives two
fighters through it. The ruleset's health (`ruleset_health.py`) and grenades
(`ruleset_blasts.py`) are mixed in from their modules.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.dice import Dice
from engine.exchange_types import Exchange, ExchangeRequest, ExchangeTable
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset import AttackRequest, Participant, Ruleset, WeaponFacts
from engine.turn import Declare, Phase, Resolve, RoundTable, Step
from engine.turn import Initiative as TurnInitiative
from engine.yags_sf import round as rnd
from engine.yags_sf.character import Condition, Fighter
from engine.yags_sf.equipment import PARRY_AS, SIZES, Catalogue
from engine.yags_sf.exchange_run import yags_sf_exchange
from engine.yags_sf.firearms import Aim, plan_fire, rounds_fired, shot_cover
from engine.yags_sf.melee import Side, is_defending, plan_melee, resolve_melee
from engine.yags_sf.plan import AttackPlan, AttackResult, roll_plan
from engine.yags_sf.preview import Preview, preview_plan, preview_series
from engine.yags_sf.round import Declaration, Initiative
from engine.yags_sf.ruleset_blasts import YagsSFBlastRules
from engine.yags_sf.ruleset_health import YagsSFHealthRules
from engine.yags_sf.ruleset_timing import SERIES, YagsSFTimingRules
from engine.yags_sf.world import (
    attack_options,
    catalogue_lines,
    expected_harm,
    fire_options,
    from_intent,
    knocked,
)

SPEEDS = ("normal", "lost", "last")  # initiative kept, lost, automatic death (after all)
MODE_SPECIAL = {"burst": "full_auto", "triple": "triple_shot"}


class YagsSFRuleset(YagsSFHealthRules, YagsSFBlastRules, YagsSFTimingRules, Ruleset):
    name = "yags-sf"

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self._catalogue = catalogue

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            from engine.yags_sf.catalogue import default_catalogue

            self._catalogue = default_catalogue()
        return self._catalogue

    # --- combatants ---------------------------------------------------------------------

    def make_combatant(self, spec: Mapping[str, Any]) -> Fighter:
        """From the role's template (else the template's; default rifleman) with the spec's
        kit mapped from Yags ids (kit_map.toml); the spec's attributes and skills are Yags'
        and are ignored."""
        cat = self.catalogue
        role = str(spec.get("role") or "")
        name = role if role in cat.templates else str(spec.get("template") or "rifleman")
        t = cat.template(name)
        weapon = cat.weapon(cat.map_kit(str(spec["weapon"]))) if spec.get("weapon") else cat.weapon(t.weapon)
        second_id = spec.get("second_weapon") or t.second_weapon  # a shield, beside a melee weapon only
        second = cat.weapon(cat.map_kit(str(second_id))) if second_id and weapon.melee else None
        armour = _ids(spec["armour"]) if "armour" in spec else list(t.armour)
        grenades = _ids(spec["grenades"]) if "grenades" in spec else list(t.grenades)
        mags = int(spec["magazines"]) if spec.get("magazines") is not None else t.magazines
        return Fighter(
            name=str(spec.get("name", name)), role=role or name, attributes=dict(t.attributes),
            skills=dict(t.skills), weapon=weapon, fist=cat.weapon("fist"), second_weapon=second,
            armour=tuple(cat.armour_piece(cat.map_kit(a)) for a in armour),
            grenades=tuple(cat.explosive(cat.map_kit(g)) for g in grenades),
            magazines=mags if not weapon.melee else 0,
            parry_weapons={k: cat.weapon(k) for k in PARRY_AS.values()},
        )

    def fresh_state(self, combatant: Fighter) -> Condition:
        return Condition()

    def roll_initiative(self, dice: Dice, combatant: Fighter, state: Condition | None = None,
                        declaration: Declaration | None = None) -> tuple[int, Roll]:
        """This round's initiative (after the declarations: pass the unit's state and its
        declaration, which change it). A lost initiative (disarm, killing blow, weapon
        smash, a fumble) shows as the roll's fumble flag only when fumbled: use `initiative`
        for the whole value."""
        ini = rnd.roll_initiative(dice, combatant, state or Condition(), declaration)
        return ini.value, ini.roll  # type: ignore[return-value]

    def initiative(self, dice: Dice, combatant: Fighter, state: Condition,
                   declaration: Declaration | None) -> Initiative:
        """This round's initiative, rolled after the declarations (The Combat Round)."""
        return rnd.roll_initiative(dice, combatant, state, declaration)

    def movement(self, combatant: Fighter, state: Condition, posture: str = "normal") -> dict[str, int]:
        """round.movement_allowance; knocked down: none until he stands. The grid's own
        postures (the text has none): prone crawls half the free move, crouched keeps to it."""
        if state.prone:
            return {"free": 0, "run": 0, "sprint": 0}
        allowance = rnd.movement_allowance(combatant, state)
        if posture in ("prone", "crouched"):
            m = max(1, allowance["free"] // 2) if posture == "prone" else allowance["free"]
            return {"free": m, "run": m, "sprint": m}
        return allowance

    def declare(self, combatant: Fighter, state: Condition, **choices: Any) -> Declaration:
        """rnd.declare; from the world, its `intent` (engine.ruleset.Intent) says the action
        (engine.yags_sf.world: what each world action is in this ruleset's terms)."""
        intent = choices.get("intent")
        if intent is not None:
            choices = {**choices, **from_intent(combatant, state, intent, str(choices.get("stance") or "normal"),
                                                bool(choices.get("rest", False)))}
        return rnd.declare(combatant, state, **choices)

    def initiative_at_setup(self) -> bool:
        """Initiative is rolled each round after the declarations (The Combat Round)."""
        return False

    def strikes_back(self, attacker: Participant, target: Participant, mode: str) -> bool:
        """Initiative: "If the defender is still standing after the first character has made
        their attack, then the loser of initiative attacks back" (any attack: rules-notes)."""
        return not target.state.out_of_fight

    def free_strikes(self) -> bool:
        """The text has no free strikes: reach lives in a weapon's initiative."""
        return False

    def disarmed_spec(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """Disarmed or smashed: the template with the fist (a shield stays in the other hand)."""
        return {**spec, "weapon": "fist"}

    def note_attacked(self, declaration: Declaration | None, attacker: str) -> Declaration | None:
        """The fighter's one defence goes to the first to attack him in melee, unless he
        declared whom it is for (call it for melee attacks only)."""
        return rnd.note_attacked(declaration, attacker)

    def stand_up(self, state: Condition) -> Condition:
        """Knockdown: regaining the feet takes the attack action."""
        return state.with_(prone=False)

    def regains_feet(self, fighter: Fighter, state: Condition) -> Condition | None:
        """Knockdown: "A knocked down character is considered to be prone until they regain
        their feet, which takes an attack action": one knocked down before his declared
        attack came spends it on his feet (the state on them), as the duel does; None when
        he is not down."""
        return self.stand_up(state) if state.prone and not state.out_of_fight else None

    # --- attacks ------------------------------------------------------------------------

    def action_speed(self, request: AttackRequest) -> str:
        d: Declaration | None = request.attacker.declaration
        if d is not None and d.action == "kill" or request.mode == "kill":
            return "last"
        special = request.options.get("special") or (d.special if d else None)
        return "lost" if special in rnd.LOSES_INITIATIVE else "normal"

    def _sides(self, request: AttackRequest) -> tuple[Side, Side]:
        a, t = request.attacker, request.target
        decl: Declaration = a.declaration or Declaration()
        special = MODE_SPECIAL.get(request.mode) or request.options.get("special") or decl.special
        if request.mode == "shot":  # the mode decides automatic fire: a shot is never a burst
            if special in MODE_SPECIAL.values():
                special = None
            if int(request.options.get("shots", decl.shots)) > 1 or SERIES in request.options:
                special = "multiple_shots"
            elif special is None and request.options.get("shot") == "careful":
                special = "single_shot"  # the grid's careful shot (engine.yags_sf.world)
        decl = replace(decl, special=special, subduing=bool(request.options.get("subduing", decl.subduing)))
        return Side(a.combatant, a.state, decl), Side(t.combatant, t.state, t.declaration)

    def plan(self, request: AttackRequest) -> list[AttackPlan] | Impossible:
        """Stage one of an attack: its plans (one per shot or burst), or why it cannot be."""
        request = replace(request, options=fire_options(request.mode, request.options))
        att, tgt = self._sides(request)
        s, o = request.situation, request.options
        unaware = bool(o.get("unaware", False))
        if request.mode == "melee":
            defending = is_defending(tgt, att.name)
            p = plan_melee(att, tgt, defending=defending, unaware=unaware, environment=s.environment)
            return p if isinstance(p, Impossible) else [p]
        if request.mode not in ("shot", "burst", "triple"):
            return Impossible(f"yags-sf has no {request.mode!r} attack")
        decl = att.decl or Declaration()
        count = {"full_auto": int(o.get("bursts", decl.bursts)),
                 "multiple_shots": 1 if SERIES in o else int(o.get("shots", decl.shots))}.get(decl.special or "", 1)
        aims = [Aim(tgt, s.distance_m, shot_cover(s.target_cover, s.target_stance), unaware)] * count
        if decl.special == "full_auto" and request.others:  # Full Auto: "Each burst can be fired at separate targets"
            further = [Aim(Side(p.combatant, p.state, p.declaration), o.distance_m,
                           shot_cover(o.target_cover, o.target_stance)) for p, o in request.others]
            aims = [aims[0], *further[:count - 1], *aims[1 + len(further):]]
        weapon = att.fighter.wielded(att.cond)
        if (decl.special == "full_auto" and not weapon.full_auto) or (decl.special == "triple_shot" and not weapon.triple_shot):
            return Impossible(f"the {weapon.name.lower()} cannot fire {request.mode}s")
        plans = plan_fire(att, aims, ammo=o.get("ammo"), initiative=o.get("initiative"), environment=s.environment,
                          first=int(o.get(SERIES, 0)))
        return plans if plans else Impossible(f"the {weapon.name.lower()} has no round to fire")

    def preview(self, request: AttackRequest) -> Preview | Impossible:
        plans = self.plan(request)
        if isinstance(plans, Impossible):
            return plans
        st: Condition = request.target.state
        if len(plans) == 1:
            return preview_plan(plans[0], st.wounds, st.fatigue)
        return preview_series(plans, st.wounds, st.fatigue)

    def resolve_exchange(self, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
        """One attack run as a generator (engine/yags_sf/exchange_run.py)."""
        return yags_sf_exchange(self, dice, request, table)

    def resolve(self, dice: Dice, request: AttackRequest) -> list[AttackResult | Impossible]:
        """Roll every attack of the action (each with its initiative offset for multiple
        shots); `apply` each to the target in turn."""
        if request.mode == "kill":
            t = request.target
            if t.state.status != "unconscious":
                return [Impossible(f"{t.name} is not helpless")]
            return [AttackResult(request.attacker.name, t.name, None, None, True, effect="kill")]
        plans = self.plan(request)
        if isinstance(plans, Impossible):
            return [plans]
        if request.mode == "melee":
            att, tgt = self._sides(request)
            return [knocked(resolve_melee(dice, plans[0], att, tgt))]
        return [knocked(roll_plan(dice, p)) for p in plans]

    # --- weapons on the grid ------------------------------------------------------------

    def weapon_facts(self, combatant: Fighter) -> WeaponFacts:
        """Melee reach by size (S 1, M 2, L 3; the text has none: its weapons' initiative
        holds their reach) striking the adjacent tiles; firearms to their long range."""
        w = combatant.weapon
        modes: tuple[str, ...] = ("melee",) if w.melee else ("shot",)
        if w.full_auto:
            modes += ("burst",)
        if w.triple_shot:
            modes += ("triple",)
        return WeaponFacts(
            name=w.name, melee=w.melee, reach=SIZES.index(w.size) + 1, reach_tiles=1,
            long_m=0.0 if w.melee else float(w.long), capacity=w.shots, reload_rounds=w.reload,
            burst=10 if w.full_auto else 0, modes=modes, grenades=tuple(g.id for g in combatant.grenades),
            split_modes=tuple(m for m, ok in (("shot", w.multiple_shots), ("burst", w.full_auto)) if ok),
        )

    def ammo_use(self, combatant: Fighter, mode: str, options: Mapping[str, Any]) -> int:
        w = combatant.weapon
        if w.melee:
            return 0
        options = fire_options(mode, options)
        special = MODE_SPECIAL.get(mode) or options.get("special")
        shots = int(options.get("shots", 1))
        if mode == "shot" and shots > 1:
            special = "multiple_shots"
            if options.get("initiative") is not None:  # none after initiative 0
                shots = len(rnd.shot_initiatives(int(options["initiative"]), shots))
        return rounds_fired(w.rof, shots, special, int(options.get("bursts", 1)), int(options.get("ammo", w.shots)))

    # --- order --------------------------------------------------------------------------

    def round(self, table: RoundTable) -> Iterator[Step]:
        """The Yags SF round (engine/turn.py): everyone declares, then initiative is rolled
        (it depends on the declarations), then each declared action resolves in action order
        (kept initiative, lost, automatic kills last). The loser's strike back comes inside
        the winner's resolution (`strikes_back`): the world carries out his declared attack on
        the winner then, and skips his own turn."""
        yield Phase("start")
        order = tuple(self.declaration_order([(u, table.combatant(u), 0) for u in table.living()]))
        yield Declare(order)
        yield Phase("declared")
        yield TurnInitiative()
        speeds: dict[Any, str] = {}
        items = []
        for uid in order:
            speed = table.speed(uid)
            if speed == "normal" and table.fumbled(uid):
                speed = "lost"  # a fumbled initiative is lost (rules-notes)
            if speed is not None:
                speeds[uid] = speed
                items.append((uid, table.combatant(uid), speed, table.initiative(uid)))
        yield from self._actions(table, self.action_order(items), speeds)
        yield Phase("move")
        yield Phase("end")

    @staticmethod
    def _actions(table: RoundTable, order: list[Any], speeds: Mapping[Any, str]) -> Iterator[Step]:
        """The declared actions in `order`, with the parts scheduled at later counts as they
        come (Multiple Shots: "each further attack occurs 10 initiative steps later"): a part
        at count c goes before every action kept at an initiative below c (at a tie the
        action whose own turn it is goes first), and before those who lost initiative or
        kill last; parts at one count in the order they were scheduled. Each step takes one
        action or one part off, so the round ends."""
        pending = list(order)
        while not table.over:
            parts = table.later()
            head = pending[0] if pending else None
            if parts:
                count, uid, part = max(parts, key=lambda e: e[0])  # the first scheduled of the highest
                if head is None or speeds[head] != "normal" or count > table.initiative(head):
                    yield Resolve(uid, "normal", part)
                    continue
            if head is None:
                return
            pending.pop(0)
            yield Resolve(head, speeds[head])

    def declaration_order(self, entries: Sequence[tuple[Any, Fighter, int]]) -> list[Any]:
        """Declarations come before initiative: the order given (the text sets none)."""
        return [uid for uid, _, _ in entries]

    def action_order(self, entries: Sequence[tuple[Any, Fighter, str, int]]) -> list[Any]:
        """Kept initiative, then lost, then automatic deaths; each by decreasing initiative,
        ties to the higher agility, then the order given."""
        return rnd.action_order(
            (uid, Initiative(ini, None, speed == "lost", speed == "last"), c.attr("agility"))
            for uid, c, speed, ini in entries)

    # --- what the AI and `skirmish rules` read ---------------------------------------------

    def expected_harm(self, preview: Preview) -> float:  # type: ignore[override]
        """engine.yags_sf.world.expected_harm: the worth of the wounds and fatigue it adds."""
        return expected_harm(preview)

    def fire_count(self, mode: str, options: Mapping[str, Any]) -> int:
        """The grid's snap shot is two of Multiple Shots (engine.yags_sf.world.fire_options)."""
        return super().fire_count(mode, fire_options(mode, options))

    def attack_options(self, combatant: Fighter, mode: str) -> tuple[Mapping[str, Any], ...]:
        """Worth weighing (Special Firearm Attacks): engine.yags_sf.world.attack_options."""
        return attack_options(combatant.weapon, mode)

    def catalogue_lines(self, what: str = "all") -> list[str]:
        return catalogue_lines(self.catalogue, what)

def _ids(value: Any) -> list[str]:
    if isinstance(value, str):
        return [p.strip() for p in value.split(",") if p.strip() and p.strip().lower() != "none"]
    return [str(v) for v in value]
