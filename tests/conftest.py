"""Shared fixtures: a fresh database per test, and ways to run the CLI.

``db`` is a fresh SQLite file. ``any_db`` is a fresh database on each backend in turn:
SQLite, then PostgreSQL when ``EUCHRE_LOG_TEST_POSTGRES`` names a server's database
(``postgresql+psycopg://user@/name?host=/socket/dir``; ``.ci/run`` starts one and sets
it). Each PostgreSQL test gets a database of its own, created on that server and dropped
afterwards. Without the variable the PostgreSQL tests are skipped, saying why, except in
CI (``CI`` set), where they must run. A module whose tests hold for every backend
overrides ``db`` with ``any_db``, and the ``cli`` fixture follows.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest
from sqlalchemy import Engine, create_engine, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool
from typer.testing import CliRunner, Result

from euchre_log.cli.app import app, register

from .helpers import DOCUMENTED_EXIT_CODES, assert_handled

if TYPE_CHECKING:
    from playwright.sync_api import Browser

register([])  # every command: the tests run them all in this process
# The suite lays out at the natural width unless a test sets COLUMNS itself. GNU readline,
# once a process imports it, writes COLUMNS=80 and LINES=24 into the environment its
# children inherit: pytest-xdist's workers started with them, and every in-process
# command then drew at 80 columns.
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)
ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
EGN_CORPUS = Path(__file__).resolve().parent / "corpora" / "egn"
"""The EGN example corpus, committed with the tests (a copy of shared/corpora/egn)."""
POSTGRES_ENV = "EUCHRE_LOG_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgresql")


class Database:
    """A test database: the ``--db`` value that names it, and plain SQL to look inside it
    (or to tamper with it) behind euchre-log's back, on either backend."""

    def __init__(self, backend: str, target: str, path: Path | None = None) -> None:
        self.backend = backend
        self.target = target
        self.path = path
        self._engine: Engine | None = None

    def __str__(self) -> str:
        return self.target

    def __repr__(self) -> str:
        return f"Database({self.backend}, {self.target})"

    @property
    def url(self) -> str:
        """The SQLAlchemy URL (a SQLite file's path becomes ``sqlite:///PATH``)."""
        return self.target if "://" in self.target else f"sqlite:///{self.target}"

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = create_engine(self.url, poolclass=NullPool)
        return self._engine

    def sql(self, *statements: str, **params: Any) -> None:
        """Run statements in one transaction, as another program would."""
        with self.engine.begin() as conn:
            for statement in statements:
                conn.execute(text(statement), params)

    def rows(self, query: str, **params: Any) -> list[tuple[Any, ...]]:
        with self.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(query), params)]

    def value(self, query: str, **params: Any) -> Any:
        (row,) = self.rows(query, **params)
        return row[0]

    def table_names(self) -> list[str]:
        with self.engine.connect() as conn:
            return sorted(inspect(conn).get_table_names())

    def columns(self, table: str) -> list[str]:
        with self.engine.connect() as conn:
            return [c["name"] for c in inspect(conn).get_columns(table)]

    def contents(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, for before-and-after comparisons."""
        return {
            name: sorted(self.rows(f'SELECT * FROM "{name}"'), key=repr)
            for name in self.table_names()
        }

    def close(self) -> None:
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


def invoke(*args: str, input: str | None = None) -> Result:
    """Run euchre-log in-process, as the console script would with these arguments. The
    test fails at once if the command crashed (an exception other than ``SystemExit``,
    whose traceback goes into the failure) or ended with an exit code the CLI does not
    document: Click's runner turns a crash into exit 1 and prints nothing, so neither the
    exit code nor the output can tell a crash from a verdict."""
    result = CliRunner().invoke(app, list(args), input=input)
    assert_handled(result, args)
    return result


class Cli:
    """Run euchre-log in-process against one database (a path, a URL or a ``Database``);
    every call goes through ``invoke``, so a crash fails the test."""

    def __init__(self, db: Path | str | Database) -> None:
        self.db = db

    def __call__(self, *args: str, input: str | None = None) -> Result:
        return invoke("--db", str(self.db), *args, input=input)

    def json(self, *args: str, input: str | None = None, code: int = 0) -> Any:
        result = self(*args, "--json", input=input)
        assert result.exit_code == code, result.output
        return json.loads(result.stdout)


def postgres_url() -> str | None:
    """The test server's database URL, or None (and then PostgreSQL tests skip)."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if url:
        return url
    if os.environ.get("CI"):
        pytest.fail(f"{POSTGRES_ENV} is not set in CI: .ci/run must start PostgreSQL")
    pytest.skip(
        f"PostgreSQL tests need a server: set {POSTGRES_ENV}=postgresql+psycopg://... "
        "(bash .ci/run starts one)"
    )


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[Engine]:
    """A connection to the test server, in autocommit, to create and drop databases."""
    url = postgres_url()
    assert url is not None
    engine = create_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    yield engine
    engine.dispose()


def make_postgres_db(admin: Engine) -> Database:
    """A new, empty database on the test server."""
    name = f"euchre_t_{uuid.uuid4().hex[:12]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(os.environ[POSTGRES_ENV]).set(database=name)
    return Database("postgresql", url.render_as_string(hide_password=False))


def drop_postgres_db(admin: Engine, database: Database) -> None:
    database.close()
    name = make_url(database.target).database
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=BACKENDS)
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """A fresh, empty database on each backend in turn."""
    if request.param == "sqlite":
        path = tmp_path / "test.db"
        database = Database("sqlite", str(path), path)
        yield database
        database.close()
        return
    admin: Engine = request.getfixturevalue("postgres_admin")
    database = make_postgres_db(admin)
    try:
        yield database
    finally:
        drop_postgres_db(admin, database)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "test.db"


@pytest.fixture
def cli(db: Path | Database) -> Cli:
    return Cli(db)


def run(
    db: Path | str | Database,
    *args: str,
    input: str | None = None,
    timeout: float = 60,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run the real console script in a subprocess, as a user would. The test fails at
    once if it crashed: a traceback or ``main()``'s "internal error" on stderr, or an exit
    code other than 0, 1 and 2 (an unhandled exception exits 3)."""
    env = dict(os.environ, EUCHRE_LOG_DB=str(db), COLUMNS="120", **(env or {}))
    done = subprocess.run(
        [sys.executable, "-m", "euchre_log", *args],
        input=input,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=ROOT,
    )
    assert_handled(done, args, DOCUMENTED_EXIT_CODES)
    return done


def ended(proc: subprocess.Popen[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """A console script started with ``Popen``, once it has ended, with what is left of its
    output, ready for ``assert_handled``."""
    if proc.stdin is not None and not proc.stdin.closed:
        proc.stdin.close()
    proc.wait(timeout=timeout)
    out = proc.stdout.read() if proc.stdout is not None else ""
    err = proc.stderr.read() if proc.stderr is not None else ""
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.fixture
def egn_corpus() -> Path:
    """The committed EGN corpus. A test that needs it fails, never skips, when it is not
    there: it is part of the repository, so its absence is a broken checkout."""
    missing = [
        name
        for name in ("SOURCE.md", "LICENSE", "Six Points in Two Hands.egn")
        if not (EGN_CORPUS / name).is_file()
    ]
    if missing:
        pytest.fail(
            f"the committed EGN corpus is missing from {EGN_CORPUS} (no {', '.join(missing)}): "
            "restore it with git checkout -- tests/corpora/egn"
        )
    return EGN_CORPUS


@pytest.fixture
def sample() -> Iterator[Any]:
    def load(name: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((SAMPLES / name).read_text(encoding="utf-8"))
        return data

    yield load


def built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]
) -> Path:
    """A file ``build`` writes once per test run and every xdist worker then copies (each
    gets its own copy, with any files SQLite keeps beside it): for a fixture that costs
    seconds of work which would otherwise be done again on each core. The first worker to
    ask builds it, under a lock the others wait on; a build that failed is tried again by
    the next."""
    import fcntl
    import shutil

    mine = tmp_path_factory.mktemp(name)
    if not os.environ.get("PYTEST_XDIST_WORKER"):  # one process: nothing to share
        build(mine / name)
        return mine / name
    # The workers' base folders are popen-gwN inside one folder of this run's own.
    shared = tmp_path_factory.getbasetemp().parent / f"built-{name}"
    with open(f"{shared}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not shared.exists():
            part = shared.with_name(shared.name + ".part")
            shutil.rmtree(part, ignore_errors=True)
            part.mkdir()
            build(part / name)
            part.rename(shared)
    shutil.copytree(shared, mine, dirs_exist_ok=True)
    return mine / name


# The browser tests (the HTML export, the phones' page): Debian's Chromium, driven by
# Playwright, with a fresh profile of its own; ``playwright install`` is not used.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def unavailable(reason: str) -> NoReturn:
    """Skip, saying why; in CI the browser tests must run, so fail instead."""
    if os.environ.get("CI"):
        pytest.fail(f"the browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


def chromium_path() -> str:
    """``$EUCHRE_LOG_CHROMIUM``, or ``chromium`` on the PATH (``apt-get install chromium``)."""
    return os.environ.get("EUCHRE_LOG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium, started once per test module; without it the tests skip (fail in CI)."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        unavailable("Playwright is not installed: python3 -m pip install -e '.[test]'")
    exe = chromium_path()
    if not Path(exe).exists():
        unavailable(f"Chromium is not installed at {exe}: apt-get install chromium")
    pw = sync_playwright().start()
    try:
        try:
            found = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, timeout=60_000)
        except Error as exc:
            unavailable(f"Chromium would not start: {str(exc).splitlines()[0]}")
        yield found
        found.close()
    finally:
        pw.stop()
