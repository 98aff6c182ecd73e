"""The player declaring for their units (the battle's state when nothing else is up): keys and
buttons choose (attack modes, shot types, reactions, the actions that declare at once or wait
for a click), clicks select units, stage a move (then a click on an enemy attacks on the way,
a click on the same tile moves), Esc drops the innermost choice or opens the menu, Z takes the
last declaration back, Tab goes to the next unit, Enter ends the turn. In watch mode the keys
pause and set the speed.

    state = DeclaringState(battle, choice)
    state.on_event(event) -> a transition | None
    state.declare(Hold())      # for the selected unit; the next one to declare is selected
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.outcome import Impossible
from game.ui import actionbar as bar
from game.ui import actionui, split_fire
from game.ui import keymap as km
from game.ui.battle_choice import PendingChoice
from game.ui.states.base import Next
from game.ui.states.controls import LOG_KEYS
from game.undo import take_back
from game.world.actions import Action, Aim, FullDodge, Hold, Overwatch, Reload, Stand

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

MODE_KEYS = {km.key(a): mode for a, mode in km.MODES.items()}
SHOT_KEYS = {km.key("snap"): "snap", km.key("careful"): "careful"}  # `1` is the normal shot
WATCH_KEYS = (*km.keys("go"), *km.keys("faster"), *km.keys("slower"))
DECLARING_KEYS = tuple(km.key(a) for a in actionui.declaring())  # keys that declare (or start to)
UNDO_KEYS = km.keys("undo")


class DeclaringState:
    """Declaring: what the mouse and keys choose and declare."""
    layer = -1  # (a state of the round: under anything opened over the battle)

    def __init__(self, battle: BattleScreen, choice: PendingChoice) -> None:
        self.battle = battle  # (the AI's grace starts again after a declaration)
        self.unit_at, self.follow, self.fit_map = battle.unit_at, battle.camera_follow, battle.fit_map
        self.session, self.cursor, self.layout, self.camera = battle.session, battle.cursor, battle.frame, battle.camera
        self.choice, self.play, self.controls, self.sounds = choice, battle.play, battle.controls, battle.sounds
        self.orders, self.menus = battle.orders, battle.menus

    @property
    def match(self) -> Any:
        return self.session.match  # (a new one after an undo)

    def on_draw(self, surface: pygame.Surface) -> None:
        pass  # the battle view draws the declarations, the staged move and the hover preview

    def button(self, event: pygame.event.Event, sound: bool = True) -> bar.Button | None:
        """The side panel's button a left click is on (its click heard), or None."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        found = bar.button_at(self.choice.buttons(), event.pos)
        if found is not None and sound:
            self.sounds.play("click")
        return found

    def watch_key(self, event: pygame.event.Event, button: bar.Button | None) -> int | None:
        """In watch mode, the pause or speed key pressed (or its button clicked), else None."""
        if self.session.config.mode != "watch" or not (button is not None or event.type == pygame.KEYDOWN):
            return None
        key = button.key if button is not None else event.key
        return key if key in WATCH_KEYS and not self.match.over else None

    def on_event(self, event: pygame.event.Event) -> Next:
        c = self.cursor
        if event.type == pygame.KEYDOWN and event.key in km.keys("menu"):
            dropped = "orders: no tile chosen" if self.orders.cancel() else self.choice.drop()  # the innermost choice first; the pause menu when none is left
            if dropped:
                c.message = dropped
            else:
                self.menus.open_menu()
            return None
        if event.type == pygame.KEYDOWN and event.key in (*LOG_KEYS, km.key("fit_map")):
            return self.key_down(event.key)
        button = self.button(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button is None \
                and not self.layout.map.collidepoint(event.pos):
            return None  # a click on a panel is not a click on the map
        watch = self.watch_key(event, button)
        if watch is not None:
            return self.key_down(watch)
        if button is not None:
            return self.key_down(button.key) if button.enabled else None
        if event.type == pygame.KEYDOWN:
            return self.key_down(event.key)
        if event.button == 1 and (self.orders.waiting_tile or pygame.key.get_mods() & pygame.KMOD_SHIFT):
            c.message = self.orders.click(self.camera.tile_at(event.pos))
        elif event.button == 1 and pygame.key.get_mods() & pygame.KMOD_CTRL and self.cursor.selected is not None \
                and self.session.can_declare(self.cursor.selected):  # shots split over two enemies
            tile = self.camera.tile_at(event.pos)
            c.message = split_fire.start(self.choice, self.cursor.selected, None if tile is None else self.unit_at(tile))
        elif event.button == 1:
            self.click(self.camera.tile_at(event.pos))
        elif event.button == 3:
            c.message = self.choice.drop()
        return None

    def undo(self) -> None:
        """Take back the last declaration of the player at the keyboard (the session says
        whether it may); that unit is selected to declare again."""
        b, c, s = self.battle, self.cursor, self.session
        b.grace_ms = 0.0
        out = take_back(s)
        if isinstance(out, Impossible):
            c.message = f"cannot take it back: {out.reason}"
            return None
        c.message = s.last_message + ": declare again"
        self.choice.cancel()
        current = s.current()
        c.selected = current if current is not None and s.can_declare(current) else None
        if c.selected is not None:
            self.follow(c.selected)
        self.sounds.play("click")
        return None

    def key_down(self, k: int) -> str | None:
        c, play = self.cursor, self.play
        greyed = next((bt for bt, _ in self.choice.buttons() if bt.key == k and not bt.enabled), None)
        if greyed is not None:  # a key does what its button does: nothing, and says why
            c.message = greyed.tip
            return None
        if self.controls.key(k):
            pass  # panned, or the log scrolled
        elif k in MODE_KEYS:
            c.message = self.choice.choose_mode(MODE_KEYS[k], k == km.key("shot"))
        elif k in SHOT_KEYS:
            c.message = self.choice.choose_shot(SHOT_KEYS[k])
        elif k in km.keys("go") and self.session.config.mode == "watch":
            play.paused = not play.paused
            c.message = "paused: Space resumes" if play.paused else ""
        elif k in km.keys("go"):
            move = self.choice.staged_move(c.selected) if c.selected is not None else None
            if move is not None:
                self.declare(move)
        elif k in UNDO_KEYS:
            self.undo()
        elif k in km.keys("faster"):
            play.faster()
            c.message = f"speed: {play.speed_label()}"
        elif k in km.keys("slower"):
            play.slower()
            c.message = f"speed: {play.speed_label()}"
        elif k == km.key("fit_map"):
            self.fit_map()
        elif k in km.keys("next_unit"):
            self.next_unit()
        elif k in km.keys("end_turn"):
            self.menus.end_turn()
        elif km.action_of(k) in ("orders", "all_mine", "follow"):
            c.message = self.orders.key(km.action_of(k) or "")
        elif c.selected is not None:
            self._action_key(c.selected, k)
        return None

    def _action_key(self, uid: int, k: int) -> None:
        c, m, choice = self.cursor, self.match, self.choice
        v = m.view(uid)
        if not self.session.can_declare(uid) and k in DECLARING_KEYS:
            c.message = self.why_not(uid)
            return
        if k in DECLARING_KEYS and k not in (km.key("prone"), km.key("crouch"), km.key("grenade")):
            choice.unstage()  # these declare without the staged move (a throw takes it)
        act = km.action_of(k)
        if act == "reload":
            self.declare(Reload())
        elif act == "hold":
            self.declare(Hold())
        elif act == "aim":
            target = self.unit_at(c.hover)
            if target is None or m.view(target).team == v.team:
                c.message = choice.wait_for("aim", uid)
            else:
                self.declare(Aim(target))
        elif act == "dodge":
            tile = c.hover if c.hover in m.movement.reachable(uid, "free") else None
            self.declare(FullDodge(tile))
        elif act == "prone":
            self.declare(Stand()) if v.stance == "prone" else self.declare(Hold(), stance="prone")
        elif act == "crouch":
            self.declare(Hold(), stance="crouched")
        elif act == "react":
            if m.rules.choice_rules is not None and m.rules.choice_rules.reaction_policies():
                c.message = choice.cycle_reaction(uid)
            else:
                c.message = choice.cycle_defences(uid)
        elif act == "grenade":
            c.message = choice.wait_for("throw", uid) if v.grenades else f"{v.name} has no grenades"
        elif act == "overwatch":
            if m.rules.weapon_facts(v.combatant).melee:
                self.declare(Overwatch())
            else:
                c.message = choice.wait_for("overwatch", uid)
        elif act == "first_aid":
            c.message = choice.wait_for("first_aid", uid)
        elif act == "treat":
            c.message = choice.toggle_first_aid()
        elif (declared := actionui.on_key(act or "", m, uid)) is not None:  # an action's key declaring at once
            self.declare(declared)
        else:
            msg = choice.ruleset_key(uid, k)  # step dice: M, B, K, J, L
            if msg is not None:
                c.message = msg

    # --- selection --------------------------------------------------------------------

    def auto_select(self) -> None:
        """Select the unit to declare now, if it is the player's and none of theirs that may
        declare is selected."""
        c, s = self.cursor, self.session
        if c.selected is not None and s.can_declare(c.selected):
            return
        cur = s.current()
        if cur is not None and s.can_declare(cur):
            c.selected = cur
            self.follow(cur)
            self.choice.reset_attack()

    def why_not(self, uid: int) -> str:
        """Why the selected unit cannot declare now (one line for the player)."""
        s, m = self.session, self.match
        v = m.view(uid)
        if v.team not in s.humans:
            return f"{v.name} is not yours"
        if m.declared(uid) is not None:
            return f"{v.name} has declared; its turn has passed"
        cur = s.current()
        return f"{v.name} declares later: now it is {m.name(cur)}'s turn" if cur is not None else "nobody declares now"

    def next_unit(self) -> None:
        """Tab: the next of your units that may declare now, else the next of the side."""
        c, s = self.cursor, self.session
        team = self.match.view(c.selected).team if c.selected is not None else (s.seat or s.config.human_team)
        own = [v.uid for v in self.match.units(team, living=True)]
        if not own:
            return
        ready = [u for u in own if s.can_declare(u)]
        pool = ready if ready and (len(ready) > 1 or c.selected not in ready) else own
        i = pool.index(c.selected) + 1 if c.selected in pool else 0
        c.selected = pool[i % len(pool)]
        self.follow(c.selected)

    # --- clicks and declarations ------------------------------------------------------

    def click(self, tile: tuple[int, int] | None) -> None:
        """A click on the map: select a friend (or any unit that may not be declared for),
        else an attack on an enemy (after the staged move, if one is), the staged move (its
        end tile clicked again), or stage a move there. (An action waiting for a click takes
        it first: `TargetingState`.)"""
        if tile is None:
            return
        c, m, choice = self.cursor, self.match, self.choice
        uid = c.selected
        other = self.unit_at(tile)
        mine = uid is not None and self.session.can_declare(uid)
        if other is not None and (uid is None or not mine or m.view(other).team == m.view(uid).team):
            if other == uid and mine:
                if choice.staged_for(uid):
                    choice.unstage()
                    c.message = "move dropped"
                else:
                    c.message = f"{m.name(other)}: hold with H, or click a tile to move"
                return
            c.selected = other
            choice.unstage()
            c.message = "" if self.session.can_declare(other) or self.session.config.mode == "watch" \
                else self.why_not(other)
            return
        if uid is None or not mine:
            if uid is not None:
                c.message = self.why_not(uid)
            return
        staged = choice.staged_for(uid)
        if other is None and not (staged and tile == staged[-1]) and not (choice.area() and not
                                                                        m.rules.weapon_facts(m.view(uid).combatant).melee):
            c.message = choice.stage(uid, tile)
            return
        what = choice.declaration(uid, tile, other)
        if isinstance(what, str):
            c.message = what
        else:
            self.declare(what)

    def declare(self, action: Action, **choices: Any) -> None:
        """Declare `action` for the selected unit; on success the next unit to declare is
        selected, else the world's reason is shown."""
        c = self.cursor
        uid = c.selected
        if uid is None:
            return
        for k, v in self.choice.choices().items():
            choices.setdefault(k, v)
        if uid in self.choice.policy_for:
            choices.setdefault("reaction", self.choice.policy_for[uid])  # chosen in the reaction prompt
        out = self.session.declare(uid, action, **choices)
        c.message = out.reason if isinstance(out, Impossible) else ""
        if not c.message:
            self.choice.policy_for.pop(uid, None)
            c.selected = None
            self.battle.grace_ms = 0.0
            self.choice.declared()  # the next unit starts from the rules' default defences
            self.choice.unstage()
            self.sounds.play("click")
            ai = self.session.current()
            if self.session.ai_waiting and ai is not None:
                c.message = (f"{self.match.name(uid)} declared: Z takes it back before "
                             f"{self.match.name(ai)} (AI) declares")
            self.auto_select()
