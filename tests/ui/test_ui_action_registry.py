"""Issue 29, an action's knowledge on the action: every kind of action of the world has its
entry in the battle screen's registry (game/ui/actionui/): a key bound in the keymap or a
mouse gesture, a row in the help, a button on the panel (a key's), and a declaration drawn on
the map through the entry; so a new action cannot forget one. The UI and the AI test no
action's type (README, Layout: adding an action)."""

import os
import re

import pygame
from uihelp import ROOT, post_key, ruleset_battle

from game.ui import actionbar as bar
from game.ui import actionui
from game.ui import keymap as km
from game.ui.actionui.pick_up import PickUpUI
from game.world import actions
from game.world.actions import PickUp

ACTION_TYPES = "Move|Attack|Aim|AreaFire|FirstAid|FullDodge|Hold|Overwatch|PickUp|Reload|Stand|Throw"


def test_every_registered_action_kind_has_its_ui_entry_with_a_key_or_gesture_and_help():
    tags = {k.tag for k in actions.KINDS}
    entries = {e.tag for e in actionui.ENTRIES}
    assert tags == entries, (tags - entries, entries - tags)
    every_row = " ".join(f"{k} {what}" for k, what in km.help_rows("yags"))
    for e in actionui.ENTRIES:
        assert e.keys or e.mouse, e.tag  # a key, or how the mouse gives it
        assert e.help, e.tag
        for name, (keys, read) in e.keys.items():
            assert km.keys(name) == keys and km.name(name) == read, (e.tag, name)  # bound in the keymap
        for name in e.declares + tuple(e.intents):
            assert name in e.keys, (e.tag, name)
        # the help names its keys (or its gesture), from the keymap's rows or its own
        assert any(km.name(n) in every_row.split() for n in e.keys) or e.mouse in every_row, e.tag


def test_every_action_key_is_a_button_on_the_panel(app):
    """Each entry's keys (but the step dice' own, greyed in Yags with its reason) are buttons
    of the player's unit, whose labels start with the key."""
    screen = ruleset_battle(app, "yags")
    m, uid = screen.match, screen.selected
    shown = {b.key: b for b in bar.player_buttons(m, uid, screen.choice.state(uid))}
    step_only = {"miniscule", "disarm", "feint", "grapple", "all_out"}
    for e in actionui.ENTRIES:
        for name in e.keys:
            if name in step_only:
                continue
            b = shown.get(km.key(name))
            assert b is not None, (e.tag, name)
            assert b.label.startswith(km.name(name) + " "), (e.tag, b.label)


def test_pick_up_lives_in_its_entry_and_the_registries_only(app):
    """PickUp's screen side is one module: its key reaches the keymap, its help row the help,
    its button the panel (greyed with the world's reason), and U declares it."""
    assert km.action_of(pygame.K_u) == "pick_up" and actionui.entry("pick_up").__class__ is PickUpUI
    assert ("U", "pick up your dropped weapon (lying within a tile)") in km.help_rows("yags")
    assert ("U", "pick up your dropped weapon (lying within a tile)") in km.help_rows("mythras")
    screen = ruleset_battle(app, "yags")
    m, uid = screen.match, screen.selected
    b = next(b for b in bar.player_buttons(m, uid, screen.choice.state(uid)) if b.key == pygame.K_u)
    assert not b.enabled and "dropped no weapon" in b.tip
    assert m.combat.drop_weapon(uid, "fumbles and drops")
    screen.cache.clear()
    post_key(pygame.K_u)
    app.frame(16)
    assert isinstance(m.declared(uid).action, PickUp)
    # the world and the AI name it only in its own module and the registry
    named = []
    for folder in ("game/ai", "game/tactics", "game/ui", "game/world"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for f in files:
                path = os.path.join(dirpath, f)
                if f.endswith(".py") and re.search(r"\bPickUp\b", open(path, encoding="utf-8").read()):
                    named.append(os.path.relpath(path, ROOT))
    assert sorted(named) == ["game/ui/actionui/pick_up.py", "game/world/actions/__init__.py",
                             "game/world/actions/pick_up.py"], named


def test_the_ui_and_the_ai_test_no_action_type():
    pattern = re.compile(r"isinstance\([^,]+, *\(?(" + ACTION_TYPES + r")\b")
    found = []
    for folder in ("game/ui", "game/ai", "game/tactics"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for f in files:
                if f.endswith(".py"):
                    path = os.path.join(dirpath, f)
                    for n, line in enumerate(open(path, encoding="utf-8"), 1):
                        if pattern.search(line):
                            found.append(f"{os.path.relpath(path, ROOT)}:{n}")
    assert found == []


def test_a_kind_without_an_entry_is_drawn_and_animated_as_nothing():
    """An action registered in the world alone (a test's, a mod's) is shown by its harm only."""

    class Unknown:
        pass

    e = actionui.entry_of(Unknown())
    assert e.strike_of(Unknown()) == "none" and not e.reload_sound and e.keys == {}
