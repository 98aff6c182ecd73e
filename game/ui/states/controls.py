"""What the mouse and keys do to the battle's view in every state: the mouse tracked (the tile
under it), the camera panned by held keys, the mouse at the view's edge and a middle drag,
zoomed by the wheel (or the log scrolled, over the log).

    controls = ViewControls(cursor, camera, layout, settings, blocked)
    controls.track(event) -> True when it is all the event does (a motion, a key let go, ...)
    controls.zoom_or_drag(event) -> True when a wheel turn or a middle press was used
    controls.pan(ms)       # held keys and the mouse at the view's edge, each frame
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import keymap as km
from game.ui.camera import Camera
from game.ui.states.shared import Cursor, Layout

EDGE_PX = 16  # the mouse this near the map view's edge pans the camera
PAN_KEYS = {k: d for a, d in km.PAN.items() for k in km.keys(a)}
LOG_KEYS = (km.key("log_up"), km.key("log_down"), km.key("log_end"))
VIEW_KEYS = (*PAN_KEYS, *LOG_KEYS, km.key("fit_map"))  # keys a playback does not skip for


class ViewControls:
    """The camera's and the log's input; `blocked()` is True while the Esc menu is up (no edge pan)."""

    def __init__(self, cursor: Cursor, camera: Camera, layout: Layout, settings: dict[str, Any],
                 blocked: Callable[[], bool]) -> None:
        self.cursor, self.camera, self.layout, self.settings, self.blocked = cursor, camera, layout, settings, blocked
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
        return bool(self.held & set(PAN_KEYS)) or (self.edge != (0, 0) and self.settings.get("edge_pan", True))

    def track(self, event: pygame.event.Event) -> bool:
        """The events that only move the view or let go of something (every event but a key
        or button pressed): True when the event is done with."""
        c = self.cursor
        if event.type == pygame.MOUSEMOTION:
            c.mouse = event.pos
            c.hover = self.camera.tile_at(event.pos)
            self.edge = self.edge_dir(event.pos)
            if self.drag is not None:
                self.camera.pan(self.drag[0] - event.pos[0], self.drag[1] - event.pos[1])
                self.drag = event.pos
            return True
        if event.type == pygame.WINDOWLEAVE:
            self.edge = (0, 0)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 2:
            self.drag = None
            return True
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return True
        return event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)

    def zoom_or_drag(self, event: pygame.event.Event) -> bool:
        """A button pressed: the mouse is where it was pressed; the wheel zooms (or scrolls
        the log, over it) and the middle button starts a drag: True when it did."""
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        c = self.cursor
        c.mouse = event.pos
        c.hover = self.camera.tile_at(event.pos)
        if event.button in (4, 5):
            if self.layout.log.collidepoint(event.pos):
                c.log_scroll = max(0, c.log_scroll + (3 if event.button == 4 else -3))
            else:
                self.camera.zoom(1 if event.button == 4 else -1, event.pos)
            return True
        if event.button == 2:
            self.drag = event.pos
            return True
        return False

    def key(self, k: int) -> bool:
        """A pan or log key pressed: True when it was one."""
        c, cam = self.cursor, self.camera
        if k in PAN_KEYS:
            self.held.add(k)
            dx, dy = PAN_KEYS[k]
            cam.pan(dx * cam.tile_px * 2, dy * cam.tile_px * 2)
        elif k == km.key("log_up"):
            c.log_scroll += 8
        elif k == km.key("log_down"):
            c.log_scroll = max(0, c.log_scroll - 8)
        elif k == km.key("log_end"):
            c.log_scroll = 0
        else:
            return False
        return True

    def edge_dir(self, pos: tuple[int, int]) -> tuple[int, int]:
        r = self.layout.map
        if not self.settings.get("edge_pan", True) or self.blocked() or not r.collidepoint(pos):
            return (0, 0)
        dx = -1 if pos[0] < r.left + EDGE_PX else 1 if pos[0] >= r.right - EDGE_PX else 0
        dy = -1 if pos[1] < r.top + EDGE_PX else 1 if pos[1] >= r.bottom - EDGE_PX else 0
        return (dx, dy)

    def pan(self, ms: float) -> None:
        """A frame's panning: the arrow keys held, the mouse at the view's edge."""
        cam = self.camera
        for k in self.held & set(PAN_KEYS):
            dx, dy = PAN_KEYS[k]
            cam.pan(dx * ms * 0.8, dy * ms * 0.8)
        if self.edge != (0, 0) and self.settings.get("edge_pan", True):
            cam.pan(self.edge[0] * ms * 0.8, self.edge[1] * ms * 0.8)
