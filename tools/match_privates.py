"""Count the uses of `Match`'s private members outside Match's own modules (issue 29):
game/world/match.py and game/world/unit_store.py (its units' components and views, the
class `UnitStore` that `Match` is).

    python tools/match_privates.py            # the count by file, game/ first, then the rest
    python tools/match_privates.py --names    # ... and which members each file uses

A use is an attribute access `X._name` (read, write or call) where `_name` is a private member
of `Match` or `UnitStore` (a method, property or `self._name = ...` in their classes) and `X` is not
the file's own `self` owning a member of that name. Read with `ast`, never imported.
tests/world/test_match_face.py keeps the count in game/ at 0.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OWN = {Path("game/world/match.py"): "Match", Path("game/world/unit_store.py"): "UnitStore"}
SCANNED = ("game", "engine", "tools", "bench", "tests")


def match_privates(root: Path = ROOT) -> set[str]:
    """The private member names of class Match and its base UnitStore (methods and `self._x` attributes)."""
    names: set[str] = set()
    for path, cls in OWN.items():
        names |= _class_privates(ast.parse((root / path).read_text(encoding="utf-8")), cls)
    return names


def _class_privates(tree: ast.Module, cls: str) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for sub in ast.walk(node):
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and sub.name.startswith("_") \
                        and not sub.name.startswith("__"):
                    names.add(sub.name)
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) \
                        and sub.value.id == "self" and sub.attr.startswith("_") and not sub.attr.startswith("__"):
                    names.add(sub.attr)
    return names


def _own_members(tree: ast.AST) -> set[str]:
    """Names the file's own classes define (so `self._x` there is the class's own)."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    own.add(sub.name)
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self" \
                        and isinstance(sub.ctx, ast.Store):
                    own.add(sub.attr)
    return own


def uses_in(path: Path, privates: set[str]) -> Counter[str]:
    """The private `Match` members the file at `path` touches, with how often."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    own = _own_members(tree)
    found: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in privates:
            if isinstance(node.value, ast.Name) and node.value.id == "self" and node.attr in own:
                continue
            found[node.attr] += 1
    return found


def count(root: Path = ROOT, dirs: tuple[str, ...] = SCANNED) -> dict[str, Counter[str]]:
    """By file (relative path): the private `Match` members it uses; files with none left out."""
    privates = match_privates(root)
    result: dict[str, Counter[str]] = {}
    for top in dirs:
        for path in sorted((root / top).rglob("*.py")):
            rel = path.relative_to(root)
            if rel in OWN:
                continue
            found = uses_in(path, privates)
            if found:
                result[str(rel)] = found
    return result


def main(argv: list[str]) -> int:
    by_file = count()
    names = "--names" in argv
    for top in SCANNED:
        files = {f: c for f, c in by_file.items() if f.startswith(top + "/")}
        total = sum(sum(c.values()) for c in files.values())
        print(f"{top}/: {total} uses in {len(files)} files")
        for f, c in files.items():
            detail = "  " + ", ".join(f"{n} {k}" for n, k in c.most_common()) if names else ""
            print(f"  {sum(c.values()):4d} {f}{detail}")
    grand = sum(sum(c.values()) for c in by_file.values())
    print(f"all: {grand} uses in {len(by_file)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
