"""Paired sweeps (issue 31): common random numbers across variants on the same map and size,
`pairing = "none"` keeping issue 21's seeds, and a store that never mixes the two unseen."""

import hashlib
import shutil
import sqlite3
from pathlib import Path

from game.lab.plan import load_plan, resolve
from game.limits import MAX_SEED
from tests.test_sweep import SMALL_PLAN, STREET, sweep, write_plan

MAPS = Path(STREET).parent


def test_paired_variants_on_one_map_and_size_share_each_matchs_seed(tmp_path):
    variants = resolve(load_plan(write_plan(tmp_path, SMALL_PLAN)))[0]
    assert len(variants) == 4 and {v.pairing for v in variants} == {"paired"}
    for i in (0, 1, 5):
        assert len({v.match_seed(i) for v in variants}) == 1
    assert variants[0].match_seed(0) != variants[0].match_seed(1)
    assert len({v.id for v in variants}) == 4  # each still its own results
    assert all('"pairing":"paired"' in v.canonical() for v in variants)
    # another size (or map, or plan seed) is another stream
    other = resolve(load_plan(write_plan(tmp_path, SMALL_PLAN.replace("size = 2", "size = 3"), "b.toml")))[0]
    assert other[0].match_seed(0) != variants[0].match_seed(0)


def test_pairing_none_keeps_issue_21s_seeds_and_ids(tmp_path):
    v = resolve(load_plan(write_plan(tmp_path, 'pairing = "none"\n' + SMALL_PLAN)))[0][0]
    canonical = v.canonical()
    assert "pairing" not in canonical  # the canonical form of issue 21, so old stores keep their ids
    want = int(hashlib.sha256(f"{canonical}#4".encode()).hexdigest()[:16], 16) % (MAX_SEED + 1)
    assert v.match_seed(4) == want
    assert v.id == hashlib.sha256(canonical.encode()).hexdigest()[:16]


def test_two_variants_differing_only_in_a_setting_that_changes_nothing_play_identically(tmp_path):
    """The same map under two file names, its name and briefing changed (what the game makes
    of it, the map digest, is the same): paired, every match comes out the same."""
    for f in ("street.tmx", "terrain.tsx"):
        shutil.copy(MAPS / f, tmp_path / f)
    text = (MAPS / "street.tmx").read_text(encoding="utf-8")
    (tmp_path / "renamed.tmx").write_text(text.replace("Market Street", "Another Street")
                                          .replace("A town street", "A renamed town street"), encoding="utf-8")
    body = f'runs = 4\nmap = ["{tmp_path / "street.tmx"}", "{tmp_path / "renamed.tmx"}"]\nsize = 2\n'
    plan = write_plan(tmp_path, body)
    db = tmp_path / "paired.sqlite"
    rc, _, errors = sweep(plan, db=str(db))
    assert rc == 0 and not errors
    with sqlite3.connect(db) as con:
        got = con.execute("SELECT v.map, m.idx, m.seed, m.winner, m.rounds, m.blue_casualties, m.red_casualties, "
                          "m.blue_survivors, m.red_survivors FROM matches m JOIN variants v USING (variant) "
                          "ORDER BY v.map, m.idx").fetchall()
    renamed = [r[1:] for r in got if r[0] == "renamed.tmx"]
    street = [r[1:] for r in got if r[0] == "street.tmx"]
    assert len(street) == 4 and renamed == street
    # unpaired, the same two variants draw other seeds
    rc, _, _ = sweep(write_plan(tmp_path, 'pairing = "none"\n' + body, "none.toml"), db=str(tmp_path / "none.sqlite"))
    with sqlite3.connect(tmp_path / "none.sqlite") as con:
        seeds = con.execute("SELECT v.map, m.seed FROM matches m JOIN variants v USING (variant) WHERE idx = 0").fetchall()
    assert rc == 0 and len({s for _, s in seeds}) == 2


def test_a_store_of_unpaired_matches_is_not_mixed_with_paired_ones_and_says_so(tmp_path, capsys):
    body = f'runs = 2\nmap = "{STREET}"\nsize = 2\n'
    db = str(tmp_path / "s.sqlite")
    sweep(write_plan(tmp_path, 'pairing = "none"\n' + body, "old.toml"), db=db)
    capsys.readouterr()
    rc, calls, _ = sweep(write_plan(tmp_path, body, "new.toml"), db=db)
    out = capsys.readouterr().out
    assert rc == 0 and calls and calls[-1] == (2, 2)  # the paired variant plays its own matches
    assert "2 stored matches of these settings were played unpaired" in out
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 4


def test_an_unknown_pairing_is_one_line(tmp_path):
    import pytest

    from game.lab.plan import PlanError

    with pytest.raises(PlanError, match="pairing: must be 'paired' or 'none', not 'crn'"):
        load_plan(write_plan(tmp_path, 'pairing = "crn"\n' + SMALL_PLAN))
