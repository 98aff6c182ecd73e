"""The battle screen's panels: the selected unit, the combat log, the phase banner and the
attack preview. Each function draws into a rect from match queries; none changes anything."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.assets import DIM, GREY, TEAM_COLOURS, WHITE, YELLOW, panel, text, wrap
from game.world.actions import describe
from game.world.match import Match

PHASE_NAMES = {"declare": "declarations", "fast": "fast actions", "normal": "normal actions",
               "slow": "slow actions", "move": "movement ends", "end": "end of round", "over": "match over"}


def unit_lines(match: Match, uid: int) -> list[tuple[str, tuple[int, int, int], int]]:
    """The selected unit's panel as (text, colour, size) lines."""
    v = match.view(uid)
    c = v.combatant
    st = v.state
    facts = match.rules.weapon_facts(c)
    out: list[tuple[str, tuple[int, int, int], int]] = [
        (v.name, TEAM_COLOURS.get(v.team, WHITE), 26),
        (f"{v.team} - initiative {v.initiative} - {v.stance}{' - OUT' if v.out else ''}", GREY, 18),
        (match.rules.status(st), YELLOW if (getattr(st, "wounds", 0) or getattr(st, "stuns", 0)) else WHITE, 18),
    ]
    if hasattr(st, "penalty"):
        track = getattr(c, "fatigue_track", 6)
        out.append((f"penalties: wounds {st.wound_penalty:+d}, stuns {st.stun_penalty:+d}, "
                    f"fatigue {st.fatigue_penalty(track):+d} ({st.fatigue}/{track})", GREY, 18))
    attrs = getattr(c, "attributes", {})
    if attrs:
        out.append(("attributes", DIM, 16))
        items = [f"{k[:3].title()} {c.attribute(k)}" for k in attrs]
        out.append(("  " + "  ".join(items[:4]), WHITE, 18))
        out.append(("  " + "  ".join(items[4:]), WHITE, 18))
    skills = getattr(c, "skills", {})
    if skills:
        out.append(("skills", DIM, 16))
        items = [f"{k} {n}" for k, n in sorted(skills.items(), key=lambda kv: -kv[1])]
        for i in range(0, len(items), 3):
            out.append(("  " + ", ".join(items[i:i + 3]), WHITE, 18))
    out.append(("weapon", DIM, 16))
    w = getattr(c, "weapon", None)
    wline = facts.name
    if w is not None and not facts.melee:
        wline += f"  range {w.short:g}/{w.medium:g}/{w.long:g} m"
    out.append(("  " + wline, WHITE, 18))
    if v.ammo is not None:
        reload = f", reloading {v.ammo.reload_left}" if v.ammo.reload_left else ""
        out.append((f"  ammo {v.ammo.loaded}/{v.ammo.capacity}, {v.ammo.magazines} magazines{reload}", WHITE, 18))
    out.append((f"  modes: {', '.join(facts.modes)}", GREY, 18))
    if v.grenades:
        out.append((f"  grenades: {', '.join(v.grenades)}", GREY, 18))
    armour = getattr(c, "armour", None)
    pieces = getattr(armour, "pieces", ())
    out.append(("armour", DIM, 16))
    out.append(("  " + (", ".join(f"{p.name} +{p.protection}" for p in pieces) or "none"), WHITE, 18))
    mv = match.movement_allowance(uid)
    out.append((f"move: free {mv['free']} m, run {mv['run']} m, sprint {mv['sprint']} m", GREY, 18))
    d = match.declared(uid)
    if d is not None:
        names = {u: match.name(u) for u in match.uids()}
        out.append((f"declared: {describe(d.action, names)}", YELLOW, 18))
    return out


def draw_unit_panel(surface: pygame.Surface, rect: pygame.Rect, match: Match, uid: int | None,
                    queue: list[int], current: int | None, help_lines: list[str]) -> None:
    panel(surface, rect)
    x, y = rect.x + 10, rect.y + 8
    width = rect.w - 20
    if uid is not None:
        for line, colour, size in unit_lines(match, uid):
            for part in wrap(line, width, size):
                surface.blit(text(part, size, colour), (x, y))
                y += size - 3
        y += 6
    surface.blit(text("declaration order (initiative)", 16, DIM), (x, y))
    y += 15
    names = []
    for u in queue:
        v = match.view(u)
        mark = ">" if u == current else ("+" if match.declared(u) is not None else " ")
        names.append((f"{mark}{v.name} ({v.initiative})", TEAM_COLOURS.get(v.team, WHITE) if not v.out else DIM))
    col_w = width // 2
    for i, (s, colour) in enumerate(names):
        cx = x + (i % 2) * col_w
        surface.blit(text(s[:24], 16, colour), (cx, y))
        if i % 2:
            y += 14
    y += 20
    for line in help_lines:
        if y > rect.bottom - 14:
            break
        surface.blit(text(line, 16, GREY), (x, y))
        y += 14


def draw_log(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], scroll: int) -> None:
    """The last lines of the log, `scroll` lines up from the end."""
    panel(surface, rect)
    size = 16
    rows = max(1, (rect.h - 8) // 14)
    wrapped: list[str] = []
    for line in lines[-(rows + scroll + 40):]:
        wrapped.extend(wrap(line, rect.w - 16, size))
    end = len(wrapped) - scroll
    shown = wrapped[max(0, end - rows):max(0, end)]
    y = rect.y + 4
    for line in shown:
        colour = YELLOW if " declares " in line else WHITE
        surface.blit(text(line, size, colour), (rect.x + 8, y))
        y += 14
    if scroll:
        tag = text(f"^ {scroll} lines up (PgUp/PgDn, wheel)", 16, DIM)
        surface.blit(tag, (rect.right - tag.get_width() - 8, rect.y + 4))


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, label: str, colour: tuple[int, int, int]) -> None:
    panel(surface, rect, 245)
    surface.blit(text(label, 24, colour), (rect.x + 10, rect.y + (rect.h - 16) // 2))


def preview_lines(match: Match, uid: int, target: int, mode: str, options: dict[str, Any]) -> list[str]:
    """Chance to hit, each damage level's chance, the difficulty and its terms, cover."""
    p = match.preview(uid, target, mode, options)
    tname = match.name(target)
    label = f"{options['shot']} {mode}" if options.get("shot") else mode
    if hasattr(p, "reason"):
        return [f"{label} at {tname}: impossible", p.reason]
    sit = match.situation(uid, target)
    lines = [f"{label} at {tname}: {100 * float(p.p_hit):.0f}% to hit",
             f"{sit.distance_m:.0f} m, cover {sit.target_cover or 'none'}, target moving: {sit.target_moved}"]
    band = range_line(match, uid, sit.distance_m, p.target_terms)
    if band:
        lines.append(band)
    levels = sorted(p.p_damage_levels.items())
    kind = p.kind or "damage"
    parts = [f"{lv}: {100 * float(pr):.0f}%" for lv, pr in levels]
    lines.append(f"{kind} inflicted  " + ("  ".join(parts) if parts else "none: no hit possible"))
    lines.append("attack " + " ".join(t.describe(i == 0) for i, t in enumerate(p.terms)))
    if p.difficulty is not None:
        terms = " ".join(t.describe() for t in p.target_terms)
        lines.append(f"difficulty {p.difficulty}" + (f" ({terms})" if terms else ""))
    if p.p_attack_fumble:
        lines.append(f"fumble {100 * float(p.p_attack_fumble):.0f}%")
    check = match.check(uid, _attack_for(target, mode, options))
    if hasattr(check, "reason"):
        lines.append(f"cannot declare: {check.reason}")
    return lines


def range_line(match: Match, uid: int, distance_m: float, target_terms: Any = ()) -> str | None:
    """The range band (short, medium, long, or beyond long range) of the attacker's missile
    weapon at `distance_m`, and the distance modifier to the difficulty (the preview's own
    distance term when it has one, so bursts and aimed shots show what the rules use)."""
    c = match.view(uid).combatant
    w = getattr(c, "weapon", None)
    if w is None or not getattr(w, "long", 0) or match.rules.weapon_facts(c).melee:
        return None
    k = c.attributes.get("strength", 1) if getattr(w, "range_per_strength", False) else 1
    short, medium, long_ = w.short * k, w.medium * k, w.long * k
    band = ("short" if distance_m <= short else "medium" if distance_m <= medium
            else "long" if distance_m <= long_ else "beyond long range")
    mod = next((t.value for t in target_terms if getattr(t, "name", "").startswith("distance")), None)
    if mod is None and getattr(w, "increment", 0):
        eff = distance_m
        mod = 0 if eff <= w.increment else 5 * (-(-eff // w.increment) - 1)
    extra = f", distance modifier {int(mod):+d}" if mod is not None else ""
    return f"range band {band} ({short:g}/{medium:g}/{long_:g} m){extra}"


def _attack_for(target: int, mode: str, options: dict[str, Any]) -> Any:
    from game.world.actions import Attack

    return Attack(target, mode, dict(options))


def draw_tooltip(surface: pygame.Surface, pos: tuple[int, int], lines: list[str], bounds: pygame.Rect) -> None:
    w = max(text(s, 18).get_width() for s in lines) + 16
    h = 16 * len(lines) + 8
    r = pygame.Rect(pos[0] + 18, pos[1] + 18, w, h)
    r.clamp_ip(bounds)
    panel(surface, r, 240)
    for i, s in enumerate(lines):
        surface.blit(text(s, 18, YELLOW if i == 0 else WHITE), (r.x + 8, r.y + 5 + 16 * i))
