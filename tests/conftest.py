"""Fixtures every test folder may use: running the real CLI, writing small sites, serving
a built one on 127.0.0.1."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import http.server
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

REPO = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    """Property tests draw the same examples on every run (``derandomize``), so a run of
    ``make test`` passes or fails on the code alone, never on a lucky draw. To look for new
    failures, run them with ``MDXSITE_HYPOTHESIS=explore`` (fresh random examples); a failure
    found so becomes a test of its own.

    The examples also depend on the literals of the modules imported so far (see
    ``same_examples_in_any_process``), which differ with the order xdist hands out test
    files: that pool is emptied for the whole run.
    """
    from hypothesis import settings
    from hypothesis.internal.conjecture import providers

    settings.register_profile("fixed", derandomize=True)
    settings.register_profile("explore", derandomize=False)
    settings.load_profile(os.environ.get("MDXSITE_HYPOTHESIS", "fixed"))
    if os.environ.get("MDXSITE_HYPOTHESIS", "fixed") == "fixed":
        providers._get_local_constants = providers.Constants  # an empty pool
        providers.CONSTANTS_CACHE.cache.clear()
FIXTURE_SITES = REPO / "tests" / "fixtures" / "sites"
SHARED = REPO.parent / "shared"
BIN = Path(sys.executable).parent


@pytest.fixture
def figures(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Report a line of figures (counts, sizes, peaks) in the summary ``make test`` prints.

    Not ``print``: pytest captures it, and under ``-n 2`` a worker's output never reaches the
    terminal; a report's ``user_properties`` do (see pytest_terminal_summary below).
    """
    def add(text: str) -> None:
        request.node.user_properties.append(("figures", text))

    return add


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = [value for outcome in ("passed", "failed") for report in
             terminalreporter.stats.get(outcome, []) if getattr(report, "when", "") == "call"
             for name, value in getattr(report, "user_properties", ()) if name == "figures"]
    if lines:
        terminalreporter.section("figures")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture
def cli() -> Callable[..., Result]:
    """Run ``mdxsite ARGS`` in-process (fast) and return click's Result (stdout, stderr, exit_code)."""
    from mdxsite.cli import main

    def run(*args: str) -> Result:
        return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run


@pytest.fixture
def run_mdxsite() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the installed ``mdxsite`` console script in a subprocess, as a user would."""

    def run(*args: str, cwd: Path | None = None, script: str = "mdxsite",
            timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(BIN / script), *map(str, args)], cwd=cwd, capture_output=True,
                              text=True, timeout=timeout, env={"PATH": "/usr/bin:/bin", "CI": "1",
                                                               "HOME": str(Path.home())})

    return run


@pytest.fixture
def first_line() -> Callable[..., str]:
    """Read the first line a process prints on its stdout pipe, within a deadline.

    A bare ``proc.stdout.readline()`` waits forever for a process that never prints: the test
    fails here instead, with what the process said on stderr, and the suite goes on. The
    line is read from the pipe itself (not its text buffer); the rest of stdout is dropped.
    """
    import select

    def read(proc: subprocess.Popen[str], deadline: float = 60.0) -> str:
        assert proc.stdout is not None
        fd = proc.stdout.fileno()
        said = b""
        end = time.monotonic() + deadline
        while b"\n" not in said:
            left = end - time.monotonic()
            chunk = b"-"
            if left > 0 and select.select([fd], [], [], min(left, 0.1))[0]:
                chunk = os.read(fd, 65536)
                said += chunk
            if left <= 0 or not chunk:
                proc.kill()
                _, err = proc.communicate(timeout=30)
                why = f"within {deadline:g} s" if chunk else "before stdout closed"
                pytest.fail(f"no line on stdout {why} (said {said.decode(errors='replace')!r}); "
                            f"stderr:\n{err}")
        return said.decode("utf-8", "replace").split("\n", 1)[0] + "\n"

    return read


@pytest.fixture
def make_site(tmp_path: Path) -> Callable[..., Path]:
    """Write a site: ``make_site(docs, pages={"index": "# Hi"}, files={...})`` -> its folder.

    ``docs`` is docs.json as text (kept byte for byte, so line:column are predictable) or as a
    mapping (dumped with two-space indentation). Pages are written as ``<key>.mdx``.
    """
    counter = {"n": 0}

    def make(docs: str | Mapping[str, object], pages: Mapping[str, str] | None = None,
             files: Mapping[str, str] | None = None) -> Path:
        counter["n"] += 1
        root = tmp_path / f"site{counter['n']}"
        root.mkdir()
        text = docs if isinstance(docs, str) else json.dumps(docs, indent=2, ensure_ascii=False)
        (root / "docs.json").write_text(text, encoding="utf-8")
        for key, body in (pages or {"index": "# Home\n"}).items():
            path = root / f"{key}.mdx"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
        for rel, body in (files or {}).items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
        return root

    return make


@pytest.fixture
def age_files() -> Callable[[Path], None]:
    """Date every file under a folder a minute back: mdxsite never trusts the stat of a file
    modified in the last 2 s to mean "unchanged" (the file memo, the build stamp)."""

    def age(folder: Path) -> None:
        then = time.time() - 60
        for path in folder.rglob("*"):
            if path.is_file():
                os.utime(path, (then, then))

    return age


InstallPlugin = Callable[..., Path]


@pytest.fixture
def install_plugin(tmp_path: Path) -> InstallPlugin:
    """Install a plugin the way pip would: ``install_plugin(module, source, entry=..., dist=...,
    version=...)`` writes ``module.py`` and its ``.dist-info`` (an ``mdxsite.plugins`` entry
    point ``entry = module``) into ``tmp_path/site-packages``, and returns that folder, to put
    on ``PYTHONPATH`` of an ``mdxsite`` process."""

    def install(module: str, source: str, *, entry: str, dist: str, version: str = "1.0") -> Path:
        where = tmp_path / "site-packages"
        where.mkdir(exist_ok=True)
        (where / f"{module}.py").write_text(source, encoding="utf-8")
        info = where / f"{module}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8")
        (info / "entry_points.txt").write_text(f"[mdxsite.plugins]\n{entry} = {module}\n",
                                               encoding="utf-8")
        (info / "RECORD").write_text("", encoding="utf-8")
        return where

    return install


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class _StaticHost(_Quiet):
    """A host with no rules file that answers misses with the site's 404.html, as GitHub Pages,
    S3 websites or nginx with ``error_page`` do."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def _static_servers() -> Iterator[Callable[..., str]]:
    """Serve folders on 127.0.0.1 until the block ends; ``serve`` returns a folder's base URL.
    ``prefix`` mounts it under a sub-path; ``not_found_page`` answers misses with the folder's
    404.html, as most static hosts do."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def serve(folder: Path, prefix: str = "", not_found_page: bool = False) -> str:
        root = folder
        if prefix:  # /docs/… maps to folder/…: serve a parent holding a link named after it
            parent = folder.parent / f"{folder.name}-mount"
            (parent / prefix.strip("/")).parent.mkdir(parents=True, exist_ok=True)
            link = parent / prefix.strip("/")
            if not link.exists():
                link.symlink_to(folder, target_is_directory=True)
            root = parent
        handler = functools.partial(_StaticHost if not_found_page else _Quiet, directory=str(root))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    try:
        yield serve
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


@pytest.fixture
def serve_dir() -> Iterator[Callable[..., str]]:
    """Serve a folder on 127.0.0.1 for one test (see :func:`_static_servers`)."""
    with _static_servers() as serve:
        yield serve


@pytest.fixture(scope="module")
def module_serve_dir() -> Iterator[Callable[..., str]]:
    """Serve folders for a whole test module (many views of a few built sites)."""
    with _static_servers() as serve:
        yield serve


ORACLE = REPO / "tests" / "oracle"


def load_module(name: str, path: Path) -> Any:
    """Import a helper module of the test tree by its path (pytest runs in importlib mode)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def load_helper() -> Callable[[str, Path], Any]:
    """:func:`load_module`, for test modules that share a helper module."""
    return load_module


@pytest.fixture(scope="session")
def oracle() -> Iterator[Any]:
    """The platform's parsers; installed by ``make test`` (``make oracle-deps``)."""
    if not (ORACLE / "node_modules" / ".installed").exists():
        pytest.fail("the oracle's npm packages are missing: run `make oracle-deps` (make test does)")
    found = load_module("mdxsite_oracle_client", ORACLE / "client.py").Oracle()
    yield found
    found.close()


@pytest.fixture(scope="module")
def same_examples_in_any_process() -> Iterator[None]:
    """Make a ``derandomize=True`` test draw the same examples whatever the process imported.

    Hypothesis draws about one number (or string) in twenty from the literals of the local
    modules imported so far (``_get_local_constants``: every mdxsite module, plugin and script,
    not the test files). Those are whatever the xdist worker's earlier test files happened to
    import, plus the command's own lazy imports; any literal edited anywhere in the product
    changes them too. So the mutation tests generated other mutants under ``make test`` than
    alone, and a failure found by one run did not come back in the next. Here the local pool is
    empty (the built-in one stays) for the module's tests.
    """
    from hypothesis.internal.conjecture import providers

    empty = providers.Constants()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(providers, "_get_local_constants", lambda: empty)
        providers.CONSTANTS_CACHE.cache.clear()  # per-range picks made from the process's pool
        yield
    providers.CONSTANTS_CACHE.cache.clear()
