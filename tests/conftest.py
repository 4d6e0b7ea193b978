"""Fixtures every test folder may use: running the real CLI, writing small sites, serving
a built one on 127.0.0.1."""

from __future__ import annotations

import functools
import http.server
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

REPO = Path(__file__).resolve().parent.parent
FIXTURE_SITES = REPO / "tests" / "fixtures" / "sites"
SHARED = REPO.parent / "shared"
BIN = Path(sys.executable).parent


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


@pytest.fixture
def serve_dir() -> Iterator[Callable[..., str]]:
    """Serve a folder on 127.0.0.1; returns its base URL. ``prefix`` mounts it under a sub-path;
    ``not_found_page`` answers misses with the folder's 404.html, as most static hosts do."""
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

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


ORACLE = REPO / "tests" / "oracle"


class Oracle:
    """The platform's own parsers (``tests/oracle/oracle.mjs``), one Node process per test session.

    Each call sends one JSON line and reads one back, so thousands of generated documents cost
    one Node start-up. Used by tests only: a build never needs Node.
    """

    def __init__(self) -> None:
        self._proc = subprocess.Popen(["node", str(ORACLE / "oracle.mjs")], cwd=ORACLE, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      encoding="utf-8", bufsize=1)
        self._lock = threading.Lock()

    def ask(self, request: Mapping[str, object]) -> dict[str, object]:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        with self._lock:
            self._proc.stdin.write(json.dumps(request) + "\n")
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the oracle process ended (exit {self._proc.poll()})")
        answer: dict[str, object] = json.loads(line)
        if str(answer.get("error", "")).startswith("oracle failure"):
            raise RuntimeError(answer["error"])
        return answer

    def mdx(self, source: str, tree: bool = False) -> dict[str, object]:
        """Compile a page as the platform does: ``{"ok": True, "tree"?: mdast}`` or
        ``{"ok": False, "line", "column", "message"}``."""
        return self.ask({"kind": "mdx", "source": source, "tree": tree})

    def docs(self, config: object, files: Mapping[str, str] | None = None) -> dict[str, object]:
        """``resolveRefs`` then ``validateDocsConfig``: ``{"ok": bool, "issues": [...]}``."""
        return self.ask({"kind": "docs", "config": config, "files": dict(files or {})})

    def upgrade(self, config: object, **options: object) -> dict[str, object]:
        """``upgradeToDocsConfig`` on a mint.json: ``{"ok": True, "config": {...}}``."""
        return self.ask({"kind": "upgrade", "config": config, "options": options})

    def close(self) -> None:
        if self._proc.stdin:
            self._proc.stdin.close()
        self._proc.wait(timeout=10)


@pytest.fixture(scope="session")
def oracle() -> Iterator[Oracle]:
    """The platform's parsers; installed by ``make test`` (``make oracle-deps``)."""
    if not (ORACLE / "node_modules" / ".installed").exists():
        pytest.fail("the oracle's npm packages are missing: run `make oracle-deps` (make test does)")
    found = Oracle()
    yield found
    found.close()
