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
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from engine.outcome import Impossible
from engine.turn import Question
from game.world.actions import Overwatch, kind_of
from game.world.actions.base import ammo_refusal
from game.world.components import Ammo, Watch
from game.world.events import CheckNote, EventKind, WatchNote
from game.world.systems import System

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]


class OverwatchSystem(System):
    """The watches of a match."""

    def __init__(self, match: Match) -> None:
        super().__init__(match)
        self.watching: list[int] = []  # units on overwatch this round (as it resolves)

    def process(self, phase: str, tasks: list[Iterator[Question]]) -> None:  # type: ignore[override]
        if phase == "declared":
            tasks.append(self.begin())

    # --- queries (the UI reads these) -------------------------------------------------------

    def watch(self, uid: int) -> Watch | None:
        """`uid`'s overwatch: this round's once the round resolves, last round's while units
        declare (untriggered, it may be kept), else None."""
        self.m.use_world()
        return self.m.try_component(uid, Watch)

    def covers(self, uid: int, aim: Tile | None, tile: Tile, origin: Tile | None = None) -> bool:
        """Would `uid`'s overwatch toward `aim` (None: its melee reach) from `origin` (where it
        stands) cover `tile`?"""
        m = self.m
        v = m.view(uid)
        facts = m.rules.weapon_facts(v.combatant)
        origin = v.pos if origin is None else origin
        if facts.melee:
            return aim is None and m.topology.steps(origin, tile) <= facts.reach_tiles and tile != origin
        if aim is None or tile == origin or tuple(aim) == origin:
            return False
        if m.topology.distance_m(origin, tile) > facts.long_m + 1e-9:
            return False
        return (m.topology.in_arc(origin, (aim[0], aim[1]), tile, self.arc())
                and m.topology.line_of_sight(origin, tile))

    def sight(self, uid: int) -> set[Tile]:
        """The tiles `uid` sees from where it stands within its weapon's long range (what a
        shooting overwatch can cover in any direction; worth keeping while it stands)."""
        m = self.m
        v = m.view(uid)
        return m.topology.visible_from(v.pos, m.rules.weapon_facts(v.combatant).long_m)

    def area(self, uid: int, aim: Tile | None, seen: set[Tile] | None = None) -> set[Tile]:
        """Every tile `uid`'s overwatch toward `aim` would cover from where it stands (`seen`:
        its `sight`, if the caller keeps it)."""
        m = self.m
        v = m.view(uid)
        facts = m.rules.weapon_facts(v.combatant)
        if facts.melee:
            r = facts.reach_tiles
            return {(v.pos[0] + dx, v.pos[1] + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                    if (dx, dy) != (0, 0) and m.grid.in_bounds(v.pos[0] + dx, v.pos[1] + dy)}
        if aim is None or tuple(aim) == v.pos:
            return set()
        seen = self.sight(uid) if seen is None else seen
        arc = self.arc()
        return {t for t in seen if t != v.pos and m.topology.in_arc(v.pos, (aim[0], aim[1]), t, arc)
                and m.topology.distance_m(v.pos, t) <= facts.long_m + 1e-9}

    def keeps(self, uid: int, aim: Tile | None) -> bool:
        """Would declaring `Overwatch(aim)` now keep last round's overwatch (Waiting beyond a
        round: "nothing triggers it that round ... you may choose to keep the overwatch")?
        The same aim from the same tile, not triggered."""
        m = self.m
        w = self.watch(uid)
        return (w is not None and m.phase == "declare" and w.round == m.round - 1 and not w.triggered
                and w.aim == (None if aim is None else tuple(aim)) and w.tile == m.view(uid).pos)

    def arc(self) -> float:
        """Degrees of the area a shooting overwatch covers; 0: the ruleset has no overwatch
        (`Ruleset.overwatch_rules` is None)."""
        w = self.m.rules.overwatch_rules
        return w.overwatch_arc() if w is not None else 0.0

    def bonus(self, uid: int) -> int:
        """What a kept overwatch adds to `uid`'s initiative for the action it triggers."""
        w = self.m.rules.overwatch_rules
        return int(w.overwatch_initiative(self.m.participant(uid))) if w is not None else 0

    def chance(self, uid: int) -> Any:
        """The exact chance `uid`'s overwatch check succeeds (None if the ruleset gives none)."""
        w = self.m.rules.overwatch_rules
        return w.overwatch_check_chance(self.m.participant(uid)) if w is not None else None

    # --- the declaration check ----------------------------------------------------------------

    def refusal(self, v: UnitView, action: Overwatch, stance: str | None) -> Impossible | None:
        m = self.m
        if self.arc() <= 0:
            return Impossible(f"{m.rules.name} has no overwatch")
        facts = m.rules.weapon_facts(v.combatant)
        if facts.melee:
            if action.aim is not None:
                return Impossible(f"a melee overwatch covers the {facts.name}'s reach: no aim")
            return None
        if stance in ("aggressive", "defensive"):
            return Impossible(f"a missile attack is made in the normal stance (Missile Attacks), not {stance}")
        if action.aim is None:
            return Impossible(f"aim the overwatch at a tile: it covers a {self.arc():g} degree arc")
        if not m.topology.in_bounds(action.aim):
            return Impossible("that tile is off the map")
        if tuple(action.aim) == v.pos:
            return Impossible("aim the overwatch at another tile than your own")
        return ammo_refusal(v, facts.name)

    def kept(self, uid: int) -> Overwatch | None:
        """The overwatch `uid` may keep this round (for `carry_on`), or None."""
        w = self.watch(uid)
        if w is not None and self.keeps(uid, w.aim):
            return Overwatch(w.aim)
        return None

    # --- resolution ---------------------------------------------------------------------------

    def begin(self) -> Iterator[Question]:
        """This round's overwatches (called as the round resolves): a unit declaring one gets
        its `Watch`, kept from last round when the declaration keeps it; others lose theirs."""
        m = self.m
        self.watching = []
        for uid in m.turn.queue:
            d = m.declared(uid)
            old = m.try_component(uid, Watch)
            if d is None or not kind_of(d.action).watches or m.view(uid).out:
                if old is not None:
                    m.drop(uid, Watch)
                continue
            aim = None if d.action.aim is None else (d.action.aim[0], d.action.aim[1])
            kept = self.keeps(uid, aim)
            since = old.since if kept and old is not None else m.round
            m.put(uid, Watch(aim, m.view(uid).pos, m.round, since))
            self.watching.append(uid)
            if kept:
                bonus = self.bonus(uid)
                m.event(EventKind.OVERWATCH, f"{m.name(uid)} keeps its overwatch from round {since} (Waiting beyond "
                         f"a round): +{bonus} initiative (Per x Tactics) if it triggers", uid,
                         data=WatchNote(stage="kept", since=since, bonus=bonus))
        yield from ()

    def _initiative(self, uid: int) -> int:
        w = self.watch(uid)
        bonus = self.bonus(uid) if w is not None and w.since < self.m.round else 0
        return self.m.view(uid).initiative + bonus

    def watchers_of(self, uid: int) -> list[int]:
        """The overwatches `uid` presents itself to where it stands now: enemies' untriggered
        overwatches of this round covering its tile, their watchers able to act (not down, not
        held, not grappled), in the order they act (initiative, with a kept one's bonus)."""
        m = self.m
        if not self.watching:
            return []
        v = m.view(uid)
        found = []
        for w in self.watching:
            watch = self.watch(w)
            if watch is None or watch.triggered or watch.round != m.round:
                continue
            wv = m.view(w)
            if wv.out or wv.team == v.team or w in m.turn.lost or m.engagement.grappled_with(w) is not None:
                continue
            if self.covers(w, watch.aim, v.pos, watch.tile):
                found.append((w, wv.combatant, "fast", self._initiative(w)))
        return list(m.rules.action_order(found)) if found else []

    def before(self, uid: int, speed: str) -> Generator[Question, Any, list[int]]:
        """`uid`'s action comes: the overwatches it triggers by acting where it stands go off
        first (fast), unless `uid`'s action is fast and wins the initiative; those are
        returned, to go off right after it."""
        m = self.m
        d = m.declared(uid)
        if d is None or kind_of(d.action).quiet or uid in m.turn.lost:
            return []
        later = []
        me = (uid, m.view(uid).combatant, speed, m.view(uid).initiative)
        for w in self.watchers_of(uid):
            if m.view(uid).out:
                break
            first = m.rules.action_order([(w, m.view(w).combatant, "fast", self._initiative(w)), me])[0]
            if first == w:
                yield from self.trigger(w, uid, "acts")
            else:
                later.append(w)
        return later

    def after(self, uid: int, later: list[int]) -> Iterator[Question]:
        m = self.m
        for w in later:
            if m.view(uid).out:
                return
            watch = self.watch(w)
            if watch is not None and not watch.triggered and w in self.watchers_of(uid):
                yield from self.trigger(w, uid, "acts")

    def on_step(self, uid: int) -> Iterator[Question]:
        """`uid` has stepped onto a tile: the overwatches covering it go off."""
        for w in self.watchers_of(uid):
            if self.m.view(uid).out:
                return
            yield from self.trigger(w, uid, "steps")

    def trigger(self, watcher: int, target: int, how: str) -> Iterator[Question]:
        """An enemy presented itself: the check, then the attack or the action wasted."""
        m = self.m
        watch = self.watch(watcher)
        assert watch is not None
        watch.triggered = True
        t = m.view(target)
        name = m.name(watcher)
        kept = watch.since < m.round
        where = "into its overwatch" if how == "steps" else "in its overwatch"
        m.event(EventKind.OVERWATCH, f"{name}'s overwatch is triggered: {t.name} {'steps' if how == 'steps' else 'acts'} "
                 f"{where} at {t.pos}" + (f" (kept since round {watch.since}: initiative "
                                          f"{self._initiative(watcher)})" if kept else ""),
                 watcher, target, data=WatchNote(stage="triggered", how=how, at=t.pos, kept=kept))
        w = m.rules.overwatch_rules
        assert w is not None  # an overwatch is declared only under a ruleset that has one
        roll = w.overwatch_check(m.dice, m.participant(watcher))
        m.event(EventKind.ROLL, roll.describe(), watcher, target, data=CheckNote("overwatch", roll.success))
        if not roll.success:
            m.event(EventKind.OVERWATCH, f"{name} fails the overwatch check: the action is wasted", watcher, target,
                     data=WatchNote(stage="wasted"))
            return
        yield from self.attack(watcher, target)

    def attack(self, uid: int, target: int) -> Iterator[Question]:
        """The attack of a triggered overwatch: fast, a snapshot, the attack roll halved, at a
        target unaware of it (no defence)."""
        m = self.m
        v, t = m.view(uid), m.view(target)
        facts = m.rules.weapon_facts(v.combatant)
        if facts.melee:
            m.event(EventKind.OVERWATCH, f"{v.name} strikes at {t.name}: fast, attack roll halved, {t.name} unaware",
                     uid, target, data=WatchNote(stage="fire"))
            yield from m.combat.strike(uid, target, "melee", {"overwatch": True, "unaware": True, "kind": "overwatch strike"})
            return
        ammo = m.try_component(uid, Ammo)
        if ammo is not None and (ammo.jammed or ammo.loaded <= 0 or ammo.reload_left):
            m.event(EventKind.INFO, f"{v.name}'s {facts.name} is {'jammed' if ammo.jammed else 'empty'}", uid, target)
            return
        if ammo is not None:
            ammo.loaded -= 1
        m.event(EventKind.OVERWATCH, f"{v.name} fires on {t.name}: a fast snapshot, attack roll halved, {t.name} unaware",
                 uid, target, data=WatchNote(stage="fire"))
        yield from m.combat.strike(uid, target, "shot", {"shot": "snap", "overwatch": True, "unaware": True},
                                   others=m.range.cone_others(uid, target, facts))
        if ammo is not None:
            m.event(EventKind.AMMO, f"{v.name}: {ammo.loaded}/{ammo.capacity} rounds, {ammo.magazines} magazines", uid)
