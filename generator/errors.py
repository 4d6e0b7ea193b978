"""Located problems: what a user did wrong, where, and what to do about it.

Every user mistake becomes a :class:`Problem` with a :class:`Location`; a stage that finds
one or more raises :class:`MdxsiteError`. ``cli.py`` prints one line per problem and exits 1,
with no traceback. Anything else a plugin raises is wrapped in :class:`PluginError`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

log = logging.getLogger("mdxsite")


def plain_repr(cls: type) -> type:
    """Give a dataclass that can never contain itself the ``__repr__`` dataclasses would,
    minus its guard against cycles.

    The render cache digests ``repr`` of every page and of the navigation on every build;
    the guard (a set lookup per object) made that 40% slower (0.07 s on 10,000 pages).
    """
    import dataclasses

    fields = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in dataclasses.fields(cls) if f.repr)
    namespace: dict[str, object] = {}
    exec(f"def __repr__(self):\n    return f'{cls.__qualname__}({fields})'", namespace)  # noqa: S102
    setattr(cls, "__repr__", namespace["__repr__"])
    return cls


@plain_repr
@dataclass(frozen=True, slots=True, order=True)
class Location:
    """A place in a file: ``docs.json:41:17``. Line and column are 1-based; 0 means unknown."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line and self.column:
            return f"{self.file}:{self.line}:{self.column}"
        if self.line:
            return f"{self.file}:{self.line}"
        return self.file

    def shifted(self, lines: int) -> Location:
        """Return the same place ``lines`` further down (a page body after its frontmatter)."""
        return Location(self.file, self.line + lines if self.line else 0, self.column)


@dataclass(frozen=True, slots=True, order=True)
class JsonPath:
    """A path into a JSON document, printed as ``navigation.tabs[2].groups[0]``."""

    parts: tuple[str | int, ...] = ()

    def __truediv__(self, part: str | int) -> JsonPath:
        return JsonPath((*self.parts, part))

    def __str__(self) -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.parts).lstrip(".")

    @classmethod
    def parse(cls, text: str) -> JsonPath:
        """Read back what ``str`` printed: ``navigation.tabs[2].groups[0]`` (keys without dots
        or brackets, as docs.json's own are)."""
        parts: list[str | int] = []
        for key, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", text):
            parts.append(int(index) if index else key)
        return cls(tuple(parts))


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One located mistake (or warning) with a hint that says what to do."""

    where: Location
    message: str
    hint: str = ""
    path: str = ""  # JSON path, when the problem is inside a JSON/YAML document
    code: str = ""  # short stable identifier, e.g. ``nav.unlisted-page``
    warning: bool = False

    def __str__(self) -> str:
        head = f"{self.where}: "
        if self.warning:
            head += "warning: "
        if self.path:
            head += f"{self.path}: "
        text = head + self.message
        if self.hint:
            text += ". " + _sentence(self.hint)
        if self.warning and self.code:
            text += f" [{self.code}]"
        return text


class MdxsiteError(Exception):
    """A user mistake: one or more located problems. Exit code 1, no traceback."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems: tuple[Problem, ...] = tuple(sorted(problems))
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def single(cls, message: str, *, hint: str = "", where: Location | None = None,
               path: str = "", code: str = "") -> MdxsiteError:
        """Build an error with one problem (``where`` defaults to the command line)."""
        return cls([Problem(where or Location("mdxsite"), message, hint, path, code)])


class PluginError(Exception):
    """Something a plugin raised that is not an :class:`MdxsiteError`: a bug in that plugin.

    Names the one plugin whose implementation raised (its distribution and version), the
    hook, the page being built and ``where`` (``file:line`` in the plugin's code).
    """

    def __init__(self, plugin: str, distribution: str, hook: str, page: str,
                 cause: BaseException | str, *, version: str = "", where: str = ""):
        self.plugin, self.distribution, self.hook, self.page = plugin, distribution, hook, page
        self.cause, self.version, self.where = cause, version, where
        # a str: the description of an exception raised in a worker process
        self.described = cause if isinstance(cause, str) else f"{type(cause).__name__}: {cause}"
        dist = f"{distribution} {version}".strip()
        context = f" while rendering {page!r}" if page else ""
        at = f" at {where}" if where else ""
        super().__init__(f"plugin {plugin!r} ({dist}) failed in {hook}{context}{at}: "
                         f"{self.described}")

    def __reduce__(self) -> tuple[object, ...]:
        # raised in worker processes: must survive pickling back to the parent
        return (_plugin_error, (self.plugin, self.distribution, self.hook, self.page,
                                self.described, self.version, self.where))


def _plugin_error(plugin: str, distribution: str, hook: str, page: str, cause: str,
                  version: str, where: str) -> PluginError:
    return PluginError(plugin, distribution, hook, page, cause, version=version, where=where)


@dataclass
class Problems:
    """Collects every problem of one validation run, locating JSON paths through a source map.

    ``locate`` maps a :class:`JsonPath` to the :class:`Location` of the value there (the file
    may differ per path when docs.json pulls in other files with ``$ref``).
    """

    locate: object = None  # Callable[[JsonPath], Location]
    file: str = "docs.json"
    items: list[Problem] = field(default_factory=list)

    def where(self, at: JsonPath, *, key: bool = False) -> Location:
        """Return where ``at`` stands: its value, or with ``key`` its key in the object."""
        if key and hasattr(self.locate, "key"):
            return self.locate.key(at)
        if callable(self.locate):
            return self.locate(at)
        return Location(self.file)

    def path(self, at: JsonPath) -> str:
        """Return how messages name ``at`` (a mint.json site's own key, not the upgraded one)."""
        named = getattr(self.locate, "path", None)
        return named(at) if callable(named) else str(at)

    def add(self, at: JsonPath, message: str, *, hint: str = "", code: str = "",
            key: bool = False) -> Problem:
        """Record an error at ``at`` (at its key with ``key=True``), and return it."""
        found = Problem(self.where(at, key=key), message, hint, self.path(at), code)
        self.items.append(found)
        return found

    def warn(self, at: JsonPath, message: str, *, hint: str = "", code: str = "",
             key: bool = False) -> Problem:
        """Record a warning at ``at``: reported and counted, never fatal (except ``--strict``).
        Returns it."""
        found = Problem(self.where(at, key=key), message, hint, self.path(at), code, warning=True)
        self.items.append(found)
        return found

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if not p.warning]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.warning]

    def raise_if_errors(self) -> None:
        """Log the warnings, then raise :class:`MdxsiteError` if any error was recorded."""
        report_warnings(self.warnings)
        if self.errors:
            raise MdxsiteError(self.errors)


def report_warnings(problems: Sequence[Problem]) -> None:
    """Send located warnings to the ``mdxsite`` logger, where the CLI prints and counts them:
    each distinct one once (a snippet's warning is found again on every page importing it)."""
    for p in dict.fromkeys(problems):
        log.warning("%s", p, extra={"where": p.where, "code": p.code, "problem": p})


def warn(where: Location, message: str, hint: str = "", *, code: str = "plugin") -> None:
    """Report one located warning, as mdxsite's own are: printed as ``file:line:col: warning:
    message. Hint. [code]``, counted in the build's summary, fatal with ``--strict``.

    For a plugin: ``warn(Location("docs/feed.mdx", 3, 1), "no date", "add date: 2026-01-05",
    code="feed.no-date")``. Raise :class:`MdxsiteError` instead for a mistake that must stop
    the build.
    """
    report_warnings([Problem(where, message, hint, code=code, warning=True)])


def describe(value: object) -> str:
    """Name a JSON value's type the way a docs author would: 'a string', 'an array'…"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
