"""The match's doors to its systems: each door holds a system's functions bound to one match,
so that the UI, the AI, the actions and the tests write `match.movement.reachable(uid)` for
`paths.reachable(match, uid)` (game/world/systems/: the queries and effects, and what each
module holds). Each door is a class of its own, its functions `functools.partial`s, so that
the type checker checks every call through it. The systems themselves import what they use
by name and use no door.
"""

from __future__ import annotations

from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING

from game.world.systems import (
    autofire,
    combat,
    engagement,
    explosions,
    free_strikes,
    gear,
    health,
    holds,
    movement,
    overwatch,
    paths,
    placement,
    range,
    reach,
    sight,
    under_way,
    watches,
    work,
)

if TYPE_CHECKING:
    from game.world.match import Match

# Each door of the match (its attribute) and the system modules whose functions (of the match:
# `f(m, ...)`) it opens on; tests/world/test_system_layers.py checks the classes below hold
# each of them, bound.
DOORS: dict[str, tuple[ModuleType, ...]] = {
    "movement": (paths, movement, placement),
    "sight": (sight,),
    "range": (range,),
    "engagement": (reach, holds, free_strikes, engagement),
    "combat": (combat, gear, under_way),
    "autofire": (autofire,),
    "explosions": (explosions,),
    "health": (health,),
    "work": (under_way, work),
    "overwatch": (watches, overwatch),
}


class MovementDoor:
    """`match.movement`: where units can go (paths) and moving them (movement, placement)."""

    def __init__(self, m: Match) -> None:
        self.known_foes = partial(paths.known_foes, m)
        self.taken = partial(paths.taken, m)
        self.blockers = partial(paths.blockers, m)
        self.reachable = partial(paths.reachable, m)
        self.path = partial(paths.path, m)
        self.validate_path = partial(paths.validate_path, m)
        self.approach = partial(paths.approach, m)
        self.approach_mode = partial(paths.approach_mode, m)
        self.dodge_to = partial(paths.dodge_to, m)
        self.moved = partial(paths.moved, m)
        self.line_away = partial(paths.line_away, m)
        self.step_out_of_reach = partial(paths.step_out_of_reach, m)
        self.cover_beside = partial(paths.cover_beside, m)
        self.walk = partial(movement.walk, m)
        self.finish_moves = partial(movement.finish_moves, m)
        self.note_walked = partial(placement.note_walked, m)
        self.thrust = partial(placement.thrust, m)


class SightDoor:
    """`match.sight`: lines of sight and cover."""

    def __init__(self, m: Match) -> None:
        self.can_see = partial(sight.can_see, m)
        self.visible_enemies = partial(sight.visible_enemies, m)
        self.target_cover = partial(sight.target_cover, m)
        self.in_cover = partial(sight.in_cover, m)
        self.lateral = partial(sight.lateral, m)


class RangeDoor:
    """`match.range`: distance and the situation of an attack."""

    def __init__(self, m: Match) -> None:
        self.distance_m = partial(range.distance_m, m)
        self.situation = partial(range.situation, m)
        self.behind = partial(range.behind, m)
        self.request = partial(range.request, m)
        self.previews = partial(range.previews, m)
        self.crowd = partial(range.crowd, m)
        self.in_cone = partial(range.in_cone, m)
        self.cone_others = partial(range.cone_others, m)


class EngagementDoor:
    """`match.engagement`: reach and holds (reach, holds), free strikes and melee (free_strikes, engagement)."""

    def __init__(self, m: Match) -> None:
        self.grappled_with = partial(reach.grappled_with, m)
        self.holds = partial(reach.holds, m)
        self.able_to_strike = partial(reach.able_to_strike, m)
        self.redeclare = partial(holds.redeclare, m)
        self.overwhelm = partial(holds.overwhelm, m)
        self.grapple = partial(holds.grapple, m)
        self.release = partial(holds.release, m)
        self.strikes_leaving_reach = partial(free_strikes.strikes_leaving_reach, m)
        self.melee = partial(engagement.melee, m)


class CombatDoor:
    """`match.combat`: attacks resolved and applied (combat), weapons lost and found (gear, under_way)."""

    def __init__(self, m: Match) -> None:
        self.strike = partial(combat.strike, m)
        self.drive = partial(combat.drive, m)
        self.ask = partial(combat.ask, m)
        self.jam_volley = partial(combat.jam_volley, m)
        self.log_result = partial(combat.log_result, m)
        self.stray = partial(combat.stray, m)
        self.drop_weapon = partial(gear.drop_weapon, m)
        self.pick_up = partial(gear.pick_up, m)
        self.jam = partial(gear.jam, m)
        self.tending = partial(under_way.tending, m)
        self.dropped_weapon = partial(under_way.dropped_weapon, m)
        self.carry_on = partial(under_way.carry_on, m)


class AutofireDoor:
    """`match.autofire`: shots, bursts, area and suppressive fire."""

    def __init__(self, m: Match) -> None:
        self.fire = partial(autofire.fire, m)
        self.shy = partial(autofire.shy, m)
        self.area_fire = partial(autofire.area_fire, m)


class ExplosionsDoor:
    """`match.explosions`: throws and blasts."""

    def __init__(self, m: Match) -> None:
        self.throw = partial(explosions.throw, m)
        self.take_cover = partial(explosions.take_cover, m)


class HealthDoor:
    """`match.health`: results applied, states changing, the end-of-round checks."""

    def __init__(self, m: Match) -> None:
        self.health_of = partial(health.health_of, m)
        self.set_state = partial(health.set_state, m)
        self.exhausted = partial(health.exhausted, m)
        self.apply = partial(health.apply, m)
        self.land = partial(health.land, m)
        self.on_grid = partial(health.on_grid, m)
        self.spend = partial(health.spend, m)
        self.end_of_round = partial(health.end_of_round, m)
        self.end_holds = partial(health.end_holds, m)


class WorkDoor:
    """`match.work`: what a unit has under way (under_way) and reloads and first aid going on (work)."""

    def __init__(self, m: Match) -> None:
        self.tending = partial(under_way.tending, m)
        self.dropped_weapon = partial(under_way.dropped_weapon, m)
        self.carry_on = partial(under_way.carry_on, m)
        self.interrupt = partial(work.interrupt, m)
        self.tend = partial(work.tend, m)
        self.reload = partial(work.reload, m)


class OverwatchDoor:
    """`match.overwatch`: the watches (watches) and their going off (overwatch)."""

    def __init__(self, m: Match) -> None:
        self.watch = partial(watches.watch, m)
        self.covers = partial(watches.covers, m)
        self.sight = partial(watches.sight, m)
        self.area = partial(watches.area, m)
        self.keeps = partial(watches.keeps, m)
        self.arc = partial(watches.arc, m)
        self.bonus = partial(watches.bonus, m)
        self.chance = partial(watches.chance, m)
        self.refusal = partial(watches.refusal, m)
        self.kept = partial(watches.kept, m)
        self.watch_initiative = partial(watches.watch_initiative, m)
        self.watchers_of = partial(watches.watchers_of, m)
        self.begin = partial(overwatch.begin, m)
        self.before = partial(overwatch.before, m)
        self.after = partial(overwatch.after, m)
        self.on_step = partial(overwatch.on_step, m)
        self.trigger = partial(overwatch.trigger, m)
        self.attack = partial(overwatch.attack, m)


class Doors:
    """The match's doors, by attribute name (`Match` takes them as its own attributes)."""

    def __init__(self, m: Match) -> None:
        self.movement = MovementDoor(m)
        self.sight = SightDoor(m)
        self.range = RangeDoor(m)
        self.engagement = EngagementDoor(m)
        self.combat = CombatDoor(m)
        self.autofire = AutofireDoor(m)
        self.explosions = ExplosionsDoor(m)
        self.health = HealthDoor(m)
        self.work = WorkDoor(m)
        self.overwatch = OverwatchDoor(m)
