"""Save slots: named saves in the save folder, the autosave, and what each holds.

    path = slot_path("my game")        # the save folder's "my game.json" (a safe file name)
    saves = list_saves()                # newest first: (name, path, one line about it)

A slot's summary is read from its save (map, round, mode, when) without replaying it; a save
that cannot be read is listed with the reason, so the player sees it and nothing is lost.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

from game.saves import DEFAULT_NAME, SaveError, read_save, save_dir

AUTOSAVE = "autosave"
MAX_NAME = 48
_BAD = re.compile(r"[^A-Za-z0-9 _.-]")


@dataclass(frozen=True)
class SaveInfo:
    name: str
    path: Path
    line: str
    mtime: float


def slot_name(name: str) -> str:
    """A save's name made safe as a file name: letters, digits, space, - _ . only, at most
    MAX_NAME characters, no leading dot; "save" when nothing is left."""
    clean = _BAD.sub("_", name.strip())[:MAX_NAME].strip().lstrip(".")
    return clean or "save"


def slot_path(name: str, folder: Path | None = None) -> Path:
    return (folder or save_dir()) / f"{slot_name(name)}.json"


def autosave_path(folder: Path | None = None) -> Path:
    return slot_path(AUTOSAVE, folder)


def new_game_path(map_path: str, when: float | None = None, folder: Path | None = None) -> Path:
    """A new match's own slot: its map and the time it began ("street 2026-11-28 16-08-31"),
    so that a new match never writes over another's save without asking."""
    stamp = time.strftime("%Y-%m-%d %H-%M-%S", time.localtime(time.time() if when is None else when))
    return slot_path(f"{Path(map_path).stem} {stamp}", folder)


def quick_path(folder: Path | None = None) -> Path:
    return (folder or save_dir()) / DEFAULT_NAME


_summaries: dict[tuple[str, float, int], str] = {}


def summary(path: Path) -> str:
    """One line about a save: its map, round, mode and when it was written (or why it
    cannot be read)."""
    try:
        st = path.stat()
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    key = (str(path), st.st_mtime, st.st_size)
    if key not in _summaries:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(st.st_mtime))
        try:
            data = read_save(path)
        except SaveError as exc:
            line = f"{when} - cannot be loaded: {str(exc).split(': ', 1)[-1]}"
        else:
            mapname = data.get("map_name") or Path(data["map"]).name
            line = f"{mapname}, round {data['round']}, {data['mode']} - {when}"
        if len(_summaries) > 256:
            _summaries.clear()
        _summaries[key] = line
    return _summaries[key]


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """The saves in the folder (regular .json files), newest first."""
    folder = folder or save_dir()
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    out = []
    for p in entries:
        try:
            if p.suffix != ".json" or not p.is_file():
                continue
            mtime = p.stat().st_mtime
        except OSError:
            continue
        out.append(SaveInfo(p.stem, p, summary(p), mtime))
    out.sort(key=lambda s: (-s.mtime, s.name))
    return out
