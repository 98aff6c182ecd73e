"""What the cursor shows before a declaration: the grenade's blast bands, area fire's arc and
who is in it, the move's path and cost. Each draws on the map view and returns the tooltip
lines; none changes the match. (The single-target attack preview is `panels.preview_lines`.)"""

from __future__ import annotations

import math
from typing import Any

import pygame

from engine.capabilities import blast_radius_m
from engine.outcome import Impossible
from game.ui import overlays as ov
from game.ui import rulesheets
from game.ui.assets import label_box
from game.ui.camera import Camera
from game.ui.panels import pct, preview_lines
from game.world import geometry as geo
from game.world.actions import AreaFire, FirstAid, Overwatch, Throw
from game.world.match import Match


def wrap_names(head: str, names: list[str], width: int = 64, max_lines: int = 3) -> list[str]:
    """`head` then the names, comma separated, wrapped to `width` characters (at most
    `max_lines` lines; the rest counted)."""
    out: list[str] = []
    line = head
    for i, name in enumerate(names):
        part = name + ("," if i < len(names) - 1 else "")
        if len(line) + len(part) + 1 > width and line.strip() not in ("", head.strip()):
            if len(out) == max_lines - 1:
                out.append(line + f" and {len(names) - i} more")
                return out
            out.append(line)
            line = "    "
        line += ("" if line.endswith((": ", "    ")) else " ") + part
    out.append(line)
    return out


def throw_lines(match: Match, uid: int, tile: tuple[int, int], bands: list[tuple[str, list[str]]]) -> list[str]:
    """The grenade's tooltip: distance, the bands' radii and who stands in each."""
    v = match.view(uid)
    weapon = v.grenades[0]
    r_m = blast_radius_m(match.rules, weapon)
    dist = geo.distance_m(match.grid, v.pos, tile)
    lines = [f"throw {weapon.replace('_', ' ')} {dist:.0f} m to {tile}",
             f"blast radius {r_m:g} m: wounds to {r_m:g} m, mixed to {2 * r_m:g} m, stuns to {3 * r_m:g} m"]
    for band, names in bands:
        lines.extend(wrap_names(f"{band}: ", names or ["nobody"]))
    check = match.check(uid, Throw(weapon, tile))
    if isinstance(check, Impossible):
        lines.append(f"cannot declare: {check.reason}")
    return lines


def draw_throw(surface: pygame.Surface, cam: Camera, match: Match, uid: int, tile: tuple[int, int]) -> None:
    v = match.view(uid)
    ov.draw_blast(surface, cam, match, v.grenades[0], tile, filled=True)
    pygame.draw.line(surface, (255, 220, 60), cam.centre(v.pos), cam.centre(tile), 2)


def arc_victims(match: Match, uid: int, aim: tuple[int, int], suppressive: bool) -> list[int]:
    """Who area fire aimed at `aim` would sweep, nearest first, as the world resolves it:
    every living unit but the shooter in the arc, within long range and in sight (under fog
    of war, those its side sees)."""
    v = match.view(uid)
    facts = match.rules.weapon_facts(v.combatant)
    others = [w for w in match.units(living=True) if w.uid != uid]
    by_pos = {w.pos: w.uid for w in others}
    reach = int(facts.long_m / match.grid.metres_per_tile)
    arc = 60 if suppressive else 30
    points = geo.targets_in_arc(v.pos, aim, list(by_pos), arc, reach)
    return [by_pos[p] for p in points if match.topology.line_of_sight(v.pos, p) and match.sees(v.team, by_pos[p])]


def area_lines(match: Match, uid: int, aim: tuple[int, int], suppressive: bool, victims: list[int]) -> list[str]:
    """Area fire's tooltip: the arc, who it sweeps in order, and the chance on the first."""
    v = match.view(uid)
    kind = "suppressive fire" if suppressive else "area fire"
    arc = 60 if suppressive else 30
    facts = match.rules.weapon_facts(v.combatant)
    lines = [f"{kind} at {aim}: {arc} degree arc, up to {facts.burst} rounds"]
    if victims:
        names = [("FRIEND " if match.view(u).team == v.team else "") + f"{match.name(u)} {match.range.distance_m(uid, u):.0f} m"
                 for u in victims]
        lines.extend(wrap_names("in the arc, nearest first: ", names))
        first = victims[0]
        if match.view(first).team != v.team:
            p = preview_lines(match, uid, first, "suppress" if suppressive else "area", {}, check=False)
            lines.append("first: " + p[0].split(" at ", 1)[-1])
    else:
        lines.append("nobody in the arc and in sight")
    check = match.check(uid, AreaFire(aim, suppressive))
    if isinstance(check, Impossible):
        lines.append(f"cannot declare: {check.reason}")
    return lines


def draw_arc(surface: pygame.Surface, cam: Camera, match: Match, uid: int, aim: tuple[int, int], suppressive: bool,
             victims: list[int]) -> None:
    """The arc's two edges and the line of aim (as far as the view), the swept units ringed
    and numbered in the order the fire works through them."""
    v = match.view(uid)
    if aim == v.pos:
        return
    o = cam.centre(v.pos)
    a = cam.centre(aim)
    bearing = math.atan2(a[1] - o[1], a[0] - o[0])
    half = math.radians((60 if suppressive else 30) / 2)
    far = math.hypot(surface.get_width(), surface.get_height())
    colour = (255, 150, 40)
    for ang in (bearing - half, bearing + half):
        pygame.draw.line(surface, colour, o, (o[0] + far * math.cos(ang), o[1] + far * math.sin(ang)), 2)
    pygame.draw.line(surface, (255, 210, 120), o, a, 1)
    for i, u in enumerate(victims[:9], 1):
        r = cam.tile_rect(match.view(u).pos)
        pygame.draw.circle(surface, colour, r.center, max(6, r.w // 2 + 3), 2)
        ov.draw_label(surface, str(i), (r.right, r.top - 4))


def move_label(cost: float, mode: str, words: dict[str, str] | None = None) -> str:
    """A path's label: its cost and what its move mode allows (rulesheets.move_words)."""
    return f"{cost:.0f} m - {(words or rulesheets.MOVE_WORDS).get(mode, mode)}"


def overwatch_lines(match: Match, uid: int, aim: tuple[int, int], area: set[tuple[int, int]]) -> list[str]:
    """The overwatch's tooltip: its area, who stands in it now, what triggers it and what it
    does then, the chance of the check, whether it keeps last round's overwatch."""
    v = match.view(uid)
    facts = match.rules.weapon_facts(v.combatant)
    lines = [f"overwatch at {aim}: {match.overwatch.arc():g} degree arc to {facts.long_m:g} m "
             f"({len(area)} tiles in sight)"]
    inside = [f"{e.name} {match.range.distance_m(uid, e.uid):.0f} m" for e in match.enemies_of(uid)
              if e.pos in area and match.sees(v.team, e.uid)]  # fog of war: those its side sees
    if inside:
        lines.extend(wrap_names("in it now (they trigger it only by moving or acting): ", inside))
    lines.append("the first enemy to step in or act there triggers it")
    chance = match.overwatch.chance(uid)
    odds = f" ({pct(chance)})" if chance is not None else ""
    lines.append(f"then Per x Tactics at 10{odds}: a fast snapshot, attack halved, no defence")
    if match.overwatch.keeps(uid, aim):
        lines.append(f"keeps last round's overwatch: +{match.overwatch.bonus(uid)} initiative if it triggers")
    check = match.check(uid, Overwatch(aim))
    if isinstance(check, Impossible):
        lines.append(f"cannot declare: {check.reason}")
    return lines


def first_aid_lines(match: Match, uid: int, patient: int, stuns: bool) -> list[str]:
    """First aid's tooltip: on whom, its state, how long, what it costs."""
    p = match.view(patient)
    what = "stuns" if stuns else "wounds"
    who = "itself" if patient == uid else p.name
    lines = [f"first aid on {who} ({what}): click to declare", f"{p.name}: {match.rules.status(p.state)}"]
    t = match.work.tending(uid)
    if t is not None and t.patient == patient and t.stuns == stuns:
        lines.append(f"goes on tending: {t.rounds_left} rounds left")
    else:
        aid = match.rules.first_aid_rules
        lines.append(f"{aid.first_aid_rounds() if aid is not None else 0} rounds of tending, focused (no defences); "
                     "another declaration stops it")
    check = match.check(uid, FirstAid(patient, stuns))
    if isinstance(check, Impossible):
        lines.append(f"cannot declare: {check.reason}")
    return lines


def first_aid_patients(match: Match, uid: int, stuns: bool) -> list[int]:
    """Whom `uid` may tend now: itself and the friends next to it, as the world allows."""
    v = match.view(uid)
    near = [uid] + [w.uid for w in match.units(v.team) if w.uid != uid and geo.chebyshev(w.pos, v.pos) <= 1]
    verdicts = {p: match.check(uid, FirstAid(p, stuns)) for p in near}
    return [p for p in near if not isinstance(verdicts[p], Impossible)]


def hit_chance(match: Match, uid: int, attack: Any) -> str:
    """The mark over an enemy the selected unit sees: the chance to hit with the attack the
    player has chosen ("62%"), or "no shot" when the world would refuse it."""
    if isinstance(attack, str) or isinstance(match.check(uid, attack), Impossible):
        return "no shot"
    request = match.preview_request(uid, attack.target, attack.mode, dict(attack.options), tuple(attack.path))
    p = match.rules.preview(request)
    return "no shot" if isinstance(p, Impossible) else pct(p.p_hit)


def draw_chances(surface: pygame.Surface, cam: Camera, match: Match, marks: dict[int, str]) -> None:
    """Each mark above its enemy's tile (on the map view)."""
    for target, mark in marks.items():
        r = cam.tile_rect(match.view(target).pos)
        if not cam.view.colliderect(r):
            continue  # off the view: no mark pinned to its edge
        colour = (255, 235, 120) if mark != "no shot" else (190, 190, 190)
        img_w = label_box(mark, 16, colour).get_width()
        ov.draw_label(surface, mark, (r.centerx - img_w // 2, r.y - 16), 16, colour)
