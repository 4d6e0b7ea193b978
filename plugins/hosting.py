"""Built-in plugin: the files static hosts and crawlers expect beside the pages.

sitemap.xml (absolute URLs need a site URL: ``Site.public_url``), robots.txt, 404.html,
``redirects`` as static redirect pages, a ``_redirects`` file (Netlify/Cloudflare syntax) and a
script in the 404 page for wildcard sources (see :mod:`mdxsite.output.redirects`), a home page
that leads to the first page when the site has none at its root, llms.txt and llms-full.txt, and a ``.md`` copy of every page for readers and LLMs.
"""

from __future__ import annotations

import html
import marshal
import os
import shutil
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import BinaryIO

from markupsafe import Markup

from mdxsite.errors import JsonPath, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.model import BuildReport, OutputFile, Page, PageResult, RenderedPage, Site
from mdxsite.openapi.llms import llms_entry, llms_sections
from mdxsite.output import chrome, i18n, redirects, staging, visibility
from mdxsite.output import theme as themes
from mdxsite.output.cache import CachedRender

# page key -> its Markdown, gathered as pages finish (for llms-full.txt), or its cached render,
# whose Markdown is read from the render cache only if needed (see _Record)
_TEXT: dict[str, str | RenderedPage] = {}
# page key -> ((title, URL, Markdown), its .md copy): watch mode writes llms-full.txt after
# every save, and rebuilding 5,000 copies each time cost ~50 ms
_COPIES: dict[str, tuple[tuple[str, str, str], str]] = {}
_UNCHANGED: set[str] = set()  # pages whose published document is current: so is their .md


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
_SIZES: dict[str, int] = {}  # page key -> the size of the .md copy this build wrote or kept
# beside the render cache: what the last whole build wrote (see _Record)
RECORD_FILE = "hosting-llms.marshal"
FULL = "llms-full.txt"
WELL_KNOWN = ".well-known/"


class _Record:
    """What the last whole build of an output wrote: each page's ``.md`` copy size, and where
    its part of llms-full.txt lies in that file (offset, length).

    A page whose published document is current (``PageResult.unchanged``) has the same title,
    URL and Markdown as then: its copy is kept if it still has that size, and its part of
    llms-full.txt is copied from the published file, so the Markdown of a one-page edit's
    9,999 other pages is never read from the render cache (40 MB on the benchmark). The parts
    are used only while the published llms-full.txt has the size and modification time the
    record names (a file changed since is rebuilt from every page's Markdown).
    """

    def __init__(self, sizes: dict[str, int] | None = None,
                 parts: dict[str, tuple[str, int, int]] | None = None,
                 full: tuple[int, int] = (-1, -1), header: str = "") -> None:
        self.sizes = sizes if sizes is not None else {}
        self.parts = parts if parts is not None else {}  # key -> (URL, offset, length)
        self.full = full  # llms-full.txt: size, mtime in ns
        self.header = header

    @classmethod
    def load(cls, published: Path | None) -> _Record:
        if published is None:
            return cls()
        try:
            data = marshal.loads((staging.cache_dir_for(published) / RECORD_FILE).read_bytes())
            sizes, parts, (size, mtime), header = data
            return cls(dict(sizes), dict(parts), (int(size), int(mtime)), str(header))
        except (OSError, ValueError, EOFError, TypeError):
            return cls()

    def save(self, published: Path) -> None:
        path = staging.cache_dir_for(published) / RECORD_FILE
        try:
            staging.replace_file(path, marshal.dumps((self.sizes, self.parts, self.full,
                                                      self.header)))
        except (OSError, ValueError):
            pass  # the next build reads every page's Markdown instead

    def full_is_published(self, published: Path | None, header: str) -> bool:
        """True when the published llms-full.txt is the one this record describes."""
        if published is None or header != self.header or not self.parts:
            return False
        try:
            st = os.stat(published / FULL)
        except OSError:
            return False
        return (st.st_size, st.st_mtime_ns) == self.full


_LAST: dict[str, _Record] = {"record": _Record()}


def _markdown_of(entry: str | RenderedPage) -> str:
    return entry if isinstance(entry, str) else entry.markdown


@hookimpl
def mdxsite_build_started(site: Site, out_dir: Path) -> None:
    _TEXT.clear()
    _COPIES.clear()
    _UNCHANGED.clear()
    _WRITTEN.clear()
    _FOLDERS.clear()
    _SIZES.clear()
    _STAGING.update(out_dir=out_dir, agents=_agent_instructions(site))
    _LAST["record"] = _Record.load(staging.published_for(out_dir))


@hookimpl
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    page = result.page
    rendered = result.rendered
    # a cached render's Markdown is read only if the page's copy or part is written
    entry = _TEXT[page.key] = rendered if isinstance(rendered, CachedRender) \
        else rendered.markdown
    if result.unchanged:
        _UNCHANGED.add(page.key)
    out_dir = _STAGING["out_dir"]
    # only into the staging folder of a build still running (not one that failed earlier)
    if isinstance(out_dir, Path) and staging.published_for(out_dir) is not None:
        _write_copy(site, page, entry, None, out_dir, str(_STAGING["agents"]))
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


def _write_copy(site: Site, page: Page, entry: str | RenderedPage, copy: str | None,
                out_dir: Path, agents: str) -> None:
    """Write a page's .md copy (``copy``, else put together from the Markdown) into
    ``out_dir``, or keep the published one when it is current."""
    rel = markdown_path(page)
    key = page.key
    # the page's title and Markdown are part of what made its published document current,
    # and docs.json's instructions every page's: the copy the last build wrote has the size
    # it had then (an API page's section is measured again: its OpenAPI document may come
    # from a URL); the copy is put together only to be written (10,000 kept copies of 4 kB
    # each were 40 MB of string copying)
    section = None
    if key in _UNCHANGED:
        size = _LAST["record"].sizes.get(key, -1) if page.kind != "openapi" else -1
        if size < 0:
            section = _openapi_section(site, page) if page.kind == "openapi" else ""
            size = _copy_size(page, _markdown_of(entry)) + (
                staging.utf8_size(section) if section else 0) + (
                staging.utf8_size(agents) if agents else 0)
        if staging.keep(out_dir, rel, size):
            _SIZES[key] = size
            return
    if section is None:
        section = _openapi_section(site, page) if page.kind == "openapi" else ""
    if copy is None:
        copy = _copy_of(page, _markdown_of(entry))
    data = (copy + section + agents).encode("utf-8")
    staging.write_file(os.path.join(out_dir, rel), data, _FOLDERS)
    _SIZES[key] = len(data)


@hookimpl
def mdxsite_build_finished(site: Site, out_dir: Path, report: BuildReport) -> None:
    # llms-full.txt needs every page's Markdown: written once all pages are in
    header = f"# {site.config.name}\n"
    # strings, and (offset, length) slices of the published llms-full.txt (see _Record)
    pieces: list[str | tuple[int, int]] = [header]
    # a watch-mode rebuild writes the copies of the pages it rendered; the others are published
    fresh = None if report.changed_pages is None else set(report.changed_pages)
    agents = _agent_instructions(site)
    whole = _STAGING["out_dir"] == out_dir  # a whole build, whose pages came as it ran
    written = _WRITTEN if whole else set()
    _STAGING["out_dir"] = None
    published = staging.published_for(out_dir) if fresh is None and whole else None
    last = _LAST["record"]
    _LAST["record"] = _Record()
    parts = last.parts if last.full_is_published(published, header) else {}
    record = _Record(_SIZES.copy(), header=header)
    position = staging.utf8_size(header)
    for key in site.pages:
        page = site.pages[key]
        entry = _TEXT.get(key)
        if entry is None:
            continue
        source = site.href(page.url)
        copy = None
        if (fresh is None or key in fresh) and key not in written:
            copy = _copy(page, source, _markdown_of(entry))
            _write_copy(site, page, entry, copy, out_dir, agents)
        if visibility.indexed(site, page):
            part = parts.get(key) if key in _UNCHANGED else None
            if part is not None and part[0] == source:
                pieces.append(part[1:])
                length = part[2]
            else:
                if copy is None:
                    copy = _copy(page, source, _markdown_of(entry))
                added = ("\n---\n\nSource: ", source, "\n\n", copy)
                pieces += added
                length = sum(map(staging.utf8_size, added))
            record.parts[key] = (source, position, length)
            position += length
    _WRITTEN.clear()
    _FOLDERS.clear()  # a watch-mode rebuild may remove folders it empties
    _SIZES.clear()
    if FULL not in site.assets:  # the site's own file wins
        record.full = _write_full(site, out_dir, pieces, position, unchanged=fresh is None and
                                  len(_UNCHANGED) == len(site.pages))
        _well_known_full(out_dir, position)
    if published is not None:
        record.save(published)
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


def _write_full(site: Site, out_dir: Path, pieces: list[str | tuple[int, int]], size: int, *,
                unchanged: bool) -> tuple[int, int]:
    """Write llms-full.txt (40 MB on 10,000 pages), or keep the published one; return the
    size and modification time (ns) it will be published with ((-1, -1): unknown).

    ``pieces`` are strings and (offset, length) slices of the published file, ``size`` their
    length in bytes. When every page's published document is current, so is every part of
    the file: the render cache's page digests cover the site's name, the page list, titles,
    URLs and each page's Markdown. The published file is then kept when its size is right,
    as a page is.
    """
    published = staging.published_for(out_dir)
    old = published / FULL if published is not None else None
    if old is not None and ((unchanged and staging.keep(out_dir, FULL, size)) or (
            staging.file_size(old) == size and _holds(old, pieces)
            and staging.keep(out_dir, FULL, size))):
        return _stat(old)
    target = out_dir / FULL
    # written piece by piece: the whole file as one string and then as bytes were 80 MB to
    # allocate and copy on 10,000 pages (90 ms; these writes take 35); slices of the
    # published file are copied by the kernel
    slices = any(isinstance(piece, tuple) for piece in pieces)
    with open(target, "wb", buffering=1 << 20) as file, \
            (open(old, "rb") if slices and old is not None else nullcontext()) as source:
        for piece in _joined(pieces):
            if isinstance(piece, str):
                file.write(piece.encode("utf-8"))
            else:
                assert source is not None
                file.flush()
                _copy_range(source, file, *piece)
    return _stat(target)


def _well_known_full(out_dir: Path, size: int) -> None:
    """Publish llms-full.txt under ``/.well-known/`` too, as the platform does, as a second
    name of the same file (a hard link: 40 MB on 10,000 pages are not stored twice; a copy
    where the disk has no links)."""
    rel = WELL_KNOWN + FULL
    source = out_dir / FULL
    if not source.exists():  # kept from the published output, not written again: so is this
        if staging.keep(out_dir, rel, size):
            return
        published = staging.published_for(out_dir)
        if published is None:
            return
        source = published / FULL
    target = out_dir / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _stat(path: Path) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1)
    return (st.st_size, st.st_mtime_ns)


def _joined(pieces: list[str | tuple[int, int]]) -> list[str | tuple[int, int]]:
    """``pieces`` with each run of slices that follow one another in the file made one."""
    out: list[str | tuple[int, int]] = []
    for piece in pieces:
        last = out[-1] if out else None
        if isinstance(piece, tuple) and isinstance(last, tuple) and sum(last) == piece[0]:
            out[-1] = (last[0], last[1] + piece[1])
        else:
            out.append(piece)
    return out


def _copy_range(source: BinaryIO, target: BinaryIO, offset: int, length: int) -> None:
    """Append ``length`` bytes of ``source`` from ``offset`` to ``target`` (flushed)."""
    try:
        while length > 0:  # in the kernel, no bytes through Python (Linux)
            done = os.copy_file_range(source.fileno(), target.fileno(), length, offset)
            if done <= 0:
                raise OSError("copy_file_range copied nothing")
            offset += done
            length -= done
        return
    except (AttributeError, OSError):
        target.seek(0, os.SEEK_END)  # what it copied stays; the rest goes through here
    source.seek(offset)
    while length > 0:
        chunk = source.read(min(length, 1 << 20))
        if not chunk:
            raise OSError(f"{source.name}: shorter than the record says")
        target.write(chunk)
        length -= len(chunk)
    target.flush()


def _holds(path: Path, pieces: list[str | tuple[int, int]]) -> bool:
    """True when the file at ``path`` already holds ``pieces`` (each slice in its place)."""
    position = 0
    try:
        with open(path, "rb") as file:
            for piece in _joined(pieces):
                if isinstance(piece, tuple):
                    if piece[0] != position:
                        return False
                    position += piece[1]
                    continue
                data = piece.encode("utf-8")
                file.seek(position)
                if file.read(len(data)) != data:
                    return False
                position += len(data)
    except OSError:
        return False
    return True


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    base = site.public_url
    llms = _llms(site)
    files = [_robots(site, base), llms]
    if base:
        urls = "".join(f"<url><loc>{html.escape(base + site.href(site.pages[k].url), quote=False)}"
                       "</loc></url>\n"
                       for k in _indexed(site))
        files.append(OutputFile(path="sitemap.xml", content=(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"{urls}</urlset>\n")))
    files += _redirects(site)
    if not site.nav.listed_keys():
        report_warnings([_no_listed_page(site)])
    # the llms files are also served where tools following the .well-known convention look,
    # the site's own when it ships one (llms-full.txt made here is named there when written)
    for name, made in ((llms.path, llms.content), (FULL, None)):
        own = site.assets.get(name)
        if own is not None or made is not None:
            files.append(OutputFile(path=WELL_KNOWN + name, content=None if own else made,
                                    source=site.root / own if own else None))
    # a file the site ships itself (its own llms.txt or robots.txt) wins over the generated one
    return [f for f in files if f.path not in site.assets]


def _robots(site: Site, base: str) -> OutputFile:
    # the platform's default Content Signals (contentsignals.org): a site's own robots.txt,
    # which replaces this file, says otherwise
    lines = ["User-agent: *", "Content-Signal: ai-train=yes, search=yes, ai-input=yes", "Allow: /"]
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
    return chrome.markdown_path(page.url).lstrip("/")


@hookimpl
def mdxsite_page_files(page: Page) -> list[str]:
    return [markdown_path(page)]


def _not_found(site: Site) -> str:
    env = themes.site_environment(site)
    found = site.config.get("errors.404")
    custom = found if isinstance(found, dict) else {}
    title = custom.get("title") if isinstance(custom.get("title"), str) else ""
    text = custom.get("description") if isinstance(custom.get("description"), str) else ""
    patterns = [(r.pattern(), r.destination, r.status)
                for r in _rules(site, site.config.get("redirects")) if not r.exact]
    lang = i18n.site_language(site)  # one 404 page: in the language a reader lands in
    words = i18n.words(lang)
    return env.get_template("404.html").render(
        site=site, config=site.config, home=site.href("/"), lang=lang, text_direction=i18n.direction(lang),
        words=words, stylesheets=themes.site_stylesheets(site), title=title or words["page_not_found"],
        description=chrome.site_links(_markdown(text), site.href) if text else "",
        # "redirect" defaults to true in the platform's schema once errors.404 is written;
        # without errors.404 a missing page shows this page, as on the platform
        redirect_home=isinstance(found, dict) and custom.get("redirect", True) is True, patterns=patterns,
        # the pages' mode and colours: a dark-mode reader got a white page in the default green
        appearance=chrome.appearance(site), colors=chrome.colors(site), boot=Markup(chrome.BOOT))


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


def _redirect_page(target: str, lang: str) -> str:
    """The stub left at a redirect's source, in ``lang`` (a BCP 47 tag): where it leads."""
    page, words = html.escape(target), i18n.words(lang)
    direction = ' dir="rtl"' if i18n.direction(lang) == "rtl" else ""
    return (f'<!doctype html><html lang="{html.escape(lang)}"{direction}><head><meta charset="utf-8">'
            f'<title>{html.escape(words["redirecting"])}</title>'
            f'<meta http-equiv="refresh" content="0; url={page}"><link rel="canonical" href="{page}">'
            f'<meta name="robots" content="noindex"></head><body><h1>{html.escape(words["moved"])}</h1>'
            f'<p><a href="{page}">{html.escape(words["page_moved"])}</a>.</p></body></html>\n')


def _rules(site: Site, entries: object) -> list[redirects.Rule]:
    """The site's redirect rules; a destination is a page or file of the site when some page
    or copied file has that site path (see :func:`mdxsite.output.redirects.rules`)."""
    return redirects.rules(entries, site.href, _known(site))


def _by_entry(site: Site) -> list[tuple[int, redirects.Rule]]:
    """Each well-formed entry of docs.json's ``redirects`` with its index, read as
    :func:`_rules` reads it."""
    entries = site.config.get("redirects")
    known = _known(site)
    return [(i, rule) for i, entry in enumerate(entries if isinstance(entries, list) else ())
            for rule in redirects.rules([entry], site.href, known)]


def _known(site: Site) -> Callable[[str], bool]:
    urls = {p.url for p in site.pages.values()}

    def known(path: str) -> bool:
        return path in urls or path.strip("/") in site.assets

    return known


def _redirects(site: Site) -> list[OutputFile]:
    found = _rules(site, site.config.get("redirects"))
    files = []
    home = "" if any(p.url == "/" for p in site.pages.values()) else _home_key(site)
    if home and "index.html" not in site.assets and not any(r.source == site.href("/") for r in found):
        # 307: the first page is where the root leads today, not a permanent move
        found.append(redirects.Rule(site.href("/"), site.href(site.pages[home].url), 307))
    pages = {site.href(p.url): p for p in site.pages.values()}
    written: set[str] = set()
    default = i18n.site_language(site)
    for rule in found:
        if rule.exact:
            rel = rule.source.removeprefix(site.base_url.rstrip("/")).strip("/")
            if redirects.names_file(rel):
                # a file's URL (/llms.txt): a page at llms.txt/index.html answers /llms.txt/
                # only, and its folder took the name of the llms.txt the build writes (the
                # build stopped on it); the rules file keeps the redirect
                continue
            path = rel + "/index.html" if rel else "index.html"
            if path in written:
                # /guide and /guide/ are one page URL: the first rule applies, as a host reads
                # the rules (_repeated_sources warns when the two lead to different places)
                continue
            written.add(path)
            # in the language of the page it leads to, else the one a reader lands in
            target = pages.get(redirects.bare(rule.destination).rstrip("/") + "/")
            lang = i18n.page_language(site, target) if target is not None else default
            files.append(OutputFile(path=path, content=_redirect_page(rule.destination, lang)))
            page = pages.get(rule.source.rstrip("/") + "/")
            if page is not None:
                report_warnings([_shadowed_page(site, rule, page)])
    if found:
        lines = [line for rule in found for line in rule.host_lines()]
        files.append(OutputFile(path="_redirects", content="\n".join(lines) + "\n"))
        report_warnings(_dead_ends(site, found))
        report_warnings(_repeated_sources(site))
    return files


def _repeated_sources(site: Site) -> list[Problem]:
    """Warnings for redirects whose source is the page URL of an earlier redirect's source
    (``/guide/`` after ``/guide``) with another destination: the earlier one applies."""
    first: dict[str, tuple[int, redirects.Rule]] = {}
    out = site.config.problems()
    for i, rule in _by_entry(site):
        if not rule.exact:
            continue
        key = rule.source.rstrip("/") or "/"
        if key not in first:
            first[key] = (i, rule)
            continue
        j, earlier = first[key]
        if earlier.destination != rule.destination:
            out.warn(JsonPath(("redirects", i, "source")), f"{rule.source} is the page URL of "
                     f"redirects[{j}].source ({earlier.source}), whose redirect to "
                     f"{earlier.destination} applies first: this one, to {rule.destination}, "
                     "never does", hint="remove one of the two redirects",
                     code="config.redirect-repeated")
    return out.items


def _dead_ends(site: Site, found: list[redirects.Rule]) -> list[Problem]:
    """Warnings for redirects whose destination is a site path naming no page, no file and no
    other redirect's source: a reader following them lands on the 404 page."""
    base = site.base_url.rstrip("/")
    urls = {site.href(p.url) for p in site.pages.values()}
    out = site.config.problems()
    for i, rule in _by_entry(site):
        if rule.destination.startswith(("http://", "https://")):
            continue
        path = redirects.bare(rule.destination)
        if not path.endswith("/") or redirects.has_tokens(path):
            continue  # a file's path (kept by the host), or filled in from the request
        if path in urls or path.removeprefix(base).strip("/") in site.assets or \
                redirects.first_match(found, path) is not None:
            continue
        out.warn(JsonPath(("redirects", i, "destination")), f"the redirect from {rule.source} "
                 f"leads to {rule.destination}, which is no page of the site: readers following "
                 "it get the 404 page", hint="point it at a page's path, or remove the redirect",
                 code="config.redirect-to-nothing")
    return out.items


def _shadowed_page(site: Site, rule: redirects.Rule, page: Page) -> Problem:
    """The warning for a redirect whose source is a page's URL: the redirect's page replaces
    the page's (hosts disagree on which of a file and a redirect rule wins, so mdxsite decides)."""
    at = next((JsonPath(("redirects", i, "source")) for i, found in _by_entry(site)
               if found == rule), JsonPath(("redirects",)))
    what = page.source.as_posix() if page.source is not None else page.key
    return site.config.problems().warn(
        at, f"the redirect from {rule.source} replaces the page {what}, which has that URL: "
        f"readers are sent to {rule.destination}",
        hint="remove the redirect, or move or delete the page", code="config.redirect-shadows-page")


def _no_listed_page(site: Site) -> Problem:
    """The warning for a navigation that lists no page (every group empty, say)."""
    built = len(site.pages)
    return site.config.problems().warn(
        JsonPath(("navigation",)), "the navigation lists no page: the site has no sidebar" + (
            f", and its {built} page{'s are' if built != 1 else ' is'} reached by URL only"
            if built else ", and no page is built (not even index.html)"),
        hint='list pages in the navigation, e.g. "pages": ["index"]', code="nav.no-pages")
