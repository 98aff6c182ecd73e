"""Issue 32: a button a ruleset cannot use is greyed with the reason, in every ruleset (step
dice: "V aim" was offered, its hover promised an aimed shot, and the click then said the sheet
has none). Each ruleset's panel, for every unit of both sides, is checked against what the
ruleset's own declaration refuses (asked directly, engine.ruleset.Intent); its key does
nothing but say why."""

import pygame
import pytest
from uihelp import post_key, ruleset_battle

from engine.ruleset_types import Intent
from game.ui import actionbar as bar

RULESETS = ("yags", "yags-sf", "mythras", "step")
SHOTS = {pygame.K_q: "snap", pygame.K_e: "careful", pygame.K_m: "miniscule", pygame.K_b: "disarm"}
MODES = {pygame.K_1: "shot", pygame.K_2: "burst", pygame.K_3: "triple"}


def refusal(m, uid, tag, mode="", options=None):
    v = m.view(uid)
    try:
        m.rules.declare(v.combatant, v.state, stance="normal", lost_round=False, initiative=v.initiative,
                        intent=Intent(tag, mode, options or {}, None, "none"))
    except ValueError as exc:
        return str(exc)
    return ""


def intent_of(b, melee):
    """What the button declares, as the ruleset hears it; None: it declares nothing by itself."""
    if b.key in bar.BUTTON_INTENTS:
        tag, mode = bar.BUTTON_INTENTS[b.key]
        return tag, mode, {}
    if melee:
        return None
    if b.key in MODES:
        return "attack", MODES[b.key], {}
    if b.key in SHOTS:
        return "attack", "shot", {"shot": SHOTS[b.key]}
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_button_the_ruleset_refuses_is_greyed_with_its_reason(app, ruleset):
    screen = ruleset_battle(app, ruleset)
    m = screen.match
    greyed = 0
    for v in m.units():
        facts = m.rules.weapon_facts(v.combatant)
        for b in bar.player_buttons(m, v.uid, screen.choice.state(v.uid)):
            intent = intent_of(b, facts.melee)
            if intent is None:
                continue
            why = refusal(m, v.uid, *intent)
            if why:
                greyed += 1
                # greyed with the ruleset's reason, or one the panel found first (a melee
                # weapon is not aimed, a fumbled first round, a weapon with no such mode)
                assert not b.enabled and b.tip, (ruleset, v.name, b)
            if b.enabled:
                assert not why, (ruleset, v.name, b.label, why)
    if ruleset == "step":  # the sheet has no aimed shot and no first aid: its own words on the buttons
        tips = {b.tip for v in m.units() for b in bar.player_buttons(m, v.uid, screen.choice.state(v.uid))}
        assert greyed > 0 and refusal(m, screen.selected, "aim") in tips


def test_step_dice_v_aim_is_greyed_and_its_key_says_why(app):
    screen = ruleset_battle(app, "step")
    m = screen.match
    uid = screen.selected
    v_aim = next(b for b, _ in screen.choice.buttons() if b.key == pygame.K_v)
    assert not v_aim.enabled and "no aimed shot" in v_aim.tip
    t_aid = next(b for b, _ in screen.choice.buttons() if b.key == pygame.K_t)
    assert not t_aid.enabled and "no first aid" in t_aid.tip
    post_key(pygame.K_v)
    app.frame(16)
    assert screen.choice.pending == "" and "no aimed shot" in screen.message and m.declared(uid) is None


@pytest.mark.parametrize("ruleset", ("yags", "yags-sf", "mythras"))
def test_v_aim_stays_offered_where_the_ruleset_has_aimed_shots(app, ruleset):
    screen = ruleset_battle(app, ruleset)
    m = screen.match
    shooters = [v for v in m.units() if not m.rules.weapon_facts(v.combatant).melee and not m.lost_round(v.uid)]
    assert shooters
    for v in shooters:
        v_aim = next(b for b in bar.player_buttons(m, v.uid, screen.choice.state(v.uid)) if b.key == pygame.K_v)
        assert v_aim.enabled, (v.name, v_aim.tip)
