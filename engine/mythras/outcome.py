"""Steps 5-7 of an attack (0005, Attacks and Parries; Special Effect Descriptions; 0004,
Damage and Wound Levels): damage, hit locations, parry and armour, the chosen effects and
their resistance rolls; then what it does to the defender's and the attacker's states.

Damage is modified in the SRD's order (0004): the Damage Modifier, then the parry's
reduction by sizes, then Armor Points (cover first, where it hides the location)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.dice import Dice
from engine.exchange_types import Effect
from engine.mythras.attack import AttackPlan, Exchange, effect_options, evade_drops
from engine.mythras.character import Character
from engine.mythras.checks import D100Roll, roll_skill
from engine.mythras.dicexpr import parse, roll_expr
from engine.mythras.effects import EFFECTS, Choice, check_choices
from engine.mythras.effects_resolve import Collected, resolve_effects
from engine.mythras.equipment import Weapon
from engine.mythras.health import HealthOutcome, MythrasState, take_damage
from engine.mythras.tables import (
    ADJOINING,
    after_deflection,
    bash_m,
    damage_modifier_for_step,
    halved,
    hardest,
    hit_location,
    knockback_m,
    parry_deflects,
)
from engine.rolls import Roll, Term


@dataclass(frozen=True)
class Hit:
    """One round or blow that landed: what was rolled and what each protection took."""

    location: str
    rolled: int
    after_parry: int
    cover_ap: int
    armour_ap: int
    damage: int  # to hit points
    sunder: int = 0  # Armor Points stripped (Sunder)
    first: bool = True
    unhalved: int | None = None  # the roll before long range halved it (None: not halved)


@dataclass(frozen=True)
class Outcome:
    attacker: str
    target: str
    exchange: Exchange
    chosen: tuple[Choice, ...]
    hits: tuple[Hit, ...]
    rolls: tuple[Roll, ...]
    target_changes: tuple[tuple[str, Any], ...]
    attacker_changes: tuple[tuple[str, Any], ...]
    attacker_hits: tuple[Hit, ...]
    world: tuple[tuple[str, Any], ...]  # knockback, bash, disarmed, withdraw, duck_back...
    events: tuple[str, ...]
    weapon: str = ""

    @property
    def damage(self) -> int:
        return sum(h.damage for h in self.hits)

    # --- what the world reads (engine.ruleset.Outcome) ---------------------------------------

    @property
    def hit(self) -> bool:
        """The blow landed: damage was rolled (a successful Evade avoids it all)."""
        return self.exchange.hit

    @property
    def effects(self) -> tuple[Effect, ...]:
        """What the world carries out on the grid (world_effects)."""
        from engine.mythras.facts import world_effects

        return world_effects(self.target, self.target_changes, self.world, self.exchange.reaction == "evade")

    @property
    def fumble_outcome(self) -> str | None:
        """A Weapon Malfunction the target picked: the world's jam (cleared by a Turn spent
        on it, the world's reload: rules-notes)."""
        return "jam" if ("weapon_state", "malfunction") in self.attacker_changes else None

    @property
    def counter_strike(self) -> bool:
        """The recipient of a charge counterattacked (0005 Charging): the world has him strike."""
        return self.exchange.counterattack

    def describe(self) -> str:
        """The attack and defence rolls, the exchange's winner, every roll after it and what
        it did, one line each."""
        ex = self.exchange
        lines = [ex.attack.describe()]
        if ex.defence is not None:
            lines.append(ex.defence.describe())
        elif ex.reaction == "counter":
            lines.append(f"{self.target} counterattacks instead of defending")
        if ex.winner and ex.levels:
            who = self.attacker if ex.winner == "attacker" else self.target
            lines.append(f"{who} wins {ex.levels} special effect{'s' if ex.levels > 1 else ''}")
            if self.chosen:  # picked before anything is rolled for the hit (0005 Special Effects)
                lines.append(f"{who} picks {', '.join(EFFECTS[c.key].name for c in self.chosen)}")
        lines += [r.describe() for r in self.rolls]
        lines += list(self.events)
        if not ex.hit and not self.events:
            lines.append(f"{self.attacker} misses {self.target}" if not ex.attack.succeeded
                         else f"{self.target} avoids the blow")
        return "\n".join(lines)


def _hit_line(name: str, h: Hit) -> str:
    parts = [f"{h.rolled} rolled" if h.unhalved is None else f"{h.unhalved} rolled, halved at long range to {h.rolled}"]
    if h.after_parry != h.rolled:
        parts.append(f"{h.after_parry} past the parry")
    if h.cover_ap:
        parts.append(f"cover -{h.cover_ap}")
    if h.armour_ap:
        parts.append(f"armour -{h.armour_ap}" + (f" (sundered by {h.sunder})" if h.sunder else ""))
    return f"{name}'s {h.location.replace('_', ' ')}: {', '.join(parts)}: {h.damage} damage"


def location_roll(label: str, face: int, location: str) -> Roll:
    return Roll(label, (Term("d20", face, f"d20 ({face})"),), None, face, notes=(location.replace("_", " "),))


def toward(location: str, aim: str) -> str:
    """One step from `location` toward `aim` along the body (Marksman; Ranged Marksman):
    the first step of a shortest path."""
    if location == aim:
        return aim
    paths = {step: [step] for step in ADJOINING[location]}
    frontier = list(paths)
    while frontier:
        nxt = []
        for loc in frontier:
            if loc == aim:
                return paths[loc][0]
            for step in ADJOINING[loc]:
                if step not in paths and step != location:
                    paths[step] = paths[loc] + [step]
                    nxt.append(step)
        frontier = nxt
    return location


def _damage_roll(dice: Dice, plan: AttackPlan, maximise: int, impale: bool, label: str) -> tuple[int, list[Roll], int | None]:
    """The damage rolled (weapon, impale's better of two, the Damage Modifier), halved at
    long range; and what it was before the halving (None: not halved)."""
    w = plan.weapon
    rolls = [roll_expr(dice, w.damage, f"{label}: {w.name} damage", maximise=maximise)]
    if impale:  # "Roll weapon damage twice, with the attacker choosing which of the two"
        rolls.append(roll_expr(dice, w.damage, f"{label}: {w.name} damage (impale)", maximise=maximise))
    best = max(r.total for r in rolls)
    total = best
    if plan.dm_step is not None:
        dm = damage_modifier_for_step(plan.dm_step)
        if dm != "+0":
            r = roll_expr(dice, parse(dm), f"{label}: damage modifier")
            rolls.append(r)
            total = max(0, total + r.total)
    if plan.halve_damage:
        return halved(total), rolls, total
    return total, rolls, None


def _max_stack(plan: AttackPlan) -> dict[str, int]:
    return {"maximize_damage": len(plan.weapon.damage.faces), "bypass_armor": 1}


def resolve_hit(dice: Dice, plan: AttackPlan, ex: Exchange, chosen: tuple[Choice, ...] = ()) -> Outcome:
    """Roll what the exchange calls for and resolve the chosen effects."""
    allowed = effect_options(plan, ex)
    problem = check_choices(chosen, allowed, ex.levels, _max_stack(plan))
    if problem:
        raise ValueError(problem)
    ctx, a, d, dst = plan.ctx, plan.ctx.attacker, plan.ctx.defender, plan.ctx.defender_state
    picked = [c.key for c in chosen]
    param = {c.key: c.param for c in chosen}
    rolls: list[Roll] = []
    hits: list[Hit] = []
    tchg: list[tuple[str, Any]] = []
    achg: list[tuple[str, Any]] = []
    world: list[tuple[str, Any]] = []
    events: list[str] = []  # the picks' line is the Outcome's own (describe): before the rolls
    label = f"{a.name} on {d.name}"
    offensive = ex.winner == "attacker"
    if ex.hit:
        n = 1
        if plan.hits_die > 1:
            r = roll_expr(dice, f"1d{plan.hits_die}", f"{label}: rounds that strike")
            rolls.append(r)
            n = r.total
        for i in range(n):
            first = i == 0
            mine = picked if first and offensive else []
            theirs = picked if first and not offensive else []
            if "choose_location" in mine:
                loc = param.get("choose_location") or "chest"
            else:
                face = dice.roll(20)
                loc = hit_location(face)
                rolls.append(location_roll(f"{label}: hit location", face, loc))
                aim = param.get("marksman") or "head"
                if "marksman" in mine:
                    loc = toward(loc, aim)
                elif plan.weapon.ranged and "ranged_marksman" in a.traits:
                    loc = toward(loc, aim)
            rolled, drolls, unhalved = _damage_roll(dice, plan, mine.count("maximize_damage"), "impale" in mine, label)
            rolls += drolls
            kb = knockback_m(rolled, d.siz, dst.braced) if first else 0
            if kb:
                world.append(("knockback", kb))
                keep = roll_skill(dice, f"{d.name}: Athletics against the knockback", "Athletics",
                                  d.skill("athletics"), dst.skill_grade())
                rolls.append(keep)
                if not keep.succeeded:
                    tchg.append(("prone", True))
                events.append(f"{d.name} is knocked back {kb} m" + ("" if keep.succeeded else " and falls prone"))
            if "bash" in mine:
                bashed = bash_m(rolled, plan.weapon.kind == "shield")
                world.append(("bash", bashed))
                events.append(f"{d.name} is bashed back {bashed} m")
                if bashed and ctx.room_behind_m is not None and bashed >= ctx.room_behind_m:
                    # 0005 Bash: "forced backward into an obstacle ... Athletics at Hard
                    # difficulty - to avoid falling or tripping over" (no Acrobatics on the templates)
                    keep = roll_skill(dice, f"{d.name}: Athletics, bashed into an obstacle", "Athletics",
                                      d.skill("athletics"), hardest("hard", dst.skill_grade()))
                    rolls.append(keep)
                    if not keep.succeeded and ("prone", True) not in tchg:
                        tchg.append(("prone", True))
                    events.append(f"{d.name} is bashed into an obstacle" + ("" if keep.succeeded else " and falls"))
            if "damage_weapon" in mine:
                pw = d.active_parry(bool(dst.warded))
                through = max(0, rolled - (pw.ap or 0))
                tchg.append(("weapon_damage", through))
                events.append(f"{d.name}'s {pw.name} takes {through} damage")
                hits.append(Hit(loc, rolled, 0, 0, 0, 0, 0, first))
                continue
            after = rolled
            if ex.parried and "circumvent_parry" not in mine:
                deflects = 1.0 if "enhance_parry" in theirs else ex.deflects
                after = after_deflection(rolled, deflects)
            elif loc in dst.warded and d.warding_weapon is not None and d.warding_weapon.parry_size:
                after = after_deflection(rolled, parry_deflects(plan.size or "S", d.warding_weapon.parry_size))
            cover_ap = 0
            if ctx.cover is not None and loc in ctx.cover.locations:
                cover_ap = after if ctx.cover.ap is None else ctx.cover.ap
            left = max(0, after - cover_ap)
            armour = 0 if "bypass_armor" in mine else dst.armour_at(loc)
            sunder = 0
            if "sunder" in mine and armour:
                surplus = max(0, left - armour)
                sunder = min(armour, surplus)
                final = max(0, surplus - armour)
            else:
                final = max(0, left - armour)
            hits.append(Hit(loc, rolled, after, cover_ap, armour, final, sunder, first, unhalved))
            events.append(_hit_line(d.name, hits[-1]))
            if sunder:
                tchg.append(("sunder", (loc, sunder)))
    first_hit = hits[0] if hits else None
    wounded = first_hit is not None and first_hit.damage > 0
    resolve_effects(dice, plan, ex, picked, param, first_hit, wounded, Collected(rolls, tchg, achg, world, events))
    if evade_drops(plan, ex) and "arise" not in picked:  # Evade leaves the defender prone
        tchg.append(("prone", True))
        events.append(f"{d.name} dives aside and ends prone")
    if ex.counterattack:
        world.append(("counterattack", d.name))
    return Outcome(a.name, d.name, ex, tuple(chosen), tuple(hits), tuple(rolls), tuple(tchg), tuple(achg),
                   tuple(_accidental(dice, plan, ex, picked, rolls, events)), tuple(world), tuple(events),
                   plan.weapon.id)


def _accidental(dice: Dice, plan: AttackPlan, ex: Exchange, picked: list[str], rolls: list[Roll],
                events: list[str]) -> list[Hit]:
    """Accidental Injury: the attacker rolls his weapon's damage on himself, a random
    location; unarmed, it ignores armour."""
    if ex.winner != "defender" or "accidental_injury" not in picked:
        return []
    a, ast = plan.ctx.attacker, plan.ctx.attacker_state
    face = dice.roll(20)
    loc = hit_location(face)
    r = roll_expr(dice, plan.weapon.damage, f"{a.name}: accidental injury")
    rolls += [location_roll(f"{a.name}: hit location", face, loc), r]
    armour = 0 if plan.weapon.has("unarmed") else ast.armour_at(loc)
    events.append(f"{a.name} injures himself")
    return [Hit(loc, r.total, r.total, 0, armour, max(0, r.total - armour))]


def stray_hit(dice: Dice, attacker: str, weapon: Weapon, victim: Character, state: MythrasState, *,
              damage: int | None = None, dm_step: int | None = None) -> tuple[Hit, tuple[Roll, ...]]:
    """A blow that strikes someone it was not aimed at, automatically and with no special
    effect: Select Target's bystander (full damage), Overpenetration's second victim
    (`damage`: half the first roll). A random location, less its armour."""
    face = dice.roll(20)
    loc = hit_location(face)
    rolls: list[Roll] = [location_roll(f"{attacker} strikes {victim.name}: hit location", face, loc)]
    if damage is None:
        r = roll_expr(dice, weapon.damage, f"{attacker} strikes {victim.name}: {weapon.name} damage")
        rolls.append(r)
        damage = r.total
        if dm_step is not None and damage_modifier_for_step(dm_step) != "+0":
            dm = roll_expr(dice, parse(damage_modifier_for_step(dm_step)), f"{attacker}: damage modifier")
            rolls.append(dm)
            damage = max(0, damage + dm.total)
    armour = state.armour_at(loc)
    return Hit(loc, damage, damage, 0, armour, max(0, damage - armour)), tuple(rolls)


# --- applying an outcome ------------------------------------------------------------------


def _changes(state: MythrasState, changes: tuple[tuple[str, Any], ...]) -> MythrasState:
    for kind, value in changes:
        if kind == "prone":
            state = replace(state, prone=bool(value))
        elif kind == "bleeding":
            state = replace(state, bleeding=True)
        elif kind == "stunned":
            loc, turns = value
            state = replace(state, stunned=tuple((k, n) for k, n in state.stunned if k != loc) + ((loc, turns),))
        elif kind == "dropped":
            state = replace(state, incapacitated=True, recoverable=True)
        elif kind == "pinned":
            state = replace(state, pinned=True)
        elif kind == "disarmed":
            state = replace(state, weapon_state="dropped")
        elif kind == "entangled":
            state = replace(state, entangled=value)
        elif kind == "gripped_by":
            state = replace(state, gripped_by=value)
        elif kind == "slip_free":
            state = replace(state, entangled=None, gripped_by=None, pinned=False)
        elif kind == "weapon_state":
            state = replace(state, weapon_state=value)
        elif kind == "rapid_reload":
            state = replace(state, rapid_reload=state.rapid_reload + int(value))
        elif kind == "blinded":
            state = replace(state, blinded_turns=value[0], blind_grade=value[1])
        elif kind == "weapon_damage":
            state = replace(state, weapon_damage=state.weapon_damage + int(value))
        elif kind == "sunder":
            loc, n = value
            from engine.mythras.tables import LOCATIONS

            i = LOCATIONS.index(loc)
            state = replace(state, armour=state.armour[:i] + (max(0, state.armour[i] - n),) + state.armour[i + 1:])
    return state


def _weapon_broken(character: Character, state: MythrasState) -> MythrasState:
    hp = character.parry_weapon.hp
    if hp is not None and state.weapon_damage >= hp and state.weapon_state == "ready":
        return replace(state, weapon_state="broken")
    return state


def apply_hits(dice: Dice, character: Character, state: MythrasState, changes: tuple[tuple[str, Any], ...],
               hits: tuple[Hit, ...], against: D100Roll | None) -> HealthOutcome:
    """Changes first, then each hit's damage and its wound's Endurance rolls against
    `against` (0005: "Endurance rolls are resolved after the application of the effect")."""
    state = _weapon_broken(character, _changes(state, changes))
    rolls: list[Roll] = []
    events: list[str] = []
    worst = None
    order = ("minor", "serious", "major")
    for h in hits:
        out = take_damage(dice, character, state, h.location, h.damage, against)
        state, rolls, events = out.state, rolls + list(out.rolls), events + list(out.events)
        if out.wound and (worst is None or order.index(out.wound) > order.index(worst)):
            worst = out.wound
    return HealthOutcome(state, tuple(rolls), tuple(events), worst)


def apply_to_target(dice: Dice, character: Character, state: MythrasState, outcome: Outcome) -> HealthOutcome:
    """What the exchange did to the defender: the effects, then the hits."""
    return apply_hits(dice, character, state, outcome.target_changes, outcome.hits, outcome.exchange.attack)


def apply_to_attacker(dice: Dice, character: Character, state: MythrasState, outcome: Outcome) -> HealthOutcome:
    """What the exchange did to the attacker: a defender's effects, an accidental injury."""
    state = _changes(state, outcome.attacker_changes)
    if any(k == "weapon_damage" for k, _ in outcome.attacker_changes):
        hp = character.weapon.hp
        if hp is not None and state.weapon_damage >= hp:
            state = replace(state, weapon_state="broken")
    rolls: list[Roll] = []
    events: list[str] = []
    for h in outcome.attacker_hits:
        out = take_damage(dice, character, state, h.location, h.damage, outcome.exchange.defence)
        state, rolls, events = out.state, rolls + list(out.rolls), events + list(out.events)
    return HealthOutcome(state, tuple(rolls), tuple(events))
