"""Yags behind the game's `Ruleset` interface.

`YagsRuleset` holds the combatants, declarations, attacks and weapons on the grid; its health
(`ruleset_health.py`), overwatch (`ruleset_overwatch.py`) and grenades and explosions
(`ruleset_blasts.py`) are mixed in from their modules. `YagsDeclaration` lives in
`declaration.py`; the names other modules import from here are re-exported."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from engine.capabilities import HidingRules
from engine.dice import Dice
from engine.exchange_types import Exchange, ExchangeRequest, ExchangeTable, Overwhelmed
from engine.frozen import maker
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset import AttackRequest, Participant, Ruleset, WeaponFacts
from engine.yags.attack import COVER_ACTIONS, STANCE_SPEED, STANCES, AttackResult, Fighter
from engine.yags.character import Character, canonical_attribute
from engine.yags.declaration import YagsDeclaration
from engine.yags.equipment import FIST, Armour, Catalogue
from engine.yags.exchange_run import yags_exchange
from engine.yags.health import Condition
from engine.yags.melee import MeleeAttack, melee_style, plan_melee, resolve_melee
from engine.yags.missile import missile_speed
from engine.yags.preview import preview_plan
from engine.yags.ranged import missile_attack, plan_request, resolve_request
from engine.yags.round import (
    action_order,
    action_speed,
    declaration_order,
    movement_allowance,
    roll_initiative,
)
from engine.yags.ruleset_blasts import YagsBlastRules
from engine.yags.ruleset_health import YagsHealthRules, vital_strike_check
from engine.yags.ruleset_overwatch import (
    OVERWATCH_ARC,
    OVERWATCH_DIFFICULTY,
    TACTICS,
    YagsOverwatchRules,
    overwatch_terms,
)
from engine.yags.tables import max_defences

__all__ = ["ONE_TILE_REACH", "OVERWATCH_ARC", "OVERWATCH_DIFFICULTY", "TACTICS", "YagsDeclaration",
           "YagsRuleset", "overwatch_terms", "reach_within_tiles", "vital_strike_check"]


_UNDECLARED = YagsDeclaration(defences=0)  # a fighter that has not declared (a frozen value, shared)
_make_fighter = maker(Fighter)  # built for every attack previewed (engine/frozen.py)
_HARMS: dict[int, tuple[Mapping[int, Any], float]] = {}  # expected_harm's sums, by id of the chances' dict
HARMS_KEPT = 4096


class YagsRuleset(YagsHealthRules, YagsOverwatchRules, YagsBlastRules, HidingRules, Ruleset):
    name = "yags"

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self._catalogue = catalogue
        # weapon_facts by combatant (characters are immutable); the combatant is kept with
        # its facts so that its id cannot be reused while the entry lives.
        self._facts: dict[int, tuple[Character, WeaponFacts]] = {}

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            from engine.yags.catalogue import default_catalogue

            self._catalogue = default_catalogue()
        return self._catalogue

    # --- combatants ---------------------------------------------------------------------

    def make_combatant(self, spec: Mapping[str, Any]) -> Character:
        """spec: name, attributes {str: int}, skills {str: int}, size, soak, weapon (id),
        second_weapon (id), armour ([ids]), grenades ([ids]), gear_load."""
        cat = self.catalogue
        attrs = {canonical_attribute(k): int(v) for k, v in dict(spec.get("attributes", {})).items()}
        weapon = cat.weapon(spec["weapon"]) if spec.get("weapon") else FIST
        second = cat.weapon(spec["second_weapon"]) if spec.get("second_weapon") else None
        armour = Armour(tuple(cat.armour_piece(a) for a in spec.get("armour", ())))
        grenades = tuple(cat.weapon(g) for g in spec.get("grenades", ()))
        return Character(
            name=str(spec.get("name", "fighter")), attributes=attrs,
            skills={str(k): int(v) for k, v in dict(spec.get("skills", {})).items()},
            size=int(spec.get("size", 5)), soak=int(spec.get("soak", 12)),
            weapon=weapon, second_weapon=second, armour=armour, grenades=grenades,
            gear_load=float(spec.get("gear_load", 0.0)),
        )

    def fresh_state(self, combatant: Character) -> Condition:
        return Condition()

    def roll_initiative(self, dice: Dice, combatant: Character, state: Any = None, declaration: Any = None) -> tuple[int, Roll]:
        init = roll_initiative(dice, combatant)
        return init.value, init.roll

    def movement(self, combatant: Character, state: Condition, posture: str = "normal") -> dict[str, int]:
        allowance = movement_allowance(combatant, state.penalty(combatant.fatigue_track))
        if posture == "prone":
            crawl = combatant.combat_move // 2
            return {"free": crawl, "run": crawl, "sprint": crawl}
        if posture == "crouched":
            return {"free": combatant.combat_move, "run": combatant.combat_move, "sprint": combatant.combat_move}
        return allowance

    def declare(self, combatant: Character, state: Condition, **choices: Any) -> YagsDeclaration:
        stance = choices.get("stance", "normal")
        if stance not in STANCES:
            raise ValueError(f"unknown stance {stance!r}; expected one of {', '.join(STANCES)}")
        defences = int(choices.get("defences", 1))
        limit = max_defences(combatant.attribute("agility"), combatant.attributes["perception"],
                             defensive=(stance == "defensive"))
        if not 0 <= defences <= limit:
            raise ValueError(f"{combatant.name} may declare 0 to {limit} defences, not {defences}")
        retreat = int(choices.get("retreat_m", 0))
        if retreat and stance != "defensive":
            raise ValueError("retreating needs the defensive stance")
        if stance == "focused":
            defences = 0
        cover_action = choices.get("cover_action")
        if cover_action not in COVER_ACTIONS:
            raise ValueError(f"unknown cover action {cover_action!r}; expected one of {COVER_ACTIONS}")
        return YagsDeclaration(stance=stance, defences=defences, full_dodge=bool(choices.get("full_dodge", False)),
                               retreat_m=min(retreat, combatant.attribute("agility")),
                               drawing=bool(choices.get("drawing", False)),
                               lost_round=bool(choices.get("lost_round", False)),
                               initiative_zero=int(choices.get("initiative", 1)) <= 0,
                               grappling=choices.get("grappling"), cover_action=cover_action)

    def initiative_now(self, initiative: int, state: Condition) -> int:
        """Shock lowers initiative, never below 0 (Shock and Pain)."""
        return max(0, initiative - state.shock)

    def note_attacked(self, declaration: YagsDeclaration | None, attacker: str) -> YagsDeclaration | None:
        """Each declared defence covers all attacks from one attacker: the first attacks from
        up to `defences` attackers are covered, later attackers are not."""
        if declaration is None or attacker in declaration.defended:
            return declaration
        if len(declaration.defended) < declaration.defences:
            return replace(declaration, defended=declaration.defended | {attacker})
        return declaration

    def note_effect(self, declaration: YagsDeclaration | None, effect: Any,
                    other: str = "") -> YagsDeclaration | None:
        """Overwhelming attacks: "-5 per level of success to any further attacks or defences
        that they make that round" (penalties from several add up); Grapple: "both you and
        the target are considered to be grappled" from then on."""
        if declaration is None:
            return None
        if isinstance(effect, Overwhelmed):
            return replace(declaration, overwhelmed=declaration.overwhelmed + effect.penalty)
        if effect == "grappled" and other:
            return replace(declaration, stance="grappled", grappling=other)
        return declaration

    # --- fighters -----------------------------------------------------------------------

    def fighter(self, p: Participant, opponent: str) -> Fighter:
        d: YagsDeclaration = p.declaration or _UNDECLARED
        return _make_fighter(
            character=p.combatant, condition=p.state, stance=d.stance, defences=d.defences,
            defending=d.covers(opponent), full_dodge=d.full_dodge and not d.lost_round,
            retreat_m=d.retreat_m, drawing=d.drawing, overwhelmed=d.overwhelmed,
            initiative_zero=d.initiative_zero, grappling=d.grappling,
            cover_action=None if d.lost_round else d.cover_action,
        )

    def _melee(self, request: AttackRequest) -> MeleeAttack:
        a = self.fighter(request.attacker, request.target.name)
        t = self.fighter(request.target, request.attacker.name)
        return MeleeAttack(a, t, manoeuvre=request.options.get("manoeuvre"),
                           room=request.situation.room_reach,
                           closed=reach_within_tiles(request.situation.tiles_apart),
                           automatic=bool(request.options.get("automatic", False)),
                           kind=str(request.options.get("kind", "attack")),
                           overwatch=bool(request.options.get("overwatch", False)),
                           unaware=bool(request.options.get("unaware", False)))

    # --- attacks ------------------------------------------------------------------------

    def action_speed(self, request: AttackRequest) -> str:
        """Stance, drawing, a full Move and initiative 0 force the speed. A missile attacker
        is "considered to be using the normal stance" (Missile Attacks): aggressive and
        defensive do not change its speed; prone still slows every action. An overwatch that
        fires "is always fast" (Action Types: Overwatch)."""
        if request.options.get("overwatch"):
            return "fast"
        d: YagsDeclaration = request.attacker.declaration or YagsDeclaration()
        missile = request.mode != "melee"
        forced = [STANCE_SPEED.get(d.stance) if not missile or d.stance == "prone" else None]
        if d.initiative_zero:
            forced.append("slow")
        if d.drawing or request.situation.attacker_moved == "run":
            forced.append("slow")
        if request.mode == "melee":
            # Brawling: a non-brawl weapon used with Brawl makes every attack slow.
            if melee_style(self.fighter(request.attacker, request.target.name)).slow:
                forced.append("slow")
            return action_speed("normal", *forced)
        return action_speed(missile_speed(missile_attack(self, request)), *forced)

    def preview(self, request: AttackRequest) -> Any:
        if request.mode == "melee":
            plan = plan_melee(self._melee(request))
        else:
            plan = plan_request(self, request)
        if isinstance(plan, Impossible):
            return plan
        cond: Condition = request.target.state
        return preview_plan(plan, cond.stuns, cond.wounds)

    def resolve_exchange(self, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
        """One attack run as a generator (engine/yags/exchange_run.py)."""
        return yags_exchange(self, dice, request, table)

    def resolve(self, dice: Dice, request: AttackRequest) -> list[AttackResult | Impossible]:
        if request.mode == "melee":
            return [resolve_melee(dice, self._melee(request))]
        return resolve_request(self, dice, request)

    # --- weapons on the grid ------------------------------------------------------------

    def notice(self, dice: Dice, observer: Participant, target: Participant, distance_m: float,
               cover: str | None) -> tuple[bool, str]:
        """Spotting an enemy in cover (engine/notice.py)."""
        from engine.notice import yags_notice

        return yags_notice(dice, observer, target, distance_m, cover)

    def weapon_facts(self, combatant: Character) -> WeaponFacts:
        """Reach on the grid: reach 0-2 strikes the 8 adjacent tiles, reach 3+ two tiles
        away (rules-notes)."""
        hit = self._facts.get(id(combatant))
        if hit is not None and hit[0] is combatant:
            return hit[1]
        facts = self._weapon_facts(combatant)
        self._facts[id(combatant)] = (combatant, facts)
        return facts

    def _weapon_facts(self, combatant: Character) -> WeaponFacts:
        w = combatant.weapon
        melee = w.kind == "melee"
        modes: list[str] = ["melee"] if melee else ["shot"]
        if w.has("automatic"):
            modes += ["burst", "area", "suppress"]
        if w.has("tripleauto"):
            modes.append("triple")
        return WeaponFacts(
            name=w.name, melee=melee, reach=w.reach, reach_tiles=2 if (melee and w.reach > ONE_TILE_REACH) else 1,
            long_m=w.long if not melee else 0.0, capacity=w.capacity, reload_rounds=w.reload,
            burst=w.burst if w.has("automatic") else 0, modes=tuple(modes),
            grenades=tuple(g.id for g in combatant.grenades), spread_m=float(w.cone),
            bolt_action=(not melee and w.rof > 1 and not w.has("automatic") and not w.has("semiauto")),
        )

    def ammo_use(self, combatant: Character, mode: str, options: Mapping[str, Any]) -> int:
        w = combatant.weapon
        if mode in ("burst",):
            return w.burst * int(options.get("bursts", 1))
        if mode in ("area", "suppress"):
            return w.burst
        if mode == "triple":
            return 3 * int(options.get("bursts", 1))
        if mode == "shot":
            return int(options.get("shots", 1))
        return 0

    def max_defences(self, combatant: Character) -> int:
        return combatant.max_defences

    def catalogue_lines(self, what: str = "all") -> list[str]:
        """The weapons (kind, skill, attack, defence, damage, reach, ranges) and the armour."""
        cat = self.catalogue
        lines = []
        if what in ("weapons", "all"):
            lines.append("weapons:")
            for w in sorted(cat.weapons.values(), key=lambda w: (w.kind, w.skill, w.id)):
                extra = f" range {w.short:g}/{w.medium:g}/{w.long:g} m" if w.is_missile and w.long else ""
                dmg = f"+{w.damage}" if w.muscle else f"{w.damage}"
                lines.append(f"  {w.id:28} {w.kind:9} {w.skill:10} atk {w.attack:+d} def {w.defence:+d} dmg {dmg} "
                             f"{w.damage_type} reach {w.reach}{extra}")
        if what in ("armour", "all"):
            lines.append("armour:")
            for a in sorted(cat.armour.values(), key=lambda a: a.id):
                props = ",".join(sorted(a.properties)) or "-"
                lines.append(f"  {a.id:28} +{a.protection} load {a.load:g} {props}")
        return lines

    def expected_harm(self, preview: Any) -> float:
        """Expected damage levels (wounds count double the stuns they might be). The sum is
        remembered by the chances' dict itself (kept alive with it): previews of plans alike
        in their numbers share that dict (engine/yags/preview.py), nine in ten of the AI's."""
        chances = preview.p_damage_levels
        hit = _HARMS.get(id(chances))
        if hit is not None and hit[0] is chances:
            harm = hit[1]
        else:
            # float(p) of a Fraction is numerator / denominator (one correctly rounded division).
            harm = sum((p.numerator / p.denominator if type(p) is Fraction else float(p)) * levels
                       for levels, p in chances.items())
            if len(_HARMS) >= HARMS_KEPT:
                _HARMS.clear()
            _HARMS[id(chances)] = (chances, harm)
        return harm * 2 if preview.kind == "wounds" else harm

    def declaration_order(self, entries: Sequence[tuple[Any, Character, int]]) -> list[Any]:
        """Increasing initiative; ties: the lower agility first, then the order given
        (engine.yags.round.declaration_order)."""
        return declaration_order((i, ini, c.attribute("agility")) for i, c, ini in entries)

    def action_order(self, entries: Sequence[tuple[Any, Character, str, int]]) -> list[Any]:
        """Fast, normal, slow; within each decreasing initiative, ties to the higher agility,
        then the order given (engine.yags.round.action_order)."""
        return action_order((i, speed, ini, c.attribute("agility")) for i, c, speed, ini in entries)


# Reach on the grid (rules-notes): reach 0-2 strike the adjacent tiles, reach 3-4 two away.
ONE_TILE_REACH = 2


def reach_within_tiles(tiles_apart: int | None) -> int | None:
    """The longest reach that fits between fighters `tiles_apart` grid steps apart: a foe on
    an adjacent tile "has closed to within the reach" of a reach 3 or 4 weapon (Reach;
    rules-notes). None: no limit (two tiles or more, or off the grid)."""
    if tiles_apart is None or tiles_apart > 1:
        return None
    return ONE_TILE_REACH
