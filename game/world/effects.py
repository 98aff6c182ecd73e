"""What results do besides damage, and work that lasts several rounds: grapples, dropped
weapons, jams, shots gone astray into a melee, overwhelming attacks, first aid, and reloads
or tending interrupted by another declaration.

A mixin of `Match` (game/world/match.py) beside `RoundResolution` (resolution.py): the
declaration checks call the `_..._refusal` helpers, the resolution calls the effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import esper

from engine.outcome import Impossible
from game.world import geometry as geo
from game.world.actions import (
    COVER_ACTIONS,
    Action,
    Aim,
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    Overwatch,
    PickUp,
    Reload,
    Throw,
)
from game.world.components import Ammo, Combatant, Dropped, Grapple, Moved, Posture, Tending
from game.world.events import EventKind, GearNote, Marker


def is_missile_attack(action: Action) -> bool:
    """A shot, burst, area fire or throw (Missile Attacks): made in the normal stance."""
    return isinstance(action, AreaFire | Throw) or (isinstance(action, Attack) and action.mode != "melee")


class Effects:
    """The effects half of a match."""

    # --- queries (the UI and the AI read these) -------------------------------------------

    def grappled_with(self, uid: int) -> int | None:
        """The unit `uid` holds or is held by (Grappled), None if it is in no hold."""
        self._use()
        g = esper.try_component(self._entities[uid], Grapple)
        return None if g is None else g.partner

    def holds(self, uid: int) -> bool:
        """Is `uid` the one holding (not the one held) in its grapple?"""
        self._use()
        g = esper.try_component(self._entities[uid], Grapple)
        return g is not None and g.holder

    def dropped_weapon(self, uid: int) -> tuple[str, tuple[int, int]] | None:
        """The weapon `uid` dropped (its name) and the tile where it lies, or None."""
        self._use()
        d = esper.try_component(self._entities[uid], Dropped)
        return None if d is None else (d.name, d.tile)

    def tending(self, uid: int) -> Tending | None:
        """First aid `uid` is giving (patient, wounds or stuns, rounds left), or None."""
        self._use()
        return esper.try_component(self._entities[uid], Tending)

    def carry_on(self, uid: int) -> Action:
        """What `uid` declares to go on with what it is in the middle of (a reload, first aid,
        an overwatch nothing triggered last round: Waiting beyond a round), else Hold: the
        declaration for a unit nobody declared for."""
        ammo = self.view(uid).ammo
        if ammo is not None and ammo.reload_left:
            return Reload()
        t = self.tending(uid)
        if t is not None:
            return FirstAid(t.patient, t.stuns)
        return self._keep_watch(uid) or Hold()

    # --- declaration checks ---------------------------------------------------------------

    def _grapple_refusal(self, v: Any, action: Action, stance: str | None,
                         choices: Mapping[str, Any]) -> Impossible | None:
        """Grappled: "Neither can defend against attacks made by others, nor can they attack
        anyone other than the person they are grappling"; the held cannot move away (escaping
        a hold is not in the game); the holder lets go by declaring a move."""
        partner = self.grappled_with(v.uid)
        if partner is None:
            return None
        p = self.name(partner)
        if isinstance(action, Move) and self.holds(v.uid):
            return None  # lets go of the hold
        if stance not in (None, "grappled"):
            return Impossible(f"{v.name} is grappled with {p}: the grappled stance, not {stance}")
        if isinstance(action, Move | FullDodge) or getattr(action, "path", ()):
            if self.holds(v.uid):
                return Impossible(f"{v.name} holds {p}: it moves only by letting go (a plain move)")
            return Impossible(f"{v.name} is held by {p} and cannot move away (Grappled)")
        if choices.get("cover_action"):
            return Impossible(f"{v.name} is grappled with {p}: no shooting from cover")
        if isinstance(action, Attack) and action.target != partner or isinstance(action, AreaFire | Throw | Overwatch):
            return Impossible(f"{v.name} is grappled with {p} and can attack no one else (Grappled)")
        if isinstance(action, Aim | FirstAid | PickUp):
            return Impossible(f"{v.name} is grappled with {p}: its hands are full")
        return None

    def _bolt_volley(self, v: Any, action: Action) -> bool:
        """Several shots a round from a bolt action (Rate of Fire: "You cannot make any defence
        or move actions in a round when firing multiple shots like this")."""
        return (isinstance(action, Attack) and action.mode == "shot" and int(action.options.get("shots", 1)) > 1
                and self.rules.weapon_facts(v.combatant).bolt_action)

    def _in_cover(self, v: Any, tile: tuple[int, int]) -> bool:
        """A place of cover (Moving from cover to cover): every enemy that sees `tile` has
        some cover (soft or hard) between it and the tile."""
        for e in self.enemies_of(v.uid):
            if geo.line_of_sight(self.grid, e.pos, tile) and geo.cover_between(self.grid, e.pos, tile) is None:
                return False
        return True

    def _cover_action_refusal(self, v: Any, action: Action, cover_action: Any) -> Impossible | None:
        """Shooting from Cover. "step_out" (firing from full cover): a missile attack, standing,
        with full cover to duck back behind: hard 90% cover between it and the target, or a
        tile next to it out of the target's sight. "cover_to_cover": a move, or a shot with a
        free move ("within your combat move, you may also shoot"), from a place of cover to
        another."""
        if cover_action not in COVER_ACTIONS:
            return Impossible(f"unknown cover action {cover_action!r}: step_out or cover_to_cover")
        if cover_action == "step_out":
            if not (isinstance(action, Attack) and action.mode != "melee"):
                return Impossible("stepping out of cover is for a shot (Firing from full cover)")
            if action.path:
                return Impossible("stepping out to shoot: no move that round (use cover_to_cover)")
            t = self.view(action.target).pos if action.target in self._entities else None
            if t is None:
                return None
            ducks = [p for p in [v.pos, *geo.neighbours8(self.grid, v.pos)]
                     if (p == v.pos or self.grid.walkable(*p)) and geo.hidden_from(self.grid, [t], p)]
            if not ducks:
                return Impossible(f"no full cover to step out from: {v.name} needs hard 90% cover "
                                  "toward the target, or a tile beside it out of the target's sight")
            return None
        if isinstance(action, Attack) and action.mode != "melee":
            if not action.path:
                return Impossible("moving from cover to cover needs a path")
            if action.options.get("move", "free") != "free":
                return Impossible("shooting while moving from cover to cover: within the combat move only")
            path = action.path
        elif isinstance(action, Move):
            path = action.path
        else:
            return Impossible("moving from cover to cover is a move, or a shot with a move")
        if not path:
            return Impossible("moving from cover to cover needs a path")
        if not self._in_cover(v, v.pos):
            return Impossible(f"{v.name} is not in cover where it stands: enemies see it in the open")
        if not self._in_cover(v, tuple(path[-1])):
            return Impossible(f"{tuple(path[-1])} is not in cover from the enemies that see it")
        return None

    def _first_aid_refusal(self, v: Any, action: FirstAid) -> Impossible | None:
        if self.rules.first_aid_rounds() <= 0:
            return Impossible(f"{self.rules.name} has no first aid")
        if action.patient not in self._entities:
            return Impossible(f"no unit {action.patient}")
        p = self.view(action.patient)
        if p.team != v.team:
            return Impossible(f"{p.name} is not on your side")
        if getattr(p.state, "status", "") == "dead":
            return Impossible(f"{p.name} is dead")
        if geo.chebyshev(v.pos, p.pos) > 1:
            return Impossible(f"{p.name} is not next to {v.name}: first aid needs the patient within reach")
        return None

    def _pick_up_refusal(self, v: Any) -> Impossible | None:
        self._use()
        d = esper.try_component(self._entities[v.uid], Dropped)
        if d is None:
            return Impossible(f"{v.name} has dropped no weapon")
        if geo.chebyshev(v.pos, d.tile) > 1:
            return Impossible(f"the {d.name} lies at {d.tile}: step next to it first")
        return None

    # --- effects of results ---------------------------------------------------------------

    def _redeclare(self, uid: int, effect: str, other: str = "") -> None:
        """Carry `effect` on `uid`'s declaration for the rest of the round."""
        d = self.declared(uid)
        if d is not None:
            esper.add_component(self._entities[uid],
                                replace(d, ruleset_decl=self.rules.note_effect(d.ruleset_decl, effect, other)))

    def _overwhelm(self, uid: int, effect: str) -> None:
        """Overwhelming attacks: "-5 per level of success to any further attacks or defences
        that they make that round against anyone"."""
        self._redeclare(uid, effect)
        self._event(EventKind.STATUS, f"{self.name(uid)} is overwhelmed: {effect.split(':', 1)[1]} to further attacks "
                    "and defences this round", uid)

    def _grapple(self, holder: int, held: int) -> None:
        """Grapple: "both you and the target are considered to be grappled"; the held "loses
        the rest of their declared actions that round" (its action if it has not acted, and
        its move). A new hold ends any other hold either was in."""
        for uid in (holder, held):
            if self.grappled_with(uid) is not None:
                self._release(uid, "lets go")
        ents = self._entities
        esper.add_component(ents[holder], Grapple(held, True))
        esper.add_component(ents[held], Grapple(holder, False))
        for uid, other in ((holder, held), (held, holder)):
            self._comp(uid, Posture).stance = "normal"  # the grappled stance replaces any other
            self._changed(uid)
            self._redeclare(uid, "grappled", self.name(other))
        mv = self._comp(held, Moved)
        mv.mode, mv.path = "none", ()
        lost = held not in self._acted
        self._lost.add(held)
        self._event(EventKind.STATUS, f"{self.name(holder)} holds {self.name(held)}: both are grappled"
                    + (f"; {self.name(held)} loses the rest of its actions this round" if lost
                       else f"; {self.name(held)} loses its move this round"), holder, held, data=Marker("grapple"))

    def _release(self, uid: int, how: str) -> None:
        """End `uid`'s hold (both sides)."""
        partner = self.grappled_with(uid)
        if partner is None:
            return
        for u in (uid, partner):
            esper.remove_component(self._entities[u], Grapple)
            self._changed(u)
        self._event(EventKind.STATUS, f"{self.name(uid)} {how}: the hold with {self.name(partner)} ends", uid, partner)

    def _drop_weapon(self, uid: int, how: str) -> bool:
        """The unit loses its weapon (Disarm: it "falls to the ground within a few metres";
        Fumbling an attack: "You lose your weapon"): it lies on the unit's tile and the unit
        fights with what it has left, its natural weapons, until it picks it up. A unit with
        nothing but natural weapons has nothing to drop."""
        self._use()
        ent = self._entities[uid]
        if esper.has_component(ent, Dropped):
            return False
        c = self._comp(uid, Combatant)
        facts = self.rules.weapon_facts(c.combatant)
        bare = self.rules.make_combatant({k: v for k, v in self._specs[uid].items() if k != "weapon"})
        if self.rules.weapon_facts(bare).name == facts.name:
            self._event(EventKind.INFO, f"{self.name(uid)} fights with its {facts.name.lower()}: nothing to drop", uid)
            return False
        ammo = esper.try_component(ent, Ammo)
        if ammo is not None:
            esper.remove_component(ent, Ammo)
            ammo.reload_left = 0
        tile = self.view(uid).pos
        esper.add_component(ent, Dropped(facts.name, tile, c.combatant, ammo))
        c.combatant = bare
        self._changed(uid)
        self._event(EventKind.STATUS, f"{self.name(uid)} {how} the {facts.name}: it lies at {tile}", uid, data=GearNote(weapon=facts.name, tile=tile))
        return True

    def _pick_up(self, uid: int) -> None:
        self._use()
        ent = self._entities[uid]
        d = esper.try_component(ent, Dropped)
        if d is None:
            return
        if geo.chebyshev(self.view(uid).pos, d.tile) > 1:
            self._event(EventKind.INFO, f"{self.name(uid)} cannot reach the {d.name}", uid)
            return
        esper.remove_component(ent, Dropped)
        self._comp(uid, Combatant).combatant = d.armed
        if d.ammo is not None:
            esper.add_component(ent, d.ammo)
        self._changed(uid)
        self._event(EventKind.STATUS, f"{self.name(uid)} picks up the {d.name}", uid, data=GearNote(weapon=d.name))

    def _jam(self, uid: int) -> None:
        """Missile fumbles: "An unreliable weapon will jam"; it fires no more until cleared."""
        self._use()
        ammo = esper.try_component(self._entities[uid], Ammo)
        if ammo is None:
            return
        ammo.jammed = True
        self._changed(uid)
        name = self.rules.weapon_facts(self.view(uid).combatant).name
        self._event(EventKind.AMMO, f"{self.name(uid)}'s {name} jams: it fires no more until cleared (reload)", uid, data=GearNote(jammed=True))

    def _stray(self, uid: int, target: int, mode: str, options: Mapping[str, Any]) -> None:
        """Firing into melee: "A fumble in this situation means that a random target is hit";
        "just assigning equal chance to everyone" - the target and each figure in close combat
        with it (the crowd the fumble chance counted). The shot is rolled at the figure picked,
        with no crowd fumble (a fumble of that roll is a plain miss)."""
        t = self.view(target)
        figures = [target] + [w.uid for w in self.units(living=True)
                              if w.uid not in (uid, target) and w.team != t.team and geo.chebyshev(w.pos, t.pos) == 1]
        partner = self.grappled_with(target)  # someone wrestling with it is in the melee too
        if partner is not None and partner != uid and partner not in figures and not self.view(partner).out:
            figures.append(partner)
        face = self.dice.roll(len(figures))
        pick = figures[face - 1]
        self._event(EventKind.INFO, f"{self.name(uid)}'s fumbled shot goes astray into the melee: at "
                    f"{self.name(pick)} (d{len(figures)}: {face})", uid, pick, data=Marker("stray"))
        shot = str(options.get("shot", "normal"))
        self._strike(uid, pick, "shot", {"shot": "normal" if shot == "aimed" else shot}, stray=True)

    # --- work over several rounds ---------------------------------------------------------

    def _interrupt_work(self) -> None:
        """A reload or first aid goes on only while the unit declares it again: another
        declaration interrupts it, and a later one starts afresh (reloading and tending take
        the round's action)."""
        for uid in self._declare_queue:
            d = self.declared(uid)
            a = d.action if d is not None else None
            ammo = self.view(uid).ammo
            if ammo is not None and ammo.reload_left and not isinstance(a, Reload):
                ammo.reload_left = 0
                self._changed(uid)
                self._event(EventKind.AMMO, f"{self.name(uid)} stops reloading", uid)
            t = self.tending(uid)
            if t is not None and a != FirstAid(t.patient, t.stuns):
                esper.remove_component(self._entities[uid], Tending)
                self._event(EventKind.INFO, f"{self.name(uid)} stops tending {self.name(t.patient)}", uid, t.patient)

    def _tend(self, uid: int, a: FirstAid) -> None:
        """One round of first aid; the check when the last round is done (Healing and First
        aid: an Intelligence x First aid check after a minute's tending)."""
        ent = self._entities[uid]
        p = self.view(a.patient)
        if getattr(p.state, "status", "") == "dead" or geo.chebyshev(self.view(uid).pos, p.pos) > 1:
            if esper.has_component(ent, Tending):
                esper.remove_component(ent, Tending)
            self._event(EventKind.INFO, f"{self.name(uid)} cannot tend {p.name}", uid, a.patient)
            return
        t = esper.try_component(ent, Tending)
        if t is None:
            t = Tending(a.patient, a.stuns, self.rules.first_aid_rounds())
            esper.add_component(ent, t)
            self._event(EventKind.INFO, f"{self.name(uid)} tends {p.name}'s {'stuns' if a.stuns else 'wounds'} "
                        f"({t.rounds_left} rounds)", uid, a.patient)
        t.rounds_left -= 1
        if t.rounds_left > 0:
            self._event(EventKind.INFO, f"{self.name(uid)} goes on tending {p.name} ({t.rounds_left} rounds left)", uid, a.patient)
            return
        esper.remove_component(ent, Tending)
        applied = self.rules.first_aid(self.dice, self.participant(uid), self.participant(a.patient),
                                       stuns=a.stuns)
        for roll in applied.rolls:
            self._event(EventKind.ROLL, roll.describe(), uid, a.patient)
        for text in applied.events:
            self._event(EventKind.STATUS, text, uid, a.patient, data=self._health(a.patient, applied.state, first_aid=True))
        self._set_state(a.patient, applied.state)

    def _reload(self, uid: int) -> None:
        """Reloading takes the round's action for the weapon's reload rounds (Magazines and
        reloading); clearing a jam takes one round's action (the jammed round is already
        spent); a reload declared again goes on (`_interrupt_work` stops one not declared)."""
        ammo = self._comp(uid, Ammo)
        facts = self.rules.weapon_facts(self.view(uid).combatant)
        if ammo.jammed:
            ammo.jammed = False
            self._changed(uid)
            self._event(EventKind.AMMO, f"{self.name(uid)} clears the jam of the {facts.name}", uid, data=GearNote(jammed=False))
            return
        if ammo.reload_left:
            self._event(EventKind.AMMO, f"{self.name(uid)} goes on reloading ({ammo.reload_left} rounds left)", uid)
        else:
            ammo.reload_left = max(1, facts.reload_rounds)
            self._event(EventKind.AMMO, f"{self.name(uid)} reloads ({ammo.reload_left} rounds)", uid)
        ammo.reload_left -= 1
        if ammo.reload_left == 0 and ammo.magazines > 0:
            ammo.magazines -= 1
            ammo.loaded = ammo.capacity
            self._event(EventKind.AMMO, f"{self.name(uid)} has reloaded", uid)
        self._changed(uid)
