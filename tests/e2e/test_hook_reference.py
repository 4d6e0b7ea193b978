"""HOOKS.md is generated from the hookspec docstrings; a stale copy fails here."""

from __future__ import annotations

from pathlib import Path

from mdxsite import hookdoc

REPO = Path(__file__).resolve().parents[2]


def test_hooks_md_matches_the_hookspecs() -> None:
    committed = (REPO / "HOOKS.md").read_text(encoding="utf-8")
    assert committed == hookdoc.reference(), (
        "HOOKS.md is stale: run `.venv/bin/mdxsite plugins --reference > HOOKS.md`")


def test_every_hook_is_documented_with_its_arguments() -> None:
    for name, func in hookdoc.hook_functions():
        doc = func.__doc__ or ""
        assert doc.strip(), name
        params = [p for p in func.__code__.co_varnames[:func.__code__.co_argcount]]
        if params:
            assert "Args:" in doc, f"{name} does not document its arguments"
            for p in params:
                assert f"{p}:" in doc, f"{name} does not document {p!r}"
