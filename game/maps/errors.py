"""The one error a map can raise: a refusal that names the file and the place."""

from __future__ import annotations

import os


class MapError(Exception):
    """A map (or a tileset it uses) cannot be played.

    ``str()`` is always one line: ``<file>: <where>: <what>``, e.g.
    ``maps/x.tmx: layer 'ground' row 3: data has 97 tiles, expected 100``.
    """

    def __init__(self, path: str | os.PathLike[str], message: str, where: str = "") -> None:
        self.path = os.fspath(path)
        self.where = _one_line(where)
        self.message = _one_line(message)
        super().__init__(str(self))

    def __str__(self) -> str:
        from game.files import one_line

        if self.where:
            return one_line(f"{self.path}: {self.where}: {self.message}")
        return one_line(f"{self.path}: {self.message}")


def _one_line(text: str) -> str:
    return " ".join(str(text).split())
