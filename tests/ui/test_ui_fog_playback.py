"""Fog of war in the round's playback (issue 17 follow-up): each side watches the round as it
saw it -- its units, the enemies while they were in its sight, its fog at each step. In
hot-seat each side watches in turn, the hand-over screen between them; solo shows the player's
side; watch mode and fog off show everything, as before."""

import os
import sys
from pathlib import Path

import pygame

from game.flow import driver
from game.ui import fogview as fv
from game.world.actions import Hold, Move

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "world"))
from gridfactory import make_grid  # noqa: E402
from uihelp import ai_declares_round  # noqa: E402
from worldplay import FOG_RIFLEMAN as RIFLEMAN  # noqa: E402
from worldplay import ROOMS  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WOOD = os.path.join(ROOT, "maps", "wood.tmx")


def test_each_sides_glimpses_of_the_round(new_match):
    """The world notes what each side saw after every step: an enemy that walks into sight
    at the round's end is not among what the side saw before the move, and is after it."""
    m = new_match(make_grid(ROOMS), {"blue": [{**RIFLEMAN, "name": "A", "x": 3, "y": 5}],
                                     "red": [{**RIFLEMAN, "name": "B", "x": 18, "y": 2}]}, fog=True)
    b = m.units("red")[0].uid
    for uid in driver(m).start_round():
        m.declare(uid, Move(((18, 2), (18, 3), (18, 4), (18, 5))) if uid == b else Hold())
    before = len(m.log)
    driver(m).resolve_round()
    moved = next(i for i, e in enumerate(m.log.events) if e.kind == "move")
    assert b not in m.vision.glimpse("blue", before).enemies
    assert b not in m.vision.glimpse("blue", moved).enemies
    assert b in m.vision.glimpse("blue", len(m.log)).enemies
    assert m.vision.glimpse("red", len(m.log)).enemies == m.vision.seen_enemies("red")


def _watch(app, screen, team):
    """Play the round back to its end, checking every step's view is `team`'s own."""
    m, play = screen.match, screen.play
    steps = 0
    while play.busy():
        assert fv.viewer(screen.session) == team
        shown, hidden = screen.view.fog()
        assert shown == team
        before, after = fv.glimpses(play, team)
        for v in m.units():
            if v.team != team and v.uid not in before.enemies | after.enemies:
                assert v.uid in hidden  # never seen by this side in this step: not drawn
        app.frame(16)
        play.tick(play.durations[play.i] + 1 if play.busy() else 0)
        steps += 1
    return steps


def test_hot_seat_with_fog_each_side_watches_the_round_from_its_view(app, battle):
    screen = battle(mode="hotseat", path=WOOD, fog=True)
    screen.play.set_speed(40)
    s = screen.session
    rnd = s.match.round
    ai_declares_round(screen.session)
    first = s.seat
    assert s.needs_round and screen.play.busy()
    assert s.watching == first
    assert _watch(app, screen, first) > 0
    app.frame(16)  # the playback over: the next side is asked to the seat, the round held back
    other = screen.replays.seat_for
    assert other is not None and other != first
    assert s.match.round == rnd and s.watching is None
    app.frame(16)
    assert s.match.round == rnd  # it waits behind the hand-over screen
    app.frame(16, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert s.watching == other and screen.play.busy() and s.seat == other
    _watch(app, screen, other)
    for _ in range(3):
        app.frame(16)
    assert s.match.round == rnd + 1  # both watched: the next round began
    assert s.watching is None and screen.replays.seat_for is None


def test_an_instant_playback_replays_for_nobody(app, battle):
    """With the playback instant there is nothing to watch: no second hand-over."""
    screen = battle(mode="hotseat", path=WOOD, fog=True)
    s = screen.session
    rnd = s.match.round
    ai_declares_round(screen.session)
    app.frame(16)
    app.frame(16)
    assert screen.replays.seat_for is None and s.match.round == rnd + 1


def test_solo_plays_the_round_back_from_the_players_side(app, battle):
    screen = battle(mode="solo", path=WOOD, fog=True)
    screen.play.set_speed(40)
    ai_declares_round(screen.session)
    assert screen.replays.seat_for is None and screen.session.watching is None
    assert _watch(app, screen, "blue") > 0


def test_effects_on_an_unseen_enemy_are_not_shown():
    """A stray round or a blast striking an enemy the viewer does not see: no tracer's end,
    impact or harm (nor its sound) over its tile; the blast the viewer's side threw stays."""
    from game.ui.effects import Effect

    fx = [Effect("tracer", 0, 100, (1.5, 1.5), (5.5, 5.5)), Effect("impact", 80, 100, (5.5, 5.5)),
          Effect("text", 100, 900, (5.5, 5.5), None, label="+1 wound"), Effect("sound", 100, 1, (0, 0), label="wound"),
          Effect("blast", 100, 900, (5.5, 5.5)), Effect("text", 100, 900, (2.5, 2.5), None, label="+2 wounds"),
          Effect("sound", 100, 1, (0, 0), label="wound")]
    kept = fv.visible_effects(fx, {(5, 5)})
    assert [(e.kind, e.label) for e in kept] == [("blast", ""), ("text", "+2 wounds"), ("sound", "wound")]
    assert fv.visible_effects(fx, set()) == fx
