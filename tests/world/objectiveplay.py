"""Helpers of the objective tests: a small walled map, squads placed on it, and a controller
that walks named units to a tile and holds (the AI answers every other question)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gridfactory import make_grid

from game.ai import make_controller
from game.flow import Flow
from game.maps.objectives import Objective
from game.squads import squad_specs
from game.world.actions import Hold, Move

# 13 x 5: a wall down column 6 (nobody sees or reaches the other side), open ground else
WALLED = ["......#......" for _ in range(5)]
# the same without the wall
OPEN = ["............." for _ in range(5)]


def zone(name: str, kind: str, team: str, tiles: list[tuple[int, int]], **kw: Any) -> Objective:
    return Objective(name, kind, team, tuple(tiles), **kw)


def field(objectives: list[Objective], rows: list[str] = WALLED, at_time: str = "draw", max_rounds: int = 20,
          every: bool = False):
    return replace(make_grid(rows), objectives=tuple(objectives), at_time=at_time, max_rounds=max_rounds,
                   objectives_all=every)


def squads(blue: dict[str, tuple[int, int]], red: dict[str, tuple[int, int]]) -> dict[str, list[dict[str, Any]]]:
    """Riflemen of the default squad, named and placed."""
    out = {}
    for team, places in (("blue", blue), ("red", red)):
        specs = squad_specs("default", team, len(places))
        out[team] = [{**spec, "name": name, "x": x, "y": y} for spec, (name, (x, y)) in zip(specs, places.items(),
                                                                                           strict=True)]
    return out


class Walker:
    """Walks the units named in `goals` to their tiles (a free move a round), holds the
    others unless `fight` (then the AI declares for them); the AI answers the rest."""

    def __init__(self, team: str, goals: dict[str, tuple[int, int]] | None = None, fight: bool = False) -> None:
        self.ai = make_controller("normal", 1, team)
        self.goals = goals or {}
        self.fight = fight

    def choose(self, m: Any, q: Any) -> Any:
        if q.kind not in ("declare", "act"):
            return self.ai.choose(m, q)
        goal = self.goals.get(m.names[q.uid])
        v = m.view(q.uid)
        if goal is not None and v.pos != goal:
            path = [t for t in (m.movement.path(q.uid, goal) or []) if t != v.pos]
            reach = m.movement.reachable(q.uid, "free")
            while path and path[-1] not in reach:
                path.pop()
            if path:
                return Move(tuple(path), "free"), {}
        if self.fight and goal is None:
            return self.ai.choose(m, q)
        return Hold(), {}


def play_out(m: Any, blue: Walker, red: Walker, limit: int = 200) -> Any:
    flow = Flow(m, {"blue": blue, "red": red})
    for _ in range(limit):
        if m.over:
            break
        flow.play_round()
    assert m.over
    return m.result()
