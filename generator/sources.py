"""Read the site folder: page files by key, static assets, and each page's frontmatter.

This is an edge of the pipeline (it reads the disk); everything after it works on data.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdxsite.errors import Location, MdxsiteError
from mdxsite.mdx import frontmatter, variables
from mdxsite.model import Crumb, Nav, Page, Site, SiteConfig, frozen_mapping
from mdxsite.nav import audience
from mdxsite.output import utilities

if TYPE_CHECKING:
    from mdxsite.output.cache import FileMemo

PAGE_SUFFIXES = (".mdx", ".md")
# (the file types the platform serves, its files page lists them, and what a site's own code
# and specs need)
ASSET_SUFFIXES = frozenset(
    ".png .jpg .jpeg .jfif .pjpeg .pjp .gif .apng .svg .svgz .webp .avif .ico .bmp .tiff .tif "
    ".mp4 .webm .ogg .avi .mov .wmv .flv .mkv .m4v .mp3 .wav .flac .aac .wma .m4a "
    ".woff .woff2 .ttf .otf .eot .pdf .txt .doc .docx .xls .xlsx .ppt .pptx .rtf .odt .ods .odp "
    ".csv .tsv .xml .zip .rar .7z .tar .gz .bz2 .css .js .json .yaml .yml .wasm".split())
# Folders never scanned: tooling, dependencies, version control.
SKIP_DIRS = frozenset({"node_modules", "__pycache__", "_site", "site-packages"})
# Repository files that are not pages unless the navigation lists them, named in capitals as
# repositories name them (the platform skips README.md, LICENSE.md, CHANGELOG.md and
# CONTRIBUTING.md): a lower-case changelog.mdx is a page, reached from a global anchor or a
# navbar link as the platform's navigation doc shows ("href": "/changelog").
REPO_FILES = re.compile(r"^(README|CONTRIBUTING|CODE_OF_CONDUCT|SECURITY|LICENSE|CHANGELOG|"
                        r"CLAUDE|AGENTS|GEMINI)(\.[a-z]+)?\.mdx?$")
# The root files an agent reads (plugins/agents.py), not pages unless the navigation lists them.
AGENT_FILES = ("skill.md", "install.md")
# Folders whose files are included into pages, not pages of their own.
SNIPPET_DIRS = ("snippets/", "_snippets/")


def scan_sources(root: Path, config: SiteConfig | None = None) -> dict[str, Path]:
    """Return every page file under ``root`` by key (``guides/intro``), paths relative to root.

    ``.mdx`` wins over ``.md`` when both exist. Hidden folders, ``node_modules`` and folders
    holding a build output are skipped.
    """
    return scan(root)[0]


def scan_assets(root: Path) -> dict[str, Path]:
    """Return static files to copy into the output, by output path (same as the source path)."""
    return scan(root)[1]


def scan(root: Path, listing: Mapping[str, object] | None = None
         ) -> tuple[dict[str, Path], dict[str, Path]]:
    """Return (:func:`scan_sources`, :func:`scan_assets`) from one walk of the folder.

    ``listing`` (from :func:`listing`) stands for the walk when the caller already did it.
    """
    found: dict[str, Path] = {}
    assets: dict[str, Path] = {}
    for rel in (listing if listing is not None else _names(root)):
        prefix, _, name = rel.rpartition("/")
        stem, suffix = os.path.splitext(name)
        if suffix in PAGE_SUFFIXES:
            key = f"{prefix}/{stem}" if prefix else stem
            if key in found and found[key].suffix == ".mdx":
                continue
            found[key] = Path(rel)
        elif suffix.lower() in ASSET_SUFFIXES:
            if rel not in ("docs.json", "mint.json", "package.json", "package-lock.json"):
                assets[rel] = Path(rel)
    return dict(sorted(found.items())), assets


def listing(root: Path) -> dict[str, tuple[int, int]]:
    """Return every file :func:`scan` walks, by site-relative path: (mtime in ns, size).

    What ``mdxsite build`` compares to know that nothing changed (``mdxsite.output.stamp``);
    the same walk then stands for :func:`scan`'s.
    """
    found: dict[str, tuple[int, int]] = {}
    for rel, entry in _entries(root):
        try:
            st = entry.stat()
        except OSError:  # removed since the folder was listed
            continue
        found[rel] = (st.st_mtime_ns, st.st_size)
    return found


def file_stamp(path: str | Path) -> tuple[int, int]:
    """Return a file's (mtime in ns, size), the pair that stands for its bytes between builds;
    (0, 0) when it cannot be stat-ed."""
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


def _names(root: Path) -> Iterator[str]:
    for rel, _ in _entries(root):
        yield rel


def _entries(root: Path) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Yield (site-relative path, its directory entry) for every file scanned, in order."""
    ignored = _mintignore(root)
    for prefix, entries in _walk(root):
        for entry in entries:
            if ignored is None or not ignored.match_file(prefix + entry.name):
                yield prefix + entry.name, entry


def _mintignore(root: Path) -> Any:
    """Return the site's ``.mintignore`` (gitignore syntax, as on the platform) as a matcher,
    or None: what it matches is neither a page nor a file of the output."""
    try:
        text = (root / ".mintignore").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    import pathspec  # only sites with a .mintignore pay for the import

    return pathspec.GitIgnoreSpec.from_lines(text.splitlines())


def custom_files(site_assets: Mapping[str, Path], root: Path) -> tuple[list[str], list[str]]:
    """Return the site's own stylesheets and scripts, which every page loads, as on the platform.

    Every ``.css`` file and every ``.js`` file, by path, except snippets (imported by pages,
    not loaded) and ES modules (``import``/``export`` at the top level cannot run as the
    classic script the platform adds: they are data for a page's ``import``).
    """
    css, js = [], []
    for rel in sorted(site_assets):
        if rel.startswith(SNIPPET_DIRS):
            continue
        if rel.endswith(".css"):
            css.append(rel)
        elif rel.endswith(".js") and not _module(root / rel):
            js.append(rel)
    return css, js


_ESM = re.compile(r"^\s*(?:import(?:\s+[\w{*]|\s*[{*'\"])|export\s)", re.MULTILINE)


def _module(path: Path) -> bool:
    try:
        return _ESM.search(path.read_text(encoding="utf-8", errors="replace")) is not None
    except OSError:
        return False


def _walk(root: Path) -> Iterator[tuple[str, list[os.DirEntry[str]]]]:
    """Yield ("sub/dir/" or "", its file entries by name) for every folder scanned, in order:
    a folder's files, then each of its sub-folders (by name) in turn, as ``os.walk`` would
    (a link to a folder is neither walked nor a file; an unreadable folder is left out).

    Directory entries and plain strings, not Path objects nor ``os.walk``'s joined and
    relativised paths: a 10,000-page site has as many files, on every build.
    """
    yield from _walk_folder(os.fspath(root), "")


def _walk_folder(path: str, prefix: str) -> Iterator[tuple[str, list[os.DirEntry[str]]]]:
    try:
        with os.scandir(path) as it:
            entries = list(it)
    except OSError:
        return
    files: list[os.DirEntry[str]] = []
    folders: list[os.DirEntry[str]] = []
    for entry in entries:
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        (folders if is_dir else files).append(entry)
    if prefix and _is_output(files):
        return
    files.sort(key=_name)
    yield prefix, files
    folders.sort(key=_name)
    for entry in folders:
        name = entry.name
        if not (name.startswith(".") or name in SKIP_DIRS) and not entry.is_symlink():
            yield from _walk_folder(entry.path, f"{prefix}{name}/")


def _name(entry: os.DirEntry[str]) -> str:
    return entry.name


def _is_output(files: list[os.DirEntry[str]]) -> bool:
    """True for a sub-folder holding a previous build's output (we always write our 404
    beside index.html); told from the folder's own listing, where two ``stat`` calls a folder
    asked the disk again (3,000 of them on a 10,000-page site)."""
    found = 0
    for entry in files:
        if entry.name in ("index.html", "404.html"):
            try:
                found += entry.is_file()
            except OSError:
                pass
    return found == 2


def url_for(key: str) -> str:
    """Return the URL every link uses for a page key: ``guides/x`` -> ``/guides/x/``.

    Pages are written as ``guides/x/index.html``, which every static host serves at
    ``/guides/x/`` without rewrite rules.
    """
    if key in ("index", ""):
        return "/"
    if key.endswith("/index"):
        key = key[: -len("/index")]
    return f"/{key}/"


def title_from_key(key: str) -> str:
    """Return a readable title for a page without one: ``getting-started`` -> ``Getting started``."""
    last = key.rsplit("/", 1)[-1].replace("-", " ").replace("_", " ").strip()
    return (last[:1].upper() + last[1:]) if last else "Home"


def _excluded(key: str, rel: Path, patterns: list[str]) -> bool:
    # the path as a string: rel.name, and rel.parts but the last, are what its slashes part
    # (a Path is normalised: no empty or "." parts; an absolute path's "/" starts no part
    # with "_" either way)
    posix = rel.as_posix()
    folders, _, name = posix.rpartition("/")
    if REPO_FILES.match(name) or (not folders and name in AGENT_FILES):
        return True
    if key.startswith(SNIPPET_DIRS) or (
            folders and any(part.startswith("_") for part in folders.split("/"))):
        return True
    return any(fnmatch.fnmatch(posix, p) for p in patterns)


def build_site(root: Path, config: SiteConfig, nav: Nav, sources: Mapping[str, Path], *,
               base_url: str = "/", site_url: str = "",
               read_frontmatter: Callable[[Path, str], Mapping[str, object]] | None = None,
               assets: Mapping[str, Path] | None = None, memo: FileMemo | None = None) -> Site:
    """Create the :class:`Site`: one page per listed key, then every unlisted page file.

    Reads each page's frontmatter for its title (through ``memo``: only files changed since
    it was kept are read). A page whose frontmatter is malformed is kept, titled from its path:
    rendering it reports the located error, beside every other page's own errors in the same
    run. Watch mode passes ``read_frontmatter`` (a reader that remembers unchanged files) and
    ``assets`` (the last scan) so a rebuild reads only what changed.
    """
    values = variables.values_of(config.raw.get("variables"))  # {{name}} in titles, descriptions…
    exclude = config.mdxsite.get("exclude")
    patterns = [p for p in exclude if isinstance(p, str)] if isinstance(exclude, list) else []
    pages: dict[str, Page] = {}
    keys = list(nav.placements)
    keys += [k for k, rel in sources.items() if k not in nav.placements and not _excluded(k, rel, patterns)]
    for key in keys:
        rel = sources.get(key)
        if rel is None:
            continue  # the navigation already reported it
        posix = rel.as_posix()
        try:
            fm = (read_frontmatter(root / rel, posix) if read_frontmatter is not None
                  else _frontmatter(root, rel, posix, memo))
        except MdxsiteError:
            fm = {}
        if values:
            fm = {k: variables.substitute_value(v, values) for k, v in fm.items()}
        trail: tuple[Crumb, ...] = nav.placements.get(key, ())
        title = fm.get("title")
        # a page for another audience than visitors is built but not listed, as a hidden one
        hidden = fm.get("hidden") is True or not audience.for_visitors(fm.get("audience"))
        pages[key] = Page(
            key=key, source=rel, url=url_for(key),
            title=str(title) if isinstance(title, (str, int, float)) and str(title) else title_from_key(key),
            frontmatter=frozen_mapping(fm), trail=trail,
            listed=key in nav.placements and not hidden,
            origin=Location(posix, 1, 1))
    return Site(root=root, config=config, nav=nav, pages=frozen_mapping(pages),
                base_url=_normalise_base(base_url), site_url=site_url.rstrip("/"),
                assets=frozen_mapping(scan_assets(root) if assets is None else assets),
                class_names=frozen_mapping(class_names(root, sources.values(), memo)))


def _frontmatter(root: Path, rel: Path, posix: str, memo: FileMemo | None
                 ) -> dict[str, object]:
    def parse(path: Path) -> dict[str, object]:
        return frontmatter.read_data(path, posix)

    if memo is None:
        return parse(root / rel)
    try:  # the same read gives the render cache the file's digest, and the class names
        return memo.read(root, posix, "frontmatter", lambda data: frontmatter.parse(data, posix),
                         also={CLASSES: utilities.classes_in})
    except OSError:  # vanished since the scan: let the reader report it
        return parse(root / rel)


CLASSES = "classes"
# file -> ((mtime in ns, size), its class names): watch mode's memory, without a FileMemo
_CLASSES_SEEN: dict[str, tuple[tuple[int, int], tuple[str, ...]]] = {}


def class_names(root: Path, files: Iterable[Path], memo: FileMemo | None) -> dict[str, str]:
    """Return each class name the site's ``files`` (its .mdx and .md files) and its React
    components (``snippets/**/*.jsx``, ``.tsx``) use in a class or className attribute, with
    the first file using it (see :mod:`mdxsite.output.utilities`)."""
    rels = sorted({f.as_posix() for f in files} | set(_components(root)))
    found: dict[str, str] = {}
    for rel in rels:
        for name in _classes_of(root, rel, memo):
            found.setdefault(name, rel)
    return found


def classes_changed(root: Path, rels: Iterable[str]) -> bool:
    """Read ``rels`` again for their class names (watch mode); True when one of them uses
    other class names than when it was last read, or was not read in this process."""
    changed = False
    for rel in rels:
        seen = _CLASSES_SEEN.get(os.path.join(root, rel))
        if seen is None or _classes_of(root, rel, None) != seen[1]:
            changed = True
    return changed


def _components(root: Path) -> Iterator[str]:
    snippets = root / "snippets"
    if not snippets.is_dir():
        return
    for folder, dirs, names in os.walk(snippets):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
        for name in names:
            if name.endswith((".jsx", ".tsx")):
                yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")


def _classes_of(root: Path, rel: str, memo: FileMemo | None) -> tuple[str, ...]:
    def learn(path: Path) -> tuple[str, ...]:
        return utilities.classes_in(path.read_bytes())

    try:
        if memo is not None:
            found: tuple[str, ...] = memo.get(root, rel, CLASSES, learn)
            return found
        path = os.path.join(root, rel)
        stamp = file_stamp(path)
        seen = _CLASSES_SEEN.get(path)
        if seen is not None and seen[0] == stamp:
            return seen[1]
        names = learn(Path(path))
        _CLASSES_SEEN[path] = (stamp, names)
        return names
    except OSError:  # vanished since the scan: its page reports it
        return ()


def _normalise_base(base_url: str) -> str:
    base = "/" + base_url.strip("/") + "/"
    return "/" if base == "//" else base
