"""A Yags SF 0.30a match in the window, played as a player would by posted events: the
buttons name its firearm attacks, the hover shows its preview, a knocked-down unit stands
up with P, and the match goes to the results screen."""

from uihelp import declare_by_keys, post_click, ruleset_battle

from game.ui.battle import BattleScreen
from game.ui.menus import ResultsScreen
from game.ui.panels import preview_lines, unit_lines


def test_the_buttons_and_the_preview_speak_yags_sf(app):
    screen = ruleset_battle(app, "yags-sf")
    m = screen.match
    assert m.rules.name == "yags-sf"
    labels = {b.label for b, _ in screen.choice.buttons()}  # the attack buttons, renamed
    assert {"Q 2 shots", "E single", "2 full auto", "3 triple"} <= labels
    uid = screen.selected
    enemy = next(v for v in m.units() if v.team != m.view(uid).team)
    sheet = [t for t, _, _ in unit_lines(m, uid)]
    assert any(t.startswith("penalties: wounds") for t in sheet) and any("soak" in t for t in sheet)
    # (the rules' breakdown alone: this enemy is out of sight, and the hover shows no chance for
    # an attack that cannot be declared, issue 18)
    preview = preview_lines(m, uid, enemy.uid, "shot", {"shot": "careful"}, check=False)
    assert any(t.startswith("range category") for t in preview)
    # the careful shot is the single shot: twice the weapon's attack bonus (the SMG's +9)
    assert m.view(uid).combatant.weapon.attack == 9
    assert any("weapon +18" in t and "2d10!" in t for t in preview), preview


def test_a_whole_yags_sf_match_by_posted_events(app):
    ruleset_battle(app, "yags-sf")
    declared: dict[str, int] = {}
    for _ in range(4000):
        screen = app.screen
        if not isinstance(screen, BattleScreen):
            break
        s, m = screen.session, screen.match
        if m.over:
            post_click(screen.map_rect.center)
        elif screen.selected is not None and s.can_declare(screen.selected) and not screen.play.busy():
            uid, rnd = screen.selected, m.round
            key = declare_by_keys(app, screen, stand_up=True)
            declared[key] = declared.get(key, 0) + 1
            assert m.round > rnd or m.declared(uid) is not None, screen.message
        app.frame(16)
    results = app.screen
    assert isinstance(results, ResultsScreen), f"the match did not end: {declared}"
    assert results.result.winner in ("blue", "red")
    assert declared.get("burst", 0) + declared.get("shot", 0) + declared.get("melee", 0) > 0
