"""The match's lists of units (`units`, `enemies_of`, `occupied`), remembered with the roster
of views (issue 20: asked thousands of times a round at 64 a side), are what filtering every
unit's view gives at every moment: through declarations, moves, wounds and deaths."""

from __future__ import annotations

from game.ai import make_controller
from game.flow import driver
from game.maps import load_map
from game.squads import map_squads


def _check(m):
    views = [m.view(u) for u in m.uids()]
    for team in (None, "blue", "red"):
        for living in (False, True):
            want = [v for v in views if (team is None or v.team == team) and (not living or not v.out)]
            got = m.units(team, living=living)
            assert got == want
            got.append(None)  # the caller's own list: the next answer is not touched
            assert m.units(team, living=living) == want
    for u in m.uids():
        team = m.view(u).team
        for living in (False, True):
            assert m.enemies_of(u, living=living) == [v for v in m.units(living=living) if v.team != team]
        assert m.occupied(u) == {v.pos for v in views if not v.out and v.uid != u}
    assert m.occupied() == {v.pos for v in views if not v.out}


def test_unit_lists_follow_the_match(new_match):
    grid = load_map("maps/street.tmx")
    m = new_match(grid, map_squads(grid, "default", 6), seed=4)
    ais = {t: make_controller("normal", 4, t) for t in ("blue", "red")}
    fallen = 0
    for _ in range(8):
        _check(m)
        for uid in driver(m).start_round():
            _check(m)
            action, choices = ais[m.view(uid).team].decide(m, uid)
            m.declare(uid, action, **choices)
        _check(m)
        driver(m).resolve_round()
        fallen = sum(1 for v in m.units() if v.out)
        if m.over:
            break
    _check(m)
    assert fallen > 0  # deaths or knock-outs were among the changes followed
