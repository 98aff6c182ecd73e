"""Synthesise the game's sound effects (no recordings, no downloads), deterministically.

    python tools/make_sounds.py [--out DIR]     # tools/make_assets.py calls `write_sounds` too

Writes ``assets/sounds/NAME.wav`` (22,050 Hz, 16-bit mono) for every effect the game plays
(game/ui/sound.py): shots, bursts, blasts, melee, footsteps, wounds, a fall, UI clicks, the
turn chime, a throw, a reload. Each is made from noise, sines and envelopes with a
random.Random of a fixed seed, so every run writes the same bytes.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATE = 22050


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def mix(into: list[float], sound: Sequence[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    """Add `sound` into `into` from `at` seconds (growing it as needed)."""
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, x in enumerate(sound):
        into[start + i] += gain * x
    return into


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(xs: Sequence[float], cutoff_hz: float) -> list[float]:
    """A one-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff_hz / RATE)
    y, out = 0.0, []
    for x in xs:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(xs: Sequence[float], cutoff_hz: float) -> list[float]:
    low = lowpass(xs, cutoff_hz)
    return [x - y for x, y in zip(xs, low, strict=True)]


def envelope(xs: Sequence[float], attack: float, decay: float) -> list[float]:
    """A linear attack of `attack` seconds, then an exponential decay of time constant
    `decay` seconds."""
    out = []
    for i, x in enumerate(xs):
        t = i / RATE
        g = t / attack if t < attack else math.exp(-(t - attack) / decay)
        out.append(x * g)
    return out


def tone(seconds: float, freq: float | Callable[[float], float], shape: str = "sine") -> list[float]:
    """A tone whose frequency may glide (a function of time)."""
    out, phase = [], 0.0
    for i in range(int(seconds * RATE)):
        f = freq(i / RATE) if callable(freq) else freq
        phase += 2.0 * math.pi * f / RATE
        if shape == "saw":
            out.append(((phase / math.pi) % 2.0) - 1.0)
        else:
            out.append(math.sin(phase))
    return out


def normalised(xs: Sequence[float], peak: float = 0.8) -> list[float]:
    top = max((abs(x) for x in xs), default=0.0) or 1.0
    return [x * peak / top for x in xs]


def fade_out(xs: list[float], seconds: float = 0.01) -> list[float]:
    n = min(len(xs), int(seconds * RATE))
    for i in range(n):
        xs[len(xs) - n + i] *= 1.0 - (i + 1) / n
    return xs


# --- the effects -----------------------------------------------------------------------------


def gunshot(rng: random.Random, weight: float = 1.0) -> list[float]:
    crack = envelope(highpass(noise(0.3, rng), 900), 0.001, 0.03)
    body = envelope(lowpass(noise(0.35, rng), 1400), 0.002, 0.07)
    thump = envelope(tone(0.3, lambda t: 110 - 60 * t), 0.002, 0.06)
    tail = envelope(lowpass(noise(0.4, rng), 500), 0.02, 0.12)
    out = mix(mix(mix(list(crack), body, 0, 2.0), thump, 0, 0.45 * weight), tail, 0.02, 1.2)
    return out


def shot(rng: random.Random) -> list[float]:
    return gunshot(rng)


def burst(rng: random.Random) -> list[float]:
    out: list[float] = []
    for k in range(4):
        mix(out, gunshot(rng, 0.8), 0.085 * k, 1.0 - 0.1 * k)
    return out


def blast(rng: random.Random) -> list[float]:
    boom = envelope(lowpass(noise(1.5, rng), 180), 0.006, 0.35)
    rumble = envelope(tone(1.5, lambda t: 55 - 25 * t), 0.01, 0.45)
    crack = envelope(highpass(noise(0.2, rng), 1200), 0.001, 0.025)
    debris = silence(1.5)
    for _ in range(60):  # falling grit
        at = rng.uniform(0.15, 1.3)
        i = int(at * RATE)
        for j in range(int(0.004 * RATE)):
            if i + j < len(debris):
                debris[i + j] += rng.uniform(-1, 1) * math.exp(-j / (0.001 * RATE)) * math.exp(-at / 0.5)
    out = mix(mix(mix([4.0 * x for x in boom], rumble, 0, 0.5), crack, 0, 0.6), highpass(debris, 1500), 0, 0.5)
    return out


def whoosh(rng: random.Random, seconds: float = 0.22) -> list[float]:
    n = int(seconds * RATE)
    raw = highpass(lowpass(noise(seconds, rng), 2500), 300)
    return [x * math.sin(math.pi * i / n) ** 2 for i, x in enumerate(raw)]


def melee(rng: random.Random) -> list[float]:
    hit = envelope(tone(0.2, lambda t: 140 - 80 * t), 0.002, 0.04)
    clang = mix(envelope(tone(0.4, 2150), 0.001, 0.07), envelope(tone(0.4, 3310), 0.001, 0.05), 0, 0.6)
    smack = envelope(lowpass(noise(0.15, rng), 1800), 0.001, 0.025)
    out = mix(mix(mix(whoosh(rng), hit, 0.17, 1.0), clang, 0.17, 0.25), smack, 0.17, 0.8)
    return out


def step(rng: random.Random) -> list[float]:
    scuff = envelope(lowpass(noise(0.12, rng), 700), 0.004, 0.025)
    thud = envelope(tone(0.12, 75), 0.003, 0.03)
    return mix(list(scuff), thud, 0, 0.7)


def wound(rng: random.Random) -> list[float]:
    voice = envelope(lowpass(tone(0.32, lambda t: 150 - 70 * t, "saw"), 700), 0.02, 0.11)
    breath = envelope(lowpass(noise(0.32, rng), 1200), 0.03, 0.08)
    hit = envelope(lowpass(noise(0.08, rng), 900), 0.001, 0.015)
    return mix(mix(list(hit), voice, 0.01, 0.9), breath, 0.01, 0.25)


def down(rng: random.Random) -> list[float]:
    groan = envelope(lowpass(tone(0.5, lambda t: 120 - 70 * t, "saw"), 500), 0.03, 0.18)
    fall = envelope(lowpass(noise(0.4, rng), 400), 0.005, 0.08)
    thud = envelope(tone(0.3, lambda t: 70 - 30 * t), 0.003, 0.09)
    return mix(mix(list(groan), fall, 0.25, 0.9), thud, 0.25, 1.0)


def click(rng: random.Random) -> list[float]:
    return mix(envelope(tone(0.06, 1800), 0.001, 0.008), envelope(tone(0.06, 2700), 0.001, 0.005), 0, 0.4)


def bell(freq: float, seconds: float = 0.9) -> list[float]:
    out = envelope(tone(seconds, freq), 0.003, 0.35)
    mix(out, envelope(tone(seconds, freq * 2.76), 0.002, 0.12), 0, 0.3)
    mix(out, envelope(tone(seconds, freq * 5.4), 0.001, 0.05), 0, 0.12)
    return out


def chime(rng: random.Random) -> list[float]:
    return mix(bell(660.0), bell(990.0), 0.14, 0.8)


def throw(rng: random.Random) -> list[float]:
    return mix(whoosh(rng, 0.3), envelope(tone(0.1, 400), 0.002, 0.02), 0.0, 0.2)


def reload(rng: random.Random) -> list[float]:
    out: list[float] = []
    for at, f in ((0.0, 1500), (0.16, 1100)):
        clack = mix(envelope(highpass(noise(0.08, rng), 1500), 0.001, 0.01), envelope(tone(0.08, f), 0.001, 0.015),
                    0, 0.5)
        mix(out, clack, at)
    return out


EFFECTS: dict[str, Callable[[random.Random], list[float]]] = {
    "shot": shot, "burst": burst, "blast": blast, "melee": melee, "step": step, "wound": wound,
    "down": down, "click": click, "chime": chime, "throw": throw, "reload": reload,
}
PEAKS = {"step": 0.45, "click": 0.35, "chime": 0.55, "reload": 0.5}


def wav_bytes(samples: Sequence[float]) -> bytes:
    """16-bit mono WAV bytes (the same bytes on every run)."""
    frames = bytearray()
    for x in samples:
        v = max(-32767, min(32767, int(round(x * 32767))))
        frames += v.to_bytes(2, "little", signed=True)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def effect(name: str) -> bytes:
    """One effect's WAV bytes."""
    rng = random.Random(f"skirmish-sound-{name}")
    return wav_bytes(fade_out(normalised(EFFECTS[name](rng), PEAKS.get(name, 0.8))))


def write_sounds(out: Path) -> list[Path]:
    """Write every effect under out/assets/sounds; return the files written."""
    folder = out / "assets" / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in EFFECTS:
        path = folder / f"{name}.wav"
        path.write_bytes(effect(name))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="where assets/ is written (default: the repository)")
    args = parser.parse_args(argv)
    for path in write_sounds(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
