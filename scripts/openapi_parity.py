"""Compare what mdxsite shows for every operation with the platform's own converter.

    .venv/bin/python scripts/openapi_parity.py [SPEC ...]   (default: every spec in ../shared/openapi)

Needs the oracle's npm packages (``make oracle-deps``). For each operation, ``@mintlify/validation``'s
``OpenApiToEndpointConverter`` and ``generateExampleFromSchema`` (``tests/oracle/oracle.mjs``) and
mdxsite's page context are compared on four things: the parameters (name, location, required,
type), the request body's top-level fields, the response codes, and the body example. Prints the
agreement rate of each, per spec and overall, and the first disagreements.

Normalisations (the one place they are listed; the script counts how often each applied):
- types: the converter's ``enum<string>`` is ``string``, ``file`` is ``string``; mdxsite's type
  line is cut to its first alternative and first word (``string<uuid> | null`` -> ``string``),
  and ``string[]`` or ``(a | b)[]`` is ``array``. The converter names a oneOf's first option's
  type; mdxsite names them all.
- body fields: for a oneOf/anyOf body mdxsite lists every option, the converter the first (its
  page opens on that one): mdxsite's side is the schema's own fields then the first option's.
  mdxsite's ``{key}`` row for ``additionalProperties`` is not a field on the converter's side.
- examples, "any": ``"<any>"`` is the converter's value for a schema with no type it can infer,
  and for one it gives up on (past 10 levels, or more than 1000 oneOf/anyOf/allOf
  combinations); it matches any value of ours (we draw such schemas in full).
- examples, files: the converter leaves file fields (``format: binary``/``base64``) out of a
  generated example (a file body is null); mdxsite's example keeps them (``"<binary>"``, a
  base64 sample) so the example names the part a request sends.
- examples, const options: a oneOf/anyOf whose options are each a ``const`` (Discord's enums):
  the converter drops the consts when it merges each option with its parent and makes a value
  up (``123``); mdxsite shows the first option's const, a value the API accepts.
- examples, numbers compare by value (JSON has one number type: ``1`` is ``1.0``).
- examples, ``x-default``: mdxsite's request example takes a schema's ``x-default`` (the value
  the platform's playground prefills); ``generateExampleFromSchema`` does not. No spec here has one.
- responses are compared by their codes: the oracle converts each operation with its responses
  reduced to their codes (converting Stripe's response schemas took it more than 15 minutes).
- an operation the converter gives up on (an exception) is counted apart, not as a disagreement.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "openapi"
# what mdxsite's examples show for a file (format binary, base64): the converter leaves those out
FILE_VALUES = ("<binary>", "aSDinaTvuI8gbWludGxpZnk=")
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _first_alternative(text: str) -> str:
    """``string | (string | null)[]`` -> ``string``: the part before the first top-level ``|``."""
    depth = 0
    for i, char in enumerate(text):
        depth += char in "(<"
        depth -= char in ")>"
        if char == "|" and depth == 0:
            return text[:i].strip()
    return text.strip()


def _base_type(text: str) -> str:
    text = _first_alternative(text.strip().lower())
    if text.startswith("enum<"):
        return text[5:].rstrip(">")
    if text.endswith("[]") or text.startswith("array"):
        return "array"
    word = text.split("<")[0].split(" ")[0]
    return {"file": "string"}.get(word, word)


NORMALISED: Counter[str] = Counter()  # how often each normalisation made a difference agree


def _placeholder(value: Any) -> bool:
    return value == "<any>"


def _file_like(value: Any) -> bool:
    return value in FILE_VALUES


def _difference(theirs: Any, ours: Any, excused: Callable[[tuple[Any, ...]], bool] = lambda _: False,
                path: tuple[Any, ...] = ()) -> str | None:
    """Where two examples differ, up to the normalisations ("$.a[0].b: ..."), or None.

    ``excused(path)`` says whether a leaf may differ there (see :func:`const_options_at`)."""
    where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)
    if _placeholder(theirs):
        NORMALISED["examples, any"] += theirs != ours
        return None
    if isinstance(theirs, dict) and isinstance(ours, dict):
        # the converter leaves file fields out of its examples
        files = [k for k, v in ours.items() if k not in theirs and _file_like(v)]
        NORMALISED["examples, files"] += len(files)
        ours = {k: v for k, v in ours.items() if k not in files}
        if set(theirs) != set(ours):
            return (f"{where}: keys only the platform has {sorted(set(theirs) - set(ours))}, "
                    f"only mdxsite has {sorted(set(ours) - set(theirs))}")
        for key in theirs:
            found = _difference(theirs[key], ours[key], excused, (*path, key))
            if found:
                return found
        return None
    if isinstance(theirs, list) and isinstance(ours, list):
        if len(theirs) != len(ours):
            return f"{where}: {len(theirs)} items on the platform, {len(ours)} on mdxsite"
        for index, (t, o) in enumerate(zip(theirs, ours)):
            found = _difference(t, o, excused, (*path, index))
            if found:
                return found
        return None
    if theirs is None and _file_like(ours):
        NORMALISED["examples, files"] += 1
        return None  # a whole body that is a file
    if isinstance(theirs, bool) or isinstance(ours, bool):
        same = theirs is ours
    else:
        same = bool(theirs == ours)  # 1 == 1.0: JSON does not tell them apart
    if same:
        return None
    if not isinstance(theirs, (dict, list)) and excused(path):
        NORMALISED["examples, const options"] += 1
        return None
    return f"{where}: platform {json.dumps(theirs)[:80]}, mdxsite {json.dumps(ours)[:80]}"


def _same_example(theirs: Any, ours: Any) -> bool:
    return _difference(theirs, ours) is None


def const_options_at(data: Any, raw: Any, path: tuple[Any, ...]) -> bool:
    """Whether the schema an example path leads to picks its value from ``oneOf``/``anyOf``
    options that are each a ``const`` (Discord's enums): the converter drops each option's
    const when it merges it with its parent and makes a number or string up instead."""
    from mdxsite.openapi.schema import deref

    schema, _ = deref(data, raw)
    for key in path:
        if not isinstance(schema, dict):
            return False
        schema = _flatten(data, schema)
        if isinstance(key, int):
            schema, _ = deref(data, schema.get("items"))
        else:
            props = schema.get("properties")
            schema, _ = deref(data, props.get(key) if isinstance(props, dict) else None)
    if not isinstance(schema, dict):
        return False
    options = [deref(data, o)[0] for c in ("oneOf", "anyOf")
               for o in (_flatten(data, schema).get(c) or [])]
    return bool(options) and all(isinstance(o, dict) and "const" in o for o in options)


def _flatten(data: Any, schema: dict[str, Any], level: int = 0) -> dict[str, Any]:
    """``schema`` with its allOf parts merged in and, without own properties, its first
    oneOf/anyOf option's (the one both sides take for an example)."""
    from mdxsite.openapi.schema import deref

    out = dict(schema)
    props: dict[str, Any] = dict(schema.get("properties") or {})
    parts = [deref(data, p)[0] for p in schema.get("allOf") or []]
    for combinator in ("oneOf", "anyOf"):
        options = schema.get(combinator)
        if isinstance(options, list) and options and not all(
                isinstance(deref(data, o)[0], dict) and "const" in deref(data, o)[0]
                for o in options):
            parts.append(deref(data, options[0])[0])
    for part in parts:
        if isinstance(part, dict) and level < 8:
            part = _flatten(data, part, level + 1)
            for key, value in part.items():
                if key == "properties" and isinstance(value, dict):
                    props = {**value, **props}
                else:
                    out.setdefault(key, value)
    out["properties"] = props
    return out


def _body_fields(node: Any) -> list[str]:
    """The body's fields as the converter lists them: with oneOf/anyOf, the first option's
    fields after the schema's own (mdxsite lists every option; the first is the default there),
    and without the ``{key}`` row mdxsite shows for ``additionalProperties``."""
    names = [f.name for f in node.properties if f.name != "{key}"]
    if node.variants:
        names += [f.name for f in node.variants[0].properties
                  if f.name != "{key}" and f.name not in names]
    return names


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
    schema: Any = None
    content = body_raw.get("content") if isinstance(body_raw, dict) else None
    if isinstance(content, dict) and content:
        media, _ = deref(data, next(iter(content.values())))
        node = walker.node((media or {}).get("schema") or {}) if isinstance(media, dict) else None
        body = _body_fields(node) if node else []
        example = samples.media_example(data, media, "request")
        schema = media.get("schema") if isinstance(media, dict) else None
    return {"parameters": params, "body": body, "example": example, "schema": schema,
            "responses": [str(code) for code in (op.get("responses") or {})]}


CHECKS = ("parameters", "body fields", "response codes", "body example")


def compare(data: Any, theirs: dict[str, Any]) -> dict[str, str | None]:
    """Each check's disagreement for one operation of the converter's answer (None: agreed)."""
    ours = ours_for(data, str(theirs["path"]), str(theirs["method"]))
    params = (sorted((p["name"], p["in"], p["required"], _base_type(p["type"]))
                     for p in theirs["parameters"]),
              sorted((p["name"], p["in"], p["required"], p["type"]) for p in ours["parameters"]))
    found: dict[str, str | None] = {
        "parameters": None if params[0] == params[1] else
        f"platform {json.dumps(params[0])[:300]}\n    mdxsite  {json.dumps(params[1])[:300]}",
        "body fields": None if sorted(theirs["body"]) == sorted(ours["body"]) else
        f"platform {theirs['body']}\n    mdxsite  {ours['body']}",
        "response codes": None if sorted(theirs["responses"]) == sorted(ours["responses"]) else
        f"platform {theirs['responses']}\n    mdxsite  {ours['responses']}",
        "body example": _difference(theirs.get("example"), ours["example"],
                                    lambda path: const_options_at(data, ours["schema"], path)),
    }
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", type=Path, help="OpenAPI files (default: ../shared/openapi)")
    parser.add_argument("--show", type=int, default=8, help="how many disagreements to print")
    parser.add_argument("--exclude", action="append", default=[], metavar="NAME",
                        help="leave out a spec by file name")
    args = parser.parse_args()
    sys.path[:0] = [str(REPO / "tests" / "oracle")]
    import client  # the oracle's Node client

    from mdxsite.openapi.load import load_path

    # a bare file name is one of ../shared/openapi
    args.specs = [p if p.exists() or not (SHARED / p.name).exists() else SHARED / p.name
                  for p in args.specs]
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
            try:
                theirs = oracle.endpoints(json.loads(json.dumps(data, default=str)))
            except (RuntimeError, OSError) as exc:  # it ended: no answer, or a broken pipe
                # the converter can run out of memory on a document (recursive anyOf trees
                # such as Helicone's filter nodes): say so, and go on with a new process
                print(f"{spec.name}: not compared: the converter's process failed on it ({exc})")
                try:
                    oracle.close()
                except OSError:
                    pass  # its pipe is broken: it has ended already
                oracle = client.Oracle()
                continue
            counts: Counter[str] = Counter()
            for t in theirs:
                counts["operations"] += 1
                if "error" in t:
                    counts["converter failed"] += 1
                    continue
                for name, difference in compare(data, t).items():
                    counts[name] += difference is None
                    if difference is not None and shown < args.show:
                        shown += 1
                        print(f"  {spec.name} {str(t['method']).upper()} {t['path']}: {name}\n"
                              f"    {difference}")
            compared = counts["operations"] - counts["converter failed"]
            rates = ", ".join(f"{name} {counts[name]}/{compared}" for name in CHECKS)
            print(f"{spec.name}: {counts['operations']} operations "
                  f"({counts['converter failed']} the converter gave up on); {rates}")
            totals.update(counts)
    finally:
        oracle.close()
    compared = totals["operations"] - totals["converter failed"]
    agreed = sum(totals[n] for n in CHECKS)
    print(f"overall: {totals['operations']} operations, {compared} compared; " + ", ".join(
        f"{name} {100 * totals[name] / max(compared, 1):.1f}%" for name in CHECKS)
        + f"; agreement {100 * agreed / max(4 * compared, 1):.1f}%")
    print("values that agree only through a normalisation: " + (", ".join(
        f"{name} {count}" for name, count in sorted(NORMALISED.items()) if count) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
