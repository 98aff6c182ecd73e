"""Saves of battles with objectives and deployments (issue 30): a saved game replays to the
same log, units that left by an exit included, and a deployment's places are in the save."""

from pathlib import Path

import pytest

from game.saves import load_game, save_game
from game.session import SessionConfig
from game.ui.app import new_session
from tests.test_saves import play_rounds, unit_states

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("fog", [False, True])
def test_a_breakout_from_its_flank_deployment_saves_and_replays(tmp_path, sessions, fog):
    cfg = SessionConfig(str(ROOT / "maps" / "breakout.tmx"), "solo", "normal", 4, fog=fog, blue_deployment="flank")
    s = sessions(new_session(cfg))
    assert sorted(v.pos for v in s.match.units("blue"))[:2] == [(0, 0), (0, 1)]  # the flank's places
    play_rounds(s, 3)
    loaded = sessions(load_game(save_game(s, tmp_path / "b.json")))
    assert loaded.match.log.lines() == s.match.log.lines()
    assert unit_states(loaded.match) == unit_states(s.match)
    play_rounds(s, 6)
    play_rounds(loaded, 6)
    assert loaded.match.log.lines() == s.match.log.lines()
    assert loaded.match.objectives.status(0, "blue") == s.match.objectives.status(0, "blue")


def test_check_save_names_the_objectives_state(tmp_path, sessions, capsys):
    from game.cli import main

    cfg = SessionConfig(str(ROOT / "maps" / "breakout.tmx"), "solo", "normal", 4, fog=False)
    s = sessions(new_session(cfg))
    play_rounds(s, 2)
    path = save_game(s, tmp_path / "c.json")
    assert main(["check-save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "objective 'East road out' (blue): exit: 0 of 3 left" in out
