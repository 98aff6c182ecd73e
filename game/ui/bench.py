"""Frame time of the battle screen with every overlay on: `python -m game.ui.bench [MAP]`.

A solo skirmish at 1280x720: the unit to declare selected (reachable tiles shaded, targets
in sight marked, the declarations so far drawn, its buttons), the cursor on an enemy in
sight (the exact preview) and then on a reachable tile (the path and its cost), both zoomed
out to show the two; then the grenade's blast preview, area fire's arc, the overwatch's arc
(its covered tiles shaded), the worst frame
while zooming all the way in and out, and a reachable tile at the closest zoom. Prints the
median of 100 frames of each (drawing only: the events, update and draw calls, not the
display flip).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

MAX_SEEDS = 20


def frame_times(map_path: str, frames: int = 100, size: tuple[int, int] = (1280, 720),
                units: int | None = None) -> dict[str, Any]:
    """The frame times (ms) by what the screen shows; `units` a side of the default squad
    instead of the map's own; "zoom steps": each wheel step's frame, all the way in and out,
    once the screen has been open a second."""
    from game.session import Session, SessionConfig
    from game.ui.app import App, new_session

    app = App(size, playback_ms=0)
    # the first seed whose first declarer may do all that is drawn here: one that fumbled its
    # initiative may only hold or move (G, 4 and O refused, so the Esc after them would open
    # the pause menu and its frames be measured as the arcs')
    for seed in range(1, MAX_SEEDS + 1):
        config = SessionConfig(map_path, "solo", "normal", seed)
        if units is None:
            session = new_session(config)
        else:
            from game.maps import load_map
            from game.squads import map_squads
            from game.world.match import Match

            grid = load_map(map_path)
            session = Session(Match(grid, map_squads(grid, "default", units), seed=seed), config)
        opened = time.perf_counter()
        screen = app.battle(config, session)
        uid = screen.selected
        assert uid is not None, "no unit to declare"
        if not screen.choice.lost_round(uid):
            break  # (app.battle closes the session before)
    else:
        raise RuntimeError(f"{map_path}: the first declarer fumbled its initiative in seeds 1 to {MAX_SEEDS}")
    m = screen.match
    enemies = m.sight.visible_enemies(uid) or m.enemies_of(uid)
    target = enemies[0]
    me = m.view(uid).pos
    cam = screen.camera
    while cam.tile_px != cam.levels[0] and not (cam.view.collidepoint(cam.centre(target.pos))
                                                 and cam.view.collidepoint(cam.centre(me))):
        cam.zoom(-1)
        cam.centre_on(((me[0] + target.pos[0]) // 2, (me[1] + target.pos[1]) // 2))
    reach = m.movement.reachable(uid, "sprint")
    far = max(reach, key=lambda t: reach[t])
    out: dict[str, Any] = {}

    def measure(n: int = frames) -> list[float]:
        times = []
        for _ in range(n):
            t = time.perf_counter()
            for event in pygame.event.get():
                screen.handle(event)
            screen.update(16)
            screen.draw(app.window)
            times.append((time.perf_counter() - t) * 1000)
        return times

    def hover(tile: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cam.centre(tile), rel=(0, 0), buttons=(0, 0, 0)))

    def key(k: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    for label, tile in (("hover enemy (preview)", target.pos), ("hover tile (path)", far)):
        hover(tile)
        out[label] = statistics.median(measure())
    out["tile px"] = cam.tile_px
    near = (me[0] + 4, me[1] + 1)
    if m.view(uid).grenades:
        key(pygame.K_g)
        hover(near)
        out["grenade blast preview"] = statistics.median(measure())
        key(pygame.K_ESCAPE)
    key(pygame.K_4)
    hover(target.pos)
    out["area fire arc"] = statistics.median(measure())
    key(pygame.K_1)
    key(pygame.K_o)
    hover(target.pos)
    out["overwatch arc"] = statistics.median(measure())
    key(pygame.K_ESCAPE)
    # zooming all the way in and out again, one wheel step a frame, once the screen has been
    # open a second: the worst frame, and each step
    while time.perf_counter() - opened < 1.0:
        measure(1)
    steps: list[float] = []
    for button in [4] * len(cam.levels) + [5] * len(cam.levels):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cam.view.center, button=button))
        steps += measure(1)
    out["worst frame zooming in and out"] = max(steps)
    out["zoom steps"] = steps
    while cam.tile_px != cam.levels[-1]:
        cam.zoom(1)
    cam.centre_on(me)
    hover(near)
    measure(3)
    out[f"hover tile at the closest zoom ({cam.tile_px} px)"] = statistics.median(measure())
    app.window = pygame.display.get_surface() or app.window
    app._close()
    return out


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else "maps/open_field.tmx"
    for k, v in frame_times(path).items():
        if isinstance(v, list):
            print(f"{k}: {', '.join(f'{x:.1f}' for x in v)} ms")
        else:
            print(f"{k}: {v:.2f}" + (" ms" if k != "tile px" else ""))
