"""``mdxsite-scraping openapi-file``: write one MDX stub per operation and print the nav snippet.

The layout follows the hosted platform's scraper so migrating sites get the same file names:
``<tag>/<summary>.mdx`` converted by the platform's URL rule (``<method>-<path words>``
without a summary), untagged operations at the top of the folder, ``-1``/``-2`` suffixes on
collisions in document order. ``x-excluded`` operations get no file; ``x-hidden`` ones get
a file but stay out of the printed navigation.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from mdxsite.errors import MdxsiteError
from mdxsite.openapi import slugs
from mdxsite.openapi.check import check
from mdxsite.openapi.expand import operations
from mdxsite.openapi.load import load_source

def _yaml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid quoted YAML scalar


def plan(doc_data: dict, doc_ops: list[dict]) -> list[tuple[str, str, str, bool]]:
    """Return ``(relative file stem, group, frontmatter openapi value, listed)`` per operation.

    Stems are the URLs a navigation ``openapi`` field would give the same operations (one
    rule, :mod:`mdxsite.openapi.slugs`), so moving from one form to the other keeps links.
    """
    labels = slugs.tag_labels(doc_data)
    placer = slugs.Placer()
    out = []
    for entry in doc_ops:
        op = entry["op"]
        stem, _taken = placer.place(slugs.page_stem("", op, entry["method"], entry["path"],
                                                    entry["webhook"], doc_data),
                                    (entry["method"], entry["path"], str(entry["webhook"])))
        tag = slugs.first_tag(op, doc_data)
        value = (f"webhook {entry['path']}" if entry["webhook"]
                 else f"{entry['method'].upper()} {entry['path']}")
        out.append((stem, labels.get(tag, tag) or slugs.UNTAGGED, value, not entry["hidden"]))
    return out


@click.group()
def cli() -> None:
    """Generate MDX pages from OpenAPI documents."""


@cli.command("openapi-file")
@click.argument("source", metavar="PATH_OR_URL")
@click.option("-o", "--out", "folder", default="api-reference", show_default=True,
              help="Folder to write the pages into.")
@click.option("--overwrite", is_flag=True, help="Replace pages that already exist.")
def openapi_file(source: str, folder: str, overwrite: bool) -> None:
    """Write one MDX page per operation and webhook of SOURCE."""
    try:
        doc = load_source(source)
    except MdxsiteError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)
    errors = [p for p in check(doc).items if not p.warning]
    if errors:
        for problem in errors:
            click.echo(str(problem), err=True)
        click.echo("nothing written: fix the document first (mdxsite openapi-check)", err=True)
        sys.exit(1)
    entries = plan(doc.data, operations(doc))
    if not entries:  # an empty snippet alone reads like success
        click.echo(f"{source}: no operation or webhook to write a page for (no paths, or every "
                   "one x-excluded): nothing written", err=True)
    root = Path(folder)
    existing = [stem for stem, _g, _v, _l in entries if (root / f"{stem}.mdx").exists()]
    if existing and not overwrite:
        for stem in existing:
            click.echo(f"{root / stem}.mdx: already exists; pass --overwrite to replace it",
                       err=True)
        sys.exit(1)
    nav: dict[str, list[str]] = {}
    for stem, group, value, listed in entries:
        target = root / f"{stem}.mdx"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"---\nopenapi: {_yaml_string(value)}\n---\n", encoding="utf-8")
        if listed:
            nav.setdefault(group, []).append(f"{root.as_posix().strip('/')}/{stem}")
    snippet = {"navigation": {"groups": [{"group": g, "pages": p} for g, p in nav.items()]}}
    click.echo(json.dumps(snippet, indent=2))
