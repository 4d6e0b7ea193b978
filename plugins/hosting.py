"""Built-in plugin: the files static hosts and crawlers expect beside the pages.

sitemap.xml (absolute URLs need ``--site-url`` or ``mdxsite.site_url``), robots.txt, 404.html,
``redirects`` as static redirect pages, a ``_redirects`` file (Netlify/Cloudflare syntax) and a
script in the 404 page for wildcard sources (see :mod:`mdxsite.output.redirects`), a home page
that leads to the first page when the site has none at its root, llms.txt and llms-full.txt, and a ``.md`` copy of every page for readers and LLMs.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from mdxsite.hookspecs import hookimpl
from mdxsite.model import BuildReport, OutputFile, Page, PageResult, Site
from mdxsite.openapi.llms import llms_entry, llms_sections
from mdxsite.output import redirects, staging, visibility
from mdxsite.output import theme as themes

_TEXT: dict[str, str] = {}  # page key -> Markdown, gathered as pages finish (for llms-full.txt)
# page key -> ((title, URL, Markdown), its .md copy): watch mode writes llms-full.txt after
# every save, and rebuilding 5,000 copies each time cost ~50 ms
_COPIES: dict[str, tuple[tuple[str, str, str], str]] = {}
_UNCHANGED: set[str] = set()  # pages whose published document is current: so is their .md


def _site_url(site: Site) -> str:
    url = site.site_url or site.config.get("mdxsite.site_url") or ""
    return str(url).rstrip("/")


def _indexed(site: Site) -> list[str]:
    """Pages for the sitemap (see :mod:`mdxsite.output.visibility`)."""
    return [key for key, page in site.pages.items() if visibility.indexed(site, page)]


# the staging folder of the whole build running now (mdxsite_build_started), and the
# docs.json instructions every copy ends with: each page's .md copy is written as the page is
# built, beside the rendering, not all at the end (10,000 files were 2 s of the build's serial
# tail, when nothing else was left to run). A watch-mode rebuild writes them at its end.
_STAGING: dict[str, Path | str | None] = {"out_dir": None, "agents": ""}
_WRITTEN: set[str] = set()  # pages whose copy this build wrote (or kept) already
_FOLDERS: set[str] = set()  # folders made for copies in this build: no mkdir call per page


@hookimpl
def mdxsite_build_started(site: Site, out_dir: Path) -> None:
    _TEXT.clear()
    _COPIES.clear()
    _UNCHANGED.clear()
    _WRITTEN.clear()
    _FOLDERS.clear()
    _STAGING.update(out_dir=out_dir, agents=_agent_instructions(site))


@hookimpl
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    page = result.page
    markdown = _TEXT[page.key] = result.rendered.markdown
    if result.unchanged:
        _UNCHANGED.add(page.key)
    out_dir = _STAGING["out_dir"]
    # only into the staging folder of a build still running (not one that failed earlier)
    if isinstance(out_dir, Path) and staging.published_for(out_dir) is not None:
        _write_copy(site, page, markdown, None, out_dir, str(_STAGING["agents"]))
        _WRITTEN.add(page.key)


def _copy_of(page: Page, markdown: str) -> str:
    """The start of a page's .md copy: its title and Markdown."""
    return f"# {page.title}\n\n{markdown.strip()}\n"


def _copy_size(page: Page, markdown: str) -> int:
    """The UTF-8 byte length of :func:`_copy_of`, without putting the copy together."""
    return staging.utf8_size(page.title) + staging.utf8_size(markdown.strip()) + 5


def _copy(page: Page, source: str, markdown: str) -> str:
    """The start of a page's .md copy (:func:`_copy_of`), remembered for watch mode.

    Not remembered as each page is built: only llms-full.txt, written at the end, needs
    every copy at once; held from the first page on, 10,000 copies were 40 MiB more while
    the render workers and Pagefind run, the build's peak.
    """
    cached = _COPIES.get(page.key)
    if cached is None or cached[0] != (page.title, source, markdown):
        cached = _COPIES[page.key] = ((page.title, source, markdown), _copy_of(page, markdown))
    return cached[1]


def _write_copy(site: Site, page: Page, markdown: str, copy: str | None, out_dir: Path,
                agents: str) -> None:
    """Write a page's .md copy (``copy``, else put together from ``markdown``) into
    ``out_dir``, or keep the published one when it is current."""
    rel = markdown_path(page)
    # the page's title and Markdown are part of what made its published document current
    # (an API page's document also depends on its OpenAPI file); the copy is put together
    # only to be written (10,000 kept copies of 4 kB each were 40 MB of string copying), and
    # a kept one is sized from its parts
    section = _openapi_section(site, page) if page.kind == "openapi" else ""
    if page.key in _UNCHANGED and staging.keep(out_dir, rel, _copy_size(page, markdown) + (
            staging.utf8_size(section) if section else 0) + (
            staging.utf8_size(agents) if agents else 0)):
        return
    if copy is None:
        copy = _copy_of(page, markdown)
    staging.write_file(os.path.join(out_dir, rel), (copy + section + agents).encode("utf-8"),
                       _FOLDERS)


@hookimpl
def mdxsite_build_finished(site: Site, out_dir: Path, report: BuildReport) -> None:
    # llms-full.txt needs every page's Markdown: written once all pages are in
    parts = [f"# {site.config.name}\n"]
    # a watch-mode rebuild writes the copies of the pages it rendered; the others are published
    fresh = None if report.changed_pages is None else set(report.changed_pages)
    agents = _agent_instructions(site)
    written = _WRITTEN if _STAGING["out_dir"] == out_dir else set()
    _STAGING["out_dir"] = None
    for key in site.pages:
        page = site.pages[key]
        markdown = _TEXT.get(key)
        if markdown is None:
            continue
        source = site.href(page.url)
        copy = _copy(page, source, markdown)
        if (fresh is None or key in fresh) and key not in written:
            _write_copy(site, page, markdown, copy, out_dir, agents)
        if visibility.indexed(site, page):
            parts += ("\n---\n\nSource: ", source, "\n\n", copy)
    _WRITTEN.clear()
    _FOLDERS.clear()  # a watch-mode rebuild may remove folders it empties
    if "llms-full.txt" not in site.assets:  # the site's own file wins
        _write_full(site, out_dir, parts, unchanged=fresh is None and len(_UNCHANGED) == len(site.pages))
    if "404.html" not in site.assets:
        # here rather than in output_files: the page links the fingerprinted stylesheet
        (out_dir / "404.html").write_text(_not_found(site), encoding="utf-8")


def _openapi_section(site: Site, page: Page) -> str:
    """An API page's ``## OpenAPI`` section for its ``.md`` copy: the part of the document it
    shows, as the platform serves API pages to agents; ``markdown.schema: false`` drops it."""
    if page.kind != "openapi" or site.config.get("markdown.schema") is False:
        return ""
    from mdxsite.openapi.excerpt import section
    from mdxsite.openapi.render import document

    spec = str(page.data.get("spec", ""))
    return "\n" + section(document(site, spec).data, page.data, spec) if spec else ""


def _agent_instructions(site: Site) -> str:
    """docs.json ``markdown.instructions`` (a string or lines), appended to every ``.md`` copy:
    the pages served as Markdown to AI agents, as on the platform."""
    found = site.config.get("markdown.instructions")
    lines = [found] if isinstance(found, str) else [x for x in found if isinstance(x, str)] \
        if isinstance(found, list) else []
    lines = [line.strip() for line in lines if line.strip()]
    return "\n---\n\n" + "\n".join(lines) + "\n" if lines else ""


def _write_full(site: Site, out_dir: Path, parts: list[str], *, unchanged: bool) -> None:
    """Write llms-full.txt (40 MB on 10,000 pages), or keep the published one.

    When every page's published document is current, so is every part of the file: the
    render cache's page digests cover the site's name, the page list, titles, URLs and each
    page's Markdown. The published file is then kept when its size is right, as a page is.
    """
    size = sum(map(staging.utf8_size, parts))
    if unchanged and staging.keep(out_dir, "llms-full.txt", size):
        return
    published = staging.published_for(out_dir)
    if published is not None and staging.file_size(published / "llms-full.txt") == size:
        data = "".join(parts).encode("utf-8")  # maybe the same bytes: compared in place
        if not staging.keep_if_same(out_dir, "llms-full.txt", data):
            (out_dir / "llms-full.txt").write_bytes(data)
        return
    # written part by part: the whole file as one string and then as bytes were 80 MB to
    # allocate and copy on 10,000 pages (90 ms; these writes take 35)
    with open(out_dir / "llms-full.txt", "w", encoding="utf-8", newline="",
              buffering=1 << 20) as file:
        file.writelines(parts)


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    base = _site_url(site)
    files = [_robots(site, base), _llms(site)]
    if base:
        urls = "".join(f"<url><loc>{html.escape(base + site.href(site.pages[k].url), quote=False)}"
                       "</loc></url>\n"
                       for k in _indexed(site))
        files.append(OutputFile(path="sitemap.xml", content=(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"{urls}</urlset>\n")))
    files += _redirects(site)
    # a file the site ships itself (its own llms.txt or robots.txt) wins over the generated one
    return [f for f in files if f.path not in site.assets]


def _robots(site: Site, base: str) -> OutputFile:
    lines = ["User-agent: *", "Allow: /"]
    if base:
        lines.append(f"Sitemap: {base}{site.href('/sitemap.xml')}")
    return OutputFile(path="robots.txt", content="\n".join(lines) + "\n")


def _llms(site: Site) -> OutputFile:
    description = site.config.get("description")
    lines = [f"# {site.config.name}", ""]
    if isinstance(description, str) and description:
        lines += [f"> {description}", ""]
    lines.append("## Pages")
    every = site.config.get("seo.indexing") == "all"
    api: list[str] = []
    for key in (*site.nav.listed_keys(), *(k for k in site.pages if every and k not in site.nav.placements)):
        page = site.pages.get(key)
        if page is None or not visibility.indexed(site, page):
            continue
        about = page.frontmatter.get("description")
        suffix = f": {about}" if isinstance(about, str) and about else ""
        if page.kind == "openapi":  # the API pages get their own section, as on the platform
            api.append(llms_entry(site, page))
        else:
            lines.append(f"- [{page.title}]({site.href(page.url)}){suffix}")
    lines += llms_sections(site, api)
    return OutputFile(path="llms.txt", content="\n".join(lines) + "\n")


def markdown_path(page: Page) -> str:
    """The page's Markdown copy: ``/guides/x/`` -> ``guides/x.md``."""
    return page.url.strip("/") + ".md" if page.url.strip("/") else "index.md"


@hookimpl
def mdxsite_page_files(page: Page) -> list[str]:
    return [markdown_path(page)]


def _not_found(site: Site) -> str:
    env = themes.site_environment(site)
    custom = site.config.get("errors.404")
    custom = custom if isinstance(custom, dict) else {}
    title = custom.get("title") if isinstance(custom.get("title"), str) else ""
    text = custom.get("description") if isinstance(custom.get("description"), str) else ""
    patterns = [(r.pattern(), r.destination, r.status)
                for r in redirects.rules(site.config.get("redirects"), site.href) if not r.exact]
    return env.get_template("404.html").render(
        site=site, config=site.config, home=site.href("/"),
        stylesheets=themes.site_stylesheets(site), title=title or "Page not found",
        description=_markdown(text) if text else "",
        redirect_home=custom.get("redirect") is True, patterns=patterns)


def _markdown(text: str) -> str:
    """The 404 description: Markdown as the platform documents it, with raw HTML off."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).render(text)


def _home_key(site: Site) -> str:
    """Return the page the site's root URL shows when no page lives there: the first page of
    the default version and language (``"default": true``, else the first), as the platform."""
    items = site.nav.items
    while items and items[0].kind in ("version", "language"):
        shown = [i for i in items if not i.hidden] or list(items)
        chosen = next((i for i in shown if i.extra.get("default") is True), shown[0])
        if chosen.children and chosen.children[0].kind in ("version", "language"):
            items = chosen.children
            continue
        return chosen.first_page()
    keys = site.nav.listed_keys() or tuple(site.pages)
    return keys[0] if keys else ""


def _redirect_page(target: str) -> str:
    page = html.escape(target)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title>'
            f'<meta http-equiv="refresh" content="0; url={page}"><link rel="canonical" href="{page}">'
            f'<meta name="robots" content="noindex"></head><body><h1>Moved</h1>'
            f'<p><a href="{page}">This page has moved</a>.</p></body></html>\n')


def _redirects(site: Site) -> list[OutputFile]:
    found = redirects.rules(site.config.get("redirects"), site.href)
    files = []
    home = "" if any(p.url == "/" for p in site.pages.values()) else _home_key(site)
    if home and "index.html" not in site.assets and not any(r.source == site.href("/") for r in found):
        # 307: the first page is where the root leads today, not a permanent move
        found.append(redirects.Rule(site.href("/"), site.href(site.pages[home].url), 307))
    for rule in found:
        if rule.exact:
            rel = rule.source.removeprefix(site.base_url.rstrip("/")).strip("/")
            path = rel + "/index.html" if rel else "index.html"
            files.append(OutputFile(path=path, content=_redirect_page(rule.destination)))
    if found:
        lines = [line for rule in found for line in rule.host_lines()]
        files.append(OutputFile(path="_redirects", content="\n".join(lines) + "\n"))
    return files
