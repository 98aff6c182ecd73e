"""How much the battle screen's parts lean on one shared object (issue 29, "the battle screen
as states"): in the given files, every attribute read or written through the screen (`self.screen.X`,
`screen.X`, or a local name bound to the screen, `sc = self.screen`), counted per field.

    python tools/screen_fields.py game/ui/battle_*.py        # the six helpers of the old shape
    python tools/screen_fields.py game/ui/battle_*.py game/ui/states/*.py --names screen,sc,ctx
    python tools/screen_fields.py FILES --detail              # each field with its count

It prints "N fields read R times (written W times) in F files". A name counts as the screen when it
is one of `--names` (default: screen, sc) or is assigned from `self.<one of them>` (or one of them)."""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path


def _is_screen(node: ast.expr, aliases: set[str], names: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in aliases
    return (isinstance(node, ast.Attribute) and node.attr in names and isinstance(node.value, ast.Name)
            and node.value.id == "self")


def _aliases(fn: ast.AST, names: set[str]) -> set[str]:
    """The local names of `fn` bound to the screen (its parameters named so, and `sc = self.screen`)."""
    out = set(names)
    for node in ast.walk(fn):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs: list[tuple[ast.expr, ast.expr]] = []
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(target.elts, node.value.elts, strict=False))
            else:
                pairs = [(target, node.value)]
            for t, v in pairs:
                if isinstance(t, ast.Name) and _is_screen(v, out, names):
                    out.add(t.id)
    return out


def _walk_own(fn: ast.AST) -> list[ast.AST]:
    """The nodes of `fn` outside the functions nested in it (each counted with its own)."""
    out: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        out.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))
    return out


def count(paths: list[Path], names: set[str]) -> tuple[Counter[str], Counter[str]]:
    reads: Counter[str] = Counter()
    writes: Counter[str] = Counter()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            aliases = _aliases(fn, names)  # (a nested function sees its parent's names too)
            for node in _walk_own(fn):
                if isinstance(node, ast.Attribute) and _is_screen(node.value, aliases, names):
                    (writes if isinstance(node.ctx, ast.Store) else reads)[node.attr] += 1
    return reads, writes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--names", default="screen,sc", help="names of the shared object (comma separated)")
    ap.add_argument("--detail", action="store_true")
    args = ap.parse_args(argv)
    paths = [Path(f) for f in args.files]
    for p in paths:
        if not p.is_file():
            print(f"{p}: no such file", file=sys.stderr)
            return 2
    reads, writes = count(paths, set(args.names.split(",")))
    fields = set(reads) | set(writes)
    print(f"{len(fields)} fields read {sum(reads.values())} times (written {sum(writes.values())} times) "
          f"in {len(paths)} files")
    if args.detail:
        for name in sorted(fields, key=lambda n: -(reads[n] + writes[n])):
            print(f"  {name}: read {reads[name]}, written {writes[name]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
