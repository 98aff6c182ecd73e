#!/usr/bin/env python3
"""Sweep a fogged match's every frame for leaks: play a fogged solo match or a fogged hot-seat
match to its end (every seat decided by the AI through the session, as a player's clicks would
declare; the hand-over screens taken; each round played back), draw every frame headless, and
compare what was drawn with what the viewer's side sees.

    python tools/fog_sweep.py [--map maps/wood.tmx] [--mode solo|hotseat] [--seed 3]
                              [--rounds 30] [--shots DIR] [--every 25]

Checked on every frame (the viewer: the player's side in solo, the side in the seat or
watching in hot-seat; during a playback step, what that side saw as the step began or ended):
- no enemy the side does not see is among the figures drawn (`figures.draw_units`' hidden),
  nor is its step's event arrow drawn;
- no text drawn on the frame (log, banner, panel, order list, tooltips) names an enemy the
  side does not see (every text goes through `assets.font`), but a unit's own declaration on
  its sheet ("declared: shot attack on X": X was seen when it declared) and a log line of
  round N, which names an enemy the side saw then: one it was seen to see on a frame of
  round N or N + 1 (the log reads each event as the side saw it then);
- no sound but the chime and clicks plays for a step by an enemy the side does not see;
- a hand-over screen covers the map.
Each frame also hovers over one seen enemy (a preview tooltip) when the player may declare.
Prints the frames, the checks and every leak found; exit 1 if any. With --shots, every
`--every`th frame (and every hand-over) is saved as a PNG to look at.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ai import make_controller  # noqa: E402
from game.session import SessionConfig  # noqa: E402
from game.ui import assets, figures, fogview  # noqa: E402
from game.ui.app import App, new_session  # noqa: E402
from game.world.actions import Hold  # noqa: E402


class FontSpy:
    """A font that notes every string it renders."""

    def __init__(self, real: Any, seen: list[str]) -> None:
        self.real, self.seen = real, seen

    def render(self, s: str, *a: Any, **k: Any) -> Any:
        self.seen.append(s)
        return self.real.render(s, *a, **k)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def unseen(screen: Any, team: str) -> set[int]:
    """The enemies `team` does not see at the frame (now, or at the step played back)."""
    m, play = screen.match, screen.play
    if play.busy():
        before, after = fogview.glimpses(play, team)
        seen = before.enemies | after.enemies
    else:
        seen = m.vision.seen_enemies(team)
    return {v.uid for v in m.units() if v.team != team and v.uid not in seen}


def sweep(map_path: str, mode: str, seed: int, rounds: int, shots: Path | None, every: int) -> int:
    app = App((1280, 720), playback_ms=60, watch_ms=0)
    cfg = SessionConfig(map_path, mode, "normal", seed, fog=True)
    screen = app.battle(cfg, new_session(cfg))
    s, m = screen.session, screen.session.match
    players = {t: make_controller("normal", seed + 100, t) for t in s.humans}
    texts: list[str] = []
    real_font = assets.font
    assets.font = lambda size: FontSpy(real_font(size), texts)  # type: ignore[assignment]
    drawn_hidden: list[set[int]] = []
    real_units = figures.draw_units

    expected: list[set[int]] = []  # what the viewer does not see, worked out as the frame is drawn

    def spy_units(*args: Any, **kw: Any) -> Any:
        drawn_hidden.append(set(args[11] if len(args) > 11 else kw.get("hidden", ())))
        team = fogview.viewer(s)
        if team is not None:
            expected.append(unseen(screen, team))
        return real_units(*args, **kw)

    figures.draw_units = spy_units  # type: ignore[assignment]
    events: list[tuple[int, int | None]] = []
    real_event = figures.draw_event

    def spy_event(surface: Any, cam: Any, match: Any, actor: Any, target: Any, *a: Any, **k: Any) -> Any:
        events.append((actor, target))
        return real_event(surface, cam, match, actor, target, *a, **k)

    figures.draw_event = spy_event  # type: ignore[assignment]
    sounds: list[str] = []
    real_play = screen.sounds.play
    screen.sounds.play = lambda name, loudness=1.0: (sounds.append(name), real_play(name, loudness))[1]  # type: ignore[method-assign]
    leaks: list[str] = []
    frames = checks = handovers = 0
    names = {v.uid: v.name for v in m.units()}
    saw: dict[tuple[str, int], set[int]] = {}  # (side, round): the enemies it saw on a frame then
    try:
        while not m.over and m.round <= rounds and frames < 20000:
            team = fogview.viewer(s)
            screening = bool(s.handover or screen.replays.seat_for)
            if not screening and not screen.play.busy() and s.ai_waiting:
                screen.release_ai()
            uid = s.current()
            hover = None
            if not screening and not screen.play.busy() and uid is not None and s.can_declare(uid):
                screen.selected = uid
                seen_now = sorted(m.vision.seen_enemies(team)) if team else []
                if seen_now:
                    hover = m.view(seen_now[frames % len(seen_now)]).pos
            if hover is not None:
                screen.hover = hover
                screen.mouse = screen.camera.centre(hover)
            assets.text.cache_clear()
            texts.clear()
            drawn_hidden.clear()
            events.clear()
            sounds.clear()
            expected.clear()
            app.frame(16)
            frames += 1
            # a step's actor; the end-of-round move step walks several units at once, and
            # footsteps are heard for those of them the side sees (fogview.heard): its actors
            # are all its walkers
            step = screen.play.steps[screen.play.i] if screen.play.busy() else []
            if step and all(e.kind == "move" for e in step):
                step_actors = {e.actor for e in step if e.actor is not None}
            else:
                step_actors = {step[0].actor} if step and step[0].actor is not None else set()
            hidden_before = expected[-1] if expected else set()
            team = fogview.viewer(s)
            screening = bool(s.handover or screen.replays.seat_for)
            if screening:
                handovers += 1
                canvas = app.canvas
                if canvas.get_at((2, 2)) != canvas.get_at((canvas.get_width() - 3, canvas.get_height() - 3)):
                    leaks.append(f"frame {frames}: the hand-over screen does not cover the map")
                if shots:
                    pygame.image.save(canvas, str(shots / f"{mode}-{frames:05d}-handover.png"))
            elif team:
                checks += 1
                enemies = {v.uid for v in m.units() if v.team != team}
                saw.setdefault((team, m.round), set()).update(enemies - hidden_before)
                for h in drawn_hidden:
                    if not hidden_before <= h:
                        leaks.append(f"frame {frames} (round {m.round}): drawn though unseen by {team}: "
                                     f"{sorted(names[u] for u in hidden_before - h)}")
                for actor, _ in events:
                    if actor in hidden_before:
                        leaks.append(f"frame {frames}: the event arrow of unseen {names[actor]}")
                for line in texts:
                    if line.startswith("declared: "):
                        continue  # a unit's own declaration names the enemy its side saw as it declared
                    then = re.match(r"\[r(\d+) ", line)
                    known = (saw.get((team, int(then[1])), set()) | saw.get((team, int(then[1]) + 1), set())
                             if then else set())
                    for u in hidden_before - known:
                        if names[u] in line:
                            leaks.append(f"frame {frames} (round {m.round}, {team}): text names unseen {names[u]}: {line!r}")
                if step_actors and step_actors <= hidden_before and any(x not in ("chime", "click") for x in sounds):
                    leaks.append(f"frame {frames}: sounds {sounds} for a step by unseen "
                                 f"{', '.join(sorted(names[u] for u in step_actors))}")
                if shots and frames % every == 0:
                    pygame.image.save(app.canvas, str(shots / f"{mode}-{frames:05d}-{team}.png"))
            # the players at the seat: decide, take the hand-over, skip nothing (the playback runs)
            if screen.replays.seat_for is not None:
                screen.replays.take()
            elif s.handover:
                s.take_seat()
            elif not screen.play.busy() and not s.needs_round and not s.ai_waiting:
                q = s.question
                uid = s.current()
                if q is not None:
                    s.answer(players[s.team_of(q.uid)].choose(m, q))
                elif uid is not None and s.can_declare(uid):
                    action, choices = players[s.team_of(uid)].decide(m, uid)
                    if hasattr(s.declare(uid, action, **choices), "reason"):
                        s.declare(uid, Hold())
            for _ in range(4):  # the playback moves on a few steps' worth between frames
                if screen.play.busy():
                    screen.play.tick(20)
    finally:
        assets.font = real_font  # type: ignore[assignment]
        figures.draw_units = real_units  # type: ignore[assignment]
        figures.draw_event = real_event  # type: ignore[assignment]
    print(f"{mode} on {map_path}, seed {seed}: {frames} frames, {checks} checked, {handovers} behind a hand-over, "
          f"round {m.round}, {'over: ' + str(m.winner) if m.over else 'not over'}")
    for line in leaks[:40]:
        print("LEAK", line)
    print(f"{len(leaks)} leaks")
    app._close()
    return 1 if leaks else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--map", default="maps/wood.tmx")
    p.add_argument("--mode", choices=("solo", "hotseat"), default="solo")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--shots", type=Path, default=None)
    p.add_argument("--every", type=int, default=25)
    a = p.parse_args(argv)
    if a.shots:
        a.shots.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)
    return sweep(a.map, a.mode, a.seed, a.rounds, a.shots, a.every)


if __name__ == "__main__":
    raise SystemExit(main())
