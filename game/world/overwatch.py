"""Overwatch on the grid (yags-combat.md, Action Types: Overwatch; Waiting beyond a round).

A unit on overwatch covers an area all round: with a missile weapon a 45 degree arc (the
ruleset's `overwatch_arc()`) from its tile toward the tile it aimed at, out to its weapon's
long range and in its sight; with a melee weapon the tiles in its reach where it stands at
the start of the round. The first enemy that presents itself there triggers it:

- an enemy that steps onto a covered tile (its end-of-round move, a melee charge, a full
  dodge's dive): the overwatch goes off at that step, before the next one;
- an enemy whose action comes while it stands on a covered tile (an attack, a throw, a
  reload, first aid, ...; not a hold, and a move or dodge only by its steps): the overwatch
  goes off before that action ("your action, if it fires, is always fast"), unless the
  enemy's own action is fast and wins the initiative (the watcher's initiative plus Per x
  Tactics if the overwatch was kept from an earlier round): then right after it.

On the trigger the watcher makes the ruleset's overwatch check (Yags: Perception x Tactics
at 10); a failure wastes the action. A success fires a fast snapshot (or strikes) with the
attack roll halved at a target that does not defend (the `overwatch` and `unaware` attack
options). Either way the overwatch is spent for the round. One not triggered may be kept by
declaring it again with the same aim (`carry_on` does that for a unit nobody declares for).

A mixin of `Match` (game/world/match.py) beside `RoundResolution` and `Effects`.
"""

from __future__ import annotations

from typing import Any

import esper

from engine.outcome import Impossible
from game.world import geometry as geo
from game.world.actions import Action, FullDodge, Hold, Move, Overwatch
from game.world.components import Ammo, Watch
from game.world.events import CheckNote, EventKind, WatchNote

# Declarations whose action, carried out inside a covered area, presents the unit there (a
# move or a full dodge presents it by its steps; a hold does nothing to be seen).
_QUIET = (Hold, Move, FullDodge, Overwatch)


class Overwatches:
    """The overwatch part of a match."""

    # --- queries (the UI reads these) -------------------------------------------------------

    def watch(self, uid: int) -> Watch | None:
        """`uid`'s overwatch: this round's once the round resolves, last round's while units
        declare (untriggered, it may be kept), else None."""
        self._use()
        return esper.try_component(self._entities[uid], Watch)

    def overwatch_covers(self, uid: int, aim: tuple[int, int] | None, tile: tuple[int, int],
                         origin: tuple[int, int] | None = None) -> bool:
        """Would `uid`'s overwatch toward `aim` (None: its melee reach) from `origin` (where it
        stands) cover `tile`?"""
        v = self.view(uid)
        facts = self.rules.weapon_facts(v.combatant)
        origin = v.pos if origin is None else origin
        if facts.melee:
            return aim is None and geo.chebyshev(origin, tile) <= facts.reach_tiles and tile != origin
        if aim is None or tile == origin or tuple(aim) == origin:
            return False
        if geo.distance_m(self.grid, origin, tile) > facts.long_m + 1e-9:
            return False
        return (geo.in_arc(origin, tuple(aim), tile, self.rules.overwatch_arc())
                and geo.line_of_sight(self.grid, origin, tile))

    def overwatch_sight(self, uid: int) -> set[tuple[int, int]]:
        """The tiles `uid` sees from where it stands within its weapon's long range (what a
        shooting overwatch can cover in any direction; worth keeping while it stands)."""
        v = self.view(uid)
        return geo.visible_from(self.grid, v.pos, self.rules.weapon_facts(v.combatant).long_m)

    def overwatch_area(self, uid: int, aim: tuple[int, int] | None,
                       seen: set[tuple[int, int]] | None = None) -> set[tuple[int, int]]:
        """Every tile `uid`'s overwatch toward `aim` would cover from where it stands (`seen`:
        its `overwatch_sight`, if the caller keeps it)."""
        v = self.view(uid)
        facts = self.rules.weapon_facts(v.combatant)
        if facts.melee:
            r = facts.reach_tiles
            return {(v.pos[0] + dx, v.pos[1] + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                    if (dx, dy) != (0, 0) and self.grid.in_bounds(v.pos[0] + dx, v.pos[1] + dy)}
        if aim is None or tuple(aim) == v.pos:
            return set()
        seen = self.overwatch_sight(uid) if seen is None else seen
        arc = self.rules.overwatch_arc()
        return {t for t in seen if t != v.pos and geo.in_arc(v.pos, tuple(aim), t, arc)
                and geo.distance_m(self.grid, v.pos, t) <= facts.long_m + 1e-9}

    def overwatch_keeps(self, uid: int, aim: tuple[int, int] | None) -> bool:
        """Would declaring `Overwatch(aim)` now keep last round's overwatch (Waiting beyond a
        round: "nothing triggers it that round ... you may choose to keep the overwatch")?
        The same aim from the same tile, not triggered."""
        w = self.watch(uid)
        return (w is not None and self.phase == "declare" and w.round == self.round - 1 and not w.triggered
                and w.aim == (None if aim is None else tuple(aim)) and w.tile == self.view(uid).pos)

    def overwatch_bonus(self, uid: int) -> int:
        """What a kept overwatch adds to `uid`'s initiative for the action it triggers."""
        return int(self.rules.overwatch_initiative(self.participant(uid)))

    def overwatch_chance(self, uid: int) -> Any:
        """The exact chance `uid`'s overwatch check succeeds (None if the ruleset gives none)."""
        return self.rules.overwatch_check_chance(self.participant(uid))

    # --- the declaration check ----------------------------------------------------------------

    def _overwatch_refusal(self, v: Any, action: Overwatch, stance: str | None) -> Impossible | None:
        if self.rules.overwatch_arc() <= 0:
            return Impossible(f"{self.rules.name} has no overwatch")
        facts = self.rules.weapon_facts(v.combatant)
        if facts.melee:
            if action.aim is not None:
                return Impossible(f"a melee overwatch covers the {facts.name}'s reach: no aim")
            return None
        if stance in ("aggressive", "defensive"):
            return Impossible(f"a missile attack is made in the normal stance (Missile Attacks), not {stance}")
        if action.aim is None:
            return Impossible(f"aim the overwatch at a tile: it covers a {self.rules.overwatch_arc():g} degree arc")
        if not self.grid.in_bounds(*action.aim):
            return Impossible("that tile is off the map")
        if tuple(action.aim) == v.pos:
            return Impossible("aim the overwatch at another tile than your own")
        if v.ammo is not None and v.ammo.jammed:
            return Impossible(f"the {facts.name} is jammed: clear it (reload)")
        if v.ammo is not None and v.ammo.loaded < 1:
            return Impossible(f"{facts.name} is empty: reload")
        return None

    def _keep_watch(self, uid: int) -> Action | None:
        """The overwatch `uid` may keep this round (for `carry_on`), or None."""
        w = self.watch(uid)
        if w is not None and self.overwatch_keeps(uid, w.aim):
            return Overwatch(w.aim)
        return None

    # --- resolution ---------------------------------------------------------------------------

    def _begin_watches(self) -> None:
        """This round's overwatches (called as the round resolves): a unit declaring one gets
        its `Watch`, kept from last round when the declaration keeps it; others lose theirs."""
        self._watching = []
        for uid in self._declare_queue:
            ent = self._entities[uid]
            d = self.declared(uid)
            old = esper.try_component(ent, Watch)
            if d is None or not isinstance(d.action, Overwatch) or self.view(uid).out:
                if old is not None:
                    esper.remove_component(ent, Watch)
                continue
            aim = None if d.action.aim is None else tuple(d.action.aim)
            kept = self.overwatch_keeps(uid, aim)
            since = old.since if kept and old is not None else self.round
            esper.add_component(ent, Watch(aim, self.view(uid).pos, self.round, since))
            self._watching.append(uid)
            if kept:
                bonus = self.overwatch_bonus(uid)
                self._event(EventKind.OVERWATCH, f"{self.name(uid)} keeps its overwatch from round {since} (Waiting beyond "
                            f"a round): +{bonus} initiative (Per x Tactics) if it triggers", uid, data=WatchNote(stage="kept", since=since, bonus=bonus))

    def _watch_initiative(self, uid: int) -> int:
        w = self.watch(uid)
        bonus = self.overwatch_bonus(uid) if w is not None and w.since < self.round else 0
        return self.view(uid).initiative + bonus

    def _watchers_of(self, uid: int) -> list[int]:
        """The overwatches `uid` presents itself to where it stands now: enemies' untriggered
        overwatches of this round covering its tile, their watchers able to act (not down, not
        held, not grappled), in the order they act (initiative, with a kept one's bonus)."""
        if not getattr(self, "_watching", None):
            return []
        v = self.view(uid)
        found = []
        for w in self._watching:
            watch = self.watch(w)
            if watch is None or watch.triggered or watch.round != self.round:
                continue
            wv = self.view(w)
            if wv.out or wv.team == v.team or w in self._lost or self.grappled_with(w) is not None:
                continue
            if self.overwatch_covers(w, watch.aim, v.pos, watch.tile):
                found.append((w, wv.combatant, "fast", self._watch_initiative(w)))
        return list(self.rules.action_order(found)) if found else []

    def _overwatch_before(self, uid: int, speed: str) -> list[int]:
        """`uid`'s action comes: the overwatches it triggers by acting where it stands go off
        first (fast), unless `uid`'s action is fast and wins the initiative; those are
        returned, to go off right after it."""
        d = self.declared(uid)
        if d is None or isinstance(d.action, _QUIET) or uid in self._lost:
            return []
        later = []
        me = (uid, self.view(uid).combatant, speed, self.view(uid).initiative)
        for w in self._watchers_of(uid):
            if self.view(uid).out:
                break
            first = self.rules.action_order([(w, self.view(w).combatant, "fast", self._watch_initiative(w)), me])[0]
            if first == w:
                self._trigger(w, uid, "acts")
            else:
                later.append(w)
        return later

    def _overwatch_after(self, uid: int, later: list[int]) -> None:
        for w in later:
            if self.view(uid).out:
                return
            watch = self.watch(w)
            if watch is not None and not watch.triggered and w in self._watchers_of(uid):
                self._trigger(w, uid, "acts")

    def _overwatch_step(self, uid: int) -> None:
        """`uid` has stepped onto a tile: the overwatches covering it go off."""
        for w in self._watchers_of(uid):
            if self.view(uid).out:
                return
            self._trigger(w, uid, "steps")

    def _trigger(self, watcher: int, target: int, how: str) -> None:
        """An enemy presented itself: the check, then the attack or the action wasted."""
        watch = self.watch(watcher)
        watch.triggered = True
        t = self.view(target)
        name = self.name(watcher)
        kept = watch.since < self.round
        where = "into its overwatch" if how == "steps" else "in its overwatch"
        self._event(EventKind.OVERWATCH, f"{name}'s overwatch is triggered: {t.name} {'steps' if how == 'steps' else 'acts'} "
                    f"{where} at {t.pos}" + (f" (kept since round {watch.since}: initiative "
                                             f"{self._watch_initiative(watcher)})" if kept else ""), watcher, target, data=WatchNote(stage="triggered", how=how, at=t.pos, kept=kept))
        roll = self.rules.overwatch_check(self.dice, self.participant(watcher))
        self._event(EventKind.ROLL, roll.describe(), watcher, target, data=CheckNote("overwatch", roll.success))
        if not roll.success:
            self._event(EventKind.OVERWATCH, f"{name} fails the overwatch check: the action is wasted", watcher, target, data=WatchNote(stage="wasted"))
            return
        self._overwatch_attack(watcher, target)

    def _overwatch_attack(self, uid: int, target: int) -> None:
        """The attack of a triggered overwatch: fast, a snapshot, the attack roll halved, at a
        target unaware of it (no defence)."""
        v, t = self.view(uid), self.view(target)
        facts = self.rules.weapon_facts(v.combatant)
        if facts.melee:
            self._event(EventKind.OVERWATCH, f"{v.name} strikes at {t.name}: fast, attack roll halved, {t.name} unaware", uid, target, data=WatchNote(stage="fire"))
            self._strike(uid, target, "melee", {"overwatch": True, "unaware": True, "kind": "overwatch strike"})
            return
        ammo = esper.try_component(self._entities[uid], Ammo)
        if ammo is not None and (ammo.jammed or ammo.loaded <= 0 or ammo.reload_left):
            self._event(EventKind.INFO, f"{v.name}'s {facts.name} is {'jammed' if ammo.jammed else 'empty'}", uid, target)
            return
        if ammo is not None:
            ammo.loaded -= 1
        self._event(EventKind.OVERWATCH, f"{v.name} fires on {t.name}: a fast snapshot, attack roll halved, {t.name} unaware", uid, target, data=WatchNote(stage="fire"))
        self._strike(uid, target, "shot", {"shot": "snap", "overwatch": True, "unaware": True},
                     others=self._cone_others(uid, target, facts))
        if ammo is not None:
            self._event(EventKind.AMMO, f"{v.name}: {ammo.loaded}/{ammo.capacity} rounds, {ammo.magazines} magazines", uid)
