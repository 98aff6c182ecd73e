"""A Mythras skirmish in the window, played by posted events as a player would: the unit
sheet and the attack preview read Mythras (hit points per location, Action Points, the
chances of each outcome, location and wound level), F sets the unit's standing reaction
policy, the player parries and evades through the prompt and picks special effects; the
save replays the match with those answers."""

import os

import pygame
from uihelp import ROOT, post_click, post_key

from game.saves import load_game, save_game
from game.session import SessionConfig
from game.ui.app import new_session
from game.ui.battle import BattleScreen
from game.ui.keymap import help_rows
from game.ui.panels import preview_lines, unit_lines
from game.world.actions import Attack

STREET = os.path.join(ROOT, "maps", "street.tmx")
CROSSROADS = os.path.join(ROOT, "maps", "crossroads.tmx")


def open_mythras(app, path, seed=1):
    cfg = SessionConfig(path, "solo", "normal", seed, ruleset="mythras")
    return app.battle(cfg, new_session(cfg))


def test_the_sheet_the_preview_and_the_reaction_policy(app):
    screen = open_mythras(app, CROSSROADS)
    m = screen.match
    app.frame(16)
    uid = screen.selected
    assert uid is not None and screen.session.question.kind == "act"
    assert screen.view.banner()[0].startswith(f"Round 1, turn: {m.name(uid)} ")
    lines = [text for text, _, _ in unit_lines(m, uid)]
    assert any(line.startswith("HP RL ") and "Head" in line for line in lines)
    assert any(line.startswith("AP 2/2") for line in lines)
    enemy = m.sight.visible_enemies(uid)[0]
    preview = preview_lines(m, uid, enemy.uid, "shot", {})
    assert "to hit" in preview[0]
    assert any(p.startswith("worst wound: none ") for p in preview)
    assert any(p.startswith("location: RL ") for p in preview)
    assert any("special effects won" in p for p in preview)
    labels = [b.label for b, _ in screen.choice.buttons()]
    assert "F react: ask" in labels
    post_key(pygame.K_f)
    app.frame(16)
    assert "F react: parry" in [b.label for b, _ in screen.choice.buttons()]
    post_key(pygame.K_h)  # declared with the hold: kept from now on
    app.frame(16)
    assert m.reaction_policy(uid) == "parry"


def best_target(m, uid):
    best = None
    for e in m.enemies_of(uid):
        a = Attack(e.uid, "melee" if m.rules.weapon_facts(m.view(uid).combatant).melee else "shot", {})
        if hasattr(m.check(uid, a), "reason"):
            continue
        p = m.preview(uid, e.uid, a.mode, {})
        if hasattr(p, "reason"):
            continue
        if best is None or p.p_hit > best[0]:
            best = (p.p_hit, e)
    return best[1] if best else None


def test_a_player_parries_evades_picks_effects_and_the_save_replays_it(app, tmp_path):
    open_mythras(app, STREET, seed=1)
    asked = {"parry": 0, "evade": 0, "effects": 0}
    for _ in range(3000):
        sc = app.screen
        if not isinstance(sc, BattleScreen) or sc.match.over or (asked["parry"] and asked["effects"] > 1):
            break
        s, m = sc.session, sc.match
        q = s.question
        if q is not None and q.kind == "reaction":
            keys = [o.key for o in q.options]
            pick = next((k for k in ("parry", "evade") if k in keys), keys[0])
            asked[pick] = asked.get(pick, 0) + 1
            assert sc.prompt.question() is q
            post_key(getattr(pygame, f"K_{keys.index(pick) + 1}"))
        elif q is not None and q.kind == "effects":
            asked["effects"] += 1
            post_key(pygame.K_1)
            post_key(pygame.K_RETURN)
        elif q is not None and q.kind == "act" and sc.selected is not None and s.can_declare(sc.selected):
            uid = sc.selected
            v = m.view(uid)
            e = best_target(m, uid)
            if v.stance == "prone":
                post_key(pygame.K_p)
            elif e is None:
                post_key(pygame.K_h)
            else:
                sc.camera.centre_on(e.pos)
                post_click(sc.camera.centre(e.pos))
        app.frame(16)
    assert asked["parry"] >= 1 and asked["effects"] >= 1, asked
    session = app.screen.session
    answers = [kind for r in session.history for _, kind, _ in r.answers]
    assert {"act", "reaction", "effects"} <= set(answers)
    path = save_game(session, tmp_path / "mythras.json")
    again = load_game(path)
    assert again.match.rules.name == "mythras"
    assert again.match.log.lines() == session.match.log.lines()
    again.match.close()



def test_buttons_greyed_with_the_rulesets_reason(app):
    """The ruleset's refusal (Ruleset.may_declare) greys the action bar's buttons with its
    reason before any target is clicked: a fighter reeling from a Serious Wound cannot fire
    (0004 Serious Wound), one with a useless leg cannot stand (it drops prone)."""
    from dataclasses import replace

    from game.ui.actionbar import Choice, player_buttons

    screen = open_mythras(app, CROSSROADS)
    m = screen.match
    app.frame(16)
    uid = screen.selected

    def button(label):
        return next(b for b in player_buttons(m, uid, Choice()) if b.label == label)

    assert button("1 shot").enabled
    m.health.set_state(uid, replace(m.view(uid).state, no_attack_turns=2))
    shot = button("1 shot")
    assert not shot.enabled and "Serious Wound" in shot.tip
    m.health.set_state(uid, replace(m.view(uid).state, no_attack_turns=0, prone=True,
                                    useless=frozenset({"right_leg"})))
    stand = button("P stand up")
    assert not stand.enabled and "right leg useless" in stand.tip


def test_ward_brace_and_steady_on_keys(app):
    """Issue 28, Mythras 13: the player reaches Ward Location, Brace and Steady Weapon (0005
    Proactive and Free Actions) on 6 / 7 / 8, taken with the next action: a rifleman has
    nothing to ward with; Brace taken with a hold is the Turn (2 Action Points -> 1) and the
    unit stays braced."""
    screen = open_mythras(app, CROSSROADS)
    m = screen.match
    app.frame(16)
    uid = screen.selected
    assert uid is not None
    post_key(pygame.K_6)
    app.frame(16)
    assert "nothing to ward with" in screen.message
    post_key(pygame.K_7)
    app.frame(16)
    assert screen.message.startswith("Brace with the next action")
    post_key(pygame.K_h)
    app.frame(16)
    st = m.view(uid).state
    assert st.braced and st.ap == 1
    assert any(k == "6 / 7 / 8" and "Brace" in what for k, what in help_rows("mythras"))
    assert not any(k == "6 / 7 / 8" for k, _ in help_rows("yags"))
