"""Check the game's Tiled files in Tiled itself, and Tiled's own example maps in the game.

    python tools/tiled_check.py                 # both halves
    python tools/tiled_check.py --ours          # our project and maps, in Tiled
    python tools/tiled_check.py --examples      # Tiled's example maps, in the game
    python tools/tiled_check.py --keep DIR      # keep the work folder (renders, re-saves)

Run on demand, not in CI: it needs Debian's ``tiled`` package (``apt-get install tiled``;
it brings ``tmxrasterizer`` and the examples under /usr/share/doc/tiled/examples) and runs
Tiled headless (Qt's offscreen platform; under ``xvfb-run`` it works the same).

**Ours in Tiled.** A copy of maps/ and assets/ (and the hand-drawn test maps, a fresh
``skirmish new-map`` folder and a ``--from`` copy) is opened in Tiled with the project
maps/skirmish.tiled-project loaded, through a session file and a small script extension
(in a private HOME: your Tiled settings are not touched). For every map the extension
reports what Tiled read: size, orientation, tilesets and their images, and each unit's and
spawn's properties resolved through the project's classes; and it re-saves the map. Then:
every map opened; Tiled resolved every member of the unit and spawn classes (the project
and objecttypes.xml loaded); Tiled's resolved team, template and weapon of every unit are
what the game reads (the same defaults); the shipped and hand-drawn maps re-save byte for
byte (they are what Tiled writes); each re-saved map loads in the game with the same facts;
``tmxrasterizer`` draws every map with its art (not blank).

**Tiled's examples in the game.** desert, orthogonal-outside (gzipped: unpacked into the
work folder), perspective_walls, sewers and rpg/island pass ``skirmish check-map``, play two
AI matches (``skirmish simulate --runs 2``) and give a screenshot; the hexagonal, isometric
and staggered ones are refused in one line (exit 2). Times are printed (the check-map time
of the largest example is the figure in the README).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
EXAMPLES = Path("/usr/share/doc/tiled/examples")
PLAYABLE = ["desert.tmx", "orthogonal-outside.tmx", "perspective_walls.tmx", "sewers.tmx",
            "rpg/island.tmx"]
REFUSED = ["hexagonal-mini.tmx", "test_hexagonal_tile_60x60x30.tmx",
           "isometric_grass_and_water.tmx", "isometric_staggered_grass_and_water.tmx"]
TIMEOUT = 90
AS_SAVED = {"scratch.tmx"}
"""Hand-written test maps written exactly as Tiled 1.8 saves them (the shipped maps are too)."""

EXTENSION = r"""
// skirmish: report what Tiled read of each map it opens, and re-save it (tools/tiled_check.py)
var OUT = %(out)s;
var count = 0;
function enumName(v) {
  if (v && typeof v === "object" && "typeName" in v) return {enum: v.typeName, value: v.value};
  return v;
}
function report(asset) {
  var info = {file: asset.fileName, isMap: asset.isTileMap};
  try {
    if (asset.isTileMap) {
      info.orientation = asset.orientation;
      info.width = asset.width; info.height = asset.height;
      info.tileWidth = asset.tileWidth; info.tileHeight = asset.tileHeight;
      info.tilesets = asset.tilesets.map(function (t) {
        return {name: t.name, file: t.fileName, image: t.image, imageWidth: t.imageWidth,
                imageHeight: t.imageHeight, tileCount: t.tileCount};
      });
      info.objects = [];
      for (var i = 0; i < asset.layerCount; ++i) {
        var layer = asset.layerAt(i);
        if (!layer.isObjectLayer) continue;
        for (var j = 0; j < layer.objectCount; ++j) {
          var o = layer.objectAt(j);
          var resolved = o.resolvedProperties(), props = {};
          for (var k in resolved) props[k] = enumName(resolved[k]);
          info.objects.push({id: o.id, name: o.name, type: o.type, x: o.x, y: o.y,
                             resolved: props});
        }
      }
      // beside the original, so the relative paths Tiled writes are the same
      var parts = asset.fileName.split("/"), base = parts.pop();
      info.resaved = parts.join("/") + "/tiled-resaved-" + (++count) + "-" + base;
      info.writeError = tiled.mapFormat("tmx").write(asset, info.resaved) || "";
      info.tilesetsResaved = [];
      asset.tilesets.forEach(function (t) {
        if (!/\.tsx$/.test(t.fileName)) return;
        var tp = t.fileName.split("/"), tb = tp.pop();
        var target = tp.join("/") + "/tiled-resaved-" + count + "-" + tb;
        var err = tiled.tilesetFormat("tsx").write(t, target) || "";
        info.tilesetsResaved.push({file: t.fileName, resaved: target, error: err});
      });
    }
  } catch (e) { info.error = "" + e; }
  var file = new TextFile(OUT + "/report-" + count + "-" + Date.now() + ".json", TextFile.WriteOnly);
  file.write(JSON.stringify(info));
  file.commit();
}
tiled.assetOpened.connect(report);
"""


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, **kw)


def skirmish(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return run([sys.executable, "-m", "game", *args], cwd=str(cwd or ROOT),
               env={**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
                    "SDL_AUDIODRIVER": "dummy"})


class Checker:
    def __init__(self, work: Path) -> None:
        self.work = work
        self.failures: list[str] = []
        self.tilesets_done: set[str] = set()

    def check(self, ok: bool, what: str) -> bool:
        print(("  ok    " if ok else "  FAIL  ") + what)
        if not ok:
            self.failures.append(what)
        return ok

    # -- our files in Tiled -------------------------------------------------------------

    def ours(self) -> None:
        from game.maps import load_map
        from game.maps.project import project_types

        version = run(["tiled", "--version"], env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        print("our project and maps in Tiled:", next(
            (line for line in (version.stdout + version.stderr).splitlines() if "Tiled" in line), "?"))
        repo = self.work / "repo"
        for part in ("maps", "assets", "tests/maps/authored"):
            shutil.copytree(ROOT / part, repo / part)
        made = self.work / "made"
        made.mkdir()
        for argv in (["new-map", "fresh"], ["new-map", "copied", "--from", str(repo / "maps" / "wood.tmx")]):
            done = skirmish(*argv, cwd=made)
            self.check(done.returncode == 0, f"skirmish {' '.join(argv[:2])}: {done.stderr.strip() or 'made'}")
        authored = sorted((repo / "tests/maps/authored").glob("*.tmx"))
        exact = sorted((repo / "maps").glob("*.tmx")) + [m for m in authored if m.name in AS_SAVED]
        loose = [m for m in authored if m not in exact] + sorted(made.glob("*/*.tmx"))
        maps = exact + loose
        out = self.work / "tiled-out"
        out.mkdir()
        home = self.work / "home"
        ext = home / ".config" / "tiled" / "extensions"
        ext.mkdir(parents=True)
        (ext / "skirmish_check.js").write_text(EXTENSION % {"out": json.dumps(str(out))})
        project = repo / "maps" / "skirmish.tiled-project"
        project.with_suffix(".tiled-session").write_text(json.dumps(
            {"activeFile": str(maps[0]), "openFiles": [str(m) for m in maps],
             "project": project.name}))
        env = {**os.environ, "HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
               "XDG_CONFIG_HOME": str(home / ".config"), "XDG_RUNTIME_DIR": str(home)}
        os.chmod(home, 0o700)
        start = time.perf_counter()
        proc = subprocess.Popen(["tiled", str(project)], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        reports: list[dict] = []
        try:
            while time.perf_counter() - start < TIMEOUT and len(reports) < len(maps):
                time.sleep(0.5)
                reports = [json.loads(p.read_text()) for p in sorted(out.glob("report-*.json"))]
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        by_file = {os.path.realpath(r["file"]): r for r in reports}
        self.check(len(by_file) == len(maps), f"Tiled opened {len(by_file)} of {len(maps)} maps "
                   f"with the project loaded ({time.perf_counter() - start:.1f} s)")
        types = project_types()
        for path in maps:
            report = by_file.get(os.path.realpath(path))
            label = str(path.relative_to(self.work))
            if report is None:
                self.check(False, f"{label}: not opened by Tiled")
                continue
            if not self.check("error" not in report and not report.get("writeError"),
                              f"{label}: read and re-saved by Tiled {report.get('error', '')}{report.get('writeError', '')}"):
                continue
            grid = load_map(path)
            self.check((report["orientation"], report["width"], report["height"]) == (1, grid.width, grid.height),
                       f"{label}: Tiled reads an orthogonal {report['width']}x{report['height']} map")
            images = [t for t in report["tilesets"] if t["image"]]
            self.check(all(t["imageWidth"] > 0 for t in images) and bool(images),
                       f"{label}: Tiled loaded the art of {len(images)} tileset(s)")
            self.compare_units(label, report, grid, types)
            resaved = Path(report["resaved"])
            if path in exact:
                self.check(resaved.read_bytes() == path.read_bytes(),
                           f"{label}: Tiled 1.8 re-saves it byte for byte")
            for ts in report.get("tilesetsResaved", []):
                original, copy = Path(ts["file"]), Path(ts["resaved"])
                if original.parent == repo / "maps" and original.name not in self.tilesets_done:
                    self.tilesets_done.add(original.name)
                    self.check(not ts["error"] and copy.read_bytes() == original.read_bytes(),
                               f"maps/{original.name}: Tiled 1.8 re-saves the shipped tileset byte "
                               "for byte (the cover drop-down kept)")
                copy.unlink(missing_ok=True)
            again = load_map(resaved)
            self.check(_facts(again)[:-1] == _facts(grid)[:-1] and again.name in (grid.name, resaved.stem),
                       f"{label}: Tiled's re-save plays the same")
            resaved.unlink()
            self.raster(path, label, grid)

    def compare_units(self, label: str, report: dict, grid, types) -> None:
        unit_members = set(types.defaults("unit"))
        units = [o for o in report["objects"] if o["type"] == "unit"]
        spawns = [o for o in report["objects"] if o["type"] == "spawn"]
        resolved_all = all(unit_members <= set(o["resolved"]) for o in units) and all(
            "team" in o["resolved"] for o in spawns)
        self.check(resolved_all, f"{label}: Tiled resolved every class member of {len(units)} units "
                   f"and {len(spawns)} spawn zones (the project's types loaded)")
        if not units:
            return

        def value(resolved: dict, key: str):
            v = resolved.get(key)
            if isinstance(v, dict) and "enum" in v:
                return types.enums[v["enum"]][v["value"]] if isinstance(v["value"], int) else v["value"]
            return v

        tiled_units = [(value(o["resolved"], "team"), value(o["resolved"], "template"),
                        value(o["resolved"], "weapon")) for o in units]
        ours = [(u.team, u.template, u.weapon or "(template)") for u in grid.units]
        self.check(sorted(tiled_units) == sorted(ours),
                   f"{label}: Tiled's team, template and weapon of each unit are the game's")

    def raster(self, path: Path, label: str, grid) -> None:
        png = self.work / "renders" / (path.stem + ".png")
        png.parent.mkdir(exist_ok=True)
        done = run(["tmxrasterizer", str(path), str(png)],
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        ok = done.returncode == 0 and png.exists()
        if ok:
            import pygame

            img = pygame.image.load(str(png))
            samples = [img.get_at((x, y)) for x in range(0, img.get_width(), 7)
                       for y in range(0, img.get_height(), 7)]
            drawn = sum(1 for c in samples if c.a > 0) / max(1, len(samples))
            ok = img.get_size() == (grid.width * grid.tile_width, grid.height * grid.tile_height) \
                and drawn > 0.9  # ground in every cell: missing art would leave it clear
        self.check(ok, f"{label}: tmxrasterizer draws it with its art ({png.name})")

    # -- Tiled's examples in the game ---------------------------------------------------

    def examples(self) -> None:
        print(f"Tiled's example maps in the game ({EXAMPLES}):")
        if not self.check(EXAMPLES.is_dir(), f"{EXAMPLES} exists (apt-get install tiled)"):
            return
        ex = self.work / "examples"
        shutil.copytree(EXAMPLES, ex)
        for gz in ex.rglob("*.gz"):  # Debian compresses some: unpack them beside
            gz.with_suffix("").write_bytes(gzip.decompress(gz.read_bytes()))
        shots = self.work / "shots"
        shots.mkdir(exist_ok=True)
        for name in PLAYABLE:
            path = ex / name
            start = time.perf_counter()
            done = skirmish("check-map", str(path))
            seconds = time.perf_counter() - start
            self.check(done.returncode == 0, f"{name}: check-map ({seconds:.2f} s with start-up) "
                       + (done.stderr.strip() or done.stdout.splitlines()[1]))
            done = skirmish("simulate", "--map", str(path), "--runs", "2", "--jobs", "1")
            self.check(done.returncode == 0, f"{name}: simulate --runs 2: "
                       + (done.stderr.strip() or " ".join(done.stdout.split()[:12])))
            shot = shots / (Path(name).stem + ".png")
            done = skirmish("play", "--map", str(path), "--screenshot", str(shot), "--frames", "3")
            self.check(done.returncode == 0 and shot.exists(), f"{name}: screenshot {shot}")
        from game.judge import judge_map
        from game.maps import load_map

        largest = max(PLAYABLE, key=lambda m: load_map(ex / m).width * load_map(ex / m).height)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            judge_map(ex / largest)
            times.append(time.perf_counter() - start)
        print(f"  check-map's judgement of the largest example ({largest}, in tiles): median "
              f"{sorted(times)[2] * 1000:.1f} ms of 5, in-process (load, images decoded, units)")
        for name in REFUSED:
            done = skirmish("check-map", str(ex / name))
            self.check(done.returncode == 2 and done.stderr.count("\n") == 1
                       and "is not supported: only orthogonal maps" in done.stderr,
                       f"{name}: refused in one line: {done.stderr.strip()[-90:]}")


def _facts(m) -> tuple:
    return (m.width, m.height, m.walkable_cells, m.blocks_sight_cells, m.cover_cells,
            m.move_cost_cells, m.spawns, m.units, m.metres_per_tile, m.max_rounds, m.name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", action="store_true", help="only our project and maps in Tiled")
    parser.add_argument("--examples", action="store_true", help="only Tiled's examples in the game")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    args = parser.parse_args(argv)
    for tool in ("tiled", "tmxrasterizer"):
        if shutil.which(tool) is None:
            print(f"error: {tool} not found: apt-get install -y tiled", file=sys.stderr)
            return 2
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    work = args.keep or Path(tempfile.mkdtemp(prefix="tiled-check-"))
    work.mkdir(parents=True, exist_ok=True)
    checker = Checker(work)
    try:
        if args.ours or not args.examples:
            checker.ours()
        if args.examples or not args.ours:
            checker.examples()
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"work folder kept: {work}")
    print(f"{len(checker.failures)} failure(s)" if checker.failures else "all checks passed")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
