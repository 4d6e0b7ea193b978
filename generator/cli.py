"""The ``mdxsite`` command line. The only module that prints and exits.

Exit codes: 0 success, 1 a mistake in the site (or a failing check), 2 a usage mistake.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from mdxsite import __version__
from mdxsite.errors import MdxsiteError, PluginError, Problem

if TYPE_CHECKING:
    from rich.console import Console

    from mdxsite.model import Site
    from mdxsite.plugin_manager import Plugins

EXIT_OK, EXIT_USER, EXIT_USAGE = 0, 1, 2

# set by a command once everything it does is written and closed (see _Group.main)
_DONE = [False]


def _done() -> None:
    """Say the running command has done its work (see :func:`_end_now`)."""
    _DONE[0] = True


def _end_now() -> NoReturn:
    """End the process as the interpreter's exit would, without freeing every object first.

    The interpreter's exit waits for the threads that are not daemons (after the hooks of
    ``threading``, which stop idle executors), runs the ``atexit`` functions (a plugin's, the
    ``multiprocessing`` clean-up, logging's flush) and flushes the standard streams; so does
    this. What it skips is the teardown of every module and object, one at a time.
    """
    import atexit
    import threading

    try:
        threading._shutdown()  # type: ignore[attr-defined]
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(EXIT_OK)


# --------------------------------------------------------------------------- output helpers

class _Counter(logging.Handler):
    """Prints located warnings as ``file:line:col: warning: message [code]`` and counts them."""

    def __init__(self, console: _Out):
        super().__init__(logging.WARNING)
        self.console = console
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.WARNING:  # -v: what each stage does, not counted
            self.console.print(record.getMessage(), style="dim", markup=False, highlight=False,
                               soft_wrap=True)
            return
        self.count += 1
        problem = getattr(record, "problem", None)
        text = str(problem) if isinstance(problem, Problem) else record.getMessage()
        self.console.print(text, style="yellow", markup=False, highlight=False, soft_wrap=True)


def _console(stderr: bool = True) -> _Out:
    # rich colours only a terminal (and honours NO_COLOR); CI logs stay plain text
    return _Out(stderr)


# environment variables that make rich treat a stream as a terminal (or as Jupyter's)
_RICH_ENV = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "JUPYTER_COLUMNS",
             "JUPYTER_LINES")


class _Out:
    """Prints as a rich ``Console(stderr=..., highlight=False, soft_wrap=True)`` does, the
    console made (and rich imported: 60 ms of every command's start) only when needed.

    A line without markup, emoji codes (two colons), tabs or control characters, to a
    stream that is not a terminal, is written as it is: what rich would write. Anything
    else goes through rich.
    """

    def __init__(self, stderr: bool = True) -> None:
        self.stderr = stderr
        self._rich: Console | None = None

    def rich(self) -> Console:
        """The rich console itself (made on first use)."""
        if self._rich is None:
            from rich.console import Console

            self._rich = Console(stderr=self.stderr, highlight=False, soft_wrap=True)
        return self._rich

    @property
    def is_terminal(self) -> bool:
        return not self._plain_stream() and self.rich().is_terminal

    def _stream(self) -> Any:
        return sys.stderr if self.stderr else sys.stdout

    def _plain_stream(self) -> bool:
        """True when rich would neither colour nor reformat for the stream (not a terminal)."""
        if self._rich is not None or any(k in os.environ for k in _RICH_ENV):
            return False
        isatty = getattr(self._stream(), "isatty", None)
        try:
            return isatty is not None and not isatty()
        except ValueError:  # closed
            return False

    def print(self, text: str, *, style: str | None = None, markup: bool = True,
              highlight: bool | None = None, soft_wrap: bool | None = None) -> None:
        if (not markup and highlight is not True and soft_wrap is not False
                and isinstance(text, str) and text.isprintable() and text.count(":") < 2
                and self._plain_stream()):
            stream = self._stream()
            stream.write(text + "\n")
            stream.flush()
            return
        self.rich().print(text, style=style, markup=markup, highlight=highlight,
                          soft_wrap=soft_wrap)


@contextmanager
def _reporting(ctx: click.Context) -> Iterator[_Counter]:
    """Count and print warnings; turn MdxsiteError into located lines and exit code 1."""
    err = _console()
    counter = _Counter(err)
    logger = logging.getLogger("mdxsite")
    logger.addHandler(counter)
    level = logging.INFO if _app(ctx).verbose else logging.WARNING
    logger.setLevel(level)
    counter.setLevel(level)
    logger.propagate = False
    try:
        yield counter
    except MdxsiteError as exc:
        for problem in exc.problems:
            err.print(str(problem), style="red", markup=False, highlight=False, soft_wrap=True)
        n = len(exc.problems)
        err.print(f"failed: {n} problem{'s' if n != 1 else ''}", style="bold red", markup=False)
        ctx.exit(EXIT_USER)
    except PluginError as exc:
        err.print(str(exc), style="red", markup=False, highlight=False, soft_wrap=True)
        err.print("this is a bug in that plugin, not in your site: report it to its authors, "
                  "or disable it with --disable-plugin NAME (MDXSITE_DEBUG=1 shows the traceback)",
                  markup=False)
        if os.environ.get("MDXSITE_DEBUG"):
            raise
        ctx.exit(EXIT_USER)
    finally:
        logger.removeHandler(counter)


class App:
    """What every command reaches through click's context object (``@click.pass_obj``):
    the plugin manager and the site. Plugin commands (``mdxsite_cli_commands``) use it too."""

    def __init__(self, verbose: bool = False, disabled: Sequence[str] = ()) -> None:
        self.verbose = verbose
        self.disabled = tuple(disabled)
        self._pm: Plugins | None = None

    @property
    def pm(self) -> Plugins:
        """The plugin manager: every installed plugin but the disabled ones."""
        if self._pm is None:
            from mdxsite import plugin_manager

            self._pm = plugin_manager.create(self.disabled)
        return self._pm

    def load_site(self, root: Path | str = ".") -> Site:
        """Run the stages before rendering on the site in ``root`` and return it.

        Raises:
            MdxsiteError: mistakes in the site (the command prints them located, exit 1).
        """
        from mdxsite import pipeline

        return pipeline.prepare(Path(root).resolve(), self.pm)


def _app(ctx: click.Context) -> App:
    app = ctx.find_object(App)
    if app is None:
        app = ctx.ensure_object(App)
    return app


def _plugins(ctx: click.Context) -> Plugins:
    return _app(ctx).pm


def _default_out(root: Path) -> Path:
    return root / "_site"


# --------------------------------------------------------------------------- the group

class _Group(click.Group):
    """Adds the commands plugins contribute (``mdxsite_cli_commands``), once per run."""

    def main(self, args: Sequence[str] | None = None, *pos: Any, **kwargs: Any) -> Any:
        """Run the command line; a ``mdxsite`` process whose command finished its work
        (:func:`_done`) then ends at once: freeing a large build's objects one by one at
        interpreter exit took 0.4 s of a 4 s one-page edit of a 10,000-page site. Only for
        the process's own command line (``args`` None): a caller passing arguments, a test or
        a script, keeps its interpreter."""
        try:
            return super().main(args, *pos, **kwargs)
        except SystemExit as exc:
            if args is None and _DONE[0] and exc.code in (None, EXIT_OK):
                _end_now()
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self._plugin_commands(ctx)))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return super().get_command(ctx, name) or self._plugin_commands(ctx).get(name)

    def _plugin_commands(self, ctx: click.Context) -> dict[str, click.Command]:
        """The plugins' commands (none from a disabled plugin); a clash with a built-in
        command or between plugins is reported, exit 1."""
        found: dict[str, click.Command] | None = ctx.meta.get("mdxsite.plugin_commands")
        if found is not None:
            return found
        from mdxsite import plugin_manager

        found = ctx.meta["mdxsite.plugin_commands"] = {}
        owners: dict[str, str] = {}
        if not isinstance(ctx.obj, App):
            ctx.obj = App(disabled=ctx.params.get("disabled") or ())
        app = ctx.obj
        problems: list[str] = []
        try:
            pm = app.pm
            for plugin, cmd in plugin_manager.contributions(pm, "mdxsite_cli_commands", cli=self):
                if not isinstance(cmd, click.Command) or not cmd.name:
                    problems.append(f"plugin {plugin!r} returns {cmd!r} from mdxsite_cli_commands, "
                                    "not a named click command")
                elif cmd.name in self.commands:
                    problems.append(f"plugin {plugin!r} adds the command {cmd.name!r}, which "
                                    "mdxsite has already: rename the plugin's command, or "
                                    f"disable the plugin with --disable-plugin {plugin}")
                elif cmd.name in found:
                    problems.append(f"plugins {owners[cmd.name]!r} and {plugin!r} both add the "
                                    f"command {cmd.name!r}: disable one with --disable-plugin NAME")
                else:
                    found[cmd.name], owners[cmd.name] = _guarded(cmd, plugin, pm), plugin
        except (MdxsiteError, PluginError) as exc:
            problems.append(str(exc))
        if problems:
            err = _console()
            for line in problems:
                err.print(f"mdxsite: {line}", style="red", markup=False, highlight=False)
            ctx.exit(EXIT_USER)
        return found


def _guarded(cmd: click.Command, plugin: str, pm: Plugins) -> click.Command:
    """Report what a plugin's command raises: a site mistake located, a bug naming the plugin."""
    from mdxsite import plugin_manager

    callback = cmd.callback
    if callback is not None:
        ep = plugin_manager.entry_point(pm, plugin)

        @functools.wraps(callback)
        def run(*args: Any, **kwargs: Any) -> Any:
            with _reporting(click.get_current_context()):
                try:
                    return callback(*args, **kwargs)
                except (MdxsiteError, PluginError, click.ClickException, click.exceptions.Exit,
                        click.Abort):
                    raise
                except BrokenPipeError:  # `mdxsite feed-preview | head`: the reader left
                    sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - nothing to flush to
                    return None
                except Exception as exc:
                    raise PluginError(
                        plugin, ep.dist.name if ep and ep.dist else "registered in code",
                        f"its command {cmd.name!r}", "", exc,
                        version=ep.dist.version if ep and ep.dist else "",
                        where=plugin_manager.raised_at(exc, callback)) from exc

        cmd.callback = run
    for sub in getattr(cmd, "commands", {}).values():
        _guarded(sub, plugin, pm)
    return cmd


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"],
                                           "max_content_width": 100})
@click.version_option(__version__, prog_name="mdxsite")
@click.option("-v", "--verbose", is_flag=True, help="Say more about what each stage does.")
@click.option("--disable-plugin", "disabled", multiple=True, metavar="NAME",
              help="Do not load this plugin (repeatable). `mdxsite plugins` lists the names.")
@click.pass_context
def main(ctx: click.Context, verbose: bool, disabled: tuple[str, ...]) -> None:
    """Build documentation sites written as docs.json + MDX pages into static HTML.

    \b
    Start here:
      mdxsite dev                 build the site in this folder, serve it, rebuild on save
      mdxsite build -o _site      build once into _site/ (upload that folder to any host)
      mdxsite plugins             list the plugins taking part in the build

    A mistake in the site prints one line per problem (file:line:column: what is wrong.
    What to do.) and exits with status 1; a mistake on the command line exits with 2.
    """
    if disabled:
        _check_disabled(disabled)
    # the same App the plugins' commands were gathered with (one plugin manager a run)
    app = ctx.obj if isinstance(ctx.obj, App) else App(verbose, disabled)
    app.verbose = verbose
    ctx.obj = app


def _check_disabled(names: Sequence[str]) -> None:
    """Refuse a --disable-plugin name no installed plugin has: a typo would otherwise leave
    the plugin running while the user believes it off."""
    import difflib

    from mdxsite import plugin_manager

    known = plugin_manager.installed_names()
    for name in names:
        if name not in known:
            close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.7)
            hint = f"did you mean {close[0]!r}?" if close else "`mdxsite plugins` lists the names"
            raise click.BadParameter(f"no installed plugin is named {name!r}: {hint}",
                                     param_hint="'--disable-plugin'")


SITE_DIR = click.argument("directory", default=".", required=False,
                          type=click.Path(file_okay=False, path_type=Path))


def _progress(total_hint: int) -> tuple[Callable[[str], None], Callable[[], None]]:
    """Return (tick, close): a rich progress bar on a terminal, plain lines elsewhere."""
    err = _console()
    if err.is_terminal and not os.environ.get("CI"):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        bar = Progress("[progress.description]{task.description}", BarColumn(),
                       MofNCompleteColumn(), TimeElapsedColumn(), console=err.rich(),
                       transient=True)
        task = bar.add_task("rendering", total=total_hint or None)
        bar.start()
        return (lambda key: bar.advance(task)), bar.stop
    state = {"n": 0, "last": time.monotonic()}

    def tick(key: str) -> None:
        state["n"] += 1
        if time.monotonic() - state["last"] > 2:
            state["last"] = time.monotonic()
            err.print(f"rendered {state['n']} pages", markup=False)

    return tick, lambda: None


@main.command()
@SITE_DIR
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder. Default: _site inside the site folder.")
@click.option("--base-url", default="/", show_default=True,
              help="Sub-path the site is served under, e.g. /docs/ for example.com/docs/.")
@click.option("--site-url", default="", help="Public origin for absolute URLs (sitemap, "
              "canonical links), e.g. https://docs.example.com. Default: seo/docs.json.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None,
              help="Worker processes for rendering. Default: every available core.")
@click.option("--strict", is_flag=True, help="Fail (exit 1) when there is any warning.")
@click.option("--no-cache", is_flag=True, help="Render every page, neither reading nor "
              "updating the render cache (.mdxsite-cache beside the output).")
@click.pass_context
def build(ctx: click.Context, directory: Path, out: Path | None, base_url: str, site_url: str,
          jobs: int | None, strict: bool, no_cache: bool) -> None:
    """Build the site in DIRECTORY (default: here) into static HTML.

    The previous output stays untouched unless the whole build succeeds; then only the
    files whose bytes changed are replaced.

    \b
    Examples:
      mdxsite build                          # ./_site
      mdxsite build docs -o public --base-url /docs/
    """
    from mdxsite import pipeline

    root = directory
    out_dir = out or _default_out(root)
    with _reporting(ctx) as counter:
        pm = _plugins(ctx)
        tick, close = _progress(0)
        try:
            report = pipeline.build(root, out_dir, pm, jobs=jobs or pipeline.cpu_jobs(),
                                    base_url=base_url, site_url=site_url,
                                    blocked=_app(ctx).disabled, on_page=tick,
                                    use_cache=not no_cache, strict=strict,
                                    skip_unchanged=True)
        finally:
            close()
        report.warnings = counter.count
    out_console = _console(stderr=False)
    what = (f"nothing changed since the last build, {report.unchanged} files kept"
            if report.up_to_date else
            f"{report.written} written, {report.unchanged} unchanged")
    out_console.print(
        f"built {report.pages} pages in {report.seconds:.2f} s ({what}), "
        f"{report.warnings} warning{'s' if report.warnings != 1 else ''} -> {out_dir}",
        markup=False, highlight=False)
    _done()


@main.command()
@SITE_DIR
@click.pass_context
def upgrade(ctx: click.Context, directory: Path) -> None:
    """Write docs.json from the site's mint.json, the platform's old format.

    mdxsite already builds a mint.json site by upgrading it in memory, with a warning; this
    writes the upgraded file once, so you can check it and commit it. mint.json is left
    in place (delete it once docs.json is right). An existing docs.json is never overwritten.
    """
    import json

    from mdxsite.config import mint
    from mdxsite.errors import JsonPath

    source, target = directory / "mint.json", directory / "docs.json"
    err = _console()
    if target.exists():
        err.print(f"{target}: already exists; nothing written (move it away to upgrade again)",
                  style="red", markup=False, highlight=False)
        ctx.exit(EXIT_USER)
    try:
        value = json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        err.print(f"{source}: no mint.json to upgrade", style="red", markup=False, highlight=False)
        ctx.exit(EXIT_USER)
    except (ValueError, UnicodeDecodeError) as exc:
        err.print(f"{source}: not valid JSON ({exc}). Fix it, then run mdxsite upgrade again.",
                  style="red", markup=False, highlight=False)
        ctx.exit(EXIT_USER)
    if not isinstance(value, dict):
        err.print(f"{source}: must hold an object", style="red", markup=False, highlight=False)
        ctx.exit(EXIT_USER)
    target.write_text(json.dumps(mint.upgrade(value), indent=2, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    _console(stderr=False).print(f"wrote {target} from {source.name}", markup=False, highlight=False)
    dropped = [*mint.dropped_keys(value),
               *(str(JsonPath(at)) for at in mint.dropped_nested(value))]
    if dropped:  # the platform's upgrade drops them too; say so rather than lose them unseen
        err.print(f"{source}: left out, with no docs.json form: {', '.join(map(repr, dropped))}",
                  style="yellow", markup=False, highlight=False)


@main.command()
@click.argument("page", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def tree(ctx: click.Context, page: Path) -> None:
    """Print the parsed tree of PAGE (an .mdx or .md file) as JSON.

    The tree is what mdxsite understood of the page: components and HTML elements with their
    props as written, paragraphs, lists, code, headings, tables, expressions and imports,
    each with its line. Its shape is mdast's, the tree the platform's MDX parser builds, so
    when a page renders differently from what you meant, this shows where the reading
    differs. The tree is printed even for a page a build would reject (an unclosed tag shows
    as an element that runs on); a frontmatter error is printed with file:line.

    \b
    Example:
      mdxsite tree docs/quickstart.mdx | jq '.children[] | .type'
    """
    import json

    from mdxsite.mdx.tree import page_tree

    try:
        text = page.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _console().print(f"{page}: cannot be read ({exc})", style="red", markup=False,
                         highlight=False)
        ctx.exit(EXIT_USER)
    with _reporting(ctx):
        found = page_tree(text, str(page))
    _console(stderr=False).print(json.dumps(found, indent=2, ensure_ascii=False), markup=False,
                                 highlight=False, soft_wrap=True)


@main.command("broken-links")
@SITE_DIR
@click.pass_context
def broken_links(ctx: click.Context, directory: Path) -> None:
    """List every internal link to a missing page or #anchor, with file:line (exit 1 if any).

    The site is built into a temporary folder; your output folder is not touched.
    """
    import tempfile

    from mdxsite import pipeline

    found: list[str] = []

    class _Links(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if str(getattr(record, "code", "")).startswith("mdx.broken-"):
                found.append(str(getattr(record, "problem", record.getMessage())))

    handler = _Links(logging.WARNING)
    with _reporting(ctx), tempfile.TemporaryDirectory() as tmp:
        logging.getLogger("mdxsite").addHandler(handler)
        try:
            pipeline.build(directory, Path(tmp) / "out", _plugins(ctx), jobs=pipeline.cpu_jobs(),
                           use_cache=False)
        finally:
            logging.getLogger("mdxsite").removeHandler(handler)
    out = _console(stderr=False)
    for line in found:
        out.print(line, markup=False, highlight=False, soft_wrap=True)
    out.print(f"{len(found)} broken link{'s' if len(found) != 1 else ''}", markup=False)
    ctx.exit(EXIT_USER if found else EXIT_OK)


@main.command()
@click.option("--hooks", is_flag=True, help="Also list every hook mdxsite calls.")
@click.option("--reference", is_flag=True,
              help="Print the hook reference for plugin authors (Markdown) and stop.")
@click.pass_context
def plugins(ctx: click.Context, hooks: bool, reference: bool) -> None:
    """List the loaded plugins: name, distribution, version, file and the hooks each implements."""
    from mdxsite import hookdoc, hookspecs, plugin_manager

    if reference:
        click.echo(hookdoc.reference(), nl=False)
        return
    with _reporting(ctx):
        pm = _plugins(ctx)
        out = _console(stderr=False)
        for info in plugin_manager.describe_plugins(pm):
            out.print(f"{info.name}  {info.distribution} {info.version}  {info.file}",
                      markup=False, highlight=False)
            out.print("    " + ", ".join(info.hooks), markup=False, highlight=False)
        for name in _app(ctx).disabled:
            out.print(f"{name}  (disabled)", markup=False)
        if hooks:
            out.print("\nhooks:", markup=False)
            for name, func in hookdoc.hook_functions():
                doc = (func.__doc__ or "").strip().splitlines()[0]
                out.print(f"  {name}: {doc}", markup=False, highlight=False)
            del hookspecs


@main.command()
@SITE_DIR
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("-p", "--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder. Default: _site inside the site folder.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None,
              help="Worker processes for the first build. Default: every available core.")
@click.pass_context
def dev(ctx: click.Context, directory: Path, host: str, port: int, out: Path | None,
        jobs: int | None) -> None:
    """Build, serve on http://127.0.0.1:8000 and rebuild what each save affects.

    Only the pages a change touches are rendered again, and only the browser tabs showing
    them reload (at the same scroll position). A mistake is shown in the terminal and as an
    overlay in the browser, while the last good pages stay served, until you fix it.
    Plugin apps (the assistant) are served from the same address.
    """
    from mdxsite import pipeline
    from mdxsite.server.dev import DevSession

    root = directory.resolve()
    out_dir = (out or _default_out(root)).resolve()
    err = _console()

    def told(result: Any) -> None:
        for problem in result.problems:
            err.print(str(problem), style="red", markup=False, highlight=False, soft_wrap=True)
        what = (f"built {len(result.rendered)} pages" if result.full else
                f"rebuilt {len(result.rendered)} page{'s' if len(result.rendered) != 1 else ''}"
                f" ({len(result.written)} files written)")
        err.print(f"{what} in {result.seconds:.2f} s" if result.ok else
                  f"failed: {len(result.problems)} problem{'s' if len(result.problems) != 1 else ''}"
                  "; the last good pages stay served", markup=False, highlight=False)

    with _reporting(ctx):
        session = DevSession(root, out_dir, _plugins(ctx), host=host, port=port,
                             jobs=jobs or pipeline.cpu_jobs(), blocked=_app(ctx).disabled)
        session.engine.listeners.append(told)
        session.start()
        session.serve_forever(on_started=lambda: _console(stderr=False).print(
            f"serving {root} on {session.url}/ (Ctrl+C stops)", markup=False, highlight=False))


@main.command()
@SITE_DIR
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("-p", "--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("-o", "--out", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder. Default: _site inside the site folder.")
@click.pass_context
def serve(ctx: click.Context, directory: Path, host: str, port: int, out: Path | None) -> None:
    """Serve the built site and what plugins mount beside it (the assistant) with uvicorn.

    Builds first if the output is missing or older than a site file. One JSON access-log
    line per request goes to stderr (never headers, queries or bodies).

    \b
    Example:
      mdxsite serve sample_site --port 8000    # site + POST /v1/assistant/sample/message
    """
    import uvicorn

    from mdxsite.server.app import prepare_serving, site_app
    from mdxsite.server.dev import bind, url_of
    from mdxsite.server.protocol import JsonErrorsProtocol

    root = directory.resolve()
    out_dir = (out or _default_out(root)).resolve()
    err = _console()
    with _reporting(ctx):
        # bound first, as mdxsite dev does: a busy port fails before the build, and the port
        # printed below is the one listening (port 0 picks a free one)
        sock = bind(host, port)
        site, mounts, report = prepare_serving(root, out_dir, _plugins(ctx))
        if report is not None:
            err.print(f"built {report.pages} pages in {report.seconds:.2f} s", markup=False)
    handler = logging.StreamHandler(sys.stderr)
    for name in ("mdxsite.access", "mdxsite.plugins.assistant"):
        logging.getLogger(name).addHandler(handler)
        logging.getLogger(name).setLevel(logging.INFO)
        logging.getLogger(name).propagate = False
    extra = "".join(f" + {path}" for path, _ in mounts)
    err.print(f"serving {out_dir}{extra} on {url_of(sock, host)} (Ctrl+C stops)", markup=False)
    config = uvicorn.Config(site_app(out_dir, mounts, base_url=site.base_url), host=host,
                            port=port, log_level="warning", access_log=False,
                            timeout_keep_alive=5, timeout_graceful_shutdown=10,
                            limit_concurrency=1000, http=JsonErrorsProtocol)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn re-raises the Ctrl+C it handled: a normal stop
        pass
    if not server.started:
        ctx.exit(3)  # uvicorn.run's code for a server that never started (it logged why)


@main.command("openapi-check")
@click.argument("source", metavar="FILE_OR_URL")
@click.option("--overlay", "overlay_files", multiple=True, type=click.Path(dir_okay=False),
              help="An OpenAPI Overlay file to apply before checking (repeat: in that order).")
@click.pass_context
def openapi_check(ctx: click.Context, source: str, overlay_files: tuple[str, ...]) -> None:
    """Check an OpenAPI 3.0-3.2 document: exit 0 valid, 1 invalid or unreadable.

    Every problem is one line: file:line:column, the JSON path, what is wrong and what to do.
    Warnings (rule breaks that still make usable pages) do not fail the check. With
    --overlay, the document is checked as the overlays leave it (a build checks a site's
    specs that way).

    \b
    Example:
      mdxsite openapi-check api/openapi.yaml
      mdxsite openapi-check https://example.com/openapi.json
      mdxsite openapi-check api/openapi.yaml --overlay api/public-overlay.yaml
    """
    from mdxsite.openapi import overlays
    from mdxsite.openapi.check import check
    from mdxsite.openapi.load import load_path, load_source

    err = _console()
    try:
        doc = load_source(source)
        for name in overlay_files:
            overlays.apply(doc.data, load_path(Path(name), name, kind="Overlay"))
    except MdxsiteError as exc:
        for problem in exc.problems:
            err.print(str(problem), style="red", markup=False, highlight=False, soft_wrap=True)
        ctx.exit(EXIT_USER)  # the document's mistake, not the command line's
    found = check(doc).items
    for problem in found:
        err.print(str(problem), style="yellow" if problem.warning else "red", markup=False,
                  highlight=False, soft_wrap=True)
    errors = sum(1 for p in found if not p.warning)
    if errors:
        err.print(f"failed: {errors} problem{'s' if errors != 1 else ''}", style="bold red",
                  markup=False)
        ctx.exit(EXIT_USER)
    _console(stderr=False).print(f"{source}: valid OpenAPI {doc.data.get('openapi')}",
                                 markup=False, highlight=False)


def scraping_main() -> None:
    """Entry point of ``mdxsite-scraping``."""
    from mdxsite.openapi.scraping import cli as scraping_cli

    scraping_cli(prog_name="mdxsite-scraping")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
