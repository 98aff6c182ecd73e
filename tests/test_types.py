"""The code type-checks: `python -m mypy engine game` passes with the settings in
pyproject.toml ([tool.mypy]: check_untyped_defs, pytmx's missing types ignored), so CI keeps it
so. mypy runs with the interpreter that runs the tests (the `test` extra installs it)."""

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_settings_check_the_bodies_of_untyped_functions_too():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config.get("check_untyped_defs") is True, config
    assert not config.get("ignore_errors") and "exclude" not in config, config


def test_mypy_passes_on_engine_and_game():
    r = subprocess.run([sys.executable, "-m", "mypy", "engine", "game"], cwd=REPO,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"mypy engine game (exit {r.returncode}):\n{r.stdout}{r.stderr}"
