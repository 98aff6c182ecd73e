"""`simulate --json`: the record written as its battles arrive, so a long run holds none.

The bytes are those of ``json.dumps(record, indent=2, sort_keys=True) + "\\n"`` for the whole
record but for where "battles" stands: the file opens with the battles, each written as it
comes, and the other keys follow, sorted, when the run is over ("ai_sees_all", the one key
that sorts before "battles", follows them too: `simulate --json --ai-sees-all` failed here
until issue 31). A file is written to PATH.tmp and renamed over PATH at the end (a run stopped
by anything but Ctrl-C leaves PATH as it was); ``-`` writes to standard output.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from game.files import AtomicWriter


class RecordJson:
    """`battle(b)` for each battle in order, then `finish(record)` (the record without its
    battles) or `discard()`."""

    def __init__(self, path: str) -> None:
        self.out = None if path == "-" else AtomicWriter(path)
        self.count = 0

    def _write(self, text: str) -> None:
        if self.out is None:
            sys.stdout.write(text)
        else:
            self.out.write(text)

    def battle(self, b: dict[str, Any]) -> None:
        text = json.dumps(b, indent=2, sort_keys=True).replace("\n", "\n    ")
        self._write(("{\n  \"battles\": [\n    " if self.count == 0 else ",\n    ") + text)
        self.count += 1

    def finish(self, record: dict[str, Any]) -> None:
        rest = {k: v for k, v in record.items() if k != "battles"}
        if not rest:
            raise ValueError("a record needs keys besides 'battles'")
        tail = json.dumps(rest, indent=2, sort_keys=True)[1:]  # without its opening brace
        head = "\n  ]," if self.count else "{\n  \"battles\": [],"
        self._write(head + tail + "\n")
        if self.out is not None:
            self.out.commit()
        else:
            sys.stdout.flush()

    def discard(self) -> None:
        if self.out is not None:
            self.out.discard()
