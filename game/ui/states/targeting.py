"""An action waiting for a click on the map (a throw, an aim, an overwatch, first aid): a click
on the map declares it (or says why not, still waiting), and the hover shows what a click would
do there: the blast's bands, the overwatch's arc, who may be tended, the enemy aimed at. Every
other key and click is declaring's (Esc or a right click drops the wait).

    state = TargetingState(battle, choice, declaring)
    state.on_event(event) -> PASS (declaring takes it) | None
    state.preview(surface, uid, tile) -> the tooltip's lines | PASS (declaring's preview)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import overlays as ov
from game.ui import previews as pv
from game.ui.battle_choice import KEEP_WAITING, PendingChoice
from game.ui.states.base import PASS, Next, Pass
from game.ui.states.declaring import DeclaringState

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen


class TargetingState:
    """Waiting for the click that declares `choice.pending`."""
    layer = -1

    def __init__(self, battle: BattleScreen, choice: PendingChoice, declaring: DeclaringState) -> None:
        self.choice, self.below = choice, declaring
        self.cursor, self.session, self.layout, self.camera = battle.cursor, battle.session, battle.frame, battle.camera
        self.orders, self.unit_at, self.cached, self.view = battle.orders, battle.unit_at, battle.cached, battle.view

    @property
    def match(self) -> Any:
        return self.session.match

    def on_event(self, event: pygame.event.Event) -> Next:
        if not (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or not self.layout.map.collidepoint(event.pos):
            return self.below.on_event(event)
        if self.below.button(event, sound=False) is not None or self.orders.waiting_tile \
                or pygame.key.get_mods() & pygame.KMOD_SHIFT:
            return self.below.on_event(event)
        tile = self.camera.tile_at(event.pos)
        uid = self.cursor.selected
        if tile is None or uid is None or not self.session.can_declare(uid):
            return self.below.on_event(event)  # not the player's to declare: a click selects
        self.click(uid, tile)
        return None

    def click(self, uid: int, tile: tuple[int, int]) -> None:
        """The click awaited: the action declared, or why not (still waiting for most)."""
        c, choice = self.cursor, self.choice
        what = choice.pending_declaration(uid, tile, self.unit_at(tile))
        if isinstance(what, str):
            c.message = what
            return
        if choice.pending not in KEEP_WAITING:
            choice.cancel()
        self.below.declare(what)
        if not c.message:
            choice.cancel()

    def on_draw(self, surface: pygame.Surface) -> None:
        pass  # the preview is drawn with the map (`preview`)

    # --- what a click would do ----------------------------------------------------------

    def preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str] | None | Pass:
        """What a click on the hovered `tile` would declare for `uid`: shapes on the map and
        the tooltip's lines (None: no tooltip; PASS: the preview of declaring)."""
        pending = self.choice.pending
        if pending == "throw":
            return self._throw_preview(surface, uid, tile)
        if pending == "overwatch":
            return self._overwatch_preview(surface, uid, tile)
        if pending == "first_aid":
            return self._first_aid_preview(surface, uid, tile)
        m = self.match
        target = self.unit_at(tile)
        area = self.choice.area() and not m.rules.weapon_facts(m.view(uid).combatant).melee and tile != m.view(uid).pos
        if pending == "aim" and not area and target is not None and m.view(target).team != m.view(uid).team:
            return [f"aim at {m.name(target)}: click to declare", "next round, a careful shot at it is an aimed shot"]
        return PASS

    def _overwatch_preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str]:
        """The overwatch's arc toward the hovered tile: the tiles it covers (in range and in
        sight) shaded, its edges, the enemies in it ringed; what triggers it and what it does."""
        m, cam = self.match, self.camera
        if tile == m.view(uid).pos:
            return ["overwatch: aim at another tile than the unit's own"]
        seen = self.cached("ow_sight", (uid,), lambda: m.overwatch.sight(uid))
        area = self.cached("ow_area", (uid, tile), lambda: m.overwatch.area(uid, tile, seen))
        xs, ys = cam.visible_tiles()
        box = (xs.start, ys.start, xs.stop - 1, ys.stop - 1)
        layer = self.cached("ow_layer", (uid, tile, cam.tile_px, box),
                         lambda: ov.area_layer(area, box, cam.tile_px, (*ov.OVERWATCH_COLOUR, 55)))
        if layer is not None:
            surface.blit(layer[0], cam.tile_rect(layer[1]).topleft)
        ov.draw_overwatch(surface, cam, m, uid, tile)
        hidden = self.view.fog()[1]
        for e in m.enemies_of(uid):
            if e.pos in area and e.uid not in hidden:
                r = cam.tile_rect(e.pos)
                pygame.draw.circle(surface, ov.OVERWATCH_COLOUR, r.center, max(6, r.w // 2 + 3), 2)
        return self.cached("ow_lines", (uid, tile), lambda: pv.overwatch_lines(m, uid, tile, area))

    def _first_aid_preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str] | None:
        """Who may be tended (ringed green) and, over one of them, what first aid does."""
        m, cam = self.match, self.camera
        stuns = self.choice.first_aid_stuns
        patients = self.cached("patients", (uid, stuns), lambda: pv.first_aid_patients(m, uid, stuns))
        for p in patients:
            r = cam.tile_rect(m.view(p).pos)
            pygame.draw.circle(surface, (80, 220, 110), r.center, max(6, r.w // 2 + 3), 2)
        other = self.unit_at(tile)
        if other is None or m.view(other).team != m.view(uid).team:
            return None
        friend = other
        return self.cached("aid_lines", (uid, other, stuns), lambda: pv.first_aid_lines(m, uid, friend, stuns))

    def _throw_preview(self, surface: pygame.Surface, uid: int, tile: tuple[int, int]) -> list[str]:
        """The grenade's blast bands before the throw, and who stands in each."""
        m = self.match
        v = m.view(uid)
        weapon = v.grenades[0]
        pv.draw_throw(surface, self.camera, m, uid, tile)
        bands = self.cached("blast", (weapon, tile, v.team), lambda: ov.blast_preview(m, weapon, tile, v.team, self.view.fog()[1]))
        return pv.throw_lines(m, uid, tile, bands)
