"""Carrying out a declared round: fast, normal and slow actions in decreasing initiative,
then the moves end, then the end-of-round checks and the victory test.

A mixin of `Match` (game/world/match.py), which holds the state, the queries and the
declarations; this module holds what happens when the round resolves.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

import esper

from engine.outcome import Impossible
from engine.turn import Question
from game.world import geometry as geo
from game.world.actions import (
    Aim,
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Overwatch,
    PickUp,
    Reload,
    Stand,
    Throw,
)
from game.world.components import (
    Aiming,
    Ammo,
    Combatant,
    Declared,
    Grenades,
    Moved,
    Position,
    Posture,
)
from game.world.events import BlastAt, EventKind, Health, Marker, MovedTo, StrikeNote, Tally


class RoundResolution:
    """The resolution half of a match."""

    # --- the steps of a round (game/flow.py drives them as the ruleset's round says) ---------

    def close_declarations(self) -> None:
        """Every declaration is in: a unit nobody declared for goes on with what it was doing
        (a reload, first aid, a kept overwatch), else holds."""
        for uid in self._declare_queue:
            if self.declared(uid) is None and not self.view(uid).out:
                self.phase = "declare"
                if isinstance(self.declare(uid, self.carry_on(uid)), Impossible):
                    self.declare(uid, Hold())

    def phase_step(self, name: str) -> None:
        """A phase boundary of the round (engine.turn.Phase): start, declared, move, end."""
        self._use()
        if name == "start":
            for ent, _ in esper.get_component(Declared):
                esper.remove_component(ent, Declared)
            for _, mv in esper.get_component(Moved):
                mv.mode, mv.path = "none", ()
        elif name == "declared":
            self._acted, self._lost, self._resting = set(), set(), set()
            self._interrupt_work()
            self._begin_watches()
        elif name == "move":
            self.phase = "move"
            self._finish_moves()
        elif name == "end":
            self.phase = "end"
            self._end_of_round()
        else:
            raise ValueError(f"unknown phase {name!r}")

    def resolve_step(self, uid: int, phase: str) -> Iterator[Question]:
        """Carry out what `uid` declared, now (engine.turn.Resolve): the overwatches it
        triggers by acting go off before or after it. Yields the questions the action asks
        on the way (the flow answers them)."""
        self._use()
        self.phase = phase
        if self.view(uid).out:
            return
        later = self._overwatch_before(uid, phase)
        if not self.view(uid).out:
            self._carry_out(uid)
            self._overwatch_after(uid, later)
        self._acted.add(uid)
        yield from ()

    def action_speed_of(self, uid: int) -> str | None:
        """When `uid`'s declared action resolves this round; None when it declared nothing or
        an overwatch (which acts only when triggered)."""
        d = self.declared(uid)
        if d is None or isinstance(d.action, Overwatch):
            return None
        return self._speed(uid, d)

    def _speed(self, uid: int, d: Declared) -> str:
        a = d.action
        if isinstance(a, Attack):
            return self.rules.action_speed(self._request(uid, a.target, a.mode, a.options))
        if isinstance(a, AreaFire | Throw):
            return "normal"
        return "slow"

    def _health(self, uid: int, state: Any, first_aid: bool = False) -> Health:
        """The payload for a change of `uid`'s state: the unit and its state after it as plain
        values, so that a replay or the UI's playback can show each unit as it was at every
        step of the round."""
        return Health(uid, self.rules.health_facts(state), first_aid)

    def _set_state(self, uid: int, state: Any) -> None:
        c = self._comp(uid, Combatant)
        before = self.rules.out_of_fight(c.state)
        resting = self.rules.must_rest(c.combatant, c.state)
        c.state = state
        self._changed(uid)
        if not before and self.rules.out_of_fight(state):
            self._event(EventKind.DOWN, f"{self.name(uid)} is down: {self.rules.status(state)}", uid, data=self._health(uid, state))
            self._release(uid, "is down")
        elif not resting and self.rules.must_rest(c.combatant, state):
            self._exhausted(uid)

    def _exhausted(self, uid: int) -> None:
        """Fatigue: "If a character becomes Exhausted then they must immediately rest": during
        the round's actions it loses the rest of them (its action if it has not come, and its
        move); from the next round it may only hold (Match._rest_refusal)."""
        now = self.phase in ("fast", "normal", "slow")
        if now:
            self._lost.add(uid)
            self._resting.add(uid)
            mv = self._comp(uid, Moved)
            mv.mode, mv.path = "none", ()
        self._event(EventKind.STATUS, f"{self.name(uid)} is exhausted and must rest"
                    + ("; it loses the rest of its round" if now and uid not in self._acted else ""), uid, data=Marker("exhausted"))

    def _apply(self, target: int, result: Any, attacker: int | None = None) -> None:
        c = self._comp(target, Combatant)
        applied = self.rules.apply(self.dice, c.combatant, c.state, result)
        for roll in applied.rolls:
            self._event(EventKind.ROLL, roll.describe(), target)
        health = self._health(target, applied.state)
        for text in applied.events:
            self._event(EventKind.STATUS, f"{self.name(target)} {text}" if not text.startswith(self.name(target)) else text, target, data=health)
        self._set_state(target, applied.state)
        standing = not self.rules.out_of_fight(self._comp(target, Combatant).state)
        for effect in getattr(result, "effects", ()):
            if effect == "prone":
                self._comp(target, Posture).stance = "prone"
                self._changed(target)
                self._event(EventKind.STATUS, f"{self.name(target)} is knocked prone", target)
            elif effect == "grappled" and attacker is not None and standing and not self.view(attacker).out:
                self._grapple(attacker, target)
            elif effect == "disarmed" and standing:
                self._drop_weapon(target, "is disarmed and drops")
            elif effect.startswith("overwhelmed:") and standing:
                self._overwhelm(target, effect)
        if getattr(result, "hit", False) and not self.rules.out_of_fight(self._comp(target, Combatant).state):
            state = self._comp(target, Combatant).state
            self._event(EventKind.DAMAGE, f"{self.name(target)}: {self.rules.status(state)}", None, target, data=self._health(target, state))

    def _log_result(self, uid: int, target: int | None, result: Any) -> None:
        if isinstance(result, Impossible) or hasattr(result, "reason"):
            self._event(EventKind.INFO, f"{self.name(uid)}: {result.reason}", uid, target)
            return
        for line in result.describe().splitlines():
            self._event(EventKind.ATTACK, line, uid, target)

    def in_cone(self, uid: int, target: int, facts: Any) -> list[Any]:
        """The living units other than `target` that `uid`'s shotgun cone at `target` may hit
        (a 30 degree arc to long range, read as the cone, in sight; rules-notes), nearest
        first; none for a weapon without a spread. The world fires at them, the AI weighs
        its friends among them."""
        if not facts.spread_m:
            return []
        v, t = self.view(uid), self.view(target)
        others = [w for w in self.units(living=True) if w.uid not in (uid, target)]
        in_arc = geo.targets_in_arc(v.pos, t.pos, [w.pos for w in others], 30,
                                    facts.long_m / self.grid.metres_per_tile)
        by_pos = {w.pos: w for w in others}
        return [by_pos[p] for p in in_arc if geo.line_of_sight(self.grid, v.pos, p)]

    def _cone_others(self, uid: int, target: int, facts: Any) -> tuple:
        """`in_cone` as the rules core's `others`: each with its situation."""
        return tuple((self.participant(w.uid), self.situation(uid, w.uid)) for w in self.in_cone(uid, target, facts))

    def _strike(self, uid: int, target: int, mode: str, options: Mapping[str, Any], others: tuple = (),
                stray: bool = False) -> list[Any]:
        """Resolve an attack and apply its results. A jam stops the shots after it (their
        rounds stay in the magazine); a shot gone astray (`stray`) is rolled with no crowd
        fumble and its fumble is a plain miss."""
        d = self.declared(target)
        if d is not None and not options.get("unaware"):  # an unaware target spends no defence on it
            esper.add_component(self._entities[target], replace(d, ruleset_decl=self.rules.note_attacked(d.ruleset_decl, self.name(uid))))
        mine = self.declared(uid)
        if mine is not None and mode == "melee":
            esper.add_component(self._entities[uid], replace(mine, ruleset_decl=self.rules.note_attacked(mine.ruleset_decl, self.name(target))))
        request = self._request(uid, target, mode, options)
        if others:
            request = replace(request, others=others)
        if stray:
            request = replace(request, situation=replace(request.situation, target_melee_crowd=0))
        by_name = {self.name(u): u for u in self.uids()}
        results = self.rules.resolve(self.dice, request)
        done: list[Any] = []
        for r in results:
            hit_uid = by_name.get(getattr(r, "target", None), target)
            self._log_result(uid, hit_uid, r)
            done.append(r)
            if hasattr(r, "reason"):
                continue
            self._apply(hit_uid, r, uid)
            self._cost_attacker(uid, r)
            outcome = None if stray else getattr(r, "fumble_outcome", None)
            if outcome == "drop_weapon":
                self._drop_weapon(uid, "fumbles and drops")
            elif outcome == "random_target":
                self._stray(uid, hit_uid, mode, options)
            elif outcome == "jam":
                self._jam(uid)
                unfired = len(results) - len(done)
                ammo = esper.try_component(self._entities[uid], Ammo)
                if unfired and ammo is not None:
                    each = self.rules.ammo_use(self.view(uid).combatant, mode, {**options, "shots": 1, "bursts": 1})
                    ammo.loaded = min(ammo.capacity, ammo.loaded + each * unfired)
                    self._event(EventKind.INFO, f"{self.name(uid)}'s {unfired} further "
                                f"{'shot' if mode == 'shot' else 'burst'}{'s' if unfired > 1 else ''} not fired", uid)
                break
            if self.view(uid).out:
                break
        return done

    def _cost_attacker(self, uid: int, result: Any) -> None:
        """What an attack costs the one who made it (Yags: fatigue for a fumble whose chosen
        outcome is fatigue, and for a tiring manoeuvre that succeeded)."""
        c = self._comp(uid, Combatant)
        applied = self.rules.apply_to_attacker(self.dice, c.combatant, c.state, result)
        if applied.state is c.state:
            return
        for text in applied.events:
            self._event(EventKind.STATUS, text, uid, data=self._health(uid, applied.state))
        self._set_state(uid, applied.state)

    def _carry_out(self, uid: int) -> None:
        d = self.declared(uid)
        if d is None:
            return
        a = d.action
        if uid in self._lost:
            why = "is exhausted and rests" if uid in self._resting else "is held"
            self._event(EventKind.INFO, f"{self.name(uid)} {why}: its action is lost", uid)
            return
        if isinstance(a, Attack):
            self._attack(uid, a)
        elif isinstance(a, AreaFire):
            self._area_fire(uid, a)
        elif isinstance(a, Throw):
            self._throw(uid, a)
        elif isinstance(a, Reload):
            if esper.has_component(self._entities[uid], Ammo):
                self._reload(uid)
        elif isinstance(a, FirstAid):
            self._tend(uid, a)
        elif isinstance(a, PickUp):
            self._pick_up(uid)
        elif isinstance(a, Stand):
            self._comp(uid, Posture).stance = "normal"
            self._changed(uid)
            self._event(EventKind.STATUS, f"{self.name(uid)} stands up", uid)
        elif isinstance(a, Aim):
            esper.add_component(self._entities[uid], Aiming(a.target, self.round))
            self._event(EventKind.INFO, f"{self.name(uid)} aims at {self.name(a.target)}", uid, a.target)

    def _attack(self, uid: int, a: Attack) -> None:
        t = self.view(a.target)
        if t.out:
            self._event(EventKind.INFO, f"{self.name(uid)} holds: {t.name} is already down", uid, a.target)
            return
        v = self.view(uid)
        facts = self.rules.weapon_facts(v.combatant)
        if a.mode == "melee":
            if geo.chebyshev(v.pos, t.pos) > facts.reach_tiles:
                path = self._approach(v, t.pos, facts.reach_tiles)
                if not path:
                    self._event(EventKind.INFO, f"{v.name} cannot reach {t.name}", uid, a.target)
                    return
                self._walk(uid, path, attacking=a.target)
                if self.view(uid).out:
                    return
            t_facts = self.rules.weapon_facts(t.combatant)
            if t_facts.melee and not self.view(a.target).out and self.grappled_with(a.target) in (None, uid):
                # Free strikes before the attack (Reach 1-2; Free Strikes 1-2): the defender's
                # longer reach earns one, grappling or tripping one; an attacker with the
                # longer weapon ignores one; several merge into one automatic strike.
                why = []
                if t_facts.reach > facts.reach:
                    why.append(f"{t.name}'s longer reach")
                if a.options.get("manoeuvre") in ("grapple", "grapple_neck", "trip"):
                    why.append(f"{v.name} reaching to grab")
                count = len(why) - (1 if facts.reach > t_facts.reach else 0)
                if count >= 1:
                    kind = "automatic strike" if count >= 2 else "free strike"
                    self._event(EventKind.FREE_STRIKE, f"{t.name}: {' and '.join(why)}: a{'n' if count >= 2 else ''} "
                                f"{kind} at {v.name}", a.target, uid, data=StrikeNote(kind))
                    self._strike(a.target, uid, "melee", {"kind": kind, "automatic": count >= 2})
                    if self.view(uid).out:
                        return
            results = self._strike(uid, a.target, "melee", a.options)
            for r in results:
                if (getattr(r, "counter_strike", False) and not self.view(a.target).out and not self.view(uid).out
                        and self.grappled_with(a.target) in (None, uid)):
                    if self.rules.weapon_facts(self.view(a.target).combatant).melee:
                        self._event(EventKind.FREE_STRIKE, f"{t.name} counter strikes", a.target, uid)
                        self._strike(a.target, uid, "melee", {"kind": "counter strike"})
            return
        if not geo.line_of_sight(self.grid, v.pos, t.pos):
            self._event(EventKind.INFO, f"{v.name} has lost sight of {t.name}", uid, a.target)
            return
        ammo = esper.try_component(self._entities[uid], Ammo)
        if facts.melee:
            self._event(EventKind.INFO, f"{v.name} has no weapon to shoot with", uid, a.target)
            return
        if ammo is not None:
            need = self.rules.ammo_use(v.combatant, a.mode, a.options)
            if ammo.jammed:
                self._event(EventKind.INFO, f"{v.name}'s {facts.name} is jammed", uid)
                return
            if ammo.loaded <= 0 or ammo.reload_left:
                self._event(EventKind.INFO, f"{v.name}'s {facts.name} is empty", uid)
                return
            options = dict(a.options)
            if need > ammo.loaded:
                options["rounds"] = ammo.loaded
                need = ammo.loaded
            ammo.loaded -= need
            if a.mode == "burst" and facts.burst:
                self._shy(uid, a.target, -(-need // facts.burst))  # each burst fired at it
            self._strike(uid, a.target, a.mode, options, others=self._cone_others(uid, a.target, facts))
            self._event(EventKind.AMMO, f"{v.name}: {ammo.loaded}/{ammo.capacity} rounds, {ammo.magazines} magazines", uid)
        else:
            if a.mode == "burst":
                self._shy(uid, a.target, max(1, int(a.options.get("bursts", 1))))
            self._strike(uid, a.target, a.mode, a.options)

    def _shy(self, uid: int, target: int, bursts: int) -> None:
        """Note `bursts` aimed at `target` for its bullet shyness check at the end of the round
        (Bullet Shyness), and whether it was in 90% cover or better from the firer then
        (soft or hard 90%, or diving for cover in a full dodge)."""
        cover = self.situation(uid, target).target_cover
        d = self.declared(target)
        covered = cover in ("soft90", "hard90", "full") or (d is not None and (
            isinstance(d.action, FullDodge) or d.choices.get("cover_action") == "step_out"))
        self._pressure.setdefault(target, []).extend([covered] * bursts)

    def _area_fire(self, uid: int, a: AreaFire) -> None:
        v = self.view(uid)
        arc = 60 if a.suppressive else 30
        facts = self.rules.weapon_facts(v.combatant)
        ammo = esper.try_component(self._entities[uid], Ammo)
        if "area" not in facts.modes:
            self._event(EventKind.INFO, f"{v.name} has no weapon to fire with", uid)
            return
        if ammo is not None:
            if ammo.loaded <= 0 or ammo.reload_left or ammo.jammed:
                self._event(EventKind.INFO, f"{v.name}'s {facts.name} is {'jammed' if ammo.jammed else 'empty'}", uid)
                return
            bullets = min(ammo.loaded, facts.burst)
            ammo.loaded -= bullets
        else:
            bullets = facts.burst
        others = [w for w in self.units(living=True) if w.uid != uid]
        points = [w.pos for w in others]
        in_arc = geo.targets_in_arc(v.pos, a.aim, points, arc, int(facts.long_m / self.grid.metres_per_tile))
        by_pos = {w.pos: w for w in others}
        victims = [by_pos[p] for p in in_arc if geo.line_of_sight(self.grid, v.pos, p)]
        if not victims:
            self._event(EventKind.INFO, f"{v.name} fires into an empty arc", uid)
            return
        first, rest = victims[0], victims[1:]
        req = self._request(uid, first.uid, "suppress" if a.suppressive else "area", {"rounds": bullets})
        req = replace(req, others=tuple((self.participant(w.uid), self.situation(uid, w.uid)) for w in rest))
        names = {w.name: w.uid for w in victims}
        for r in self.rules.resolve(self.dice, req):
            target = names.get(getattr(r, "target", ""), None)
            self._log_result(uid, target, r)
            if target is not None and not hasattr(r, "reason"):
                self._shy(uid, target, 1)  # targeted by the burst, hit or not
                self._apply(target, r, uid)
                self._cost_attacker(uid, r)

    def _throw(self, uid: int, a: Throw) -> None:
        v = self.view(uid)
        grenades = self._comp(uid, Grenades)
        if a.weapon not in grenades.weapon_ids:
            return
        grenades.weapon_ids.remove(a.weapon)
        self._changed(uid)
        dist = geo.distance_m(self.grid, v.pos, a.tile)
        roll, offset_m = self.rules.throw(self.dice, self.participant(uid), a.weapon, dist)
        self._event(EventKind.ATTACK, roll.describe(), uid)
        land = a.tile
        if offset_m != (0.0, 0.0):
            mpt = self.grid.metres_per_tile
            lx = min(max(0, a.tile[0] + round(offset_m[0] / mpt)), self.grid.width - 1)
            ly = min(max(0, a.tile[1] + round(offset_m[1] / mpt)), self.grid.height - 1)
            land = (lx, ly)
            self._event(EventKind.BLAST, f"the {a.weapon.replace('_', ' ')} scatters to {land}", uid)
        victims = []
        for w in self.units():
            if w.state is not None and getattr(w.state, "status", "ok") == "dead":
                continue
            d_m = geo.distance_m(self.grid, land, w.pos)
            covered = not geo.line_of_sight(self.grid, land, w.pos) or geo.cover_between(self.grid, land, w.pos) in ("hard50", "hard90")
            d_m += self._take_cover(uid, w.uid, a.weapon, d_m)
            victims.append((w.uid, self.participant(w.uid), d_m, covered))
        results = self.rules.blast(self.dice, self.participant(uid), a.weapon, [(p, d_m, c) for _, p, d_m, c in victims])
        self._event(EventKind.BLAST, f"the {a.weapon.replace('_', ' ')} explodes at {land}", uid, data=BlastAt(land))
        for (wuid, _, _, _), r in zip(victims, results, strict=False):
            if r is None:
                continue
            self._log_result(uid, wuid, r)
            if not hasattr(r, "reason"):
                self._apply(wuid, r, uid)

    def _take_cover(self, thrower: int, uid: int, weapon: str, distance_m: float) -> float:
        """Taking Cover: a victim in the blast's reach with a defence for the thrower dodges;
        the metres it gets further out (it dives where it stands: the grid keeps it on its
        tile, the blast's bands count the distance; rules-notes). The dodge spends that
        defence, as an attack from the thrower would. The thrower itself does not dodge."""
        d, v = self.declared(uid), self.view(uid)
        if uid == thrower or d is None or self.rules.out_of_fight(v.state):
            return 0.0  # the thrower is busy throwing
        decl = self.rules.note_attacked(d.ruleset_decl, self.name(thrower))
        roll, metres = self.rules.take_cover(self.dice, replace(self.participant(uid), declaration=decl),
                                             self.name(thrower), weapon, distance_m)
        if roll is None:
            return 0.0
        esper.add_component(self._entities[uid], replace(d, ruleset_decl=decl))
        self._changed(uid)
        self._event(EventKind.ATTACK, roll.describe() + (f": {v.name} dives {metres:g} m further out" if metres
                                                 else f": {v.name} is caught"), uid)
        return metres

    def _walk(self, uid: int, path: Sequence[tuple[int, int]], attacking: int | None = None) -> None:
        """Move along `path`, through friends (as `reachable` allows) but stopping short of
        an enemy and of a taken end tile, never ending on a friend's tile; enemies whose reach
        the mover passes through (without attacking them) get a free strike (Free Strikes, 3)."""
        v = self.view(uid)
        pos = self._comp(uid, Position)
        path = [tuple(p) for p in path]
        if path and path[0] == v.pos:
            path = path[1:]
        struck: set[int] = set()
        occupied = self.occupied(uid)
        # Each foe handles its strikes independently, in initiative order (Free Strikes).
        foes = sorted(self.enemies_of(uid), key=lambda e: (-e.initiative, e.uid))
        foe_tiles = {e.pos for e in foes}
        last_free = v.pos
        for i, step in enumerate(path):
            if step in foe_tiles or (step in occupied and i == len(path) - 1):
                break
            for e in foes:
                e = self.view(e.uid)
                if e.out:
                    continue
                if e.uid in struck or e.uid == attacking or self.grappled_with(e.uid) not in (None, uid):
                    continue
                ef = self.rules.weapon_facts(e.combatant)
                if ef.melee and geo.chebyshev(e.pos, (pos.x, pos.y)) <= ef.reach_tiles and geo.chebyshev(e.pos, step) > ef.reach_tiles:
                    struck.add(e.uid)
                    self._event(EventKind.FREE_STRIKE, f"{e.name} strikes at {v.name} moving past", e.uid, uid)
                    self._strike(e.uid, uid, "melee", {"kind": "free strike"})
                    if self.view(uid).out:
                        return
            pos.x, pos.y = step
            self._changed(uid)
            if step not in occupied:
                last_free = step
            if self._watching:
                self._overwatch_step(uid)  # stepping into an enemy's overwatch
                if self.view(uid).out:
                    break
        if (pos.x, pos.y) in occupied:  # stopped short on a friend: back to the last free tile
            pos.x, pos.y = last_free
            self._changed(uid)
        self._event(EventKind.MOVE, f"{v.name} moves to {(pos.x, pos.y)}", uid, data=MovedTo((pos.x, pos.y)))

    def _finish_moves(self) -> None:
        """Movers reach their end tiles in decreasing initiative: a higher initiative takes a
        contested tile first (rules-notes, Simultaneous movement)."""
        for uid in reversed(self._declare_queue):
            mv = self._comp(uid, Moved)
            if mv.mode == "none" or not mv.path or self.view(uid).out:
                continue
            self._walk(uid, mv.path)

    def _end_of_round(self) -> None:
        for uid in self.uids():
            c = self._comp(uid, Combatant)
            aimed = self._pressure.pop(uid, [])
            d = self.declared(uid)
            applied = self.rules.end_of_round(self.dice, c.combatant, c.state, bursts=len(aimed),
                                              in_cover=bool(aimed) and all(aimed),
                                              moved=self._comp(uid, Moved).mode,
                                              declaration=d.ruleset_decl if d is not None else None)
            for roll in applied.rolls:
                self._event(EventKind.ROLL, roll.describe(), uid)
            for text in applied.events:
                self._event(EventKind.STATUS, text, uid, data=self._health(uid, applied.state))
            self._set_state(uid, applied.state)

    def check_victory(self, final: bool) -> bool:
        """Is the match decided? (`final`: the round is over, so `max_rounds` counts.)"""
        return self._check_victory(final)

    def _check_victory(self, final: bool) -> bool:
        if self._winner is not None:
            return True
        standing = {team: len(self.units(team, living=True)) for team in self.teams}
        alive = [t for t, n in standing.items() if n > 0]
        if len(alive) <= 1:
            self._winner = alive[0] if alive else "draw"
        elif final and self.round >= self.max_rounds:
            self._winner = "draw"
        if self._winner is not None:
            self.phase = "over"
            self._event(EventKind.VICTORY, f"{self._winner} wins" if self._winner != "draw" else "draw", data=Tally(standing))
            return True
        return False

