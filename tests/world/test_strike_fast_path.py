"""Free strikes at a mover leaving reach (Free Strikes, 3), looked for only among the foes
able to strike (`reach.able_to_strike`, asked again whenever a strike or an
overwatch may have changed the world): the same strikes, in the same order, as looking at
every foe at every step (issue 20: a speed-up that must change nothing)."""

from __future__ import annotations

import random

import pytest
from gridfactory import make_grid
from worldplay import BRAWLER, OPEN, RIFLEMAN, SWORDSMAN, declare_all, unit

from game.flow import driver
from game.world.actions import Move
from game.world.systems import movement

SPEARMAN = {**SWORDSMAN, "weapon": "spear"}  # reach two tiles


def _crowded_walk(new_match, seed):
    """Two blue runners along row 5 and 6 through red swordsmen, spearmen, brawlers and
    riflemen standing about; the round's event log."""
    rng = random.Random(seed)
    blue = [unit(SWORDSMAN, "Runner", 2, 5), unit(BRAWLER, "Dash", 2, 6)]
    taken = {(2, 5), (2, 6)} | {(x, y) for x in range(3, 12) for y in (5, 6)}
    red = []
    for k in range(rng.randint(6, 12)):
        while True:
            x, y = rng.randint(3, 12), rng.randint(3, 8)
            if (x, y) not in taken:
                break
        taken.add((x, y))
        red.append(unit(rng.choice((SWORDSMAN, SPEARMAN, BRAWLER, RIFLEMAN)), f"Foe{k}", x, y))
    m = new_match(make_grid(OPEN), {"blue": blue, "red": red}, seed=seed)
    declare_all(m, {0: Move(tuple((x, 5) for x in range(3, 3 + rng.randint(3, 8))), "run"),
                    1: Move(tuple((x, 6) for x in range(3, 3 + rng.randint(3, 8))), "run")})
    driver(m).resolve_round()
    return m.log.lines()


@pytest.mark.parametrize("seed", range(40))
def test_free_strikes_at_a_mover_are_those_of_every_foe_looked_at(new_match, monkeypatch, seed):
    fast = _crowded_walk(new_match, seed)
    with monkeypatch.context() as mp:
        mp.setattr(movement, "able_to_strike", lambda m, foes: list(range(len(foes))))
        slow = _crowded_walk(new_match, seed)
    assert fast == slow


def test_the_walks_draw_free_strikes():
    """The cases above are not empty: runners past swordsmen draw strikes, some of them many."""
    import esper

    from game.world.match import Match

    counts = []
    made = []

    def make(grid, squads, seed=1, **kw):
        made.append(Match(grid, squads, seed=seed, **kw))
        return made[-1]

    try:
        for seed in range(40):
            counts.append(sum(1 for line in _crowded_walk(make, seed) if "moving past" in line))
    finally:
        for m in made:
            m.close()
        esper.switch_world("default")
    assert sum(counts) > 40 and max(counts) >= 3
