"""Write a deterministic benchmark corpus: the same N pages as a docs.json site, MkDocs and Hugo.

Each page is realistic documentation: frontmatter, prose with inline code and links to other
pages, headings, a callout, cards, tabs, a code group, code blocks in several languages and a
table. The navigation nests tabs > groups > sub-groups > pages. The MkDocs copy carries the
same text with Material's equivalents (admonitions for callouts, content tabs for tabs and code
groups, plain links for cards), so both generators do comparable work. The Hugo copy carries it
as goldmark Markdown with HTML for what Markdown lacks (a ``<div>`` callout, one ``<details>``
per tab), a base template with the tab bar and the current tab's sidebar on every page (each
rendered once per tab with ``partialCached``, as mdxsite renders a section's sidebar once),
an "on this page" list, prev/next links, Chroma highlighting and a JSON search index of every
page's text (the usual Hugo stand-in for Material's search plugin).

Run ``python benchmarks/generate.py 1000 /tmp/corpus`` to get ``/tmp/corpus/mdxsite``,
``/tmp/corpus/mkdocs`` and ``/tmp/corpus/hugo``. The same N and seed always give
byte-identical files.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

WORDS = (
    "memory agent request response token cache index schema client server deploy build "
    "session user project webhook event queue worker retry limit batch stream record field "
    "filter query vector search embedding model prompt config secret key region cluster "
    "release version migrate rollback metric trace log alert policy role team workspace"
).split()
LANGS = {  # fence language -> (tab title, a few lines of plausible code)
    "python": ("Python", ["from acme import Client", "", "client = Client(api_key=\"{k}\")",
                          "result = client.{w}.create(name=\"{w2}\", limit={n})",
                          "for item in result.items:", "    print(item.id, item.{w2})"]),
    "javascript": ("JavaScript", ["import {{ Client }} from 'acme';", "",
                                  "const client = new Client({{ apiKey: '{k}' }});",
                                  "const result = await client.{w}.create({{ name: '{w2}', limit: {n} }});",
                                  "result.items.forEach((item) => console.log(item.id));"]),
    "bash": ("cURL", ["curl -X POST https://api.acme.dev/v1/{w} \\",
                      "  -H \"Authorization: Bearer {k}\" \\",
                      "  -d '{{\"name\": \"{w2}\", \"limit\": {n}}}'"]),
    "go": ("Go", ["package main", "", "import \"github.com/acme/acme-go\"", "",
                  "func main() {{", "\tc := acme.NewClient(\"{k}\")",
                  "\tres, err := c.{W}.Create(acme.Params{{Name: \"{w2}\", Limit: {n}}})",
                  "\tif err != nil {{", "\t\tpanic(err)", "\t}}", "\t_ = res", "}}"]),
    "typescript": ("TypeScript", ["type {W}Options = {{ name: string; limit: number }};",
                                  "export async function create{W}(opts: {W}Options): Promise<void> {{",
                                  "  await fetch('/v1/{w}', {{ method: 'POST', body: JSON.stringify(opts) }});",
                                  "}}"]),
    "json": ("JSON", ["{{", "  \"name\": \"{w2}\",", "  \"limit\": {n},", "  \"enabled\": true", "}}"]),
    "yaml": ("YAML", ["{w}:", "  name: {w2}", "  limit: {n}", "  regions:", "    - eu-west-1",
                      "    - us-east-1"]),
}
CALLOUTS = {"Note": "note", "Tip": "tip", "Warning": "warning", "Info": "info"}


@dataclass(frozen=True)
class PageSpec:
    key: str       # "tab-2/group-3/sub-1/page-7"
    title: str


class Writer:
    """Produce one page's content three times: MDX, Material-flavoured Markdown, Hugo Markdown."""

    def __init__(self, rng: random.Random, pages: list[PageSpec]) -> None:
        self.rng = rng
        self.pages = pages

    def words(self, n: int) -> str:
        return " ".join(self.rng.choice(WORDS) for _ in range(n))

    def sentence(self) -> str:
        s = self.words(self.rng.randint(8, 18))
        return s[0].upper() + s[1:] + "."

    def paragraph(self, here: PageSpec, link: bool = True) -> tuple[str, str, str]:
        parts = [self.sentence() for _ in range(self.rng.randint(2, 4))]
        parts.insert(1, f"Set `{self.rng.choice(WORDS)}_{self.rng.choice(WORDS)}` to **{self.rng.choice(WORDS)}**.")
        if not link:
            text = " ".join(parts)
            return text, text, text
        other = self.rng.choice(self.pages)
        mdx = " ".join(parts) + f" See [{other.title}](/{other.key}) for details."
        md = " ".join(parts) + f" See [{other.title}]({_relative(here.key, other.key)}) for details."
        hugo = " ".join(parts) + f" See [{other.title}](/{other.key}/) for details."
        return mdx, md, hugo

    def code(self, lang: str) -> str:
        w, w2 = self.rng.choice(WORDS), self.rng.choice(WORDS)
        lines = LANGS[lang][1]
        return "\n".join(lines).format(w=w, w2=w2, W=w.capitalize(), n=self.rng.randint(1, 500),
                                       k=f"sk_{self.rng.randrange(16**8):08x}")

    def table(self) -> str:
        rows = ["| Field | Type | Default | Description |", "| --- | --- | --- | --- |"]
        for _ in range(self.rng.randint(3, 6)):
            rows.append(f"| `{self.rng.choice(WORDS)}` | {self.rng.choice(['string', 'integer', 'boolean', 'array'])} "
                        f"| `{self.rng.randint(0, 100)}` | {self.sentence()} |")
        return "\n".join(rows)

    def page(self, spec: PageSpec, weight: int) -> tuple[str, str, str]:
        """Return (mdx, markdown, hugo markdown) for one page; ``weight`` is its place in the nav."""
        rng = self.rng
        desc = self.sentence()
        front = f"---\ntitle: {json.dumps(spec.title)}\ndescription: {json.dumps(desc)}\n"
        mdx = [front + "---\n"]
        md = [front + "---\n", f"# {spec.title}\n"]
        # Hugo orders prev/next by weight (else by date and title): the nav's order, as mdxsite
        hugo = [front + f"weight: {weight}\n---\n"]

        def both(a: str, b: str | None = None, c: str | None = None) -> None:
            """Add one block: ``a`` as MDX, ``b`` for MkDocs (else ``a``), ``c`` for Hugo (else ``b``)."""
            mdx.append(a)
            md.append(a if b is None else b)
            hugo.append(md[-1] if c is None else c)

        both(*self.paragraph(spec))
        kind = rng.choice(list(CALLOUTS))
        body = self.sentence()
        both(f"<{kind}>\n{body}\n</{kind}>", f"!!! {CALLOUTS[kind]}\n    {body}",
             f'<div class="callout callout-{CALLOUTS[kind]}">\n\n{body}\n\n</div>')
        for _ in range(rng.randint(2, 4)):
            both(f"## {self.words(rng.randint(2, 4)).capitalize()}")
            both(*self.paragraph(spec))
            choice = rng.randrange(5)
            if choice == 0:
                lang = rng.choice(list(LANGS))
                both(f"```{lang}\n{self.code(lang)}\n```")
            elif choice == 1:
                langs = rng.sample(list(LANGS)[:5], 3)
                blocks = [(LANGS[lang][0], lang, self.code(lang)) for lang in langs]
                both("<CodeGroup>\n" + "\n\n".join(f"```{lang} {title}\n{src}\n```"
                                                   for title, lang, src in blocks) + "\n</CodeGroup>",
                     "\n\n".join(f'=== "{title}"\n\n' + _indent(f"```{lang}\n{src}\n```")
                                 for title, lang, src in blocks),
                     _hugo_tabs((title, f"```{lang}\n{src}\n```") for title, lang, src in blocks))
            elif choice == 2:
                langs = rng.sample(list(LANGS)[:5], 2)
                tabs = [(LANGS[lang][0], self.sentence(), lang, self.code(lang)) for lang in langs]
                both("<Tabs>\n" + "\n".join(f'<Tab title="{t}">\n{s}\n\n```{lang}\n{src}\n```\n</Tab>'
                                            for t, s, lang, src in tabs) + "\n</Tabs>",
                     "\n\n".join(f'=== "{t}"\n\n' + _indent(f"{s}\n\n```{lang}\n{src}\n```")
                                 for t, s, lang, src in tabs),
                     _hugo_tabs((t, f"{s}\n\n```{lang}\n{src}\n```") for t, s, lang, src in tabs))
            elif choice == 3:
                both(self.table())
            else:
                cards = rng.sample(self.pages, min(2, len(self.pages)))
                texts = [self.sentence() for _ in cards]
                both("<CardGroup cols={2}>\n" + "\n".join(
                    f'<Card title="{c.title}" icon="book" href="/{c.key}">\n{t}\n</Card>'
                    for c, t in zip(cards, texts)) + "\n</CardGroup>",
                     "\n".join(f"- [**{c.title}**]({_relative(spec.key, c.key)}): {t}"
                               for c, t in zip(cards, texts)),
                     "\n".join(f"- [**{c.title}**](/{c.key}/): {t}" for c, t in zip(cards, texts)))
            if rng.random() < 0.5:
                both(f"### {self.words(3).capitalize()}")
                both(*self.paragraph(spec, link=False))
                items = [f"- {self.sentence()}" for _ in range(rng.randint(2, 4))]
                both("\n".join(items))
        return "\n\n".join(mdx) + "\n", "\n\n".join(md) + "\n", "\n\n".join(hugo) + "\n"


def _hugo_tabs(tabs: Iterable[tuple[str, str]]) -> str:
    """Tabs as goldmark Markdown: one ``<details>`` per tab (blank lines let Markdown in)."""
    return "\n\n".join(f'<details class="tab" open>\n<summary>{title}</summary>\n\n{body}\n\n</details>'
                       for title, body in tabs)


def _indent(text: str) -> str:
    return "\n".join(("    " + line) if line else "" for line in text.split("\n"))


def _relative(src_key: str, dst_key: str) -> str:
    """MkDocs resolves links relative to the page's .md file."""
    depth = src_key.count("/")
    return "../" * depth + dst_key + ".md"


# tabs of groups of sub-groups of pages, each with its title
Layout = list[tuple[str, list[tuple[str, list[tuple[str, list[PageSpec]]]]]]]


def plan(n: int, rng: random.Random) -> Layout:
    """Lay out n pages: tabs of groups of sub-groups of pages, like a large product's docs."""
    tabs = max(1, min(8, n // 200))
    per_sub = 12
    layout: Layout = []
    made = 0
    for t in range(tabs):
        share = n // tabs + (1 if t < n % tabs else 0)
        groups: list[tuple[str, list[tuple[str, list[PageSpec]]]]] = []
        g = 0
        while share > 0:
            subs: list[tuple[str, list[PageSpec]]] = []
            for s in range(rng.randint(2, 4)):
                if share <= 0:
                    break
                count = min(share, rng.randint(per_sub // 2, per_sub))
                specs = [PageSpec(f"tab-{t}/group-{g}/sub-{s}/page-{i}",
                                  f"{WORDS[(made + i) % len(WORDS)].capitalize()} {made + i}")
                         for i in range(count)]
                made += count
                share -= count
                subs.append((f"Section {g}.{s}", specs))
            groups.append((f"Group {g}", subs))
            g += 1
        layout.append((f"Tab {t}", groups))
    return layout


def generate(n: int, out: Path, seed: int = 8) -> tuple[Path, Path, Path]:
    """Write ``out/mdxsite``, ``out/mkdocs`` and ``out/hugo`` for ``n`` pages; return the folders."""
    rng = random.Random(seed)
    layout = plan(n, rng)
    specs = [p for _, groups in layout for _, subs in groups for _, ps in subs for p in ps]
    writer = Writer(rng, specs)
    mdx_root, mk_root, hugo_root = out / "mdxsite", out / "mkdocs", out / "hugo"
    for weight, spec in enumerate(specs, 1):
        mdx, md, hugo = writer.page(spec, weight)
        _write(mdx_root / f"{spec.key}.mdx", mdx)
        _write(mk_root / "docs" / f"{spec.key}.md", md)
        _write(hugo_root / "content" / f"{spec.key}.md", hugo)
    _write(mdx_root / "docs.json", json.dumps(_docs_json(layout), indent=2) + "\n")
    _write(mk_root / "mkdocs.yml", _mkdocs_yml(layout))
    # the home page MkDocs and Hugo need (MkDocs warns without docs/index.md)
    first = specs[0]
    _write(mk_root / "docs" / "index.md", f"# Benchmark docs\n\nStart with [{first.title}]({first.key}.md).\n")
    _write(hugo_root / "content" / "_index.md",
           f"---\ntitle: Benchmark docs\n---\n\nStart with [{first.title}](/{first.key}/).\n")
    _write(hugo_root / "data" / "nav.json", json.dumps(_hugo_nav(layout), indent=1) + "\n")
    for name, text in HUGO_FILES.items():
        _write(hugo_root / name, text)
    return mdx_root, mk_root, hugo_root


def _docs_json(layout: Layout) -> dict[str, Any]:
    tabs = []
    for tab, groups in layout:
        tabs.append({"tab": tab, "groups": [
            {"group": group, "pages": [{"group": sub, "pages": [p.key for p in pages]}
                                       for sub, pages in subs]}
            for group, subs in groups]})
    return {"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Benchmark docs",
            "colors": {"primary": "#0D9373"}, "navigation": {"tabs": tabs}}


def _mkdocs_yml(layout: Layout) -> str:
    lines = ["site_name: Benchmark docs", "theme:", "  name: material", "  features:",
             "    - navigation.tabs", "    - content.tabs.link", "markdown_extensions:",
             "  - admonition", "  - tables", "  - attr_list", "  - md_in_html", "  - toc:",
             "      permalink: true", "  - pymdownx.highlight", "  - pymdownx.superfences",
             "  - pymdownx.tabbed:", "      alternate_style: true", "nav:", "  - Home: index.md"]
    for tab, groups in layout:
        lines.append(f"  - {json.dumps(tab)}:")
        for group, subs in groups:
            lines.append(f"    - {json.dumps(group)}:")
            for sub, pages in subs:
                lines.append(f"      - {json.dumps(sub)}:")
                lines += [f"        - {json.dumps(p.title)}: {p.key}.md" for p in pages]
    return "\n".join(lines) + "\n"


def _hugo_nav(layout: Layout) -> dict[str, Any]:
    """docs.json's navigation for Hugo's templates: each tab with its section and first page."""
    tabs = []
    for tab, groups in layout:
        first = groups[0][1][0][1][0].key
        tabs.append({"title": tab, "section": first.split("/")[0], "first": f"/{first}",
                     "groups": [{"title": group, "subs": [
                         {"title": sub, "pages": [f"/{p.key}" for p in pages]} for sub, pages in subs]}
                         for group, subs in groups]})
    return {"tabs": tabs}


# The Hugo site around the content: config, a base template with the tab bar and the current
# tab's sidebar (each rendered once per tab, keyed by the page's top-level section), the page
# and list layouts, and a JSON search index. Chroma writes CSS classes, as Pygments does.
HUGO_FILES = {
    "hugo.toml": """\
baseURL = "https://docs.example.com/"
title = "Benchmark docs"
languageCode = "en"
disableKinds = ["taxonomy", "term", "RSS"]
enableRobotsTXT = true

[outputs]
home = ["HTML", "JSON"]

[markup.goldmark.renderer]
unsafe = true

[markup.highlight]
noClasses = false

[markup.tableOfContents]
startLevel = 2
endLevel = 3
""",
    "layouts/_default/baseof.html": """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} - {{ site.Title }}</title>
{{ with .Description }}<meta name="description" content="{{ . }}"><meta property="og:description" content="{{ . }}">{{ end }}
<meta property="og:title" content="{{ .Title }}">
<link rel="stylesheet" href="/style.css">
<script defer src="/site.js"></script>
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
<header class="topbar">
<a class="brand" href="/">{{ site.Title }}</a>
{{ partialCached "tabs.html" . .Section }}
</header>
<div class="layout">
<aside class="sidebar" aria-label="Navigation">
{{ partialCached "sidebar.html" . .Section }}
</aside>
<main id="content">
{{ block "main" . }}{{ end }}
</main>
</div>
</body>
</html>
""",
    "layouts/partials/tabs.html": """\
<nav class="tabs" aria-label="Tabs">
{{ range site.Data.nav.tabs }}<a class="top-tab{{ if eq .section $.Section }} active" aria-current="true{{ end }}" href="{{ with site.GetPage .first }}{{ .RelPermalink }}{{ end }}">{{ .title }}</a>
{{ end }}</nav>
""",
    "layouts/partials/sidebar.html": """\
{{ range where site.Data.nav.tabs "section" .Section }}
<ul class="nav-list" role="list">
{{ range .groups }}<li class="nav-group">
<div class="nav-group-title"><span>{{ .title }}</span></div>
<ul class="nav-list nav-nested" role="list">
{{ range .subs }}<li class="nav-group nav-subgroup">
<details data-first="{{ with site.GetPage (index .pages 0) }}{{ .RelPermalink }}{{ end }}">
<summary class="nav-link"><span>{{ .title }}</span></summary>
<ul class="nav-list nav-nested" role="list">
{{ range .pages }}{{ with site.GetPage . }}<li><a class="nav-link" href="{{ .RelPermalink }}"><span>{{ .LinkTitle }}</span></a></li>
{{ end }}{{ end }}</ul>
</details>
</li>
{{ end }}</ul>
</li>
{{ end }}</ul>
{{ end }}
""",
    "layouts/_default/single.html": """\
{{ define "main" }}
<article class="content">
<header class="page-header"><h1>{{ .Title }}</h1>{{ with .Description }}<p class="description">{{ . }}</p>{{ end }}</header>
{{ .Content }}
<nav class="pager">
{{/* Hugo's Next is the page before in the weight order */}}
{{ with .NextInSection }}<a class="pager-prev" rel="prev" href="{{ .RelPermalink }}"><span>Previous</span><strong>{{ .LinkTitle }}</strong></a>{{ end }}
{{ with .PrevInSection }}<a class="pager-next" rel="next" href="{{ .RelPermalink }}"><span>Next</span><strong>{{ .LinkTitle }}</strong></a>{{ end }}
</nav>
</article>
<nav class="toc" aria-label="On this page"><p>On this page</p>
{{ .TableOfContents }}
</nav>
{{ end }}
""",
    "layouts/_default/list.html": """\
{{ define "main" }}
<article class="content"><h1>{{ .Title }}</h1>
{{ .Content }}
</article>
{{ end }}
""",
    "layouts/404.html": """\
{{ define "main" }}<article class="content"><h1>Page not found</h1></article>{{ end }}
""",
    "layouts/index.json": """\
[{{ range $i, $p := site.RegularPages }}{{ if $i }},{{ end }}
{{ dict "title" .Title "url" .RelPermalink "text" .Plain | jsonify }}{{ end }}]
""",
    "static/style.css": ".sidebar details[open] > summary { font-weight: 600; }\n",
    "static/site.js": "document.querySelectorAll('.sidebar a[href=\"' + location.pathname + '\"]')"
                      ".forEach(function (a) { a.setAttribute('aria-current', 'page'); });\n",
}


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()
    mdx_root, mk_root, hugo_root = generate(args.pages, args.out, args.seed)
    print(f"wrote {args.pages} pages to {mdx_root}, {mk_root} and {hugo_root}")


if __name__ == "__main__":
    main()
