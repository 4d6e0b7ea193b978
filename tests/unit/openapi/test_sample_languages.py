"""The request samples of every language api.examples.languages accepts: offered under the
platform's names and aliases, valid code by the language's own tools (compilers, linters,
tree-sitter grammars) over requests with every kind of part and awkward text, and, where the
machine can run them, sending the cURL sample's request to a local server.

A tool this machine lacks skips its check (make system-deps installs php, ruby and libcurl's
headers; the test extra the grammars)."""

from __future__ import annotations

import email.parser
import email.policy
import http.server
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from mdxsite.model import ApiAuth, ApiOperation, ApiParameter, RequestSample
from mdxsite.openapi import sample_languages, samples

ASCII = "it's \"q\" \\ $x ${y} #{z} `t` ??= %s {0}"
AWKWARD = ASCII + " é 日本 \U0001F600\ttab"


def operations(url: str = "https://api.test") -> list[ApiOperation]:
    """Requests with every kind of part: the methods, JSON, form, multipart (no file, one, two)
    and text bodies, header/cookie/query parameters and each kind of credentials."""
    # an HTTP header is ASCII
    header = ApiParameter(name="X-Trace", location="header", example=ASCII)
    cookie = ApiParameter(name="session", location="cookie", example="abc")
    query = ApiParameter(name="ids", location="query", example=[1, 2])
    deep = ApiParameter(name="filter", location="query", example={"state": "open now"},
                        style="deepObject", explode=True)
    bearer = ApiAuth(name="b", type="http", scheme="bearer")
    basic = ApiAuth(name="u", type="http", scheme="basic")
    key_query = ApiAuth(name="k", type="apiKey", location="query", param="api_key")
    key_header = ApiAuth(name="h", type="apiKey", location="header", param="X-Key")
    return [
        ApiOperation(spec="s", method="GET", path="/items", url=f"{url}/items",
                     parameters=(query, deep, header, cookie), auth=(key_query,)),
        ApiOperation(spec="s", method="POST", path="/items", url=f"{url}/items",
                     body_type="application/json", auth=(bearer,),
                     body={"name": AWKWARD, "tags": ["a", None, True, 1.5],
                           "nested": {"line": "one\ntwo\r\n\x01"}}),
        ApiOperation(spec="s", method="PUT", path="/items/{id}", url=f"{url}/items/{{id}}",
                     body_type="application/vnd.api+json; charset=utf-8", auth=(basic,),
                     body=[{'"""': "'''", "r#\"": "\"#"}]),
        ApiOperation(spec="s", method="PATCH", path="/charges", url=f"{url}/charges",
                     body_type="application/x-www-form-urlencoded", auth=(key_header,),
                     body={"amount": 100, "meta": {"note": AWKWARD}}),
        ApiOperation(spec="s", method="POST", path="/upload", url=f"{url}/upload",
                     body_type="multipart/form-data", files=("file", "scan"), auth=(bearer,),
                     parameters=(cookie,),
                     body={"file": "<binary>", "note": AWKWARD + "\nline",
                           "meta": {"a": 1}, "scan": "<binary>"}),
        ApiOperation(spec="s", method="POST", path="/notes", url=f"{url}/notes",
                     body_type="multipart/form-data", body={"title": "t", "body": "b"}),
        # an array field: one part per item, named alike (tags=a, tags=b), beside a file
        ApiOperation(spec="s", method="POST", path="/labels", url=f"{url}/labels",
                     body_type="multipart/form-data", files=("file",),
                     body={"tags": ["a", "b c"], "ids": [1, 2], "file": "<binary>",
                           "meta": ["x"]}, multipart_arrays=(("ids", "csv"), ("meta", "json"))),
        ApiOperation(spec="s", method="POST", path="/text", url=f"{url}/text",
                     body_type="text/plain", body="plain \"text\"\r\n$x \\ '''"),
        ApiOperation(spec="s", method="DELETE", path="/items/1", url=f"{url}/items/1",
                     auth=(basic,)),
        ApiOperation(spec="s", method="HEAD", path="/items", url=f"{url}/items"),
        ApiOperation(spec="s", method="OPTIONS", path="/items", url=f"{url}/items"),
        ApiOperation(spec="s", method="POST", path="/ping", url=f"{url}/ping"),
    ]


def _samples(key: str, ops: list[ApiOperation] | None = None) -> list[RequestSample]:
    if key == "go":
        return [samples.go(op) for op in ops or operations()]
    return [sample_languages.WRITERS[key](op) for op in ops or operations()]


def test_every_language_the_platform_lists_is_offered_under_its_names() -> None:
    # api.examples.languages accepted only curl, python, javascript and go; the platform's
    # settings page lists eighteen keys with their aliases, and mdxsite warned on the rest
    # and showed no tab
    op = operations()[1]
    assert [s.label for s in samples.builtin_samples(op)] == ["cURL", "Python", "JavaScript"]
    names = ["Node.js", "php", "golang", "java", "rb", "powershell", "swift", "c#", "dot-net",
             "ts", "c", "cpp", "kt", "rs", "flutter"]
    found = samples.builtin_samples(op, names)
    assert [s.label for s in found][3:] == [
        "Node.js", "PHP", "Go", "Java", "Ruby", "PowerShell", "Swift", "C#", ".NET", "TypeScript",
        "C", "C++", "Kotlin", "Rust", "Dart"]
    assert samples.ON_REQUEST_LABELS == {s.label for s in found[3:]}
    assert set(sample_languages.LABELS) == set(sample_languages.ALIASES.values())
    for alias, key in sample_languages.ALIASES.items():
        assert sample_languages.key_of(alias.upper()) == key


def _run(args: list[str], cwd: Path, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300, **kw)


def _check_each(tmp_path: Path, key: str, suffix: str, command: list[str]) -> None:
    for i, sample in enumerate(_samples(key)):
        path = tmp_path / f"sample{i}{suffix}"
        path.write_text(sample.code, encoding="utf-8")
        result = _run([*command, path.name], tmp_path)
        assert result.returncode == 0, f"{result.stdout}{result.stderr}\n{sample.code}"


@pytest.mark.parametrize("key,suffix,command", [
    ("node", ".mjs", ["node", "--check"]),
    ("php", ".php", ["php", "-l"]),
    ("ruby", ".rb", ["ruby", "-c"]),
    ("rust", ".rs", ["rustfmt", "--edition", "2021", "--emit", "stdout"]),
])
def test_samples_pass_the_languages_own_syntax_check(tmp_path: Path, key: str, suffix: str,
                                                     command: list[str]) -> None:
    if not shutil.which(command[0]):
        pytest.skip(f"{command[0]} is not installed")
    _check_each(tmp_path, key, suffix, command)


def _curl_include() -> list[str]:
    found = [p.parent.parent for p in Path("/usr/include").glob("*/curl/curl.h")]
    return [f"-I{found[0]}"] if found else []


@pytest.mark.parametrize("key,compiler,suffix", [("c", "gcc", ".c"), ("c++", "g++", ".cpp")])
def test_c_and_cpp_samples_compile_against_libcurl(tmp_path: Path, key: str, compiler: str,
                                                   suffix: str) -> None:
    if not shutil.which(compiler) or not (Path("/usr/include/curl/curl.h").exists()
                                          or _curl_include()):
        pytest.skip(f"{compiler} or libcurl's headers are not installed")
    std = "-std=c11" if key == "c" else "-std=c++17"  # strict: trigraphs are read
    _check_each(tmp_path, key, suffix, [compiler, std, "-Wall", "-Werror", "-Wno-trigraphs",
                                        "-fsyntax-only", *_curl_include()])


# a JVM that starts light: the client compiler only and one GC thread. A sample runs for well
# under a second, where the optimising compiler's and the parallel GC's threads only cost CPU
# (measured: javac of one sample 1.75 -> 0.99 s of CPU, a sample's run 1.0 -> 0.7 s)
JVM = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
JAVAC = ["javac", *(f"-J{flag}" for flag in JVM)]


def test_java_samples_compile(tmp_path: Path) -> None:
    if not shutil.which("javac"):
        pytest.skip("javac is not installed")
    names = []
    for i, sample in enumerate(_samples("java")):
        names.append(f"Main{i}.java")
        (tmp_path / names[-1]).write_text(
            sample.code.replace("public class Main {", f"public class Main{i} {{"), "utf-8")
    result = _run([*JAVAC, "-encoding", "UTF-8", "-Werror", "-d", "out", *names], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_typescript_samples_parse(tmp_path: Path) -> None:
    root = Path(__file__).parents[3]
    typescript = root / "tests" / "oracle" / "node_modules" / "typescript"
    if not shutil.which("node") or not typescript.is_dir():
        pytest.skip("node or the oracle's typescript (make oracle-deps) is not installed")
    (tmp_path / "samples.json").write_text(json.dumps([s.code for s in _samples("typescript")]))
    script = (f"const ts = require({json.dumps(str(typescript))});"
              "const codes = require('./samples.json'); let bad = 0;"
              "codes.forEach((code, i) => { const out = ts.transpileModule(code, {"
              "reportDiagnostics: true, fileName: 'sample.ts', compilerOptions: {"
              "module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022}});"
              "for (const d of out.diagnostics) { bad++; console.log(i, "
              "ts.flattenDiagnosticMessageText(d.messageText, '\\n')); } });"
              "process.exit(bad ? 1 : 0);")
    result = _run(["node", "-e", script], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("key,module", [
    ("kotlin", "tree_sitter_kotlin"), ("swift", "tree_sitter_swift"),
    ("csharp", "tree_sitter_c_sharp"), ("dotnet", "tree_sitter_c_sharp"),
    ("dart", "tree_sitter_dart"), ("powershell", "tree_sitter_powershell")])
def test_samples_without_a_compiler_here_parse_with_the_languages_grammar(
        key: str, module: str) -> None:
    tree_sitter = pytest.importorskip("tree_sitter")
    grammar = pytest.importorskip(module)
    parser = tree_sitter.Parser(tree_sitter.Language(grammar.language()))
    for sample in _samples(key):
        tree = parser.parse(sample.code.encode())
        errors = _errors(tree.root_node)
        assert not errors, f"{errors}\n{sample.code}"


def _errors(node: Any) -> list[str]:
    if node.type == "ERROR" or node.is_missing:
        return [f"{node.type} at {node.start_point}: {node.text[:60]!r}"]
    return [e for child in node.children for e in _errors(child)]


# --------------------------------------------------------------------------- sent for real

class _Recorder(http.server.BaseHTTPRequestHandler):
    seen: list[dict[str, Any]] = []

    def _any(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = self._chunks()
        self.seen.append({"method": self.command, "path": self.path,
                          "headers": {k.lower(): v for k, v in self.headers.items()},
                          "body": body})
        self.send_response(200)
        self.send_header("Content-Length", "0" if self.command == "HEAD" else "2")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(b"ok")

    def _chunks(self) -> bytes:
        out = b""
        while size := int(self.rfile.readline().strip() or b"0", 16):
            out += self.rfile.read(size)
            self.rfile.readline()
        self.rfile.readline()
        return out

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _any

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    _Recorder.seen = []
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def _parts(request: dict[str, Any]) -> list[tuple[str, str | None, bytes]]:
    """A multipart body's (name, file name, content), in order."""
    head = f"Content-Type: {request['headers']['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + request["body"])
    return [(p.get_param("name", header="content-disposition"), p.get_filename(),
             p.get_payload(decode=True)) for p in message.iter_parts()]


def _received(request: dict[str, Any]) -> dict[str, Any]:
    """What a request says, in a form every client's spelling of it reduces to."""
    split = urlsplit(request["path"])
    headers = request["headers"]
    kept = {k: v for k, v in headers.items() if k in ("x-trace", "x-key", "authorization",
                                                       "cookie")}
    out: dict[str, Any] = {"method": request["method"], "path": split.path,
                           "query": parse_qsl(split.query), "headers": kept}
    kind = headers.get("content-type", "")
    if kind.startswith("multipart/"):
        # FormData (fetch) writes a field's line breaks as CRLF, as HTML forms do
        out["parts"] = [(name, file, text if file else text.replace(b"\r\n", b"\n"))
                        for name, file, text in _parts(request)]
    elif request["body"]:
        out["type"] = kind.split(";")[0].strip()
        # JSON as its value: JSON.stringify writes it without the layout
        out["body"] = json.loads(request["body"]) if "json" in kind else request["body"]
    return out


UPLOAD = b"file bytes \x00\xff"


def _commands(key: str, codes: list[str], tmp_path: Path) -> list[list[str]] | None:
    """Write the samples into ``tmp_path`` and return the command that runs each, or None
    without the tools."""
    def write(name: str, code: str) -> str:
        (tmp_path / name).write_text(code, encoding="utf-8")
        return name

    if key == "node" and shutil.which("node"):
        return [["node", write(f"s{i}.mjs", code)] for i, code in enumerate(codes)]
    if key == "php" and shutil.which("php") and "curl" in _run(["php", "-m"], tmp_path).stdout:
        return [["php", write(f"s{i}.php", code)] for i, code in enumerate(codes)]
    if key == "ruby" and shutil.which("ruby"):
        return [["ruby", write(f"s{i}.rb", code)] for i, code in enumerate(codes)]
    if key == "java" and shutil.which("javac"):
        names = [write(f"Main{i}.java", code.replace("class Main ", f"class Main{i} "))
                 for i, code in enumerate(codes)]
        result = _run([*JAVAC, "-encoding", "UTF-8", "-d", ".", *names], tmp_path)
        assert result.returncode == 0, result.stderr
        return [["java", "-Xshare:auto", *JVM, "-cp", ".", f"Main{i}"] for i in range(len(codes))]
    if key == "c" and shutil.which("gcc") and _curl_include():
        for i, code in enumerate(codes):
            result = _run(["gcc", *_curl_include(), write(f"s{i}.c", code), "-lcurl", "-o",
                           f"s{i}"], tmp_path)
            if result.returncode != 0:  # no libcurl to link with
                return None
        return [[f"./s{i}"] for i in range(len(codes))]
    return None


@pytest.mark.parametrize("key", ["node", "php", "ruby", "java", "c"])
def test_samples_send_the_request_the_curl_sample_sends(tmp_path: Path, server: str,
                                                        key: str) -> None:
    if not shutil.which("curl"):
        pytest.skip("curl is not installed")
    (tmp_path / "upload.bin").write_bytes(UPLOAD)
    env = {k: v for k, v in os.environ.items() if k.lower() not in ("http_proxy", "all_proxy")}
    ops = [replace(op, url=op.url.replace("{id}", "7")) for op in operations(server)]
    codes = [sample_languages.WRITERS[key](op).code.replace(samples.FILE, "upload.bin")
             for op in ops]
    commands = _commands(key, codes, tmp_path)
    if commands is None:
        pytest.skip(f"no way to run a {key} sample here")
    for op, code, command in zip(ops, codes, commands):
        expected = _send(samples.curl(op).code, tmp_path, env)
        result = _run(command, tmp_path, env=env)
        assert result.returncode == 0, result.stdout + result.stderr + code
        assert _received(_Recorder.seen.pop()) == expected, code


def _send(curl: str, tmp_path: Path, env: dict[str, str]) -> dict[str, Any]:
    script = tmp_path / "curl.sh"
    script.write_text(curl.replace(samples.FILE, "upload.bin") + " --silent --output /dev/null")
    result = _run(["sh", str(script)], tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    return _received(_Recorder.seen.pop())
