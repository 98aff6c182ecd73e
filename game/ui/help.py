"""The help over the battle (F1 or ?): every key (from the keymap, game/ui/keymap.py) and what
the mouse does, the shape of the round under the match's ruleset and its terms as the screen
shows them (game/ui/glossary.py). Any key or click closes it."""

from __future__ import annotations

import pygame

from game.ui import keymap
from game.ui.assets import DIM, GREY, WHITE, YELLOW, panel, shade, text, wrap
from game.ui.glossary import glossary

ROUNDS: dict[str, tuple[str, ...]] = {
    "yags": (
        "Initiative is rolled once, at the start: the lowest declares first.",
        "Declarations, in increasing initiative: each is public at once, so those who declare "
        "later react to it. A declaration may be changed until the next unit declares.",
        "Then the actions, in decreasing initiative: fast ones, then normal, then slow.",
        "Moves end with the round: during it a mover stands where it began; then all walk together.",
        "End of the round: stuns and wounds are checked, the fallen drop.",
    ),
    "step": (
        "Initiative (Agility + Alertness) is rolled once; each round every unit states its round, "
        "highest initiative first, then acts in that order.",
        "One action is free; each further one (a move, a run is two, defences held ready with F) is "
        "a step off every roll that round.",
        "Q limb, E vital, M minuscule target, B disarm: a shot or a blow aimed at a spot.",
        "K feint then a blow (hand to hand weapons); J grapple, or break free when held; L all-out "
        "attack (+2 steps, no move, no defence). Hover an enemy for the exact chances.",
        "Attacked with no defence held ready: innate defence, or a dodge or block that costs an "
        "action next round.",
    ),
}
ROUNDS["mythras"] = (
    "Initiative is rolled at the start of every round; then the units take Turns in initiative "
    "order, highest first, round and round until no one has Action Points left to act with.",
    "Action Points: every unit has 2 a round (the sheet shows AP left). A Turn's action (an attack, a "
    "move, a reload) costs one; unused points do not carry over to the next round.",
    "Holding points for reactions: H (hold) ends the unit's Turns for the round and keeps its points "
    "for reactions. A unit that spends both on Turns cannot parry or evade this round.",
    "Reactions: attacked, a unit may parry (blows; a weapon's size turns aside damage), evade (dive "
    "clear, ending prone) or take it; each reaction costs an Action Point. The attack is rolled "
    "first: the prompt shows the roll, the points left and what each answer costs.",
    "Reaction policies (F): ask me, parry, evade guns and parry blows, always evade, the best, or "
    "never. The policy answers for the unit; F on the panel or in the prompt changes it, from the "
    "unit's next action.",
    "Special effects: the side whose roll wins by more success levels picks one effect per level "
    "(a chosen hit location, a trip, a disarm, more damage...) before the damage is rolled; keys or "
    "clicks mark them, Enter takes them.",
)
ROUNDS["yags-sf"] = (
    "Each round every unit declares first, in the order the list shows (the text sets none); "
    "the banner says 'initiative: not rolled yet' until this round's roll.",
    "After the declarations initiative is rolled (agility x skill + the weapon's + 2d10!) and the "
    "actions go highest first; a special attack (Q, E, 2, 3) changes the initiative.",
    "Firearms meet no defence roll: cover, range and the shot type make the difficulty. A melee "
    "blow may be parried.",
    "After a run or a sprint there is no attack (the move shading's yellow and orange).",
    "End of the round: wounds and stuns are checked (soak takes off damage first).",
)
GENERIC_ROUND = (
    "The banner over the map says whose turn it is and what the round is doing.",
    "A question asked in the middle of an action (a reaction, the effects of a win) opens a "
    "panel with each choice and its chance: keys 1-9 or a click answer it.",
)


def round_lines(ruleset: str) -> tuple[str, ...]:
    return ROUNDS.get(ruleset, GENERIC_ROUND)


NEXT_PAGE_KEYS = (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE)  # a narrow window's help, page 2


def help_pages(size: tuple[int, int]) -> int:
    """How many pages the help has at this window size: one where it has two columns (1000 px
    and wider); two in a narrower window (800x600: the keys, then the round and its terms),
    so the glossary is never cut off by the keys."""
    return 1 if size[0] >= 1000 else 2


def draw_help_overlay(surface: pygame.Surface, size: tuple[int, int], mode: str, ruleset: str, page: int = 0) -> None:
    """The help panel over the whole window (`page` of `help_pages(size)`)."""
    shade(surface, (0, 0, *size), (0, 0, 0, 170))
    w, h = size
    r = pygame.Rect(20, 16, w - 40, h - 32)
    panel(surface, r, 250)
    pygame.draw.rect(surface, YELLOW, r, 2)
    big = 16 if h < 560 or w < 900 else 18
    row = big - 2
    pages = help_pages(size)
    surface.blit(text("Help", 30, YELLOW), (r.x + 16, r.y + 10))
    hint = ("any key or click closes it" if pages == 1 else
            f"page {page + 1} of {pages}: " + ("Right, PgDn or Space: the round and its terms; any other key closes it"
                                              if page + 1 < pages else "any key or click closes it"))
    surface.blit(text(hint, 18 if pages == 1 else 15, DIM), (r.x + 90, r.y + 18))
    two = pages == 1
    col_w = (r.w - 48) // 2 if two else r.w - 32
    x, y = r.x + 16, r.y + 46
    if page == 0:
        key_w = min(190, col_w // 3)
        right = False  # the keys go on in the right column when the left is full (a short window)
        for key, what in keymap.help_rows(ruleset):
            parts = wrap(what, col_w - key_w, big)
            if y + row * len(parts) > r.bottom - 8:
                if not two or right:
                    break
                right, x, y = True, r.x + 32 + col_w, r.y + 46
            surface.blit(text(key, big, YELLOW), (x, y))
            for part in parts:
                surface.blit(text(part, big, WHITE), (x + key_w, y))
                y += row
            y += 2
        if not two:
            return  # the round and its terms are page 2
        if not right:
            x, y = r.x + 32 + col_w, r.y + 46
        else:
            y += 8
    surface.blit(text(f"The round ({ruleset})", big + 4, YELLOW), (x, y))
    y += row + 6
    for i, line in enumerate(round_lines(ruleset), 1):
        for j, part in enumerate(wrap(f"{i}. {line}", col_w, big)):
            if y > r.bottom - row - 4:
                return
            surface.blit(text(part if j == 0 else "   " + part, big, GREY if j else WHITE), (x, y))
            y += row
        y += 4
    y = _draw_terms(surface, ruleset, x, y, col_w, big, r.bottom)
    if mode == "hotseat" and y < r.bottom - 3 * row:
        y += 6
        for part in wrap("Hot-seat: when the other side is to declare, a hand-over screen hides the map until "
                         "its player takes the seat (Z there still takes back your last declaration).",
                         col_w, big):
            surface.blit(text(part, big, GREY), (x, y))
            y += row


def terms_lines(ruleset: str) -> list[str]:
    """The glossary as the help prints it: "term: meaning", one a line (wrapped when drawn)."""
    return [f"{term}: {meaning}" for term, meaning in glossary(ruleset)]


def _draw_terms(surface: pygame.Surface, ruleset: str, x: int, y: int, col_w: int, big: int, bottom: int) -> int:
    """The ruleset's terms under its round (as many as fit); the y below them."""
    lines = terms_lines(ruleset)
    row = big - 2
    if not lines or y > bottom - 2 * row:
        return y
    y += 4
    surface.blit(text("Terms on the screen", big + 4, YELLOW), (x, y))
    y += row + 6
    for line in lines:
        parts = wrap(line, col_w, big)
        if y + row * len(parts) > bottom - 4:
            break
        for j, part in enumerate(parts):
            surface.blit(text(part if j == 0 else "   " + part, big, GREY if j else WHITE), (x, y))
            y += row
        y += 3
    return y
