"""`skirmish replay FILE`: what FILE is, and the match it holds, ready to step through
(game/lab/replay_sources.py) with every setting it was played with.

    source = open_replay("plan.sqlite", "3f2a", "4")   # match 4 of a sweep's variant (game/lab/replay.py)
    source = open_replay("quick.json")                 # a saved game
    source = open_replay("record.json", "7")           # battle 7 (from 0) of a `simulate --json` record

A file that is not one of these, or not whole, is a ReplayError: one line naming the file, the
place in it and the problem. What differs from when the match was played (the map, the code,
how it ended) is in `source.notes`, said before the window opens.
"""

from __future__ import annotations

from pathlib import Path

from game.files import BadData, FileProblem, parse_json, read_bounded
from game.lab.replay import ReplayError
from game.lab.replay_record import record_source, spec_source, whole_index
from game.lab.replay_sources import SaveSource, SpecSource

SQLITE_MAGIC = b"SQLite format 3\x00"
MAX_RECORD_BYTES = 64 * 1024 * 1024
"""Largest `simulate --json` record replay reads (about 9,000 battles of the street: a battle is
about 7.5 kB); a longer run's one match is `simulate --seed SEED --runs 1 --json` away."""
TEAMS = ("blue", "red")


def open_replay(path: str, which: str | None = None, index: str | None = None) -> SpecSource | SaveSource:
    """The match `path` holds (a results store needs `which` variant and its `index`; a record
    with more than one battle, `which` battle)."""
    p = Path(path)
    try:
        with open(p, "rb") as f:
            head = f.read(len(SQLITE_MAGIC)) if p.is_file() else b""
    except OSError:
        head = b""
    if head == SQLITE_MAGIC or (p.suffix in (".sqlite", ".db") and not p.exists()):
        if which is None or index is None:
            raise ReplayError(f"{path}: a results store: give the variant and the match's index "
                              "(skirmish replay STORE VARIANT INDEX)")
        return stored_source(path, which, whole_index(path, "the match's index", index))
    if index is not None:
        raise ReplayError(f"{path}: a save or a record takes at most one number after it (the battle's index)")
    try:
        data = parse_json(read_bounded(p, MAX_RECORD_BYTES))
    except FileProblem as exc:
        raise ReplayError(f"{path}: no such file" if exc.missing else str(exc)) from None
    except BadData as exc:
        raise ReplayError(f"{path}: not a save or a simulate --json record ({exc})") from None
    from game.saveformat import KIND

    if isinstance(data, dict) and data.get("kind") == KIND:
        if which is not None:
            raise ReplayError(f"{path}: a saved game holds one match: give no index after it")
        return save_source(path)
    if isinstance(data, dict) and "battles" in data:
        return record_source(path, data, which)
    raise ReplayError(f"{path}: not a save (no \"kind\": \"{KIND}\"), a simulate --json record (no \"battles\") "
                      "or a results store")


def stored_source(store: str, which: str, index: int) -> SpecSource:
    """Match `index` of variant `which` in a sweep's store (game/lab/replay.py)."""
    from game.lab.replay import stored_match

    stored = stored_match(store, which, index)
    v = stored.variant
    title = (f"replaying match {stored.index} of variant {v.id} (seed {stored.seed}): {v.map}, {v.ruleset}, "
             f"fog {'on' if v.fog else 'off'}" + (", the sides swapped" if v.swapped(stored.index) else ""))
    return spec_source(stored.spec, title, stored.notes, stored.expected)


def save_source(path: str) -> SaveSource:
    """A saved game, replayed and checked as loading it checks it (the map's digest, the log
    the replay reaches); what it was saved by is said when another code saved it."""
    from game.lab.version import code_version, source_digest
    from game.saves import SaveError, load_game, locate_map, read_save

    try:
        data = read_save(path)
    except SaveError as exc:
        raise ReplayError(str(exc)) from None
    saved_by = data.get("code_version")
    other = isinstance(saved_by, str) and source_digest() not in saved_by
    try:
        load_game(path).match.close()  # the whole save replays to the state it holds
        map_path = locate_map(data, path)
    except SaveError as exc:
        raise ReplayError(str(exc) + (f" (saved by {saved_by}, this is {code_version()})" if other else "")) from None
    notes = (f"saved by {saved_by}, this is {code_version()} (the replay reaches the saved state all the same)",) \
        if other else ()
    played = sum(1 for r in data["rounds"] if r["resolved"])
    title = (f"replaying the saved game {path}: {Path(map_path).name}, {data.get('ruleset', 'yags')}, "
             f"fog {'on' if data.get('fog') else 'off'}, {data['mode']}, seed {data['seed']}, {played} rounds")
    try:
        return SaveSource(data, str(path), map_path, title, notes)
    except SaveError as exc:
        raise ReplayError(str(exc)) from None
