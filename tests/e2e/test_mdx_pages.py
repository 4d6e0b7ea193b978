"""MDX pages through a real build: malformed pages, images, Mermaid's bundle.

Malformed pages are table-driven: one broken page per row, all in one site, so the test also
shows that one run reports every page's own error (``path:LINE:COL: what. What to do.``).
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mdxsite.mdx import mermaid

BROKEN = [  # (page key, body, the exact line the build prints for it)
    ("unclosed", "---\ntitle: U\n---\n\nIntro.\n\n  <Note>\n  Text\n",
     "unclosed.mdx:7:3: <Note> is not closed. Add </Note> after its content."),
    ("mismatch", "---\ntitle: M\n---\n\n<Steps>\n  <Step title=\"a\">\n  x\n  </Steps>\n",
     "mismatch.mdx:8:3: </Steps> does not match: expected </Step>. "
     "Close <Step> (line 6) first: tags close in the reverse order they open."),
    ("stray-close", "Text.\n\n</Card>\n",
     "stray-close.mdx:3:1: </Card> does not match: expected no closing tag here. "
     "Remove </Card> or open <Card> before it."),
    ("inline-unclosed", "Some <Tooltip tip=\"x\">words here.\n",
     "inline-unclosed.mdx:1:6: <Tooltip> is not closed. Add </Tooltip> in the same paragraph."),
    ("comment", "---\ntitle: C\n---\n\nHello\n\n<!-- hidden -->\n",
     "comment.mdx:7:1: HTML comments are not allowed in MDX. Write {/* comment */} instead."),
    ("inline-comment", "Hello <!-- hidden --> there\n",
     "inline-comment.mdx:1:7: HTML comments are not allowed in MDX. "
     "Write {/* comment */} instead."),
    # braces hold JavaScript, where <!-- cannot open an expression: the platform rejects both
    ("expr-comment", "Hello\n\n{\n  <!-- hidden -->\n}\n",
     "expr-comment.mdx:4:3: an HTML comment cannot open an expression: MDX reads what is "
     "between { } as JavaScript. Write {/* comment */} instead."),
    ("prop-comment", "<Note title={<!-- x -->}>Hi</Note>\n",
     "prop-comment.mdx:1:14: an HTML comment cannot open an expression: MDX reads what is "
     "between { } as JavaScript. Write {/* comment */} instead."),
    ("bad-attribute", "---\ntitle: B\n---\n\n- Set it:\n  <ParamField path=\"mode\" "
     "default=\"\\\"x\\\"\" />\n",
     "bad-attribute.mdx:6:39: <ParamField… is not a valid tag: '\\' where MDX expects an "
     "attribute name, '/>' or '>'. Write a literal '<' as '\\<' or '&lt;'; give an attribute a "
     "value in quotes (\"…\") or braces ({…}), as {'say \"hi\"'} when it holds a quote."),
    ("frontmatter", "---\ntitle: Fine\nlist: [a, b\n---\n\nHi\n",
     "frontmatter.mdx:4:1: frontmatter is not valid YAML: "),
    # a real page wrote description: 'A guide to Acme's codes': the quote ends the value early
    ("frontmatter-quote", "---\ntitle: Q\ndescription: 'Bob's notes'\n---\n\nHi\n",
     "frontmatter-quote.mdx:3:19: frontmatter is not valid YAML: did not find expected key. "
     "A ' inside a value quoted with '…' ends the value early: write it twice ('') or quote "
     "the value with \"…\" instead."),
    ("frontmatter-dquote", "---\ntitle: \"Say \"hi\" now\"\n---\n\nHi\n",
     "frontmatter-dquote.mdx:2:14: frontmatter is not valid YAML: did not find expected key. "
     "A \" inside a value quoted with \"…\" ends the value early: write it as \\\" or quote "
     "the value with '…' instead."),
    ("frontmatter-open", "---\ntitle: Never closed\n\nHi\n",
     "frontmatter-open.mdx:1:1: frontmatter is not closed. End it with a line of three dashes: ---."),
]


def png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = b"".join(b"\x00" + b"\x10\x20\x30" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                             0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_every_malformed_page_reports_its_own_located_error_in_one_run(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    pages = {key: body for key, body, _ in BROKEN}
    pages["index"] = "Fine, and [a link](/unclosed).\n"
    docs = {"name": "T", "navigation": {"pages": ["index", *pages.keys() - {"index"}]}}
    result = cli("build", make_site(docs, pages=pages), "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    for key, _, expected in BROKEN:
        assert any(line.startswith(expected) for line in lines), (key, lines)
    assert lines[-1] == f"failed: {len(BROKEN)} problems"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("key,body,expected", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_malformed_page_alone_fails_with_its_location(
        cli: Callable, make_site: Callable, tmp_path: Path, key: str, body: str,
        expected: str) -> None:
    docs = {"name": "T", "navigation": {"pages": [key]}}
    result = cli("build", make_site(docs, pages={key: body}), "-o", tmp_path / "out")
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0].startswith(expected)


def test_images_are_copied_and_sized_and_a_missing_one_is_a_located_warning(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    body = ("---\ntitle: Shots\n---\n\n![The dashboard](/images/dash.png)\n\n"
            "<Frame caption=\"Logo\">\n  <img src=\"../logo.svg\" alt=\"Our logo\" />\n</Frame>\n\n"
            "Also ![gone](/images/left-out.png) here.\n")
    root = make_site({"name": "T", "navigation": {"pages": ["guides/shots"]}},
                     pages={"guides/shots": body},
                     files={"logo.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="96" '
                                        'height="32"></svg>'})
    (root / "images").mkdir()
    (root / "images" / "dash.png").write_bytes(png(40, 30))
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert (out / "images" / "dash.png").read_bytes() == (root / "images" / "dash.png").read_bytes()
    assert (out / "logo.svg").is_file()
    html = (out / "guides" / "shots" / "index.html").read_text()
    assert '<img src="/images/dash.png" alt="The dashboard" width="40" height="30"' in html
    assert '<img src="/logo.svg" alt="Our logo" width="96" height="32">' in html
    assert ("guides/shots.mdx:11:14: warning: '/images/left-out.png' points at "
            "'images/left-out.png', which is not in the site folder. Add the file or fix the "
            "path. [mdx.missing-file]") in result.stderr.splitlines()


def test_a_percent_encoded_path_names_the_file_or_page_with_spaces(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """Markdown writes a space in a path as %20 ('Screen Shot 1.png', a screenshot's usual
    name): the file was reported missing, drawn without its size, and a link to a page whose
    file name has a space was a broken link, though a browser finds both."""
    body = ("---\ntitle: Shots\n---\n\n![Shot](/images/Screen%20Shot%201.png)\n\n"
            "<img src=\"../images/Screen%20Shot%201.png\" alt=\"again\" />\n\n"
            "See [the notes](/guides/Release%20Notes).\n")
    root = make_site({"name": "T", "navigation": {"pages": ["guides/shots", "guides/Release Notes"]}},
                     pages={"guides/shots": body, "guides/Release Notes": "# Notes\n"})
    (root / "images").mkdir()
    (root / "images" / "Screen Shot 1.png").write_bytes(png(40, 30))
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    html = (out / "guides" / "shots" / "index.html").read_text()
    assert '<img src="/images/Screen%20Shot%201.png" alt="Shot" width="40" height="30"' in html
    assert '<img src="/images/Screen%20Shot%201.png" alt="again" width="40" height="30">' in html
    assert '<a href="/guides/Release Notes/">the notes</a>' in html
    assert (out / "images" / "Screen Shot 1.png").is_file()


@pytest.fixture
def no_mermaid(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setenv("MDXSITE_THEME_DEPS", str(tmp_path / "no-deps"))
    mermaid.bundle.cache_clear()
    yield
    monkeypatch.undo()
    mermaid.bundle.cache_clear()


DIAGRAM = "---\ntitle: D\n---\n\n```mermaid\ngraph TD; A-->B\n```\n"


def test_without_the_mermaid_bundle_the_build_warns_once_and_shows_the_source(
        cli: Callable, make_site: Callable, tmp_path: Path, no_mermaid: None) -> None:
    root = make_site({"name": "T", "navigation": {"pages": ["a", "b"]}},
                     pages={"a": DIAGRAM, "b": DIAGRAM})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if "mdx.mermaid-missing" in line]
    assert warnings == ["a.mdx:1:1: warning: Mermaid diagrams (2 pages) are shown as their "
                        "source: mermaid's browser script is not installed. Run `make "
                        "theme-deps` in the mdxsite checkout (npm), or point MDXSITE_THEME_DEPS "
                        "at a folder where `npm install mermaid` ran. [mdx.mermaid-missing]"]
    assert '<pre class="mermaid">graph TD; A--&gt;B' in (tmp_path / "out" / "a" / "index.html").read_text()
    assert not (tmp_path / "out" / mermaid.BUNDLE).exists()


def test_mermaid_bundle_ships_only_with_a_diagram(cli: Callable, make_site: Callable,
                                                  tmp_path: Path) -> None:
    if mermaid.bundle() is None:
        pytest.fail("mermaid's bundle is missing: run `make theme-deps` (make test does)")
    plain = make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": "Hi\n"})
    assert cli("build", plain, "-o", tmp_path / "plain").exit_code == 0
    assert not (tmp_path / "plain" / mermaid.BUNDLE).exists()
    assert "mermaid" not in (tmp_path / "plain" / "index.html").read_text()
    drawn = make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": DIAGRAM})
    assert cli("build", drawn, "-o", tmp_path / "drawn").exit_code == 0
    assert (tmp_path / "drawn" / mermaid.BUNDLE).read_bytes() == mermaid.bundle().read_bytes()
    assert '<script defer src="/_mdxsite/mermaid.min.js">' in (
        tmp_path / "drawn" / "index.html").read_text()


def test_links_to_folder_index_pages_and_component_anchors_are_not_broken(
        cli: Callable, make_site: Callable) -> None:
    pages = {"index": "[Guides](/guides) [log](/changelog#2024-05-01) [box](#box) [bad](#nope)\n\n"
                      '<div id="box">Boxed</div>\n',
             "guides/index": "Guides.\n",
             # a block, as a changelog writes it: one beside its text is text of a paragraph,
             # which the platform gives no id
             "changelog": '<Update label="2024-05-01">\nShipped.\n</Update>\n'}
    root = make_site({"name": "T", "navigation": {"pages": list(pages)}}, pages=pages)
    result = cli("broken-links", root)
    assert result.stdout.splitlines() == [
        "index.mdx:1:66: warning: broken link: page '/index' has no heading #nope. "
        "Link to one of its headings. [mdx.broken-anchor]", "1 broken link"]


def test_examples_and_a_panel_go_to_the_side_column_and_nested_ones_stay(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # the platform draws RequestExample/ResponseExample "in the right sidebar" and a Panel in
    # place of the table of contents; they were drawn inline where written
    body = ("## Intro\n\nSome text.\n\n"
            "<ResponseExample>\n\n```json Answer\n{\"ok\": true}\n```\n\n</ResponseExample>\n\n"
            "<RequestExample>\n\n```bash Ask\ncurl /ping\n```\n\n</RequestExample>\n\n"
            "<Tabs>\n<Tab title=\"One\">\n<RequestExample>\n\n```bash Inner\nls\n```\n\n"
            "</RequestExample>\n</Tab>\n</Tabs>\n\nMore text.\n")
    docs = {"name": "T", "navigation": {"pages": ["index", "plain"]}}
    site = make_site(docs, pages={"index": body, "plain": "## Only text\n\nNo examples.\n"})
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    main, aside = html.split('<aside class="page-aside" aria-label="Examples">', 1)
    assert '<div class="page-main">' in main and "Some text." in main and "More text." in main
    assert ">Inner<" in main                      # inside a tab: left where it is written
    assert aside.index(">Ask<") < aside.index(">Answer<")     # requests above responses
    assert "More text." not in aside
    plain = (tmp_path / "out" / "plain" / "index.html").read_text()
    assert "page-columns" not in plain


def test_text_level_components_on_lines_of_their_own_keep_the_space_between_them(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # in MDX a line holding only <Badge>…</Badge> is paragraph text: two such lines are two
    # badges with a space between them; they were drawn touching
    body = '<Badge color="green">one</Badge>\n<Badge color="red">two</Badge>\n'
    result = cli("build", make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    first, second = html.index(">one</span>"), html.index('<span class="badge badge-red')
    assert html[first + len(">one</span>"):second].strip() == "" and \
        html[first + len(">one</span>"):second] != ""


def test_a_text_level_component_alone_as_a_tag_adds_no_space(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # <Icon /> alone on its line is a JSX block in MDX, not text: no space after it in a layout
    body = '<div className="row">\n  <Icon icon="flag" />\n  <span>Label</span>\n</div>\n'
    result = cli("build", make_site({"name": "T", "navigation": {"pages": ["index"]}},
                                    pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    assert "</svg></span><span>Label</span>" in html


def test_a_media_src_that_names_nothing_is_a_missing_file_not_a_missing_page(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # <video src="clip-placeholder.com"> was "broken link: no page …": a src names a file
    body = 'Watch:\n\n<video controls src="clip-placeholder.com"></video>\n'
    result = cli("build", make_site({"name": "T", "navigation": {"pages": ["index"]}},
                                    pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "index.mdx:3:22: warning: 'clip-placeholder.com' points at 'clip-placeholder.com', " \
           "which is not in the site folder" in result.stderr
    assert "broken link" not in result.stderr


def test_data_exported_from_a_js_snippet_is_known_at_build_time(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """The platform's snippets page stores data "as a plain JSON object in a .js snippet with a
    named export" and reads it in text ({rows.length}) and props: a literal is data, not a
    component, so the page shows it (and a browser component gets the rows, not a name)."""
    page = ('import { plans } from "/snippets/plans.js";\n'
            'import { Table } from "/snippets/table.jsx";\n\n'
            "We offer {plans.length} plans: {plans.map((p) => p.name).join(', ')}.\n\n"
            "<Table rows={plans} />\n")
    files = {"snippets/plans.js": 'export const plans = [\n  { "name": "Hobby", "price": 0 },\n'
                                  '  { "name": "Pro", "price": 20 }\n];\n',
             "snippets/table.jsx": "export const Table = ({ rows }) => (\n  <ul>{rows.map((r) => "
                                   "<li key={r.name}>{r.name}</li>)}</ul>\n);\n"}
    docs = {"name": "T", "navigation": {"pages": ["index"]}}
    result = cli("build", make_site(docs, pages={"index": page}, files=files),
                 "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    body = (tmp_path / "out" / "index.html").read_text()
    assert "We offer 2 plans: Hobby, Pro." in body
    assert "Script(" not in body
    if "data-island" in body:  # the .jsx component runs in the browser, given the rows
        assert '{&quot;rows&quot;:[{&quot;name&quot;:&quot;Hobby&quot;' in body


def test_a_jsx_snippet_of_built_in_components_is_drawn_at_build_time(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A real site keeps its setup steps as a .jsx component of <Steps>, <Step>, <Note> and
    <CodeBlock>. Run in the browser it stopped at "Steps is not defined" (the built-in
    components exist at build time only) and the page showed nothing; static JSX is drawn at
    build time, as the same component exported from the page is. A component of plain HTML
    still runs in the browser."""
    page = ('import { Setup, Plain } from "/snippets/setup.jsx";\n\n'
            '<Setup region="EU" />\n\n<Plain />\n')
    files = {"snippets/setup.jsx": (
        "export const Setup = ({ region }) => (\n  <Steps>\n    <Step title=\"Pick a region\">\n"
        "      <p>Select <strong>{region}</strong>.</p>\n      <Note>Regions cannot change.</Note>\n"
        "    </Step>\n    <Step title=\"Run\">\n      <CodeBlock language=\"bash\">{`tool --region x`}"
        "</CodeBlock>\n    </Step>\n  </Steps>\n);\n\n"
        "export const Plain = () => (\n  <div className=\"plain\">hello</div>\n);\n")}
    docs = {"name": "T", "navigation": {"pages": ["index"]}}
    result = cli("build", make_site(docs, pages={"index": page}, files=files),
                 "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    body = (tmp_path / "out" / "index.html").read_text()
    assert 'data-island="Setup"' not in body
    assert "Pick a region" in body and "Select <strong>EU</strong>." in body
    assert 'class="callout callout-note"' in body and "Regions cannot change." in body
    code = re.search(r"<pre[^>]*>(.*?)</pre>", body, re.S)
    assert code is not None and re.sub(r"<[^>]+>", "", code.group(1)).strip() == "tool --region x"
    if "data-island" in body:  # esbuild and Preact installed: plain HTML runs in the browser
        assert 'data-island="Plain"' in body


def test_a_static_components_code_keeps_its_lines_and_its_problems_their_place(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A static component's JSX is joined onto one line as JSX joins whitespace, and that
    joined the lines of a template literal too: a real snippet's <CodeBlock>{`brew tap …
    pup login`}</CodeBlock> showed one line. A problem inside such a component was put on
    its first line, at a column of the joined text (`x.jsx:2:708`); it is now where written."""
    page = ('import { Setup } from "/snippets/setup.jsx";\n\n'
            "export const Local = () => (\n  <CodeBlock language=\"bash\">\n    {`a one\nb two`}\n"
            "  </CodeBlock>\n);\n\n<Setup />\n\n<Local />\n")
    files = {"snippets/setup.jsx": (
        "export const Setup = () => (\n  <Steps>\n    <Step title=\"Run\">\n"
        "      <CodeBlock language=\"bash\">\n        {`brew tap x/pack\nbrew install x/pack/pup\n\n"
        "pup login`}\n      </CodeBlock>\n      <p>See <a href=\"#nowhere\">roles</a> and "
        "{host.replace(/^app\\./, \"\")}.</p>\n    </Step>\n  </Steps>\n);\n")}
    docs = {"name": "T", "navigation": {"pages": ["index"]}}
    result = cli("build", make_site(docs, pages={"index": page}, files=files),
                 "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    body = (tmp_path / "out" / "index.html").read_text()
    codes = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<pre[^>]*>(.*?)</pre>", body, re.S)]
    assert codes == ["brew tap x/pack\nbrew install x/pack/pup\n\npup login\n", "a one\nb two\n"]
    said = sorted(line.split(": warning: ")[0] for line in result.stderr.splitlines()
                  if "warning:" in line)
    assert said == ["snippets/setup.jsx:10:23", "snippets/setup.jsx:10:48"]


def test_a_browser_component_drawing_built_in_components_is_a_located_warning(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A component with hooks runs in the browser, where <Note> and <Steps> do not exist: it
    stops there and its place stays empty. The build says so, where the page imports it and
    where a page defines one."""
    from mdxsite.mdx import islands

    if islands.toolchain() is None:
        pytest.skip("esbuild and Preact are not installed (make theme-deps)")
    page = ('import { Toggle } from "/snippets/toggle.jsx";\n\n'
            "export const Local = () => {\n  const [n] = useState(0);\n"
            "  return <Steps><Step title=\"x\">{n}</Step></Steps>;\n};\n\n"
            "<Toggle />\n\n<Local />\n")
    files = {"snippets/toggle.jsx": "export const Toggle = () => {\n  const [open, setOpen] = "
             "useState(false);\n  return <Note>{open ? \"on\" : \"off\"}</Note>;\n};\n"}
    docs = {"name": "T", "navigation": {"pages": ["index"]}}
    result = cli("build", make_site(docs, pages={"index": page}, files=files),
                 "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if "[mdx.island-builtin]" in line]
    assert [line.split(": warning: ")[0] for line in said] == ["index.mdx:1:1", "index.mdx:3:1"]
    assert ("<Toggle> in 'snippets/toggle.jsx' runs in the reader's browser and draws <Note>, "
            "built-in components that exist at build time only") in said[0]
    assert "<Local> runs in the reader's browser and draws <Step>, <Steps>" in said[1]


def test_a_codeblock_component_is_drawn_as_the_fence_with_its_options(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """The platform's code page documents <CodeBlock> (language, filename, lines, wrap,
    expandable, highlight and focus as a stringified array): a code block written as JSX."""
    page = ("<CodeGroup>\n\n```bash install.sh\nnpm i x\n```\n\n"
            '<CodeBlock filename="use.js" language="javascript" lines highlight="[2]">\n'
            "{`import x from 'x';\nx.run(1 < 2);`}\n</CodeBlock>\n\n</CodeGroup>\n")
    docs = {"name": "T", "navigation": {"pages": ["index"]}}
    result = cli("build", make_site(docs, pages={"index": page}), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "CodeBlock" not in result.stderr
    body = (tmp_path / "out" / "index.html").read_text()
    assert re.findall(r'role="tab"[^>]*>([^<]+)</button>', body) == ["install.sh", "use.js"]
    block = body[body.index('data-lang="javascript"'):]
    assert '<span class="code-title">use.js</span>' in block
    assert re.findall(r'<span class="linenos">(\d)</span>', block)[:2] == ["1", "2"]
    assert re.search(r'<span class="hll"><span class="linenos">2</span>', block)
    assert "mdx-unknown" not in body


def test_every_file_type_the_platform_serves_is_copied(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """The platform's files page lists the types it serves from the repository (images,
    video, audio, fonts, documents, data, archives): a linked .mkv or .docx was left out of the
    output, a broken link with no warning."""
    names = ["clip.mkv", "clip.m4v", "song.flac", "font.eot", "spec.docx", "sheet.xlsx",
             "rows.tsv", "pack.7z", "pack.tar", "pack.gz", "photo.tif", "logo.svgz", "old.jfif"]
    page = "".join(f"[{n}](/files/{n})\n\n" for n in names)
    files = {f"files/{n}": "x\n" for n in names}
    docs = {"name": "T", "navigation": {"pages": ["index"]}}
    result = cli("build", make_site(docs, pages={"index": page}, files=files), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert [n for n in names if not (tmp_path / "out" / "files" / n).is_file()] == []


def test_the_table_of_contents_lists_what_the_platform_lists(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # HTML headings written as blocks, steps drawn as headings and labelled updates are listed
    # in page order; headings in an accordion or an update, and a tag beside its text, are not
    body = ("## Intro\n\n<h2 id=\"html\">\nWritten as HTML\n</h2>\n\n<h3>\nHTML sub\n</h3>\n\n"
            "<h2>One line</h2>\n\n<Accordion title=\"More\">\n## Collapsed\n</Accordion>\n\n"
            "<Steps titleSize=\"h3\">\n<Step title=\"Install\">\nx\n</Step>\n</Steps>\n\n"
            "<Update label=\"v1.2.0\">\n## Fixed\n</Update>\n")
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": body})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = (tmp_path / "out" / "index.html").read_text()
    toc = page[page.index('id="table-of-contents-content"'):]
    toc = toc[:toc.index("</ul>")]
    assert re.findall(r'<li class="toc-item toc-level-(\d)"[^>]*><a href="#([^"]+)">([^<]+)</a>',
                      toc) == [("2", "intro", "Intro"), ("2", "html", "Written as HTML"),
                               ("3", "html-sub", "HTML sub"), ("3", "install", "Install"),
                               ("2", "v1-2-0", "v1.2.0")]
    assert '<h2 id="html">Written as HTML<a class="heading-anchor" href="#html"' in page


def test_a_snippets_warning_is_printed_and_counted_once_whatever_imports_it(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A snippet imported by several pages is checked on each of them: its warning came out
    once a page (eight identical lines on a real site), and the summary counted each."""
    page = 'import Step from "/snippets/step.mdx";\n\n<Step />\n\nText of {name}.\n'
    pages = {name: page.replace("{name}", name) for name in ("a", "b", "c")}
    files = {"snippets/step.mdx": "Run it.\n\n<Tip title=\"Hint\">Use the CLI.</Tip>\n"}
    result = cli("build", make_site({"name": "T", "navigation": {"pages": list(pages)}},
                                    pages=pages, files=files), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "mdx.unsupported-prop" in line]
    assert len(lines) == 1 and lines[0].startswith("snippets/step.mdx:3:1: warning: <Tip> has no "
                                                   "prop 'title'"), result.stderr
    assert ", 1 warning -> " in result.stdout
    for name in pages:  # each page still has the snippet
        assert "Use the CLI." in (tmp_path / "out" / name / "index.html").read_text()
