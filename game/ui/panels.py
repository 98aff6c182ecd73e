"""The battle screen's panels: the selected unit, the combat log, the phase banner and the
attack preview. Each function draws into a rect from match queries; none changes anything."""

from __future__ import annotations

from typing import Any

import pygame

from engine.outcome import Impossible
from game.ui import rulesheets
from game.ui.assets import DIM, GREY, TEAM_COLOURS, WHITE, YELLOW, panel, text, wrap
from game.ui.words import readable
from game.world.actions import describe
from game.world.events import EventKind
from game.world.match import Match

ALERT = (255, 150, 110)  # a state the player should know about (a jam, a dropped weapon, a hold)
PHASE_NAMES = {"declare": "declarations", "fast": "fast actions", "normal": "normal actions",
               "slow": "slow actions", "move": "movement ends", "end": "end of round", "over": "match over",
               "turn": "turns"}


NOT_ROLLED = "not rolled yet"


def rolled_this_round(match: Match) -> set[int] | None:
    """The units whose initiative was rolled this round; None for a ruleset that rolls it once,
    when the match is set up (Yags: every value shown is the one in use). Yags SF rolls it
    after the declarations (The Combat Round), Mythras at the start of each round: until then
    the value kept is last round's, or 0 in round 1, and means nothing."""
    if match.rules.initiative_at_setup():
        return None
    out: set[int] = set()
    for e in reversed(match.log.events):
        if e.round != match.round:
            break
        if e.kind == EventKind.INITIATIVE and e.actor is not None:
            out.add(e.actor)
    return out


def initiative_text(match: Match, uid: int, rolled: set[int] | None = None) -> str:
    """The unit's initiative as the player should read it now: its value, or "not rolled yet"."""
    rolled = rolled_this_round(match) if rolled is None else rolled
    if rolled is not None and uid not in rolled:
        return NOT_ROLLED
    return str(match.view(uid).initiative)


OrderEntries = tuple[str, list[tuple[str, tuple[int, int, int]]]]


def order_entries(match: Match, queue: list[int], current: int | None, still_up: frozenset[int] | set[int] = frozenset()
                  ) -> OrderEntries:
    """The declaration order's heading and its entries (text, colour): each unit with its
    initiative, or, before this round's is rolled, the heading says so and no number shows.
    (The battle screen remembers the answer while the round, the log, the phase, the queue and
    the unit up are the same: it is drawn every frame, 0.5 ms with 128 units.)"""
    rolled = rolled_this_round(match)
    turns = not queue  # a round of Turns (Mythras): no declaration order; the turns go by initiative
    if turns:
        queue = sorted((v.uid for v in match.units(living=True)), key=lambda u: (-match.view(u).initiative, u))
    unrolled = rolled is not None and not any(u in rolled for u in queue)
    names = []
    for u in queue:
        v = match.view(u)
        mark = ">" if u == current else ("+" if match.declared(u) is not None else " ")
        ini = "" if unrolled else f" ({initiative_text(match, u, rolled)})"
        names.append((f"{mark}{v.name}{ini}", TEAM_COLOURS.get(v.team, WHITE) if not v.out or u in still_up else DIM))
    order = "turn order" if turns else "declaration order"
    head = (f"{order} (initiative: {NOT_ROLLED})" if unrolled else f"{order} (initiative)") + \
        (": > now, highest first" if turns else ": > now, + declared")
    return head, names


def unit_lines(match: Match, uid: int, compact: bool = False) -> list[tuple[str, tuple[int, int, int], int]]:
    """The selected unit's panel as (text, colour, size) lines; `compact` (a short window)
    leaves out the section headings and folds attributes and skills into one line each. What
    the unit is (its attributes, skills, wounds) is the ruleset's sheet."""
    v = match.view(uid)
    c = v.combatant
    facts = match.rules.weapon_facts(c)
    health = match.rules.health_facts(v.state)
    sheet = rulesheets.sheet(match.rules, c, v.state)
    status = sheet.get("status", [])
    out: list[tuple[str, tuple[int, int, int], int]] = [
        (v.name, TEAM_COLOURS.get(v.team, WHITE), 26),
        (f"{v.team} - initiative: {initiative_text(match, uid)} - {v.stance}{' - OUT' if v.out else ''}", GREY, 18),
    ]
    if status:
        out.append((status[0], YELLOW if health.wounds or health.stuns else WHITE, 18))
        out.extend((line, GREY, 18) for line in status[1:])
    attrs = sheet.get("attributes", [])
    if attrs:
        if compact:
            out.append((" ".join(attrs), WHITE, 16))
        else:
            out.append(("attributes", DIM, 16))
            out.append(("  " + "  ".join(attrs[:4]), WHITE, 18))
            if attrs[4:]:
                out.append(("  " + "  ".join(attrs[4:]), WHITE, 18))
    skills = sheet.get("skills", [])
    if skills:
        if compact:
            out.append((", ".join(skills), WHITE, 16))
        else:
            out.append(("skills", DIM, 16))
            for i in range(0, len(skills), 3):
                out.append(("  " + ", ".join(skills[i:i + 3]), WHITE, 18))
    if not compact:
        out.append(("weapon", DIM, 16))
    out.append(("  " + "  ".join([facts.name, *sheet.get("weapon", [])]), WHITE, 18))
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
    if not compact:
        out.append(("armour", DIM, 16))
    out.append(("  " + (", ".join(sheet.get("armour", [])) or "none"), WHITE, 18))
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


LEGEND = (((60, 200, 90), "free"), ((230, 200, 60), "run"), ((240, 120, 40), "sprint"))  # the words: rulesheets.move_words


def draw_unit_panel(surface: pygame.Surface, rect: pygame.Rect, match: Match, uid: int | None,
                    queue: list[int], current: int | None, bottom: int, legend: bool = False,
                    note: str = "", still_up: frozenset[int] = frozenset(), order: OrderEntries | None = None
                    ) -> None:
    """The selected unit's sheet, the move shading's legend when its moves are shown, then
    the declaration order (as much as fits above `bottom`; `order`: `order_entries`' answer
    if the caller has it already)."""
    panel(surface, rect, 255)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x, rect.y, rect.w, max(0, bottom - rect.y)))
    if order is None:
        order = order_entries(match, queue, current, still_up)
    _draw_unit_panel(surface, rect, match, uid, bottom, legend, note, order)
    surface.set_clip(clip)


def _draw_unit_panel(surface: pygame.Surface, rect: pygame.Rect, match: Match, uid: int | None,
                     bottom: int, legend: bool, note: str, order: OrderEntries) -> None:
    """The sheet, then the order list; only whole lines are drawn, and what does not fit is
    said ("... 6 more"), never cut off silently."""
    x, y = rect.x + 10, rect.y + 8
    width = rect.w - 20
    if uid is not None:
        note_parts = wrap(note, width, 16) if note else []
        room = bottom - y - (15 if legend else 0) - 14 * len(note_parts) - 6 - 15 - 28
        for compact in (False, True):
            parts = [(part, colour, size) for line, colour, size in unit_lines(match, uid, compact)
                     for part in wrap(readable(line), width, size)]
            if sum(size - 3 for _, _, size in parts) <= room:
                break
        if sum(size - 3 for _, _, size in parts) > room:
            kept, used = [], 0
            for entry in parts:
                if used + entry[2] - 3 > room - 14:
                    break
                kept.append(entry)
                used += entry[2] - 3
            parts = [*kept, (f"... {len(parts) - len(kept)} more lines (a taller window)", DIM, 16)]
        for part, colour, size in parts:
            surface.blit(text(part, size, colour), (x, y))
            y += size - 3
        for part in note_parts:
            surface.blit(text(part, 16, GREY), (x, y))
            y += 14
        if legend:
            lx = x
            words = rulesheets.move_words(match.rules, legend=True)
            for colour, mode in LEGEND:
                label = words.get(mode, mode)
                sw = pygame.Rect(lx, y + 3, 10, 10)
                pygame.draw.rect(surface, colour, sw)
                img = text(label, 16, GREY)
                surface.blit(img, (lx + 13, y))
                lx += 13 + img.get_width() + 10
            y += 15
        y += 6
    head, names = order
    if y + 14 > bottom:
        return
    heads = wrap(head, width, 16)
    rows = max(0, (bottom - y - 15 * len(heads)) // 14)
    if not rows and names:
        heads = wrap(f"{head.split(' (')[0]}: {len(names)} units (a taller window lists them)", width, 16)
    for line in heads:
        if y + 14 > bottom:
            return
        surface.blit(text(line, 16, DIM), (x, y))
        y += 15
    col_w = width // 2
    more = 0
    if rows * 2 < len(names):  # keep the current unit in the part shown, and say how many are not
        shown = max(0, rows * 2 - 1)
        at = next((i for i, n in enumerate(names) if n[0].startswith(">")), 0)
        first = min(max(0, (at // 2 - rows // 2) * 2), max(0, len(names) - shown))
        more = len(names) - shown
        names = names[first:first + shown]
    for i, (label, colour) in enumerate(names):
        cx = x + (i % 2) * col_w
        if text(label, 16).get_width() > col_w - 4:
            while len(label) > 4 and text(label + "..", 16).get_width() > col_w - 4:
                label = label[:-1]
            label += ".."
        surface.blit(text(label, 16, colour), (cx, y))
        if i % 2:
            y += 14
    if more:
        i = len(names)
        surface.blit(text(f"... {more} more", 16, DIM), (x + (i % 2) * col_w, y))


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
        wrapped.extend(wrap(readable(line), rect.w - 16, size))
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
    label, size = fit_label(readable(label), rect.w - 20)
    img = text(label, size, colour)
    surface.blit(img, (rect.x + 10, rect.y + (rect.h - img.get_height()) // 2 + 1))


def preview_lines(match: Match, uid: int, target: int, mode: str, options: dict[str, Any],
                  path: tuple[tuple[int, int], ...] = (), check: bool = True) -> list[str]:
    """Chance to hit, then the ruleset's breakdown (each outcome's chance, the difficulty and
    its terms, the range band), the distance, cover and movement; with `path`, the attack
    made on the way of that move (its mode in `options["move"]`, free by default). When the
    world would refuse the declaration, only why: no chance is shown for an attack that
    cannot be made (`check` False: the chance alone, for area fire's victims)."""
    tname = match.name(target)
    label = f"{options['shot']} {mode}" if options.get("shot") else mode
    if options.get("manoeuvre"):
        label = str(options["manoeuvre"]).replace("_", " ") + (" and a blow" if mode == "melee" and
                                                               match.rules.follow_up(options) is not None else "")
    if options.get("all_out"):
        label = f"all-out {label}"
    refused = match.check(uid, _attack_for(target, mode, options, path)) if check else None
    if isinstance(refused, Impossible):
        return [f"{label} at {tname}: cannot be declared", f"cannot declare: {refused.reason}"]
    # fog of war: the surroundings as the attacker's side knows them (no unseen bystander);
    # the move the declaration states with it (a staged move, a melee attack's approach)
    request = match.preview_request(uid, target, mode, options, path)
    move = request.situation.attacker_moved
    p = match.rules.preview(request)
    if isinstance(p, Impossible):
        return [f"{label} at {tname}: impossible", p.reason]
    sit = request.situation
    lines = [f"{label} at {tname}: {pct(p.p_hit)} to hit"]
    if path:
        lines.append(f"on the way of a {move} move to {tuple(path[-1])}, in the same declaration")
    moving = "standing still" if sit.target_moved in (None, "none") else f"moving ({sit.target_moved})"
    posture = f", {sit.target_stance}" if sit.target_stance in ("prone", "crouched") else ""
    lines.append(f"{sit.distance_m:.0f} m, cover {sit.target_cover or 'none'}, target {moving}{posture}")
    lines.extend(rulesheets.preview_lines(match.rules, request, p))
    return lines


def pct(p: Any) -> str:
    """A chance as a whole percentage; "<1%" and ">99%" rather than a misleading 0 or 100."""
    x = 100 * float(p)
    if 0 < x < 0.5:
        return "<1%"
    if 99.5 <= x < 100:
        return ">99%"
    return f"{x:.0f}%"


def _attack_for(target: int, mode: str, options: dict[str, Any], path: tuple[tuple[int, int], ...] = ()) -> Any:
    from game.world.actions import Attack

    return Attack(target, mode, dict(options), tuple(path))


def draw_tooltip(surface: pygame.Surface, pos: tuple[int, int], lines: list[str], bounds: pygame.Rect) -> None:
    lines = [readable(s) for s in lines]
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
