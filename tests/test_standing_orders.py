"""Standing orders for the player's own units in solo (issue 30 "Orders: a tactic written
down": "In solo the player can use the same orders for their own units as standing orders
that the unit carries out when the player does not declare for it"; docs/tactics.md). The
orders given are kept as a tactic's text in the save, the declarations they make are the
player's, so a save replays exactly."""

from __future__ import annotations

from pathlib import Path

from game.saves import load_game, save_game
from game.session import SessionConfig
from game.session_orders import give_orders, orders_line, orders_routes
from game.tactics.standing import Command
from game.ui.app import new_session
from game.world.actions import Hold, Move

FLANK_MAP = str(Path(__file__).resolve().parent.parent / "docs" / "examples" / "flank" / "flank.tmx")


def solo(seed: int = 1, fog: bool = False):
    return new_session(SessionConfig(FLANK_MAP, "solo", "normal", seed, fog=fog))


def blue(s) -> list[int]:
    return [v.uid for v in s.match.units("blue", living=True)]


def end_round(s) -> None:
    """Enter: the player declares nothing; the round is resolved; the next one begins."""
    s.end_declarations()
    while s.question is not None and not s.match.over:
        s.recover(type("S", (), {"uid": s.question.uid})())  # a Mythras-style question: hold
    if s.needs_round and not s.match.over:
        s.begin_round()


def test_a_group_told_to_hold_until_round_3_declares_through_its_orders_on_enter():
    s = solo()
    group = blue(s)[:3]
    start = {u: s.match.view(u).pos for u in group}
    said = give_orders(s, group, Command("hold", until="round", round=3))
    assert "hold here until round 3" in said
    assert orders_line(s, group[0], None) == "g1: hold here until round 3"
    assert s.config.tactics["blue"][0] == "standing orders"  # the save carries them
    end_round(s)
    rec = s.history[0]
    mine = [c for c in rec.calls if c[0] in group]
    assert len(mine) == 3 and not any(c[3] for c in mine), "declared as the player's, one each"
    assert not any(isinstance(c[1], Move) and _far(c[1].path[-1], start[c[0]]) for c in mine)
    end_round(s)
    end_round(s)  # round 3 begins: the condition is met when they next declare
    assert s.match.round >= 3
    assert orders_line(s, group[0], None) == "g1: hold here"


def _cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _far(a, b) -> bool:
    return _cheb(a, b) > 2


def test_a_group_sent_along_a_route_moves_on_enter_and_others_hold():
    s = solo()
    group, rest = blue(s)[:2], blue(s)[2:]
    give_orders(s, group, Command("advance", route="north", until="route_end"))
    assert orders_routes(s, "blue") == ["north"]
    assert orders_line(s, group[0], None) == "g1: advance along north until route's end"
    assert orders_line(s, rest[0], None) is None
    s.end_declarations()
    decl = {uid: a for uid, a, _ in s.history[0].declarations}
    first = s.match.grid.routes[0].points[0]
    for u in group:  # on their way along the route (a shot taken on the way, as the AI judges)
        path = getattr(decl[u], "path", ())
        assert path and path[-1] != path[0], decl[u]
        assert _cheb(path[-1], first) < _cheb(path[0], first), decl[u]
    assert not any(getattr(decl[u], "path", ()) for u in rest), "without orders they carry on or hold"


def test_orders_that_do_not_fit_the_map_are_one_line_and_change_nothing():
    s = solo()
    said = give_orders(s, blue(s)[:1], Command("advance", route="south", until="contact"))
    assert said.startswith("standing orders: group 'g1' order 1 route: the map has no route named 'south'")
    assert "blue" not in s.config.tactics
    assert give_orders(s, [v.uid for v in s.match.units("red")], Command("hold")).startswith("select your own")


def test_new_orders_replace_a_units_old_ones_and_clearing_removes_them():
    s = solo()
    a, b = blue(s)[:2]
    give_orders(s, [a, b], Command("hold", until="contact"))
    give_orders(s, [b], Command("withdraw", to=(2, 10), until="round", round=4))
    assert orders_line(s, a, None) == "g1: hold here until contact"
    assert orders_line(s, b, None) == "g2: withdraw to (2, 10) until round 4"
    give_orders(s, [a], None)
    assert orders_line(s, a, None) is None
    assert orders_line(s, b, None) == "g2: withdraw to (2, 10) until round 4"


def test_the_enemys_orders_are_never_shown_under_fog():
    s = solo(fog=True)
    give_orders(s, blue(s)[:1], Command("hold", until="contact"))
    red = s.match.units("red")[0].uid
    assert orders_line(s, blue(s)[0], "blue") is not None
    assert orders_line(s, red, "blue") is None


def test_a_save_with_standing_orders_replays_exactly(tmp_path):
    s = solo(seed=4)
    give_orders(s, blue(s)[:4], Command("advance", route="north", until="route_end"))
    for _ in range(3):
        end_round(s)
    path = save_game(s, tmp_path / "orders.json")
    loaded = load_game(path)
    assert [e.text for e in loaded.match.log.events] == [e.text for e in s.match.log.events]
    assert [v.pos for v in loaded.match.units()] == [v.pos for v in s.match.units()]
    assert orders_line(loaded, blue(s)[0], None) == orders_line(s, blue(s)[0], None)


def test_in_a_round_of_turns_a_unit_with_orders_takes_its_turns_by_them():
    """Mythras: no declarations, a Turn at a time; ending the turn, the units with orders act
    by them (recorded as the player's answers), the others hold."""
    s = new_session(SessionConfig(FLANK_MAP, "solo", "normal", 2, fog=False, ruleset="mythras"))
    group = blue(s)[:2]
    give_orders(s, group, Command("advance", route="north", until="route_end"))
    start = {u: s.match.view(u).pos for u in blue(s)}
    s.end_declarations()
    for _ in range(500):  # the round's other questions to blue: a reaction, effects
        q = s.question
        if q is None or s.match.round > 1:
            break
        s.answer(q.options[0].key if q.kind == "reaction" else [] if q.kind == "effects" else (Hold(), {}))
    # Under Mythras a shot carries no walk (issue 28): an ordered unit with a target in sight
    # shoots from where it stands, else it walks its route; either way its Turn is its orders'.
    answered = [a for a in s.history[0].answers if a[0] in group and a[1] == "act"]
    assert answered and not all(type(v[0]).__name__ == "Hold" for _, _, v in answered)
    by_orders = [v[0] for _, _, v in answered if type(v[0]).__name__ != "Hold"]
    moved = {u for u in group if s.match.view(u).pos != start[u]}
    assert moved or all(type(a).__name__ == "Attack" and not a.path for a in by_orders)
