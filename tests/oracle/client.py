"""A client for the platform's own parsers (``oracle.mjs``), shared by the parity tests and
``scripts/parity.py``. Used by tests only: a build never needs Node."""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

ORACLE = Path(__file__).resolve().parent


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

    def mdx_many(self, sources: Sequence[str], tree: bool = False) -> Iterator[dict[str, object]]:
        """:meth:`mdx` for each source, in order (see :meth:`_many`)."""
        return self._many([{"kind": "mdx", "source": source, "tree": tree} for source in sources])

    def _many(self, requests: Sequence[Mapping[str, object]]) -> Iterator[dict[str, object]]:
        """The answers to ``requests``, in order. Requests are written ahead on a thread, so
        the caller's own work on one answer overlaps Node's on the next ones, and no request
        waits for a round trip through the pipe (on a loaded machine each one waited for both
        processes to be scheduled again)."""
        assert self._proc.stdin is not None and self._proc.stdout is not None
        stdin, stdout = self._proc.stdin, self._proc.stdout

        def write() -> None:
            for request in requests:
                stdin.write(json.dumps(request) + "\n")
            stdin.flush()

        with self._lock:
            writer = threading.Thread(target=write, daemon=True)
            writer.start()
            for _ in requests:
                line = stdout.readline()
                if not line:
                    raise RuntimeError(f"the oracle process ended (exit {self._proc.poll()})")
                yield json.loads(line)
            writer.join()

    def docs(self, config: object, files: Mapping[str, str] | None = None) -> dict[str, object]:
        """``resolveRefs`` then ``validateDocsConfig``: ``{"ok": bool, "issues": [...]}``."""
        return self.ask({"kind": "docs", "config": config, "files": dict(files or {})})

    def docs_many(self, configs: Sequence[object]) -> Iterator[dict[str, object]]:
        """:meth:`docs` for each config (no other files), in order (see :meth:`_many`)."""
        return self._many([{"kind": "docs", "config": config, "files": {}} for config in configs])

    def mint(self, config: object) -> dict[str, object]:
        """``validateMintConfig`` on a mint.json: ``{"ok": bool, "issues": [...]}``."""
        return self.ask({"kind": "mint", "config": config})

    def upgrade(self, config: object, **options: object) -> dict[str, object]:
        """``upgradeToDocsConfig`` on a mint.json: ``{"ok": True, "config": {...}}``."""
        return self.ask({"kind": "upgrade", "config": config, "options": options})

    def endpoints(self, spec: object) -> list[dict[str, object]]:
        """Every operation of an OpenAPI document as the platform's converter sees it: its
        parameters, body fields, response codes and body example (see ``oracle.mjs``)."""
        answer = self.ask({"kind": "endpoints", "spec": spec})
        operations = answer.get("operations")
        return list(operations) if isinstance(operations, list) else []

    def yaml_many(self, texts: Sequence[str]) -> Iterator[dict[str, object]]:
        """Each YAML text as the platform's validator reads an OpenAPI document (js-yaml 4):
        ``{"ok": True, "data": ...}`` or the error's line, column and message."""
        return self._many([{"kind": "yaml", "text": text} for text in texts])

    def close(self) -> None:
        if self._proc.stdin:
            self._proc.stdin.close()
        self._proc.wait(timeout=10)
