"""Range (a query: read-only): the distance between units and the whole situation of an
attack as the ruleset needs it (distance, whence its range band and increments; cover;
movement; surroundings), the crowd around a target and a shotgun's cone (yags-combat.md,
Missile Attacks: Range; Firing into melee; Firing at a crowd; Shotguns).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.frozen import maker
from engine.ruleset import AttackRequest, Participant, Situation, WeaponFacts
from game.world.systems.paths import cover_beside, line_away, moved
from game.world.systems.reach import grappled_with
from game.world.systems.sight import lateral, target_cover

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]

# Built for every attack previewed (engine/frozen.py: the same values, quicker).
_make_situation = maker(Situation)
_make_request = maker(AttackRequest)


def distance_m(m: Match, a: int, b: int) -> float:
    return m.topology.distance_m(m.view(a).pos, m.view(b).pos)


def situation(m: Match, attacker: int, target: int, knows: str | None = None) -> Situation:
    """What the grid says about an attack: distance, cover, movement, surroundings
    (`knows`: a preview for that side under fog of war, its surroundings only the units
    the side sees; the world resolves with everyone)."""
    a, t = m.view(attacker), m.view(target)
    topology = m.topology
    cover = target_cover(m, attacker, target)
    t_moved = moved(m, target).mode
    mine = moved(m, attacker)
    a_moved, a_gait = mine.mode, mine.walked
    # Firing into melee: "If someone is wrestling with the intended target" (someone other
    # than the shooter holds it or is held by it): the wrestler counts for that, not as
    # one more of the people in close combat with it (rules-notes).
    partner = grappled_with(m, target)
    wrestler = partner if partner is not None and partner != attacker else None
    # The living next to the target (on its neighbour tiles, from the index by tile: not
    # a scan of all), in uid order.
    living_at = m.living_at
    adjacent = [w for p in m.topology.neighbours(t.pos) for w in living_at(p)
                if w.uid not in (attacker, target, wrestler) and (knows is None or m.sees(knows, w.uid))]
    if len(adjacent) > 1:
        adjacent.sort(key=lambda w: w.uid)
    if knows is not None and wrestler is not None and not m.sees(knows, wrestler):
        wrestler = None
    apart = topology.steps(a.pos, t.pos)
    in_melee = apart <= 1 and m.rules.weapon_facts(t.combatant).melee
    bystanders = tuple(w.name for w in adjacent) + ((m.name(wrestler),) if wrestler is not None else ())
    by_cover, flanked, room = False, False, None
    wanted = m.rules.surroundings  # (a ruleset that reads none of them costs nothing here)
    if apart > 1 and "attacker_by_cover" in wanted:
        by_cover = a.stance != "prone" and topology.cover_near(a.pos) and cover_beside(m, attacker, target) is not None
    elif apart == 1:
        flanked = "target_flanked" in wanted and _flanked(a, t, adjacent)
        room = _room_behind(m, t.pos, a.pos) if "target_room_behind_m" in wanted else None
    return _make_situation(
        distance_m=max(topology.distance_m(a.pos, t.pos), 1.0 * m.grid.metres_per_tile),
        target_cover=cover, attacker_moved=a_moved, target_moved=t_moved, attacker_gait=a_gait,
        lateral=t_moved == "none" or lateral(m, a.pos, target),
        room_reach=topology.room_reach(a.pos), in_melee_with_attacker=in_melee,
        target_melee_crowd=sum(1 for w in adjacent if w.team != t.team),
        target_combat_move_m=float(m.movement_allowance(target)["free"]),
        target_wrestling=wrestler is not None, tiles_apart=apart,
        attacker_stance=a.stance, target_stance=t.stance, bystanders=bystanders,
        behind=behind(m, a.pos, t.pos, knows=knows),
        attacker_by_cover=by_cover, target_flanked=flanked, target_room_behind_m=room,
    )


def _flanked(a: UnitView, t: UnitView, adjacent: Sequence[UnitView]) -> bool:
    """Another foe of `t` beside it, opposite `a` (at least 135 degrees round from it): the
    target cannot face both (the grid keeps no facing: rules-notes)."""
    ax, ay = a.pos[0] - t.pos[0], a.pos[1] - t.pos[1]
    for w in adjacent:
        if w.team == t.team or w.out:
            continue
        wx, wy = w.pos[0] - t.pos[0], w.pos[1] - t.pos[1]
        dot = ax * wx + ay * wy
        if dot < 0 and dot * dot >= 0.5 * (ax * ax + ay * ay) * (wx * wx + wy * wy):
            return True
    return False


def _room_behind(m: Match, target: Tile, attacker: Tile, most: int = 8) -> float:
    """The metres a thrust straight away from `attacker` must reach to meet an obstacle
    (`paths.line_away`'s tiles, rounded half up: free tiles + 1/2 of a tile)."""
    far = line_away(m, target, attacker, most * m.grid.metres_per_tile)
    return (m.topology.steps(target, far) + 0.5) * m.grid.metres_per_tile


def behind(m: Match, shooter: Tile, target: Tile, tiles: int = 2, knows: str | None = None) -> tuple[str, ...]:
    """The names of those standing on the line of fire within `tiles` beyond the target
    (in sight of it), nearest first: a shot may go through to them (`knows`: only those
    that side sees)."""
    dx, dy = target[0] - shooter[0], target[1] - shooter[1]
    n = max(abs(dx), abs(dy))
    if n == 0:
        return ()
    out = []
    for k in range(1, tiles + 1):
        tile = (target[0] + round(dx * k / n), target[1] + round(dy * k / n))
        there = [w for w in m.living_at(tile) if knows is None or m.sees(knows, w.uid)]
        if there and m.topology.line_of_sight(target, tile):
            out.append(there[-1].name)
    return tuple(out)


def request(m: Match, uid: int, target: int, mode: str, options: Mapping[str, Any],
            knows: str | None = None) -> AttackRequest:
    """The attack as the ruleset resolves or previews it (with the crowd, when fired at;
    `knows`: previewed for that side, as it knows the surroundings)."""
    others: tuple = ()
    if options.get("crowd") and mode != "melee":
        others = tuple((m.participant(w.uid), situation(m, uid, w.uid, knows)) for w in crowd(m, uid, target))
    return _make_request(attacker=m.participant(uid), target=m.participant(target), mode=mode,
                         options=_options(m, uid, mode, options), situation=situation(m, uid, target, knows),
                         others=others)


def _options(m: Match, uid: int, mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A request's options: fire gets the rounds in the weapon, unless given (a ruleset
    may limit a volley by them)."""
    ammo = m.view(uid).ammo
    known = {"ammo": ammo.loaded} if mode != "melee" and ammo is not None else {}
    return {**known, **options}


def previews(m: Match, uid: int, target: int, asks: Sequence[tuple[str, Mapping[str, Any]]],
             sees_all: bool = False, requests: dict[tuple[int, int, bool], AttackRequest] | None = None) -> list[Any]:
    """`Match.preview` of each (mode, options) in `asks` at one target, the same answers;
    the missile modes' requests share one situation and participants, worked out once
    (the AI weighs every fire mode at each target). `requests`: the requests of earlier
    calls, by (uid, target, sees_all), shared too: the caller keeps it only while nothing
    in the match changes (one AI decision's previews)."""
    out = []
    key = (uid, target, sees_all)
    first = None if requests is None else requests.get(key)
    for mode, options in asks:
        if mode == "melee" or options.get("crowd"):  # their requests differ beyond mode and options
            out.append(m.preview(uid, target, mode, options, sees_all=sees_all))
            continue
        if first is None:
            request = first = m.preview_request(uid, target, mode, options, sees_all=sees_all)
            if requests is not None:
                requests[key] = first
        else:  # what `request` builds for this mode and options, the rest shared
            request = _make_request(attacker=first.attacker, target=first.target, mode=mode,
                                    options=_options(m, uid, mode, options), situation=first.situation, others=())
        out.append(m.rules.preview(request))
    return out


def crowd(m: Match, uid: int, target: int) -> list[UnitView]:
    """Firing at a crowd (the `crowd` option of a shot or burst: "you don't care who you
    hit as long as you hit someone"): the group is the target and every other living
    figure on a tile next to it that the shooter sees, friends too (a random hit may strike
    them), the shooter never (rules-notes). The target is not in the list. Under fog of
    war "sees" is its side's sight: an enemy the side has not noticed is not in it."""
    t = m.view(target)
    v = m.view(uid)
    return [w for w in m.units(living=True) if w.uid not in (uid, target)
            and m.topology.steps(w.pos, t.pos) == 1 and m.topology.line_of_sight(v.pos, w.pos)
            and m.sees(v.team, w.uid)]


def in_cone(m: Match, uid: int, target: int, facts: WeaponFacts) -> list[UnitView]:
    """The living units other than `target` that `uid`'s shotgun cone at `target` may hit
    (a 30 degree arc to long range, read as the cone, in sight; rules-notes), nearest
    first; none for a weapon without a spread. The world fires at them, the AI weighs
    its friends among them."""
    if not facts.spread_m:
        return []
    v, t = m.view(uid), m.view(target)
    others = [w for w in m.units(living=True) if w.uid not in (uid, target)]
    in_arc = m.topology.targets_in_arc(v.pos, t.pos, [w.pos for w in others], 30,
                                       facts.long_m / m.grid.metres_per_tile)
    by_pos = {w.pos: w for w in others}
    return [by_pos[p] for p in in_arc if m.topology.line_of_sight(v.pos, p)]


def cone_others(m: Match, uid: int, target: int, facts: WeaponFacts) -> tuple[tuple[Participant, Situation], ...]:
    """`in_cone` as the rules core's `others`: each with its situation."""
    return tuple((m.participant(w.uid), situation(m, uid, w.uid)) for w in in_cone(m, uid, target, facts))
