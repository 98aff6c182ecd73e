"""Draw the unit figures by role, side and stance (tools/make_assets.py writes the sheet).

Each role has its own silhouette, readable at the battle's default zoom (about 20 px a tile):
what it carries (a rifle, a long scoped rifle, a machine gun with its ammunition box, a
shotgun's two barrels, a short sub-machine gun, a pistol, a sword and shield, an axe), what it
wears on its head (a helmet, a leader's helmet with a gold star, a hood, a cap, a steel helm)
and its kit (an ammunition belt, grenades). Seen from above, facing north (up); the game
turns the facing arrow, not the figure. A fallen figure lies grey in a pool of blood under a
red cross: it cannot be taken for a living one.

The frames are 32 x 32 px in ``assets/sprites/roles.png``: a row per role and side
(``ROLES`` times ``TEAMS``), a column per stance (``STANCES``); ``frames()`` says where each
``ROLE_TEAM_STANCE`` frame is.
"""

from __future__ import annotations

import pygame

T = 32
INK = (24, 24, 26)
HALO = (244, 244, 236)
STEEL = (196, 200, 210)
GOLD = (240, 200, 60)
TEAMS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "blue": ((56, 112, 224), (22, 44, 110)),
    "red": ((214, 58, 48), (104, 22, 20)),
}
STANCES = ("normal", "crouched", "prone", "down")
# role: (weapon, headgear, kit)
ROLES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "rifleman": ("rifle", "helmet", ()),
    "leader": ("rifle", "leader", ()),
    "gunner": ("mg", "helmet", ("belt",)),
    "marksman": ("long_rifle", "hood", ()),
    "shotgun": ("shotgun", "helmet", ()),
    "smg": ("smg", "cap", ()),
    "pistol": ("pistol", "cap", ()),
    "grenadier": ("pistol", "helmet", ("grenades",)),
    "swordsman": ("sword", "helm", ("shield",)),
    "axeman": ("axe", "helm", ()),
}


def _surface() -> pygame.Surface:
    s = pygame.Surface((T, T), pygame.SRCALPHA, 32)
    s.fill((0, 0, 0, 0))
    return s


def _line(s: pygame.Surface, colour: tuple[int, int, int], a: tuple[int, int], b: tuple[int, int], width: int) -> None:
    """A line with a light halo and a dark edge, so it reads on any ground."""
    pygame.draw.line(s, HALO, a, b, width + 4)
    pygame.draw.line(s, INK, a, b, width + 2)
    pygame.draw.line(s, colour, a, b, width)


def _weapon(s: pygame.Surface, kind: str) -> None:
    dark = (40, 40, 44)
    if kind == "rifle":
        _line(s, dark, (21, 17), (21, 2), 2)
    elif kind == "long_rifle":
        _line(s, dark, (21, 18), (21, 0), 2)
        pygame.draw.rect(s, INK, (18, 7, 7, 4))
        pygame.draw.rect(s, (90, 96, 110), (19, 8, 5, 2))
    elif kind == "mg":
        _line(s, dark, (21, 18), (21, 1), 4)
        pygame.draw.rect(s, INK, (23, 8, 9, 9))
        pygame.draw.rect(s, (120, 136, 70), (24, 9, 7, 7))
        pygame.draw.line(s, INK, (21, 3), (16, 0), 2)
        pygame.draw.line(s, INK, (21, 3), (26, 0), 2)
    elif kind == "shotgun":
        _line(s, (150, 96, 44), (21, 19), (21, 9), 4)
        pygame.draw.line(s, HALO, (19, 10), (19, 2), 2)
        pygame.draw.line(s, HALO, (24, 10), (24, 2), 2)
        pygame.draw.line(s, INK, (20, 10), (20, 2), 2)
        pygame.draw.line(s, INK, (23, 10), (23, 2), 2)
        pygame.draw.rect(s, (230, 120, 40), (19, 6, 6, 2))
    elif kind == "smg":
        _line(s, dark, (21, 16), (21, 6), 3)
        pygame.draw.rect(s, HALO, (22, 8, 8, 5))
        pygame.draw.rect(s, INK, (23, 9, 7, 3))
    elif kind == "pistol":
        _line(s, dark, (18, 12), (18, 5), 2)
    elif kind == "sword":
        _line(s, STEEL, (22, 15), (25, 1), 2)
        pygame.draw.line(s, INK, (19, 13), (26, 15), 4)
        pygame.draw.line(s, GOLD, (19, 13), (26, 15), 2)
    elif kind == "axe":
        _line(s, (120, 84, 44), (21, 18), (21, 2), 2)
        head = [(21, 2), (29, 0), (30, 9), (21, 8)]
        pygame.draw.polygon(s, INK, head)
        pygame.draw.polygon(s, STEEL, [(22, 3), (28, 2), (29, 8), (22, 7)])


def _head(s: pygame.Surface, kind: str, at: tuple[int, int], dark: tuple[int, int, int]) -> None:
    colour = {"helmet": dark, "leader": dark, "hood": (86, 96, 62), "cap": dark, "helm": (150, 152, 162)}[kind]
    pygame.draw.circle(s, HALO, at, 7)
    pygame.draw.circle(s, INK, at, 6)
    pygame.draw.circle(s, colour, at, 5)
    pygame.draw.circle(s, tuple(min(255, c + 70) for c in colour), (at[0] - 1, at[1] - 2), 2)
    if kind == "leader":
        star = [(at[0], at[1] - 4), (at[0] + 1, at[1] - 1), (at[0] + 4, at[1] - 1), (at[0] + 2, at[1] + 1),
                (at[0] + 3, at[1] + 4), (at[0], at[1] + 2), (at[0] - 3, at[1] + 4), (at[0] - 2, at[1] + 1),
                (at[0] - 4, at[1] - 1), (at[0] - 1, at[1] - 1)]
        pygame.draw.polygon(s, GOLD, star)
        pygame.draw.polygon(s, INK, star, 1)
    elif kind == "cap":
        pygame.draw.rect(s, INK, (at[0] - 3, at[1] - 7, 6, 3))
    elif kind == "helm":
        pygame.draw.line(s, INK, (at[0], at[1] - 5), (at[0], at[1] + 1), 2)
    elif kind == "hood":
        for dx, dy in ((-2, 1), (2, -1), (1, 3)):
            pygame.draw.circle(s, (58, 70, 40), (at[0] + dx, at[1] + dy), 1)


def _kit(s: pygame.Surface, kit: tuple[str, ...], body: pygame.Rect, team_dark: tuple[int, int, int]) -> None:
    if "belt" in kit:
        pygame.draw.line(s, INK, (body.left, body.top + 2), (body.left + 6, body.bottom + 1), 5)
        pygame.draw.line(s, GOLD, (body.left, body.top + 2), (body.left + 6, body.bottom + 1), 3)
    if "grenades" in kit:
        for x, y in ((body.left + 1, body.top + 3), (body.left + 2, body.top + 9), (body.right - 2, body.top + 9)):
            pygame.draw.circle(s, HALO, (x, y), 4)
            pygame.draw.circle(s, INK, (x, y), 3)
            pygame.draw.circle(s, (120, 170, 70), (x, y), 2)
    if "shield" in kit:
        c = (body.left - 1, body.centery - 2)
        pygame.draw.circle(s, HALO, c, 6)
        pygame.draw.circle(s, INK, c, 5)
        pygame.draw.circle(s, team_dark, c, 4)
        pygame.draw.circle(s, STEEL, c, 4, 1)
        pygame.draw.circle(s, STEEL, c, 1)


def figure(role: str, team: str, stance: str) -> pygame.Surface:
    """One frame: a soldier of `role` and `team` in `stance`, seen from above, facing north."""
    weapon, head, kit = ROLES[role]
    body_c, dark = TEAMS[team]
    if stance == "down":
        return _fallen(weapon, head, body_c, dark)
    upright = _surface()
    body = pygame.Rect(4, 10, 24, 15) if weapon == "mg" else pygame.Rect(6, 11, 20, 13)
    _weapon(upright, weapon)
    pygame.draw.ellipse(upright, HALO, body.inflate(4, 4))
    pygame.draw.ellipse(upright, INK, body.inflate(2, 2))
    pygame.draw.ellipse(upright, body_c, body)
    _kit(upright, kit, body, dark)
    if weapon not in ("sword", "axe", "pistol"):  # the hands on the weapon
        pygame.draw.circle(upright, INK, (21, 12), 3)
        pygame.draw.circle(upright, (222, 184, 140), (21, 12), 2)
    _head(upright, head, (16, 17), dark)
    if stance == "normal":
        return upright
    out = _surface()
    if stance == "crouched":  # lower: a smaller figure over its folded legs
        pygame.draw.ellipse(out, INK, (8, 20, 16, 10))
        pygame.draw.ellipse(out, dark, (9, 21, 14, 8))
        out.blit(pygame.transform.smoothscale(upright, (24, 24)), (4, 2))
        return out
    # prone: lying at full length, legs apart behind, the weapon forward
    for a, b in (((14, 21), (11, 31)), ((18, 21), (21, 31))):
        pygame.draw.line(out, INK, a, b, 5)
        pygame.draw.line(out, dark, a, b, 3)
    torso = pygame.Rect(10, 8, 12, 16)
    pygame.draw.ellipse(out, HALO, torso.inflate(4, 4))
    pygame.draw.ellipse(out, INK, torso.inflate(2, 2))
    pygame.draw.ellipse(out, body_c, torso)
    gun = _surface()
    _weapon(gun, weapon)
    out.blit(gun, (-1, -6))
    _head(out, head, (16, 9), dark)
    return out


def _fallen(weapon: str, head: str, body_c: tuple[int, int, int], dark: tuple[int, int, int]) -> pygame.Surface:
    """A fallen figure: lying on its side, greyed, in a pool of blood, its weapon dropped,
    under a red cross."""
    s = _surface()
    pygame.draw.ellipse(s, (110, 16, 16), (3, 12, 27, 15))
    pygame.draw.ellipse(s, (150, 24, 24), (6, 14, 21, 10))
    grey = tuple((c + 2 * 120) // 3 for c in body_c)
    body = pygame.Rect(9, 12, 20, 11)
    pygame.draw.ellipse(s, INK, body.inflate(2, 2))
    pygame.draw.ellipse(s, grey, body)
    pygame.draw.circle(s, INK, (7, 17), 5)
    pygame.draw.circle(s, tuple((c + 2 * 110) // 3 for c in dark), (7, 17), 4)
    if weapon in ("sword", "axe"):
        pygame.draw.line(s, STEEL, (12, 29), (26, 25), 2)
    else:
        pygame.draw.line(s, (40, 40, 44), (12, 29), (27, 26), 3)
    for a, b in (((5, 4), (27, 28)), ((27, 4), (5, 28))):
        pygame.draw.line(s, HALO, a, b, 7)
        pygame.draw.line(s, INK, a, b, 5)
        pygame.draw.line(s, (236, 44, 36), a, b, 3)
    return s


def sheet() -> pygame.Surface:
    """Every frame: a row per role and side, a column per stance."""
    out = pygame.Surface((len(STANCES) * T, len(ROLES) * len(TEAMS) * T), pygame.SRCALPHA, 32)
    out.fill((0, 0, 0, 0))
    for r, (role, team) in enumerate((role, team) for role in ROLES for team in TEAMS):
        for c, stance in enumerate(STANCES):
            out.blit(figure(role, team, stance), (c * T, r * T))
    return out


def frames() -> dict[str, list[int]]:
    """Where each ``ROLE_TEAM_STANCE`` frame is: ``[column, row]``."""
    rows = [(role, team) for role in ROLES for team in TEAMS]
    return {f"{role}_{team}_{stance}": [c, r] for r, (role, team) in enumerate(rows) for c, stance in enumerate(STANCES)}
