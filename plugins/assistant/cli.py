"""``mdxsite assistant keys create|list|revoke``: API keys for the assistant endpoint.

The key is printed once, alone on the last line of stdout; only its hash is stored (in the
same store the server uses: SQLite beside the output, or ``MDXSITE_ASSISTANT_STORE``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from mdxsite.plugins.assistant.settings import Settings
from mdxsite.errors import Location, MdxsiteError

SITE_DIR = click.argument("directory", default=".", required=False,
                          type=click.Path(file_okay=False, path_type=Path))
OUT = click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path),
                   help="The site's output folder (the store lives beside it). Default: DIR/_site.")


@contextmanager
def _user_errors() -> Iterator[None]:
    try:
        yield
    except MdxsiteError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        raise SystemExit(1) from None


def _settings(directory: Path, out: Path | None) -> Settings:
    from mdxsite import plugin_manager
    from mdxsite.plugins.assistant.settings import settings_of

    root = directory.resolve()
    if not (root / "docs.json").is_file():
        raise MdxsiteError.single(f"no docs.json in {str(root)!r}",
                                  hint="pass the site folder: mdxsite assistant keys create "
                                       "--domain D path/to/site", where=Location("command line"))
    config = plugin_manager.create().hook.mdxsite_load_config(root=root)
    settings = settings_of(config, (out or root / "_site").resolve())
    if settings is None:
        raise MdxsiteError.single(
            "this site does not enable the assistant", where=Location(config.file),
            path="mdxsite.plugins.assistant",
            hint='add "mdxsite": {"plugins": {"assistant": {"domain": "docs"}}} to docs.json')
    return settings


@click.group()
def assistant() -> None:
    """The assistant endpoint (POST /v1/assistant/{domain}/message): its API keys."""


@assistant.group()
def keys() -> None:
    """Create, list and revoke API keys (only their hashes are stored)."""


@keys.command()
@click.option("--domain", "domains", multiple=True, required=True,
              help="Domain the key may use (repeatable); the site's is in docs.json.")
@click.option("--label", default="", help="A note to recognise the key by in `list`.")
@SITE_DIR
@OUT
def create(domains: tuple[str, ...], label: str, directory: Path, out: Path | None) -> None:
    """Create a key and print it once, alone on the last line of stdout.

    \b
    Example:
      mdxsite assistant keys create --domain sample sample_site
    """
    from mdxsite.plugins.assistant.keys import new_key
    from mdxsite.plugins.assistant.store import open_store

    with _user_errors():
        settings = _settings(directory, out)
        unknown = [d for d in domains if d != settings.domain]
        if unknown:
            raise MdxsiteError.single(
                f"this site's assistant serves the domain {settings.domain!r}, not {unknown[0]!r}",
                where=Location("command line"), hint=f"use --domain {settings.domain}")
        key, record = new_key(tuple(dict.fromkeys(domains)), label)
        store = open_store(settings.store_url, settings.data_dir, busy_timeout=30)
        try:
            store.add_key(record)
        finally:
            store.close()
    click.echo(f"created key {record.prefix} for {', '.join(record.domains)}; it is shown once, "
               "store it now:")
    click.echo(key)


@keys.command("list")
@SITE_DIR
@OUT
def list_keys(directory: Path, out: Path | None) -> None:
    """List keys by prefix: domains, label, creation date and whether revoked."""
    from mdxsite.plugins.assistant.store import open_store

    with _user_errors():
        settings = _settings(directory, out)
        store = open_store(settings.store_url, settings.data_dir, busy_timeout=30)
        try:
            found = store.list_keys()
        finally:
            store.close()
    for k in found:
        when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(k.created))
        state = "revoked" if k.revoked else "active"
        click.echo(f"{k.prefix}  {state:7}  {','.join(k.domains)}  {when}  {k.label}".rstrip())


@keys.command()
@click.argument("prefix")
@SITE_DIR
@OUT
def revoke(prefix: str, directory: Path, out: Path | None) -> None:
    """Revoke the key whose prefix is PREFIX (the 8 characters after mdxa_)."""
    from mdxsite.plugins.assistant.store import open_store

    with _user_errors():
        settings = _settings(directory, out)
        store = open_store(settings.store_url, settings.data_dir, busy_timeout=30)
        try:
            done = store.revoke_key(prefix.removeprefix("mdxa_")[:8])
        finally:
            store.close()
        if not done:
            raise MdxsiteError.single(f"no key with prefix {prefix!r}", where=Location("command line"),
                                      hint="`mdxsite assistant keys list` shows the prefixes")
    click.echo(f"revoked {prefix}")
