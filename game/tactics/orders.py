"""Standing orders carried out by the AI (issue 30, docs/tactics.md): a controller that
follows a tactic (game/tactics/) for its side and leaves everything else to the AI it wraps.

Each group of units is at one order at a time; when a unit of the group is about to decide,
the group's conditions are looked at (the round, the route's end, contact, casualties, another
group's signal) and it moves on as often as they are met. Then the order says what the unit
may do: where it goes (a route, a place to hold or withdraw to), whether it moves at all, and
what it fires at; within that, the wrapped AI's judgement decides (whom to shoot, reloading,
taking cover)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.outcome import Impossible
from engine.turn import Question
from game.ai import answers
from game.ai.tactical_base import COVER_RANK
from game.tactics.check import check_tactic, resolve_place
from game.tactics.format import Order, Tactic
from game.world import geometry as geo
from game.world.actions import AreaFire, Attack, Hold, Move, Overwatch, kind_of
from game.world.match import Match, UnitView

Tile = tuple[int, int]
Decision = tuple[Any, dict[str, Any]]
HOLD_SPREAD = 2  # tiles round a held place that the group may stand on (they spread, in cover)
ARRIVED = 1  # tiles (Chebyshev) from a route's point that count as reaching it
ASSAULT_WEIGHTS = {"distance": 2.0, "cover": 0.5}  # an assault's weights, times the AI's own


@dataclass
class _GroupState:
    stage: int = 0
    since: int = 0  # the round the stage began
    log_mark: int = 0  # the event log's length when it began (attacks since then are contact)
    anchors: dict[int, Tile] = field(default_factory=dict)  # uid: where it stood when the stage began


class OrdersAI:
    """A controller that plays `tactic` for `team`, deciding through `inner` (any controller
    with `decide(match, uid)`; the tactical AI's sight and weights are used when it has them)."""

    def __init__(self, inner: Any, tactic: Tactic, team: str) -> None:
        self.inner, self.tactic, self.team = inner, tactic, team
        self._groups = {g.name: g for g in tactic.groups}
        self._state = {g.name: _GroupState() for g in tactic.groups}
        self._of: dict[int, str] | None = None  # uid: group
        self._route_at: dict[int, int] = {}  # uid: the index of the next point of its route
        self._fields: dict[tuple, geo.CostsTo] = {}

    @property
    def sees_all(self) -> bool:
        return bool(getattr(self.inner, "sees_all", False))

    # --- the controller -----------------------------------------------------------------

    def choose(self, match: Match, question: Question) -> Any:
        if question.kind in ("declare", "act"):
            return self.decide(match, question.uid)
        return self.inner.choose(match, question) if hasattr(self.inner, "choose") else answers.answer(question)

    def decide(self, match: Match, uid: int) -> Decision:
        group = self.group_of(match, uid)
        if group is None:
            return self.inner.decide(match, uid)
        self._advance_stages(match, group)
        order = self.order_of(group)
        me = match.view(uid)
        st = self._state[group]
        st.anchors.setdefault(uid, me.pos)
        weights = {**self.tactic.weights, **self._groups[group].weights}
        if order.do == "assault":
            weights = {k: getattr(self.inner, "w", {}).get(k, 1.0) * v for k, v in ASSAULT_WEIGHTS.items()} | weights
        saved = getattr(self.inner, "w", None)
        if weights and saved is not None:
            self.inner.w = {**saved, **weights}
        try:
            return self._carry_out(match, me, order, st)
        finally:
            if weights and saved is not None:
                self.inner.w = saved

    # --- which order ----------------------------------------------------------------------

    def group_of(self, match: Match, uid: int) -> str | None:
        if self._of is None:
            specs = [match.spec(v.uid) for v in match.units(self.team)]
            by_name = check_tactic(self.tactic, match.grid, specs, self.team)
            self._of = {v.uid: by_name[v.name] for v in match.units(self.team) if v.name in by_name}
            for g in self._state.values():
                g.since = match.round
                g.log_mark = len(match.log)
        return self._of.get(uid)

    def order_of(self, group: str) -> Order:
        return self._groups[group].orders[self._state[group].stage]

    def orders(self, match: Match, uid: int) -> str | None:
        """What the unit's orders are now, in words (the panel's line), or None."""
        group = self.group_of(match, uid)
        if group is None:
            return None
        return f"{group}: {self.order_of(group).describe()}"

    def _advance_stages(self, match: Match, group: str) -> None:
        st = self._state[group]
        orders = self._groups[group].orders
        while st.stage < len(orders) - 1:
            cond = orders[st.stage].until
            assert cond is not None  # parse_tactic: only the last order has none
            met = self._met(match, group, cond)
            if not met:
                return
            before = orders[st.stage].describe()
            st.stage += 1
            st.since, st.log_mark = match.round, len(match.log)
            st.anchors.clear()
            if match.vision is None:  # with fog the other side would read the AI's orders
                match.note(f"{self.team} {group}: {before.split(' until ')[0]} -> "
                           f"{orders[st.stage].describe()} ({met})")

    def _met(self, match: Match, group: str, cond: Any) -> str:
        """Which of the condition's parts holds now ('' if none)."""
        units = [v for v in match.units(self.team) if self._of and self._of.get(v.uid) == group]
        standing = [v for v in units if not v.out]
        if cond.round is not None and match.round >= cond.round:
            return f"round {cond.round}"
        if cond.casualties is not None and len(units) - len(standing) >= cond.casualties:
            return f"{len(units) - len(standing)} down"
        if cond.signal is not None:
            other, name = cond.signal
            ost = self._state[other]
            if ost.stage >= next(i for i, o in enumerate(self._groups[other].orders) if o.name == name):
                return f"signal {other}.{name}"
        if cond.route_end and standing:
            order = self.order_of(group)
            if order.route is not None:
                end = resolve_place(match.grid, order.route)
                there = sum(1 for v in standing if _cheb(v.pos, end) <= HOLD_SPREAD)
                if 2 * there >= len(standing):
                    return "route's end"
        if cond.zone is not None and standing:
            i = next(k for k, o in enumerate(match.grid.objectives) if o.name == cond.zone)
            inside = set(match.grid.objectives[i].tiles)
            if any(v.pos in inside for v in standing):
                return f"in {cond.zone}"
        if cond.objective is not None:
            i = next(k for k, o in enumerate(match.grid.objectives) if o.name == cond.objective)
            status = match.objectives.status(i, self.team)
            if status.met or status.failed:
                return f"{cond.objective}: {status.text}"
        if cond.contact:
            uids = {v.uid for v in units}
            for e in match.log.since(self._state[group].log_mark):
                if e.kind == "attack" and e.target in uids:
                    return "shot at"
            if any(self._visible(match, v) for v in standing):
                return "contact"
        return ""

    # --- carrying an order out --------------------------------------------------------

    def _carry_out(self, match: Match, me: UnitView, order: Order, st: _GroupState) -> Decision:
        do = order.do
        if do in ("free", "assault"):
            return self.inner.decide(match, me.uid)
        if do == "advance":
            return self._advance(match, me, order)
        if do == "withdraw":
            place = resolve_place(match.grid, order.at) if order.at is not None else me.pos
            return self._go(match, me, place, order.gait) or self._stay(match, me)
        if do == "suppress":
            return self._suppress(match, me, order)
        place = resolve_place(match.grid, order.at) if order.at is not None else st.anchors[me.uid]
        if _cheb(me.pos, place) > HOLD_SPREAD:
            go = self._go(match, me, place, order.gait)
            if go is not None:
                return go
        if do == "overwatch":
            watch = self._overwatch(match, me, order)
            if watch is not None:
                return watch
        return self._stay(match, me)

    def _advance(self, match: Match, me: UnitView, order: Order) -> Decision:
        """Along the route, point by point. An attack the AI judges worth it is taken with a
        free move along the route where the rules allow that, else standing (a sprint does
        not stop to shoot)."""
        assert order.route is not None
        route = next(r for r in match.grid.routes if r.name == order.route)
        i = self._route_at.get(me.uid, 0)
        while i < len(route.points) - 1 and _cheb(me.pos, route.points[i]) <= ARRIVED:
            i += 1
        self._route_at[me.uid] = i
        go = self._go(match, me, route.points[i], order.gait)
        if order.gait != "sprint":
            action, choices = self.inner.decide(match, me.uid)
            kind = kind_of(action)
            if kind.on_the_way(action, ()) is not None:  # fire that can be taken on the way
                walk = self._go(match, me, route.points[i], "free")
                if walk is not None:
                    on_way = kind.on_the_way(action, walk[0].path)
                    if on_way is not None and not isinstance(match.check(me.uid, on_way), Impossible):
                        return on_way, choices
                return self._stay(match, me)
        return go if go is not None else self._stay(match, me)

    def _suppress(self, match: Match, me: UnitView, order: Order) -> Decision:
        """Area fire at the zone where the weapon has it, else a shot at an enemy seen in it."""
        assert order.zone is not None
        x, y, w, h = order.zone
        centre = (x + w // 2, y + h // 2)
        fire = AreaFire(centre, suppressive=True)
        if not isinstance(match.check(me.uid, fire), Impossible):
            return fire, {}
        fire = AreaFire(centre)
        if not isinstance(match.check(me.uid, fire), Impossible):
            return fire, {}
        for e in self._visible(match, me):
            if x <= e.pos[0] < x + w and y <= e.pos[1] < y + h:
                shot = Attack(e.uid)
                if not isinstance(match.check(me.uid, shot), Impossible):
                    return shot, {}
        return self._stay(match, me)

    def _overwatch(self, match: Match, me: UnitView, order: Order) -> Decision | None:
        """An overwatch toward the place named (else the nearest enemy seen, else ahead along
        nothing: the map's middle); None where the ruleset has none (it holds instead)."""
        if order.toward is not None:
            aim = resolve_place(match.grid, order.toward)
        else:
            seen = self._visible(match, me)
            aim = min((e.pos for e in seen), key=lambda p: _cheb(p, me.pos), default=(
                match.grid.width // 2, match.grid.height // 2))
        watch = Overwatch(aim)
        return (watch, {}) if not isinstance(match.check(me.uid, watch), Impossible) else None

    def _stay(self, match: Match, me: UnitView) -> Decision:
        """The AI's own decision, without moving: a move becomes a hold, a shot keeps its
        place."""
        action, choices = self.inner.decide(match, me.uid)
        still = kind_of(action).standing(action)
        if still is None:  # a move: nothing left of it
            return Hold(), {}
        if still is not action:  # fire on the way, fired from where it stands
            if isinstance(match.check(me.uid, still), Impossible):
                return Hold(), {}
            return still, choices
        return action, choices

    def _go(self, match: Match, me: UnitView, place: Tile, gait: str) -> Decision | None:
        """A move toward `place` (the reachable tile nearest it on foot, in cover by half a
        tile a rank), or None when the unit is as near as it can get."""
        g = match.grid
        tiles = match.movement.reachable(me.uid, gait, sees_all=self.sees_all)
        taken = match.movement.taken(me.uid, self.sees_all)
        key = (match.round, place)
        walk = self._fields.get(key)
        if walk is None:
            if len(self._fields) > 64:
                self._fields.clear()
            walk = self._fields[key] = geo.CostsTo(g, [place])
        mpt = g.metres_per_tile
        best: tuple[float, Tile] | None = None
        for t in sorted(tiles):
            if t != me.pos and t in taken:
                continue
            d = walk.get(t, math.inf)
            score = d - 0.5 * mpt * COVER_RANK.get(g.cover(*t), 0)
            if best is None or score < best[0]:
                best = (score, t)
        here = walk.get(me.pos, math.inf) - 0.5 * mpt * COVER_RANK.get(g.cover(*me.pos), 0)
        if best is None or best[1] == me.pos or best[0] >= here:
            return None
        path = match.movement.path(me.uid, best[1], self.sees_all)
        return (Move(tuple(path), gait), {}) if path else None

    def _visible(self, match: Match, me: UnitView) -> list[UnitView]:
        """The enemies `me` sees, as the wrapped AI knows them (its side's sight under fog), else
        by line of sight among those its side sees."""
        seen_among = getattr(self.inner, "seen_among", None)
        if seen_among is not None:
            return seen_among(match, me, self.inner.facts(match).living(enemy_of=me.team))
        return [e for e in match.enemies_of(me.uid) if match.topology.line_of_sight(me.pos, e.pos)
                and (match.vision is None or match.sees(me.team, e.uid))]


def _cheb(a: Tile, b: Tile) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
