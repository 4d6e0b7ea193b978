"""Where ``x-platform``/``x-mint`` is read in a document, and what is warned, one case a row:
each row is a tiny YAML document and the warnings it gives, as ``line: JSON path [code]``."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdxsite.openapi import extensions
from mdxsite.openapi.load import load_path

HEAD = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n"
OP = "paths:\n  /a:\n    get:\n      responses: {'200': {description: ok}}\n"

CASES = [
    ("none", OP, []),
    ("honoured on an operation",
     OP + "      x-mint: {metadata: {title: A}, content: Hi, href: /x}\n", []),
    ("honoured on a schema", OP.replace("{description: ok}", "{description: ok, content: "
     "{application/json: {schema: {type: string, x-mint: {pre: [A], post: [B]}}}}}"), []),
    ("data is not read: an example holding the key",
     OP.replace("{description: ok}", "{description: ok, content: {application/json: "
                "{example: {x-mint: {mcp: {enabled: true}}}}}}"), []),
    ("a list instead of an object", OP + "      x-platform: [metadata]\n",
     ["7: paths./a.get.x-platform [openapi.extension-type]"]),
    ("a callback's operation",
     OP + "      callbacks:\n        done:\n          '{$request.body#/url}':\n"
          "            post:\n              x-mint: {content: Hi}\n"
          "              responses: {'200': {description: ok}}\n",
     ["11: paths./a.get.callbacks.done.{$request.body#/url}.post.x-mint "
      "[openapi.extension-place]"]),
    ("a tag", "tags: [{name: a, x-mint: {metadata: {}}}]\n" + OP,
     ["3: tags[0].x-mint [openapi.extension-place]"]),
    ("a schema key on an operation", OP + "      x-mint: {pre: [A]}\n",
     ["7: paths./a.get.x-mint.pre [openapi.extension-key]"]),
    ("mcp disabled is what mdxsite does anyway", "x-mint: {mcp: {enabled: false}}\n" + OP, []),
    ("mcp on one operation", OP + "      x-mint: {mcp: {enabled: true, name: a}}\n",
     ["7: paths./a.get.x-mint.mcp.enabled [openapi.extension-mcp]"]),
    ("an unknown display mode", OP + "      x-mint: {metadata: {playground: loud}}\n",
     ["7: paths./a.get.x-mint.metadata.playground [openapi.extension-metadata]"]),
]


@pytest.mark.parametrize(("text", "expected"), [(t, e) for _, t, e in CASES],
                         ids=[name for name, _, _ in CASES])
def test_where_the_extension_is_read(tmp_path: Path, text: str, expected: list[str]) -> None:
    spec = tmp_path / "api.yaml"
    spec.write_text(HEAD + text, encoding="utf-8")
    found = extensions.check(load_path(spec, "api.yaml"))
    assert [f"{p.where.line}: {p.path} [{p.code}]" for p in found] == expected
    assert all(p.warning and p.where.file == "api.yaml" for p in found)
