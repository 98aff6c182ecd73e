"""The `skirmish` command as a user runs it."""

import os
import subprocess
import sys

from game.cli import main

STREET = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "maps", "street.tmx")


def _run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_no_display_says_so_in_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    r = _run(env=env)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "no display" in lines[0] and "skirmish simulate" in lines[0]
    assert "Traceback" not in r.stderr


def test_play_with_no_display_says_so_in_one_line_and_screenshot_still_works(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    r = _run("play", "--map", STREET, "--mode", "hotseat", env=env)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [r.stderr.strip()] and "skirmish check-map" in r.stderr
    out = tmp_path / "shot.png"
    r = _run("play", "--map", STREET, "--screenshot", str(out), "--frames", "2", env=env)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_duel_prints_every_roll(capsys):
    assert main(["duel", "--a", "broad_sword", "--b", "spear", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "initiative: Agi 3 x 4 + d20" in out
    assert "vs " in out and ("wins after" in out or "draw after" in out)


def test_duel_is_reproducible(capsys):
    main(["duel", "--a", "m16_a1", "--b", "ak_47", "--distance", "60", "--seed", "9"])
    first = capsys.readouterr().out
    main(["duel", "--a", "m16_a1", "--b", "ak_47", "--distance", "60", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_duel_bad_weapon_is_one_line_exit_2(capsys):
    assert main(["duel", "--a", "phaser"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["error: --a: unknown weapon 'phaser' (see 'skirmish rules weapons')"]


def test_rules_lists_the_catalogue(capsys):
    assert main(["rules", "weapons"]) == 0
    out = capsys.readouterr().out
    assert "m16_a1" in out and "broad_sword" in out


def _saved_game(tmp_path):
    """A save of a solo skirmish on the street, two rounds in and one declaration made."""
    import esper
    from test_saves import play_rounds

    from game.saves import save_game
    from game.session import SessionConfig
    from game.ui.app import new_session

    session = new_session(SessionConfig(STREET, "solo", "normal", 5))
    try:
        play_rounds(session, 2)
        path = save_game(session, tmp_path / "game.json")
    finally:
        session.match.close()
        esper.switch_world("default")
    return path


def test_check_save_replays_a_save_headless(tmp_path, capsys):
    path = _saved_game(tmp_path)
    before = path.read_bytes()
    assert main(["check-save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "map: Market Street" in out and "round 3 of" in out and "replayed and checked" in out
    assert "next to declare: " in out
    assert path.read_bytes() == before


def test_a_bad_save_is_one_line_exit_2_from_the_command_line(tmp_path, capsys):
    import json

    path = _saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["format"] = 99
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    for argv in (["check-save", str(path)], ["play", "--load", str(path), "--screenshot", str(tmp_path / "x.png")]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"error: {path}: ") and "format 99" in err, err
    assert path.read_bytes() == before and not (tmp_path / "x.png").exists()


def test_play_load_opens_the_saved_game(tmp_path):
    path = _saved_game(tmp_path)
    shot = tmp_path / "loaded.png"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    r = _run("play", "--load", str(path), "--screenshot", str(shot), "--frames", "2", env=env)
    assert r.returncode == 0, r.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_broken_data_file_is_one_line_exit_2(monkeypatch, capsys, tmp_path):
    """game/data/ai_levels.toml and engine/yags/data/*.toml are read where they are first
    needed; broken, they stop any command with their own one line (file, entry, field)."""
    import engine.yags.catalogue as catalogue
    import game.ai as ai
    from game.ai.levels import LEVELS_FILE, parse_levels

    text = LEVELS_FILE.read_text().replace("targets = 3", "targets = 'many'")
    monkeypatch.setattr(ai, "load_levels", lambda: parse_levels(text, LEVELS_FILE))
    assert main(["simulate", "--runs", "1", "--jobs", "1", "--map", STREET, "--size", "1"]) == 2
    out, err = capsys.readouterr()
    assert err == f"error: {LEVELS_FILE}: level.normal: targets: must be an integer, not 'many'\n" and out == ""
    monkeypatch.undo()

    bad = tmp_path / "firearms.toml"
    bad.write_text("[weapon.m16]\nname = 3\n")
    monkeypatch.setattr(catalogue, "default_catalogue", lambda: catalogue.load_catalogue([bad]))
    assert main(["rules", "weapons"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad}") and err.count("\n") == 1, err


def test_play_refuses_an_unknown_ai_level_for_a_side_in_one_line(capsys, tmp_path):
    assert main(["play", "--map", STREET, "--red-ai", "clever", "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "--red-ai: unknown AI level 'clever'" in err
