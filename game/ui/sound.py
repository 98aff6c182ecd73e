"""Sound: the effects in assets/sounds/*.wav (synthesised by tools/make_assets.py) played
through pygame-ce's mixer, at the settings' volume, or not at all when muted.

With no audio device (or no mixer) the game is silent and carries on: `Sounds` notes why and
every `play` does nothing.

    sounds = Sounds(settings)
    sounds.play("shot")          # shot, burst, blast, melee, step, wound, down, click, chime, ...
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pygame

from game.ui.assets import ASSETS

SOUNDS_DIR = ASSETS / "sounds"
NAMES = ("shot", "burst", "blast", "melee", "step", "wound", "down", "click", "chime", "throw", "reload")


class Sounds:
    """The game's sound effects; silent (and error-free) when there is no mixer."""

    def __init__(self, settings: dict[str, Any] | None = None, root: Path = SOUNDS_DIR) -> None:
        self.settings = settings if settings is not None else {"volume": 0.7, "mute": False}
        self.effects: dict[str, Any] = {}
        self.problem = ""
        self.played: list[str] = []  # the last effects asked for (tests read it; bounded)
        if no_device():
            self.problem = "no sound: no audio device (/dev/snd) and no sound server"
            return
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(22050, -16, 1, 512)
        except (pygame.error, NotImplementedError, OSError) as exc:
            self.problem = f"no sound: {exc}"
            return
        for name in NAMES:
            path = root / f"{name}.wav"
            try:
                self.effects[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError, OSError):
                continue  # a missing effect is silence, not a crash

    @property
    def ok(self) -> bool:
        return not self.problem

    def volume(self) -> float:
        return 0.0 if self.settings.get("mute") else float(self.settings.get("volume", 0.7))

    def play(self, name: str, loudness: float = 1.0) -> None:
        """Play effect `name` (nothing when muted, silent or unknown)."""
        self.played.append(name)
        del self.played[:-32]
        effect = self.effects.get(name)
        vol = self.volume() * loudness
        if effect is None or vol <= 0:
            return
        try:
            effect.set_volume(min(1.0, vol))
            effect.play()
        except pygame.error:
            pass


def no_device() -> bool:
    """Linux with no sound card and no sound server named, and no SDL driver chosen: opening
    the mixer would only make ALSA print its complaints, so the game stays silent at once."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_AUDIODRIVER"):
        return False
    servers = ("PULSE_SERVER", "PIPEWIRE_REMOTE", "JACK_DEFAULT_SERVER")
    if any(os.environ.get(k) for k in servers):
        return False
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and any(os.path.exists(os.path.join(runtime, n)) for n in ("pulse", "pipewire-0")):
        return False
    return not os.path.exists("/dev/snd")


class NoSounds(Sounds):
    """Silence, for screens made without an app (tests, tools)."""

    def __init__(self) -> None:  # noqa: D107 - nothing to open
        self.settings = {"volume": 0.0, "mute": True}
        self.effects = {}
        self.problem = "no sound"
        self.played = []
