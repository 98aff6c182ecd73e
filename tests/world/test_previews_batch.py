"""`range.previews` (game/world/systems/range.py: every fire mode at one target, the situation
worked out once, and shared with later calls of the same decision) gives exactly
`Match.preview` of each, in every ruleset, with fog of war and without, round after round of a
real match (the AI weighs its shots and area fire with it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rulesets import make_ruleset
from game.ai import make_controller
from game.flow import Flow
from game.maps import load_map
from game.squads import map_squads
from game.world.geometry.basics import neighbours8
from game.world.match import Match

CROSSROADS = Path(__file__).resolve().parents[2] / "maps" / "crossroads.tmx"
MODES = ("shot", "burst", "triple", "area", "melee")


def _asks(m: Match, uid: int) -> list[tuple[str, dict]]:
    v = m.view(uid)
    modes = [mode for mode in MODES if mode in m.rules.weapon_facts(v.combatant).modes]
    asks = [(mode, dict(opts)) for mode in modes for opts in m.rules.attack_options(v.combatant, mode)]
    asks.append(("shot", {"crowd": True}))  # a crowd's request differs: worked out on its own
    return asks


class Checking:
    """A controller that, before each declaration, compares `previews` with one `preview` per
    ask for the declaring unit against every enemy (as things stand mid-round), then lets
    the AI decide."""

    def __init__(self, ai) -> None:
        self.ai = ai
        self.compared = 0

    def choose(self, m: Match, question):
        if question.kind in ("declare", "act"):
            uid = question.uid
            asks = _asks(m, uid)
            requests: dict = {}  # shared by every call of this decision, as the AI shares it
            for e in m.enemies_of(uid):
                for sees_all in (False, True):
                    got = m.range.previews(uid, e.uid, asks, sees_all=sees_all)
                    want = [m.preview(uid, e.uid, mode, opts, sees_all=sees_all) for mode, opts in asks]
                    assert got == want
                    # one ask a call, the requests of the calls before shared (first call or later)
                    for ask, w in zip(reversed(asks), reversed(want), strict=True):
                        assert m.range.previews(uid, e.uid, [ask], sees_all, requests) == [w]
                    self.compared += len(asks)
        return self.ai.choose(m, question)


@pytest.mark.parametrize("ruleset", ["yags", "mythras", "yags-sf", "step"])
@pytest.mark.parametrize("fog", [False, True])
def test_previews_equal_one_preview_each(ruleset, fog):
    grid = load_map(CROSSROADS)
    m = Match(grid, map_squads(grid, "default", 4), seed=3, ruleset=make_ruleset(ruleset), fog=fog)
    try:
        checks = {t: Checking(make_controller("normal", 3, t)) for t in ("blue", "red")}
        flow = Flow(m, checks)
        for _ in range(5):
            if m.over:
                break
            flow.play_round()
        assert sum(c.compared for c in checks.values()) > 50
    finally:
        m.close()


def test_remembered_neighbours_are_the_topologys():
    """The situation's neighbour tiles, remembered by tile (`SquareGrid.neighbours`), are
    the grid's eight neighbours of every tile, corners and edges included, asked once or again."""
    grid = load_map(CROSSROADS)
    m = Match(grid, map_squads(grid, "default", 2), seed=1, ruleset=make_ruleset("yags"))
    try:
        for again in (False, True):
            for y in range(grid.height):
                for x in range(grid.width):
                    assert m.topology.neighbours((x, y)) == neighbours8(grid, (x, y)), (x, y, again)
    finally:
        m.close()
