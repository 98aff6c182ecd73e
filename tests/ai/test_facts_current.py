"""The AI's facts follow the units within a round (a Mythras round is Turn by Turn: units move
between one AI decision and the next). Facts kept from the round's start put a unit that had
dodged away where it was, the AI walked another onto that tile, and an area-fire arc aimed at
the AI's own tile raised "an arc needs an aim point other than its origin": Escort, seed 6,
Mythras, normal against random (found by `python -m game.lab.strength --ruleset mythras`)."""

from game.ai import make_controller
from game.maps import load_map
from game.sim import MatchSpec, play_match
from game.world.components import Position
from tests.test_saves import ROOT


def test_the_escort_match_that_crashed_plays_to_its_end():
    path = str(ROOT / "maps" / "escort.tmx")
    battle = play_match(load_map(path), MatchSpec(path, 6, ruleset="mythras", fog=False, blue_ai="normal",
                                                  red_ai="random"))
    assert battle["rounds"] >= 1 and battle.get("winner") in ("blue", "red", None, "draw")


def test_the_facts_are_made_again_when_a_unit_moves_within_the_round(new_match):
    from gridfactory import make_grid
    from worldplay import unit

    m = new_match(make_grid(["." * 12 for _ in range(6)]), {"blue": [unit({"role": "rifleman"}, "A", 1, 1)],
                                                          "red": [unit({"role": "rifleman"}, "B", 10, 1)]})
    ai = make_controller("normal", 1, "blue")
    before = ai.facts(m)
    assert before.views[1].pos == (10, 1)
    assert ai.facts(m) is before  # nothing changed: the same facts
    m.write(1, Position, x=8, y=3)
    after = ai.facts(m)
    assert after is not before and after.views[1].pos == (8, 3)
