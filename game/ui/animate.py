"""How a step of the resolved round is shown: how long it takes and the effects it makes
(game/ui/effects.py), read from its typed events and what the actors declared.

- a move: the mover walks its declared path (to where the world says it stopped), with
  footsteps;
- fire: a muzzle flash and a tracer per round or burst (to the target on a hit, past it on a
  miss); area fire sweeps its arc;
- a throw: the grenade flies to where it landed, then the blast spreads its bands and shakes
  the view;
- melee and free strikes: a blade's swing on the target;
- harm: what it did floats above the unit (wounds, stuns, DOWN), with a cry.

Nothing here reads log text: hits are the damage events, harm the health payloads.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ruleset import HealthFacts
from game.ui import actionui
from game.ui.effects import DUST, HIT, TRACER, Effect, centre, lerp
from game.world.actions import find_kind
from game.world.events import BlastAt

Tile = tuple[int, int]
BASE_MS = 350.0  # the normal speed's step: the effects below are timed for it


@dataclass
class Walk:
    """A mover's way in one step: the tiles it walks, start to stop."""

    uid: int
    tiles: list[Tile]

    def at(self, p: float) -> tuple[tuple[float, float], tuple[int, int] | None]:
        """Where it is (tiles, a centre point) `p` of the way along, and which way it goes."""
        pts = [centre(t) for t in self.tiles]
        if len(pts) < 2:
            return pts[0], None
        lengths = [math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False)]
        total = sum(lengths) or 1.0
        d = p * total
        for (a, b), seg in zip(zip(pts, pts[1:], strict=False), lengths, strict=True):
            if d <= seg or seg == 0:
                t = d / seg if seg else 1.0
                step = (b[0] - a[0], b[1] - a[1])
                return lerp(a, b, t), (_sign(step[0]), _sign(step[1]))
            d -= seg
        a, b = pts[-2], pts[-1]
        return pts[-1], (_sign(b[0] - a[0]), _sign(b[1] - a[1]))


def _sign(x: float) -> int:
    return (x > 1e-9) - (x < -1e-9)


@dataclass
class Context:
    """What a step's animation needs from the round: the actions declared, where each unit
    stands at this step, health before it, the blast radius of a grenade in tiles."""

    actions: dict[int, Any]
    pos: Callable[[int], Tile]
    health: dict[int, HealthFacts]
    blast_tiles: Callable[[str], float]
    reach_tiles: Callable[[int], float] = lambda uid: 20.0
    walks: dict[int, Walk] = field(default_factory=dict)
    # Fog of war: does the viewer see this walker on this point of its way (None: everyone
    # everywhere)? Only the steps it sees make a footstep (game/ui/fogview.py, `heard`).
    heard: Callable[[int, tuple[float, float]], bool] | None = None


def path_between(start: Tile, to: Tile, declared: Any) -> list[Tile]:
    """The tiles walked from `start` to `to`: the declared path's part between them when it
    passes both, else the straight way."""
    kind = find_kind(declared)
    path = [(p[0], p[1]) for p in (kind.path(declared) if kind is not None else ())]
    if to in path:
        end = path.index(to)
        begin = path.index(start) if start in path[:end + 1] else -1
        part = path[begin + 1:end + 1] if begin >= 0 else path[:end + 1]
        return [start, *part]
    return [start, to]


def animate(step: list[Any], ctx: Context, start: float, base_ms: float) -> tuple[float, list[Effect]]:
    """The step's length (ms) and its effects, starting at `start` on the playback clock;
    `base_ms` is a plain step at the chosen speed (the normal speed: BASE_MS)."""
    k = base_ms / BASE_MS
    out: list[Effect] = []
    walkers = heard_walkers(ctx)
    length = walk_length(walkers, base_ms)
    if walkers:
        _footsteps(out, ctx, walkers, start, length)
    fired: set[tuple[int, int]] = set()
    hits = {e.target for e in step if e.kind == "damage" and e.target is not None}
    for e in step:
        actor, target = e.actor, e.target
        action = ctx.actions.get(actor) if actor is not None else None
        if isinstance(e.data, BlastAt):
            length = max(length, _blast(out, ctx, e, action, start, k))
        elif e.kind == "free_strike" and target is not None and (actor, target) not in fired:
            fired.add((actor, target))
            length = max(length, _swing(out, ctx, actor, target, start, k))
        elif e.kind == "attack" and actor is not None and target is not None and (actor, target) not in fired:
            # how the action shows its attack (its entry, game/ui/actionui/; no action: shots)
            strike = "fire" if action is None else actionui.entry_of(action).strike_of(action)
            if strike == "skip":
                continue  # a throw's own roll: shown by its flight and its blast
            fired.add((actor, target))
            if strike == "swing":
                length = max(length, _swing(out, ctx, actor, target, start, k))
            elif strike == "fire":
                swept = [x.target for x in step if x.actor == actor and x.kind == "attack" and x.target is not None]
                arc = _arc(action) is not None and (actor, -1) not in fired
                fired.add((actor, -1))
                length = max(length, _fire(out, ctx, actor, target, action, target in hits, start, k,
                                           swept if arc else []))
        elif e.kind == "ammo" and action is not None and actionui.entry_of(action).reload_sound:
            out.append(Effect("sound", start, 1, (0, 0), label="reload"))
    length = max(length, _harm(out, ctx, step, start, k))
    return length, out


def _arc(action: Any) -> tuple[Tile, bool] | None:
    """Fire over an arc: (the tile aimed at, suppressive?), or None (no action: none)."""
    kind = find_kind(action)
    return kind.arc(action) if kind is not None else None


def _thrown(action: Any) -> tuple[Tile, str] | None:
    """A thrown explosive: (where it lands, the weapon), or None."""
    kind = find_kind(action)
    return kind.blast(action) if kind is not None else None


def heard_walkers(ctx: Context) -> list[Walk]:
    """The step's walks; under fog of war (`ctx.heard`) those the viewer sees some of, so
    that neither the step's length nor its footsteps tell of a walk it does not see."""
    walkers = [w for w in ctx.walks.values() if len(w.tiles) > 1]
    heard = ctx.heard
    if heard is not None:
        walkers = [w for w in walkers if any(heard(w.uid, w.at(j / (len(w.tiles) - 1))[0])
                                             for j in range(len(w.tiles)))]
    return walkers


def walk_length(walkers: list[Walk], base_ms: float) -> float:
    """A step's length with these walks: the longest, a plain step at least."""
    if not walkers:
        return base_ms
    tiles = max(len(w.tiles) - 1 for w in walkers)
    return max(base_ms, min(4.0, 0.35 + 0.28 * tiles) * base_ms)


def _footsteps(out: list[Effect], ctx: Context, walkers: list[Walk], start: float, length: float) -> None:
    """A footstep a tile of the longest walk (of those the viewer hears, `heard_walkers`),
    under fog of war (`ctx.heard`) each only while a walker it hears is where it sees it."""
    heard = ctx.heard
    tiles = max(len(w.tiles) - 1 for w in walkers)
    for j in range(min(tiles, 12)):
        if heard is None or any(heard(w.uid, w.at(j / tiles)[0]) for w in walkers):
            out.append(Effect("sound", start + j * length / max(1, tiles), 1, (0, 0), label="step",
                              extra={"loudness": 0.5}))


def _fire(out: list[Effect], ctx: Context, actor: int, target: int, action: Any, hit: bool, start: float,
          k: float, swept: list[int] | None = None) -> float:
    """Shots at `target`: a flash and a tracer a round (or burst); with `swept` (area fire's
    first target in the step), the arc it sweeps, out past the farthest of them."""
    a, t = centre(ctx.pos(actor)), centre(ctx.pos(target))
    kind, arc = find_kind(action), _arc(action)
    mode = "area" if arc is not None else (kind.mode(action) if kind is not None else "") or "shot"
    options = kind.options(action) if kind is not None else {}
    rounds = {"shot": int(options.get("shots", 1) or 1), "burst": 4, "triple": 9,
              "area": 5, "suppress": 5}.get(mode, 1)
    gap = 70 * k if rounds > 1 else 0
    if arc is not None and swept:
        reach = min(ctx.reach_tiles(actor), max(math.dist(a, centre(ctx.pos(u))) for u in swept) + 3)
        out.append(Effect("arc", start, 150 * k + rounds * gap + 250 * k, a, centre(arc[0]), (255, 150, 40),
                          extra={"degrees": 60 if arc[1] else 30, "reach_tiles": reach}))
    out.append(Effect("sound", start, 1, a, label="burst" if rounds > 1 else "shot"))
    dist = max(0.5, math.dist(a, t))
    for j in range(rounds):
        t0 = start + j * gap
        # a miss goes past the target, a little to one side (the same way every time)
        side = ((j * 37 + actor * 11 + target * 7) % 9 - 4) / 10.0
        nx, ny = (-(t[1] - a[1]) / dist, (t[0] - a[0]) / dist)
        if hit and j == 0:
            end, colour = t, HIT
        else:
            spread = 0.2 if hit else 1.0
            end = (t[0] + nx * side * spread + (t[0] - a[0]) / dist * 0.6,
                   t[1] + ny * side * spread + (t[1] - a[1]) / dist * 0.6)
            colour = DUST
        fly = min(260.0, 60 + 18 * dist) * k
        out.append(Effect("flash", t0, 90 * k, a, t))
        out.append(Effect("tracer", t0, fly, a, end, TRACER))
        out.append(Effect("impact", t0 + fly * 0.8, 220 * k, end, None, colour))
    return 150 * k + rounds * gap + 360 * k


def _swing(out: list[Effect], ctx: Context, actor: int, target: int, start: float, k: float) -> float:
    a, t = centre(ctx.pos(actor)), centre(ctx.pos(target))
    ang = math.atan2(t[1] - a[1], t[0] - a[0])
    out.append(Effect("swing", start + 60 * k, 300 * k, t, None, (235, 235, 245), extra={"from": -ang - 1.2}))
    out.append(Effect("sound", start + 60 * k, 1, t, label="melee"))
    return 480 * k


def _blast(out: list[Effect], ctx: Context, e: Any, action: Any, start: float, k: float) -> float:
    land = centre(e.data.tile)
    fly = 0.0
    thrown = _thrown(action)
    if thrown is not None and e.actor is not None:
        a = centre(ctx.pos(e.actor))
        fly = min(650.0, 200 + 35 * math.dist(a, land)) * k
        out.append(Effect("sound", start, 1, a, label="throw"))
        out.append(Effect("throw", start, fly, a, land))
    r = ctx.blast_tiles(thrown[1]) if thrown is not None else 1.5
    r = max(0.6, r)
    out.append(Effect("blast", start + fly, 1100 * k, land, None, radii=(r, 2 * r, 3 * r),
                      extra={"shake": 4 + min(6, int(r * 2))}))
    out.append(Effect("sound", start + fly, 1, land, label="blast"))
    return fly + 900 * k


def _harm(out: list[Effect], ctx: Context, step: list[Any], start: float, k: float) -> float:
    """What each health change did, floating above the unit; returns the time it needs."""
    row: dict[int, int] = {}
    at = start + 200 * k
    need = 0.0
    for e in step:
        h = e.health
        if h is None:
            continue
        before = ctx.health.get(h.unit)
        after = h.facts
        ctx.health[h.unit] = after
        labels: list[tuple[str, tuple[int, int, int], int]] = []
        if before is not None:
            dw, ds = after.wounds - before.wounds, after.stuns - before.stuns
            if h.first_aid and (dw < 0 or ds < 0):
                labels.append(("treated", (120, 240, 140), 20))
            if dw > 0:
                labels.append((f"+{dw} wound{'s' if dw > 1 else ''}", (255, 80, 70), 22))
            if ds > 0:
                labels.append((f"+{ds} stun{'s' if ds > 1 else ''}", (250, 215, 90), 22))
            if after.out and not before.out:
                labels.append(("DEAD" if after.dead else "DOWN", (255, 60, 50), 30))
            if not labels and e.kind == "damage":
                labels.append(("no harm", (200, 200, 200), 18))
        elif after.out:
            labels.append(("DOWN", (255, 60, 50), 30))
        for label, colour, size in labels:
            n = row.get(h.unit, 0)
            row[h.unit] = n + 1
            out.append(Effect("text", at, max(900.0, 2600 * k), centre(ctx.pos(h.unit)), None, colour, label, size=size,
                              extra={"row": n}))
            if label in ("DOWN", "DEAD"):
                out.append(Effect("sound", at, 1, (0, 0), label="down"))
            elif "wound" in label:
                out.append(Effect("sound", at, 1, (0, 0), label="wound"))
            # the playback dwells on harm (issue 32): a fall longest, a wound longer than the rest
            need = max(need, (HOLD_FALL if label in ("DOWN", "DEAD") else HOLD_WOUND if "wound" in label
                              else HOLD_HARM) * k)
    return need


HOLD_HARM, HOLD_WOUND, HOLD_FALL = 500.0, 900.0, 1400.0  # ms the playback stays on a step's harm, at speed 1
