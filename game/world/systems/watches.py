"""Overwatch's queries (read-only; the UI reads these, the declarations check with them):
a unit's watch, the tiles it covers, whether a declaration keeps last round's, its initiative
bonus and check chance, and which watches a unit presents itself to. What a watch does when
it goes off is game/world/systems/overwatch.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.outcome import Impossible
from game.world.actions import Overwatch
from game.world.actions.base import ammo_refusal
from game.world.components import Watch
from game.world.systems.reach import grappled_with

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]


def watch(m: Match, uid: int) -> Watch | None:
    """`uid`'s overwatch: this round's once the round resolves, last round's while units
    declare (untriggered, it may be kept), else None."""
    m.use_world()
    return m.try_component(uid, Watch)


def covers(m: Match, uid: int, aim: Tile | None, tile: Tile, origin: Tile | None = None) -> bool:
    """Would `uid`'s overwatch toward `aim` (None: its melee reach) from `origin` (where it
    stands) cover `tile`?"""
    v = m.view(uid)
    facts = m.rules.weapon_facts(v.combatant)
    origin = v.pos if origin is None else origin
    if facts.melee:
        return aim is None and m.topology.steps(origin, tile) <= facts.reach_tiles and tile != origin
    if aim is None or tile == origin or tuple(aim) == origin:
        return False
    if m.topology.distance_m(origin, tile) > facts.long_m + 1e-9:
        return False
    return (m.topology.in_arc(origin, (aim[0], aim[1]), tile, arc(m))
            and m.topology.line_of_sight(origin, tile))


def sight(m: Match, uid: int) -> set[Tile]:
    """The tiles `uid` sees from where it stands within its weapon's long range (what a
    shooting overwatch can cover in any direction; worth keeping while it stands)."""
    v = m.view(uid)
    return m.topology.visible_from(v.pos, m.rules.weapon_facts(v.combatant).long_m)


def area(m: Match, uid: int, aim: Tile | None, seen: set[Tile] | None = None) -> set[Tile]:
    """Every tile `uid`'s overwatch toward `aim` would cover from where it stands (`seen`:
    its `sight`, if the caller keeps it)."""
    v = m.view(uid)
    facts = m.rules.weapon_facts(v.combatant)
    if facts.melee:
        r = facts.reach_tiles
        return {(v.pos[0] + dx, v.pos[1] + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                if (dx, dy) != (0, 0) and m.grid.in_bounds(v.pos[0] + dx, v.pos[1] + dy)}
    if aim is None or tuple(aim) == v.pos:
        return set()
    seen = sight(m, uid) if seen is None else seen
    degrees = arc(m)
    return {t for t in seen if t != v.pos and m.topology.in_arc(v.pos, (aim[0], aim[1]), t, degrees)
            and m.topology.distance_m(v.pos, t) <= facts.long_m + 1e-9}


def keeps(m: Match, uid: int, aim: Tile | None) -> bool:
    """Would declaring `Overwatch(aim)` now keep last round's overwatch (Waiting beyond a
    round: "nothing triggers it that round ... you may choose to keep the overwatch")?
    The same aim from the same tile, not triggered."""
    w = watch(m, uid)
    return (w is not None and m.phase == "declare" and w.round == m.round - 1 and not w.triggered
            and w.aim == (None if aim is None else tuple(aim)) and w.tile == m.view(uid).pos)


def arc(m: Match) -> float:
    """Degrees of the area a shooting overwatch covers; 0: the ruleset has no overwatch
    (`Ruleset.overwatch_rules` is None)."""
    w = m.rules.overwatch_rules
    return w.overwatch_arc() if w is not None else 0.0


def bonus(m: Match, uid: int) -> int:
    """What a kept overwatch adds to `uid`'s initiative for the action it triggers."""
    w = m.rules.overwatch_rules
    return int(w.overwatch_initiative(m.participant(uid))) if w is not None else 0


def chance(m: Match, uid: int) -> Any:
    """The exact chance `uid`'s overwatch check succeeds (None if the ruleset gives none)."""
    w = m.rules.overwatch_rules
    return w.overwatch_check_chance(m.participant(uid)) if w is not None else None


def refusal(m: Match, v: UnitView, action: Overwatch, stance: str | None) -> Impossible | None:
    if arc(m) <= 0:
        return Impossible(f"{m.rules.name} has no overwatch")
    facts = m.rules.weapon_facts(v.combatant)
    if facts.melee:
        if action.aim is not None:
            return Impossible(f"a melee overwatch covers the {facts.name}'s reach: no aim")
        return None
    if stance in ("aggressive", "defensive"):
        return Impossible(f"a missile attack is made in the normal stance (Missile Attacks), not {stance}")
    if action.aim is None:
        return Impossible(f"aim the overwatch at a tile: it covers a {arc(m):g} degree arc")
    if not m.topology.in_bounds(action.aim):
        return Impossible("that tile is off the map")
    if tuple(action.aim) == v.pos:
        return Impossible("aim the overwatch at another tile than your own")
    return ammo_refusal(v, facts.name)


def kept(m: Match, uid: int) -> Overwatch | None:
    """The overwatch `uid` may keep this round (for `carry_on`), or None."""
    w = watch(m, uid)
    if w is not None and keeps(m, uid, w.aim):
        return Overwatch(w.aim)
    return None


def watch_initiative(m: Match, uid: int) -> int:
    w = watch(m, uid)
    plus = bonus(m, uid) if w is not None and w.since < m.round else 0
    return m.view(uid).initiative + plus


def watchers_of(m: Match, uid: int) -> list[int]:
    """The overwatches `uid` presents itself to where it stands now: enemies' untriggered
    overwatches of this round covering its tile, their watchers able to act (not down, not
    held, not grappled), in the order they act (initiative, with a kept one's bonus)."""
    if not m.turn.watching:
        return []
    v = m.view(uid)
    found = []
    for w in m.turn.watching:
        this = watch(m, w)
        if this is None or this.triggered or this.round != m.round:
            continue
        wv = m.view(w)
        if wv.out or wv.team == v.team or w in m.turn.lost or grappled_with(m, w) is not None:
            continue
        if covers(m, w, this.aim, v.pos, this.tile):
            found.append((w, wv.combatant, "fast", watch_initiative(m, w)))
    return list(m.rules.action_order(found)) if found else []
