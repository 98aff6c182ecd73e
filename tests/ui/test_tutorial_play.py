"""Issue 32, the tutorial: a player who does what each prompt says sees every step in order,
the round resolves only when they end the turn, and wins the yard."""

import pygame
from uihelp import click_tile, end_turn, post_key

from game.ui.battle import BattleScreen
from game.ui.tutorial import LESSONS
from game.world.actions import Attack, Move, Throw


def frames(app, n, ms=60):
    for _ in range(n):
        app.frame(ms)


def title(screen):
    lesson = screen.coach.lesson
    return lesson.title if lesson is not None else None


def best_target(m, uid):
    """The enemy in sight this unit has the best chance to hit, with that mode (or None)."""
    best = None
    for e in m.sight.visible_enemies(uid):
        for mode in ("burst", "shot"):
            if hasattr(m.check(uid, Attack(e.uid, mode, {})), "reason"):
                continue
            p = m.preview(uid, e.uid, mode, {})
            if hasattr(p, "reason"):
                continue
            harm = m.rules.expected_harm(p)
            if best is None or harm > best[0]:
                best = (harm, e.uid, mode)
    return None if best is None else best[1:]


def stage_and_shoot(app, screen):
    """Stage a free move (the nearest tile from which an enemy can be shot), then click
    that enemy: a shot on the way. Returns (tile, enemy)."""
    m = screen.match
    uid = screen.selected
    reach = m.movement.reachable(uid, "free")
    occupied = {v.pos for v in m.units()}
    for tile in sorted((t for t in reach if t not in occupied), key=lambda t: (reach[t], t)):
        path = tuple(tuple(t) for t in m.movement.path(uid, tile))
        path = path[1:] if path and path[0] == m.view(uid).pos else path
        for e in m.units("red", living=True):
            act = Attack(e.uid, "shot", {}, path=path)
            if not hasattr(m.check(uid, act), "reason"):
                click_tile(app, tile)
                assert screen.choice.staged
                click_tile(app, m.view(e.uid).pos)
                return tile, e.uid
    raise AssertionError("no tile to shoot from")


def play_on(app, screen, rounds=14):
    """On your own: each of your units shoots the enemy it can hurt most, else closes on the
    nearest; then the round plays back."""
    s = screen.session
    for _ in range(400):
        m = screen.match
        if m.over or m.round > rounds:
            return
        uid = s.current()
        if uid is None or not s.human_turn():
            frames(app, 1)
            continue
        target = best_target(m, uid)
        if target is not None:
            out = s.declare(uid, Attack(target[0], target[1], {}))
        else:
            here = m.view(uid).pos
            reds = [e.pos for e in m.units("red", living=True)]
            reach = m.movement.reachable(uid, "free")
            occupied = {v.pos for v in m.units()}
            tile = min((t for t in reach if t not in occupied), default=here,
                       key=lambda t, reds=reds: (min(abs(t[0] - r[0]) + abs(t[1] - r[1]) for r in reds), reach[t], t))
            path = tuple(tuple(t) for t in m.movement.path(uid, tile))
            path = path[1:] if path and path[0] == here else path
            out = s.declare(uid, Move(path, "free")) if path else s.declare(uid, Attack(-1, "shot", {}))
        assert out.__class__.__name__ == "Done", out
        frames(app, 1)


def test_a_player_who_follows_the_tutorial_sees_every_step_and_wins(app):
    app.go(("tutorial",))
    screen = app.screen
    assert isinstance(screen, BattleScreen)
    screen.play.set_speed(120)  # a playback that takes frames, as in a window
    frames(app, 1)
    assert title(screen) == "Your first battle"
    post_key(pygame.K_n)
    frames(app, 1)
    assert title(screen) == "Stage a move"
    m = screen.match
    first = screen.selected
    stage_and_shoot(app, screen)
    frames(app, 1)
    assert title(screen) == "Take it back"
    post_key(pygame.K_z)
    frames(app, 1)
    assert title(screen) == "End the turn" and screen.match.declared(first) is None
    stage_and_shoot(app, screen)  # declared again
    frames(app, 20)
    m = screen.match
    assert m.round == 1 and title(screen) == "End the turn"  # the other unit still to declare
    # the reds do not both aim at one man (the easy AI aims at its nearest)
    red_targets = [a.target for uid, a, _, _ in screen.session.history[-1].calls
                   if m.view(uid).team == "red" and isinstance(a, Attack)]
    assert len(set(red_targets)) == len(red_targets)
    end_turn(app)
    frames(app, 1)
    assert title(screen) == "Watch the round" and screen.play.busy()
    while screen.play.busy():
        frames(app, 1)
    frames(app, 2)
    assert title(screen) == "A grenade"
    assert not any(v.out for v in screen.match.units("blue"))  # nobody of yours lost in the first round
    m = screen.match
    uid = screen.session.current()
    assert uid is not None and screen.match.view(uid).team == "blue" and screen.selected == uid
    # the throw lands on a red unit within reach
    spots = [e.pos for e in m.units("red", living=True)
             if not hasattr(m.check(uid, Throw(m.view(uid).grenades[0], e.pos)), "reason")]
    assert spots, "no red unit within a throw"
    post_key(pygame.K_g)
    frames(app, 1)
    click_tile(app, spots[0])
    frames(app, 1)
    assert title(screen) == "On your own"
    post_key(pygame.K_n)
    frames(app, 1)
    assert title(screen) is None
    play_on(app, screen)
    m = screen.match
    assert m.over and m.winner == "blue"
    assert screen.coach.shown == [lesson.title for lesson in LESSONS]
