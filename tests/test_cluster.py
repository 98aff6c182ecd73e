"""A real Dask cluster (issue 21): a LocalCluster of two worker processes, made here, plays
sweeps and `simulate` runs; the results are those of --jobs 1, and a worker killed in the
middle of a sweep loses nothing and doubles nothing."""

import json
import logging
import os
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from game.cli import main
from game.lab import cluster as cluster_mod
from game.lab.simulate import simulate
from game.lab.store import Store
from tests.test_sweep import MATCH_COLUMNS, STREET, WOOD, rows, sweep, write_plan

ROOT = Path(__file__).resolve().parents[1]

PLAN = f'''
runs = 5
map = "{STREET}"
size = 3
[blue]
squad = ["rifleman", "gunner"]
[red]
ai = ["easy", "normal"]
'''


@pytest.fixture(scope="module")
def local_cluster():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as lc:
        yield lc


@pytest.fixture(scope="module")
def jobs_1(tmp_path_factory):
    """The plan swept with --jobs 1: the numbers every cluster run must give."""
    folder = tmp_path_factory.mktemp("jobs1")
    plan = write_plan(folder, PLAN)
    rc, calls, _ = sweep(plan, jobs=1)
    assert rc == 0 and len(calls) == 20
    return plan, rows(folder / "plan.sqlite")


def test_a_sweep_on_the_cluster_stores_what_jobs_1_stores(local_cluster, jobs_1, tmp_path, capsys):
    plan, want = jobs_1
    db = tmp_path / "c.sqlite"
    assert main(["sweep", str(plan), "--db", str(db), "--cluster", local_cluster.scheduler_address]) == 0
    out = capsys.readouterr().out
    assert f"20 to play on the cluster at {local_cluster.scheduler_address}" in out
    assert rows(db) == want
    with sqlite3.connect(db) as con, sqlite3.connect(plan.with_suffix(".sqlite")) as ref:
        q = "SELECT * FROM weapons ORDER BY variant, idx, weapon"
        assert con.execute(q).fetchall() == ref.execute(q).fetchall()


def test_simulate_on_the_cluster_gives_the_record_of_jobs_1(local_cluster, tmp_path, capsys):
    here = simulate(STREET, 6, 11, size=2, jobs=1)
    there = simulate(STREET, 6, 11, size=2, cluster=local_cluster.scheduler_address)
    out = tmp_path / "c.json"
    assert main(["simulate", "--map", STREET, "--runs", "6", "--seed", "11", "--size", "2",
                 "--cluster", local_cluster.scheduler_address, "--json", str(out)]) == 0
    from_cli = json.loads(out.read_text())
    for r in (here, there, from_cli):
        r.pop("seconds")
        for b in r["battles"]:
            b.pop("decision_ms")
    assert there == here
    assert from_cli["battles"] == json.loads(json.dumps(here["battles"]))


def test_a_worker_killed_mid_sweep_loses_no_match_and_doubles_none(local_cluster, jobs_1, tmp_path, monkeypatch):
    plan, want = jobs_1
    with Client(local_cluster.scheduler_address, set_as_default=False) as client:
        pids = client.run(os.getpid)
        killed = []

        def kill_a_busy_worker(done, total):
            if done == 3:
                busy = [(w, keys) for w, keys in client.processing().items() if keys and w in pids]
                assert busy, "no worker had a match to lose"
                os.kill(pids[busy[0][0]], signal.SIGKILL)
                killed.append(busy[0])

        stored = []
        real_add = Store.add

        def add(self, variant, idx, battle, version, sweep_id):
            stored.append((variant, idx))
            return real_add(self, variant, idx, battle, version, sweep_id)

        monkeypatch.setattr(Store, "add", add)
        db = tmp_path / "k.sqlite"
        rc, calls, errors = sweep(plan, db=str(db), cluster=local_cluster.scheduler_address,
                                  progress=kill_a_busy_worker)
    assert rc == 0 and not errors and killed and killed[0][1]  # it died with matches on it
    assert len(stored) == len(set(stored)) == 20 and [c[0] for c in calls] == list(range(1, 21))
    assert rows(db) == want  # nothing lost, nothing doubled, the same numbers


def test_a_sweep_stopped_mid_batch_on_the_cluster_resumes_with_what_is_missing(local_cluster, jobs_1, tmp_path,
                                                                              capsys, monkeypatch):
    """Ctrl-C while a task's matches are being stored (several come back at once): the
    stored ones stay, the rest of that task and those in flight are not stored, and the same
    command plays only what is missing, each match once, with the numbers of --jobs 1."""
    plan, want = jobs_1
    db = str(tmp_path / "r.sqlite")

    sent = []
    real = Client.submit

    def submit(self, func, *args, **kwargs):
        if func is cluster_mod._play:
            sent.append(len(args[1]))
        return real(self, func, *args, **kwargs)

    def stop_after_seven(done, total):
        if done == 7:
            raise KeyboardInterrupt

    monkeypatch.setattr(Client, "submit", submit)
    rc, calls, errors = sweep(plan, db=db, cluster=local_cluster.scheduler_address, progress=stop_after_seven)
    assert rc == 130 and not errors and len(rows(db)) == 7 and max(sent) > 1
    assert "stopped by Ctrl-C: 7 of 20 played and stored" in capsys.readouterr().out
    rc, calls, errors = sweep(plan, db=db, cluster=local_cluster.scheduler_address)
    assert rc == 0 and not errors and calls == [(n, 13) for n in range(1, 14)]  # only the 13 missing
    assert rows(db) == want


def test_a_worker_running_other_code_stops_the_run(local_cluster, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cluster_mod, "source_digest", lambda: "not-this-code")
    plan = write_plan(tmp_path, PLAN.replace("runs = 5", "runs = 1"))
    assert main(["sweep", str(plan), "--cluster", local_cluster.scheduler_address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a worker runs other code" in err and "here not-this-code" in err, err
    with sqlite3.connect(tmp_path / "plan.sqlite") as con:
        assert con.execute(f"SELECT {MATCH_COLUMNS} FROM matches").fetchall() == []


@pytest.mark.parametrize("address,expect", [
    ("localhost:8786", "is not a scheduler address; expected tcp://HOST:PORT"),
    ("tcp://127.0.0.1:99999", "port 99999 is not from 1 to 65535"),
    ("tcp://127.0.0.1:1", "no Dask scheduler answered at tcp://127.0.0.1:1 (connection refused: nothing listens"),
])
def test_a_cluster_that_cannot_be_used_is_one_line_exit_2(tmp_path, capsys, monkeypatch, address, expect):
    monkeypatch.setattr(cluster_mod, "CONNECT_SECONDS", 1)
    plan = write_plan(tmp_path, PLAN)
    for argv in (["sweep", str(plan)], ["simulate", "--map", STREET, "--runs", "2"]):
        assert main([*argv, "--cluster", address]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error: --cluster: ") and expect in err, err
    assert main(["simulate", "--runs", "2", "--jobs", "2", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    assert "give --jobs or --cluster, not both" in capsys.readouterr().err


class Impostor:
    """A TCP listener on a free local port, in a thread, that is not a Dask scheduler:
    `answer(conn)` is what it does with each connection."""

    def __init__(self, answer):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.answer = answer
        self.conns = []
        self.done = threading.Event()
        self.sock.settimeout(0.05)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self.done.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            self.conns.append(conn)
            try:
                self.answer(conn)
            except OSError:
                pass

    def close(self):
        self.done.set()
        self.thread.join()
        self.sock.close()
        for conn in self.conns:
            conn.close()


def _web_server(conn):
    conn.settimeout(10)
    conn.recv(4096)  # a web server waits for a request (Dask's client sends its greeting)
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


IMPOSTORS = {
    "a web server": (_web_server, "it sent no Dask greeting within 0.5 s"),
    "a listener that never answers": (lambda conn: None, "it sent no Dask greeting within 0.5 s"),
    "a web server that speaks first": (lambda conn: conn.sendall(b"HTTP/1.0 200 OK\r\n\r\n<html></html>"),
                                       "it sent something else: b'HTTP/1.0'"),
    "garbage": (lambda conn: conn.sendall(bytes(range(256)) * 4), "it sent something else: b'\\x00\\x01"),
    "a plausible length, then garbage": (lambda conn: conn.sendall(struct.pack("Q", 40) + b"\xfe" * 40),
                                         "it sent something else: b'(\\x00"),
    "a length, then it hangs up": (lambda conn: (conn.sendall(struct.pack("Q", 100)), conn.close()),
                                   "it closed the connection without a Dask greeting"),
}


@pytest.mark.parametrize("kind", IMPOSTORS)
def test_an_address_where_no_dask_scheduler_answers_is_one_line_exit_2(tmp_path, capsys, monkeypatch, kind):
    """Issue 27, "The cluster address": not a traceback ("Unable to allocate 3.07 EiB") nor a
    hang; the connect timeout (CONNECT_SECONDS, 10 s) shortened for the test."""
    monkeypatch.setattr(cluster_mod, "CONNECT_SECONDS", 0.5)
    answer, expect = IMPOSTORS[kind]
    impostor = Impostor(answer)
    plan = write_plan(tmp_path, PLAN)
    try:
        for argv in (["sweep", str(plan)], ["simulate", "--map", STREET, "--runs", "2"]):
            assert main([*argv, "--cluster", impostor.address]) == 2
            err = capsys.readouterr().err
            assert err.count("\n") == 1, err
            assert err.startswith(f"error: --cluster: no Dask scheduler answered at {impostor.address} ({expect}"), err
    finally:
        impostor.close()
    assert not (tmp_path / "plan.sqlite").exists() or rows(tmp_path / "plan.sqlite") == []


def test_the_probe_greets_a_real_scheduler_back_and_the_client_connects(local_cluster):
    """A real scheduler passes the probe (and its handshake is completed), then the client
    connects within the same timeout."""
    cluster_mod.probe(local_cluster.scheduler_address, 5)
    client = cluster_mod.connect(local_cluster.scheduler_address, timeout=5)
    try:
        assert client.nthreads()
    finally:
        client.close()


def test_a_task_holds_about_a_second_of_matches_by_what_they_cost_lately():
    """Issue 31, "The cluster": tasks sized by the matches' cost (Batches): one match a task
    until a task has come back, then TASK_SECONDS (1 s) of CPU time at the recent cost a
    match, at most MOST_BATCH, and smaller towards the end of the run."""
    from game.lab.cluster import MOST_BATCH, RECENT_MATCHES, TASK_SECONDS, Batches

    assert TASK_SECONDS == 1.0  # the figures below are for one second a task
    b = Batches(threads=2, total=10_000)
    assert not b.known and b.size(0) == 1
    b.heard(1, 0.1)  # 100 ms a match
    assert b.known and b.size(2) == 10
    b.heard(12, 0.3)  # 25 ms a match now: 0.4 s for 13 matches
    assert b.size(14) == int(13 / 0.4) == 32
    for _ in range(RECENT_MATCHES):  # the old cost is forgotten: only the recent tasks count
        b.heard(1, 0.25)
    assert b.matches == RECENT_MATCHES and b.size(100) == 4
    quick = Batches(threads=2, total=None)
    quick.heard(10, 0.001)  # matches that cost next to nothing: MOST_BATCH
    assert quick.size(10) == MOST_BATCH and quick.size(10**9) == MOST_BATCH  # no end known: no end to share
    end = Batches(threads=2, total=100)
    end.heard(1, 0.001)
    assert end.size(20) == 80 // 4 and end.size(90) == 10 // 4 and end.size(100) == 1  # the last ones shared out


def test_matches_sent_several_to_a_task_come_back_each_once_in_their_places(local_cluster, monkeypatch):
    """A long run sends a task several matches on one map: each comes back once, under its
    own position, as --jobs 1 plays it (a map of its own starts a task of its own)."""
    from game.lab.runner import play_all
    from game.sim import MatchSpec

    sent = []
    real = Client.submit

    def submit(self, func, *args, **kwargs):
        if func is cluster_mod._play:
            sent.append([spec.seed for spec in args[1]])
        return real(self, func, *args, **kwargs)

    monkeypatch.setattr(Client, "submit", submit)
    specs = [MatchSpec(STREET, 100 + i, size=1) for i in range(11)] + [MatchSpec(WOOD, 7, size=1)]
    got = dict(play_all(iter(specs), cluster=local_cluster.scheduler_address, total=10_000))
    want = dict(play_all(iter(specs), jobs=1))
    assert sorted(got) == list(range(12))
    assert sent[:2] == [[100], [101]] and max(len(s) for s in sent) > 1  # one a thread, then batches
    assert sorted(seed for s in sent for seed in s) == [7] + [100 + i for i in range(11)] and sent[-1] == [7]
    for i in got:
        got[i].pop("decision_ms")
        want[i].pop("decision_ms")
    assert got == want


def test_dask_loggers_say_nothing_within_quiet_dask(capfd):
    """Dask's handler writes to the terminal; within quiet_dask its loggers (those that were
    there, and those made during the block) let nothing through, and after it they are as
    they were."""
    import distributed  # noqa: F401 - sets its loggers up

    from game.lab.cluster_events import quiet_dask

    client_log = logging.getLogger("distributed.client")
    before = {name: logging.getLogger(name).level for name in ("distributed", "distributed.client")}
    handler = logging.StreamHandler()  # on the capture's standard error, as Dask's is on the terminal's
    logging.getLogger("distributed").addHandler(handler)
    try:
        client_log.warning("raw line before")
        with quiet_dask():
            client_log.warning("Couldn't gather 1 keys, rescheduling ('skirmish-match-x-0',)")
            logging.getLogger("distributed.made_now").error("raw line from a new logger")
        client_log.warning("raw line after")
    finally:
        logging.getLogger("distributed").removeHandler(handler)
    err = capfd.readouterr().err
    assert "raw line before" in err and "raw line after" in err
    assert "Couldn't gather" not in err and "new logger" not in err
    assert {name: logging.getLogger(name).level for name in before} == before


def test_a_worker_lost_mid_sweep_is_told_in_our_words_not_dasks_and_the_store_is_whole(local_cluster, jobs_1,
                                                                                        tmp_path):
    """Issue 31: `skirmish sweep --cluster` (its own process, its standard error a pipe as
    a terminal would be) while a worker that holds one of its matches is killed: standard
    error holds our line (a worker was lost, N matches rescheduled) and nothing from Dask, and
    the store is what --jobs 1 stores."""
    plan, want = jobs_1
    db = tmp_path / "lost.sqlite"
    address = local_cluster.scheduler_address
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    with Client(address, set_as_default=False) as client:
        pids = client.run(os.getpid)
        proc = subprocess.Popen([sys.executable, "-m", "game", "sweep", str(plan), "--db", str(db),
                                 "--cluster", address], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        killed = None
        try:
            for _ in range(30_000):  # a bound: until a worker holds one of the sweep's matches
                busy = [w for w, keys in client.processing().items()
                        if w in pids and any(str(k).startswith("skirmish-match-") for k in keys)]
                if busy:
                    os.kill(pids[busy[0]], signal.SIGKILL)
                    killed = busy[0]
                    break
                if proc.poll() is not None:
                    break
            out, err = proc.communicate(timeout=600)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert killed, "the sweep ended before a worker held one of its matches"
    assert proc.returncode == 0, err
    lines = err.splitlines()
    assert lines and all(line.startswith("cluster: ") for line in lines), err  # no line of Dask's own
    assert any(f"cluster: worker {killed} was lost; " in line and "rescheduled on the other workers; going on" in line
               for line in lines), err
    assert "20 to play on the cluster" in out
    assert rows(db) == want  # nothing lost, nothing doubled
