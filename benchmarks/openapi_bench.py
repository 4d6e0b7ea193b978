"""Time and peak memory to load+check, to expand and to render the pages of OpenAPI documents.

Each measurement runs in a fresh Python process so peak RSS is that task's own.
Usage: ``.venv/bin/python benchmarks/openapi_bench.py``.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "openapi"


def generated_spec(folder: Path, count: int = 1500) -> Path:
    """Write a spec with ``count`` operations (3 per path) and shared schemas."""
    paths = {}
    for i in range(count // 3):
        ref = {"$ref": "#/components/schemas/Item"}
        paths[f"/things{i}/{{id}}"] = {
            "parameters": [{"name": "id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            **{m: {"operationId": f"{m}Thing{i}", "tags": [f"Tag{i % 20}"],
                   "summary": f"{m} thing {i}",
                   "requestBody": {"content": {"application/json": {"schema": ref}}},
                   "responses": {"200": {"description": "ok",
                                         "content": {"application/json": {"schema": ref}}}}}
               for m in ("get", "put", "delete")}}
    spec = {"openapi": "3.1.0", "info": {"title": "Generated", "version": "1"}, "paths": paths,
            "components": {"schemas": {"Item": {"type": "object", "properties": {
                "name": {"type": "string"}, "size": {"type": ["integer", "null"]}}}}}}
    target = folder / "generated.json"
    target.write_text(json.dumps(spec))
    return target


def one(task: str, source: str) -> None:
    from mdxsite.openapi.check import check
    from mdxsite.openapi.expand import operations
    from mdxsite.openapi.load import load_source

    start = time.perf_counter()
    if task == "render":
        result = render_pages(source)
        elapsed = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{task:7} {Path(source).name:32} {elapsed:7.2f} s  peak {peak:7.1f} MiB  "
              f"({result} pages, {result / elapsed:.0f} pages/s)")
        return
    doc = load_source(source)
    if task == "check":
        result = len(check(doc).items)
    else:
        result = len(operations(doc))
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{task:7} {Path(source).name:32} {elapsed:7.2f} s  peak {peak:7.1f} MiB  ({result})")


def render_pages(source: str) -> int:
    """Prepare a one-tab site around ``source`` and render each API page body (one process)."""
    import shutil

    from mdxsite import pipeline, plugin_manager
    from mdxsite.openapi.render import render

    root = Path(tempfile.mkdtemp())
    shutil.copy(source, root / Path(source).name)
    (root / "index.mdx").write_text("---\ntitle: Home\n---\nHi\n")
    (root / "docs.json").write_text(json.dumps({"name": "Bench", "theme": "mint", "navigation": {
        "tabs": [{"tab": "Home", "pages": ["index"]},
                 {"tab": "API", "openapi": Path(source).name}]}}))
    site = pipeline.prepare(root, plugin_manager.create())
    pages = [p for p in site.pages.values() if p.kind == "openapi"]
    for page in pages:
        render(site, page)
    shutil.rmtree(root)
    return len(pages)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        sources = [generated_spec(Path(tmp)), SHARED / "stripe-spec3-2022-04.json"]
        for source in sources:
            for task in ("check", "expand", "render"):
                subprocess.run([sys.executable, __file__, "--one", task, str(source)], check=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        one(sys.argv[2], sys.argv[3])
    else:
        main()
