"""OpenAPI (and AsyncAPI) YAML read as the platform's validator reads it: js-yaml 4, YAML 1.2's
core schema, which differs from PyYAML's YAML 1.1 on plain scalars (``NO``, ``on``, ``12:30``,
``1e6``, ``017``) and refuses a key written twice.

Generated documents, each parsed by :func:`mdxsite.openapi.load.parse` and by js-yaml through
the oracle (``oracle.mjs``, ``yaml``): both accept with the same data, or both refuse on the
same line.
"""

from __future__ import annotations

import math
import random
from typing import Any

from mdxsite.errors import MdxsiteError
from mdxsite.openapi.load import parse

# plain scalars where YAML 1.1 and 1.2 part ways, and their neighbours
SCALARS = """yes no Yes NO No on off On OFF y n Y N true false True FALSE tRue TRUE
null Null NULL ~ nUll 0 7 -7 +7 017 -017 0o17 0x1F 0X1F 0b101 1_000 12:30 1:20:30 -1:30
1.5 -1.5 .5 1. -.5 +.5 1e6 1E6 -2.5e-3 1.0e+3 +1e3 1e+06 .inf -.Inf +.INF .NaN .nan .NAN
1e 0.0 -0.0 00 09 1.2.3 DE SE hello =  1x 0x 0o 0xG 3.0.3 v1 -1e-1 12e3 190:20:30""".split()
# keys: a plain word or number, as a document's keys are written (and JavaScript names them)
KEYS = """200 201 get on off yes no true null 1.0 1 0x10 16 1e3 1000 2XX default NO ~ 017
17 .5 0.5""".split()


def _document(rng: random.Random) -> str:
    lines = []
    keys = rng.sample(KEYS, 4)
    if rng.random() < 0.25:  # a key written twice, or two that name one key
        keys.append(rng.choice(keys))
    for key in keys:
        kind = rng.random()
        if kind < 0.4:
            lines.append(f"{key}: {rng.choice(SCALARS)}")
        elif kind < 0.7:
            lines.append(f"{key}: [{', '.join(rng.choice(SCALARS) for _ in range(3))}]")
        else:
            lines.append(f"{key}:")
            for inner in rng.sample(KEYS, 2):
                lines.append(f"  {inner}: {rng.choice(SCALARS)}")
    return "\n".join(lines) + "\n"


def _comparable(value: Any) -> Any:
    """Ours as JSON carries it from the oracle: inf and NaN are null there."""
    if isinstance(value, float) and (math.isinf(value) or math.isnan(value)):
        return None
    if isinstance(value, dict):
        return {k: _comparable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_comparable(v) for v in value]
    return value


def test_generated_documents_read_as_the_platform_reads_them(oracle: Any) -> None:
    rng = random.Random(12)
    texts = [_document(rng) for _ in range(400)]
    differences, refused = [], 0
    for text, answer in zip(texts, oracle.yaml_many(texts)):
        try:
            ours: Any = _comparable(parse(text, "api.yaml").data)
            line, message = 0, ""
        except MdxsiteError as exc:
            ours, line, message = None, exc.problems[0].where.line, exc.problems[0].message
        if answer["ok"]:
            if line or ours != answer["data"]:
                differences.append((text, ours if not line else f"error on line {line}",
                                    answer["data"]))
        else:
            refused += 1
            # js-yaml places a key written twice after its value; we place it on the key
            twice = "duplicated mapping key" in str(answer["message"])
            if not line or (line > answer["line"] or "written twice" not in message) if twice \
                    else line != answer["line"]:
                differences.append((text, ours if not line else f"error on line {line}",
                                    f"error on line {answer['line']}: {answer['message']}"))
    assert not differences, "\n\n".join(f"{t}ours:   {o!r}\ntheirs: {p!r}"
                                        for t, o, p in differences[:5])
    assert 40 < refused < 200  # both kinds of document were made: accepted and refused
