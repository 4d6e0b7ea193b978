"""Example values from schemas, and the built-in request samples (curl, Python, JavaScript,
Go; the other languages are in :mod:`mdxsite.openapi.sample_languages`).

Examples written in the document win (media type ``example``/``examples``, schema
``example``, ``examples``, ``default``, ``const``, the first ``enum`` value of the schema's
type), in the order the platform's ``generateExampleFromSchema`` takes them; otherwise a value
is made up from the type and format as it makes it up (``"<string>"``, ``123``, the middle of
``minimum``..``maximum``), so a page's examples read as they do there. Recursion and size are
bounded like the page's schemas. ``scripts/openapi_parity.py`` checks this against the platform
and lists where the two differ on purpose.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, urlencode

from mdxsite.model import ApiOperation, ApiParameter, RequestSample
from mdxsite.openapi.schema import deref, format_of, literal

# the values the platform's generateExampleFromSchema makes up for these formats (any other
# string is "<string>"); files (binary, base64) it leaves out of an example, a page shows them
_FORMATS = {"date-time": "2023-11-07T05:31:56Z", "date": "2023-12-25",
            "email": "jsmith@example.com", "uuid": "3c90c3cc-0d44-4b50-8888-8dd25736052a",
            "ipv4": "127.0.0.1", "ipv6": "2606:4700:3108::ac42:2835",
            "byte": "aSDinaTvuI8gbWludGxpZnk=", "base64": "aSDinaTvuI8gbWludGxpZnk=",
            "binary": "<binary>"}
MAX_DEPTH = 10  # levels of properties and items, as the platform's converter counts them
MAX_PROPERTIES = 60
MAX_LEVEL = 100  # nested calls of any kind (see _example)
MAX_VALUES = 2000  # the largest real example (a Stripe invoice) takes 1206: whole, as on the platform
_OMIT = object()  # no value satisfies the schema (an empty enum): the key is left out
_CUT = object()   # past a bound (MAX_VALUES, MAX_DEPTH, a schema open above): null, or []


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _kind(schema: dict[str, Any]) -> str:
    """The schema's type as the platform reads it: the first of a type list (``null``
    included, so ``["null", "string"]`` is null), else inferred from the keywords present
    (``""`` when nothing or more than one type is implied: any value)."""
    raw = schema.get("type")
    if isinstance(raw, list) and raw and isinstance(raw[0], str):
        return raw[0]
    if isinstance(raw, str):
        return raw
    enum = schema.get("enum")
    implied = [
        any(k in schema for k in ("format", "pattern", "minLength", "maxLength",
                                  "contentMediaType")) or (
            isinstance(enum, list) and all(isinstance(v, str) for v in enum)),
        any(k in schema for k in ("multipleOf", "minimum", "maximum", "exclusiveMinimum",
                                  "exclusiveMaximum")) or (
            isinstance(enum, list) and all(_number(v) for v in enum)),
        any(k in schema for k in ("items", "minItems", "maxItems", "uniqueItems")),
        any(k in schema for k in ("properties", "additionalProperties", "minProperties",
                                  "maxProperties")),
    ]
    if sum(implied) != 1:
        return ""
    return ("string", "number", "array", "object")[implied.index(True)]


def _made_up_number(schema: dict[str, Any], integer: bool) -> int | float:
    """The platform's number: the middle of minimum..maximum, minimum + 1, 123 (or maximum - 1
    when that is below 123), floored for integers."""
    low, high = schema.get("minimum"), schema.get("maximum")
    low = low if _number(low) else None
    high = high if _number(high) else None
    if low is not None and high is not None:
        value: int | float = (float(low) + float(high)) / 2  # JavaScript numbers are doubles
    elif low is not None:
        value = low + 1
    elif high is not None:
        if 123 < high:
            return 123
        value = high - 1
    else:
        return 123
    if integer:
        return math.floor(value)
    return int(value) if isinstance(value, float) and value.is_integer() else value


def example_of(data: Any, raw: Any, mode: str = "response") -> Any:
    """Return an example value for the schema ``raw`` of document ``data``.

    At most MAX_VALUES values are made up per example, so a huge schema stays a readable one.

    Args:
        data: the whole OpenAPI document.
        raw: a schema or a ``$ref`` to one.
        mode: ``request`` leaves readOnly properties out, ``response`` writeOnly ones.
    """
    value = _example(data, raw, mode, 0, frozenset(), [MAX_VALUES])
    return None if value is _OMIT or value is _CUT else value


def _example(data: Any, raw: Any, mode: str, depth: int, open_names: frozenset[str],
             budget: list[int], level: int = 0, part: bool = False) -> Any:
    """``depth`` counts properties and items (the platform's levels), ``level`` every call:
    oneOf/anyOf/allOf chains through ``$ref``s outside components.schemas (which
    ``open_names`` does not see) stop at MAX_LEVEL instead of exhausting Python's stack.

    A ``default`` is no example where the platform merges schemas: on a schema with
    oneOf/anyOf/allOf, or on one of their options or parts (``part``), its converter drops
    it, and its example is the options' (``oneOf: [{enum: [auto]}, {type: "null"}]`` beside
    ``default: "null"`` reads ``"auto"``)."""
    budget[0] -= 1
    if budget[0] < 0 or level > MAX_LEVEL:
        return _CUT
    schema, name = deref(data, raw)
    if not isinstance(schema, dict) or (name and name in open_names) or depth > MAX_DEPTH:
        return {} if isinstance(schema, dict) and schema.get("type") == "object" else _CUT
    if name:
        open_names = open_names | {name}
    # x-default: the value the platform's playground prefills (requests only)
    if mode == "request" and "x-default" in schema:
        return literal(data, schema["x-default"])
    if "example" in schema:
        return literal(data, schema["example"])
    examples = schema.get("examples")
    if isinstance(examples, list) and examples:
        return literal(data, examples[0])
    combined = part or any(isinstance(schema.get(c), list) and schema[c]
                           for c in ("oneOf", "anyOf", "allOf"))
    for key in ("const",) if combined else ("default", "const"):
        if key in schema:
            return literal(data, schema[key])
    kind = _kind(schema)
    for combinator in ("oneOf", "anyOf"):
        options = schema.get(combinator)
        if isinstance(options, list) and options:
            # the first option, with the schema's own properties after its own (as the
            # platform merges a schema with each of its options)
            value = _example(data, options[0], mode, depth, open_names, budget, level + 1, True)
            # an option saying nothing of its type ({required: [url]}) is the schema itself
            if (isinstance(value, dict) or value == "<any>") and \
                    isinstance(schema.get("properties"), dict):
                own = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}
                mine = _example(data, own, mode, depth, open_names, budget, level + 1, True)
                if isinstance(mine, dict):
                    value = {**value, **mine} if isinstance(value, dict) else mine
            return value
    enum = schema.get("enum")
    if isinstance(enum, list) and kind in ("string", "number", "integer") and "type" in schema:
        # the first value of the schema's own type, before any allOf part (whose values must
        # also be in it); an enum nothing matches has no example
        fits = [v for v in enum if (isinstance(v, str) if kind == "string" else _number(v))]
        return fits[0] if fits else _OMIT
    parts = schema.get("allOf")
    if isinstance(parts, list) and parts:
        merged: dict[str, Any] = {}
        other: Any = None
        for one in parts:
            value = _example(data, one, mode, depth, open_names, budget, level + 1, True)
            if isinstance(value, dict):
                merged.update(value)
            elif value not in (None, _OMIT, _CUT, "<any>") or other is None:
                other = value  # a later part's value wins, a part saying nothing does not
        own = {k: v for k, v in schema.items() if k != "allOf"}
        if own.get("properties"):
            value = _example(data, own, mode, depth, open_names, budget, level + 1, True)
            if isinstance(value, dict):
                merged.update(value)
        return merged if merged or other is None else other
    if isinstance(enum, list) and kind in ("string", "number", "integer"):
        fits = [v for v in enum if (isinstance(v, str) if kind == "string" else _number(v))]
        return fits[0] if fits else _OMIT
    if kind == "object":
        out: dict[str, Any] = {}
        props = schema.get("properties")
        for prop_name, prop in list(props.items())[:MAX_PROPERTIES] if isinstance(props, dict) else []:
            sub, _ = deref(data, prop)
            if isinstance(sub, dict) and ((mode == "request" and sub.get("readOnly") is True) or
                                          (mode == "response" and sub.get("writeOnly") is True)
                                          or "x-mint" in sub):
                continue
            value = _example(data, prop, mode, depth + 1, open_names, budget, level + 1)
            if value is not _OMIT:
                out[str(prop_name)] = None if value is _CUT else value
        return out
    if kind == "array":
        item = _example(data, schema.get("items") or {}, mode, depth + 1, open_names, budget,
                        level + 1)
        return [] if item is _CUT else [None if item is _OMIT else item]
    if kind == "string":
        return _FORMATS.get(format_of(schema).lower(), "<string>")
    if kind in ("integer", "number"):
        return _made_up_number(schema, kind == "integer")
    if kind == "boolean":
        return True
    if not kind:
        return "<any>"
    return None


def media_example(data: Any, media: Any, mode: str) -> Any:
    """Return the example of a media type object: the first of its named ``examples`` with a
    value, else its ``example``, else one made from its schema. A document giving both (OpenAPI
    says they exclude each other) gets the named one, as on the platform, whose page opens on
    the first named example."""
    media, _ = deref(data, media)
    if not isinstance(media, dict):
        return None
    examples = media.get("examples")
    if isinstance(examples, dict):
        for value in examples.values():
            value, _ = deref(data, value)
            if isinstance(value, dict) and "value" in value:
                return literal(data, value["value"])
    if "example" in media:
        return literal(data, media["example"])
    return example_of(data, media.get("schema") or {}, mode)


def dump(value: Any, media_type: str = "application/json",
         encoding: tuple[tuple[str, str, bool], ...] = ()) -> str:
    """Return ``value`` as the text a body of ``media_type`` carries (an urlencoded one's
    fields spelled as ``encoding`` says, :func:`form_pairs`)."""
    if isinstance(value, str) and "json" not in media_type:
        return value
    if media_type == "application/x-www-form-urlencoded" and isinstance(value, dict):
        return "&".join(quote(k, safe="[]") + "=" + quote(v, safe="")
                        for k, v in form_pairs(value, encoding))
    return json.dumps(value, indent=2, ensure_ascii=False, default=str)


def multipart_arrays(data: Any, media: Any) -> tuple[tuple[str, str], ...]:
    """The (name, how) of each field of a multipart body whose ``encoding`` keeps an array in
    one part: "json" (a JSON ``contentType``) or "csv" (``explode: false``: a,b). Any other
    array of plain values is sent one part per item under the field's name, as the Encoding
    Object's default (form, exploded) and RFC 7578's repeated fields have it, and as a
    browser sends a form's repeated inputs."""
    encoding = media.get("encoding") if isinstance(media, dict) else None
    found: list[tuple[str, str]] = []
    for name, entry in (encoding.items() if isinstance(encoding, dict) else []):
        entry, _ = deref(data, entry)
        if not isinstance(entry, dict):
            continue
        kind = entry.get("contentType")
        if isinstance(kind, str) and "json" in kind.lower():
            found.append((str(name), "json"))
        elif entry.get("explode") is False:
            found.append((str(name), "csv"))
    return tuple(found)


def part_values(value: Any, how: str = "") -> list[str]:
    """The texts a multipart field's ``value`` is sent as, one part each: an array of plain
    values one part per item (unless ``how`` is "json" or "csv", see
    :func:`multipart_arrays`); anything else one part, objects and arrays as JSON."""
    if isinstance(value, list) and value and how != "json" and \
            all(not isinstance(v, (dict, list)) for v in value):
        texts = [_text(v) for v in value]
        return [",".join(texts)] if how == "csv" else texts
    return [_text(value)]


def form_encoding(data: Any, media: Any) -> tuple[tuple[str, str, bool], ...]:
    """The (name, style, explode) of each field an urlencoded media type's ``encoding`` gives
    a ``style`` or ``explode`` (OpenAPI's default: form, exploded)."""
    encoding = media.get("encoding") if isinstance(media, dict) else None
    found: list[tuple[str, str, bool]] = []
    for name, entry in (encoding.items() if isinstance(encoding, dict) else []):
        entry, _ = deref(data, entry)
        if isinstance(entry, dict) and ("style" in entry or "explode" in entry):
            written = entry.get("style")
            style = written if isinstance(written, str) else "form"
            explode = entry.get("explode")
            found.append((str(name), style,
                          explode if isinstance(explode, bool) else style == "form"))
    return tuple(found)


def form_pairs(value: dict[str, Any],
               encoding: tuple[tuple[str, str, bool], ...] = ()) -> list[tuple[str, str]]:
    """The name=value pairs of an urlencoded body: a field its ``encoding`` styles as a query
    parameter of that style is spelled so (form, exploded: ``text=a&text=b``; not exploded:
    ``text=a,b``). Without one, an array of plain values takes OpenAPI's default for the
    field (form, exploded: ``tags=a&tags=b``); other nested values are spelled as form APIs
    read them, OpenAPI leaving them undefined: ``a[b]=c``, ``a[0][b]=c``. (Stripe's document
    gives every nested field an encoding, deepObject, which spells ``a[0]=x``.)"""
    styles = {name: (style, explode) for name, style, explode in encoding}
    pairs: list[tuple[str, str]] = []
    for key, item in value.items():
        if str(key) in styles and styles[str(key)][0] != "deepObject" and \
                isinstance(item, (list, dict)):
            style, explode = styles[str(key)]
            pairs += _query_pairs(ApiParameter(name=str(key), location="query", example=item,
                                               style=style, explode=explode))
        elif str(key) not in styles and isinstance(item, list) and \
                not any(isinstance(v, (list, dict)) for v in item):
            pairs += [(str(key), _text(v)) for v in item if v is not None]
        else:
            pairs += _flatten(str(key), item)
    return pairs


def _flatten(prefix: str, value: Any) -> list[tuple[str, str]]:
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return [(prefix, _text(value))] if value is not None else []
    return [pair for k, v in items for pair in _flatten(f"{prefix}[{k}]" if prefix else str(k), v)]


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return "" if value is None else str(value)


# --------------------------------------------------------------------------- request samples

_DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}


def _query_pairs(p: ApiParameter) -> list[tuple[str, str]]:
    """The name=value pairs of a query parameter, its array or object spelled as its
    ``style`` and ``explode`` say (OpenAPI's default: form, exploded, so ``ids=1&ids=2`` and
    ``status=open&since=…``; deepObject ``filter[status]=open``), not as JSON text."""
    value, style = p.example, p.style or "form"
    explode = p.explode if p.explode is not None else style == "form"
    if isinstance(value, list):
        if explode or style not in _DELIMITERS:
            return [(p.name, _text(v)) for v in value]
        return [(p.name, _DELIMITERS[style].join(_text(v) for v in value))]
    if isinstance(value, dict):
        if style == "deepObject":
            return [(f"{p.name}[{k}]", _text(v)) for k, v in value.items()]
        if explode:
            return [(str(k), _text(v)) for k, v in value.items()]
        return [(p.name, ",".join(f"{k},{_text(v)}" for k, v in value.items()))]
    return [(p.name, _text(value))]


def _simple(value: Any, explode: bool, item: Callable[[str], str] = str) -> str:
    """OpenAPI's simple style: an array as ``a,b``, an object as ``k,v,k2,v2`` (exploded:
    ``k=v,k2=v2``), each piece through ``item`` (URL-quoting in a path)."""
    if isinstance(value, list):
        return ",".join(item(_text(v)) for v in value)
    if isinstance(value, dict):
        pair = "=" if explode else ","
        return ",".join(f"{item(str(k))}{pair}{item(_text(v))}" for k, v in value.items())
    return item(_text(value))


def styled_value(p: ApiParameter) -> str:
    """A path, header or cookie parameter's value spelled as its ``style`` and ``explode``
    say, not as JSON text: a header's or path's array is ``a,b`` (simple, their default), a
    path's ``.a,b`` (label) or ``;id=a,b`` (matrix), URL-quoted piece by piece; a cookie's
    array is ``a,b`` (form)."""
    value, explode = p.example, p.explode is True
    if p.location != "path":
        return _simple(value, explode and p.location == "header")

    def piece(text: str) -> str:
        return quote(text, safe="")

    style = p.style or "simple"
    if style == "label":
        if explode and isinstance(value, (list, dict)):
            return "." + _simple(value, True, piece).replace(",", ".")
        return "." + _simple(value, False, piece)
    if style == "matrix":
        if explode and isinstance(value, list):
            return "".join(f";{p.name}={piece(_text(v))}" for v in value)
        if explode and isinstance(value, dict):
            return "".join(f";{piece(str(k))}={piece(_text(v))}" for k, v in value.items())
        return f";{p.name}=" + _simple(value, False, piece)
    return _simple(value, explode, piece)


def _request_parts(op: ApiOperation) -> tuple[str, dict[str, str], dict[str, str], str | None]:
    """Return the URL (query included), headers, cookies and basic-auth user of a sample."""
    query: list[tuple[str, str]] = []
    headers: dict[str, str] = {}
    cookies: dict[str, str] = {}
    basic = None
    for p in op.parameters:
        if not p.required and p.example is None:
            continue
        if p.location == "query":
            query += _query_pairs(p)
        elif p.location == "header":
            headers[p.name] = styled_value(p)
        elif p.location == "cookie":
            cookies[p.name] = styled_value(p)
    for auth in op.auth:
        if auth.type == "http" and auth.scheme.lower() == "basic":
            basic = "username:password"
        elif auth.type == "http":
            headers["Authorization"] = f"{auth.scheme.capitalize() or 'Bearer'} <token>"
        elif auth.type in ("oauth2", "openIdConnect"):
            headers["Authorization"] = "Bearer <token>"
        elif auth.type == "apiKey" and auth.location == "query":
            query.append((auth.param, "<api-key>"))
        elif auth.type == "apiKey" and auth.location == "cookie":
            cookies[auth.param] = "<api-key>"
        elif auth.type == "apiKey":
            headers[auth.param] = "<api-key>"
    if op.body is not None and op.body_type:
        headers["Content-Type"] = op.body_type
    # a path written with a query of its own (/query?format=tabular) takes the others after &
    url = op.url + (("&" if "?" in op.url else "?") + urlencode(query, safe="<>") if query else "")
    return url, headers, cookies, basic


def _shell(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


FILE = "<path>"  # the file a sample uploads, for the reader to replace


def _form_parts(op: ApiOperation) -> list[tuple[str, str, bool]] | None:
    """The (name, text, is a file) fields of a multipart body, in the example's order, or None
    when the body is not multipart with an object example. A file's text is its path; other
    values are sent as text, objects as JSON, an array of plain values one part per item
    (:func:`part_values`), as the playground sends them."""
    if not op.body_type.startswith("multipart/") or not isinstance(op.body, dict):
        return None
    how = dict(op.multipart_arrays)
    return [(str(name), FILE, True) if name in op.files else (str(name), text, False)
            for name, value in op.body.items() if value is not None or name in op.files
            for text in ([FILE] if name in op.files else part_values(value, how.get(name, "")))]


def _form_pairs(op: ApiOperation) -> list[tuple[str, str]] | None:
    """The name=value pairs of an urlencoded body with an object example
    (:func:`form_pairs`), or None."""
    if op.body_type != "application/x-www-form-urlencoded" or not isinstance(op.body, dict):
        return None
    return form_pairs(op.body, op.form_encoding)


def _curl_form(name: str, text: str, file: bool) -> str:
    if file:
        return f"--form {_shell(f'{name}=@{text}')}"
    # curl -F reads a value starting with @ or < as a file, and ;type= (and quotes) after it
    # as options: --form-string sends those as written
    option = "--form-string" if text[:1] in ("@", "<", '"') or ";" in text else "--form"
    return f"{option} {_shell(f'{name}={text}')}"


def curl(op: ApiOperation) -> RequestSample:
    """Return the cURL sample of ``op``."""
    url, headers, cookies, basic = _request_parts(op)
    lines = [f"curl --request {op.method} \\", f"  --url {_shell(url)}"]
    for name, value in headers.items():
        lines[-1] += " \\"
        lines.append(f"  --header {_shell(f'{name}: {value}')}")
    if cookies:
        lines[-1] += " \\"
        lines.append(f"  --cookie {_shell('; '.join(f'{k}={v}' for k, v in cookies.items()))}")
    if basic:
        lines[-1] += " \\"
        lines.append(f"  --user {_shell(basic)}")
    parts = _form_parts(op)
    if parts is not None:  # one --form per field: curl builds the multipart body and boundary
        for name, text, file in parts:
            lines[-1] += " \\"
            lines.append(f"  {_curl_form(name, text, file)}")
    elif op.body is not None:
        lines[-1] += " \\"
        lines.append(f"  --data {_shell(dump(op.body, op.body_type, op.form_encoding))}")
    return RequestSample(label="cURL", language="bash", code="\n".join(lines))


def _py(value: Any, indent: int = 0) -> str:
    """Python literal for JSON-like data (True/False/None, not true/false/null)."""
    text = json.dumps(value, indent=4, ensure_ascii=False, default=str)
    # the JSON keywords outside strings ("a true story" stays as it is)
    text = re.sub(r'"(?:[^"\\]|\\.)*"|\b(true|false|null)\b',
                  lambda m: m.group(0) if m.group(1) is None else
                  {"true": "True", "false": "False", "null": "None"}[m.group(1)], text)
    return text.replace("\n", "\n" + " " * indent)


def python(op: ApiOperation) -> RequestSample:
    """Return the Python (requests) sample of ``op``."""
    url, headers, cookies, basic = _request_parts(op)
    parts, pairs = _form_parts(op), _form_pairs(op)
    if op.body_type == "application/json" or parts is not None or pairs is not None:
        # requests writes these (a multipart one with its boundary); json= writes
        # application/json only, so another JSON type (application/vnd.api+json, one with a
        # charset) keeps its header, which a server may insist on
        headers.pop("Content-Type", None)
    lines = ["import requests", "", f"url = {json.dumps(url)}"]
    args = ["url"]
    if headers:
        lines.append(f"headers = {_py(headers)}")
        args.append("headers=headers")
    if cookies:
        lines.append(f"cookies = {_py(cookies)}")
        args.append("cookies=cookies")
    if basic:
        args.append('auth=("username", "password")')
    if parts is not None:
        # a field sent once per item (tags=a, tags=b) is a list: requests sends each
        fields: dict[str, Any] = {}
        for name, text, file in parts:
            if not file:
                fields[name] = [*fields[name], text] if isinstance(fields.get(name), list) \
                    else [fields[name], text] if name in fields else text
        files = [(name, text) for name, text, file in parts if file]
        if fields and not files:
            # requests writes data= alone as an urlencoded body: fields given as files without
            # a file name, (None, text), make it multipart as the operation asks
            lines.append("files = [\n" + "".join(
                f"    ({json.dumps(name)}, (None, {json.dumps(text, ensure_ascii=False)})),\n"
                for name, text, _ in parts) + "]")
            args.append("files=files")
        elif fields:
            lines.append(f"payload = {_py(fields)}")
            args.append("data=payload")
        if files:
            lines.append("files = [\n" + "".join(
                f"    ({json.dumps(name)}, open({json.dumps(path)}, \"rb\")),\n"
                for name, path in files) + "]")
            args.append("files=files")
    elif pairs is not None:
        # a name sent more than once (text=a&text=b) needs requests' list of pairs
        if len({name for name, _ in pairs}) < len(pairs):
            lines.append("payload = [\n" + "".join(
                f"    ({json.dumps(k, ensure_ascii=False)}, {json.dumps(v, ensure_ascii=False)}),\n"
                for k, v in pairs) + "]")
        else:
            lines.append(f"payload = {_py(dict(pairs))}")
        args.append("data=payload")
    elif op.body is not None:
        if "json" in op.body_type:
            lines.append(f"payload = {_py(op.body)}")
            args.append("json=payload")
        else:
            lines.append(f"payload = {_py(op.body)}")
            args.append("data=payload")
    lines += ["", f"response = requests.request({json.dumps(op.method)}, {', '.join(args)})",
              "print(response.status_code, response.text)"]
    return RequestSample(label="Python", language="python", code="\n".join(lines))


def javascript(op: ApiOperation) -> RequestSample:
    """Return the JavaScript (fetch) sample of ``op``."""
    url, headers, cookies, basic = _request_parts(op)
    parts = _form_parts(op)
    head: list[str] = []
    if parts is not None:  # fetch writes the multipart Content-Type, with its boundary
        headers.pop("Content-Type", None)
        if any(file for _, _, file in parts):
            head += ['import { openAsBlob } from "node:fs";', ""]
        head.append("const form = new FormData();")
        head += [f"form.append({json.dumps(name)}, await openAsBlob({json.dumps(text)}));"
                 if file else f"form.append({json.dumps(name)}, {json.dumps(text)});"
                 for name, text, file in parts]
        head.append("")
    if basic:
        headers["Authorization"] = "Basic " + "<base64 of username:password>"
    if cookies:  # browsers forbid setting Cookie; this sample is for server-side JavaScript
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    options = [f"  method: {json.dumps(op.method)}"]
    if headers:
        block = json.dumps(headers, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        options.append(f"  headers: {block}")
    if parts is not None:
        options.append("  body: form")
    elif op.body is not None:
        if "json" in op.body_type:
            block = json.dumps(op.body, indent=2, ensure_ascii=False, default=str)
            options.append("  body: JSON.stringify(" + block.replace("\n", "\n  ") + ")")
        else:
            options.append(f"  body: {json.dumps(dump(op.body, op.body_type, op.form_encoding))}")
    lines = [*head, f"const response = await fetch({json.dumps(url)}, {{", ",\n".join(options),
             "});", "console.log(response.status, await response.text());"]
    return RequestSample(label="JavaScript", language="javascript", code="\n".join(lines))


def _go_string(text: str) -> str:
    """A Go string literal of ``text``: a raw string when it has no backquote (JSON bodies
    keep their layout), else an interpreted one (JSON's escapes are Go's)."""
    return f"`{text}`" if "`" not in text else json.dumps(text)


def go(op: ApiOperation) -> RequestSample:
    """Return the Go (net/http) sample of ``op``."""
    url, headers, cookies, basic = _request_parts(op)
    parts = _form_parts(op)
    imports = {"fmt", "io", "net/http"}
    body = ["", "func main() {", f"\turl := {json.dumps(url)}"]
    payload = "nil"
    if parts is not None:
        imports |= {"bytes", "mime/multipart"}
        headers.pop("Content-Type", None)  # the writer's, with its boundary
        body += ["\tpayload := &bytes.Buffer{}", "\twriter := multipart.NewWriter(payload)"]
        files = 0
        for name, text, file in parts:
            if file:
                imports |= {"os", "path/filepath"}
                files += 1
                n = str(files) if files > 1 else ""  # file, file2...: one variable each
                body += [f"\tfile{n}, _ := os.Open({json.dumps(text)})",
                         f"\tdefer file{n}.Close()",
                         f"\tpart{n}, _ := writer.CreateFormFile({json.dumps(name)}, "
                         f"filepath.Base(file{n}.Name()))", f"\tio.Copy(part{n}, file{n})"]
            else:
                body.append(f"\twriter.WriteField({json.dumps(name)}, {_go_string(text)})")
        body.append("\twriter.Close()")
        payload = "payload"
    elif op.body is not None:
        imports.add("strings")
        text = dump(op.body, op.body_type, op.form_encoding)
        body.append(f"\tpayload := strings.NewReader({_go_string(text)})")
        payload = "payload"
    body += ["", f"\treq, _ := http.NewRequest({json.dumps(op.method)}, url, {payload})"]
    if parts is not None:
        body.append('\treq.Header.Add("Content-Type", writer.FormDataContentType())')
    body += [f"\treq.Header.Add({json.dumps(k)}, {json.dumps(v)})" for k, v in headers.items()]
    body += [f"\treq.AddCookie(&http.Cookie{{Name: {json.dumps(k)}, Value: {json.dumps(v)}}})"
             for k, v in cookies.items()]
    if basic:
        body.append('\treq.SetBasicAuth("username", "password")')
    body += ["", "\tres, err := http.DefaultClient.Do(req)", "\tif err != nil {",
             "\t\tpanic(err)", "\t}", "\tdefer res.Body.Close()",
             "\tbody, _ := io.ReadAll(res.Body)", "", "\tfmt.Println(res.StatusCode, string(body))",
             "}"]
    head = ["package main", "", "import (", *(f"\t{json.dumps(i)}" for i in sorted(imports)), ")"]
    return RequestSample(label="Go", language="go", code="\n".join(head + body))


# the samples beyond the platform's three default tabs, by the platform's key of the
# api.examples.languages names that ask for them (sample_languages.ALIASES)
def _on_request() -> dict[str, Callable[[ApiOperation], RequestSample]]:
    from mdxsite.openapi.sample_languages import WRITERS

    return {"go": go, **WRITERS}


# their labels: a plugin's sample of one takes its place
ON_REQUEST_LABELS = frozenset({"Go", "Node.js", "PHP", "Java", "Ruby", "PowerShell", "Swift",
                               "C#", ".NET", "TypeScript", "C", "C++", "Kotlin", "Rust", "Dart"})


def builtin_samples(op: ApiOperation, languages: object = None) -> list[RequestSample]:
    """Return the built-in samples: cURL, Python and JavaScript, and the sample of every other
    language ``languages`` (``api.examples.languages``) names, in its order."""
    from mdxsite.openapi.sample_languages import key_of

    writers = _on_request()
    keys = dict.fromkeys(key_of(name) for name in (
        languages if isinstance(languages, list) else []) if isinstance(name, str))
    return [curl(op), python(op), javascript(op), *(writers[k](op) for k in keys if k in writers)]


def fill_path(path: str, values: dict[str, Any]) -> str:
    """Replace ``{name}`` templates of ``path`` by URL-quoted example values; a value that
    is an :class:`ApiParameter` is spelled as its style says (:func:`styled_value`)."""
    def sub(m: re.Match[str]) -> str:
        value = values.get(m.group(1))
        if isinstance(value, ApiParameter):
            return styled_value(value) if value.example not in (None, "") else m.group(0)
        return quote(_text(value), safe="") if value not in (None, "") else m.group(0)

    return re.sub(r"\{([^{}]+)\}", sub, path)
