"""The systems' call graph and the figures of issue 29's "two layers of systems" and "esper as
the ECS it is", read with `ast` (nothing imported):

    python tools/system_graph.py            # the figures
    python tools/system_graph.py --edges    # ... and each system's calls into the others

- the call graph: a node is a function of a system module (game/world/systems/*.py; a method
  of a class there counts as its module's function of that name); an edge is a call of a
  function of the same module or of one imported by name from another system module. The
  module graph folds it by module. tests/world/test_system_layers.py keeps the module graph
  acyclic, the queries calling no effect and reading only.
- `m.<system>` calls: the door names (`movement`, `sight`, ...) called through any name or
  attribute (`m.movement.reachable(...)`, `self.match.sight.can_see(...)`), by folder.
- processors: the classes that subclass `esper.Processor` (directly or through another such
  class in game/; a base of others not counted), and the ones the match registers
  (`PROCESSORS` in phases.py).
- esper queries: the calls of `esper.get_component` and `esper.get_components` in game/, and
  of the match's `having` and `having_all` that ask them.
- door calls: `match.<door>.f(...)` calls in game/, of queries and of effects; an effect is
  called only by the actions, the turn driver's steps, the declarations and the systems.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = Path("game/world/systems")
PACKAGE = "game.world.systems"
DOORS = ("movement", "engagement", "combat", "health", "autofire", "overwatch", "range", "sight", "explosions",
         "work")
DOOR_CALL = re.compile(r"\b\w+\.(?:" + "|".join(DOORS) + r")\.\w+\(")
# what a query may not call on anything (the match's write API, the log, esper's writes)
WRITES = {"write", "put", "drop", "changed", "event", "insert", "add_component", "remove_component", "note",
          "reveal", "bump", "schedule", "decide", "leave"}

Node = tuple[str, str]  # (module, function)


def layers(root: Path = ROOT) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The package's own lists (QUERIES, EFFECTS) from game/world/systems/__init__.py."""
    found: dict[str, tuple[str, ...]] = {}
    for node in ast.parse((root / SYSTEMS / "__init__.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = tuple(ast.literal_eval(node.value))
    return found.get("QUERIES", ()), found.get("EFFECTS", ())


def modules(root: Path = ROOT) -> dict[str, ast.Module]:
    """Every system module's tree, by module name (the package's __init__ is none)."""
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted((root / SYSTEMS).glob("*.py"))
            if p.stem != "__init__"}


def _functions(tree: ast.Module) -> dict[str, list[ast.FunctionDef]]:
    """The module's functions and its classes' methods, by name (a name may be both)."""
    out: dict[str, list[ast.FunctionDef]] = {}
    for node in tree.body:
        defs = [node] if isinstance(node, ast.FunctionDef) else \
            [n for n in node.body if isinstance(n, ast.FunctionDef)] if isinstance(node, ast.ClassDef) else []
        for d in defs:
            out.setdefault(d.name, []).append(d)
    return out


def _imported(tree: ast.Module, known: set[str]) -> tuple[dict[str, Node], dict[str, str]]:
    """Names imported from other system modules: functions by local name, modules by local name."""
    names: dict[str, Node] = {}
    mods: dict[str, str] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        if node.module == PACKAGE:
            for a in node.names:
                if a.name in known:
                    mods[a.asname or a.name] = a.name
        elif node.module.startswith(PACKAGE + "."):
            mod = node.module[len(PACKAGE) + 1:]
            if mod in known:
                for a in node.names:
                    names[a.asname or a.name] = (mod, a.name)
    return names, mods


def call_graph(trees: dict[str, ast.Module]) -> dict[Node, set[Node]]:
    """Each system function's calls of system functions (see the module's doc)."""
    known = set(trees)
    graph: dict[Node, set[Node]] = {}
    for mod, tree in trees.items():
        own = _functions(tree)
        names, mods = _imported(tree, known)
        for fname, defs in own.items():
            calls = graph.setdefault((mod, fname), set())
            for d in defs:
                for call in ast.walk(d):
                    if not isinstance(call, ast.Call):
                        continue
                    f = call.func
                    if isinstance(f, ast.Name):
                        if f.id in names:
                            calls.add(names[f.id])
                        elif f.id in own:
                            calls.add((mod, f.id))
                    elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                        if f.value.id in mods:
                            calls.add((mods[f.value.id], f.attr))
                        elif f.value.id == "self" and f.attr in own:
                            calls.add((mod, f.attr))
    return graph


def module_graph(graph: dict[Node, set[Node]]) -> dict[str, set[str]]:
    """The call graph folded by module, without a module's calls of itself."""
    out: dict[str, set[str]] = {}
    for (mod, _), calls in graph.items():
        out.setdefault(mod, set()).update(m for m, _ in calls if m != mod)
    return out


def cycles(graph: dict) -> list[list]:
    """The graph's cycles as its strongly connected parts of more than one node, or of one
    node that calls itself (Tarjan's, without recursion), each sorted."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on: set = set()
    out: list[list] = []
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        work = [(root, iter(sorted(graph.get(root, ()))))]
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1 or v in graph.get(v, ()):
                    out.append(sorted(part))
    return out


def query_writes(trees: dict[str, ast.Module], queries: tuple[str, ...]) -> list[str]:
    """What a query module writes: a call of a write (`WRITES`), an assignment to an attribute
    or an item of something not made in the function, a `yield` (a question asked)."""
    out = []
    for mod in queries:
        for node in ast.walk(trees[mod]):
            where = f"{mod}.py:{getattr(node, 'lineno', 0)}"
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES
                    and _root(node.func) in ("m", "self", "esper")):
                out.append(f"{where}: calls {ast.unparse(node.func)}()")
            elif isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    for sub in ast.walk(t):
                        if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                            out.append(f"{where}: sets .{sub.attr}")
            elif isinstance(node, (ast.Yield, ast.YieldFrom)):
                out.append(f"{where}: yields (asks a question)")
    return out


def _root(node: ast.expr) -> str:
    """The name an attribute chain starts from (`m` in `m.log.insert`), else ""."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def door_calls(root: Path = ROOT, folders: tuple[str, ...] = ("game",)) -> Counter[str]:
    """The `x.<door>.f(` calls, by folder under game/ (game/world/systems counted apart)."""
    out: Counter[str] = Counter()
    for folder in folders:
        for p in sorted((root / folder).rglob("*.py")):
            rel = p.relative_to(root)
            key = str(rel.parent) if rel.parts[:3] != ("game", "world", "systems") else "game/world/systems"
            out[key] += len(DOOR_CALL.findall(p.read_text(encoding="utf-8")))
    return +out


def door_modules(root: Path = ROOT) -> dict[str, tuple[str, ...]]:
    """Each door of the match and the system modules it opens on (game/world/doors.py's DOORS)."""
    for node in ast.parse((root / "game/world/doors.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "DOORS":
            assert isinstance(node.value, ast.Dict)
            return {ast.literal_eval(k): tuple(e.id for e in v.elts if isinstance(e, ast.Name))
                    for k, v in zip(node.value.keys, node.value.values, strict=True) if k is not None
                    and isinstance(v, ast.Tuple)}
    return {}


# who may call an effect: the actions, the turn driver's steps, the declarations (declaring is
# a write of the world: a hold let go) and the systems themselves
EFFECT_CALLERS = ("game/world/actions/", "game/world/steps.py", "game/world/declaration.py", "game/world/systems/")


def door_calls_by_layer(root: Path = ROOT) -> dict[str, list[str]]:
    """Every `x.<door>.f(` call in game/ as query or effect (by the module of the door that
    holds `f`), each as "file:line: door.f"."""
    trees = modules(root)
    queries, _ = layers(root)
    kind: dict[tuple[str, str], str] = {}
    for door, mods in door_modules(root).items():
        for mod in mods:
            for name in _functions(trees[mod]):
                if not name.startswith("_"):
                    kind[(door, name)] = "query" if mod in queries else "effect"
    out: dict[str, list[str]] = {"query": [], "effect": [], "unknown": []}
    pattern = re.compile(r"\b\w+\.(" + "|".join(DOORS) + r")\.(\w+)\(")
    for p in sorted((root / "game").rglob("*.py")):
        rel = str(p.relative_to(root))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1):
            for door, name in pattern.findall(line):
                out[kind.get((door, name), "unknown")].append(f"{rel}:{n}: {door}.{name}")
    return out


def processors(root: Path = ROOT) -> tuple[list[str], list[str]]:
    """The esper.Processor subclasses in game/ (by module.class), and the ones the match
    registers (the classes named in phases.py's PROCESSORS, which the match adds)."""
    classes: dict[str, list[str]] = {}
    for p in sorted((root / "game").rglob("*.py")):
        mod = ".".join(p.relative_to(root).with_suffix("").parts)
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b) for b in node.bases]
                classes[f"{mod}.{node.name}"] = bases
    subs: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, bases in classes.items():
            short = {s.rsplit(".", 1)[-1] for s in subs}
            if name not in subs and any(b == "esper.Processor" or b in short for b in bases):
                subs.add(name)
                changed = True
    tree = ast.parse((root / SYSTEMS / "phases.py").read_text(encoding="utf-8")) \
        if (root / SYSTEMS / "phases.py").exists() else ast.Module(body=[], type_ignores=[])
    registered: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PROCESSORS":
            registered = [f"{PACKAGE}.phases.{e.id}" for e in node.value.elts if isinstance(e, ast.Name)]
    bases = {b.rsplit(".", 1)[-1] for name in subs for b in classes[name]}
    return sorted(s for s in subs if s.rsplit(".", 1)[-1] not in bases), registered


def esper_queries(root: Path = ROOT) -> Counter[str]:
    """`esper.get_component(s)` calls in game/ and the match's asking for them
    (`.having(`, `.having_all(`: game/world/unit_store.py), by file."""
    out: Counter[str] = Counter()
    for p in sorted((root / "game").rglob("*.py")):
        n = len(re.findall(r"\besper\.get_components?\(|\.having(?:_all)?\(", p.read_text(encoding="utf-8")))
        if n:
            out[str(p.relative_to(root))] = n
    return out


def main(argv: list[str]) -> int:
    trees = modules()
    queries, effects = layers()
    graph = call_graph(trees)
    folded = module_graph(graph)
    subs, registered = processors()
    calls = door_calls()
    print(f"system modules: {len(trees)} (queries {len(queries)}, effects {len(effects)})")
    print(f"module call graph: {sum(map(len, folded.values()))} edges, cycles: {cycles(folded) or 'none'}")
    fcycles = cycles(graph)
    print(f"function call graph: {sum(map(len, graph.values()))} edges, cycles: "
          + ("; ".join(" <-> ".join(f"{m}.{f}" for m, f in c) for c in fcycles) or "none"))
    bad = sorted(f"{a} -> {b}" for a in queries for b in folded.get(a, ()) if b in effects)
    print(f"queries calling effects: {bad or 'none'}; query writes: {query_writes(trees, queries) or 'none'}")
    print(f"m.<system> calls in game/: {sum(calls.values())} "
          f"({', '.join(f'{k} {v}' for k, v in sorted(calls.items()))})")
    by_layer = door_calls_by_layer()
    outside = [c for c in by_layer["effect"] if not c.startswith(EFFECT_CALLERS)]
    print(f"door calls in game/: {len(by_layer['query'])} of queries, {len(by_layer['effect'])} of effects "
          f"({len(outside)} from outside the actions, steps, declarations and systems), "
          f"{len(by_layer['unknown'])} unknown")
    print(f"processors: {len(subs)} subclasses, {len(registered)} registered "
          f"({', '.join(s.rsplit('.', 1)[-1] for s in subs)})")
    eq = esper_queries()
    print(f"esper queries: {sum(eq.values())} ({', '.join(f'{k} {v}' for k, v in eq.items())})")
    if "--edges" in argv:
        for mod in sorted(folded):
            print(f"  {mod} -> {', '.join(sorted(folded[mod])) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
