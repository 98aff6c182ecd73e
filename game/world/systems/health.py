"""Health (an effect): a result's damage and effects applied, a unit's state changing
(falling, exhaustion), what an attack costs the attacker, and the end-of-round checks
(yags-combat.md, Inflicting Damage; Stuns and Wounds; End of round; yags-core.md, Fatigue).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.exchange_types import (
    Disarmed,
    DuckBack,
    Effect,
    Grappled,
    Harmed,
    Knockback,
    Overwhelmed,
    Prone,
    Withdraw,
)
from engine.ruleset_types import Applied
from game.world.components import Combatant, Moved, Posture
from game.world.events import EventKind, Health, Marker
from game.world.systems.gear import drop_weapon
from game.world.systems.holds import grapple, overwhelm, release
from game.world.systems.paths import cover_beside, line_away, step_out_of_reach
from game.world.systems.placement import thrust

if TYPE_CHECKING:
    from game.world.match import Match

Tile = tuple[int, int]


def health_of(m: Match, uid: int, state: Any, first_aid: bool = False) -> Health:
    """The payload for a change of `uid`'s state: the unit and its state after it as plain
    values, so that a replay or the UI's playback can show each unit as it was at every
    step of the round."""
    return Health(uid, m.rules.health_facts(state), first_aid)


def set_state(m: Match, uid: int, state: Any) -> None:
    """`uid`'s state is now `state`: a unit that falls is down (and lets go of any hold);
    one that becomes exhausted must rest."""
    c = m.component(uid, Combatant)
    before = m.rules.out_of_fight(c.state)
    resting = m.rules.must_rest(c.combatant, c.state)
    m.write(uid, Combatant, state=state)
    if m.rules.health_facts(state).prone and m.component(uid, Posture).stance != "prone":
        m.component(uid, Posture).stance = "prone"  # the ruleset laid it down (a wound, an evade)
    if not before and m.rules.out_of_fight(state):
        m.event(EventKind.DOWN, f"{m.name(uid)} is down: {m.rules.status(state)}", uid, data=health_of(m, uid, state))
        release(m, uid, "is down")
    elif not resting and m.rules.must_rest(c.combatant, state):
        exhausted(m, uid)


def exhausted(m: Match, uid: int) -> None:
    """Fatigue: "If a character becomes Exhausted then they must immediately rest": during
    the round's actions it loses the rest of them (its action if it has not come, and its
    move); from the next round it may only hold (the declaration's rest rule)."""
    now = m.phase in ("fast", "normal", "slow")
    if now:
        m.turn.lost.add(uid)
        m.turn.resting.add(uid)
        mv = m.component(uid, Moved)
        mv.mode, mv.path = "none", ()
    m.event(EventKind.STATUS, f"{m.name(uid)} is exhausted and must rest"
             + ("; it loses the rest of its round" if now and uid not in m.turn.acted else ""), uid,
             data=Marker("exhausted"))


def apply(m: Match, target: int, result: Any, attacker: int | None = None, origin: Tile | None = None) -> None:
    """Apply one result outside an exchange (a blast's, from `origin`) to `target`: the
    ruleset's `apply` and its typed grid effects (`grid_effects`), landed as an
    exchange's are."""
    c = m.component(target, Combatant)
    applied = m.rules.apply(m.dice, c.combatant, c.state, result)
    land(m, target, Harmed(m.name(target), applied, m.rules.grid_effects(result, applied), result.hit),
         attacker, origin)


def land(m: Match, target: int, harmed: Harmed, attacker: int | None = None, origin: Tile | None = None) -> None:
    """A result's harm on `target` (its rolls, its lines, the new state) and its typed
    effects on the grid, in order: knocked prone, grappled, a weapon dropped or flung,
    overwhelmed; knocked back away from the attacker or from `origin` (a blast),
    withdrawing out of the attacker's reach, the attacker ducking back into cover."""
    applied = harmed.applied
    for roll in applied.rolls:
        m.event(EventKind.ROLL, roll.describe(), target)
    health = health_of(m, target, applied.state)
    for text in applied.events:
        m.event(EventKind.STATUS, f"{m.name(target)} {text}" if not text.startswith(m.name(target)) else text,
                 target, data=health)
    set_state(m, target, applied.state)
    standing = not m.rules.out_of_fight(m.component(target, Combatant).state)
    for effect in harmed.effects:
        if isinstance(effect, Knockback | Withdraw | DuckBack) or (
                isinstance(effect, Disarmed) and effect.metres is not None):
            on_grid(m, target, effect, attacker, origin)
        elif isinstance(effect, Prone):
            m.write(target, Posture, stance="prone")
            m.event(EventKind.STATUS, f"{m.name(target)} is knocked prone", target)
        elif isinstance(effect, Grappled) and attacker is not None and standing and not m.view(attacker).out:
            grapple(m, attacker, target)
        elif isinstance(effect, Disarmed) and standing:
            drop_weapon(m, target, "is disarmed and drops")
        elif isinstance(effect, Overwhelmed) and standing:
            overwhelm(m, target, effect)
    if harmed.hit and not m.rules.out_of_fight(m.component(target, Combatant).state):
        state = m.component(target, Combatant).state
        m.event(EventKind.DAMAGE, f"{m.name(target)}: {m.rules.status(state)}", None, target,
                 data=health_of(m, target, state))


def on_grid(m: Match, target: int, effect: Effect, attacker: int | None, origin: Tile | None) -> None:
    """An effect that moves someone or something on the grid (see `land`): on the
    attacker for a weapon the attacker loses and for ducking back."""
    holder, other = target, attacker
    if isinstance(effect, DuckBack) or (isinstance(effect, Disarmed) and effect.on_attacker):
        if attacker is None:
            return
        holder, other = attacker, target
    source = origin if origin is not None else (m.view(other).pos if other is not None else None)
    if isinstance(effect, Knockback) and source is not None:
        thrust(m, holder, line_away(m, m.view(holder).pos, source, effect.metres), "is thrown back")
    elif isinstance(effect, Disarmed) and not m.view(holder).out:
        tile = line_away(m, m.view(holder).pos, source, effect.metres or 0.0, free=False) \
            if source is not None else None
        drop_weapon(m, holder, "is disarmed and loses", tile)
    elif isinstance(effect, Withdraw) and other is not None and not m.view(holder).out:
        tile = step_out_of_reach(m, holder, other)
        if tile is not None:
            thrust(m, holder, tile, "withdraws out of reach")
    elif isinstance(effect, DuckBack) and other is not None and not m.view(holder).out:
        tile = cover_beside(m, holder, other)
        if tile is not None:
            thrust(m, holder, tile, "ducks back into cover")


def spend(m: Match, uid: int, applied: Applied) -> None:
    """What an attack cost the one who made it (the exchange's `Spent`: Yags: fatigue for
    a fumble whose chosen outcome is fatigue, and for a tiring manoeuvre that succeeded),
    when it is a new state."""
    if applied.state is m.component(uid, Combatant).state:
        return
    for text in applied.events:
        m.event(EventKind.STATUS, text, uid, data=health_of(m, uid, applied.state))
    set_state(m, uid, applied.state)


def end_of_round(m: Match) -> None:
    """The ruleset's end-of-round checks for every unit (Yags: health checks, bullet
    shyness from the bursts aimed at it, fatigue from sprinting)."""
    m.phase = "end"
    for uid, (c, mv) in m.having_all(Combatant, Moved):
        if m.has_left(uid):
            continue  # it left the map safe by an exit: nothing happens to it any more
        aimed = m.turn.pressure.pop(uid, [])
        d = m.declared(uid)
        applied = m.rules.end_of_round(m.dice, c.combatant, c.state, bursts=len(aimed),
                                       in_cover=bool(aimed) and all(aimed), moved=mv.mode,
                                       declaration=d.ruleset_decl if d is not None else None)
        for roll in applied.rolls:
            m.event(EventKind.ROLL, roll.describe(), uid)
        for text in applied.events:
            m.event(EventKind.STATUS, text, uid, data=health_of(m, uid, applied.state))
        set_state(m, uid, applied.state)
    end_holds(m)


def end_holds(m: Match) -> None:
    """A hold kept in the ruleset's state (step dice: Grapple) ends when the holder is
    down or no longer next to the one it held."""
    by_name = {m.name(u): u for u in m.uids()}
    for uid, c in m.having(Combatant):
        state = c.state
        holder = m.rules.held_by(state)
        if holder is None or m.view(uid).out:
            continue
        h = by_name.get(holder)
        if h is None or m.view(h).out or m.topology.steps(m.view(h).pos, m.view(uid).pos) > 1:
            set_state(m, uid, m.rules.let_go(state))
            m.event(EventKind.STATUS, f"{m.name(uid)} is free: {holder} no longer holds it", uid)
