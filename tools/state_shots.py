"""A screenshot of each state of the battle screen (issue 29), driven through a real window:
run under an X server (Xvfb) with xdotool, the keys and clicks are X input events the window
receives; with no display (or no xdotool) they are posted as pygame events instead.

    xvfb-run -s "-screen 0 1280x720x24" python tools/state_shots.py OUT_DIR

It writes OUT_DIR/NN-STATE.png for: declaring, targeting (overwatch), the Esc menu, help, the
"end your turn?" dialog, playback, hand-over (hot-seat), answering (a Mythras reaction), the
match over; and prints each state's name with the state the screen reports (`state()`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.session import SessionConfig  # noqa: E402
from game.ui.app import App, new_session  # noqa: E402
from game.ui.battle import BattleScreen  # noqa: E402

X = bool(os.environ.get("DISPLAY")) and shutil.which("xdotool") is not None
KEYS = {"Escape": pygame.K_ESCAPE, "F1": pygame.K_F1, "Return": pygame.K_RETURN, "o": pygame.K_o,
        "h": pygame.K_h, "space": pygame.K_SPACE}
FRAME_LIMIT = 4000  # frames a wait may take (nothing waits for ever)


class Driver:
    def __init__(self, out: Path) -> None:
        if not X:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.app = App((1280, 720), playback_ms=1200)
        self.out, self.n = out, 0
        self.wid = ""
        if X:
            self.frames(5)
            self.wid = self._window()
            if self.wid:
                subprocess.run(["xdotool", "windowfocus", self.wid], timeout=10, check=False)

    def _window(self) -> str:
        """The X window of the app (its title and size: xdotool's --name search misses it with
        no window manager running)."""
        ids = subprocess.run(["xdotool", "search", "--class", ""], capture_output=True, text=True, timeout=10)
        size = "{}x{}".format(*self.app.window.get_size())
        for wid in ids.stdout.split():
            name = subprocess.run(["xdotool", "getwindowname", wid], capture_output=True, text=True, timeout=10)
            geometry = subprocess.run(["xdotool", "getwindowgeometry", wid], capture_output=True, text=True, timeout=10)
            if name.stdout.strip() == "skirmish" and geometry.stdout.split()[-1:] == [size]:
                return wid
        return ""

    def frames(self, n: int = 3) -> None:
        for _ in range(n):
            self.app.frame(16)

    def key(self, name: str) -> None:
        if self.wid:
            subprocess.run(["xdotool", "key", name], timeout=10, check=True)
            pygame.time.wait(30)
        else:
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=KEYS[name], mod=0, unicode="", scancode=0))
        self.frames(4)

    def point(self, pos: tuple[int, int]) -> None:
        if self.wid:
            subprocess.run(["xdotool", "mousemove", "--window", self.wid, str(pos[0]), str(pos[1])], timeout=10,
                           check=True)
            pygame.time.wait(30)
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(4)

    def shot(self, name: str) -> None:
        self.frames(2)
        sc = self.app.screen
        state = type(sc).__name__
        if isinstance(sc, BattleScreen):
            asked = sc.prompt if sc.prompt.question() is not None else None
            state = type(sc.modal.top() or asked or sc.state()).__name__
        self.n += 1
        path = self.out / f"{self.n:02d}-{name}.png"
        pygame.image.save(self.app.window, str(path))
        print(f"{path.name}: {state}")

    def battle(self, mode: str = "solo", ruleset: str | None = None, path: str = "crossroads.tmx",
               seed: int = 3, fog: bool = False) -> BattleScreen:
        cfg = SessionConfig(str(ROOT / "maps" / path), mode, "normal", seed, ruleset=ruleset, fog=fog)
        sc = self.app.battle(cfg, new_session(cfg))
        self.frames(5)
        return sc

    def until(self, done, each=None) -> bool:  # type: ignore[no-untyped-def]
        for _ in range(FRAME_LIMIT):
            if done():
                return True
            if each is not None:
                each()
            self.app.frame(16)
        return False


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "state_shots")
    out.mkdir(parents=True, exist_ok=True)
    d = Driver(out)
    print("input:", "xdotool on X display " + os.environ.get("DISPLAY", "") if d.wid else "posted pygame events")
    sc = d.battle()
    d.shot("declaring")
    enemy = next(v for v in sc.match.units() if v.team != sc.match.view(sc.selected).team)
    d.key("o")  # overwatch: waits for a tile
    sc.camera.centre_on(enemy.pos)
    d.point(sc.camera.centre(enemy.pos))
    d.shot("targeting")
    d.key("Escape")  # drops the overwatch
    d.key("Escape")  # the menu
    d.shot("menu")
    d.key("Escape")
    d.key("F1")
    d.shot("help")
    d.key("Escape")
    d.key("Return")  # end the turn: asks first
    d.shot("dialog")
    d.key("Return")
    d.until(lambda: sc.play.busy() and sc.play.i >= 1)
    d.shot("playback")
    d.until(lambda: not sc.play.busy() or sc.match.over)

    sc = d.battle("hotseat", fog=True)  # (with no fog the seat goes over at once: nothing to hide)
    d.until(lambda: not sc.session.handover, lambda: d.key("space"))  # the first side takes the seat
    d.key("Return")
    d.key("Return")
    d.until(lambda: bool(sc.session.handover))
    d.shot("handover")

    sc = d.battle(ruleset="mythras", path="street.tmx", seed=1)

    def asked() -> bool:
        q = d.app.screen.session.question
        return q is not None and q.kind == "reaction" and d.app.screen.prompt.question() is q

    def play_on() -> None:
        s = d.app.screen
        q = s.session.question
        if q is not None and q.kind == "effects":
            d.key("Return")
        elif q is not None and q.kind == "act" and s.selected is not None and s.session.can_declare(s.selected):
            d.key("h")
    if d.until(asked, play_on):
        d.shot("answering")
    else:
        print("no reaction asked")

    d.app.watch_ms = 50
    sc = d.battle("watch", seed=5)
    sc.play.set_speed(0)
    if d.until(lambda: sc.match.over):
        d.shot("over")
    else:
        print("the watched match did not end")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
