"""The battle's keys, in one table: the input reads which key does what from here, each
button is labelled with its key from here, and the help (F1) lists the keys from here, so the
three cannot drift apart. Each action's keys (and its help rows, where the rows below do not
name it) come from its entry in game/ui/actionui/.

    key("reload") -> pygame.K_r          keys("undo") -> (K_z, K_BACKSPACE)
    name("reload") -> "R"                label("reload", "reload") -> "R reload"
    action_of(pygame.K_r) -> "reload"    help_rows(ruleset) -> [("R / H", "reload ... / hold"), ...]
"""

from __future__ import annotations

import pygame

from game.ui import actionui

# action: (its keys, the first one the key it is known by; the key as the player reads it).
# The keys of the world's actions come with their entries (game/ui/actionui/); these are the
# screen's own.
KEYS: dict[str, tuple[tuple[int, ...], str]] = {
    **actionui.keys(),
    "react": ((pygame.K_f,), "F"),
    "ward": ((pygame.K_6,), "6"),  # Mythras: Ward Location, Brace, Steady Weapon (taken with the next action)
    "brace": ((pygame.K_7,), "7"),
    "steady": ((pygame.K_8,), "8"),
    "receive": ((pygame.K_9,), "9"),
    "outmanoeuvre": ((pygame.K_0,), "0"),
    "next_unit": ((pygame.K_TAB,), "Tab"),
    "orders": ((pygame.K_n,), "N"),
    "all_mine": ((pygame.K_x,), "X"),
    "follow": ((pygame.K_i,), "I"),
    "undo": ((pygame.K_z, pygame.K_BACKSPACE), "Z"),
    "end_turn": ((pygame.K_RETURN, pygame.K_KP_ENTER), "Enter"),
    "go": ((pygame.K_SPACE,), "Space"),
    "fit_map": ((pygame.K_HOME,), "Home"),
    "pan_left": ((pygame.K_LEFT, pygame.K_a), "Left"),
    "pan_right": ((pygame.K_RIGHT,), "Right"),
    "pan_up": ((pygame.K_UP, pygame.K_w), "Up"),
    "pan_down": ((pygame.K_DOWN, pygame.K_s), "Down"),
    "log_up": ((pygame.K_PAGEUP,), "PgUp"),
    "log_down": ((pygame.K_PAGEDOWN,), "PgDn"),
    "log_end": ((pygame.K_END,), "End"),
    "faster": ((pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS), "+"),
    "slower": ((pygame.K_MINUS, pygame.K_KP_MINUS), "-"),
    "help": ((pygame.K_F1, pygame.K_QUESTION), "F1"),
    "menu": ((pygame.K_ESCAPE,), "Esc"),
    "fullscreen": ((pygame.K_F11,), "F11"),
}
PAN = {"pan_left": (-1, 0), "pan_right": (1, 0), "pan_up": (0, -1), "pan_down": (0, 1)}
SHOTS = {"shot": "normal", "snap": "snap", "careful": "careful", "miniscule": "miniscule", "disarm": "disarm"}
MODES = {"shot": "shot", "burst": "burst", "triple": "triple", "area": "area", "suppress": "suppress"}
_BY_KEY = {k: action for action, (ks, _) in KEYS.items() for k in ks}


def key(action: str) -> int:
    return KEYS[action][0][0]


def keys(action: str) -> tuple[int, ...]:
    return KEYS[action][0]


def name(action: str) -> str:
    return KEYS[action][1]


def label(action: str, word: str) -> str:
    """A button's label: its key, then what it does."""
    return f"{name(action)} {word}"


def action_of(k: int) -> str | None:
    return _BY_KEY.get(k)


def names(*actions: str) -> str:
    return " / ".join(name(a) for a in actions)


# The help's rows: the actions whose keys a row names (or, for the mouse, its words), and
# what they do. A ruleset lists its own rows in RULESET_ROWS, shown in place of the common
# actions it does not have.
COMMON_ROWS: tuple[tuple[tuple[str, ...] | str, str], ...] = (
    ("click a unit", "select it (Tab: your next unit)"),
    ("click a tile", "stage a move there (the shading's colours: see the legend on the panel)"),
    ("click it again / Space", "just move"),
    ("click an enemy", "attack it - on the way of the staged move, if there is one"),
    ("right click / Esc", "drop the innermost choice: a click awaited, area fire, the staged move, the shot "
                          "type; with none left Esc opens the menu"),
)
ACTION_ROWS: tuple[tuple[tuple[str, ...] | str, str], ...] = (
    (("shot", "snap", "careful"), "single shot: normal / snap / careful"),
    (("burst", "triple"), "burst / triple burst at one target"),
    (("area", "suppress"), "area fire 30 degrees / suppressive fire 60 degrees (click a tile)"),
    (("reload", "hold"), "reload (or clear a jam) / hold"),
    (("dodge", "aim"), "full dodge to cover / aim (an aimed shot next round)"),
    (("overwatch", "grenade"), "overwatch (click to aim its arc) / throw a grenade (click a tile)"),
    (("first_aid", "treat"), "first aid (click the patient) / treat stuns or wounds"),
    (("prone", "crouch", "react"), "prone or stand up / crouch / defences to declare"),
)
RULESET_ROWS: dict[str, tuple[tuple[tuple[str, ...] | str, str], ...]] = {
    "step": (
        (("shot", "snap", "careful"), "normal attack / limb attack / vital area"),
        (("miniscule", "disarm"), "minuscule target / disarm"),
        (("burst",), "burst: three rounds, three attack rolls"),
        (("area", "suppress"), "autofire at an area: 30 degrees / 60 degrees (click a tile)"),
        (("feint", "grapple", "all_out"), "feint then a blow / grapple or break free / all-out attack"),
        (("reload", "hold", "dodge"), "reload (or clear a jam) / hold (F: defences held ready) / full dodge"),
        (("overwatch", "grenade"), "cover an arc (click to aim it) / throw a grenade"),
        (("prone", "crouch", "react"), "prone or stand up / crouch / defences to hold ready"),
    ),
    "yags-sf": (  # Yags's rows but for what its fire modes mean
        (("shot", "snap", "careful"), "shot / multiple shots (two) / single shot (twice the bonus)"),
        (("burst", "triple"), "full auto (ten rounds) / triple shot"),
        ("Ctrl+click an enemy", "with the two shots (Q): the first at it, the second at the enemy you click next"),
        *ACTION_ROWS[2:],
    ),
    "mythras": (
        (("shot", "burst"), "single shot / burst at the enemy you click (a Turn: one Action Point)"),
        (("area", "suppress"), "full auto over an arc: area fire 30 degrees / suppressive fire 60 (click a tile)"),
        (("reload", "hold"), "reload (a Turn each point of Load) / hold: end your Turns, keeping the points for "
                             "reactions"),
        (("dodge", "aim"), "move to cover / aim for a whole round (the next shot at it aimed)"),
        (("overwatch", "grenade"), "overwatch (click to aim its arc) / throw a grenade (click a tile)"),
        (("first_aid", "treat"), "first aid / treat stuns or wounds"),
        (("prone", "crouch"), "prone or stand up / crouch"),
        (("react",), "reaction policy, the next of: ask me, parry, evade guns, evade, best, never (kept until changed)"),
        (("ward", "brace", "steady"), "with the next action (with H: the Turn is theirs): ward a location (the next; a shield its locations, kept "
                                      "until the warding weapon attacks) / Brace (+1 AP, against knockback and Bash) "
                                      "/ Steady Weapon (+1 AP, burst and full auto one grade easier); both last "
                                      "until the unit moves"),
        (("receive", "outmanoeuvre"), "with the next action: set a spear to receive a charge (counters a charger "
                                      "with the better Damage Modifier; until it moves or attacks) / Outmaneuver "
                                      "the foes engaging it (+1 AP: an Evade contest; those beaten cannot attack it "
                                      "this round; beating all, it may move away)"),
    ),
}
END_ROWS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("next_unit",), "select your next unit"),
    (("orders", "all_mine", "follow"), "standing orders (shift-click: more units) / all yours / follow on Enter"),
    (("undo",), "take back your last declaration (until the other side declares after it); Backspace too"),
    (("end_turn",), "end your declarations (asks first when units have not declared)"),
    (("go",), "skip the round's playback; watching: pause"),
    (("fit_map",), "the whole map in view; again: back to the unit whose turn it is"),
    (("pan_left", "pan_right", "pan_up", "pan_down"), "pan (W A S too, the view's edge, a middle-drag); the wheel zooms"),
    (("log_up", "log_down", "log_end"), "scroll the log"),
    (("slower", "faster"), "playback slower / faster"),
    (("menu",), "menu: save, load, settings, help, quit"),
    (("help", "fullscreen"), "this help (? too) / fullscreen"),
)


# The action keys these rows name: an action named in none brings its own rows (its entry's).
_NAMED = {a for rows in (ACTION_ROWS, *RULESET_ROWS.values()) for keys, _ in rows if not isinstance(keys, str)
          for a in keys}


def help_rows(ruleset: str) -> list[tuple[str, str]]:
    """The help's rows for `ruleset`: (the keys, what they do)."""
    rows = [(k if isinstance(k, str) else names(*k), what) for k, what in COMMON_ROWS]
    rows += [(k if isinstance(k, str) else names(*k), what) for k, what in RULESET_ROWS.get(ruleset, ACTION_ROWS)]
    rows += [(k if isinstance(k, str) else names(*k), what) for k, what in actionui.help_rows(_NAMED)]
    rows += [(names(*k), what) for k, what in END_ROWS]
    return rows
