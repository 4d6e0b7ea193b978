"""Give the stylesheets and scripts under ``_mdxsite/`` names that change with their bytes.

``_mdxsite/style.css`` is written as ``_mdxsite/style.3f9a0c1b2d.css`` and every page links that
name (``Site.href`` maps it), so a CDN may cache these files forever: a changed file gets a new
name, and the old one leaves the output with the build that stopped writing it. The name comes
from the bytes alone, so two builds of the same input stay byte-identical. A ``_headers`` file
(Netlify and Cloudflare Pages syntax) tells hosts that read it to serve them as immutable.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import replace
from pathlib import PurePosixPath

from mdxsite.model import OutputFile, Site, frozen_mapping

PREFIX = "_mdxsite/"
SUFFIXES = (".css", ".js")
DIGEST_CHARS = 10  # 40 bits: a collision between two versions of one file is not a worry
IMMUTABLE = "Cache-Control: public, max-age=31536000, immutable"


def content_of(f: OutputFile) -> bytes:
    """Return the bytes ``f`` will have in the output."""
    if f.source is not None:
        return f.source.read_bytes()
    if isinstance(f.content, bytes):
        return f.content
    return (f.content or "").encode("utf-8")


def fingerprinted(path: str, data: bytes) -> str:
    """Return ``path`` with a digest of ``data`` before its suffix: ``a/style.<hex>.css``."""
    p = PurePosixPath(path)
    digest = hashlib.sha256(data).hexdigest()[:DIGEST_CHARS]
    return str(p.with_name(f"{p.stem}.{digest}{p.suffix}"))


def fingerprint(site: Site, files: Iterable[OutputFile]) -> tuple[Site, list[OutputFile]]:
    """Rename the ``_mdxsite/`` stylesheets and scripts in ``files`` after their content.

    Returns the site, whose ``href`` now maps each old site path to the new one, and the
    files to write: renamed ones carry their bytes, the rest are unchanged, and a
    ``_headers`` file is added unless the site ships its own.
    """
    names: dict[str, str] = {}
    out: list[OutputFile] = []
    for f in files:
        if f.path.startswith(PREFIX) and f.path.endswith(SUFFIXES):
            data = content_of(f)
            new = fingerprinted(f.path, data)
            names["/" + f.path] = "/" + new
            out.append(OutputFile(path=new, content=data))
        else:
            out.append(f)
    site = replace(site, asset_names=frozen_mapping(names))
    if names and "_headers" not in site.assets and not any(f.path == "_headers" for f in out):
        rules = "".join(f"{site.href(old)}\n  {IMMUTABLE}\n" for old in sorted(names))
        out.append(OutputFile(path="_headers", content=rules))
    return site, out
