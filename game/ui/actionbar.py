"""The battle screen's buttons: every action the keys give, clickable, with its key on it.

A button stands for a key: clicking it is pressing that key, so mouse and keyboard cannot
drift apart. What is offered, greyed (with the reason as its tip) or lit (the chosen attack
mode, shot type and stance) comes from the match's own checks.

    buttons = player_buttons(match, uid, state)   # or watch_buttons(paused, speed)
    placed = layout(rect, buttons)
    draw_buttons(surface, placed, mouse)
    hit = button_at(placed, pos)                   # -> Button | None
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import actionui, rulesheets
from game.ui import keymap as km
from game.ui.assets import DIM, GREY, WHITE, YELLOW, text
from game.ui.buttons import Button, Choice
from game.ui.buttons import why as _why
from game.ui.words import readable
from game.world.actions import FullDodge, Overwatch, Reload, Stand
from game.world.legality import intent_refusal

ROW_H, GAP = 22, 3
__all__ = ["BUTTON_INTENTS", "Button", "Choice", "button_at", "draw_buttons", "height", "layout", "player_buttons",
           "ruleset_refusal", "tip_line", "watch_buttons"]


def ruleset_refusal(match: Any, uid: int, tag: str, mode: str = "", options: dict[str, Any] | None = None) -> str:
    """Why the ruleset refuses a declaration of this kind whatever its target (step dice: the
    sheet has no aimed shot, no first aid), or "": the ruleset's own declaration is asked with
    the action as it hears it (engine.ruleset.Intent), standing, with no move."""
    from engine.ruleset_types import Intent

    refusal = intent_refusal(match, uid, Intent(tag, mode, dict(options or {})))
    if refusal is not None:  # the unit's state forbids it now (Mythras: reeling, a useless arm...)
        return refusal.reason
    v = match.view(uid)
    try:
        match.rules.declare(v.combatant, v.state, stance="normal", lost_round=False, initiative=v.initiative,
                            intent=Intent(tag, mode, dict(options or {}), None, "none"))
    except ValueError as exc:
        return str(exc)
    return ""


# What each button declares, as the ruleset hears it: (tag, mode) by key, from the actions'
# entries (game/ui/actionui/); the mode buttons' (shot types') options are added where the
# button is made.
BUTTON_INTENTS: dict[int, tuple[str, str]] = {km.key(action): intent for action, intent in actionui.intents().items()}


def _refused(match: Any, uid: int, b: Button, options: dict[str, Any] | None = None) -> Button:
    """`b` greyed with the ruleset's reason when the ruleset refuses what it declares."""
    if not b.enabled:
        return b
    intent = BUTTON_INTENTS.get(b.key)
    if intent is None and options is None:
        return b
    tag, mode = intent if intent is not None else ("attack", str((options or {}).get("mode", "shot")))
    why = ruleset_refusal(match, uid, tag, mode, {k: x for k, x in (options or {}).items() if k != "mode"})
    return Button(b.key, b.label, why, False, False) if why else b


def player_buttons(match: Any, uid: int, choice: Choice) -> list[Button]:
    """The buttons for the player's unit `uid`."""
    v = match.view(uid)
    facts = match.rules.weapon_facts(v.combatant)
    modes = set(facts.modes)
    melee = facts.melee
    out: list[Button] = []

    lost = "fumbled initiative: only hold or move this round"

    words = rulesheets.mode_words(match.rules)
    melee_shots = rulesheets.melee_shots(match.rules)

    def mode(action: str, word: str, name: str, tip: str, shot: str | None = None) -> None:
        word, tip = words.get(shot or name, (word, tip))
        key, label = km.key(action), km.label(action, word)
        if choice.lost_round:
            out.append(Button(key, label, lost, False))
            return
        if melee and shot in melee_shots:  # the ruleset's special attacks with a blow too
            out.append(Button(key, label, tip.replace("Single shot", "A blow"), True,
                              choice.shot == shot and not choice.manoeuvre))
            return
        if melee:
            out.append(Button(key, label, f"{facts.name} is a melee weapon: click an enemy", False))
            return
        ok = (name in modes) if name != "shot" else ("shot" in modes or not modes)
        active = choice.attack_mode == name and (shot is None or choice.shot == shot) and not choice.manoeuvre
        options = None if name in ("area", "suppress") else \
            {"mode": name, **({"shot": shot} if shot and shot != "normal" else {})}
        b = _refused(match, uid, Button(key, label, tip, True, active), options)
        if not ok:  # the weapon has no such mode: the ruleset's words for it, if it has some
            b = Button(key, label, b.tip if not b.enabled else f"{facts.name} cannot {tip.split(':')[0].lower()}",
                       False, active)
        out.append(b)

    mode("shot", "shot", "shot", "Shot: one aimed round at the enemy you click", "normal")
    mode("snap", "snap", "shot", "Snap shot: quick, harder to hit", "snap")
    mode("careful", "careful", "shot", "Careful shot: slower, easier to hit", "careful")
    mode("burst", "burst", "burst", "Burst: fire a burst at the enemy you click")
    mode("triple", "triple", "triple", "Triple burst: three bursts at the enemy you click")
    mode("area", "area", "area", "Area fire: a burst over a 30 degree arc at the tile you click")
    mode("suppress", "suppress", "suppress", "Suppressive fire: a 60 degree arc at the tile you click")
    if "miniscule" in words:
        mode("miniscule", "minuscule", "shot", "Minuscule target", "miniscule")
    if "disarm" in words:
        mode("disarm", "disarm", "shot", "Disarm", "disarm")
    out.extend(_manoeuvre_buttons(match, uid, v, facts, choice))
    ammo = v.ammo
    reload = match.check(uid, Reload()) if ammo is not None else None  # refuses in a fumbled round
    if ammo is not None and ammo.jammed:
        r_label, r_tip = "R clear jam", f"Clear the jam of the {facts.name} (takes the round)"
    elif ammo is not None and ammo.reload_left:
        r_label, r_tip = "R reload", f"Go on reloading ({ammo.reload_left} more rounds; any other declaration stops it)"
    else:
        r_label, r_tip = "R reload", "Reload: change magazines"
    out.append(Button(km.key("reload"), r_label,
                      r_tip if reload is not None and not _why(reload)
                      else (_why(reload) or f"{facts.name} needs no reloading"),
                      reload is not None and not _why(reload)))
    stops = []
    if ammo is not None and ammo.reload_left:
        stops.append("stops the reload (the rounds spent are lost)")
    tending = match.work.tending(uid)
    if tending is not None:
        stops.append(f"stops the first aid ({tending.rounds_left} rounds left, lost)")
    watch = match.overwatch.watch(uid)
    if watch is not None and match.overwatch.keeps(uid, watch.aim):
        stops.append("lets the overwatch lapse")
    out.append(Button(km.key("hold"), km.label("hold", "hold/wait"), "Hold: wait this round, defend only (any stance chosen stays)"
                      + ("; " + ", ".join(stops) if stops else "")))
    dodge = match.check(uid, FullDodge(None))
    out.append(Button(km.key("dodge"), km.label("dodge", "full dodge"),
                      _why(dodge) or "Full dodge: dive for cover (to the hovered tile, if in free move)", not _why(dodge)))
    out.append(Button(km.key("aim"), km.label("aim", "aim"), lost if choice.lost_round else
                      f"{facts.name} is not aimed" if melee else
                      "Aim at an enemy this round: an aimed shot at it next round",
                      not melee and not choice.lost_round, choice.pending == "aim"))
    out.append(_overwatch_button(match, uid, v, facts, choice))
    out.append(Button(km.key("grenade"), km.label("grenade", "grenade"),
                      lost if choice.lost_round and v.grenades else
                      f"Throw {v.grenades[0].replace('_', ' ')}: then click a tile" if v.grenades
                      else f"{v.name} has no grenades", bool(v.grenades) and not choice.lost_round,
                      choice.pending == "throw"))
    out.extend(_first_aid_buttons(match, uid, choice))
    out.extend(actionui.buttons(match, uid, choice))  # the buttons the actions' entries make
    if v.stance == "prone":
        stand = match.check(uid, Stand())
        out.append(Button(km.key("prone"), km.label("prone", "stand up"), _why(stand) or "Stand up (takes the action)", not _why(stand)))
    else:
        out.append(Button(km.key("prone"), km.label("prone", "prone"), "Go prone and hold: +10 cover against fire, crawl only"))
    out.append(Button(km.key("crouch"), km.label("crouch", "crouch"), "Crouch and hold: +5 cover against fire, combat move only",
                      v.stance != "prone", v.stance == "crouched"))
    policies = (match.rules.choice_rules.reaction_policies() if match.rules.choice_rules is not None else ())
    if policies:
        key = choice.reaction or match.reaction_policy(uid) or policies[0].key
        now = next((o for o in policies if o.key == key), policies[0])
        out.append(Button(km.key("react"), km.label("react", f"react: {now.label}"), f"Reaction policy: {now.means} (F: the next; "
                          "declared with this unit's next action, kept until changed)", True,
                          choice.reaction is not None))
    else:
        limit = match.rules.max_defences(v.combatant)
        dfn = "auto" if choice.defences is None else str(choice.defences)
        out.append(Button(km.key("react"), km.label("react", f"defences {dfn}"), f"Defences to declare (0 to {limit}; auto: the rules' "
                          "default), used with this unit's declaration", True, choice.defences is not None))
    out = [_refused(match, uid, b) if b.key in BUTTON_INTENTS and b.key not in (km.key("area"), km.key("suppress")) else b
           for b in out]
    unused = rulesheets.unused_words(match.rules)
    out = [Button(b.key, b.label, unused[a], False, False) if (a := km.action_of(b.key)) in unused else b for b in out]
    out.append(Button(km.key("next_unit"), km.label("next_unit", "next unit"), "Select your next unit"))
    out.append(Button(km.key("undo"), km.label("undo", "undo"), "Take back your last declaration (until the other side declares "
                      "after it)"))
    out.append(Button(km.key("end_turn"), km.label("end_turn", "end turn"), "End your declarations (asks first when units have not "
                      "declared): they carry on with a reload, first aid or an overwatch, else hold"))
    return out


def _manoeuvre_buttons(match: Any, uid: int, v: Any, facts: Any, choice: Choice) -> list[Button]:
    """The ruleset's melee manoeuvres (K feint, J grapple or break free) and all-out attack
    (L), each lit while chosen for the next attack (step dice)."""
    words = rulesheets.manoeuvre_words(match.rules)
    out: list[Button] = []
    if not words:
        return out
    lost = "fumbled initiative: only hold or move this round" if choice.lost_round else ""
    if "feint" in words:
        label, tip = words["feint"]
        why = lost or ("" if facts.melee else f"{facts.name} is no hand to hand weapon: a feint needs one")
        out.append(Button(km.key("feint"), km.label("feint", label), why or tip, not why, choice.manoeuvre == "feint"))
    held = match.rules.held_by(v.state)
    kind = "break_free" if held else "grapple"
    if kind in words:
        label, tip = words[kind]
        out.append(Button(km.key("grapple"), km.label("grapple", label), lost or (tip + (f" ({held})" if held else "")), not lost,
                          choice.manoeuvre == kind))
    all_out = rulesheets.all_out_words(match.rules)
    if all_out is not None:
        carried = getattr(v.state, "carried", 0)
        why = lost or (f"{carried} defence{'s' if carried > 1 else ''} carried in: no all-out attack" if carried else "")
        out.append(Button(km.key("all_out"), km.label("all_out", all_out[0]), why or all_out[1], not why, choice.all_out))
    return out


def _overwatch_button(match: Any, uid: int, v: Any, facts: Any, choice: Choice) -> Button:
    """O: overwatch. A shooter aims its arc with a click; a melee weapon covers its reach at
    once. Greyed with the world's reason (a jam, an empty gun, a grapple, a fumbled round)."""
    if facts.melee:
        check = match.check(uid, Overwatch())
        tip = f"Overwatch: strike the first enemy to step into or act within the {facts.name}'s reach"
    else:
        x, y = v.pos
        aim = next(((x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if match.grid.in_bounds(x + dx, y + dy)), (x, y))
        check = match.check(uid, Overwatch(aim))
        tip = (f"Overwatch: click a tile to cover a {match.overwatch.arc():g} degree arc; the first enemy to "
               "step in or act there draws a fast, halved snapshot")
        watch = match.overwatch.watch(uid)
        if watch is not None and watch.aim is not None and match.overwatch.keeps(uid, watch.aim):
            tip += f"; click {watch.aim} again to keep last round's (+{match.overwatch.bonus(uid)} initiative)"
    why = _why(check)
    return Button(km.key("overwatch"), km.label("overwatch", "overwatch"), why or tip, not why, choice.pending == "overwatch")


def _first_aid_buttons(match: Any, uid: int, choice: Choice) -> list[Button]:
    """T: first aid on this unit or a friend next to it (a click picks the patient); Y: treat
    stuns rather than wounds."""
    from game.ui.previews import first_aid_patients

    what = "stuns" if choice.first_aid_stuns else "wounds"
    patients = first_aid_patients(match, uid, choice.first_aid_stuns)
    if patients:
        names = ", ".join("itself" if p == uid else match.name(p) for p in patients)
        tip = f"First aid ({what}): then click the patient ({names})"
        tending = match.work.tending(uid)
        if tending is not None:
            tip += f"; tending {match.name(tending.patient)}: {tending.rounds_left} rounds left"
        t = Button(km.key("first_aid"), km.label("first_aid", "first aid"), tip, True, choice.pending == "first_aid")
    else:
        from game.world.actions import FirstAid

        t = Button(km.key("first_aid"), km.label("first_aid", "first aid"), _why(match.check(uid, FirstAid(uid, choice.first_aid_stuns))) or
                   "nobody to tend", False)
    # Y only chooses what T treats: greyed with T's reason when T cannot be used (unless
    # the other kind of harm has a patient: then Y is the way to it)
    other = first_aid_patients(match, uid, not choice.first_aid_stuns)
    y_ok = t.enabled or bool(other)
    y_tip = ("Y: first aid treats stuns or wounds (toggle)" if t.enabled else
             f"Y: treat {'wounds' if choice.first_aid_stuns else 'stuns'} instead (someone has them)") if y_ok \
        else f"first aid cannot be given now: {t.tip}"
    y = Button(km.key("treat"), km.label("treat", f"treat {what}"), y_tip, y_ok, choice.first_aid_stuns)
    return [t, y]


def watch_buttons(paused: bool, speed: str) -> list[Button]:
    return [Button(km.key("go"), km.label("go", "resume" if paused else "pause"), "Pause or resume the match",
                   True, paused),
            Button(km.key("slower"), km.label("slower", "slower"), f"Slower ({speed})"),
            Button(km.key("faster"), km.label("faster", "faster"), f"Faster ({speed})")]


def layout(rect: pygame.Rect, buttons: list[Button], cols: int = 3) -> list[tuple[Button, pygame.Rect]]:
    """The buttons in rows of `cols` from the top of `rect`."""
    w = (rect.w - GAP * (cols - 1)) // cols
    return [(b, pygame.Rect(rect.x + (i % cols) * (w + GAP), rect.y + (i // cols) * (ROW_H + GAP), w, ROW_H))
            for i, b in enumerate(buttons)]


def height(n: int, cols: int = 3) -> int:
    rows = -(-n // cols)
    return rows * ROW_H + max(0, rows - 1) * GAP


def draw_buttons(surface: pygame.Surface, placed: list[tuple[Button, pygame.Rect]], mouse: tuple[int, int]) -> None:
    for b, r in placed:
        hot = b.enabled and r.collidepoint(mouse)
        bg = (70, 62, 28) if b.active else (52, 56, 68) if hot else (36, 39, 48)
        pygame.draw.rect(surface, bg, r, border_radius=3)
        pygame.draw.rect(surface, YELLOW if b.active else (90, 94, 108), r, 1, border_radius=3)
        colour = YELLOW if b.active else (WHITE if b.enabled else DIM)
        img = text(b.label, 17, colour)
        if img.get_width() > r.w - 6:
            img = text(b.label, 15, colour)
        surface.blit(img, img.get_rect(center=r.center))


def button_at(placed: list[tuple[Button, pygame.Rect]], pos: tuple[int, int]) -> Button | None:
    for b, r in placed:
        if r.collidepoint(pos):
            return b
    return None


def tip_line(placed: list[tuple[Button, pygame.Rect]], pos: tuple[int, int]) -> tuple[str, tuple[int, int, int]] | None:
    """The hovered button's tip (grey when the button is disabled)."""
    b = button_at(placed, pos)
    if b is None:
        return None
    return readable(b.tip), (YELLOW if b.enabled else GREY)
