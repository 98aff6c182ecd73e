"""The battle screen over a `Session`, as states (game/ui/states/: each a small object with its
own input and drawing). It holds the layout, the camera, the `Cursor` (the selected unit, the
hovered tile, the message line), the states opened over the battle (`modal`: help, the Esc
menu, a dialog) and the states of the round, one of which takes the input (`state()`):
answering a question, a hand-over, a playback, the match over, a target awaited, declaring.
Its other parts: `PendingChoice` (the choice being made and what it would declare, the
buttons), `Playback` (the resolved round played back and animated), `BattleView` (the
battlefield drawn) and `BattleMenus` (saves, the Esc menu's rows, "end your turn?", "save
before quitting?").

    screen = BattleScreen(session, renderer, sprites, window.get_size())
    screen.handle(event) -> None | "results" | "menu" | a transition for the app
    screen.update(ms); screen.draw(window); screen.busy() -> does it need frames now?
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.flow import Stuck
from game.session import Session
from game.ui import keymap as km
from game.ui.assets import Sprites
from game.ui.battle_choice import PendingChoice
from game.ui.battle_draw import BattleView
from game.ui.battle_menu import BattleMenus
from game.ui.battle_playback import Playback
from game.ui.camera import Camera
from game.ui.figures import figure_role
from game.ui.maprender import MapRenderer
from game.ui.sound import NoSounds, Sounds
from game.ui.states.answering import AnsweringState
from game.ui.states.base import State, StateStack
from game.ui.states.controls import ViewControls
from game.ui.states.declaring import UNDO_KEYS, DeclaringState
from game.ui.states.handover import HandOverState, OverState
from game.ui.states.modal import OpenedOver
from game.ui.states.playback import PlaybackState
from game.ui.states.shared import Cursor, Layout
from game.ui.states.targeting import TargetingState

HELP_KEYS = km.keys("help")
AI_GRACE_STEPS = 2.5  # after a player's declaration the AI waits this many playback steps (max 900 ms)


class _Via:
    """A field of one of the screen's parts (its `cursor`, its `frame`), read and set as the
    screen's own."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part, self.name = part, name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        return getattr(getattr(obj, self.part), self.name)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(getattr(obj, self.part), self.name, value)


class BattleScreen(OpenedOver):
    def __init__(self, session: Session, renderer: MapRenderer, sprites: Sprites, size: tuple[int, int],
                 playback_ms: int = 350, watch_ms: int = 600, settings: dict[str, Any] | None = None,
                 sounds: Sounds | None = None) -> None:
        self.session = session
        self.settings = settings if settings is not None else {}
        self.settings.setdefault("edge_pan", True)
        self.sounds = sounds if sounds is not None else NoSounds()
        self.cursor = Cursor()
        self.match = session.match
        self.renderer = renderer
        self.sprites = sprites
        self.frame = Layout(size)
        self.camera = Camera((self.match.grid.width, self.match.grid.height), renderer.zoom_levels(), self.map_rect)
        self.modal = StateStack()  # the help, the Esc menu, a dialog (game/ui/states/modal.py)
        self.controls = ViewControls(self.cursor, self.camera, self.frame, self.settings,
                                     lambda: self.menu is not None)
        self.coach: Any = None  # the tutorial's prompts (game/ui/tutorial.py), when this is the tutorial
        self.cache: dict[Any, Any] = {}
        self.choice = PendingChoice(self)
        self.play = Playback(self, playback_ms, watch_ms)
        from game.ui.fogreplay import Replays

        self.replays = Replays(self)  # hot-seat with fog: each side watches the round from its view
        self.view = BattleView(self)
        self.menus = BattleMenus(self)
        from game.ui.orders_dialog import OrdersDialog

        self.orders = OrdersDialog(self)  # standing orders for a group of the player's units (solo)
        # the states of the round
        self.declaring = DeclaringState(self, self.choice)
        self.prompt = AnsweringState(self)
        self.targeting = TargetingState(self, self.choice, self.declaring)
        self.handing_over = HandOverState(self, self.declaring)
        self.playing = PlaybackState(self, self.declaring)
        self.over = OverState(self, self.declaring)
        self.grace_ms = 0.0
        self._chimed = -1
        session.on_resolved = self._on_resolved
        session.on_rebuilt = self.rebind
        session.ai_grace = playback_ms > 0
        self.roles = self._roles()
        self.start_pos = self._start_positions()
        self.camera.readable()  # units big enough to tell apart; the whole map is a key away (Home)
        self._followed: int | None = None  # the unit whose turn the camera last went to
        self.declaring.auto_select()
        self.follow_turn()
        if self.selected is None and self._followed is None:
            living = self.match.units(living=True) or self.match.units()
            xs, ys = [v.pos[0] for v in living], [v.pos[1] for v in living]
            self.camera.centre_on((sum(xs) // len(xs), sum(ys) // len(ys)))

    selected, hover, mouse, message, log_scroll = _Via("cursor"), _Via("cursor"), _Via("cursor"), _Via("cursor"), \
        _Via("cursor")
    size, banner_rect, side_rect = _Via("frame"), _Via("frame", "banner"), _Via("frame", "side")
    log_rect, map_rect = _Via("frame", "log"), _Via("frame", "map")

    # --- the states ---------------------------------------------------------------------

    def state(self) -> State:
        """The state of the round that takes the input now (under those opened over it)."""
        if self.handing_over.up():
            return self.handing_over
        below: State = self.targeting if self.choice.pending else self.declaring
        if self.match.over:
            below = self.over
        if self.play.busy():
            self.playing.below = below
            return self.playing
        return below

    # --- layout and shared state ------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: a map shown whole is fitted to it, else the same map point
        stays in the middle; the selected unit is brought back into view if it was lost."""
        self.frame.fit(size)
        self.camera.resize(self.map_rect)
        if self.selected is not None and not self.camera.fitted:
            self.camera_follow(self.selected)

    def cached(self, name: str, args: tuple, fn: Callable[[], Any]) -> Any:
        """`fn()`, remembered under `name` and `args` until the round or the log changes."""
        key = (name, args, (self.match.round, len(self.match.log)))
        if key not in self.cache:
            if len(self.cache) > 256:
                self.cache.clear()
            self.cache[key] = fn()
        return self.cache[key]

    def _specs(self) -> list[tuple[int, dict[str, Any]]]:
        """Each unit with its spec as given to the match (the squads, side by side)."""
        out: list[tuple[int, dict[str, Any]]] = []
        for team, specs in (self.session.squads or {}).items():
            out.extend((v.uid, spec) for v, spec in zip(self.match.units(team), specs, strict=False))
        return out

    def _roles(self) -> dict[int, str]:
        """The figure each unit is drawn with (its role, else its weapon's kind)."""
        m = self.match
        roles = {uid: figure_role(spec.get("role"), m.rules.weapon_facts(m.view(uid).combatant).melee)
                 for uid, spec in self._specs()}
        for v in m.units():
            roles.setdefault(v.uid, figure_role(None, m.rules.weapon_facts(v.combatant).melee))
        return roles

    def _start_positions(self) -> dict[int, tuple[int, int]]:
        """Where each unit began (for facing from its first move): now, for a unit that has
        not moved yet in the log, else its map position from the squad specs if it has one."""
        moved = {e.actor for e in self.match.log.events if e.kind == "move"}
        out = {v.uid: v.pos for v in self.match.units() if v.uid not in moved}
        for uid, spec in self._specs():
            if uid in moved and "x" in spec and "y" in spec:
                out[uid] = (int(spec["x"]), int(spec["y"]))
        return out

    def rebind(self) -> None:
        """The session rebuilt its match (an undo): every part reads the new one."""
        self.match = self.session.match
        for part in (self.choice, self.view):
            part.match = self.match
        self.play.rebind()
        self.cache.clear()

    def camera_follow(self, uid: int) -> None:
        r = self.camera.tile_rect(self.match.view(uid).pos)
        margin = min(40, self.map_rect.w // 4, self.map_rect.h // 4)
        if not self.map_rect.inflate(-2 * margin, -2 * margin).contains(r):
            self.camera.centre_on(self.match.view(uid).pos)

    def follow_turn(self) -> None:
        """The camera goes to the unit whose turn it is (to declare or act), once per turn,
        when the side at the screen sees it (and the whole map is not in view)."""
        cur = self.session.current()
        if cur is None or cur == self._followed or self.play.busy():
            return
        self._followed = cur
        from game.ui import fogview as fv

        if cur in fv.hidden_units(self.match, fv.viewer(self.session)) or self.camera.whole():
            return
        self.camera_follow(cur)

    def fit_map(self) -> None:
        """Home: the whole map in view; again, back to the default zoom on the selected unit
        (else the one whose turn it is)."""
        if not self.camera.whole() or self.camera.tile_px >= max(self.camera.levels):
            self.camera.fit_whole()
            self.message = "the whole map: Home again goes back to the unit"
            return
        self.camera.readable()
        uid = self.selected if self.selected is not None else self.session.current()
        if uid is not None:
            self.camera.centre_on(self.match.view(uid).pos)
        self.message = ""

    def unit_at(self, tile: tuple[int, int] | None, living: bool = True) -> int | None:
        if tile is None:
            return None
        from game.ui import fogview as fv

        team = fv.viewer(self.session)
        hidden = self.cached("hidden", (team,), lambda: fv.hidden_units(self.match, team))
        for v in self.match.units(living=living):
            if v.pos == tile and v.uid not in hidden:
                return v.uid
        return None

    def reach(self, uid: int) -> dict[tuple[int, int], float]:
        """Every tile the unit may move to this round, with its cost: the reach of its
        longest allowance (a hurt unit's sprint can be shorter than its run)."""
        def reach() -> dict[tuple[int, int], float]:
            allowance = self.match.movement_allowance(uid)
            return self.match.movement.reachable(uid, max(("sprint", "run", "free"), key=lambda k: allowance[k]))

        return self.cached("reach", (uid,), reach)

    # --- the frame ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> tuple | str | None:
        return self._guarded(self._handle, event)

    def _handle(self, event: pygame.event.Event) -> tuple | str | None:
        """The event to the view's controls (a motion, a key let go), else to the top state
        opened over the battle, else the help key, the question up, the tutorial's N, the
        wheel, and the state of the round."""
        if self.controls.track(event):
            return None
        if self.modal:
            return self.modal.on_event(event)
        if event.type == pygame.KEYDOWN and (event.key in HELP_KEYS or getattr(event, "unicode", "") == "?"):
            self.help = True
            return None
        if self.prompt.question() is not None:
            answered = self.prompt.on_event(event)
            if answered is None:
                return None
        if self.coach is not None and self.coach.handle(event):
            return None
        if self.controls.zoom_or_drag(event):
            return None
        if self.session.ai_waiting and not (event.type == pygame.KEYDOWN and event.key in UNDO_KEYS):
            self.release_ai()  # the player goes on: the AI declares now
        state = self.state()
        return self.modal.apply(state, state.on_event(event))

    def _guarded(self, step: Callable[..., Any], *args: Any) -> Any:
        """Run a step that may drive the round; a round that is stuck (`Stuck`: a step changed
        nothing) is shown as a message and the unit it names holds, instead of spinning."""
        try:
            return step(*args)
        except Stuck as stuck:
            try:
                self.session.recover(stuck)
                self.message = f"{stuck}: it holds"
            except Stuck as again:  # holding did not move it on either: say so and wait for the player
                self.message = f"{stuck}; holding did not help: {again}"
            return None

    def busy(self) -> bool:
        """Does the screen need frames with no event coming: a round played back or its
        effects fading, the camera panning, the AI about to declare, a round to begin, a
        match being watched? (Otherwise the app sleeps until the next event.)"""
        if self.menu is not None or self.dialog is not None or self.help:
            return False
        s = self.session
        if self.play.animating() or self.controls.panning() or s.ai_waiting:
            return True
        if self.match.over or s.handover or self.replays.seat_for:
            return False
        if s.config.mode == "watch":
            return not self.play.paused
        return s.needs_round

    def update(self, ms: float) -> str | None:
        return self._guarded(self._update, ms)

    def _update(self, ms: float) -> str | None:
        if self.menu is not None or self.dialog is not None:
            return None  # paused
        self.controls.pan(ms)
        s = self.session
        if s.ai_waiting:
            self.grace_ms += ms
            if self.grace_ms >= min(900.0, AI_GRACE_STEPS * self.play.step_ms):
                self.release_ai()
        playing = self.play.paused or self.play.tick(ms)
        if self.coach is not None:
            self.coach.update()  # during the playback too: its lesson is up while it plays
        if playing or self.replays.holding():
            return None
        if self.match.over:
            return None
        if s.needs_round:
            if s.config.mode == "watch" and not self.play.watch_due():
                return None
            self.play.begin_round()
            s.begin_round()
            # a new round: the selection goes to the first of your units to declare
            keep = self.selected if s.config.mode == "watch" else None
            self.selected = keep if keep is not None and not self.match.view(keep).out else None
            self.choice.cancel()
            self.declaring.auto_select()
        if not s.handover and not self.replays.seat_for:
            self.follow_turn()
        if s.human_turn() and self._chimed != self.match.round and not s.handover:
            self._chimed = self.match.round
            self.sounds.play("chime")
        return None

    def release_ai(self) -> None:
        """The grace after the player's declaration is over: the AI declares."""
        self.grace_ms = 0.0
        if self.session.ai_waiting:
            self._guarded(self.session.release_ai)
            if "Z takes it back" in self.message:
                self.message = ""
            self.declaring.auto_select()

    def _on_resolved(self, first: int, rnd: int) -> None:
        if self.session.config.mode != "watch":
            self.message = ""  # what was said while declaring is over
        self.replays.on_resolved()
        self.play.on_resolved(first, rnd)
        self.menus.autosave()

    def draw(self, surface: pygame.Surface) -> None:
        if self.coach is not None:
            self.coach.update()  # (a lesson done by the last event: the frame it came in shows it)
        self.view.draw(surface)  # the battlefield: the map, the banner, the log, the side panel, the message
        self.prompt.on_draw(surface)
        if self.coach is not None:
            self.coach.draw(surface)
        self.handing_over.on_draw(surface)
        self.modal.draw(surface)  # the help, the Esc menu, a dialog

    # --- menus, saves, quitting (BattleMenus) -------------------------------------------

    def menu_values(self) -> dict[str, str]:
        return self.menus.menu_values()

    def saved_as(self, path: str) -> None:
        self.menus.saved_as(path)

    def ask_quit(self, to_desktop: bool = True) -> bool:
        return self.menus.ask_quit(to_desktop)
