"""The battle screen's panels: the selected unit, the combat log, the phase banner and the
attack preview. Each function draws into a rect from match queries; none changes anything."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.assets import DIM, GREY, TEAM_COLOURS, WHITE, YELLOW, panel, text, wrap
from game.world.actions import describe
from game.world.match import Match

ALERT = (255, 150, 110)  # a state the player should know about (a jam, a dropped weapon, a hold)
PHASE_NAMES = {"declare": "declarations", "fast": "fast actions", "normal": "normal actions",
               "slow": "slow actions", "move": "movement ends", "end": "end of round", "over": "match over"}


def unit_lines(match: Match, uid: int, compact: bool = False) -> list[tuple[str, tuple[int, int, int], int]]:
    """The selected unit's panel as (text, colour, size) lines; `compact` (a short window)
    leaves out the section headings and folds attributes and skills into one line each."""
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
        items = [f"{k[:3].title()} {c.attribute(k)}" for k in attrs]
        if compact:
            out.append((" ".join(items), WHITE, 16))
        else:
            out.append(("attributes", DIM, 16))
            out.append(("  " + "  ".join(items[:4]), WHITE, 18))
            out.append(("  " + "  ".join(items[4:]), WHITE, 18))
    skills = getattr(c, "skills", {})
    if skills:
        items = [f"{k} {n}" for k, n in sorted(skills.items(), key=lambda kv: -kv[1])]
        if compact:
            out.append((", ".join(items), WHITE, 16))
        else:
            out.append(("skills", DIM, 16))
            for i in range(0, len(items), 3):
                out.append(("  " + ", ".join(items[i:i + 3]), WHITE, 18))
    if not compact:
        out.append(("weapon", DIM, 16))
    w = getattr(c, "weapon", None)
    wline = facts.name
    if w is not None and not facts.melee:
        wline += f"  range {w.short:g}/{w.medium:g}/{w.long:g} m"
    out.append(("  " + wline, WHITE, 18))
    if v.ammo is not None:
        reload = f", reloading: {v.ammo.reload_left} rounds left" if v.ammo.reload_left else ""
        out.append((f"  ammo {v.ammo.loaded}/{v.ammo.capacity}, {v.ammo.magazines} magazines{reload}", WHITE, 18))
        if v.ammo.jammed:
            out.append(("  JAMMED: it fires no more until cleared (R clears it: a round)", ALERT, 18))
    dropped = match.combat.dropped_weapon(uid)
    if dropped is not None:
        out.append((f"  dropped its {dropped[0]} at {dropped[1]}: fights bare-handed until it picks it up (U, "
                    "next to it)", ALERT, 18))
    out.append((f"  modes: {', '.join(facts.modes)}", GREY, 18))
    if v.grenades:
        out.append((f"  grenades: {', '.join(v.grenades)}", GREY, 18))
    armour = getattr(c, "armour", None)
    pieces = getattr(armour, "pieces", ())
    if not compact:
        out.append(("armour", DIM, 16))
    out.append(("  " + (", ".join(f"{p.name} +{p.protection}" for p in pieces) or "none"), WHITE, 18))
    mv = match.movement_allowance(uid)
    out.append((f"move: free {mv['free']} m, run {mv['run']} m, sprint {mv['sprint']} m", GREY, 18))
    out.extend((line, ALERT, 18) for line in doing_lines(match, uid))
    d = match.declared(uid)
    if d is not None:
        names = {u: match.name(u) for u in match.uids()}
        out.append((f"declared: {describe(d.action, names)}", YELLOW, 18))
    return out


def doing_lines(match: Match, uid: int) -> list[str]:
    """What the unit is in the middle of: a hold it is in, first aid it gives, an overwatch
    it may keep."""
    out = []
    partner = match.engagement.grappled_with(uid)
    if partner is not None:
        out.append(f"holds {match.name(partner)} (grappled)" if match.engagement.holds(uid)
                   else f"held by {match.name(partner)} (grappled): attacks only it, cannot move")
    t = match.work.tending(uid)
    if t is not None:
        who = "itself" if t.patient == uid else match.name(t.patient)
        out.append(f"tending {who}'s {'stuns' if t.stuns else 'wounds'}: {t.rounds_left} rounds left "
                   "(T again goes on; anything else stops it)")
    w = match.overwatch.watch(uid)
    if w is not None and match.phase == "declare" and match.overwatch.keeps(uid, w.aim):
        where = f"at {w.aim}" if w.aim is not None else "over its reach"
        out.append(f"overwatch {where} not triggered: O {'and the same tile ' if w.aim else ''}keeps it "
                   f"(+{match.overwatch.bonus(uid)} initiative)")
    return out


LEGEND = (((60, 200, 90), "free: any action"), ((230, 200, 60), "run: slow attack"), ((240, 120, 40), "sprint"))


def draw_unit_panel(surface: pygame.Surface, rect: pygame.Rect, match: Match, uid: int | None,
                    queue: list[int], current: int | None, bottom: int, legend: bool = False,
                    note: str = "", still_up: frozenset[int] = frozenset()) -> None:
    """The selected unit's sheet, the move shading's legend when its moves are shown, then
    the declaration order (as much as fits above `bottom`)."""
    panel(surface, rect, 255)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x, rect.y, rect.w, max(0, bottom - rect.y)))
    _draw_unit_panel(surface, rect, match, uid, queue, current, bottom, legend, note, still_up)
    surface.set_clip(clip)


def _draw_unit_panel(surface: pygame.Surface, rect: pygame.Rect, match: Match, uid: int | None,
                     queue: list[int], current: int | None, bottom: int, legend: bool, note: str,
                     still_up: frozenset[int]) -> None:
    x, y = rect.x + 10, rect.y + 8
    width = rect.w - 20
    if uid is not None:
        room = bottom - y - (15 if legend else 0) - (28 if note else 0) - 6 - 15 - 28
        for compact in (False, True):
            parts = [(part, colour, size) for line, colour, size in unit_lines(match, uid, compact)
                     for part in wrap(line, width, size)]
            if sum(size - 3 for _, _, size in parts) <= room:
                break
        for part, colour, size in parts:
            surface.blit(text(part, size, colour), (x, y))
            y += size - 3
        if note:
            for part in wrap(note, width, 16):
                surface.blit(text(part, 16, GREY), (x, y))
                y += 14
        if legend:
            lx = x
            for colour, label in LEGEND:
                sw = pygame.Rect(lx, y + 3, 10, 10)
                pygame.draw.rect(surface, colour, sw)
                img = text(label, 16, GREY)
                surface.blit(img, (lx + 13, y))
                lx += 13 + img.get_width() + 10
            y += 15
        y += 6
    surface.blit(text("declaration order (initiative): > now, + declared", 16, DIM), (x, y))
    y += 15
    names = []
    for u in queue:
        v = match.view(u)
        mark = ">" if u == current else ("+" if match.declared(u) is not None else " ")
        names.append((f"{mark}{v.name} ({v.initiative})", TEAM_COLOURS.get(v.team, WHITE) if not v.out or u in still_up else DIM))
    col_w = width // 2
    rows = max(0, (bottom - y) // 14)
    if rows * 2 < len(names):  # keep the current unit in the part shown
        first = max(0, (names.index(next(n for n in names if n[0].startswith(">"))) // 2 - rows // 2) * 2) \
            if any(n[0].startswith(">") for n in names) else 0
        names = names[first:first + rows * 2]
    for i, (s, colour) in enumerate(names):
        cx = x + (i % 2) * col_w
        label = s
        while text(label, 16).get_width() > col_w - 4 and len(label) > 4:
            label = label[:-2]
        surface.blit(text(label, 16, colour), (cx, y))
        if i % 2:
            y += 14


def draw_help(surface: pygame.Surface, rect: pygame.Rect, lines: list[str]) -> None:
    y = rect.y
    for line in lines:
        for part in wrap(line, rect.w, 16):
            if y > rect.bottom - 12:
                return
            surface.blit(text(part, 16, GREY), (rect.x, y))
            y += 14


def log_rows(rect: pygame.Rect) -> int:
    return max(1, (rect.h - 8) // 14)


def draw_log(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], scroll: int) -> int:
    """The last lines of the log, `scroll` lines up from the end (at most to the first
    line); returns the scroll used."""
    panel(surface, rect, 255)
    size = 16
    rows = log_rows(rect)
    wrapped: list[str] = []
    for line in lines[-(rows + scroll + 40):]:
        wrapped.extend(wrap(line, rect.w - 16, size))
    scroll = min(scroll, max(0, len(wrapped) - rows))
    end = len(wrapped) - scroll
    shown = wrapped[max(0, end - rows):max(0, end)]
    y = rect.y + 4
    for line in shown:
        colour = YELLOW if " declares " in line else WHITE
        surface.blit(text(line, size, colour), (rect.x + 8, y))
        y += 14
    if scroll:
        tag = text(f"^ {scroll} lines up (PgUp/PgDn, wheel; End: latest)", 16, YELLOW)
        box = tag.get_rect(topright=(rect.right - 8, rect.y + 4)).inflate(8, 2)
        pygame.draw.rect(surface, (24, 26, 32), box)
        surface.blit(tag, (box.x + 4, box.y + 1))
    return scroll


def fit(label: str, width: int, size: int) -> pygame.Surface | None:
    """`label` at `size` if it fits in `width` pixels, else None."""
    img = text(label, size)
    return img if img.get_width() <= width else None


def fit_label(label: str, width: int, sizes: tuple[int, ...] = (24, 20, 18)) -> tuple[str, int]:
    """The largest of `sizes` at which `label` fits `width` pixels; at the smallest, the
    label cut with "..." until it fits."""
    size = next((sz for sz in sizes if fit(label, width, sz) is not None), sizes[-1])
    if fit(label, width, size) is None:
        while len(label) > 4 and fit(label + "...", width, size) is None:
            label = label[:-1]
        label = label.rstrip() + "..."
    return label, size


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, label: str, colour: tuple[int, int, int]) -> None:
    """One line: smaller type when long, cut with "..." when still too long."""
    panel(surface, rect, 255)
    label, size = fit_label(label, rect.w - 20)
    img = text(label, size, colour)
    surface.blit(img, (rect.x + 10, rect.y + (rect.h - img.get_height()) // 2 + 1))


def preview_lines(match: Match, uid: int, target: int, mode: str, options: dict[str, Any]) -> list[str]:
    """Chance to hit, each damage level's chance, the difficulty and its terms, cover."""
    p = match.preview(uid, target, mode, options)
    tname = match.name(target)
    label = f"{options['shot']} {mode}" if options.get("shot") else mode
    if hasattr(p, "reason"):
        return [f"{label} at {tname}: impossible", p.reason]
    sit = match.range.situation(uid, target)
    lines = [f"{label} at {tname}: {pct(p.p_hit)} to hit"]
    check = match.check(uid, _attack_for(target, mode, options))
    if hasattr(check, "reason"):
        lines.append(f"cannot declare: {check.reason}")
    moving = "standing still" if sit.target_moved in (None, "none") else f"moving ({sit.target_moved})"
    lines.append(f"{sit.distance_m:.0f} m, cover {sit.target_cover or 'none'}, target {moving}")
    band = range_line(match, uid, sit.distance_m, p.target_terms)
    if band:
        lines.append(band)
    lines.append(damage_line(p))
    lines.append("attack " + " ".join(t.describe(i == 0) for i, t in enumerate(p.terms)))
    if p.difficulty is not None:
        terms = " ".join(t.describe() for t in p.target_terms)
        lines.append(f"difficulty {p.difficulty}" + (f" ({terms})" if terms else ""))
    if p.p_attack_fumble:
        lines.append(f"fumble {pct(p.p_attack_fumble)}")
    return lines


def pct(p: Any) -> str:
    """A chance as a whole percentage; "<1%" and ">99%" rather than a misleading 0 or 100."""
    x = 100 * float(p)
    if 0 < x < 0.5:
        return "<1%"
    if 99.5 <= x < 100:
        return ">99%"
    return f"{x:.0f}%"


def damage_line(p: Any) -> str:
    """Each outcome's chance: a miss, a hit soaked, then each level inflicted."""
    kind = {"wounds": "wound", "stuns": "stun"}.get(p.kind or "", p.kind or "damage")
    levels = sorted(p.p_damage_levels.items())
    if not levels:
        return f"{kind} levels: no hit possible"
    parts = [f"miss {pct(1 - p.p_hit)}"]
    for lv, pr in levels:
        parts.append(f"soaked {pct(pr)}" if lv == 0 else f"{lv}: {pct(pr)}")
    return f"{kind} levels: " + "  ".join(parts)


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
        colour = (255, 120, 100) if s.startswith("cannot declare") else YELLOW if i == 0 else WHITE
        surface.blit(text(s, 18, colour), (r.x + 8, r.y + 5 + 16 * i))


HANDOVER_HINT = "click or press any key when the other player has looked away"


def handover_lines(match: Match, queue: list[int], team: str, current: int | None) -> list[str]:
    """The hot-seat screen's text: who takes the seat, the round and the next declarer,
    that side's units still to declare, what to do."""
    waiting = [match.name(u) for u in queue
               if match.view(u).team == team and match.declared(u) is None and not match.view(u).out]
    lines = [f"{team.title()} player, take the seat",
             f"Round {match.round}: {match.name(current)} declares next" if current is not None
             else f"Round {match.round}"]
    if waiting:
        lines.append(f"your units still to declare this round: {', '.join(waiting)}")
    lines.append(HANDOVER_HINT)
    return lines


def draw_handover(surface: pygame.Surface, size: tuple[int, int], team: str, lines: list[str]) -> None:
    """The hot-seat screen: the map hidden, the lines of `handover_lines` centred."""
    surface.fill((8, 8, 12))
    w, h = size
    big = text(lines[0], 44, TEAM_COLOURS.get(team, WHITE))
    surface.blit(big, big.get_rect(center=(w // 2, h // 2 - 40)))
    line = text(lines[1], 26, WHITE)
    surface.blit(line, line.get_rect(center=(w // 2, h // 2 + 4)))
    for i, part in enumerate([p for more in lines[2:-1] for p in wrap(more, w - 120, 20)][:3]):
        img = text(part, 20, GREY)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 + 36 + 18 * i)))
    hint = text(lines[-1], 22, YELLOW)
    surface.blit(hint, hint.get_rect(center=(w // 2, h // 2 + 110)))
