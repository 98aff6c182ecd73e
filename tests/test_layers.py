"""The layers and circles of the code (issue 29): the import-linter contracts in pyproject.toml
hold (engine below game; in game, each layer imports only from the ones below it), and no
import circle is left but the ones named here, which are still to go. Imports made only for
the type checker (under TYPE_CHECKING) are left out, as the contracts leave them out: with
them, the world (game.flow, game.world.match and its systems, steps and actions) and the
battle screen (game.ui.battle and its battle_* helpers) still form circles of names."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

# Import circles still in the code: a circle that goes must go from here too; a new one fails.
KNOWN_CIRCLES: set[str] = set()


def circles() -> list[list[str]]:
    """The strongly connected parts of the import graph with more than one module (Tarjan's:
    tools/system_graph.py's `cycles`, which the systems' call graph is checked with too)."""
    import importlib.util

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("system_graph", root / "tools" / "system_graph.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    g = grimp.build_graph("game", "engine", exclude_type_checking_imports=True)
    adj = {m: set(g.find_modules_directly_imported_by(m)) & g.modules for m in sorted(g.modules)}
    return tool.cycles(adj)


def test_the_layer_contracts_hold():
    """In a process of its own: import-linter sets logging up as a command does."""
    root = Path(__file__).resolve().parents[1]
    code = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True))"
    r = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:]  # the report names each broken import


def test_no_import_circle_but_the_known_ones():
    found = {" + ".join(p) for p in circles()}
    assert found == KNOWN_CIRCLES, (found - KNOWN_CIRCLES, KNOWN_CIRCLES - found)


def test_the_contracts_ignore_no_import():
    """Issue 29: "world never imports flow, so Match.flow() goes". The last exception the
    contracts carried (game.world.match -> game.flow) went with it: a match played without a
    session asks game.flow.driver(m) for its turn driver. No import is let through."""
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert "ignore_imports" not in text
    from game.world.match import Match

    assert not hasattr(Match, "flow") and not hasattr(Match, "resolve_round")
