"""Compare what mdxsite shows for every operation with the platform's own converter.

    .venv/bin/python scripts/openapi_parity.py [SPEC ...]   (default: every spec in ../shared/openapi)

Needs the oracle's npm packages (``make oracle-deps``). For each operation, ``@mintlify/validation``'s
``OpenApiToEndpointConverter`` and ``generateExampleFromSchema`` (``tests/oracle/oracle.mjs``) and
mdxsite's page context are compared on four things: the parameters (name, location, required,
type), the request body's top-level fields, the response codes, and the body example. Prints the
agreement rate of each, per spec and overall, and the first disagreements.

Normalisations (the one place they are listed):
- types: the converter's ``enum<string>`` is ``string``, ``file`` is ``string``; mdxsite's type
  line is cut to its first word (``string<uuid>`` -> ``string``), and ``string[]`` is ``array``.
- examples: a value the converter made up (``"<string>"``, ``123``, ``true`` for a schema
  without an example) matches any value of the same JSON type; values the document gives
  (examples, defaults, enums) must be equal. Objects compare key by key.
- an operation the converter gives up on (an exception) is counted apart, not as a disagreement.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "openapi"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _base_type(text: str) -> str:
    text = text.strip().lower()
    if text.startswith("enum<"):
        return text[5:].rstrip(">")
    if text.endswith("[]") or text.startswith("array"):
        return "array"
    word = text.split("<")[0].split(" ")[0].split("|")[0]
    return {"file": "string"}.get(word, word)


def _placeholder(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("<") and value.endswith(">")


def _same_example(theirs: Any, ours: Any) -> bool:
    if isinstance(theirs, dict) and isinstance(ours, dict):
        return set(theirs) == set(ours) and all(_same_example(theirs[k], ours[k]) for k in theirs)
    if isinstance(theirs, list) and isinstance(ours, list):
        return all(_same_example(t, o) for t, o in zip(theirs, ours)) and (
            len(theirs) == len(ours) or not theirs or not ours)
    if _placeholder(theirs):
        return ours is not None and not isinstance(ours, (dict, list))
    if theirs == ours:
        return True
    # a number or boolean the converter makes up for a schema without an example
    return type(theirs) is type(ours) and isinstance(theirs, (int, float, bool))


def ours_for(data: Any, path: str, method: str) -> dict[str, Any]:
    """What an mdxsite page shows for one operation (the same functions the page uses)."""
    from mdxsite.openapi import render, samples
    from mdxsite.openapi.schema import Walker, deref

    item = data["paths"][path]
    op = item[method]
    walker = Walker(data, "request")
    params = []
    for p in render._parameters(data, item, op):
        node = walker.node(render._param_schema(p))
        params.append({"name": p["name"], "in": p.get("in", ""),
                       "required": bool(p.get("required")) or p.get("in") == "path",
                       "type": _base_type(node.type)})
    body_raw, _ = deref(data, op.get("requestBody"))
    body: list[str] = []
    example: Any = None
    content = body_raw.get("content") if isinstance(body_raw, dict) else None
    if isinstance(content, dict) and content:
        media, _ = deref(data, next(iter(content.values())))
        node = walker.node((media or {}).get("schema") or {}) if isinstance(media, dict) else None
        body = [f.name for f in node.properties] if node else []
        example = samples.media_example(data, media, "request")
    return {"parameters": params, "body": body, "example": example,
            "responses": [str(code) for code in (op.get("responses") or {})]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", type=Path, help="OpenAPI files (default: ../shared/openapi)")
    parser.add_argument("--show", type=int, default=8, help="how many disagreements to print")
    parser.add_argument("--exclude", action="append", default=[], metavar="NAME",
                        help="leave out a spec by file name (the converter spends more than 15 "
                        "minutes on stripe-spec3-2022-04.json, whose schemas reach each other)")
    args = parser.parse_args()
    sys.path[:0] = [str(REPO / "tests" / "oracle")]
    import json

    import client  # the oracle's Node client

    from mdxsite.openapi.load import load_path

    specs = [p for p in args.specs or sorted(
        p for p in SHARED.iterdir() if p.suffix in (".json", ".yaml")) if p.name not in args.exclude]
    oracle = client.Oracle()
    totals: Counter[str] = Counter()
    shown = 0
    try:
        for spec in specs:
            data = load_path(spec).data
            if not isinstance(data, dict) or not str(data.get("openapi", "")).startswith("3"):
                print(f"{spec.name}: not OpenAPI 3, skipped")
                continue
            theirs = oracle.endpoints(json.loads(json.dumps(data, default=str)))
            counts: Counter[str] = Counter()
            for t in theirs:
                counts["operations"] += 1
                if "error" in t:
                    counts["converter failed"] += 1
                    continue
                ours = ours_for(data, str(t["path"]), str(t["method"]))
                checks = {
                    "parameters": sorted((p["name"], p["in"], p["required"], _base_type(p["type"]))
                                         for p in t["parameters"]) ==  # type: ignore[index]
                    sorted((p["name"], p["in"], p["required"], p["type"])
                           for p in ours["parameters"]),
                    "body fields": sorted(t["body"]) == sorted(ours["body"]),  # type: ignore[arg-type]
                    "response codes": sorted(t["responses"]) == sorted(ours["responses"]),  # type: ignore[arg-type]
                    "body example": _same_example(t.get("example"), ours["example"]),
                }
                for name, same in checks.items():
                    counts[name] += same
                    if not same and shown < args.show:
                        shown += 1
                        key = {"parameters": "parameters", "body fields": "body",
                               "response codes": "responses", "body example": "example"}[name]
                        print(f"  {spec.name} {str(t['method']).upper()} {t['path']}: {name}\n"
                              f"    platform: {json.dumps(t.get(key), default=str)[:300]}\n"
                              f"    mdxsite:  {json.dumps(ours[key], default=str)[:300]}")
            compared = counts["operations"] - counts["converter failed"]
            rates = ", ".join(f"{name} {counts[name]}/{compared}" for name in (
                "parameters", "body fields", "response codes", "body example"))
            print(f"{spec.name}: {counts['operations']} operations "
                  f"({counts['converter failed']} the converter gave up on); {rates}")
            totals.update(counts)
    finally:
        oracle.close()
    compared = totals["operations"] - totals["converter failed"]
    agreed = sum(totals[n] for n in ("parameters", "body fields", "response codes", "body example"))
    print(f"overall: {totals['operations']} operations, {compared} compared; " + ", ".join(
        f"{name} {100 * totals[name] / max(compared, 1):.1f}%" for name in (
            "parameters", "body fields", "response codes", "body example"))
        + f"; agreement {100 * agreed / max(4 * compared, 1):.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
