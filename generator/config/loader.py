"""Read docs.json and the files it pulls in with ``$ref``, keeping every value's location.

``{"$ref": "nav/en.json"}`` anywhere in docs.json is replaced by that file's content (the path
is relative to the file holding the ``$ref``); sibling keys are merged over a referenced
object. Referenced files may reference others. A cycle, a missing file or a path leaving the
site is an error naming the file and JSON path of the ``$ref``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from mdxsite.config import sourcemap
from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem, describe

CONFIG_NAMES = ("docs.json",)
LEGACY_NAMES = ("mint.json",)


class Locator:
    """Maps JSON paths of the merged document to where they were written (any file).

    Positions are worked out on first use: a valid docs.json is read with ``json`` (fast) and
    walked again with the position-keeping parser only when something needs a line:column.
    On 10,000 pages that keeps half a second out of every build that finds nothing wrong.
    """

    def __init__(self, default: Location = Location("docs.json")) -> None:
        self.default = default
        self._values: dict[tuple[str | int, ...], Location] = {}
        self._keys: dict[tuple[str | int, ...], Location] = {}
        # files read but not yet mapped: (JSON path they were placed at, display name, text)
        self._pending: list[tuple[tuple[str | int, ...], str, str]] = []

    def add(self, prefix: tuple[str | int, ...], name: str, smap: sourcemap.SourceMap) -> None:
        """Record the positions of a file placed at ``prefix`` of the merged document."""
        self._materialize()
        for p, (line, col) in smap.values.items():
            self._values[(*prefix, *p)] = Location(name, line, col)
        for p, (line, col) in smap.keys.items():
            self._keys[(*prefix, *p)] = Location(name, line, col)

    def add_later(self, prefix: tuple[str | int, ...], name: str, text: str) -> None:
        """Like :meth:`add` for a file known to parse, mapped only if a position is asked for."""
        self._materialize()
        self._pending.append((prefix, name, text))

    def _materialize(self) -> None:
        pending, self._pending = self._pending, []
        for prefix, name, text in pending:
            self.add(prefix, name, sourcemap.parse(text, name)[1])

    @property
    def values(self) -> dict[tuple[str | int, ...], Location]:
        self._materialize()
        return self._values

    @property
    def keys(self) -> dict[tuple[str | int, ...], Location]:
        self._materialize()
        return self._keys

    def value(self, at: JsonPath | tuple[str | int, ...]) -> Location:
        parts = at.parts if isinstance(at, JsonPath) else at
        values = self.values
        while parts:
            if parts in values:
                return values[parts]
            parts = parts[:-1]
        return values.get((), self.default)

    def key(self, at: JsonPath | tuple[str | int, ...]) -> Location:
        parts = at.parts if isinstance(at, JsonPath) else at
        return self.keys.get(parts) or self.value(parts)

    def __call__(self, at: JsonPath) -> Location:
        return self.value(at)

    def path(self, at: JsonPath) -> str:
        """Return how messages name ``at``: its JSON path in the file the author wrote."""
        return str(at)

    def setting(self, dotted: str) -> str:
        """Return how messages name the setting ``dotted`` (``api.mdx.server``) when they ask
        the author to write it, whether or not the file has it."""
        return dotted


class UpgradedLocator(Locator):
    """Locates the docs.json paths of an upgraded mint.json in that mint.json.

    The author of a mint.json site never wrote ``navbar.links[0].href``: a problem found there
    is reported at the mint.json value it came from (``topbarLinks[0].url``), with its line:column.
    """

    def __init__(self, source: Locator, origins: dict[tuple[str | int, ...], tuple[str | int, ...]]):
        super().__init__(default=source.default)
        self.source = source  # where mint.json's own paths were written
        self.origins = origins  # docs.json path -> the mint.json path it was read from
        self.upgraded: list[str] = []  # mint.json keys read in their docs.json form
        self.dropped: list[str] = []  # mint.json keys the upgrade has no docs.json form for
        self.dropped_nested: list[tuple[str | int, ...]] = []  # keys inside objects, dropped
        # values of the wrong type, left out of the upgrade: (path, what was expected, hint)
        self.misshapen: list[tuple[tuple[str | int, ...], str, str]] = []

    def origin(self, at: JsonPath | tuple[str | int, ...]) -> tuple[tuple[str | int, ...], bool]:
        """Return the mint.json path ``at`` came from, and whether it is ``at``'s own (False:
        ``at`` is missing or made by the upgrade, and this is its nearest parent's)."""
        parts = at.parts if isinstance(at, JsonPath) else at
        probe = parts
        while probe not in self.origins:
            probe = probe[:-1]
        return self.origins[probe], probe == parts

    @property
    def values(self) -> dict[tuple[str | int, ...], Location]:
        return self.source.values

    @property
    def keys(self) -> dict[tuple[str | int, ...], Location]:
        return self.source.keys

    def value(self, at: JsonPath | tuple[str | int, ...]) -> Location:
        return self.source.value(self.origin(at)[0])

    def key(self, at: JsonPath | tuple[str | int, ...]) -> Location:
        found, own = self.origin(at)
        return self.source.key(found) if own else self.source.value(found)

    def path(self, at: JsonPath) -> str:
        found = JsonPath(self.origin(at)[0])
        if found == at:
            return str(at)
        if not found.parts:  # made by the upgrade out of several keys, or none
            return f"docs.json's {at} (made from mint.json by the upgrade)"
        return f"{found} (read as docs.json's {at})"

    def setting(self, dotted: str) -> str:
        from mdxsite.config import mint

        return mint.setting(dotted) or dotted


def check_root(root: Path) -> None:
    """Raise a located error when the site folder ``root`` is not there."""
    if not root.is_dir():
        raise MdxsiteError.single(f"the site folder {str(root)!r} does not exist",
                                  hint="pass the folder that holds docs.json",
                                  where=Location("command line"))


def find_config(root: Path) -> Path:
    """Return the docs.json of ``root`` (else its legacy mint.json), or raise a located error
    saying what to do."""
    for name in (*CONFIG_NAMES, *LEGACY_NAMES):
        if (root / name).is_file():
            return root / name
    check_root(root)
    raise MdxsiteError.single(f"no docs.json in {str(root)!r}",
                              hint="create docs.json with at least a name and a navigation, "
                                   "or pass the right folder",
                              where=Location(str(root / "docs.json")))


def load(root: Path) -> tuple[dict[str, object], Locator]:
    """Return docs.json with every ``$ref`` resolved, and where each value came from.

    A site with only a mint.json (the platform's old format) is read as the docs.json the
    platform's upgrade makes of it; the locator is then an :class:`UpgradedLocator`, whose
    ``upgraded`` names the keys that changed form.
    """
    path = find_config(root)
    locator = Locator(default=Location(path.name))
    value = _load_file(path, root.resolve(), (), locator, stack=(), problems=[])
    if not isinstance(value, dict):
        raise MdxsiteError([Problem(Location(path.name, 1, 1),
                                    f"{path.name} must hold an object, got {describe(value)}",
                                    'start the file with { "name": …, "navigation": … }')])
    if path.name in LEGACY_NAMES:
        from mdxsite.config import mint

        misshapen = mint.misshapen(value)
        upgraded, origins = mint.upgrade_located(value, [at for at, _, _ in misshapen])
        located = UpgradedLocator(locator, origins)
        located.misshapen = misshapen
        located.upgraded = mint.upgraded_keys(value) or ["name"]
        located.dropped = mint.dropped_keys(value)
        located.dropped_nested = mint.dropped_nested(value)
        return upgraded, located
    return value, locator


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _load_file(path: Path, root: Path, prefix: tuple[str | int, ...], locator: Locator,
               stack: tuple[Path, ...], problems: list[Problem]) -> object:
    name = _display(path, root)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise MdxsiteError.single("the file is not UTF-8 text", hint="save it as UTF-8",
                                  where=Location(name)) from None
    # $refs report their mistakes with positions: such a file is read with them at once
    value = _UNREAD if "$ref" in text else _strict_json(text)
    if value is _UNREAD:  # a mistake to locate, or $refs
        value, smap = sourcemap.parse(text, name)
        locator.add(prefix, name, smap)
    else:
        locator.add_later(prefix, name, text)
    resolved = _resolve(value, path, root, prefix, locator, (*stack, path.resolve()), problems)
    if problems and not stack:
        raise MdxsiteError(problems)
    return resolved


_UNREAD = object()


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("duplicate key")
    return out


def _no_constant(name: str) -> object:
    raise ValueError(name)


def _strict_json(text: str) -> object:
    """Parse ``text`` with ``json`` if our own parser would accept it alike; else ``_UNREAD``.

    Anything ``json`` is laxer about (duplicate keys, NaN) or rejects (comments, trailing
    commas) goes to :mod:`sourcemap`, which accepts or explains it with a line:column.
    """
    try:
        return json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_no_duplicates,
                          parse_constant=_no_constant)
    except ValueError:
        return _UNREAD


def _resolve(value: object, holder: Path, root: Path, at: tuple[str | int, ...],
             locator: Locator, stack: tuple[Path, ...], problems: list[Problem]) -> object:
    if isinstance(value, list):
        return [_resolve(v, holder, root, (*at, i), locator, stack, problems)
                for i, v in enumerate(value)]
    if not isinstance(value, dict):
        return value
    if "$ref" not in value:
        return {k: _resolve(v, holder, root, (*at, k), locator, stack, problems)
                for k, v in value.items()}
    ref = value["$ref"]
    where = locator.value((*at, "$ref"))
    path_text = str(JsonPath(at)) or "(root)"

    def problem(message: str, hint: str) -> None:
        problems.append(Problem(where, message, hint, path_text + ".$ref" if at else "$ref"))

    if not isinstance(ref, str) or not ref.strip():
        problem(f"$ref must be a file path, got {describe(ref)}", 'write "$ref": "nav/en.json"')
        return None
    file_part = ref.split("#", 1)[0]
    if not file_part:
        problem(f"$ref {ref!r} points inside the same file, which docs.json does not support",
                "move the shared part into its own .json file and reference that")
        return None
    target = (holder.parent / file_part).resolve()
    if not target.is_relative_to(root):
        problem(f"$ref {ref!r} leads outside the site folder", "keep referenced files inside the site")
        return None
    if target in stack:
        chain = " -> ".join(_display(p, root) for p in (*stack, target))
        problem(f"$ref {ref!r} makes a cycle ({chain})", "remove one of the references")
        return None
    if not target.is_file():
        problem(f"$ref {ref!r}: file not found ({_display(target, root)})",
                "create the file or fix the path (it is relative to the file holding the $ref)")
        return None
    # the referenced file's locations replace ours below ``at``; sibling keys keep theirs
    def below(table: dict[tuple[str | int, ...], Location]) -> dict[tuple[str | int, ...], Location]:
        return {p: loc for p, loc in table.items()
                if len(p) > len(at) and p[:len(at)] == at and p[len(at)] != "$ref"}

    keep_values, keep_keys = below(locator.values), below(locator.keys)
    try:
        loaded = _load_file(target, root, at, locator, stack, problems)
    except MdxsiteError as exc:
        problems.extend(exc.problems)
        return None
    if "#" in ref:
        loaded = _pointer(loaded, ref.split("#", 1)[1], problem)
    siblings = {k: v for k, v in value.items() if k != "$ref"}
    if not siblings:
        return loaded
    if not isinstance(loaded, dict):
        problem(f"$ref {ref!r} has sibling keys but the file holds {describe(loaded)}",
                "sibling keys can only be merged over an object")
        return loaded
    merged = dict(loaded)
    locator.values.update(keep_values)
    locator.keys.update(keep_keys)
    for k, v in siblings.items():
        merged[k] = _resolve(v, holder, root, (*at, k), locator, stack, problems)
    return merged


def _pointer(value: object, pointer: str, problem: Callable[[str, str], None]) -> object:
    for raw in [p for p in pointer.split("/") if p]:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            problem(f"$ref pointer #{pointer} not found in the file", "fix the part after #")
            return None
    return value
