"""Fog of war, moving into what the side does not see (issue 17 follow-up): a side plans its
moves from what it knows (yags-combat.md, Movement: a move is declared at the round's start
and ends with it; Hidden Actions, Unknown Targets); docs/rules-notes.md, Fog of war, moving
into an unseen unit."""

from gridfactory import make_grid

from game.ai import make_controller
from game.flow import driver
from game.world.actions import Hold, Move

RIFLEMAN = {
    "attributes": {"str": 3, "hea": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Rifles": 5, "Athletics": 3, "Throw": 3, "Awareness": 3},
    "weapon": "ak_47",
    "magazines": 2,
}
HEDGE = ["." * 8 + "S" + "." * 11 for _ in range(6)]  # a thick hedge (soft90) at x = 8


def unit(name, x, y):
    return {**RIFLEMAN, "name": name, "x": x, "y": y}


def hedge_match(new_match, monkeypatch, fog, red_at=(8, 2), blue_at=(4, 2)):
    """Blue A in the open, red B standing still in the hedge; under fog blue fails to notice it."""
    m = new_match(make_grid(HEDGE), {"blue": [unit("A", *blue_at)], "red": [unit("B", *red_at)]}, fog=fog)
    if fog:
        monkeypatch.setattr(m.rules, "notice", lambda *a, **k: (False, "failed"))
    order = driver(m).start_round()
    return m, m.units("blue")[0].uid, m.units("red")[0].uid, order


def test_reach_and_paths_plan_an_unseen_tile_as_free(new_match, monkeypatch):
    """The shaded reach and the path preview come from the side's knowledge: the tile of an
    enemy it has not noticed is reachable and paths run through it; with fog off (or the
    enemy seen) that tile blocks as before."""
    m, a, b, _ = hedge_match(new_match, monkeypatch, fog=True)
    assert not m.sees("blue", b)
    assert (8, 2) in m.movement.reachable(a, "run")
    assert m.movement.path(a, (10, 2)) == [(4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2)]
    assert (8, 2) not in m.movement.taken(a)
    # the all-seeing AI plans with the truth
    assert (8, 2) not in m.movement.reachable(a, "run", sees_all=True)
    assert (8, 2) in m.movement.taken(a, sees_all=True)
    off, a2, _, _ = hedge_match(new_match, monkeypatch, fog=False)
    assert (8, 2) not in off.movement.reachable(a2, "run")
    assert (8, 2) not in off.movement.path(a2, (10, 2))


def test_a_move_into_an_unseen_unit_stops_short_and_reveals_it(new_match, monkeypatch):
    """The world resolves the path by the rules: the mover stops on the last free tile before
    the unit it ran into, and its side notices it (it knows where it stands from then on)."""
    m, a, b, order = hedge_match(new_match, monkeypatch, fog=True)
    for uid in order:
        out = m.declare(uid, Move(tuple(m.movement.path(a, (10, 2))), "run") if uid == a else Hold())
        assert not hasattr(out, "reason")
    driver(m).resolve_round()
    assert m.view(a).pos == (7, 2)
    assert m.view(b).pos == (8, 2)
    assert m.sees("blue", b)
    assert m.vision.last_seen["blue"][b] == ((8, 2), 1)
    lines = [e.line() for e in m.log.since(0)]
    assert any("A runs into B at (8, 2) and stops at (7, 2)" in line for line in lines)


def test_a_move_ending_on_an_unseen_unit_is_declared_and_stops_short(new_match, monkeypatch):
    """A move whose end tile an unseen enemy holds is a legal declaration (refusing it would
    tell where the enemy stands); it ends on the tile before."""
    m, a, b, order = hedge_match(new_match, monkeypatch, fog=True)
    for uid in order:
        out = m.declare(uid, Move(tuple(m.movement.path(a, (8, 2))), "run") if uid == a else Hold())
        assert not hasattr(out, "reason")
    driver(m).resolve_round()
    assert m.view(a).pos == (7, 2)


FIELD = ["." * 8 + "S" + "." * 13 + "#" + "...." for _ in range(5)] + ["." * 8 + "S" + "." * 18]


def test_the_ai_plans_from_its_sides_knowledge(new_match, monkeypatch):
    """Under fog the AI's moves come from its side's view: walking toward where it last saw
    an enemy (behind the wall), an unseen enemy standing in the hedge on its way changes
    nothing of the path it declares (before, it went round the hidden unit's tile)."""
    def decide(red_at):
        m = new_match(make_grid(FIELD), {"blue": [unit("A", 2, 2)], "red": [unit("B", *red_at), unit("C", 25, 2)]},
                      fog=True)
        monkeypatch.setattr(m.rules, "notice", lambda *a, **k: (False, "failed"))
        c = m.units("red")[1].uid
        m.vision.last_seen["blue"][c] = ((25, 1), -5)  # seen long ago, out of sight now
        driver(m).start_round()
        assert not m.sees("blue", c) and m.units("red")[0].uid in m.vision.unnoticed["blue"]
        action, _ = make_controller("normal", 1, "blue").decide(m, m.units("blue")[0].uid)
        m.close()
        return action

    away = decide((8, 0))
    assert isinstance(away, Move)
    on_the_way = next(t for t in away.path if t[0] == 8)
    assert decide(on_the_way) == away
