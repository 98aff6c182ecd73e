"""Which code played a match: the results store records it with every result, a cluster's
workers must run the same code as the command that sends them matches, and saves and
`simulate --json` records keep it so that `skirmish replay` says when other code made them
(game.lab.version gives the same names to the lab).

    source_digest()   # 12 hex digits of the sha256 of engine/ and game/ (.py and .toml files)
    code_version()    # "skirmish 0.1.0 src 1a2b3c4d5e6f (git 8054d69)"

The digest changes with any edit, committed or not, and is the same on every machine that
has the same files, whether installed from a clone or a wheel; git's commit is added when the
code runs from a git clone, to find it again.
"""

from __future__ import annotations

import hashlib
import subprocess
from functools import cache
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "game")
SUFFIXES = (".py", ".toml")


@cache
def source_digest() -> str:
    """sha256 over every .py and .toml file of the engine and game packages (relative path
    and bytes, in sorted order), as 12 hex digits."""
    h = hashlib.sha256()
    files = sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*")
                   if p.suffix in SUFFIXES and p.is_file() and "__pycache__" not in p.parts)
    for p in files:
        rel = p.relative_to(ROOT).as_posix().encode("utf-8")
        data = p.read_bytes()
        h.update(b"%d:%s:%d:" % (len(rel), rel, len(data)))
        h.update(data)
    return h.hexdigest()[:12]


@cache
def _git() -> str | None:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    rev = out.stdout.strip()
    return rev if out.returncode == 0 and rev else None


def code_version() -> str:
    """The package version, the source digest and, from a git clone, the commit."""
    try:
        version = metadata.version("skirmish")
    except metadata.PackageNotFoundError:
        version = "unknown"
    rev = _git()
    return f"skirmish {version} src {source_digest()}" + (f" (git {rev})" if rev else "")
