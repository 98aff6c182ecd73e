"""Issue 18, feedback: the round played back with walks, tracers, area fire, grenades and
blasts, the harm done above the units; sounds (silent and error-free without a device); the
help; the tutorial; figures by role; an idle screen draws nothing."""

import os

import pygame
import pytest
from uihelp import click_tile, post_key

from engine.ruleset import HealthFacts
from game.ui import sound as snd
from game.ui.animate import Context, Walk, animate
from game.ui.battle import BattleScreen
from game.ui.figures import figure_role
from game.world.actions import AreaFire, Attack, Hold, Move, Throw
from game.world.events import Event, EventKind, Health

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def resolve_with(screen, orders):
    """Declare `orders` ({uid: action}) for the player's units as their turns come, hold the
    rest; the round resolves and its playback begins (at the normal speed)."""
    s = screen.session
    screen.play.set_speed(350)
    for uid, action in orders.items():
        while s.current() != uid:
            cur = s.current()
            assert cur is not None and s.can_declare(cur)
            s.declare(cur, Hold())
            s.release_ai()
        assert s.declare(uid, action).__class__.__name__ == "Done", screen.match.check(uid, action)
        s.release_ai()
    s.end_declarations()
    assert screen.play.busy()


def run_to(screen, want, limit=400):
    """Tick the playback until `want(play)` or its end."""
    for _ in range(limit):
        if want(screen.play) or not screen.play.busy():
            return
        screen.update(16)


def test_shots_play_back_with_tracers_flashes_and_their_sound(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    resolve_with(screen, {uid: Attack(enemy.uid, "burst")})
    run_to(screen, lambda p: any(e.kind == "tracer" for e in p.fx.items) and p.event()[0] == uid)
    tracers = [e for e in screen.play.fx.items if e.kind == "tracer"]
    assert len(tracers) >= 4  # a burst is several rounds
    start = m.view(uid).pos
    assert any(abs(t.a[0] - (start[0] + 0.5)) < 1e-6 for t in tracers)
    assert any(e.kind == "flash" for e in screen.play.fx.items)
    screen.draw(app.window)  # drawn without error, mid-flight
    run_to(screen, lambda p: "burst" in app.sounds.played)
    assert "burst" in app.sounds.played


def test_area_fire_shows_its_swept_arc(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    resolve_with(screen, {uid: AreaFire(enemy.pos)})
    run_to(screen, lambda p: any(e.kind == "arc" for e in p.fx.items))
    arcs = [e for e in screen.play.fx.items if e.kind == "arc"]
    assert len(arcs) == 1 and arcs[0].extra["degrees"] == 30  # one arc for the whole sweep
    screen.draw(app.window)


def test_a_grenade_flies_then_its_blast_spreads_its_bands_and_shakes_the_view(app, battle):
    screen = battle()
    m, s = screen.match, screen.session
    thrower = next(u for u in s.queue if s.team_of(u) == "blue" and m.view(u).grenades)
    enemy = m.enemies_of(thrower)[0]
    weapon = m.view(thrower).grenades[0]
    tiles = sorted(((x, y) for x in range(m.grid.width) for y in range(m.grid.height)),
                   key=lambda t: abs(t[0] - enemy.pos[0]) + abs(t[1] - enemy.pos[1]))
    near = next(t for t in tiles if not hasattr(m.check(thrower, Throw(weapon, t)), "reason"))
    resolve_with(screen, {thrower: Throw(weapon, near)})
    run_to(screen, lambda p: any(e.kind == "blast" for e in p.fx.items))
    fx = screen.play.fx
    blast = next(e for e in fx.items if e.kind == "blast")
    r = float(m.rules.blast_radius_m(weapon)) / m.grid.metres_per_tile
    assert blast.radii == pytest.approx((r, 2 * r, 3 * r)) or r < 0.6
    assert any(e.kind == "throw" for e in fx.items)
    shaken = [fx.shake(blast.start + ms) for ms in range(0, 300, 20)]
    assert any(d != (0, 0) for d in shaken)
    assert fx.shake(blast.start + blast.life + 1) == (0, 0)
    screen.draw(app.window)


def test_a_mover_walks_its_path_during_its_step(app, battle):
    screen = battle()
    m = screen.match
    uid = screen.selected
    reach = m.movement.reachable(uid, "free")
    occupied = {v.pos for v in m.units()}
    tile = max((t for t in reach if t not in occupied), key=reach.get)
    path = tuple(m.movement.path(uid, tile))
    start = m.view(uid).pos
    resolve_with(screen, {uid: Move(path[1:] if path[0] == start else path, "free")})
    run_to(screen, lambda p: uid in p.walking())
    first = screen.play.walking()[uid][0]
    screen.update(60)
    later = screen.play.walking().get(uid, ((tile[0] + 0.5, tile[1] + 0.5), None))[0]
    end = (tile[0] + 0.5, tile[1] + 0.5)
    d = lambda p: abs(p[0] - end[0]) + abs(p[1] - end[1])  # noqa: E731
    assert d(later) < d(first) <= d((start[0] + 0.5, start[1] + 0.5)) + 1e-6
    screen.draw(app.window)


def test_the_harm_done_floats_over_the_unit():
    ok = HealthFacts("ok", False)
    hurt = HealthFacts("light", False, wounds=2, stuns=1)
    down = HealthFacts("unconscious", True, wounds=2, stuns=1)
    step = [Event(1, "normal", EventKind.ATTACK, "A -> B: hit", 1, 2),
            Event(1, "normal", EventKind.DAMAGE, "B: wounds 2", None, 2, Health(2, hurt)),
            Event(1, "normal", EventKind.DOWN, "B is down", 2, None, Health(2, down))]
    ctx = Context({}, lambda uid: (uid, 0), {2: ok}, lambda w: 1.0)
    length, fx = animate(step, ctx, 0.0, 350.0)
    labels = [e.label for e in fx if e.kind == "text"]
    assert labels == ["+2 wounds", "+1 stun", "DOWN"]
    assert {e.label for e in fx if e.kind == "sound"} >= {"shot", "wound", "down"}
    assert length >= 350


def test_walks_follow_the_declared_path_to_where_the_unit_stopped():
    w = Walk(1, [(0, 0), (1, 0), (2, 1)])
    assert w.at(0.0)[0] == (0.5, 0.5) and w.at(1.0)[0] == (2.5, 1.5)
    mid, way = w.at(0.3)
    assert 0.5 < mid[0] < 1.5 and way == (1, 0)


def test_no_audio_device_is_silence_not_an_error(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = snd.Sounds({"volume": 0.7, "mute": False})
    assert not sounds.ok and "no audio device" in sounds.problem
    sounds.play("shot")  # nothing, and no error


def test_every_sound_is_shipped_and_loads(app):
    for name in snd.NAMES:
        assert os.path.isfile(os.path.join(ROOT, "assets", "sounds", f"{name}.wav")), name
    if app.sounds.ok:
        assert set(app.sounds.effects) == set(snd.NAMES)


def test_mute_and_volume_come_from_the_settings(app):
    app.change_setting("mute", True)
    assert app.sounds.volume() == 0.0
    app.change_setting("mute", False)
    app.change_setting("volume", 0.3)
    assert app.sounds.volume() == pytest.approx(0.3)


def test_f1_and_question_mark_show_the_help_and_any_key_closes_it(app, battle):
    screen = battle()
    post_key(pygame.K_F1)
    app.frame(16)
    assert screen.help
    post_key(pygame.K_h)  # closes the help, declares nothing
    app.frame(16)
    assert not screen.help and screen.match.declared(screen.selected) is None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?",
                                         scancode=0))
    app.frame(16)
    assert screen.help
    for size in ((1280, 720), (640, 400)):
        screen.resize(size)
        screen.draw(app.window)


def test_the_tutorial_teaches_a_round_step_by_step(app):
    app.go(("tutorial",))
    screen = app.screen
    assert isinstance(screen, BattleScreen) and screen.coach is not None
    coach = screen.coach
    assert coach.i == 0 and "first battle" in coach.lesson.title.lower()
    screen.draw(app.window)
    post_key(pygame.K_n)
    app.frame(16)
    assert coach.lesson.title == "Stage a move"
    m = screen.match
    uid = screen.selected
    reach = m.movement.reachable(uid, "free")
    occupied = {v.pos for v in m.units()}
    tile = next(t for t in sorted(reach, key=reach.get) if t not in occupied and t != m.view(uid).pos)
    click_tile(app, tile)
    assert coach.lesson.title == "Shoot on the way"
    post_key(pygame.K_n)  # skip it
    app.frame(16)
    assert coach.lesson.title == "Take it back"
    screen.draw(app.window)


def test_units_are_drawn_by_role(app, battle):
    assert figure_role("gunner") == "gunner" and figure_role("heavy_gunner") == "gunner"
    assert figure_role("pump_gun") == "shotgun" and figure_role("cqb_leader") == "leader"
    assert figure_role("my own sniper") == "marksman" and figure_role(None, melee=True) == "swordsman"
    assert figure_role("") == "rifleman"
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import make_units  # tools/, beside the art it draws

    for role in make_units.ROLES:
        for team in ("blue", "red"):
            for stance in ("normal", "crouched", "prone", "down"):
                assert f"{role}_{team}_{stance}" in app.sprites.frames
    screen = battle(path=os.path.join(ROOT, "maps", "street.tmx"))
    roles = set(screen.roles.values())
    assert {"leader", "smg", "shotgun", "pistol", "axeman", "swordsman"} <= roles
    screen.draw(app.window)


def test_an_idle_battle_screen_draws_nothing_until_an_event(app, battle, monkeypatch):
    """Wrong today: the window redrew 60 times a second while nothing moved."""
    from game.ui import app as app_module

    screen = battle()
    assert not app.busy()
    drawn = []
    monkeypatch.setattr(screen, "draw", lambda surface: drawn.append(1))
    polls = []

    def poll():
        polls.append(1)
        if len(polls) == 50:
            return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
        if len(polls) > 60:
            return pygame.event.Event(pygame.QUIT)
        return pygame.event.Event(pygame.NOEVENT)

    monkeypatch.setattr(app_module.pygame.event, "poll", poll)
    monkeypatch.setattr(app_module.time, "sleep", lambda s: None)
    app.run()
    assert len(polls) > 60 and len(drawn) == 1  # one frame, for the one key
    assert not app.running


def test_the_screen_is_busy_while_a_round_plays_back(app, battle):
    screen = battle()
    uid = screen.selected
    enemy = screen.match.sight.visible_enemies(uid)[0]
    resolve_with(screen, {uid: Attack(enemy.uid, "shot")})
    assert app.busy()
    run_to(screen, lambda p: False, limit=2000)
    for _ in range(300):
        if not app.busy():
            break
        screen.update(16)
    assert not app.busy()


def test_a_machine_with_no_sound_card_is_silent_without_alsa_complaints(monkeypatch):
    """No /dev/snd, no sound server, no SDL driver chosen: the mixer is not even opened."""
    opened = []
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    for key in ("PULSE_SERVER", "PIPEWIRE_REMOTE", "JACK_DEFAULT_SERVER", "XDG_RUNTIME_DIR"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setattr(snd.sys, "platform", "linux")
    monkeypatch.setattr(snd.os.path, "exists", lambda p: False)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(1))
    sounds = snd.Sounds()
    assert not sounds.ok and not opened and "no audio device" in sounds.problem
    sounds.play("blast")


def test_the_playback_dwells_longest_on_a_fall_then_on_a_wound():
    """Issue 32: a hit and a fall get a longer, clearer moment than a step that hurts no one."""
    from game.ui.animate import HOLD_FALL, HOLD_WOUND

    ok = HealthFacts("ok", False)
    hurt = HealthFacts("light", False, wounds=2)
    down = HealthFacts("unconscious", True, wounds=2)

    def length(*events):
        ctx = Context({}, lambda uid: (uid, 0), {2: ok}, lambda w: 1.0)
        return animate([Event(1, "normal", EventKind.ATTACK, "A -> B: hit", 1, 2), *events], ctx, 0.0, 350.0)[0]

    missed = length()
    wounded = length(Event(1, "normal", EventKind.DAMAGE, "B: wounds 2", None, 2, Health(2, hurt)))
    fallen = length(Event(1, "normal", EventKind.DOWN, "B is down", 2, None, Health(2, down)))
    assert missed < wounded < fallen and wounded >= HOLD_WOUND and fallen >= HOLD_FALL
