"""Yags SF in the window: two shots split over two enemies (yags-sf-combat-0.30a.md, Multiple
Shots: "As many shots can be made, at either the same or multiple targets, as the gun has
rounds"). With the two shots chosen (Q), Ctrl+click on one enemy and a click on another
declares the first shot at the one and the second at the other (issue 28: the rule reachable
by the player, game/ui/split_fire.py)."""

import pygame
from uihelp import post_click, post_key, ruleset_battle

from game.world.components import Position


def _two_enemies_in_sight(m, uid):
    """Put two enemies where `uid` sees both, within its weapon's long range."""
    me = m.view(uid)
    facts = m.rules.weapon_facts(me.combatant)
    reds = [v for v in m.units() if v.team != me.team and not v.out][:2]
    occupied = {v.pos for v in m.units()}
    spots = []
    for r in range(2, 9):
        for dx in range(-r, r + 1):
            for dy in (-r, r):
                tile = (me.pos[0] + dx, me.pos[1] + dy)
                if not (0 <= tile[0] < m.grid.width and 0 <= tile[1] < m.grid.height):
                    continue
                if tile in occupied or not m.grid.walkable(*tile) or not m.topology.line_of_sight(me.pos, tile):
                    continue
                if m.topology.distance_m(me.pos, tile) <= facts.long_m and all(abs(tile[0] - s[0]) + abs(tile[1] - s[1]) > 1 for s in spots):
                    spots.append(tile)
        if len(spots) >= 2:
            break
    for v, tile in zip(reds, spots, strict=False):
        m.write(v.uid, Position, x=tile[0], y=tile[1])
    return [v.uid for v in reds]


def test_ctrl_click_splits_two_shots_over_two_enemies(app):
    screen = ruleset_battle(app, "yags-sf")
    m = screen.match
    uid = next(v.uid for v in m.units()
               if "shot" in m.rules.weapon_facts(v.combatant).split_modes and screen.session.can_declare(v.uid))
    screen.selected = uid
    first, second = _two_enemies_in_sight(m, uid)
    app.frame(16)
    post_key(pygame.K_q)  # the two shots (Multiple Shots)
    app.frame(16)
    assert screen.choice.shot == "snap"
    pygame.key.set_mods(pygame.KMOD_CTRL)
    screen.camera.centre_on(m.view(first).pos)
    post_click(screen.camera.centre(m.view(first).pos))
    app.frame(16)
    pygame.key.set_mods(pygame.KMOD_NONE)
    assert screen.choice.pending == "split" and m.name(first) in screen.message, screen.message
    screen.camera.centre_on(m.view(second).pos)
    post_click(screen.camera.centre(m.view(second).pos))
    app.frame(16)
    d = m.declared(uid)
    assert d is not None, screen.message
    assert d.action.target == first and d.action.options.get("further") == str(second)
    assert d.action.options.get("shot") == "snap"  # two of Multiple Shots (Ruleset.fire_count)


def test_ctrl_click_without_the_two_shots_says_how(app):
    screen = ruleset_battle(app, "yags-sf")
    m = screen.match
    uid = screen.selected
    first, _ = _two_enemies_in_sight(m, uid)
    app.frame(16)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    screen.camera.centre_on(m.view(first).pos)
    post_click(screen.camera.centre(m.view(first).pos))
    app.frame(16)
    pygame.key.set_mods(pygame.KMOD_NONE)
    assert screen.choice.pending == "" and m.declared(uid) is None
    assert "two shots" in screen.message or "two enemies" in screen.message, screen.message
