"""The results screen: winner, rounds, casualties, each unit's fate (standing, unconscious
or dead, when and by whom it fell); R replays the same seed, Esc goes back to the menu."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.session import Session
from game.ui.assets import GREY, TEAM_COLOURS, WHITE, YELLOW, panel, text
from game.ui.panels import fit_label


class ResultsScreen:
    """Winner, rounds, casualties, each unit's fate (standing, unconscious or dead, when and
    by whom it fell); R or the button replays the same seed, Esc or the other goes back."""

    def __init__(self, session: Session, size: tuple[int, int]) -> None:
        self.session = session
        self.size = size
        m = session.match
        self.result = m.result()
        self.fates = [unit_fate(m, v) for v in m.units()]
        self.fates += [Fate(m.view(uid).team, m.names[uid], "EXITED", "left the map safe") for t in m.teams
                       for uid in m.exited(t)]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def buttons(self) -> list[tuple[str, int, pygame.Rect]]:
        w, h = self.size
        return [("R  Replay the same seed", pygame.K_r, pygame.Rect(w // 2 - 330, h - 64, 310, 42)),
                ("Esc  Back to the menu", pygame.K_ESCAPE, pygame.Rect(w // 2 + 20, h - 64, 310, 42))]

    def handle(self, event: pygame.event.Event) -> tuple | None:
        key = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = next((k for _, k, r in self.buttons() if r.collidepoint(event.pos)), None)
        elif event.type == pygame.KEYDOWN:
            key = event.key
        if key == pygame.K_r:
            return ("battle", self.session.config)
        if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            return ("menu", self.session.config)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 18, 24))
        r = self.result
        w = self.size[0]
        head = "Draw" if r.winner == "draw" else f"{r.winner.title()} wins"
        img = text(head, 60, TEAM_COLOURS.get(r.winner, WHITE))
        surface.blit(img, img.get_rect(center=(w // 2, 52)))
        cfg = self.session.config
        line = (f"{how_won(r)} after {r.rounds} rounds on {Path(cfg.map_path).name}, {cfg.mode}, seed {r.seed}"
                " - casualties: " + ", ".join(f"{t} {n}" for t, n in r.casualties.items()))
        img = text(fit_label(line, w - 40, (24,))[0], 24, GREY)
        surface.blit(img, img.get_rect(center=(w // 2, 100)))
        col_w = (w - 80) // 2
        for col, team in enumerate(("blue", "red")):
            x = 40 + col * (col_w + 10)
            y = 136
            gone = r.exited.get(team, 0)
            surface.blit(text(f"{team}: {r.survivors.get(team, 0)} standing, {r.casualties.get(team, 0)} fallen"
                              + (f", {gone} exited" if gone else ""), 28, TEAM_COLOURS[team]), (x, y))
            y += 34
            for f in self.fates:
                if f.team != team or y > self.size[1] - 110:
                    continue
                surface.blit(text(f.name, 20, WHITE), (x, y))
                fx = x + 130
                img = text(f.fate, 20, FATE_COLOURS.get(f.fate, WHITE))
                surface.blit(img, (fx, y))
                for i, line in enumerate(fate_details(f, col_w - 130, img.get_width())):
                    if i:
                        y += 19
                    surface.blit(text(line, 18, GREY), (fx + (img.get_width() if i == 0 else 0), y + 1))
                y += 22
        for label, _, rect in self.buttons():
            panel(surface, rect, 255)
            img = text(label, 24, YELLOW)
            surface.blit(img, img.get_rect(center=rect.center))


def how_won(r: Any) -> str:
    """How the battle was decided, in words: "by objective 'Hill'", "by elimination", "when
    time ran out"."""
    if r.by == "objective":
        return "by objective " + ", ".join(f"'{name}'" for name in r.objectives)
    return "when time ran out" if r.by == "time" else "by elimination"


def fate_details(f: Fate, width: int, fate_w: int) -> list[str]:
    """A fate's details after its word (`fate_w` pixels wide) in a column `width` pixels
    wide: when and by whom, then the health; on a second line when one is too short."""
    detail = f"  {f.when} - {f.health}" if f.when else f"  {f.health}"
    if text(detail, 18).get_width() <= width - fate_w or not f.when:
        return [fit_label(detail, width - fate_w, (18,))[0]]
    return [fit_label(f"  {f.when}", width - fate_w, (18,))[0], fit_label(f.health, width, (18,))[0]]


FATE_COLOURS = {"standing": (120, 220, 120), "DEAD": (255, 90, 80), "UNCONSCIOUS": (255, 170, 70),
                "EXITED": (140, 200, 255)}


@dataclass
class Fate:
    team: str
    name: str
    fate: str  # standing, DEAD, UNCONSCIOUS, or the world's word for it
    health: str  # wounds and stuns
    when: str = ""  # "round 5, by Sgt Volkov"


def unit_fate(match: Any, v: Any) -> Fate:
    """A unit's fate from its state and the log: when it went down and whose attack did it
    (the last attack on it before its "down" event)."""
    status = match.rules.health_facts(v.state).status
    health = ", ".join(match.rules.status(v.state).split(", ")[:2])
    if not v.out:
        return Fate(v.team, v.name, "standing", health)
    fate = status.upper() if status and status != "ok" else "OUT"
    when = ""
    attacker = None
    for e in match.log.events:
        if e.kind in ("attack", "free_strike") and e.target == v.uid and e.actor is not None and e.actor != v.uid:
            attacker = e.actor
        if e.kind == "down" and e.actor == v.uid:
            when = f"round {e.round}" + (f", by {match.name(attacker)}" if attacker is not None else "")
            break
    return Fate(v.team, v.name, fate, health, when)
