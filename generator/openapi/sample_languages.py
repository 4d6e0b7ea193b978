"""The request samples beyond cURL, Python and JavaScript: one per language the platform's
``api.examples.languages`` accepts (its table of keys and aliases is :data:`ALIASES`).

Each sample sends the request the cURL one sends: the method, the URL with its query (arrays
and objects spelled as their ``style`` and ``explode`` say), the headers, cookies and
credentials, and the body: JSON or other text as written, an urlencoded form as its pairs, a
multipart form field by field with its files read from disk (the library writes the boundary).
Every sample is a whole program with its imports, using the language's standard HTTP client or
the one its users reach for first (OkHttp for Kotlin, reqwest for Rust, package:http for Dart,
RestSharp for .NET, libcurl for C and C++). ``tests/unit/openapi/test_sample_languages.py``
compiles or parses them with the language's own tools where the machine has them.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass, replace
from urllib.parse import quote

from mdxsite.model import ApiOperation, RequestSample

# api.examples.languages names: the platform's key of each name it accepts (its settings
# page's table: key, then aliases; matched without case)
ALIASES = {
    "bash": "bash", "curl": "bash", "sh": "bash", "shell": "bash",
    "python": "python", "py": "python",
    "javascript": "javascript", "js": "javascript",
    "node": "node", "nodejs": "node", "node.js": "node",
    "php": "php",
    "go": "go", "golang": "go",
    "java": "java",
    "ruby": "ruby", "rb": "ruby",
    "powershell": "powershell",
    "swift": "swift",
    "csharp": "csharp", "c#": "csharp",
    "dotnet": "dotnet", ".net": "dotnet", "dot-net": "dotnet",
    "typescript": "typescript", "ts": "typescript",
    "c": "c",
    "c++": "c++", "cpp": "c++",
    "kotlin": "kotlin", "kt": "kotlin",
    "rust": "rust", "rs": "rust",
    "dart": "dart", "flutter": "dart",
}
# the tab title of each key (the platform's display names)
LABELS = {"bash": "cURL", "python": "Python", "javascript": "JavaScript", "node": "Node.js",
          "php": "PHP", "go": "Go", "java": "Java", "ruby": "Ruby", "powershell": "PowerShell",
          "swift": "Swift", "csharp": "C#", "dotnet": ".NET", "typescript": "TypeScript",
          "c": "C", "c++": "C++", "kotlin": "Kotlin", "rust": "Rust", "dart": "Dart"}


def key_of(name: str) -> str:
    """The platform's key for a language name or tab title (``"Node.js"`` -> ``"node"``);
    an unknown name is its own key, lower case."""
    lowered = name.strip().lower()
    return ALIASES.get(lowered, lowered)


BASIC = "Basic " + base64.b64encode(b"username:password").decode()
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


@dataclass(frozen=True)
class Request:
    """A sample's request in plain terms: the cookies and basic credentials are headers here
    (``Cookie``, ``Authorization: Basic …`` of username:password), a multipart body is its
    fields (its Content-Type is left to the client, which adds the boundary), any other body
    is its text."""

    method: str
    url: str
    headers: dict[str, str]
    content_type: str  # the body's, also in headers (not for multipart); "" without a body
    text: str | None   # the body's text; None for none or multipart
    parts: list[tuple[str, str, bool]] | None  # (name, text or file path, is a file)
    json: bool         # the body is JSON


def request_of(op: ApiOperation) -> Request:
    from mdxsite.openapi.samples import _form_parts, _request_parts, dump

    url, headers, cookies, basic = _request_parts(op)
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    if basic:
        headers["Authorization"] = BASIC
    parts = _form_parts(op)
    text = None
    if parts is not None:
        headers.pop("Content-Type", None)
    elif op.body is not None:
        text = dump(op.body, op.body_type, op.form_encoding)
    return Request(op.method, url, headers, op.body_type if op.body is not None else "", text,
                   parts, "json" in op.body_type)


def strict_url(url: str) -> str:
    """``url`` with the characters a strict URL parser refuses (Java's URI, Ruby's URI, Swift's
    URL) percent-encoded: ``<api-key>`` placeholders, an unfilled ``{id}``, spaces."""
    return quote(url, safe=":/?#[]@!$&'()*+,;=%-._~")


def quoted(text: str, *, quote_char: str = '"', control: Callable[[int], str] | None = None,
           dollar: bool = False) -> str:
    """A C-family string literal of ``text``: backslash, the quote, newline, return and tab
    escaped, other control characters by ``control`` (``\\u00XX`` unless given), ``$`` when the
    language interpolates it (Kotlin, Dart)."""
    out = []
    for ch in text:
        if ch == "\\" or ch == quote_char or (dollar and ch == "$"):
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ch == "\x7f":
            out.append(control(ord(ch)) if control else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return quote_char + "".join(out) + quote_char


def lines_of(text: str, literal: Callable[[str], str], joiner: str) -> str:
    """``text`` as one literal per line joined by ``joiner`` (``" +\\n    "``), so a JSON body
    keeps its layout in a language without a handy multi-line string."""
    pieces = text.splitlines(keepends=True) or [""]
    return joiner.join(literal(p) for p in pieces)


def single(text: str) -> str:
    """A single-quoted PHP or Ruby literal: only the backslash and the quote are special."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _rb(text: str) -> str:
    """A Ruby literal: single-quoted, or double-quoted with escapes (``#`` too, which
    interpolates there) when ``text`` holds a control character other than a newline or tab,
    since Ruby reads a carriage return before a newline in its source as a plain newline."""
    if all(ch in "\n\t" or " " <= ch != "\x7f" for ch in text):
        return single(text)
    return quoted(text).replace("#", "\\#")


# --------------------------------------------------------------------------- the languages

def _fetch_options(req: Request, typed: bool) -> list[str]:
    import json

    head: list[str] = []
    if req.parts is not None:
        if any(file for _, _, file in req.parts):
            head += ['import { openAsBlob } from "node:fs";',
                     'import { basename } from "node:path";', ""]
        head.append("const form = new FormData();")
        head += [f"form.append({json.dumps(n)}, await openAsBlob({json.dumps(t)}), "
                 f"basename({json.dumps(t)}));" if f
                 else f"form.append({json.dumps(n)}, {json.dumps(t)});" for n, t, f in req.parts]
        head.append("")
    options = [f"  method: {json.dumps(req.method)}"]
    if req.headers:
        block = json.dumps(req.headers, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        options.append(f"  headers: {block}")
    if req.parts is not None:
        options.append("  body: form")
    elif req.text is not None:
        if req.json:
            options.append("  body: JSON.stringify(" + req.text.replace("\n", "\n  ") + ")")
        else:
            options.append(f"  body: {json.dumps(req.text, ensure_ascii=False)}")
    declare = "const options: RequestInit = {" if typed else "const options = {"
    return [*head, f"const url = {json.dumps(req.url, ensure_ascii=False)};", declare,
            ",\n".join(options), "};", "", "const response = await fetch(url, options);",
            "console.log(response.status, await response.text());"]


def node(op: ApiOperation) -> RequestSample:
    """Node.js 20 (ES module, fetch; files read with ``openAsBlob``)."""
    return RequestSample(label="Node.js", language="javascript",
                         code="\n".join(_fetch_options(request_of(op), typed=False)))


def typescript(op: ApiOperation) -> RequestSample:
    """TypeScript (fetch with a typed ``RequestInit``), for Node.js 20 or a browser."""
    return RequestSample(label="TypeScript", language="typescript",
                         code="\n".join(_fetch_options(request_of(op), typed=True)))


def php(op: ApiOperation) -> RequestSample:
    """PHP with its curl extension; a multipart field that is a file is a ``CURLFile``."""
    req = request_of(op)
    options = [f"    CURLOPT_URL => {single(req.url)},",
               f"    CURLOPT_CUSTOMREQUEST => {single(req.method)},",
               "    CURLOPT_RETURNTRANSFER => true,"]
    if req.method == "HEAD":
        options.append("    CURLOPT_NOBODY => true,")
    # curl's array form holds one value per name: a body sending a name more than once
    # (tags=a, tags=b) is written part by part, with its boundary
    written = req.parts is not None and len({n for n, _, _ in req.parts}) < len(req.parts)
    if req.headers or written:
        options.append("    CURLOPT_HTTPHEADER => [")
        options += [f"        {single(f'{k}: {v}')}," for k, v in req.headers.items()]
        if written:
            options.append('        "Content-Type: multipart/form-data; boundary=$boundary",')
        options.append("    ],")
    head: list[str] = []
    if written and req.parts is not None:
        head = ["$fields = ["]
        head += [f"    [{single(n)}, {single(t)}{', true' if f else ''}]," for n, t, f in req.parts]
        head += ["];", "$boundary = bin2hex(random_bytes(16));", "$body = '';",
                 "foreach ($fields as $field) {",
                 '    $body .= "--$boundary\\r\\nContent-Disposition: form-data; name=\\"$field[0]\\"";',
                 "    $body .= isset($field[2])",
                 '        ? "; filename=\\"" . basename($field[1]) . "\\"\\r\\nContent-Type: '
                 'application/octet-stream\\r\\n\\r\\n" . file_get_contents($field[1])',
                 '        : "\\r\\n\\r\\n" . $field[1];',
                 '    $body .= "\\r\\n";', "}", '$body .= "--$boundary--\\r\\n";', ""]
        options.append("    CURLOPT_POSTFIELDS => $body,")
    elif req.parts is not None:
        options.append("    CURLOPT_POSTFIELDS => [")
        options += [f"        {single(n)} => new CURLFile({single(t)})," if f
                    else f"        {single(n)} => {single(t)}," for n, t, f in req.parts]
        options.append("    ],")
    elif req.text is not None:
        options.append(f"    CURLOPT_POSTFIELDS => {single(req.text)},")
    lines = ["<?php", "", *head, "$curl = curl_init();", "", "curl_setopt_array($curl, [", *options,
             "]);", "", "$response = curl_exec($curl);",
             "$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);", "curl_close($curl);", "",
             "echo $status, ' ', $response, PHP_EOL;"]
    return RequestSample(label="PHP", language="php", code="\n".join(lines))


_RUBY_CLASSES = {"GET": "Get", "POST": "Post", "PUT": "Put", "PATCH": "Patch",
                 "DELETE": "Delete", "HEAD": "Head", "OPTIONS": "Options", "TRACE": "Trace"}


def ruby(op: ApiOperation) -> RequestSample:
    """Ruby with net/http; a multipart body through ``set_form``, files opened."""
    req = request_of(op)
    lines = ["require 'uri'", "require 'net/http'", "", f"url = URI({_rb(strict_url(req.url))})",
             "", "http = Net::HTTP.new(url.host, url.port)", "http.use_ssl = url.scheme == 'https'",
             ""]
    if req.method in _RUBY_CLASSES:
        lines.append(f"request = Net::HTTP::{_RUBY_CLASSES[req.method]}.new(url)")
    else:
        has_body = req.text is not None or req.parts is not None
        lines.append(f"request = Net::HTTPGenericRequest.new({_rb(req.method)}, "
                     f"{'true' if has_body else 'false'}, true, url)")
    lines += [f"request[{_rb(k)}] = {_rb(v)}" for k, v in req.headers.items()]
    if req.parts is not None:
        fields = ",\n".join(f"  [{_rb(n)}, File.open({_rb(t)})]" if f
                            else f"  [{_rb(n)}, {_rb(t)}]" for n, t, f in req.parts)
        lines.append(f"request.set_form([\n{fields}\n], 'multipart/form-data')")
    elif req.text is not None:
        lines.append(f"request.body = {_rb(req.text)}")
    lines += ["", "response = http.request(request)", "puts response.code, response.body"]
    return RequestSample(label="Ruby", language="ruby", code="\n".join(lines))


def _java_string(text: str) -> str:
    return lines_of(text, quoted, " +\n                ")


def java(op: ApiOperation) -> RequestSample:
    """Java 11+ with java.net.http; a multipart body written part by part."""
    req = request_of(op)
    imports = {"java.net.URI", "java.net.http.HttpClient", "java.net.http.HttpRequest",
               "java.net.http.HttpResponse"}
    body: list[str] = []
    publisher = "HttpRequest.BodyPublishers.noBody()"
    chain = [f"                .uri(URI.create({quoted(strict_url(req.url))}))"]
    chain += [f"                .header({quoted(k)}, {quoted(v)})" for k, v in req.headers.items()]
    if req.parts is not None:
        imports |= {"java.nio.charset.StandardCharsets", "java.nio.file.Files",
                    "java.nio.file.Path", "java.util.ArrayList", "java.util.List"}
        body += ['        String boundary = "----mdxsite" + System.nanoTime();',
                 "        List<byte[]> form = new ArrayList<>();"]
        files = 0
        for name, text, file in req.parts:
            disposition = f'Content-Disposition: form-data; name=\\"{quoted(name)[1:-1]}\\"'
            if file:
                files += 1
                var = f"file{files if files > 1 else ''}"  # file, file2...: one variable each
                body += [f"        Path {var} = Path.of({quoted(text)});",
                         f'        form.add(("--" + boundary + "\\r\\n{disposition}; '
                         f'filename=\\"" + {var}.getFileName() + "\\"\\r\\n'
                         f'Content-Type: application/octet-stream\\r\\n\\r\\n")'
                         ".getBytes(StandardCharsets.UTF_8));",
                         f"        form.add(Files.readAllBytes({var}));",
                         '        form.add("\\r\\n".getBytes(StandardCharsets.UTF_8));']
            else:
                body.append(f'        form.add(("--" + boundary + "\\r\\n{disposition}\\r\\n\\r\\n"'
                            f' + {quoted(text)} + "\\r\\n").getBytes(StandardCharsets.UTF_8));')
        body += ['        form.add(("--" + boundary + "--\\r\\n")'
                 ".getBytes(StandardCharsets.UTF_8));", ""]
        publisher = "HttpRequest.BodyPublishers.ofByteArrays(form)"
        chain.append('                .header("Content-Type", '
                     '"multipart/form-data; boundary=" + boundary)')
    elif req.text is not None:
        body += [f"        String body = {_java_string(req.text)};", ""]
        publisher = "HttpRequest.BodyPublishers.ofString(body)"
    chain += [f"                .method({quoted(req.method)}, {publisher})", "                .build();"]
    lines = [*(f"import {i};" for i in sorted(imports)), "", "public class Main {",
             "    public static void main(String[] args) throws Exception {", *body,
             "        HttpRequest request = HttpRequest.newBuilder()", *chain, "",
             "        HttpResponse<String> response = HttpClient.newHttpClient()",
             "                .send(request, HttpResponse.BodyHandlers.ofString());",
             '        System.out.println(response.statusCode() + " " + response.body());',
             "    }", "}"]
    return RequestSample(label="Java", language="java", code="\n".join(lines))


def _kotlin_string(text: str) -> str:
    return lines_of(text, lambda t: quoted(t, dollar=True), " +\n    ")


def kotlin(op: ApiOperation) -> RequestSample:
    """Kotlin with OkHttp; a multipart body with ``MultipartBody.Builder``."""
    req = request_of(op)
    imports = {"okhttp3.OkHttpClient", "okhttp3.Request"}
    lines: list[str] = []
    body = "null"
    if req.parts is not None:
        imports |= {"okhttp3.MultipartBody"}
        built = ["val body = MultipartBody.Builder()", "    .setType(MultipartBody.FORM)"]
        for name, text, file in req.parts:
            if file:
                imports |= {"java.io.File", "okhttp3.MediaType.Companion.toMediaType",
                            "okhttp3.RequestBody.Companion.asRequestBody"}
                built.append(f"    .addFormDataPart({quoted(name, dollar=True)}, "
                             f"File({quoted(text, dollar=True)}).name, "
                             f"File({quoted(text, dollar=True)})"
                             '.asRequestBody("application/octet-stream".toMediaType()))')
            else:
                built.append(f"    .addFormDataPart({quoted(name, dollar=True)}, "
                             f"{quoted(text, dollar=True)})")
        lines += [*built, "    .build()", ""]
        body = "body"
    elif req.text is not None and req.method not in ("GET", "HEAD"):
        imports |= {"okhttp3.MediaType.Companion.toMediaType",
                    "okhttp3.RequestBody.Companion.toRequestBody"}
        lines += [f"val body = ({_kotlin_string(req.text)})",
                  f"    .toRequestBody({quoted(req.content_type, dollar=True)}.toMediaType())", ""]
        body = "body"
    elif req.method in _BODY_METHODS:  # OkHttp insists on a body for these
        imports |= {"okhttp3.RequestBody.Companion.toRequestBody"}
        lines += ['val body = "".toRequestBody()', ""]
        body = "body"
    chain = [f"    .url({quoted(req.url, dollar=True)})",
             f"    .method({quoted(req.method, dollar=True)}, {body})"]
    chain += [f"    .addHeader({quoted(k, dollar=True)}, {quoted(v, dollar=True)})"
              for k, v in req.headers.items() if k.lower() != "content-type" or body == "null"]
    main = ["val client = OkHttpClient()", "", *lines, "val request = Request.Builder()", *chain,
            "    .build()", "", "val response = client.newCall(request).execute()",
            'println("${response.code} ${response.body?.string()}")']
    lines = [*(f"import {i}" for i in sorted(imports)), "", "fun main() {",
             *(f"    {line}" if line else "" for text in main for line in text.split("\n")), "}"]
    return RequestSample(label="Kotlin", language="kotlin", code="\n".join(lines))


def _cs_string(text: str) -> str:
    return lines_of(text, quoted, " +\n    ")


def csharp(op: ApiOperation) -> RequestSample:
    """C# (.NET 6+ top-level program) with HttpClient; a multipart body as
    ``MultipartFormDataContent``; the body's Content-Type on the content, as HttpClient wants."""
    req = request_of(op)
    lines = ["using System;", "using System.IO;", "using System.Net.Http;",
             "using System.Net.Http.Headers;", "", "using var client = new HttpClient();",
             f"using var request = new HttpRequestMessage(new HttpMethod({quoted(req.method)}), "
             f"{quoted(req.url)});"]
    lines += [f"request.Headers.TryAddWithoutValidation({quoted(k)}, {quoted(v)});"
              for k, v in req.headers.items() if k.lower() != "content-type"]
    if req.parts is not None:
        lines.append("using var form = new MultipartFormDataContent();")
        for name, text, file in req.parts:
            if file:
                lines.append(f"form.Add(new StreamContent(File.OpenRead({quoted(text)})), "
                             f"{quoted(name)}, Path.GetFileName({quoted(text)}));")
            else:
                lines.append(f"form.Add(new StringContent({quoted(text)}), {quoted(name)});")
        lines.append("request.Content = form;")
    elif req.text is not None:
        lines += [f"request.Content = new StringContent({_cs_string(req.text)});",
                  "request.Content.Headers.ContentType = "
                  f"MediaTypeHeaderValue.Parse({quoted(req.content_type)});"]
    lines += ["", "using var response = await client.SendAsync(request);",
              "Console.WriteLine($\"{(int)response.StatusCode} "
              "{await response.Content.ReadAsStringAsync()}\");"]
    return RequestSample(label="C#", language="csharp", code="\n".join(lines))


_RESTSHARP = {"GET": "Get", "POST": "Post", "PUT": "Put", "DELETE": "Delete", "HEAD": "Head",
              "OPTIONS": "Options", "PATCH": "Patch", "MERGE": "Merge", "COPY": "Copy",
              "SEARCH": "Search"}


def dotnet(op: ApiOperation) -> RequestSample:
    """.NET with RestSharp (107+); a multipart body as parameters and files."""
    req = request_of(op)
    method = _RESTSHARP.get(req.method)
    if method is None:  # RestSharp's Method has no such verb: HttpClient takes any
        return replace(csharp(op), label=".NET")
    lines = ["using System;", "using RestSharp;", "",
             f"var client = new RestClient({quoted(req.url)});",
             f"var request = new RestRequest(\"\", Method.{method});"]
    lines += [f"request.AddHeader({quoted(k)}, {quoted(v)});"
              for k, v in req.headers.items() if k.lower() != "content-type"]
    if req.parts is not None:
        lines.append("request.AlwaysMultipartFormData = true;")
        for name, text, file in req.parts:
            lines.append(f"request.AddFile({quoted(name)}, {quoted(text)});" if file
                         else f"request.AddParameter({quoted(name)}, {quoted(text)});")
    elif req.text is not None:
        lines.append(f"request.AddStringBody({_cs_string(req.text)}, "
                     f"{quoted(req.content_type)});")
    lines += ["", "var response = await client.ExecuteAsync(request);",
              "Console.WriteLine($\"{(int)response.StatusCode} {response.Content}\");"]
    return RequestSample(label=".NET", language="csharp", code="\n".join(lines))


def _swift_string(text: str) -> str:
    """A multi-line Swift literal (one long ``+`` chain is too complex for its type checker):
    backslashes and control characters escaped, a triple quote broken by an escape."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch != "\n" and (ord(ch) < 0x20 or ch == "\x7f"):
            out.append(f"\\u{{{ord(ch):x}}}")
        else:
            out.append(ch)
    body = "".join(out).replace('"""', '\\"""')
    return '"""\n' + "\n".join(f"    {line}" if line else "" for line in body.split("\n")) \
        + '\n    """'



def swift(op: ApiOperation) -> RequestSample:
    """Swift 5.7+ with URLSession (async); a multipart body written part by part."""
    req = request_of(op)
    sq = lambda t: quoted(t, control=lambda c: f"\\u{{{c:x}}}")  # noqa: E731
    lines = ["import Foundation", "#if canImport(FoundationNetworking)",
             "import FoundationNetworking", "#endif", "",
             f"var request = URLRequest(url: URL(string: {sq(strict_url(req.url))})!)",
             f"request.httpMethod = {sq(req.method)}"]
    lines += [f"request.setValue({sq(v)}, forHTTPHeaderField: {sq(k)})"
              for k, v in req.headers.items()]
    if req.parts is not None:
        lines += ['let boundary = "Boundary-\\(UUID().uuidString)"',
                  'request.setValue("multipart/form-data; boundary=\\(boundary)", '
                  'forHTTPHeaderField: "Content-Type")', "var body = Data()"]
        files = 0
        for name, text, file in req.parts:
            disposition = f'Content-Disposition: form-data; name=\\"{sq(name)[1:-1]}\\"'
            if file:
                files += 1
                var = f"file{files if files > 1 else ''}"
                lines += [f"let {var} = URL(fileURLWithPath: {sq(text)})",
                          f'body.append(Data("--\\(boundary)\\r\\n{disposition}; filename=\\"'
                          f'\\({var}.lastPathComponent)\\"\\r\\nContent-Type: '
                          'application/octet-stream\\r\\n\\r\\n".utf8))',
                          f"body.append(try Data(contentsOf: {var}))",
                          'body.append(Data("\\r\\n".utf8))']
            else:
                lines.append(f'body.append(Data("--\\(boundary)\\r\\n{disposition}\\r\\n\\r\\n'
                             f'".utf8) + Data({sq(text)}.utf8) + Data("\\r\\n".utf8))')
        lines += ['body.append(Data("--\\(boundary)--\\r\\n".utf8))', "request.httpBody = body"]
    elif req.text is not None:
        lines.append(f"request.httpBody = Data({_swift_string(req.text)}.utf8)")
    lines += ["", "let (data, response) = try await URLSession.shared.data(for: request)",
              "print((response as! HTTPURLResponse).statusCode, "
              "String(decoding: data, as: UTF8.self))"]
    return RequestSample(label="Swift", language="swift", code="\n".join(lines))


def _rust_raw(text: str) -> str:
    if "\r" in text:  # a raw string cannot hold a bare carriage return
        return quoted(text, control=lambda c: f"\\u{{{c:x}}}")
    hashes = "#"
    while f'"{hashes}' in text:
        hashes += "#"
    return f'r{hashes}"{text}"{hashes}'


_RUST_METHODS = frozenset({"GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "CONNECT",
                           "PATCH", "TRACE"})


def rust(op: ApiOperation) -> RequestSample:
    """Rust with reqwest's blocking client (features ``blocking`` and ``multipart``)."""
    req = request_of(op)
    rq = lambda t: quoted(t, control=lambda c: f"\\u{{{c:x}}}")  # noqa: E731
    method = (f"reqwest::Method::{req.method}" if req.method in _RUST_METHODS
              else f"reqwest::Method::from_bytes({rq(req.method)}.as_bytes())?")
    lines = ['// Cargo.toml: reqwest = { version = "0.12", features = ["blocking", "multipart"] }',
             "fn main() -> Result<(), Box<dyn std::error::Error>> {"]
    if req.parts is not None:
        form = ["    let form = reqwest::blocking::multipart::Form::new()"]
        form += [f"        .file({rq(n)}, {rq(t)})?" if f else f"        .text({rq(n)}, {rq(t)})"
                 for n, t, f in req.parts]
        lines += [*form[:-1], form[-1] + ";", ""]
    lines += ["    let response = reqwest::blocking::Client::new()",
              f"        .request({method}, {rq(req.url)})"]
    lines += [f"        .header({rq(k)}, {rq(v)})" for k, v in req.headers.items()]
    if req.parts is not None:
        lines.append("        .multipart(form)")
    elif req.text is not None:
        lines.append(f"        .body({_rust_raw(req.text)})")
    lines += ["        .send()?;", "", '    println!("{} {}", response.status(), response.text()?);',
              "    Ok(())", "}"]
    return RequestSample(label="Rust", language="rust", code="\n".join(lines))


def _dart(text: str) -> str:
    return quoted(text, quote_char="'", dollar=True)


def dart(op: ApiOperation) -> RequestSample:
    """Dart (Flutter too) with package:http; a multipart body as ``MultipartRequest``."""
    req = request_of(op)
    uri = f"Uri.parse({_dart(strict_url(req.url))})"
    lines = ["import 'package:http/http.dart' as http;", "", "Future<void> main() async {"]
    if req.parts is not None:
        lines.append(f"  final request = http.MultipartRequest({_dart(req.method)}, {uri});")
    else:
        lines.append(f"  final request = http.Request({_dart(req.method)}, {uri});")
    if req.headers:
        lines.append("  request.headers.addAll({")
        lines += [f"    {_dart(k)}: {_dart(v)}," for k, v in req.headers.items()]
        lines.append("  });")
    if req.parts is not None:
        for name, text, file in req.parts:
            lines.append(f"  request.files.add(await http.MultipartFile.fromPath("
                         f"{_dart(name)}, {_dart(text)}));" if file
                         else f"  request.fields[{_dart(name)}] = {_dart(text)};")
    elif req.text is not None:
        lines.append("  request.body = " + lines_of(req.text, _dart, "\n      ") + ";")
    lines += ["", "  final response = await http.Response.fromStream(await request.send());",
              "  print('${response.statusCode} ${response.body}');", "}"]
    return RequestSample(label="Dart", language="dart", code="\n".join(lines))


def _ps(text: str) -> str:
    """A single-quoted PowerShell string: a quote (typographic ones too) doubled."""
    for q in ("'", "\u2018", "\u2019", "\u201a", "\u201b"):
        text = text.replace(q, q + q)
    return "'" + text + "'"


_PS_METHODS = frozenset({"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE",
                         "MERGE"})


def powershell(op: ApiOperation) -> RequestSample:
    """PowerShell 7 with Invoke-WebRequest; a multipart body with ``-Form`` (files as
    ``Get-Item``)."""
    req = request_of(op)
    lines: list[str] = []
    args = [f"-Uri {_ps(req.url)}",
            f"-Method {_ps(req.method)}" if req.method in _PS_METHODS
            else f"-CustomMethod {_ps(req.method)}"]
    headers = {k: v for k, v in req.headers.items() if k.lower() != "content-type"}
    if headers:
        lines += ["$headers = @{", *(f"    {_ps(k)} = {_ps(v)}" for k, v in headers.items()), "}"]
        args.append("-Headers $headers")
    if req.parts is not None:
        lines += ["$form = [ordered]@{", *(
            f"    {_ps(n)} = Get-Item -Path {_ps(t)}" if f else f"    {_ps(n)} = {_ps(t)}"
            for n, t, f in req.parts), "}"]
        args.append("-Form $form")
    elif req.text is not None:
        lines.append(f"$body = {_ps(req.text)}")
        args += [f"-ContentType {_ps(req.content_type)}", "-Body $body"]
    lines += ["", "$response = Invoke-WebRequest " + " `\n    ".join(args),
              '"$($response.StatusCode) $($response.Content)"']
    return RequestSample(label="PowerShell", language="powershell",
                         code="\n".join(lines).lstrip("\n"))


def _c(text: str) -> str:
    literal = quoted(text, control=lambda c: f"\\{c:03o}")
    while "??" in literal:  # a trigraph (??=, ??/…) in strict C: the second ? escaped
        literal = literal.replace("??", "?\\?")
    return literal


def _libcurl_calls(req: Request) -> tuple[list[str], list[str]]:
    """The libcurl calls of a C or C++ sample (indented for main's body), and its clean-ups."""
    body = ["    CURL *curl = curl_easy_init();", "    struct curl_slist *headers = NULL;"]
    cleanup = []
    if req.method == "HEAD":
        body.append("    curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);")
    else:
        body.append(f"    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, {_c(req.method)});")
    body.append(f"    curl_easy_setopt(curl, CURLOPT_URL, {_c(req.url)});")
    body += [f"    headers = curl_slist_append(headers, {_c(f'{k}: {v}')});"
             for k, v in req.headers.items()]
    if req.headers:
        body.append("    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);")
    if req.parts is not None:
        body += ["", "    curl_mime *form = curl_mime_init(curl);", "    curl_mimepart *part;"]
        for name, text, file in req.parts:
            body += ["    part = curl_mime_addpart(form);", f"    curl_mime_name(part, {_c(name)});",
                     f"    curl_mime_filedata(part, {_c(text)});" if file
                     else f"    curl_mime_data(part, {_c(text)}, CURL_ZERO_TERMINATED);"]
        body.append("    curl_easy_setopt(curl, CURLOPT_MIMEPOST, form);")
        cleanup.append("    curl_mime_free(form);")
    elif req.text is not None:
        body.append("    curl_easy_setopt(curl, CURLOPT_POSTFIELDS,\n        "
                    + lines_of(req.text, _c, "\n        ") + ");")
    cleanup += ["    curl_slist_free_all(headers);", "    curl_easy_cleanup(curl);"]
    return body, cleanup


def c(op: ApiOperation) -> RequestSample:
    """C with libcurl (the response body goes to stdout, its status after it)."""
    body, cleanup = _libcurl_calls(request_of(op))
    lines = ["#include <stdio.h>", "#include <curl/curl.h>", "", "int main(void)", "{", *body, "",
             "    CURLcode res = curl_easy_perform(curl);", "    long status = 0;",
             "    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);",
             '    printf("\\n%ld\\n", status);', "", *cleanup,
             "    return res == CURLE_OK ? 0 : 1;", "}"]
    return RequestSample(label="C", language="c", code="\n".join(lines))


def cpp(op: ApiOperation) -> RequestSample:
    """C++ with libcurl, the response collected into a std::string."""
    body, cleanup = _libcurl_calls(request_of(op))
    lines = ["#include <curl/curl.h>", "#include <iostream>", "#include <string>", "",
             "static size_t collect(char *data, size_t size, size_t count, void *out)", "{",
             "    static_cast<std::string *>(out)->append(data, size * count);",
             "    return size * count;", "}", "", "int main()", "{", *body,
             "    std::string response;",
             "    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);",
             "    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response);", "",
             "    CURLcode res = curl_easy_perform(curl);", "    long status = 0;",
             "    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);",
             '    std::cout << status << " " << response << std::endl;', "", *cleanup,
             "    return res == CURLE_OK ? 0 : 1;", "}"]
    return RequestSample(label="C++", language="cpp", code="\n".join(lines))


# the writers of the keys beyond the three default tabs (cURL, Python, JavaScript); Go is in
# samples.py, where it began
WRITERS: dict[str, Callable[[ApiOperation], RequestSample]] = {
    "node": node, "php": php, "java": java, "ruby": ruby, "powershell": powershell,
    "swift": swift, "csharp": csharp, "dotnet": dotnet, "typescript": typescript, "c": c,
    "c++": cpp, "kotlin": kotlin, "rust": rust, "dart": dart}
