"""Request samples of form bodies: multipart fields as parts (files as files), urlencoded
fields as form pairs, in every built-in language; never a JSON body under a form type.
tests/browser/test_playground_bodies.py runs the samples a built page shows."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from mdxsite.model import ApiOperation, ApiParameter
from mdxsite.openapi import samples

UPLOAD = ApiOperation(spec="s.yaml", method="POST", path="/upload", url="https://a.test/upload",
                      body_type="multipart/form-data",
                      body={"file": "<binary>", "note": "it's", "meta": {"a": 1, "ok": True},
                            "kind": "<string>", "tags": "a;type=b", "gone": None},
                      files=("file",))
FORM = ApiOperation(spec="s.yaml", method="POST", path="/charges", url="https://a.test/charges",
                    body_type="application/x-www-form-urlencoded",
                    body={"amount": 100, "metadata": {"order": "A 1"}, "items": ["x", "y"]})


def test_curl_sends_one_form_option_per_multipart_field() -> None:
    assert samples.curl(UPLOAD).code == "\n".join([
        "curl --request POST \\",
        "  --url 'https://a.test/upload' \\",
        "  --header 'Content-Type: multipart/form-data' \\",
        "  --form 'file=@<path>' \\",
        "  --form 'note=it'\\''s' \\",
        "  --form 'meta={\"a\": 1, \"ok\": true}' \\",
        # curl -F would read "<string>" from a file named "string>", and ";type=" as an option
        "  --form-string 'kind=<string>' \\",
        "  --form-string 'tags=a;type=b'"])


def test_curl_sends_an_urlencoded_body_as_form_pairs() -> None:
    code = samples.curl(FORM).code
    assert code.endswith("  --data 'amount=100&metadata[order]=A%201&items=x&items=y'")
    assert "--header 'Content-Type: application/x-www-form-urlencoded'" in code


def test_python_sends_multipart_fields_as_data_and_files_and_leaves_the_header_to_requests(
        ) -> None:
    code = samples.python(UPLOAD).code
    assert "Content-Type" not in code  # requests writes it, with the boundary
    assert ('payload = {\n    "note": "it\'s",\n    "meta": "{\\"a\\": 1, \\"ok\\": true}",\n'
            '    "kind": "<string>",\n    "tags": "a;type=b"\n}') in code
    assert 'files = [\n    ("file", open("<path>", "rb")),\n]' in code
    assert 'requests.request("POST", url, data=payload, files=files)' in code
    compile(code, "sample.py", "exec")


def test_python_sends_an_urlencoded_body_as_flat_form_pairs() -> None:
    code = samples.python(FORM).code
    assert "Content-Type" not in code
    assert ('payload = [\n    ("amount", "100"),\n    ("metadata[order]", "A 1"),\n'
            '    ("items", "x"),\n    ("items", "y"),\n]') in code
    assert 'requests.request("POST", url, data=payload)' in code


def test_javascript_builds_form_data_with_the_file_as_a_blob() -> None:
    code = samples.javascript(UPLOAD).code
    assert code.startswith('import { openAsBlob } from "node:fs";\n\nconst form = new FormData();\n'
                           'form.append("file", await openAsBlob("<path>"));\n'
                           'form.append("note", "it\'s");\n')
    assert "  body: form\n" in code and "Content-Type" not in code


def test_a_multipart_body_without_files_needs_no_import() -> None:
    op = ApiOperation(spec="s.yaml", method="POST", path="/n", url="https://a.test/n",
                      body_type="multipart/form-data", body={"note": "hi"})
    assert samples.javascript(op).code.startswith('const form = new FormData();\n'
                                                  'form.append("note", "hi");\n')
    assert samples.curl(op).code.endswith("  --form 'note=hi'")


def test_python_literals_keep_json_words_inside_strings() -> None:
    op = ApiOperation(spec="s.yaml", method="POST", path="/j", url="https://a.test/j",
                      body_type="application/json", body={"text": "true or null", "ok": False})
    assert '"text": "true or null",\n    "ok": False' in samples.python(op).code


def test_python_keeps_the_content_type_of_a_json_body_that_is_not_plain_json() -> None:
    # requests' json= sends "application/json": a JSON:API server answers that with 415, so a
    # vendor JSON type (or one with a charset) stays in the headers; plain JSON leaves it out
    def op(body_type: str) -> ApiOperation:
        return ApiOperation(spec="s.yaml", method="POST", path="/a", url="https://a.test/a",
                            body_type=body_type, body={"data": {"id": "1"}})
    vendor = samples.python(op("application/vnd.api+json")).code
    assert 'headers = {\n    "Content-Type": "application/vnd.api+json"\n}' in vendor
    assert 'requests.request("POST", url, headers=headers, json=payload)' in vendor
    assert '"Content-Type": "application/json;charset=UTF-8"' in samples.python(
        op("application/json;charset=UTF-8")).code
    plain = samples.python(op("application/json")).code
    assert "Content-Type" not in plain and "json=payload" in plain


def test_query_arrays_and_objects_are_spelled_as_their_style_says() -> None:
    # an array or object query example was sent as JSON text (ids=[1, 2]); OpenAPI's default
    # is form, exploded, and a parameter says otherwise with style and explode

    def url(*params: ApiParameter) -> str:
        return samples.curl(ApiOperation(spec="s.yaml", method="GET", path="/s",
                                         url="https://a.test/s", parameters=params)).code

    assert "/s?ids=1&ids=2'" in url(ApiParameter(name="ids", location="query", example=[1, 2]))
    assert "/s?tags=a%2Cb'" in url(ApiParameter(name="tags", location="query", example=["a", "b"],
                                                explode=False))
    assert "/s?tags=a%7Cb'" in url(ApiParameter(name="tags", location="query", example=["a", "b"],
                                                style="pipeDelimited"))
    assert "/s?filter%5Bstatus%5D=open&filter%5Bsince%5D=2024'" in url(ApiParameter(
        name="filter", location="query", example={"status": "open", "since": "2024"},
        style="deepObject", explode=True))
    assert "/s?status=open'" in url(ApiParameter(name="filter", location="query",
                                                  example={"status": "open"}))
    assert "/s?q=x'" in url(ApiParameter(name="q", location="query", example="x"))


def test_header_path_and_cookie_arrays_are_spelled_as_their_style_says() -> None:
    # a header's or cookie's array example was sent as JSON text (X-Scopes: ["read", "write"])
    # and a path's as its quoted JSON (/b/%5B3%2C%204%5D); OpenAPI's default in a path or
    # header is simple (3,4), a cookie's is form (a,b); label and matrix prefix a path value
    def styled(**kw: Any) -> str:
        return samples.styled_value(ApiParameter(**kw))

    assert styled(name="X-Scopes", location="header", example=["read", "write"]) == "read,write"
    assert styled(name="X-Meta", location="header", example={"role": "admin", "n": 2}) == \
        "role,admin,n,2"
    assert styled(name="X-Meta", location="header", example={"role": "admin", "n": 2},
                  explode=True) == "role=admin,n=2"
    assert styled(name="prefs", location="cookie", example=["dark", "wide"]) == "dark,wide"
    assert styled(name="ids", location="path", example=[3, "a b"]) == "3,a%20b"
    assert styled(name="ids", location="path", example=["a", "b"], style="label") == ".a,b"
    assert styled(name="ids", location="path", example=["a", "b"], style="label",
                  explode=True) == ".a.b"
    assert styled(name="ids", location="path", example=["a", "b"], style="matrix") == \
        ";ids=a,b"
    assert styled(name="ids", location="path", example=["a", "b"], style="matrix",
                  explode=True) == ";ids=a;ids=b"
    assert styled(name="id", location="path", example=5, style="matrix") == ";id=5"
    assert styled(name="id", location="path", example="a/b") == "a%2Fb"  # as before
    op = ApiOperation(spec="s.yaml", method="GET", path="/b/{ids}", url="https://a.test/b/3,4",
                      parameters=(ApiParameter(name="X-Scopes", location="header",
                                               example=["read", "write"]),))
    assert "--header 'X-Scopes: read,write'" in samples.curl(op).code
    assert samples.fill_path("/b/{ids}/{raw}", {
        "ids": ApiParameter(name="ids", location="path", example=[3, 4]),
        "raw": [1, 2]}) == "/b/3,4/%5B1%2C%202%5D"


def test_an_urlencoded_field_is_spelled_as_its_encoding_says() -> None:
    # a form field the media type's encoding styles (DeepL's translate: text, style form,
    # exploded) was spelled text[0]=a&text[1]=b, which such an API does not read; an array
    # of plain values without an encoding takes OpenAPI's default, form exploded, too (it
    # was other[0]=x: DeepL's non_splitting_tags has no encoding); an object without one
    # keeps the nested spelling form APIs read (OpenAPI leaves nesting undefined)
    media = {"schema": {"type": "object"}, "encoding": {
        "text": {"style": "form", "explode": True}, "ids": {"explode": False},
        "meta": {"style": "deepObject", "explode": True}, "plain": {"contentType": "text/plain"}}}
    encoding = samples.form_encoding({}, media)
    assert encoding == (("text", "form", True), ("ids", "form", False),
                        ("meta", "deepObject", True))
    body = {"text": ["a", "b"], "ids": [1, 2], "meta": {"k": "v"}, "other": ["x"], "n": 1}
    form = "application/x-www-form-urlencoded"
    assert samples.dump(body, form, encoding) == \
        "text=a&text=b&ids=1%2C2&meta[k]=v&other=x&n=1"
    assert samples.dump(body, form) == \
        "text=a&text=b&ids=1&ids=2&meta[k]=v&other=x&n=1"
    op = ApiOperation(spec="s.yaml", method="POST", path="/t", url="https://a.test/t",
                      body_type=form, body={"text": ["a", "b"]},
                      form_encoding=(("text", "form", True),))
    assert "--data 'text=a&text=b'" in samples.curl(op).code
    assert '    ("text", "a"),\n    ("text", "b"),\n]' in samples.python(op).code
    assert '"text=a&text=b"' in samples.javascript(op).code


def test_go_is_offered_when_the_languages_name_it_and_compiles(tmp_path: Path) -> None:
    # api.examples.languages: ["curl", "go"] (or "golang", the platform's alias) was a
    # warning and no Go tab; the three default tabs stay the default
    assert [s.label for s in samples.builtin_samples(FORM)] == ["cURL", "Python", "JavaScript"]
    json_op = ApiOperation(spec="s.yaml", method="POST", path="/a", url="https://a.test/a?x=1",
                           body_type="application/json", body={"note": "a `tick`", "n": 1},
                           parameters=(ApiParameter(name="X-Id", location="header",
                                                    example="7"),
                                       ApiParameter(name="sid", location="cookie", example="s")))
    two_files = ApiOperation(spec="s.yaml", method="POST", path="/u", url="https://a.test/u",
                             body_type="multipart/form-data",
                             body={"a": "<binary>", "b": "<binary>"}, files=("a", "b"))
    for languages, op in ((["go"], UPLOAD), (["GoLang"], FORM), (["go"], json_op),
                          (["go"], two_files)):
        found = samples.builtin_samples(op, languages)
        assert [s.label for s in found] == ["cURL", "Python", "JavaScript", "Go"]
        code = found[-1].code
        assert 'http.NewRequest("POST", url, payload)' in code
        if shutil.which("go"):
            (tmp_path / "main.go").write_text(code)
            (tmp_path / "go.mod").write_text("module sample\n\ngo 1.18\n")
            env = {**os.environ, "GOFLAGS": "-mod=mod", "GOCACHE": str(tmp_path / "cache"),
                   "HOME": str(tmp_path)}
            result = subprocess.run(["go", "vet", "."], cwd=tmp_path, capture_output=True,
                                    text=True, env=env, timeout=120)
            assert result.returncode == 0, result.stderr + code
    upload = samples.builtin_samples(UPLOAD, ["go"])[-1].code
    assert 'writer.CreateFormFile("file", filepath.Base(file.Name()))' in upload
    assert 'req.Header.Add("Content-Type", writer.FormDataContentType())' in upload
    assert "strings.NewReader(`amount=100&metadata[order]=A%201" in \
        samples.builtin_samples(FORM, ["go"])[-1].code


def test_a_named_example_comes_before_a_media_types_example() -> None:
    # both written (OpenAPI says one or the other): the platform opens on the named one;
    # a named example without a value (externalValue only) is passed over
    media = {"example": {"from": "example"},
             "examples": {"ext": {"externalValue": "https://a.test/x.json"},
                          "first": {"$ref": "#/components/examples/First"}},
             "schema": {"type": "object", "properties": {"from": {"type": "string"}}}}
    data = {"components": {"examples": {"First": {"value": {"from": "examples"}}}}}
    assert samples.media_example(data, media, "request") == {"from": "examples"}
    assert samples.media_example(data, {**media, "examples": {"ext": media["examples"]["ext"]}},
                                 "request") == {"from": "example"}
