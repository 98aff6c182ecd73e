"""Whole matches played as a player would, by posted events only: solo and hot-seat to the
results screen, watch mode with its speed and pause; the round played back step by step."""

import pygame
from uihelp import end_turn, move_to, post_click, post_key

from game.ui.assets import text
from game.ui.battle import BattleScreen
from game.ui.battle_playback import playback_steps
from game.ui.menus import MainMenu, ResultsScreen, fate_details
from game.world.actions import Attack


def best_shot(screen):
    """The enemy in sight the selected unit most likely hits, if it may shoot it now."""
    m = screen.match
    uid = screen.selected
    best = None
    for e in m.sight.visible_enemies(uid):
        p = m.preview(uid, e.uid, "shot", {})
        if hasattr(p, "reason") or hasattr(m.check(uid, Attack(e.uid, "shot", {})), "reason"):
            continue
        if best is None or p.p_hit > best[0]:
            best = (p.p_hit, e)
    return best[1] if best and best[0] > 0.2 else None


def play_to_the_end(app, max_frames=3000):
    """Declare for the human side until the results screen: shoot the likeliest target in
    sight, else hold; take the seat at each hand-over. Returns the number of hand-overs."""
    handovers = 0
    for _ in range(max_frames):
        screen = app.screen
        if not isinstance(screen, BattleScreen):
            break
        s = screen.session
        if s.handover:
            handovers += 1
            post_key(pygame.K_SPACE)
        elif screen.match.over:
            post_click(screen.map_rect.center)
        elif screen.selected is not None and s.can_declare(screen.selected) and not screen.play.busy():
            uid, rnd = screen.selected, screen.match.round
            enemy = best_shot(screen)
            ammo = screen.match.view(uid).ammo
            if ammo is not None and ammo.loaded == 0 and not ammo.reload_left and ammo.magazines:
                post_key(pygame.K_r)
            elif enemy is None:
                post_key(pygame.K_h)
            else:
                screen.camera.centre_on(enemy.pos)
                post_click(screen.camera.centre(enemy.pos))
            app.frame(16)
            if screen.match.round == rnd and screen.match.declared(uid) is None:
                assert "fumbled initiative" in screen.message, screen.message  # no attack in round 1
                post_key(pygame.K_h)
                app.frame(16)
            assert screen.match.round > rnd or screen.match.declared(uid) is not None, screen.message
        app.frame(16)
    return handovers


def test_a_whole_solo_match_to_the_results_and_back(app, battle):
    screen = battle(seed=3)
    m = screen.match
    play_to_the_end(app)
    results = app.screen
    assert isinstance(results, ResultsScreen), "the match did not end"
    r = results.result
    assert m.over and r.rounds == m.round and r.winner in ("blue", "red", "draw")
    assert sum(r.casualties.values()) == sum(1 for v in m.units() if v.out)
    assert len(results.fates) == len(m.units())
    # every fate is shown whole at 1280 x 720 (a long one takes two lines, none is cut short)
    col_w = (results.size[0] - 80) // 2
    for f in results.fates:
        lines = fate_details(f, col_w - 130, text(f.fate, 20).get_width())
        assert not any(line.endswith("...") for line in lines), lines
        assert f.health in " ".join(lines)
    for f in results.fates:
        v = next(v for v in m.units() if v.name == f.name)
        assert (f.fate == "standing") == (not v.out)
        if v.out:
            assert f.fate in ("DEAD", "UNCONSCIOUS", "OUT") and f.when.startswith("round ")
    # the back button goes to the menu with the same settings
    back = next(rect for label, key, rect in results.buttons() if key == pygame.K_ESCAPE)
    post_click(back.center)
    app.frame(16)
    menu = app.screen  # (issue 32: a fresh seed for the next game; Replay plays the same one)
    assert isinstance(menu, MainMenu) and menu.config().seed != 3 and menu.config().map_path == screen.session.config.map_path


def test_the_replay_button_starts_the_same_seed_again(app, battle):
    screen = battle(max_rounds=1)
    first = screen.match.log.lines()[:16]  # the initiative rolls
    end_turn(app)
    post_key(pygame.K_SPACE)
    app.frame(16)
    results = app.screen
    assert isinstance(results, ResultsScreen)
    replay = next(rect for label, key, rect in results.buttons() if key == pygame.K_r)
    post_click(replay.center)
    app.frame(16)
    again = app.screen
    assert isinstance(again, BattleScreen) and again.match.round == 1
    assert again.match.log.lines()[:16] == first


def test_a_whole_hotseat_match_hands_over_and_ends(app, battle):
    screen = battle(mode="hotseat", seed=3, fog=True)
    s = screen.session
    assert s.handover is not None
    lines = screen.view.handover_lines()
    assert lines[0] == f"{s.handover.title()} player, take the seat"
    assert lines[1] == f"Round 1: {screen.match.name(s.current())} declares next"
    assert "looked away" in lines[-1]
    handovers = play_to_the_end(app)
    assert isinstance(app.screen, ResultsScreen)
    assert handovers >= app.screen.result.rounds  # the seat changes at least once a round


def test_watch_mode_pauses_and_changes_speed(app, battle):
    screen = battle(mode="watch")
    app.frame(100)
    assert screen.match.round == 1
    post_key(pygame.K_SPACE)
    app.frame(100)
    rnd = screen.match.round
    for _ in range(10):
        app.frame(1000)
    assert screen.play.paused and screen.match.round == rnd  # nothing moves while paused
    # the pause button is on the side panel
    button = next(r for b, r in screen.choice.buttons() if b.key == pygame.K_SPACE)
    post_click(button.center)
    app.frame(16)
    assert not screen.play.paused
    before = screen.play.watch_ms
    post_key(pygame.K_MINUS)
    app.frame(16)
    assert screen.play.watch_ms == 2 * before and "speed" in screen.message
    for _ in range(40):
        app.frame(5000)
    assert screen.match.round > rnd


def test_a_resolved_round_is_played_back_in_steps(app, battle):
    screen = battle()
    screen.play.step_ms = 200
    m = screen.match
    uid = screen.selected
    enemy = m.sight.visible_enemies(uid)[0]
    screen.camera.centre_on(enemy.pos)
    post_click(screen.camera.centre(enemy.pos))
    app.frame(16)
    end_turn(app, ms=1)
    assert screen.play.busy()
    text, _ = screen.view.banner()
    assert text.startswith("Round 1 resolving, ") and f"(1/{len(screen.play.steps)})" in text
    events = sum(len(step) for step in screen.play.steps)
    assert len(screen.play.steps) < events  # an attack's rolls make one step
    shown = screen.play.ends[0]
    assert shown < len(m.log)  # the log shows only what has been played back
    assert screen.play.durations[0] >= 200  # a step lasts as long as its animation needs
    app.frame(screen.play.durations[0])
    assert screen.play.i == 1
    post_key(pygame.K_SPACE)  # any key skips the rest
    app.frame(16)
    assert not screen.play.busy()


def test_playback_steps_group_an_attack_with_its_rolls_and_damage():
    class E:
        def __init__(self, phase, kind, actor, target, text="x"):
            self.phase, self.kind, self.actor, self.target, self.text = phase, kind, actor, target, text

    events = [E("normal", "attack", 1, 2, "burst 1: ..."), E("normal", "attack", 1, 2, "dodge: ..."),
              E("normal", "attack", 1, 2, "A -> B: hit"), E("normal", "status", 2, None, "B fumbles"),
              E("normal", "damage", None, 2, "B: wounds 2"), E("normal", "ammo", 1, None, "A: 20/30"),
              E("normal", "attack", 1, 3, "burst 1: ..."), E("normal", "attack", 4, 1, "C shoots A"),
              E("move", "move", 2, None), E("move", "move", 3, None)]
    steps = playback_steps(events)
    # the moves that end the round are simultaneous: they walk together, in one step
    assert [len(s) for s in steps] == [6, 1, 1, 2]
    from game.ui.battle_playback import headline

    assert headline(steps[0]) == "A -> B: hit; B: wounds 2"


def test_the_playback_shows_units_where_they_stood_at_each_step(app, battle):
    screen = battle()
    screen.play.step_ms = 200
    m = screen.match
    uid = screen.selected
    start = m.view(uid).pos
    reach = m.movement.reachable(uid, "free")
    occupied = {v.pos for v in m.units()}
    tile = max((t for t in reach if t not in occupied), key=reach.get)
    move_to(app, tile)
    end_turn(app, ms=1)
    assert screen.play.busy() and m.view(uid).pos == tile  # the world has resolved the round
    assert screen.play.shown()[uid].pos == start  # but the mover is drawn where it began
    fallen = [u for u in m.uids() if m.view(u).out]
    for u in fallen:
        assert not screen.play.shown()[u].out  # nobody is drawn fallen before the shot that fells them
    moves = [i for i, step in enumerate(screen.play.steps) if any(e.kind == "move" and e.actor == uid for e in step)]
    assert moves
    screen.play.i = moves[0]
    assert uid not in screen.play.shown() or screen.play.shown()[uid].pos == tile
