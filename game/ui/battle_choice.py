"""The battle screen's choice in the making: the attack mode and shot type, the declared
defences, a move staged before an attack (a composed order: move, then shoot or fight, in one
declaration), an action waiting for a click on the map (a throw, an aim, an overwatch, first
aid), what a click would declare, and the side panel's buttons (greyed with the world's
reason where an action is refused).

    choice = PendingChoice(screen)
    choice.stage(uid, tile) -> the line telling the player what the staged move allows
    choice.wait_for("throw", uid) -> the line telling the player what to click
    choice.pending_declaration(uid, tile, other) -> Throw(...) | "why not"
    choice.declaration(uid, tile, other) -> Attack(...) | Move(...) | "why not"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import actionbar as bar
from game.ui import keymap as km
from game.ui import overlays as ov
from game.ui import rulesheets, split_fire
from game.ui.rulesheets import reaction_policies
from game.ui.stance_choice import Stances
from game.world.actions import Action, Aim, AreaFire, Attack, FirstAid, Move, Overwatch, Throw

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

AREA_MODES = ("area", "suppress")  # aimed at a tile, not a unit
KEEP_WAITING = ("overwatch", "first_aid", "throw", "aim")  # still waiting for a click after a refused one


class PendingChoice:
    """What the player has chosen so far for the selected unit's declaration."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.match = screen.match
        self.attack_mode = "shot"
        self.shot = "normal"  # normal, snap or careful (aimed is offered by itself)
        self.defences: int | None = None  # declared defences (None: the rules' default)
        self.reaction: str | None = None  # a reaction policy to declare (None: the one the unit keeps)
        # standing policies chosen from the reaction prompt (F there), declared with each unit's next action
        self.policy_for: dict[int, str] = {}
        self.pending = ""  # "throw", "aim", "overwatch", "first_aid" or "split": waiting for a click on the map
        self.split_first: int | None = None  # the split's first target (game/ui/split_fire.py)
        self.first_aid_stuns = False  # first aid treats stuns (else wounds)
        self.manoeuvre = ""  # a melee manoeuvre for the next attack (step dice: feint, grapple, break_free)
        self.all_out = False  # the next attack is an all-out attack (step dice)
        self.stances = Stances()  # Mythras' keys taken with the next action (game/ui/stance_choice.py)
        # a move staged for `staged_uid`: its path (the unit's tile first) and mode; a click on
        # an enemy then attacks on the way, a click on its end tile moves only
        self.staged: tuple[tuple[int, int], ...] = ()
        self.staged_mode = ""
        self.staged_uid: int | None = None

    # --- choosing ---------------------------------------------------------------------

    def reset_attack(self) -> None:
        """A newly selected unit starts from a normal shot."""
        self.attack_mode = "shot"
        self.shot = "normal"
        self.manoeuvre = ""
        self.all_out = False

    def choose_manoeuvre(self, kind: str) -> str:
        """A melee manoeuvre for the next attack (again: a plain attack); the line saying so."""
        self.manoeuvre = "" if self.manoeuvre == kind else kind
        if not self.manoeuvre:
            return "manoeuvre dropped: a plain attack"
        self.pending = ""
        what = {"feint": "a feint and then a blow", "grapple": "a grapple", "break_free": "breaking free"}[kind]
        return f"{what}: click {'the holder' if kind == 'break_free' else 'an enemy'} (the preview shows the chances)"

    def ruleset_key(self, uid: int, k: int) -> str | None:
        """Keys a ruleset adds, each also a button (step dice: M minuscule, B disarm, K feint,
        J grapple or break free, L all-out attack): the line saying what was chosen."""
        m = self.match
        words = rulesheets.mode_words(m.rules)
        manoeuvres = rulesheets.manoeuvre_words(m.rules)
        act = km.action_of(k)
        if act in ("miniscule", "disarm") and act in words:
            return self.choose_shot(act)
        if act == "feint" and "feint" in manoeuvres:
            return self.choose_manoeuvre("feint")
        if act == "grapple" and manoeuvres:
            return self.choose_manoeuvre("break_free" if m.rules.held_by(m.view(uid).state) else "grapple")
        if act == "all_out" and rulesheets.all_out_words(m.rules) is not None:
            return self.toggle_all_out()
        if act in rulesheets.stance_keys(m.rules):
            return self.toggle_stance(uid, act)
        return None

    def toggle_stance(self, uid: int, act: str) -> str:
        """Mythras' 6-0, taken with the unit's next action; the line saying so."""
        return self.stances.toggle(self.match, uid, act)

    def toggle_all_out(self) -> str:
        self.all_out = not self.all_out
        return "all-out attack: +2 steps, no move, no defence" if self.all_out else "all-out attack dropped"

    def cancel(self) -> None:
        """No longer waiting for a click on the map; no move staged."""
        self.pending = ""
        self.unstage()

    def drop(self) -> str:
        """Esc (or a right click): drop the innermost choice in the making, one at a time: a
        click awaited on the map (a throw, an aim, an overwatch, first aid), area or
        suppressive fire, a manoeuvre or an all-out attack, the staged move, then a shot type
        or attack mode other than the normal single shot. The line saying what was dropped;
        "" when nothing was (then Esc opens the pause menu)."""
        if self.pending:
            what, self.pending = self.pending.replace("_", " "), ""
            return f"{what} dropped"
        if self.area():
            self.attack_mode = "shot"
            return "area fire dropped: attack mode single shot (a click no longer fires at a tile)"
        if self.manoeuvre or self.all_out:
            self.manoeuvre, self.all_out = "", False
            return "manoeuvre dropped: a plain attack"
        if self.staged:
            self.unstage()
            return "move dropped"
        if self.attack_mode != "shot" or self.shot != "normal":
            self.attack_mode, self.shot = "shot", "normal"
            return "attack mode: single shot"
        return ""

    def unstage(self) -> None:
        self.staged, self.staged_mode, self.staged_uid = (), "", None

    def staged_for(self, uid: int | None) -> tuple[tuple[int, int], ...]:
        """The move staged for `uid` (empty: none)."""
        return self.staged if uid is not None and uid == self.staged_uid else ()

    def stage(self, uid: int, tile: tuple[int, int]) -> str:
        """Stage a move to `tile` for `uid` (a composed order's first half); the line saying
        what may follow, or why it cannot be staged."""
        m = self.match
        reach = self.screen.reach(uid)
        if tile not in reach:
            return "out of reach this round"
        path = m.movement.path(uid, tile)
        if not path:
            return "no path"
        here = m.view(uid).pos
        self.staged = tuple(path) if tuple(path[0]) == here else (here, *path)
        self.staged_mode = ov.move_mode(reach[tile], m.movement_allowance(uid))
        self.staged_uid = uid
        again = "click the tile again (or Space) to just move; right click or Esc drops it"
        words = rulesheets.move_words(m.rules).get(self.staged_mode, self.staged_mode)
        if self.staged_mode == "sprint" or "no attack" in words:
            return f"move to {tile} ({words}); {again}"
        fight = "fight" if m.rules.weapon_facts(m.view(uid).combatant).melee else "shoot"
        throw = ", G to throw" if self.staged_mode == "free" and m.view(uid).grenades else ""
        return f"move to {tile} ({words}): click an enemy to {fight} on the way{throw}, or {again}"

    def staged_move(self, uid: int) -> Move | None:
        """The staged move as a plain move declaration."""
        path = self.staged_for(uid)
        return Move(path[1:], self.staged_mode) if len(path) > 1 else None

    def choose_mode(self, mode: str, normal_shot: bool) -> str:
        """An attack mode (and the normal shot type with it, for `1`); the line saying so."""
        self.attack_mode = mode
        if normal_shot:
            self.shot = "normal"
        return f"attack mode: {self.attack_label()}" + (": click a tile to fire at" if self.area() else "")

    def choose_shot(self, shot: str) -> str:
        """A shot type (snap or careful), leaving area fire for single shots."""
        self.shot = shot
        self.manoeuvre = ""
        if shot in ("miniscule", "disarm"):  # aimed: a single shot (or a blow)
            self.attack_mode = "shot"
        if self.area():
            self.attack_mode = "shot"
        return f"attack mode: {self.attack_label()}"

    def cycle_defences(self, uid: int) -> str:
        """The next number of defences to declare (0 to the unit's most, then 0 again)."""
        limit = self.match.rules.max_defences(self.match.view(uid).combatant)
        self.defences = 0 if self.defences is None else (self.defences + 1) % (limit + 1)
        return f"declared defences: {self.defences} (max {limit})"

    def cycle_reaction(self, uid: int) -> str:
        """The next standing reaction policy (Ruleset.reaction_policies), declared with the
        unit's next action and kept from then on."""
        options = (self.match.rules.choice_rules.reaction_policies() if self.match.rules.choice_rules is not None else ())
        keys = [o.key for o in options]
        now = self.reaction or self.match.reaction_policy(uid) or keys[0]
        nxt = options[(keys.index(now) + 1) % len(keys) if now in keys else 0]
        self.reaction = nxt.key
        return f"reaction: {nxt.label} ({nxt.means}); declared with the next action"

    def cycle_policy_of(self, uid: int) -> str:
        """F in the reaction prompt: the next standing policy for `uid` (which may not be the
        selected unit), declared with its next action and kept from then on."""
        options = reaction_policies(self.match.rules)
        keys = [o.key for o in options]
        now = self.policy_for.get(uid) or self.match.reaction_policy(uid) or keys[0]
        nxt = options[(keys.index(now) + 1) % len(keys) if now in keys else 0]
        self.policy_for[uid] = nxt.key
        return f"{self.match.name(uid)}: reaction policy {nxt.label} ({nxt.means}), from its next action"

    def toggle_first_aid(self) -> str:
        self.first_aid_stuns = not self.first_aid_stuns
        return f"first aid treats {'stuns' if self.first_aid_stuns else 'wounds'}"

    def wait_for(self, kind: str, uid: int) -> str:
        """Wait for a click on the map to declare `kind` with `uid`; the line asking for it."""
        self.pending = kind
        v = self.match.view(uid)
        if kind == "aim":
            return "aim: click an enemy (right click or Esc cancels)"
        if kind == "throw":
            return f"throw {v.grenades[0]}: click a tile (right click or Esc cancels)"
        if kind == "overwatch":
            return (f"overwatch: click a tile to aim the {self.match.overwatch.arc():g} degree "
                    "arc at (right click or Esc cancels)")
        return (f"first aid ({'stuns' if self.first_aid_stuns else 'wounds'}): click {v.name} or a "
                "friend next to it (Y: stuns or wounds; right click or Esc cancels)")

    def choices(self) -> dict[str, Any]:
        """The choices declared with the action (the defences, a reaction policy, when chosen)."""
        out: dict[str, Any] = {} if self.defences is None else {"defences": self.defences}
        if self.reaction is not None:
            out["reaction"] = self.reaction
        return {**out, **self.stances.choices()}  # Mythras: 6-0

    def declared(self) -> None:
        """Declared with that unit: the next one starts from the rules' default defences and
        the reaction policy it keeps."""
        self.defences = None
        self.reaction = None
        self.manoeuvre = ""
        self.all_out = False
        self.stances = Stances()

    # --- what a click declares --------------------------------------------------------

    def pending_declaration(self, uid: int, tile: tuple[int, int], other: int | None) -> Action | str:
        """What a click on `tile` (where `other` stands, if anyone) declares for the action
        waiting for it, or why it declares nothing."""
        m = self.match
        if self.pending == split_fire.PENDING:
            return split_fire.declaration(self, uid, other)
        if self.pending == "throw":
            path = self.free_path(uid)
            if isinstance(path, str):
                return path
            return Throw(m.view(uid).grenades[0], tile, path)
        if self.pending == "aim":
            if other is None or m.view(other).team == m.view(uid).team:
                return "aim: click an enemy (right click or Esc cancels)"
            return Aim(other)
        if self.pending == "overwatch":
            return Overwatch(tile)
        if other is None or m.view(other).team != m.view(uid).team:
            return "first aid: click this unit or a friend next to it (right click or Esc cancels)"
        return FirstAid(other, self.first_aid_stuns)

    def declaration(self, uid: int, tile: tuple[int, int], other: int | None) -> Action | str:
        """What a click on `tile` (an enemy `other` standing there, if any) declares: area
        fire at it, an attack on the enemy (on the way of the staged move, if one is), or the
        staged move when its end tile is clicked again; else why nothing. (A click on a free
        tile with no move staged stages one: `stage`.)"""
        m = self.match
        facts = m.rules.weapon_facts(m.view(uid).combatant)
        path = self.staged_for(uid)
        if self.area() and not facts.melee:
            free = self.free_path(uid)
            if isinstance(free, str):
                return free
            return AreaFire(tile, self.attack_mode == "suppress", free)
        if other is not None:
            return self.attack(uid, other)
        if path and tile == path[-1]:
            move = self.staged_move(uid)
            return move if move is not None else "no path"
        return "click an enemy to attack on the way, or the end of the move to just move"

    def free_path(self, uid: int) -> tuple[tuple[int, int], ...] | str:
        """The staged move's steps for an action that takes a free move only (a throw, area
        fire), or why the staged move is too long for one."""
        path = self.staged_for(uid)
        if not path:
            return ()
        if self.staged_mode != "free":
            return f"a {self.staged_mode} allows no throw or area fire: stage a free move (green), or Esc drops it"
        return tuple(path[1:])

    def attack(self, uid: int, target: int) -> Attack | str:
        """The attack on `target` as chosen: melee or fire in the chosen mode, after the
        staged move if there is one (a move-then-attack in one declaration)."""
        m = self.match
        facts = m.rules.weapon_facts(m.view(uid).combatant)
        path = self.staged_for(uid)
        extra: dict[str, Any] = {"all_out": True} if self.all_out else {}
        if self.manoeuvre and (facts.melee or self.manoeuvre in m.rules.hand_manoeuvres()):
            extra["manoeuvre"] = self.manoeuvre
        if facts.melee or "manoeuvre" in extra:
            reach = facts.reach_tiles if facts.melee else 1
            if path and m.topology.steps(path[-1], m.view(target).pos) > reach:
                return (f"from {path[-1]} {m.name(target)} is out of reach: Esc drops the move (a click on "
                        f"{m.name(target)} alone closes in)")
            if self.shot != "normal" and self.shot in rulesheets.melee_shots(m.rules) and "manoeuvre" not in extra:
                extra["shot"] = self.shot
            return Attack(target, "melee", extra, path[1:] if path else ())
        options = {**self.shot_options(uid, target), **extra}
        if path:
            if self.staged_mode != "free":
                options = {**options, "move": self.staged_mode}
            return Attack(target, self.attack_mode, options, path[1:])
        return Attack(target, self.attack_mode, options)

    # --- shot types -------------------------------------------------------------------

    def area(self) -> bool:
        """Area or suppressive fire: aimed at a tile, not a unit."""
        return self.attack_mode in AREA_MODES

    def lost_round(self, uid: int) -> bool:
        """Did `uid` fumble its initiative, and is this the first round? Then it may only hold
        or move (the world's `check` refuses the rest, with the reason)."""
        return self.match.lost_round(uid)

    def aimed_at(self, uid: int, target: int) -> bool:
        """Did `uid` spend last round aiming at `target`? Then this round's shot at it is
        offered as an aimed shot."""
        return self.match.aiming(uid) == (target, self.match.round - 1)

    def shot_options(self, uid: int, target: int) -> dict[str, Any]:
        """The attack options for the chosen shot type (aimed when `uid` aimed at `target`)."""
        if self.area():
            return {}
        if self.aimed_at(uid, target):
            return {"shot": "aimed"}
        return {} if self.shot == "normal" else {"shot": self.shot}

    def attack_label(self) -> str:
        if self.area():
            return "area fire" if self.attack_mode == "area" else "suppressive fire"
        return f"{self.attack_mode} ({self.shot})"

    def note(self, uid: int) -> str:
        """The side panel's line on the attack mode (naming an aimed target under the cursor;
        a melee weapon's way of attacking; the staged move)."""
        m = self.match
        facts = m.rules.weapon_facts(m.view(uid).combatant)
        path = self.staged_for(uid)
        staged = f"staged: {self.staged_mode} move to {path[-1]}; " if path else ""
        if self.manoeuvre:
            return f"{staged}attack: {self.manoeuvre.replace('_', ' ')} (click an enemy: it closes in first)"
        if facts.melee:
            if self.lost_round(uid):
                return "fumbled initiative: only hold or move this round"
            special = f" ({self.shot})" if self.shot != "normal" and self.shot in rulesheets.melee_shots(m.rules) else ""
            return f"{staged}attack: melee{special} with the {facts.name} (click an enemy: it closes in first)"
        shot = self.attack_label()
        if not self.area():
            hovered = self.screen.unit_at(self.screen.hover)
            if hovered is not None and self.aimed_at(uid, hovered):
                shot = f"{self.attack_mode} (aimed at {self.match.name(hovered)})"
        if self.lost_round(uid):
            return "fumbled initiative: only hold or move this round"
        return f"{staged}attack mode: {shot}"

    # --- the buttons ------------------------------------------------------------------

    def state(self, uid: int) -> bar.Choice:
        """The choice as the buttons light it."""
        return bar.Choice(self.attack_mode, self.shot, self.defences, self.pending, self.lost_round(uid),
                          self.first_aid_stuns, self.reaction or self.policy_for.get(uid), self.manoeuvre, self.all_out,
                          self.stances.taken())

    def buttons(self) -> list[tuple[bar.Button, pygame.Rect]]:
        """The side panel's buttons where they are drawn (those of the selected unit when
        it may declare now, the speed controls when watching)."""
        sc, s = self.screen, self.screen.session
        uid, play = sc.selected, sc.play
        key = (uid, self.attack_mode, self.shot, self.defences, self.reaction or self.policy_for.get(uid or -1),
               self.pending, self.first_aid_stuns,
               play.paused, play.step_ms, sc.side_rect.topleft, sc.side_rect.size, s.handover, bool(self.staged),
               s.ai_waiting, self.manoeuvre, self.all_out, self.stances.key(), sc.steps and sc.steps.state())

        def make() -> list[tuple[bar.Button, pygame.Rect]]:
            if s.config.mode == "watch":
                buttons = bar.watch_buttons(play.paused, play.speed_label())
                buttons += sc.steps.buttons() if sc.steps is not None else []  # a replay's rounds
            elif uid is not None and s.can_declare(uid):
                buttons = bar.player_buttons(self.match, uid, self.state(uid))
            else:
                return []
            return bar.layout(self._buttons_rect(len(buttons)), buttons)

        return sc.cached("buttons", key, make)

    def _buttons_rect(self, n: int) -> pygame.Rect:
        r = self.screen.side_rect
        h = bar.height(n)
        return pygame.Rect(r.x + 10, r.bottom - h - 8 - 3 * 14 - 6, r.w - 20, h)
