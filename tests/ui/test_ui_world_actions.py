"""The world's actions in the battle screen, driven by posted events: overwatch (O, its 45 degree
arc drawn while aiming), first aid (T on itself or a friend next to it, Y for stuns), picking a
dropped weapon up (U), a jammed gun (R clears it), holds and first aid on the map and the unit
sheet, End turn carrying on a reload or an overwatch instead of holding, and the playback's
wound markers as each step left them."""

import math

import esper
import pygame
from uihelp import click_tile, end_turn, post_click, post_key

from engine.ruleset import HealthFacts
from engine.yags.health import Condition
from game.ui import figures as fig
from game.ui.battle_playback import shown_at
from game.ui.panels import unit_lines
from game.world.actions import FirstAid, Hold, Overwatch, PickUp, Reload
from game.world.components import Position, Tending
from game.world.events import Event, Health, MovedTo, WatchNote


def button(screen, key):
    return next((b, r) for b, r in screen.choice.buttons() if b.key == key)


def hover(app, tile):
    screen = app.screen
    screen.camera.centre_on(tile)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.camera.centre(tile), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame(16)
    return screen.view.hover_preview(app.window, screen.selected)


def refresh(screen):
    """The world was changed behind the screen's back (as a test does): forget the caches."""
    screen.cache.clear()


def put_next_to(m, uid, other):
    """Move `uid` onto a free walkable tile next to `other`."""
    ox, oy = m.view(other).pos
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        t = (ox + dx, oy + dy)
        if m.grid.in_bounds(*t) and m.grid.walkable(*t) and t not in m.occupied():
            m.write(uid, Position, x=t[0], y=t[1])
            return t
    raise AssertionError("no free tile")


# --- overwatch -----------------------------------------------------------------------------------


def test_o_aims_an_overwatch_arc_at_a_clicked_tile_and_draws_it(app, battle):
    """O waits for a click on the tile to aim at; meanwhile the hovered tile's 45 degree arc is
    drawn (the tiles it covers shaded) with what it does; a click declares it; Esc cancels."""
    screen = battle()
    m = screen.match
    uid = screen.selected
    me = m.view(uid).pos
    aim = (me[0] + 6, me[1])
    assert not button(screen, pygame.K_o)[0].active
    post_key(pygame.K_o)
    app.frame(16)
    assert screen.choice.pending == "overwatch" and "45 degree arc" in screen.message
    assert button(screen, pygame.K_o)[0].active
    tip = hover(app, aim)
    area = m.overwatch.area(uid, aim)
    assert tip[0] == f"overwatch at {aim}: 45 degree arc to {m.rules.weapon_facts(m.view(uid).combatant).long_m:g} m " \
                     f"({len(area)} tiles in sight)"
    assert any("Per x Tactics at 10" in line for line in tip)
    # the covered tiles are shaded: a covered tile nobody stands on changes colour
    tile = next(t for t in sorted(area) if t not in m.occupied() and screen.map_rect.collidepoint(
        screen.camera.centre(t)))
    px = screen.camera.centre(tile)
    screen.draw(app.window)
    shaded = app.window.get_at(px)
    screen.choice.pending = ""
    screen.draw(app.window)
    plain = app.window.get_at(px)
    assert shaded != plain
    post_key(pygame.K_o)
    app.frame(16)
    post_key(pygame.K_ESCAPE)
    app.frame(16)
    assert screen.choice.pending != "overwatch" and m.declared(uid) is None and screen.menu is None
    post_key(pygame.K_o)
    app.frame(16)
    click_tile(app, aim)
    d = m.declared(uid)
    assert d is not None and d.action == Overwatch(aim), screen.message
    assert screen.choice.pending != "overwatch"


def test_a_declared_overwatch_is_drawn_for_later_declarers_and_kept_by_end_turn(app, battle):
    """Declarations are drawn on the map: an overwatch's arc edges (45 degrees, from the
    watcher). One that nothing triggered is kept by End turn (the world's carry_on: "you may
    choose to keep the overwatch for subsequent rounds"), where a Hold would drop it."""
    screen = battle()
    m, s = screen.match, screen.session
    uid = screen.selected
    me = m.view(uid).pos
    aim = (0, me[1])  # toward its own side's edge: nobody comes from there
    cam = screen.camera
    o = cam.centre(me)
    # a point on the arc's upper edge, on the map (the arc is cut at the map's edge, issue 18)
    edge = (round(o[0] - 1.3 * cam.tile_px * math.cos(math.radians(22.5))),
            round(o[1] - 1.3 * cam.tile_px * math.sin(math.radians(22.5))))
    assert cam.map_area().collidepoint(edge)
    near = [(edge[0] + dx, edge[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    screen.draw(app.window)
    before = [app.window.get_at(p) for p in near]
    assert s.declare(uid, Overwatch(aim)).__class__.__name__ == "Done"
    screen.draw(app.window)
    assert [app.window.get_at(p) for p in near] != before
    end_turn(app)  # the others carry on or hold; the round resolves
    app.frame(16)  # the round resolved; the next begins
    assert m.round == 2 and m.overwatch.watch(uid).round == 1 and not m.overwatch.watch(uid).triggered
    while s.current() != uid:
        assert s.declare(s.current(), Hold()).__class__.__name__ == "Done"
    screen.selected = uid
    refresh(screen)
    assert "O and the same tile keeps it" in " ".join(t for t, _, _ in unit_lines(m, uid))
    assert "lets the overwatch lapse" in button(screen, pygame.K_h)[0].tip
    end_turn(app)
    kept = [e for e in m.log if e.round == 2 and e.kind == "declare" and e.actor == uid]
    assert kept and kept[-1].text.endswith(f"declares overwatch at {aim}")
    assert any(e.round == 2 and e.kind == "overwatch" and e.data.stage == "kept" and e.actor == uid
               for e in m.log)


def test_overwatch_and_reload_buttons_for_a_jammed_gun(app, battle):
    """A jammed gun (Missile fumbles): the map says JAM, the sheet says so, R reads "clear
    jam" and O is greyed with the world's reason."""
    screen = battle()
    m = screen.match
    uid = screen.selected
    m.view(uid).ammo.jammed = True
    refresh(screen)
    o, _ = button(screen, pygame.K_o)
    r, _ = button(screen, pygame.K_r)
    assert not o.enabled and "jammed" in o.tip
    assert r.enabled and r.label == "R clear jam"
    assert any("JAMMED" in t for t, _, _ in unit_lines(m, uid))
    assert uid in fig.badges(m).jammed
    post_key(pygame.K_r)
    app.frame(16)
    assert isinstance(m.declared(uid).action, Reload)


# --- first aid and picking up -------------------------------------------------------------------


def test_first_aid_on_a_friend_next_to_it_with_the_stuns_toggle(app, battle):
    """T then a click on itself or a friend next to it (Healing and First aid); Y switches to
    the stuns; a friend further off is refused with the world's reason and T still waits."""
    screen = battle()
    m = screen.match
    uid = screen.selected
    friends = [v.uid for v in m.units("blue") if v.uid != uid]
    near, far = friends[0], friends[1]
    put_next_to(m, near, uid)
    m.health.set_state(near, Condition(stuns=3))
    refresh(screen)
    t, _ = button(screen, pygame.K_t)
    assert t.enabled and m.name(near) in t.tip and "itself" in t.tip
    post_key(pygame.K_y)
    app.frame(16)
    assert screen.choice.first_aid_stuns and button(screen, pygame.K_y)[0].label == "Y treat stuns"
    post_key(pygame.K_t)
    app.frame(16)
    assert screen.choice.pending == "first_aid"
    tip = hover(app, m.view(near).pos)
    assert tip[0] == f"first aid on {m.name(near)} (stuns): click to declare"
    click_tile(app, m.view(far).pos)
    assert m.declared(uid) is None and "next to" in screen.message and screen.choice.pending == "first_aid"
    click_tile(app, m.view(near).pos)
    assert m.declared(uid).action == FirstAid(near, True), screen.message
    assert screen.choice.pending != "first_aid"


def test_tending_is_shown_and_end_turn_goes_on_with_it(app, battle):
    """First aid in progress: the map links healer and patient with the rounds left, the sheet
    says so, Hold's tip warns it stops it, and End turn declares it again (carry_on)."""
    screen = battle()
    m = screen.match
    uid = screen.selected
    patient = next(v.uid for v in m.units("blue") if v.uid != uid)
    put_next_to(m, patient, uid)
    esper.switch_world(m.world)
    m.put(uid, Tending(patient, False, 5))
    refresh(screen)
    assert (uid, patient, 5) in fig.badges(m).tending
    assert any("rounds left" in t for t, _, _ in unit_lines(m, uid))
    assert "stops the first aid" in button(screen, pygame.K_h)[0].tip
    end_turn(app)
    app.frame(16)
    assert not any(e.kind == "info" and "stops tending" in e.text for e in m.log)
    assert m.work.tending(uid) is not None and m.work.tending(uid).rounds_left == 4


def test_end_turn_goes_on_with_a_reload_rather_than_stopping_it(app, battle):
    """Reloading takes the round's action for its reload rounds (Magazines and reloading):
    End turn declares Reload for a unit in the middle of one; Hold would stop it."""
    screen = battle()
    m = screen.match
    uid = screen.selected
    ammo = m.view(uid).ammo
    ammo.loaded, ammo.reload_left = 0, 1
    refresh(screen)
    assert "stops the reload" in button(screen, pygame.K_h)[0].tip
    end_turn(app)
    app.frame(16)
    assert not any(e.kind == "ammo" and e.actor == uid and "stops reloading" in e.text for e in m.log)
    assert any(e.kind == "ammo" and e.actor == uid and "has reloaded" in e.text for e in m.log)


def test_u_picks_up_a_dropped_weapon_next_to_the_unit(app, battle):
    """A dropped weapon lies on the map (Disarm: "falls to the ground") until its owner picks
    it up: U is greyed with the reason while nothing lies within a tile, then declares it."""
    screen = battle()
    m = screen.match
    uid = screen.selected
    b, _ = button(screen, pygame.K_u)
    assert not b.enabled and "dropped no weapon" in b.tip
    assert m.combat.drop_weapon(uid, "fumbles and drops")
    refresh(screen)
    name, tile = m.combat.dropped_weapon(uid)
    assert (uid, name, tile) in fig.badges(m).dropped
    assert any(f"dropped its {name}" in t for t, _, _ in unit_lines(m, uid))
    b, r = button(screen, pygame.K_u)
    assert b.enabled and name in b.tip
    post_click(r.center)
    app.frame(16)
    assert isinstance(m.declared(uid).action, PickUp)


# --- the playback's markers ----------------------------------------------------------------------


def test_playback_markers_show_the_health_each_step_left(app, battle):
    """The world's health events carry the wounds and stuns after each change: a unit hurt
    twice in a round is drawn with no marker before the first hit, with the first hit's after
    it, the second's after that; a mover caught by an overwatch on its way is drawn where it
    was caught."""
    screen = battle()
    m = screen.match
    uid = screen.selected
    enemy = m.enemies_of(uid)[0].uid
    start = {v.uid: v.pos for v in m.units()}
    health = {v.uid: m.rules.health_facts(v.state) for v in m.units()}
    hit1 = Event(1, "normal", "damage", "x", None, enemy, Health(enemy, HealthFacts("ok", False, wounds=2)))
    hit2 = Event(1, "slow", "damage", "y", None, enemy, Health(enemy, HealthFacts("ok", False, wounds=4, stuns=1)))
    caught = Event(1, "move", "overwatch", "z", uid, enemy, WatchNote("triggered", at=(3, 4)))
    move = Event(1, "move", "move", "w", enemy, None, MovedTo((5, 4)))
    before = shown_at(m, start, [hit1, hit2], [], health)
    assert before[enemy].health.wounds == 0
    between = shown_at(m, start, [hit2], [hit1], health)
    assert (between[enemy].health.wounds, between[enemy].health.stuns) == (2, 0)
    later = shown_at(m, start, [move], [hit1, hit2, caught], health)
    assert later[enemy].pos == (3, 4)
    # and in the real screen: a resolved round's steps are drawn from these
    fig.draw_units(app.window, screen.camera, m, screen.sprites, None, set(), None, None, between)
