"""The ``redirects`` of docs.json, in every form a static host can use.

A source is a path whose segments may be ``:name`` (one segment), ``:name*`` (the rest of the
path, zero or more segments) or hold a ``*`` (a partial wildcard, ``/articles/concepts-*``); the
destination may reuse ``:name``, ``:name*`` and ``*``. The status is 308, or 307 with
``"permanent": false``, as on the platform: both keep the request's method, unlike 301 and 302.

Each rule is written three ways, so it works wherever the output is published:

- a line of ``_redirects`` (the syntax Netlify and Cloudflare Pages read), where the host's
  own placeholders can say it;
- a static page at the source's path for an exact source (any host, even one with no rules);
- a pattern for the 404 page's script, for wildcard sources on hosts with no rules file.

``mdxsite serve`` reads ``_redirects`` back and answers with the real statuses, as a host does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import unquote

from mdxsite.sources import ASSET_SUFFIXES

_TOKEN = re.compile(r":([A-Za-z_]\w*)(\*?)|\*")
# a destination ending in one of these names a file of the output, not a page's folder
_FILE_SUFFIXES = ASSET_SUFFIXES | {".md", ".html", ".htm"}


@dataclass(frozen=True, slots=True)
class Rule:
    """One redirect: ``source`` and ``destination`` as written (destination already carries the
    site's base URL), and the HTTP status."""

    source: str
    destination: str
    status: int

    @property
    def exact(self) -> bool:
        """True when the source has no placeholder or wildcard."""
        return _TOKEN.search(self.source) is None

    def pattern(self) -> str:
        """Return a regular expression for the source, valid in both Python and JavaScript.

        Groups are named after the placeholders; wildcards are ``splat``, ``splat2``…
        """
        out, splats = ["^"], 0
        segments = self.source.rstrip("/").split("/") if self.source.strip("/") else [""]
        for i, segment in enumerate(segments):
            if i == 0 and segment == "":
                continue
            whole = re.fullmatch(r":([A-Za-z_]\w*)\*", segment)
            if whole:  # zero or more segments: /beta/:slug* matches /beta too
                out.append(f"(?:/(?<{whole[1]}>.*))?")
                continue
            out.append("/")
            last = 0
            for m in _TOKEN.finditer(segment):
                out.append(re.escape(segment[last:m.start()]))
                if m[0] == "*":
                    splats += 1
                    out.append(f"(?<splat{splats if splats > 1 else ''}>.*)")
                elif m[2]:
                    out.append(f"(?<{m[1]}>.*)")
                else:
                    out.append(f"(?<{m[1]}>[^/]+)")
                last = m.end()
            out.append(re.escape(segment[last:]))
        out.append("/?$")
        return "".join(out)

    def match(self, path: str) -> str | None:
        """Return where ``path`` goes under this rule, or None when it does not match."""
        found = re.match(self.pattern().replace("(?<", "(?P<"), path)
        if found is None:
            return None
        values = found.groupdict()
        splats = iter(v for k, v in sorted(values.items()) if k.startswith("splat"))

        def fill(m: re.Match[str]) -> str:
            if m[0] == "*":
                return next(splats, "") or ""
            return values.get(m[1]) or ""

        # an empty capture leaves "//" behind ("/v2/:slug*" with no slug)
        return _squeezed(_TOKEN.sub(fill, self.destination))

    def host_lines(self) -> list[str]:
        """Return the ``_redirects`` lines (Netlify and Cloudflare Pages syntax).

        Both hosts name one-segment placeholders ``:name`` and allow one trailing ``*``,
        referred to as ``:splat``; ``/beta/*`` does not match ``/beta`` itself, so a trailing
        ``:name*`` gets a second line for the bare prefix. A rule they cannot express becomes a
        comment: the 404 page's script still applies it.
        """
        dest = _spaced(self.destination)
        if self.exact:
            return [f"{_spaced(self.source)} {dest} {self.status}"]
        wild = [m for m in _TOKEN.finditer(self.source) if m[0] == "*" or m[2]]
        if len(wild) > 1 or (wild and wild[0].end() != len(self.source.rstrip("/"))):
            return [f"# {self.source} {self.destination} {self.status} (the 404 page applies it)"]
        if not wild:
            return [f"{_spaced(self.source)} {dest} {self.status}"]
        token, source = wild[0], self.source.rstrip("/")
        prefix = source[:token.start()]
        lines = [f"{_spaced(prefix)}* {dest.replace(token[0], ':splat')} {self.status}"]
        if token[2] and prefix.endswith("/"):
            bare = _squeezed(dest.replace(token[0], ""))
            lines.insert(0, f"{_spaced(prefix[:-1])} {bare} {self.status}")
        return lines


def rules(entries: object, href: Callable[[str], str],
          known: Callable[[str], bool] | None = None) -> list[Rule]:
    """Return the rules of a ``redirects`` value, skipping malformed entries (the config check
    reports them); ``href`` applies the site's base URL to a site path.

    ``known`` tells whether a site path (``/guide/``) is a page or file of the site. A
    destination already written with the base URL's path (``/docs/guide`` on a site built with
    ``--base-url /docs/``, the URL a reader sees) that names nothing as a site path, while it
    does without that path, keeps its one base path instead of getting a second.
    """
    base = href("/").rstrip("/")
    found = []
    for entry in entries if isinstance(entries, list) else ():
        if not isinstance(entry, Mapping):
            continue
        source, dest = entry.get("source"), entry.get("destination")
        if not isinstance(source, str) or not isinstance(dest, str) or not source.strip() \
                or not dest.strip() or "#" in source:  # no request carries a #fragment
            continue
        status = 307 if entry.get("permanent") is False else 308
        if not dest.startswith(("http://", "https://")):
            if _TOKEN.search(dest) is None:
                dest = _page_path(dest)
            dest = dest if dest.startswith("/") else "/" + dest
            if base and known is not None and _TOKEN.search(dest) is None and \
                    dest.startswith(base + "/") and not known(bare(dest)) and \
                    known(bare(dest[len(base):])):
                dest = dest[len(base):]
            dest = href(dest)
        found.append(Rule(href(source if source.startswith("/") else "/" + source), dest, status))
    return found


def has_tokens(path: str) -> bool:
    """True when ``path`` holds a ``:name`` placeholder or a ``*`` wildcard."""
    return _TOKEN.search(path) is not None


def _squeezed(target: str) -> str:
    """``target`` with each run of slashes made one, but a URL's, whose "://" must stay."""
    return target if "://" in target else re.sub(r"/{2,}", "/", target)


def bare(dest: str) -> str:
    """``dest`` (a path or URL) without its ``?query`` or ``#fragment``."""
    return re.split(r"[?#]", dest, maxsplit=1)[0]


def _spaced(path: str) -> str:
    """``path`` with each space written %20: the rules file separates its fields with spaces,
    so '/release notes /notes/' read as a rule from '/release' to 'notes'."""
    return re.sub(r"\s", lambda m: f"%{ord(m[0]):02X}", path)


def names_file(path: str) -> bool:
    """True when ``path``'s last segment names a file by its suffix (``/llms.txt``,
    ``/old/guide.html``), which no page folder answers."""
    last = bare(path).rstrip("/").rsplit("/", 1)[-1]
    return "." in last and last[last.rfind("."):].lower() in _FILE_SUFFIXES


def _page_path(dest: str) -> str:
    """Return ``dest`` with a ``/`` after its path when the path names a page, which lives at
    ``/path/``: no second hop. The slash goes before a ``?query`` or ``#fragment``
    (``/guide?tab=py`` -> ``/guide/?tab=py``), and a file (``/openapi.yaml``) keeps its name."""
    cut = min((i for i in (dest.find("?"), dest.find("#")) if i >= 0), default=len(dest))
    path, rest = dest[:cut], dest[cut:]
    last = path.rsplit("/", 1)[-1]
    suffix = last[last.rfind("."):].lower() if "." in last else ""
    if path.endswith("/") or suffix in _FILE_SUFFIXES:
        return dest
    return path.rstrip("/") + "/" + rest


def parse_host_file(text: str) -> list[Rule]:
    """Read a ``_redirects`` file back into rules (``mdxsite serve`` honours it as a host does)."""
    found = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 2 or parts[0].startswith("#"):
            continue
        status = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 301
        source = unquote(parts[0])  # the path a request names, as the server decodes it
        source = source.replace("*", ":splat*") if source.endswith("/*") else source
        found.append(Rule(source, parts[1], status))
    return found


def first_match(found: Iterable[Rule], path: str) -> tuple[str, int] | None:
    """Return (location, status) of the first rule matching ``path``."""
    for rule in found:
        target = rule.match(path)
        if target is not None and target.rstrip("/") != path.rstrip("/"):
            return target, rule.status
    return None
