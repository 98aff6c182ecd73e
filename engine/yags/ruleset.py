"""Yags behind the game's `Ruleset` interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll, Term
from engine.ruleset import Applied, AttackRequest, HealthFacts, Participant, Ruleset, WeaponFacts
from engine.yags import health
from engine.yags.attack import COVER_ACTIONS, STANCE_SPEED, STANCES, AttackResult, Fighter
from engine.yags.character import Character, canonical_attribute
from engine.yags.equipment import FIST, Armour, Catalogue
from engine.yags.health import Condition
from engine.yags.melee import MeleeAttack, melee_style, plan_melee, resolve_melee
from engine.yags.plan import preview_plan
from engine.yags.round import (
    action_order,
    action_speed,
    declaration_order,
    movement_allowance,
    roll_initiative,
)
from engine.yags.tables import STUN_NAMES, WOUND_NAMES, max_defences


@dataclass(frozen=True)
class YagsDeclaration:
    """What a Yags fighter declared for the round besides its action."""

    stance: str = "normal"
    defences: int = 1
    defended: frozenset[str] = frozenset()  # attackers a declared defence has gone to
    full_dodge: bool = False
    retreat_m: int = 0
    drawing: bool = False
    overwhelmed: int = 0
    lost_round: bool = False  # fumbled initiative: no attacks or defences this round
    initiative_zero: bool = False  # shock took initiative to 0: rolls halved, actions slow
    grappling: str | None = None  # grappled stance: whom the fighter holds or is held by
    cover_action: str | None = None  # "step_out" (firing from full cover), "cover_to_cover"

    def covers(self, attacker: str) -> bool:
        return not self.lost_round and attacker in self.defended


class YagsRuleset(Ruleset):
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

    def note_effect(self, declaration: YagsDeclaration | None, effect: str,
                    other: str = "") -> YagsDeclaration | None:
        """Overwhelming attacks: "-5 per level of success to any further attacks or defences
        that they make that round" (penalties from several add up); Grapple: "both you and
        the target are considered to be grappled" from then on."""
        if declaration is None:
            return None
        if effect.startswith("overwhelmed:"):
            return replace(declaration, overwhelmed=declaration.overwhelmed + int(effect.split(":", 1)[1]))
        if effect == "grappled" and other:
            return replace(declaration, stance="grappled", grappling=other)
        return declaration

    # --- fighters -----------------------------------------------------------------------

    def fighter(self, p: Participant, opponent: str) -> Fighter:
        d: YagsDeclaration = p.declaration or YagsDeclaration(defences=0)
        return Fighter(
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
        from engine.yags.missile import missile_speed
        from engine.yags.ranged import missile_attack

        return action_speed(missile_speed(missile_attack(self, request)), *forced)

    def preview(self, request: AttackRequest) -> Any:
        if request.mode == "melee":
            plan = plan_melee(self._melee(request))
        else:
            from engine.yags.ranged import plan_request

            plan = plan_request(self, request)
        if isinstance(plan, Impossible):
            return plan
        cond: Condition = request.target.state
        return preview_plan(plan, cond.stuns, cond.wounds)

    def resolve(self, dice: Dice, request: AttackRequest) -> list[AttackResult | Impossible]:
        if request.mode == "melee":
            return [resolve_melee(dice, self._melee(request))]
        from engine.yags.ranged import resolve_request

        return resolve_request(self, dice, request)

    def apply(self, dice: Dice, combatant: Character, state: Condition, result: AttackResult) -> Applied:
        """The hit's damage and the health checks it calls for; a fumbled defence whose
        chosen outcome is fatigue costs the defender a point of fatigue (Fumbling a defence),
        hit or miss."""
        if result.defence_fumble_outcome == "fatigue" and not state.out_of_fight:
            state = health.add_fatigue(state)
            fumbled: tuple[str, ...] = (f"{combatant.name} fumbles a defence: +1 fatigue",)
        else:
            fumbled = ()
        if not result.hit or result.damage is None:
            return Applied(state, (), fumbled)
        out = self._apply_hit(dice, combatant, state, result)
        return Applied(out.state, out.rolls, fumbled + out.events)

    def apply_to_attacker(self, dice: Dice, combatant: Character, state: Condition,
                          result: AttackResult) -> Applied:
        """Fumbling an attack (the outcome chosen is fatigue) and tiring manoeuvres (Melee
        Manoeuvres: "the fatigue is gained immediately after the manoeuvre completes (only on
        success)") each cost the attacker a point of fatigue."""
        if isinstance(result, Impossible) or state.out_of_fight:
            return Applied(state)
        events: list[str] = []
        if result.fumble_outcome == "fatigue":
            state = health.add_fatigue(state)
            events.append(f"{combatant.name} fumbles the attack: +1 fatigue")
        if "fatigue" in result.effects:
            state = health.add_fatigue(state)
            events.append(f"{combatant.name} tires from the manoeuvre: +1 fatigue")
        return Applied(state, (), tuple(events))

    def _apply_hit(self, dice: Dice, combatant: Character, state: Condition, result: AttackResult) -> Applied:
        out = health.take_damage(dice, combatant, state, result.damage.levels, result.damage.kind,
                                 wound_multiplier=result.wound_multiplier,
                                 stun_divisor=result.stun_divisor, vitals=combatant.armour.vitals,
                                 halve=result.target_halved)
        caused = out.condition.wounds - state.wounds
        if "vital_strike" in result.effects and caused >= 1 and out.condition.status == "ok":
            vital = vital_strike_check(dice, combatant, caused, halve=result.target_halved)
            rolls = out.rolls + (vital,)
            if not vital.success and out.condition.wounds < 6:
                more = health.take_damage(dice, combatant, out.condition, 6 - out.condition.wounds, "wounds",
                                          halve=result.target_halved)
                return Applied(more.condition, rolls + more.rolls,
                               out.events + ("vital strike: falls fatally wounded",) + more.events)
            return Applied(out.condition, rolls, out.events)
        return Applied(out.condition, out.rolls, out.events)

    def end_of_round(self, dice: Dice, combatant: Character, state: Condition, *, bursts: int = 0,
                     in_cover: bool = False, moved: str = "none",
                     declaration: YagsDeclaration | None = None) -> Applied:
        """Health checks, then bullet shyness: one Will check for every burst aimed at the
        fighter this round (yags-combat.md, Bullet Shyness); a sprint costs a point of
        fatigue (yags-core.md, Sprinting: "a sprinting character gains a point of fatigue
        every round"). A fighter at initiative 0 this round (its `declaration` says so) makes
        these checks halved (Shock and Pain: "all rolls are halved")."""
        halve = declaration is not None and declaration.initiative_zero
        out = health.end_of_round(dice, combatant, state, halve)
        rolls, events, cond = list(out.rolls), list(out.events), out.condition
        if moved == "sprint" and not cond.out_of_fight:
            cond = health.add_fatigue(cond)
            events.append(f"{combatant.name} is tiring from the sprint: +1 fatigue")
        if bursts and not cond.out_of_fight:
            from engine.yags.autofire import bullet_shyness

            roll, shock = bullet_shyness(dice, combatant, bursts, in_cover, halve)
            rolls.append(roll)
            if shock:
                cond = health.add_shock(cond, shock)
                events.append(f"{combatant.name} is pinned down: initiative -{shock}")
        return Applied(cond, tuple(rolls), tuple(events))

    def first_aid(self, dice: Dice, healer: Participant, patient: Participant, *,
                  stuns: bool = False) -> Applied:
        """First aid (Healing and First aid): the healer's Intelligence x First aid against
        10 (0 for stuns) + half the patient's wound and stun penalties; see health.first_aid."""
        if healer.state.out_of_fight:
            raise ValueError(f"{healer.name} is {healer.state.status} and cannot tend anyone")
        d: YagsDeclaration | None = healer.declaration
        out = health.first_aid(dice, healer.combatant, healer.state, patient.state, stuns=stuns,
                               self_aid=healer.name == patient.name,
                               halve=d is not None and d.initiative_zero)
        return Applied(out.condition, out.rolls, tuple(f"{patient.name}: {e}" for e in out.events))

    def first_aid_rounds(self) -> int:
        return health.FIRST_AID_ROUNDS

    def must_rest(self, combatant: Character, state: Condition) -> bool:
        """Fatigue: "If a character becomes Exhausted then they must immediately rest"."""
        return not state.out_of_fight and health.exhausted(combatant, state)

    # --- overwatch (yags-combat.md, Action Types: Overwatch; Waiting beyond a round) ------

    def overwatch_arc(self) -> float:
        """ "If you are declaring to shoot, then you can cover a 45 degree area." """
        return OVERWATCH_ARC

    def _overwatch_plan(self, watcher: Participant) -> tuple[list[Term], bool, bool]:
        d: YagsDeclaration = watcher.declaration or YagsDeclaration()
        return overwatch_terms(watcher.combatant, watcher.state), \
            watcher.combatant.skill(TACTICS) == 0, d.initiative_zero

    def notice(self, dice: Dice, observer: Participant, target: Participant, distance_m: float,
               cover: str | None) -> tuple[bool, str]:
        """Spotting an enemy in cover (engine/notice.py)."""
        from engine.notice import yags_notice

        return yags_notice(dice, observer, target, distance_m, cover)

    def overwatch_check(self, dice: Dice, watcher: Participant) -> Roll:
        """ "When the trigger occurs, a Perception x Tactics must be made at a difficulty of
        10, or the overwatch fails": with the watcher's wound, stun and fatigue penalties
        ("a penalty to all actions"), unskilled as a standard skill (yags-core.md: the d20
        halved, fumbles on 1 or 2), halved at initiative 0 (Shock and Pain)."""
        from engine.yags.checks import roll_check

        terms, unskilled, halve = self._overwatch_plan(watcher)
        return roll_check(dice, "overwatch check", terms, OVERWATCH_DIFFICULTY, unskilled=unskilled, halve=halve)

    def overwatch_check_chance(self, watcher: Participant) -> Fraction:
        """The exact chance the overwatch check succeeds (the 20 faces of its d20)."""
        from engine.yags.checks import resolve

        terms, unskilled, halve = self._overwatch_plan(watcher)
        wins = sum(resolve("overwatch check", terms, die, OVERWATCH_DIFFICULTY, unskilled=unskilled,
                           halve=halve).success for die in range(1, 21))
        return Fraction(wins, 20)

    def overwatch_initiative(self, watcher: Participant) -> int:
        """Waiting beyond a round: a kept overwatch adds "your Perception x Tactics as a
        straight bonus (no roll) to your initiative for that action"."""
        c = watcher.combatant
        return c.attribute("perception") * c.skill(TACTICS)

    # --- weapons on the grid ------------------------------------------------------------

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
        """Expected damage levels (wounds count double the stuns they might be)."""
        harm = sum(float(p) * levels for levels, p in preview.p_damage_levels.items())
        return harm * 2 if preview.kind == "wounds" else harm

    def blast_harm(self, preview: Any, victim: HealthFacts) -> float:
        """From the outcomes, not the levels rolled (beyond three radii the stuns are divided):
        the stuns gained and twice the wounds gained."""
        return sum(float(q) * ((s - victim.stuns) + 2 * (w - victim.wounds)) for (s, w), q in preview.p_outcome.items())

    def blast_radius_m(self, weapon_id: str) -> float:
        return float(self.catalogue.weapon(weapon_id).blast_radius)

    def throw(self, dice: Dice, thrower: Participant, weapon_id: str, distance_m: float) -> tuple[Roll, tuple[float, float]]:
        """A throw at a spot: on a miss it scatters (rules-notes)."""
        from engine.yags.explosions import throw_at_tile

        out = throw_at_tile(dice, self.fighter(thrower, ""), distance_m, self.catalogue.weapon(weapon_id))
        if isinstance(out, Impossible):
            raise ValueError(out.reason)
        return out

    def blast(self, dice: Dice, thrower: Participant, weapon_id: str,
              victims: Sequence[tuple[Participant, float, bool]]) -> list[AttackResult | None]:
        """One damage roll for the explosion, a soak roll per victim in reach (friends too)."""
        from engine.yags.explosions import blast

        w = self.catalogue.weapon(weapon_id)
        targets = [(p.combatant, p.state, d, covered) for p, d, covered in victims]
        zero = [bool(getattr(p.declaration, "initiative_zero", False)) for p, _, _ in victims]
        results = blast(dice, w, w.blast_radius, targets, attacker=thrower.name, halved=zero)
        return [r if (r.hit or r.damage is not None) else None for r in results]

    def declaration_order(self, entries: Sequence[tuple[Any, Character, int]]) -> list[Any]:
        """Increasing initiative; ties: the lower agility first, then the order given
        (engine.yags.round.declaration_order)."""
        return declaration_order((i, ini, c.attribute("agility")) for i, c, ini in entries)

    def action_order(self, entries: Sequence[tuple[Any, Character, str, int]]) -> list[Any]:
        """Fast, normal, slow; within each decreasing initiative, ties to the higher agility,
        then the order given (engine.yags.round.action_order)."""
        return action_order((i, speed, ini, c.attribute("agility")) for i, c, speed, ini in entries)

    def take_cover(self, dice: Dice, victim: Participant, thrower: str, weapon_id: str,
                   distance_m: float) -> tuple[Roll | None, float]:
        """Taking Cover: a victim in the blast's reach with a declared defence for the thrower
        (or in a full dodge) dodges, agility x Athletics at 15; success puts it its combat
        move further out, "hopefully to a less deadly range band". Prone or focused: no
        dodge (rules-notes)."""
        from engine.yags.explosions import blast_band, dodge_blast

        w = self.catalogue.weapon(weapon_id)
        if blast_band(distance_m, w.blast_radius)[0] is None:
            return None, 0.0
        f = self.fighter(victim, thrower)
        if not (f.defending or f.full_dodge):
            return None, 0.0
        roll, metres = dodge_blast(dice, f)
        return roll, float(metres)

    def preview_throw(self, thrower: Participant, weapon_id: str, distance_m: float) -> Any:
        """The exact chance the throw lands on its spot (Throwing at a spot: 15 + distance)."""
        from engine.yags.explosions import plan_throw_at_tile

        plan = plan_throw_at_tile(self.fighter(thrower, ""), distance_m, self.catalogue.weapon(weapon_id))
        if isinstance(plan, Impossible):
            return plan
        return preview_plan(plan)

    def preview_blast(self, weapon_id: str, victim: Participant, distance_m: float,
                      hard_cover_between: bool = False) -> Any:
        """One victim's share of an explosion, exactly: its band, armour and soak against the
        explosive's damage (the damage roll is shared by all victims; each preview is that
        victim's own distribution)."""
        from engine.yags.explosions import plan_blast

        w = self.catalogue.weapon(weapon_id)
        plan = plan_blast(w, w.blast_radius, victim.combatant, distance_m, hard_cover_between,
                          soak_halved=bool(getattr(victim.declaration, "initiative_zero", False)))
        if isinstance(plan, Impossible):
            return plan
        st = victim.state
        return preview_plan(plan, getattr(st, "stuns", 0), getattr(st, "wounds", 0))

    def throw_range_m(self, combatant: Character, weapon_id: str) -> float:
        w = self.catalogue.weapon(weapon_id)
        long = w.long * combatant.attributes["strength"] if w.range_per_strength else w.long
        return float(long)

    def out_of_fight(self, state: Condition) -> bool:
        return state.out_of_fight

    def health_facts(self, state: Condition) -> HealthFacts:
        """Wounds and stuns (0-6 tracks), fatigue and the status (ok, unconscious, dead...)."""
        return HealthFacts(state.status, state.out_of_fight, state.status == "dead", state.wounds, state.stuns,
                           state.fatigue)

    def status(self, state: Condition) -> str:
        parts = [f"wounds {state.wounds} ({WOUND_NAMES[min(state.wounds, 6)]})",
                 f"stuns {state.stuns} ({STUN_NAMES[min(state.stuns, 6)]})"]
        if state.fatigue:
            parts.append(f"fatigue {state.fatigue}")
        pen = state.wound_penalty + state.stun_penalty
        if pen:
            parts.append(f"{pen:+d}")
        if state.status != "ok":
            parts.append(state.status.upper())
        return ", ".join(parts)


OVERWATCH_ARC = 45.0  # Action Types, Overwatch: "you can cover a 45 degree area"
# Reach on the grid (rules-notes): reach 0-2 strike the adjacent tiles, reach 3-4 two away.
ONE_TILE_REACH = 2


def reach_within_tiles(tiles_apart: int | None) -> int | None:
    """The longest reach that fits between fighters `tiles_apart` grid steps apart: a foe on
    an adjacent tile "has closed to within the reach" of a reach 3 or 4 weapon (Reach;
    rules-notes). None: no limit (two tiles or more, or off the grid)."""
    if tiles_apart is None or tiles_apart > 1:
        return None
    return ONE_TILE_REACH
OVERWATCH_DIFFICULTY = 10  # "a Perception x Tactics must be made at a difficulty of 10"
TACTICS = "Tactics"


def overwatch_terms(combatant: Character, state: Condition) -> list[Term]:
    """Perception x Tactics and the watcher's injury penalties."""
    from engine.yags.checks import ability_term

    terms = [ability_term("perception", combatant.attribute("perception"), TACTICS, combatant.skill(TACTICS))]
    for name, value in (("wounds", state.wound_penalty), ("stuns", state.stun_penalty),
                        ("fatigue", state.fatigue_penalty(combatant.fatigue_track))):
        if value:
            terms.append(Term(name, value))
    return terms


def vital_strike_check(dice: Dice, combatant: Character, wounds_caused: int, halve: bool = False) -> Roll:
    """Vital strike: Health x Size at 20 + 5 x wounds caused, or fall fatally wounded (halved
    at initiative 0)."""
    from engine.rolls import Term
    from engine.yags.checks import roll_check
    from engine.yags.melee import vital_strike_target

    h = combatant.attributes["health"]
    term = Term("ability", h * combatant.size, f"Hea {h} x Size {combatant.size}")
    return roll_check(dice, "vital strike check", [term], vital_strike_target(wounds_caused), halve=halve)
