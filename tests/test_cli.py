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
