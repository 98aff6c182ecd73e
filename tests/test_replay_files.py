"""`skirmish replay FILE` (issue 31): a saved game and a battle of a `simulate --json` record open
as a watched battle with every setting they were played with, play the battle they hold, say
what differs since (the map, the code), and a file that is not one of them, or is not whole, is
one line naming the file, the place and the problem, exit code 2."""

import json
import sqlite3

import esper
import pytest

from game.cli import main
from game.lab.replay import ReplayError
from game.lab.replay_files import open_replay
from game.saves import load_game, save_game
from game.session import SessionConfig
from game.ui.app import new_session
from tests.test_replay_stored import watch_to_the_end
from tests.test_saves import play_rounds
from tests.test_sweep import STREET

HOLD = '[[group]]\nname = "all"\nunits = "all"\n[[group.order]]\ndo = "hold"\nuntil = { round = 2 }\n' \
       '[[group.order]]\ndo = "assault"\n'


@pytest.fixture(autouse=True)
def fresh_world():
    yield
    esper.switch_world("default")


@pytest.fixture
def record(tmp_path, monkeypatch, capsys):
    """Two battles on the street with every setting simulate takes but the squads."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hold.toml").write_text(HOLD)
    out = tmp_path / "record.json"
    assert main(["simulate", "--map", STREET, "--runs", "2", "--seed", "40", "--jobs", "1", "--fog", "on",
                 "--ai-sees-all", "blue", "--red-ai", "easy", "--max-rounds", "9", "--blue-ai-weights", "cover=2.5",
                 "--blue-tactic", "hold.toml", "--json", str(out)]) == 0
    assert f"a battle in the window: skirmish replay {out} N" in capsys.readouterr().out
    return out


def test_a_records_battle_opens_with_its_settings_and_plays_as_recorded(record):
    battles = json.loads(record.read_text())["battles"]
    for i, battle in enumerate(battles):
        source = open_replay(str(record), str(i))
        assert source.notes == ()  # the same map and code, the same ending
        assert source.rounds == battle["rounds"]
        s = source.session_at(0)
        m, cfg = s.match, s.config
        assert (m.fog, m.rules.name, m.max_rounds, cfg.mode, cfg.ai_of("blue"), cfg.ai_of("red"), cfg.seed) == \
            (True, "yags", 9, "watch", "normal", "easy", battle["seed"])
        blue, red = s.ais["blue"], s.ais["red"]
        assert blue.inner.sees_all and not red.sees_all  # --ai-sees-all blue
        assert blue.inner.w["cover"] == 2.5 and "cover" not in getattr(red, "weights", {})
        assert blue.tactic is not None and cfg.tactics["blue"][1] == HOLD
        assert s.flow.controllers["blue"] is blue
        assert watch_to_the_end(s) == (battle["winner"], battle["rounds"])


def test_a_record_says_what_changed_since(record, tmp_path, capsys):
    data = json.loads(record.read_text())
    data["code_version"] = "skirmish 0.0 src older"
    data["map_facts"] = "0" * 16
    data["battles"][0]["rounds"] += 1
    (tmp_path / "hold.toml").unlink()  # the record keeps the tactic's text
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    shot = tmp_path / "shot.png"
    assert main(["replay", str(changed), "0", "--screenshot", str(shot), "--frames", "2"]) == 0
    out = capsys.readouterr().out
    assert f"replaying battle 0 of {changed} (seed 40)" in out
    assert "played by code skirmish 0.0 src older" in out and "street.tmx has changed since" in out
    assert f"the record says {data['battles'][0]['winner']} in {data['battles'][0]['rounds']} rounds" in out
    assert shot.stat().st_size > 0


def test_an_older_record_reads_its_tactic_from_the_file_and_says_so(record):
    data = json.loads(record.read_text())
    for key in ("tactics", "map_facts", "code_version"):  # what records held before issue 31
        del data[key]
    record.write_text(json.dumps(data))
    source = open_replay(str(record), "1")
    assert len(source.notes) == 1 and "does not keep blue's tactic: it is read from hold.toml" in source.notes[0]


@pytest.fixture
def saved(tmp_path):
    """A solo game with fog, the hard AI and at most 8 rounds: two rounds played and a third
    begun; and the original session, to compare with."""
    s = new_session(SessionConfig(STREET, "solo", "hard", 5, max_rounds=8, fog=True))
    play_rounds(s, 2)
    path = save_game(s, tmp_path / "game.json")
    yield path, s
    s.match.close()


def lines_to(lines, rnd):
    """The log's lines of rounds 0 to `rnd` ("[r3 fast] ...")."""
    return [x for x in lines if int(x[2:x.index(" ")]) <= rnd]


def test_a_save_opens_with_its_settings_and_replays_its_own_declarations(saved):
    path, original = saved
    source = open_replay(str(path))
    assert source.notes == () and source.rounds == 2 and source.ending == "saved after round 2, the match not over"
    assert source.who == "replay: blue a player v red AI (hard)"  # the side panel's first line
    for rnd in (0, 1, 2):
        s = source.session_at(rnd)
        m, cfg = s.match, s.config
        assert (m.fog, m.rules.name, m.max_rounds, cfg.mode, cfg.ai, cfg.seed) == (True, "yags", 8, "watch", "hard", 5)
        assert len(s.history) == rnd and m.round == rnd
        assert m.log.lines() == lines_to(original.match.log.lines(), rnd)  # the player's declarations, not the AI's
        assert source.has_next(s) == (rnd < 2)
        again = load_game(save_game(s, path.parent / f"at-{rnd}.json"))  # saved from the replay: as played to there
        assert again.config.mode == "solo" and again.match.log.lines() == m.log.lines()
        again.match.close()
        m.use_world()
        s.begin_round()  # the next round comes from the record; after the last, nothing
        assert len(s.history) == min(rnd + 1, 2)
        s.match.close()


def test_a_save_by_other_code_says_so(saved, tmp_path, capsys):
    path, _ = saved
    data = json.loads(path.read_text())
    data["code_version"] = "skirmish 0.0 src older"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--screenshot", str(tmp_path / "s.png"), "--frames", "1"]) == 0
    out = capsys.readouterr().out
    assert f"replaying the saved game {path}: street.tmx, yags, fog on, solo, seed 5, 2 rounds" in out
    assert "note: saved by skirmish 0.0 src older, this is skirmish" in out
    data["rounds"][0]["declarations"][0]["unit"] = 999
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "round 1: no unit 999" in err and "(saved by skirmish 0.0 src older" in err


def _cases(record, saved_path, tmp_path):
    data = json.loads(record.read_text())

    def changed(name, **edits):
        out = tmp_path / name
        out.write_text(json.dumps({**data, **edits}))
        return out

    battle = data["battles"][0]
    (tmp_path / "store.sqlite").write_bytes(b"")
    with sqlite3.connect(tmp_path / "real.sqlite") as db:
        db.execute("CREATE TABLE t (x)")
    db.close()
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\xff{not json")
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    return [
        ([str(tmp_path / "none.json")], "none.json: no such file"),
        ([str(tmp_path)], "not a regular file (a folder)"),
        ([str(garbage)], "garbage.json: not a save or a simulate --json record"),
        ([str(listed)], "list.json: not a save"),
        ([str(record)], "the record holds 2 battles: give the index of one (0 to 1)"),
        ([str(record), "5"], "record.json: no battle 5: the record holds 2, from 0 to 1"),
        ([str(record), "-1"], "record.json: the battle's index must be a whole number from 0, not '-1'"),
        ([str(record), "1", "2"], "record.json: a save or a record takes at most one number after it"),
        ([str(changed("empty.json", battles=[]))], "empty.json: battles: the record holds no battle"),
        ([str(changed("rules.json", ruleset="chess")), "0"], "rules.json: ruleset is 'chess', not one of"),
        ([str(changed("fog.json", fog="yes")), "0"], "fog.json: fog must be true or false, not 'yes'"),
        ([str(changed("seed.json", battles=[{**battle, "seed": -1}])), "0"],
         "seed.json: battles[0]: seed must be from 0 to"),
        ([str(changed("weights.json", blue_weights={"bogus": 1})), "0"],
         "weights.json: blue_weights.bogus: not an AI weight"),
        ([str(changed("level.json", red_ai="genius")), "0"], "level.json: red_ai is 'genius', not one of"),
        ([str(changed("nomap.json", map="gone.tmx")), "0"], "nomap.json: map: gone.tmx is not found"),
        ([str(changed("notactic.json", tactics={}, blue_tactic="gone.toml")), "0"],
         "notactic.json: blue_tactic: gone.toml is not found, and the record does not keep its text"),
        ([str(saved_path), "0"], "game.json: a saved game holds one match: give no index after it"),
        ([str(tmp_path / "real.sqlite")], "real.sqlite: a results store: give the variant and the match's index"),
        ([str(tmp_path / "real.sqlite"), "abc", "x1"], "real.sqlite: the match's index must be a whole number"),
        ([str(tmp_path / "real.sqlite"), "abc", "1"], "real.sqlite: not a results store this skirmish can read"),
    ]


def test_bad_files_are_one_line_exit_2(record, saved, tmp_path, capsys):
    for argv, says in _cases(record, saved[0], tmp_path):
        assert main(["replay", *argv]) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and says in err, (argv, err)


def test_open_replay_raises_one_line(tmp_path):
    with pytest.raises(ReplayError) as err:
        open_replay(str(tmp_path / "x.sqlite"), "abc", "0")
    assert "no such results store" in str(err.value) and "\n" not in str(err.value)


def played_by_the_ai(path, ruleset, mode, seed, rounds, fog):
    """A session whose every seat the AI decides through the session, as a player's clicks
    would (declarations, reactions, effects, a Mythras Turn's action), saved after `rounds`
    rounds and part of the next (as tools/behaviour.py makes its saves)."""
    from game.ai import make_controller
    from game.world.actions import Hold

    session = new_session(SessionConfig(STREET, mode, "normal", seed, ruleset=ruleset, fog=fog))
    players = {t: make_controller("normal", seed + 100, t) for t in session.humans}
    for _ in range(5000):  # each step declares or answers (Session raises Stuck otherwise)
        if session.match.over or session.match.round > rounds:
            break
        if session.needs_round:
            session.begin_round()
        elif session.handover:
            session.take_seat()
        elif (q := session.question) is not None and q.kind not in ("act", "declare"):
            session.answer(players[session.team_of(q.uid)].choose(session.match, q))
        elif (uid := session.current()) is None:
            break
        else:
            action, choices = players[session.team_of(uid)].decide(session.match, uid)
            if hasattr(session.declare(uid, action, **choices), "reason"):
                session.declare(uid, Hold())
    save_game(session, path)
    lines = session.match.log.lines()
    session.match.close()
    return lines


@pytest.mark.parametrize(("ruleset", "mode", "seed"), [("yags", "solo", 5), ("mythras", "hotseat", 3),
                                                      ("step", "hotseat", 3), ("yags-sf", "solo", 5)])
def test_a_save_of_every_ruleset_replays_round_by_round_as_played(tmp_path, ruleset, mode, seed):
    """The players' answers too (Mythras reactions and Turns, step dice's choices), hot-seat
    and solo: each round replayed from the record ends where the game's did."""
    path = tmp_path / "game.json"
    lines = played_by_the_ai(path, ruleset, mode, seed, 3, fog=mode == "solo")
    source = open_replay(str(path))
    assert source.rounds == 3 and source.notes == ()
    s = source.session_at(1)
    while source.has_next(s):
        s.begin_round()
        assert s.match.log.lines() == lines_to(lines, len(s.history)), len(s.history)
    assert len(s.history) == 3
    s.match.close()
