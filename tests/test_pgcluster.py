"""The throwaway PostgreSQL cluster the tests and benchmarks use (tests/pgcluster.py).

A real server from Debian's postgresql package: one for the module, and a second only where
closing it is the point.
"""

from __future__ import annotations

import os
import pwd
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.pgcluster import Cluster, available, start_cluster

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    cluster = start_cluster()
    yield cluster
    cluster.close()


def write_and_read(url: str, value: str) -> str:
    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS notes (id serial PRIMARY KEY, body text)")
        conn.execute("INSERT INTO notes (body) VALUES (%s)", (value,))
        conn.commit()
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT body FROM notes ORDER BY id DESC LIMIT 1").fetchone()[0]


def test_binaries_are_found():
    assert available()


def test_a_started_cluster_answers_on_its_url(cluster):
    assert cluster.running
    assert cluster.url() == f"postgresql://postgres@127.0.0.1:{cluster.port}/postgres"
    assert cluster.url("games") == f"postgresql://postgres@127.0.0.1:{cluster.port}/games"
    with psycopg.connect(cluster.url()) as conn:
        assert conn.execute("SELECT current_user").fetchone()[0] == "postgres"
        settings = dict(
            conn.execute(
                "SELECT name, setting FROM pg_settings WHERE name IN"
                " ('fsync', 'full_page_writes', 'synchronous_commit', 'max_connections',"
                " 'listen_addresses', 'unix_socket_directories', 'server_encoding')"
            ).fetchall()
        )
    assert settings == {
        "fsync": "off",
        "full_page_writes": "off",
        "synchronous_commit": "on",
        "max_connections": "300",
        "listen_addresses": "127.0.0.1",
        "unix_socket_directories": str(cluster.folder),
        "server_encoding": "UTF8",
    }
    # Its log is in its folder.
    assert "database system is ready to accept connections" in cluster.log_tail()


def test_the_folder_belongs_to_whoever_runs_the_server(cluster):
    # As root the server runs as the postgres system user, which must own its data.
    expected = pwd.getpwnam("postgres").pw_uid if os.geteuid() == 0 else os.geteuid()
    assert cluster.folder.stat().st_uid == expected
    assert cluster.data_dir.stat().st_uid == expected
    assert cluster.folder.name.startswith("companion-pg-")


def test_a_new_database_keeps_a_row(cluster):
    url = cluster.create_database()
    try:
        assert url.startswith(f"postgresql://postgres@127.0.0.1:{cluster.port}/")
        assert write_and_read(url, "first move") == "first move"
    finally:
        cluster.drop_database(url.rsplit("/", 1)[1])


def test_create_database_twice_gives_two_separate_databases(cluster):
    one, two = cluster.create_database(), cluster.create_database()
    try:
        assert one != two
        write_and_read(one, "only in the first")
        with psycopg.connect(two) as conn:
            tables = conn.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = 'notes'"
            ).fetchone()[0]
        assert tables == 0
    finally:
        cluster.drop_database(one.rsplit("/", 1)[1])
        cluster.drop_database(two.rsplit("/", 1)[1])


def test_a_named_database_and_dropping_it_with_a_connection_open(cluster):
    url = cluster.create_database("named_db")
    assert url == cluster.url("named_db")
    with psycopg.connect(url, autocommit=True) as left_open:
        cluster.drop_database("named_db")  # WITH (FORCE): the open connection is ended
        with pytest.raises(psycopg.OperationalError):
            left_open.execute("SELECT 1")
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=5).close()


def test_restart_keeps_the_rows_and_the_port(cluster):
    url = cluster.create_database()
    port = cluster.port
    try:
        write_and_read(url, "before the restart")
        cluster.restart()
        assert cluster.running
        assert cluster.port == port
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT body FROM notes").fetchall()
        assert rows == [("before the restart",)]
    finally:
        cluster.drop_database(url.rsplit("/", 1)[1])


def test_a_stopped_server_refuses_connections_until_started_again(cluster):
    url = cluster.create_database()
    write_and_read(url, "kept while stopped")
    try:
        cluster.stop()
        assert not cluster.running
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(url, connect_timeout=5).close()
        cluster.stop()  # stopping a stopped server does nothing
    finally:
        cluster.start()
    assert cluster.running
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT body FROM notes").fetchone()[0] == "kept while stopped"
    cluster.drop_database(url.rsplit("/", 1)[1])


def test_close_stops_the_server_and_removes_the_folder():
    with start_cluster() as own:
        url = own.create_database()
        write_and_read(url, "gone soon")
        folder = own.folder
        assert folder.is_dir()
    assert not folder.exists()
    assert not own.running
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=5).close()
    own.close()  # a second time is harmless
    with pytest.raises(RuntimeError, match="closed"):
        own.start()


def python(*args: str) -> subprocess.Popen[str]:
    """A Python process in the repository, reading its output as text."""
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_running_the_module_serves_a_url_until_interrupted():
    server = python("-m", "tests.pgcluster")
    try:
        url = server.stdout.readline().strip()
        assert url.startswith("postgresql://postgres@127.0.0.1:"), server.stderr.read()
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT 1").fetchone()[0] == 1
        server.send_signal(signal.SIGINT)  # Ctrl+C
        assert server.wait(30) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        server.stdout.close()
        server.stderr.close()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=5).close()


def test_a_run_ended_by_sigterm_leaves_no_server_behind():
    # What CI's time limits do: the server is stopped and its folder removed all the same.
    script = (
        "import time\n"
        "from tests.pgcluster import start_cluster\n"
        "cluster = start_cluster()\n"
        "print(cluster.url(), cluster.folder, flush=True)\n"
        "time.sleep(60)\n"
    )
    run = python("-c", script)
    try:
        line = run.stdout.readline().split()
        assert len(line) == 2, run.stderr.read()
        url, folder = line[0], Path(line[1])
        assert folder.is_dir()
        run.terminate()
        assert run.wait(30) == -signal.SIGTERM
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        run.stdout.close()
        run.stderr.close()
    assert not folder.exists()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=5).close()
