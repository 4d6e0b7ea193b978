"""The CLI's console writes a plain line as rich would, without importing rich for it."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from mdxsite import cli

PIECES = ["built 3 pages in 0.12 s", " ", "->", "/tmp/out", ":", ":smile:", ":x", "\t", "\x1b[1m",
          "\x07", "\r", "\n", "é", "日本", "\u200b", "\u2028", "[bold]", "[/]", "(x)", "a" * 120,
          "failed", "warning"]


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8).map("".join),
       st.sampled_from([None, "red", "bold red", "yellow", "dim"]), st.booleans())
def test_a_line_prints_as_rich_prints_it(text: str, style: str | None, stderr: bool) -> None:
    want = io.StringIO()
    Console(file=want, highlight=False, soft_wrap=True).print(
        text, style=style, markup=False, highlight=False, soft_wrap=True)
    got = _Stream(tty=False)
    with pytest.MonkeyPatch.context() as mp:
        for name in cli._RICH_ENV:
            mp.delenv(name, raising=False)
        mp.setattr(sys, "stderr" if stderr else "stdout", got)
        cli._Out(stderr).print(text, style=style, markup=False, highlight=False, soft_wrap=True)
    assert got.getvalue() == want.getvalue()


def test_a_terminal_gets_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    tty = _Stream(tty=True)
    monkeypatch.setattr(sys, "stdout", tty)
    out = cli._Out(stderr=False)
    assert out.is_terminal
    out.print("built", style="red", markup=False)
    assert "\x1b[" in tty.getvalue()  # coloured, by rich


def test_forced_colour_gets_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = _Stream(tty=False)
    monkeypatch.setattr(sys, "stdout", stream)
    monkeypatch.setenv("FORCE_COLOR", "1")
    cli._Out(stderr=False).print("built", style="red", markup=False)
    assert "\x1b[" in stream.getvalue()


def test_a_quiet_build_does_not_import_rich(tmp_path: object) -> None:
    code = ("import sys; from mdxsite.cli import _Out; _Out(False).print('built 1 page', "
            "markup=False, highlight=False); assert 'rich' not in sys.modules, 'rich imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout == "built 1 page\n"
