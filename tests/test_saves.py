"""Saves: round trip by replay, every hostile file gives a one-line SaveError, atomic writes."""

import json
import os
from pathlib import Path

import esper
import pytest

from game import saves
from game.limits import MAX_LINE_CHARS, MAX_SAVE_BYTES
from game.saves import SaveError, action_from_dict, action_to_dict, load_game, save_game
from game.session import SessionConfig
from game.ui.app import new_session
from game.world.actions import (
    Aim,
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    Overwatch,
    PickUp,
    Reload,
    Stand,
    Throw,
)

ROOT = Path(__file__).resolve().parents[1]
CROSSROADS = str(ROOT / "maps" / "crossroads.tmx")


@pytest.fixture(autouse=True)
def fresh_world():
    yield
    esper.switch_world("default")


def play_rounds(session, n):
    """The player's units declare what the AI would (an AI plays blue too), n whole rounds,
    then the start of the next round with one blue declaration."""
    from game.ai import make_controller

    blue_ai = make_controller("normal", 99, "blue")
    for _ in range(n + 1):
        if session.needs_round:
            session.begin_round()
        while (uid := session.current()) is not None and session.can_declare(uid):
            action, choices = blue_ai.decide(session.match, uid)
            if session.declare(uid, action, **choices).__class__.__name__ == "Impossible":
                session.declare(uid, Hold())
            if session.match.round > n:
                return  # one declaration in the unfinished round


def unit_states(match):
    return [(v.uid, v.pos, repr(v.state), v.stance, repr(v.ammo), v.grenades, v.out) for v in match.units()]


def test_round_trip_two_rounds_and_one_unfinished(tmp_path, sessions):
    s = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 5)))
    play_rounds(s, 2)
    m = s.match
    assert m.round == 3 and m.phase == "declare" and not s.needs_round
    assert any(d[0] for d in s.history[-1].calls)
    path = save_game(s, tmp_path / "a.json")
    data = json.loads(path.read_text())
    assert data["format"] == saves.FORMAT and len(data["rounds"]) == 3
    assert not list(tmp_path.glob("*.tmp"))
    loaded = sessions(load_game(path))
    assert loaded.match.log.lines() == m.log.lines()
    assert unit_states(loaded.match) == unit_states(m)
    assert loaded.current() == s.current()
    assert [(u, a) for u, a, _ in loaded.history[-1].declarations] == [(u, a) for u, a, _ in s.history[-1].declarations]
    # both go on identically, the AI included (its random state was replayed)
    play_rounds(s, 4)
    play_rounds(loaded, 4)
    assert loaded.match.log.lines() == m.log.lines()


def test_overwatch_declarations_round_trip(tmp_path, sessions):
    """Overwatch (yags-combat.md, Action Types) is saved like any declaration: the player's units
    watch the nearest enemy's tile for three rounds (kept from round to round), the AI plays red;
    the save replays to the same log, overwatch events included, and both go on alike."""
    s = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 5)))
    m = s.match
    for _ in range(3):
        if s.needs_round:
            s.begin_round()
        while (uid := s.current()) is not None and s.can_declare(uid):
            near = min(m.enemies_of(uid), key=lambda e: m.range.distance_m(uid, e.uid))
            if s.declare(uid, Overwatch(near.pos)).__class__.__name__ == "Impossible":
                s.declare(uid, Hold())
    assert any(e.kind == "declare" and "overwatch at" in e.text for e in m.log)
    assert any(e.kind == "overwatch" for e in m.log)
    loaded = sessions(load_game(save_game(s, tmp_path / "o.json")))
    assert loaded.match.log.lines() == m.log.lines()
    assert unit_states(loaded.match) == unit_states(m)
    play_rounds(s, 5)
    play_rounds(loaded, 5)
    assert loaded.match.log.lines() == m.log.lines()


def test_round_trip_between_rounds_and_hotseat(tmp_path, sessions):
    s = sessions(new_session(SessionConfig(CROSSROADS, "hotseat", "normal", 3, fog=True)))
    s.take_seat() if s.handover else None
    s.end_declarations()
    while s.handover:
        s.take_seat()
        s.end_declarations()
    assert s.needs_round and s.match.round == 1
    loaded = sessions(load_game(save_game(s, tmp_path / "h.json")))
    assert loaded.needs_round and loaded.config.mode == "hotseat"
    assert loaded.match.log.lines() == s.match.log.lines()


@pytest.mark.parametrize("action", [
    Hold(), Move(((1, 2), (2, 3)), "run"), Attack(4, "burst", {"bursts": 2, "shot": "snap"}, ((0, 0),)),
    AreaFire((5, 6), True), Throw("frag_grenade", (7, 8)), Reload(), FullDodge(None), FullDodge((1, 1)),
    Aim(3), Stand(), FirstAid(2, True), PickUp(), Overwatch((3, 4)), Overwatch(),
])
def test_actions_round_trip(action):
    d = json.loads(json.dumps(action_to_dict(action)))
    assert action_from_dict(d) == action


@pytest.fixture
def good_save(tmp_path, sessions):
    s = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 2)))
    play_rounds(s, 1)
    return save_game(s, tmp_path / "good.json")


def edit(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _unit(change):
    return lambda d: change(d["squads"]["blue"][0])


def _first_decl(change):
    return lambda d: change(d["rounds"][0]["declarations"][0])


HOSTILE = {
    "wrong version": (_set("format", 99), "format 99 is not supported"),
    "not a save": (_set("kind", "other"), "not a skirmish save"),
    "seed a string": (_set("seed", "7"), "seed must be an integer"),
    "seed a bool": (_set("seed", True), "seed must be an integer"),
    "unknown mode": (_set("mode", "arcade"), "mode must be one of"),
    "rounds not a list": (_set("rounds", {}), "rounds must be a list"),
    "unknown action tag": (_first_decl(lambda x: x.__setitem__("action", {"type": "teleport"})), "unknown action type"),
    "bad tile": (_first_decl(lambda x: x.__setitem__("action", {"type": "move", "path": [[1]], "mode": "free"})),
                 "must be a tile"),
    "bad choices": (_first_decl(lambda x: x.__setitem__("choices", {"defences": [1]})), "must be a plain value"),
    "unknown unit": (_first_decl(lambda x: x.__setitem__("unit", 999)), "no unit 999"),
    "refused declaration": (_first_decl(lambda x: x.__setitem__("choices", {"defences": 40})), "defences"),
    "edited log digest": (_set("log_sha256", "0" * 64), "does not reach the saved state"),
    # a save finds its map by its path, beside the save, or by name in maps/: none of them here
    "missing map": (lambda d: d.update(map="/nonexistent/nowhere.tmx", map_rel="nowhere.tmx", map_name="nowhere.tmx"),
                    "the map is not found"),
    "map that changed": (_set("map_sha256", "0" * 64), "is not the one this game was played on"),
    "map name with a folder": (_set("map_name", "../x.tmx"), "map_name must be a file name"),
    "bad squads": (_set("squads", {"blue": "x"}), "squads.blue must be a list"),
    # issue 12: hostile values
    "issue12 unit coordinate Infinity": (_unit(lambda u: u.__setitem__("x", float("inf"))),
                                         "squads.blue[0].x: must be a finite number, not inf"),
    "issue12 tile coordinate Infinity": (_first_decl(lambda x: x.__setitem__(
        "action", {"type": "move", "path": [[float("inf"), 1]], "mode": "free"})), "path[0][0]: must be a finite"),
    "issue12 attributes [[]]": (_unit(lambda u: u.__setitem__("attributes", [[]])),
                                "squads.blue[0].attributes: must be a table"),
    "issue12 attribute of a million": (_unit(lambda u: u["attributes"].__setitem__("strength", 10**6)),
                                       "squads.blue[0].attributes.strength: must be a whole number from 0 to 100"),
    "issue12 unit x a float": (_unit(lambda u: u.__setitem__("x", 1.5)), "squads.blue[0].x: must be a whole number"),
    "issue12 choices NaN": (_first_decl(lambda x: x.__setitem__("choices", {"defences": float("nan")})),
                            "choices.defences: must be a finite number"),
    "issue12 negative seed": (_set("seed", -3), "seed must be from 0"),
    "issue12 seed of 19 digits": (_set("seed", 10**18), "seed must be from 0 to 999,999,999,999,999,999"),
    "issue12 unit of 2**63": (_first_decl(lambda x: x.__setitem__("unit", 2**63)), "an integer of 19 digits"),
    "issue12 a map path of 5 MB": (_set("map", "m" * 5_000_000), "map must be a path of at most 4096"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_saves_give_one_line_errors(good_save, case):
    change, expected = HOSTILE[case]
    edit(good_save, change)
    before = good_save.read_bytes()
    with pytest.raises(SaveError) as err:
        load_game(good_save)
    msg = str(err.value)
    assert "\n" not in msg and str(good_save) in msg and expected in msg, msg
    assert len(msg) <= MAX_LINE_CHARS
    assert good_save.read_bytes() == before  # nothing overwritten


@pytest.mark.parametrize("digits", [5000, 4000, 20])
def test_issue12_a_huge_integer_is_one_line_not_a_traceback(good_save, digits):
    """Python refuses to convert over 4300 digits (ValueError), and reads 4000 without a word."""
    raw = good_save.read_text()
    good_save.write_text(raw.replace('"seed": 2', '"seed": ' + "9" * digits, 1))
    with pytest.raises(SaveError, match=f"not a valid save \\(seed: an integer of {digits} digits is too large"):
        load_game(good_save)


def test_issue12_a_fifo_save_is_refused_without_blocking(fifo, never_blocks):
    with pytest.raises(SaveError, match=r"not a regular file \(a FIFO\)"):
        load_game(fifo)


def test_issue12_dev_zero_as_a_save_is_refused_without_reading_it(never_blocks):
    with pytest.raises(SaveError, match=r"^/dev/zero: not a regular file \(a character device\)$"):
        load_game("/dev/zero")


def test_issue12_a_700_mb_save_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(700 * 1024 * 1024)  # sparse: takes no disk
    with pytest.raises(SaveError, match=f"734,003,200 bytes, more than the {MAX_SAVE_BYTES:,} byte limit"):
        load_game(big)


def test_issue12_a_save_name_with_a_newline_is_one_line(tmp_path):
    with pytest.raises(SaveError) as err:
        load_game(tmp_path / "a\nb.json")
    assert str(err.value).endswith("a\\nb.json: no such save")


@pytest.mark.parametrize("content", ["", "{", '{"format": 1', "[1, 2]", "null", "\x00\xff", "[" * 100000])
def test_truncated_or_garbage_files(tmp_path, content):
    p = tmp_path / "bad.json"
    p.write_bytes(content.encode("utf-8", "surrogateescape") if content != "\x00\xff" else b"\x00\xff\xfe")
    with pytest.raises(SaveError) as err:
        load_game(p)
    assert "\n" not in str(err.value) and str(p) in str(err.value)


def test_truncated_real_save(good_save):
    raw = good_save.read_bytes()
    good_save.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(SaveError, match="broken JSON"):
        load_game(good_save)


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such save"):
        load_game(tmp_path / "nope.json")


def test_failed_write_keeps_the_previous_save(tmp_path, sessions, monkeypatch):
    from game import files

    s = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 4)))
    path = save_game(s, tmp_path / "quick.json")
    before = path.read_bytes()
    play_rounds(s, 1)

    def broken_fsync(fd):  # the new save is half on disk when the disk fills
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch, pytest.raises(SaveError) as err:
        patch.setattr(files.os, "fsync", broken_fsync)
        save_game(s, path)
    assert "No space left on device" in str(err.value) and str(path) in str(err.value)
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["quick.json"]  # no temp file left behind
    sessions(load_game(path))  # the old save still loads


def test_save_dir_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_SAVE_DIR", str(tmp_path / "x"))
    assert saves.default_save_path() == tmp_path / "x" / "quick.json"
    monkeypatch.delenv("SKIRMISH_SAVE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert saves.default_save_path() == tmp_path / ".local" / "share" / "skirmish" / "saves" / "quick.json"


def test_issue12_saving_into_a_folder_that_cannot_be_written_is_a_save_error(tmp_path, sessions, monkeypatch):
    """The temporary file was made outside the try: its PermissionError escaped into the game."""
    from game import files

    s = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 4)))
    real_open = os.open

    def refused(path, flags, mode=0o777):
        if str(path).endswith(".tmp"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, mode)

    with monkeypatch.context() as patch, pytest.raises(
            SaveError, match="quick.json: cannot save: cannot write quick.json.tmp .Permission denied"):
        patch.setattr(files.os, "open", refused)
        save_game(s, tmp_path / "quick.json")
    assert os.listdir(tmp_path) == []
    path = save_game(s, tmp_path / "quick.json")  # the session is untouched: it saves once it can
    sessions(load_game(path))


def test_issue12_a_killed_saves_temporary_goes_at_the_next_save(tmp_path, sessions):
    s = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 4)))
    (tmp_path / "quick.json.tmp").write_text('{"format": 1, "ki')  # killed half-way
    old_style = tmp_path / "quick.json.k3x_9ab2.tmp"  # a killed save of an earlier version
    old_style.write_text("{")
    os.utime(old_style, (1, 1))
    recent = tmp_path / "quick.json.zzzzzzzz.tmp"  # maybe another game saving right now: kept
    recent.write_text("{")
    save_game(s, tmp_path / "quick.json")
    assert sorted(os.listdir(tmp_path)) == ["quick.json", "quick.json.zzzzzzzz.tmp"]


def test_a_mythras_save_says_when_reactions_are_asked(tmp_path, sessions):
    """Issue 32: Mythras asks a defender after a failed attack only when a reaction can win it
    a special effect. A save says it was played so; a save from before (no such field) was
    asked after every attack, and replays asking so, its answers in step with the questions."""
    s = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 5, ruleset="mythras")))
    # (saved before its first round)
    assert s.match.rules.ask_after_failed is False
    path = save_game(s, tmp_path / "m.json")
    data = json.loads(path.read_text())
    assert data["reaction_asking"] == "when it matters"
    assert sessions(load_game(path)).match.rules.ask_after_failed is False
    del data["reaction_asking"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    assert sessions(load_game(old)).match.rules.ask_after_failed is True
    yags = sessions(new_session(SessionConfig(CROSSROADS, "solo", "normal", 5)))
    assert "reaction_asking" not in json.loads(save_game(yags, tmp_path / "y.json").read_text())


def test_a_mythras_ward_is_saved_as_a_plain_value_and_replays(tmp_path, sessions):
    """Issue 28, Mythras 13: a ward (0005 Ward Location) is a declaration choice, saved as a
    plain value ("left_arm,chest": a save's choices are flat); a shield bearer of the
    street's declares it with its Turns, and the save replays to the same log and states."""
    from game.ai import make_controller

    street = str(ROOT / "maps" / "street.tmx")
    s = sessions(new_session(SessionConfig(street, "solo", "normal", 3, ruleset="mythras")))
    m = s.match
    blue_ai = make_controller("normal", 99, "blue")
    for _ in range(3):
        if s.needs_round:
            s.begin_round()
        while (uid := s.current()) is not None and s.can_declare(uid):
            action, choices = blue_ai.decide(m, uid)
            if m.view(uid).combatant.shield is not None:
                choices = {**choices, "warded": "left_arm,chest"}
            if s.declare(uid, action, **choices).__class__.__name__ == "Impossible":
                s.declare(uid, Hold())
    warding = [v for v in m.units() if not v.out and v.state.warded]
    assert warding and all(v.state.warded == {"left_arm", "chest"} for v in warding)
    path = save_game(s, tmp_path / "w.json")
    assert '"warded": "left_arm,chest"' in path.read_text()
    loaded = sessions(load_game(path))
    assert loaded.match.log.lines() == m.log.lines()
    assert unit_states(loaded.match) == unit_states(m)
