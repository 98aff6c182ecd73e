"""The tactical AI's objectives (issue 30): where a unit goes when the map gives its side,
or the enemy, something to do besides fight.

Each round each unit gets a duty from the map's objectives (the zones are on the map, so a
side knows them under fog too; who stands in them it is not told):
- the unit a protect names stays where it is, in cover, and fights from there; the unit an
  exit names (an escort's charge) makes for the exit;
- a few of the side's others (a third, the nearest) guard that unit: they keep beside it;
- the rest make for the nearest zone of their side's own hold, reach or exit objectives, or,
  when their side has none, for the enemy's zones (standing in a zone the enemy must hold
  breaks the hold, and the enemy must get past them to an exit);
- in its zone a unit holds there (and still shoots).
Going there is weighed against shooting by the level's `objective` weight: a shot worth
more than it is taken first.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.tactical_base import TacticalBase
from game.world import geometry as geo
from game.world.match import Match, UnitView

GUARD_SHARE = 3  # one in this many of a side's other units guards a protected or escorted unit


@dataclass(frozen=True)
class Duty:
    """Where a unit should be: the walk field to its goal (None: where it stands), and
    whether it is there."""

    field: geo.CostsTo | None
    there: bool


class TacticalObjectives(TacticalBase):
    """A unit's duty under the map's objectives."""

    def duty(self, match: Match, me: UnitView) -> Duty | None:
        """`me`'s duty this round, or None when the map has no objectives (the AI as before)."""
        objectives = match.objectives
        if not objectives:
            return None
        f = self.facts(match)
        charges = [uid for i, uid in enumerate(objectives.named) if uid is not None
                   and objectives.all[i].team == me.team and objectives.all[i].kind in ("protect", "exit")
                   and uid in f.views and not f.views[uid].out]
        for i, o in enumerate(objectives.all):
            if objectives.named[i] == me.uid and o.team == me.team:
                if o.kind == "protect":
                    return Duty(None, True)
                if o.kind == "exit":
                    return self._zone_duty(match, me, [i])
        for charge in charges:
            if me.uid in self._guards(match, charge):
                field = self._field(match, f"guard:{charge}", geo_ring(match, f.views[charge].pos))
                return Duty(field, field.get(me.pos, 1.0) == 0.0)
        own = [i for i, o in enumerate(objectives.all) if o.team == me.team and o.kind != "protect"
               and not (o.kind == "exit" and o.unit)]
        if own:
            return self._zone_duty(match, me, own)
        theirs = [i for i, o in enumerate(objectives.all) if o.team != me.team and o.kind != "protect"]
        if theirs:
            return self._zone_duty(match, me, theirs)
        return None

    def _zone_duty(self, match: Match, me: UnitView, indices: list[int]) -> Duty:
        """Make for the nearest (on foot) of these objectives' zones; there, stay."""
        objectives = match.objectives
        best: tuple[float, geo.CostsTo] | None = None
        for i in indices:
            field = self._field(match, f"zone:{i}", objectives.all[i].tiles)
            d = field.get(me.pos, float("inf"))
            if best is None or d < best[0]:
                best = (d, field)
        assert best is not None
        return Duty(best[1], best[0] == 0.0)

    def _guards(self, match: Match, charge: int) -> list[int]:
        """The side's units that guard `charge`: the nearest third of the others (chosen once
        a round, with the round's facts)."""
        f = self.facts(match)
        memo: tuple[object, dict[int, list[int]]] | None = getattr(self, "_guard_memo", None)
        if memo is None or memo[0] is not f:
            memo = (f, {})
            self._guard_memo = memo
        hit = memo[1].get(charge)
        if hit is None:
            v = f.views[charge]
            others = sorted((u for u in f.living(team=v.team) if u.uid != charge),
                            key=lambda u: (geo.distance_m(match.grid, u.pos, v.pos), u.uid))
            hit = memo[1][charge] = [u.uid for u in others[:max(1, len(others) // GUARD_SHARE)]]
        return hit

    def _field(self, match: Match, key: str, goals: tuple[tuple[int, int], ...] | list[tuple[int, int]]
               ) -> geo.CostsTo:
        """The walk field to `goals`, once a round under `key`."""
        f = self.facts(match)
        hit = f.fields.get(key)
        if hit is None:
            hit = f.fields[key] = geo.CostsTo(match.grid, goals)
        return hit


def geo_ring(match: Match, pos: tuple[int, int]) -> list[tuple[int, int]]:
    """The walkable tiles next to `pos` (where a guard stands)."""
    g = match.grid
    x, y = pos
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx or dy)
            and g.in_bounds(x + dx, y + dy) and g.walkable(x + dx, y + dy)]
