"""`skirmish replay STORE VARIANT INDEX` (issue 31): a stored match opened in the window plays the
battle the store holds, for every setting a variant can have; what differs since (the map, the
code) is said first; a store, variant or index that is not there is one line."""

import sqlite3

import esper
import pytest

from game.cli import main
from game.lab.replay import ReplayError, replay_session, stored_match
from tests.test_sweep import STREET, write_plan

TACTIC = '[[group]]\nname = "all"\nunits = "all"\n[[group.order]]\ndo = "hold"\nuntil = { round = 2 }\n' \
         '[[group.order]]\ndo = "assault"\n'


def watch_to_the_end(session):
    """The watched battle played out headless, as the window's watch mode plays it."""
    try:
        for _ in range(10_000):
            if session.match.over:
                break
            if session.needs_round:
                session.begin_round()
            session.advance()
        r = session.match.result()
        return r.winner, r.rounds
    finally:
        session.match.close()
        esper.switch_world("default")


@pytest.fixture
def swept(tmp_path):
    (tmp_path / "hold.toml").write_text(TACTIC)
    body = (f'runs = 2\nmap = "{STREET}"\nsize = 2\n'
            '[[variant]]\nfog = "on"\n'
            '[[variant]]\nmax_rounds = 4\nblue = { ai_weights = { cover = 2.5 }, tactic = "hold.toml" }\n'
            '[[variant]]\nred = { ai = "easy", squad = "swordsman" }\n')
    plan = write_plan(tmp_path, body)
    assert main(["sweep", str(plan), "--jobs", "1"]) == 0
    return tmp_path / "plan.sqlite"


def test_every_stored_match_replays_as_stored(swept):
    with sqlite3.connect(swept) as db:
        rows = db.execute("SELECT variant, idx, winner, rounds FROM matches ORDER BY variant, idx").fetchall()
    db.close()
    assert len(rows) == 6
    for variant, idx, winner, rounds in rows:
        stored = stored_match(swept, variant[:8], idx)
        assert stored.notes == ()  # the same map and code
        assert watch_to_the_end(replay_session(stored)) == (winner, rounds), (variant, idx)


def test_the_command_opens_it_and_says_what_changed(swept, tmp_path, capsys):
    with sqlite3.connect(swept) as db:
        variant = db.execute("SELECT variant FROM variants ORDER BY variant").fetchone()[0]
        db.execute("UPDATE matches SET code_version = 'older' WHERE variant = ?", (variant,))
    db.close()
    shot = tmp_path / "replay.png"
    assert main(["replay", str(swept), variant, "1", "--screenshot", str(shot), "--frames", "2"]) == 0
    out = capsys.readouterr().out
    assert f"replaying match 1 of variant {variant}" in out and "played by code older" in out
    assert shot.stat().st_size > 0


@pytest.mark.parametrize(("which", "index", "says"), [
    ("ffffffff", 0, "names no variant"),
    ("", 0, "names more than one variant"),
    (None, 99, "has no match 99 (2 stored, from 0)"),
])
def test_what_is_not_there_is_one_line(swept, which, index, says):
    if which is None:
        with sqlite3.connect(swept) as db:
            which = db.execute("SELECT variant FROM variants").fetchone()[0]
        db.close()
    with pytest.raises(ReplayError) as err:
        stored_match(swept, which, index)
    assert says in str(err.value) and "\n" not in str(err.value)


def test_a_missing_store_is_one_line_exit_2(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.sqlite"), "abc", "0"]) == 2
    assert "no such results store" in capsys.readouterr().err
