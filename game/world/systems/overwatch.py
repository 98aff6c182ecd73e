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

from engine.turn import Question
from game.world.actions import kind_of
from game.world.components import Ammo, Watch
from game.world.events import CheckNote, EventKind, WatchNote
from game.world.systems.combat import strike
from game.world.systems.range import cone_others
from game.world.systems.watches import bonus, keeps, watch, watch_initiative, watchers_of

if TYPE_CHECKING:
    from game.world.match import Match


def begin(m: Match) -> None:
    """This round's overwatches (called as the round resolves): a unit declaring one gets
    its `Watch`, kept from last round when the declaration keeps it; others lose theirs."""
    m.turn.watching = []
    for uid in m.turn.queue:
        d = m.declared(uid)
        old = m.try_component(uid, Watch)
        if d is None or not kind_of(d.action).watches or m.view(uid).out:
            if old is not None:
                m.drop(uid, Watch)
            continue
        aim = None if d.action.aim is None else (d.action.aim[0], d.action.aim[1])
        kept = keeps(m, uid, aim)
        since = old.since if kept and old is not None else m.round
        m.put(uid, Watch(aim, m.view(uid).pos, m.round, since))
        m.turn.watching.append(uid)
        if kept:
            plus = bonus(m, uid)
            m.event(EventKind.OVERWATCH, f"{m.name(uid)} keeps its overwatch from round {since} (Waiting beyond "
                     f"a round): +{plus} initiative (Per x Tactics) if it triggers", uid,
                     data=WatchNote(stage="kept", since=since, bonus=plus))


def before(m: Match, uid: int, speed: str) -> Generator[Question, Any, list[int]]:
    """`uid`'s action comes: the overwatches it triggers by acting where it stands go off
    first (fast), unless `uid`'s action is fast and wins the initiative; those are
    returned, to go off right after it."""
    d = m.declared(uid)
    if d is None or kind_of(d.action).quiet or uid in m.turn.lost:
        return []
    later = []
    me = (uid, m.view(uid).combatant, speed, m.view(uid).initiative)
    for w in watchers_of(m, uid):
        if m.view(uid).out:
            break
        first = m.rules.action_order([(w, m.view(w).combatant, "fast", watch_initiative(m, w)), me])[0]
        if first == w:
            yield from trigger(m, w, uid, "acts")
        else:
            later.append(w)
    return later


def after(m: Match, uid: int, later: list[int]) -> Iterator[Question]:
    for w in later:
        if m.view(uid).out:
            return
        kept = watch(m, w)
        if kept is not None and not kept.triggered and w in watchers_of(m, uid):
            yield from trigger(m, w, uid, "acts")


def on_step(m: Match, uid: int) -> Iterator[Question]:
    """`uid` has stepped onto a tile: the overwatches covering it go off."""
    for w in watchers_of(m, uid):
        if m.view(uid).out:
            return
        yield from trigger(m, w, uid, "steps")


def trigger(m: Match, watcher: int, target: int, how: str) -> Iterator[Question]:
    """An enemy presented itself: the check, then the attack or the action wasted."""
    mine = watch(m, watcher)
    assert mine is not None
    mine.triggered = True
    t = m.view(target)
    name = m.name(watcher)
    kept = mine.since < m.round
    where = "into its overwatch" if how == "steps" else "in its overwatch"
    m.event(EventKind.OVERWATCH, f"{name}'s overwatch is triggered: {t.name} {'steps' if how == 'steps' else 'acts'} "
             f"{where} at {t.pos}" + (f" (kept since round {mine.since}: initiative "
                                      f"{watch_initiative(m, watcher)})" if kept else ""),
             watcher, target, data=WatchNote(stage="triggered", how=how, at=t.pos, kept=kept))
    w = m.rules.overwatch_rules
    assert w is not None  # an overwatch is declared only under a ruleset that has one
    roll = w.overwatch_check(m.dice, m.participant(watcher))
    m.event(EventKind.ROLL, roll.describe(), watcher, target, data=CheckNote("overwatch", roll.success))
    if not roll.success:
        m.event(EventKind.OVERWATCH, f"{name} fails the overwatch check: the action is wasted", watcher, target,
                 data=WatchNote(stage="wasted"))
        return
    yield from attack(m, watcher, target)


def attack(m: Match, uid: int, target: int) -> Iterator[Question]:
    """The attack of a triggered overwatch: fast, a snapshot, the attack roll halved, at a
    target unaware of it (no defence)."""
    v, t = m.view(uid), m.view(target)
    facts = m.rules.weapon_facts(v.combatant)
    if facts.melee:
        m.event(EventKind.OVERWATCH, f"{v.name} strikes at {t.name}: fast, attack roll halved, {t.name} unaware",
                 uid, target, data=WatchNote(stage="fire"))
        yield from strike(m, uid, target, "melee", {"overwatch": True, "unaware": True, "kind": "overwatch strike"})
        return
    ammo = m.try_component(uid, Ammo)
    if ammo is not None and (ammo.jammed or ammo.loaded <= 0 or ammo.reload_left):
        m.event(EventKind.INFO, f"{v.name}'s {facts.name} is {'jammed' if ammo.jammed else 'empty'}", uid, target)
        return
    if ammo is not None:
        ammo.loaded -= 1
    m.event(EventKind.OVERWATCH, f"{v.name} fires on {t.name}: a fast snapshot, attack roll halved, {t.name} unaware",
             uid, target, data=WatchNote(stage="fire"))
    yield from strike(m, uid, target, "shot", {"shot": "snap", "overwatch": True, "unaware": True},
                               others=cone_others(m, uid, target, facts))
    if ammo is not None:
        m.event(EventKind.AMMO, f"{v.name}: {ammo.loaded}/{ammo.capacity} rounds, {ammo.magazines} magazines", uid)
