"""Serve the built site and rebuild on change (the full watch mode is issue #7)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def serve(root: Path, out_dir: Path, *, host: str, port: int, rebuild: Callable[[], None]) -> None:
    """Serve ``out_dir`` with live reload, calling ``rebuild`` when a file under ``root`` changes."""
    from livereload import Server

    server = Server()
    ignore = str(out_dir)

    def changed() -> None:
        rebuild()

    server.watch(str(root / "**" / "*.md*"), changed)
    server.watch(str(root / "*.json"), changed)
    del ignore
    server.serve(root=str(out_dir), host=host, port=port, open_url_delay=None, restart_delay=0)
