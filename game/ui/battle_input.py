"""The battle screen's input: mouse and keys, the camera's panning and zoom, selecting units,
clicks on tiles and units (a click on a reachable tile stages a move; then a click on an
enemy attacks on the way, a click on the same tile moves), the declarations sent to the
session, taking the last one back (Z), the help (F1, ?), the dialogs over it all.

    inp = BattleInput(screen)
    inp.handle(event) -> None | "results" | a transition from the Esc menu
    inp.pan(ms)       # held keys and the mouse at the view's edge, each frame
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.outcome import Impossible
from game.ui import actionbar as bar
from game.ui import keymap as km
from game.ui.battle_choice import KEEP_WAITING
from game.undo import take_back
from game.world.actions import Action, Aim, FullDodge, Hold, Overwatch, PickUp, Reload, Stand

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

MODE_KEYS = {km.key(a): mode for a, mode in km.MODES.items()}
SHOT_KEYS = {km.key("snap"): "snap", km.key("careful"): "careful"}  # `1` is the normal shot
EDGE_PX = 16  # the mouse this near the map view's edge pans the camera
PAN_KEYS = {k: d for a, d in km.PAN.items() for k in km.keys(a)}
WATCH_KEYS = (*km.keys("go"), *km.keys("faster"), *km.keys("slower"))
DECLARING_KEYS = tuple(km.key(a) for a in ("reload", "hold", "aim", "dodge", "prone", "crouch", "grenade", "overwatch",
                                          "first_aid", "pick_up"))  # keys that declare (or start to)
UNDO_KEYS = km.keys("undo")
HELP_KEYS = km.keys("help")
LOG_KEYS = (km.key("log_up"), km.key("log_down"), km.key("log_end"))
VIEW_KEYS = (*PAN_KEYS, *LOG_KEYS, km.key("fit_map"))  # keys a playback does not skip for


class BattleInput:
    """What the mouse and keys do on the battle screen."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.session = screen.session
        self.match = screen.match
        self.choice = screen.choice
        self.edge: tuple[int, int] = (0, 0)  # edge panning direction
        self.drag: tuple[int, int] | None = None  # middle-drag: where the mouse was
        self.held: set[int] = set()  # pan keys held down

    def release(self) -> None:
        """Forget held keys, a drag and edge panning (the Esc menu opened)."""
        self.edge = (0, 0)
        self.held.clear()
        self.drag = None

    def panning(self) -> bool:
        """Is the camera moving with no event coming (a key held, the mouse at an edge)?"""
        return bool(self.held & set(PAN_KEYS)) or (self.edge != (0, 0) and self.screen.settings.get("edge_pan", True))

    def handle(self, event: pygame.event.Event) -> tuple | str | None:
        sc, s = self.screen, self.session
        if event.type == pygame.MOUSEMOTION:
            sc.mouse = event.pos
            sc.hover = sc.camera.tile_at(event.pos)
            self.edge = self.edge_dir(event.pos)
            if self.drag is not None:
                sc.camera.pan(self.drag[0] - event.pos[0], self.drag[1] - event.pos[1])
                self.drag = event.pos
            return None
        if event.type == pygame.WINDOWLEAVE:
            self.edge = (0, 0)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 2:
            self.drag = None
            return None
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return None
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return None
        if sc.dialog is not None:
            return sc.menus.dialog_event(event)
        if sc.menu is not None:
            return sc.menu_choice(sc.menu.handle(event, sc.size))
        if sc.help:
            sc.help = False  # any key or click closes the help
            return None
        if event.type == pygame.KEYDOWN and (event.key in HELP_KEYS or getattr(event, "unicode", "") == "?"):
            sc.help = True
            return None
        if sc.prompt.handle(event):
            return None
        if sc.coach is not None and sc.coach.handle(event):
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            sc.mouse = event.pos
            sc.hover = sc.camera.tile_at(event.pos)
            if event.button in (4, 5):
                if sc.log_rect.collidepoint(event.pos):
                    sc.log_scroll = max(0, sc.log_scroll + (3 if event.button == 4 else -3))
                else:
                    sc.camera.zoom(1 if event.button == 4 else -1, event.pos)
                return None
            if event.button == 2:
                self.drag = event.pos
                return None
        undo = event.type == pygame.KEYDOWN and event.key in UNDO_KEYS
        if s.ai_waiting and not undo:
            sc.release_ai()  # the player goes on: the AI declares now
        if sc.replays.seat_for is not None:  # hot-seat with fog: the next side to watch the round
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                sc.replays.take()
            return None
        if s.handover:
            if undo:  # the player who just declared may still take it back before handing over
                self.undo()
                return None
            s.take_seat()
            sc.selected = None
            self.auto_select()
            return None
        if event.type == pygame.KEYDOWN and event.key in km.keys("menu"):
            dropped = "orders: no tile chosen" if sc.orders.cancel() else self.choice.drop()  # the innermost choice first; the pause menu when none is left
            if dropped:
                sc.message = dropped
            else:
                sc.open_menu()
            return None
        if event.type == pygame.KEYDOWN and event.key in (*LOG_KEYS, km.key("fit_map")):
            return self.key_down(event.key)
        button = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = bar.button_at(self.choice.buttons(), event.pos)
            if button is None and not sc.map_rect.collidepoint(event.pos):
                return None  # a click on a panel is not a click on the map
            if button is not None:
                sc.sounds.play("click")
        if sc.steps is not None and sc.steps.handle(event, button):  # a replay's rounds (game/ui/replay_steps.py)
            return None
        if s.config.mode == "watch" and (button is not None or event.type == pygame.KEYDOWN):
            key = button.key if button is not None else event.key
            if key in WATCH_KEYS and not self.match.over:
                return self.key_down(key)
        if sc.play.busy() and not (event.type == pygame.KEYDOWN and event.key in VIEW_KEYS):
            sc.play.skip()
            return None
        if self.match.over:
            return "results"
        if button is not None:
            return self.key_down(button.key) if button.enabled else None
        if event.type == pygame.KEYDOWN:
            return self.key_down(event.key)
        if event.button == 1 and (sc.orders.waiting_tile or pygame.key.get_mods() & pygame.KMOD_SHIFT):
            sc.message = sc.orders.click(sc.camera.tile_at(event.pos))
        elif event.button == 1:
            self.click(sc.camera.tile_at(event.pos))
        elif event.button == 3:
            sc.message = self.choice.drop()
        return None

    def undo(self) -> None:
        """Take back the last declaration of the player at the keyboard (the session says
        whether it may); that unit is selected to declare again."""
        sc, s = self.screen, self.session
        sc.grace_ms = 0.0
        out = take_back(s)
        if isinstance(out, Impossible):
            sc.message = f"cannot take it back: {out.reason}"
            return None
        sc.message = s.last_message + ": declare again"
        self.choice.cancel()
        current = s.current()
        sc.selected = current if current is not None and s.can_declare(current) else None
        if sc.selected is not None:
            sc.camera_follow(sc.selected)
        sc.sounds.play("click")
        return None

    def key_down(self, k: int) -> str | None:
        sc, play = self.screen, self.screen.play
        greyed = next((b for b, _ in self.choice.buttons() if b.key == k and not b.enabled), None)
        if greyed is not None:  # a key does what its button does: nothing, and says why
            sc.message = greyed.tip
            return None
        if k in PAN_KEYS:
            self.held.add(k)
            dx, dy = PAN_KEYS[k]
            sc.camera.pan(dx * sc.camera.tile_px * 2, dy * sc.camera.tile_px * 2)
        elif k in MODE_KEYS:
            sc.message = self.choice.choose_mode(MODE_KEYS[k], k == km.key("shot"))
        elif k in SHOT_KEYS:
            sc.message = self.choice.choose_shot(SHOT_KEYS[k])
        elif k in km.keys("go") and self.session.config.mode == "watch":
            play.paused = not play.paused
            sc.message = "paused: Space resumes" if play.paused else ""
        elif k in km.keys("go"):
            move = self.choice.staged_move(sc.selected) if sc.selected is not None else None
            if move is not None:
                self.declare(move)
        elif k in UNDO_KEYS:
            self.undo()
        elif k in km.keys("faster"):
            play.faster()
            sc.message = f"speed: {play.speed_label()}"
        elif k in km.keys("slower"):
            play.slower()
            sc.message = f"speed: {play.speed_label()}"
        elif k == km.key("log_up"):
            sc.log_scroll += 8
        elif k == km.key("log_down"):
            sc.log_scroll = max(0, sc.log_scroll - 8)
        elif k == km.key("log_end"):
            sc.log_scroll = 0
        elif k == km.key("fit_map"):
            sc.fit_map()
        elif k in km.keys("next_unit"):
            self.next_unit()
        elif k in km.keys("end_turn"):
            sc.menus.end_turn()
        elif km.action_of(k) in ("orders", "all_mine", "follow"):
            sc.message = sc.orders.key(km.action_of(k) or "")
        elif sc.selected is not None:
            self._action_key(sc.selected, k)
        return None

    def _action_key(self, uid: int, k: int) -> None:
        sc, m = self.screen, self.match
        v = m.view(uid)
        if not self.session.can_declare(uid) and k in DECLARING_KEYS:
            sc.message = self.why_not(uid)
            return
        if k in DECLARING_KEYS and k not in (km.key("prone"), km.key("crouch"), km.key("grenade")):
            self.choice.unstage()  # these declare without the staged move (a throw takes it)
        act = km.action_of(k)
        if act == "reload":
            self.declare(Reload())
        elif act == "hold":
            self.declare(Hold())
        elif act == "aim":
            target = sc.unit_at(sc.hover)
            if target is None or m.view(target).team == v.team:
                sc.message = self.choice.wait_for("aim", uid)
            else:
                self.declare(Aim(target))
        elif act == "dodge":
            tile = sc.hover if sc.hover in m.movement.reachable(uid, "free") else None
            self.declare(FullDodge(tile))
        elif act == "prone":
            self.declare(Stand()) if v.stance == "prone" else self.declare(Hold(), stance="prone")
        elif act == "crouch":
            self.declare(Hold(), stance="crouched")
        elif act == "react":
            if m.rules.choice_rules is not None and m.rules.choice_rules.reaction_policies():
                sc.message = self.choice.cycle_reaction(uid)
            else:
                sc.message = self.choice.cycle_defences(uid)
        elif act == "grenade":
            sc.message = self.choice.wait_for("throw", uid) if v.grenades else f"{v.name} has no grenades"
        elif act == "overwatch":
            if m.rules.weapon_facts(v.combatant).melee:
                self.declare(Overwatch())
            else:
                sc.message = self.choice.wait_for("overwatch", uid)
        elif act == "first_aid":
            sc.message = self.choice.wait_for("first_aid", uid)
        elif act == "treat":
            sc.message = self.choice.toggle_first_aid()
        elif act == "pick_up":
            self.declare(PickUp())
        else:
            msg = self.choice.ruleset_key(uid, k)  # step dice: M, B, K, J, L
            if msg is not None:
                sc.message = msg

    # --- selection --------------------------------------------------------------------

    def auto_select(self) -> None:
        """Select the unit to declare now, if it is the player's and none of theirs that may
        declare is selected."""
        sc, s = self.screen, self.session
        if sc.selected is not None and s.can_declare(sc.selected):
            return
        cur = s.current()
        if cur is not None and s.can_declare(cur):
            sc.selected = cur
            sc.camera_follow(cur)
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
        sc, s = self.screen, self.session
        team = self.match.view(sc.selected).team if sc.selected is not None else (s.seat or s.config.human_team)
        own = [v.uid for v in self.match.units(team, living=True)]
        if not own:
            return
        ready = [u for u in own if s.can_declare(u)]
        pool = ready if ready and (len(ready) > 1 or sc.selected not in ready) else own
        i = pool.index(sc.selected) + 1 if sc.selected in pool else 0
        sc.selected = pool[i % len(pool)]
        sc.camera_follow(sc.selected)

    # --- clicks and declarations ------------------------------------------------------

    def click(self, tile: tuple[int, int] | None) -> None:
        """A click on the map: the action waiting for it, else select a friend (or any unit
        that may not be declared for), else an attack on an enemy (after the staged move, if
        one is), the staged move (its end tile clicked again), or stage a move there."""
        if tile is None:
            return
        sc, m, choice = self.screen, self.match, self.choice
        uid = sc.selected
        other = sc.unit_at(tile)
        mine = uid is not None and self.session.can_declare(uid)
        if mine and uid is not None and choice.pending:
            what = choice.pending_declaration(uid, tile, other)
            if isinstance(what, str):
                sc.message = what
                return
            if choice.pending not in KEEP_WAITING:
                choice.cancel()
            self.declare(what)
            if not sc.message:
                choice.cancel()
            return
        if other is not None and (uid is None or not mine or m.view(other).team == m.view(uid).team):
            if other == uid and mine:
                if choice.staged_for(uid):
                    choice.unstage()
                    sc.message = "move dropped"
                else:
                    sc.message = f"{m.name(other)}: hold with H, or click a tile to move"
                return
            sc.selected = other
            choice.unstage()
            sc.message = "" if self.session.can_declare(other) or self.session.config.mode == "watch" \
                else self.why_not(other)
            return
        if uid is None or not mine:
            if uid is not None:
                sc.message = self.why_not(uid)
            return
        staged = choice.staged_for(uid)
        if other is None and not (staged and tile == staged[-1]) and not (choice.area() and not
                                                                        m.rules.weapon_facts(m.view(uid).combatant).melee):
            sc.message = choice.stage(uid, tile)
            return
        what = choice.declaration(uid, tile, other)
        if isinstance(what, str):
            sc.message = what
        else:
            self.declare(what)

    def declare(self, action: Action, **choices: Any) -> None:
        """Declare `action` for the selected unit; on success the next unit to declare is
        selected, else the world's reason is shown."""
        sc = self.screen
        uid = sc.selected
        if uid is None:
            return
        for k, v in self.choice.choices().items():
            choices.setdefault(k, v)
        if uid in self.choice.policy_for:
            choices.setdefault("reaction", self.choice.policy_for[uid])  # chosen in the reaction prompt
        out = self.session.declare(uid, action, **choices)
        sc.message = out.reason if isinstance(out, Impossible) else ""
        if not sc.message:
            self.choice.policy_for.pop(uid, None)
            sc.selected = None
            sc.grace_ms = 0.0
            self.choice.declared()  # the next unit starts from the rules' default defences
            self.choice.unstage()
            sc.sounds.play("click")
            ai = self.session.current()
            if self.session.ai_waiting and ai is not None:
                sc.message = (f"{self.match.name(uid)} declared: Z takes it back before "
                              f"{self.match.name(ai)} (AI) declares")
            self.auto_select()

    # --- panning ----------------------------------------------------------------------

    def edge_dir(self, pos: tuple[int, int]) -> tuple[int, int]:
        sc = self.screen
        r = sc.map_rect
        if not sc.settings.get("edge_pan", True) or sc.menu is not None or not r.collidepoint(pos):
            return (0, 0)
        dx = -1 if pos[0] < r.left + EDGE_PX else 1 if pos[0] >= r.right - EDGE_PX else 0
        dy = -1 if pos[1] < r.top + EDGE_PX else 1 if pos[1] >= r.bottom - EDGE_PX else 0
        return (dx, dy)

    def pan(self, ms: float) -> None:
        """A frame's panning: the arrow keys held, the mouse at the view's edge."""
        cam = self.screen.camera
        for k in self.held & set(PAN_KEYS):
            dx, dy = PAN_KEYS[k]
            cam.pan(dx * ms * 0.8, dy * ms * 0.8)
        if self.edge != (0, 0) and self.screen.settings.get("edge_pan", True):
            cam.pan(self.edge[0] * ms * 0.8, self.edge[1] * ms * 0.8)
