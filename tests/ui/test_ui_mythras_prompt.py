"""Issue 32: Mythras' help explains its own round (Action Points, holding them for reactions,
reaction policies with F, special effects), not the Yags keys; the reaction prompt shows the
unit's Action Points left and what each answer costs, every line whole (no "..."), every
percentage with what it means, and F there sets the unit's standing policy; the side panel
shows the unit asked while the prompt is up."""

import os

import pygame
from uihelp import ROOT, post_key

from game.session import SessionConfig
from game.ui import keymap
from game.ui.app import new_session
from game.ui.assets import text
from game.ui.battle import BattleScreen
from game.ui.help import round_lines

STREET = os.path.join(ROOT, "maps", "street.tmx")


def test_mythras_help_explains_its_round_not_the_yags_keys():
    words = " ".join(round_lines("mythras"))
    for term in ("Action Points", "Holding points for reactions", "Reaction policies (F)", "Special effects",
                 "costs an Action Point"):
        assert term in words, term
    rows = " ".join(f"{k} {what}" for k, what in keymap.help_rows("mythras"))
    assert "full dodge to cover" not in rows and "yellow: run, one slow attack" not in rows
    assert "reaction policy" in rows and "Action Point" in rows


def reaction_prompt(app):
    """A Mythras match on the street with the AI on both sides but the player's reactions:
    run until the player is asked to react."""
    cfg = SessionConfig(STREET, "solo", "normal", 1, ruleset="mythras")
    screen = app.battle(cfg, new_session(cfg))
    for _ in range(3000):
        sc = app.screen
        assert isinstance(sc, BattleScreen) and not sc.match.over
        q = sc.session.question
        if q is not None and q.kind == "reaction" and sc.prompt.question() is q:
            return sc, q
        if q is not None and q.kind == "effects":
            post_key(pygame.K_RETURN)
        elif q is not None and q.kind == "act" and sc.selected is not None and sc.session.can_declare(sc.selected):
            from uihelp import declare_by_keys

            declare_by_keys(app, sc, stand_up=True)
        app.frame(16)
    raise AssertionError(f"no reaction asked ({screen.match.round} rounds)")


def test_the_reaction_prompt_reads_at_a_glance(app):
    sc, q = reaction_prompt(app)
    m = sc.match
    box, header, cells = sc.prompt.layout(q)
    state = m.view(q.uid).state
    assert any(f"{state.ap} Action Point" in line for line in header), header
    assert any(line.startswith("F: standing policy") for line in header)
    for _, cell, lines in cells:
        assert box.contains(cell) and sc.map_rect.contains(box)
        for line in lines:
            assert not line.endswith("..."), line
            assert text(line, 17).get_width() <= cell.w
    items = sc.prompt.items(q)
    for o, item in zip(q.options, items, strict=False):
        if o.key in ("parry", "evade", "counter"):
            assert "costs 1 Action Point" in item, item
        else:
            assert "costs nothing" in item, item
        if o.chance is not None:
            assert "of the damage on average" in item, item  # the percentage says what it is
    # the side panel shows the unit asked
    sc.draw(app.window)
    # F in the prompt: the unit's standing policy, declared with its next action
    before = m.reaction_policy(q.uid) or "ask"
    post_key(pygame.K_f)
    app.frame(16)
    chosen = sc.choice.policy_for[q.uid]
    assert chosen != before and sc.session.question is q and "reaction policy" in sc.message
    assert any(chosen in line or "from its next action" in line for line in sc.prompt.header(q))
    post_key(pygame.K_1)  # the answer still works
    app.frame(16)
    assert sc.session.question is not q
