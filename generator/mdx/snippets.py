"""Snippets: ``import X from '/snippets/x.mdx'``, ``import { v } from …``, ``export const``.

Snippet files render with the props they are given; a snippet may import others. A cycle is
an error naming the chain; a missing file or a ``.jsx`` component mdxsite cannot run is a
located warning, and its uses render as a placeholder.
"""

from __future__ import annotations

import html
import posixpath
import re
from functools import cached_property
from typing import TYPE_CHECKING, Any

from mdxsite.errors import MdxsiteError
from mdxsite.mdx import frontmatter, islands, jsvalue, variables
from mdxsite.mdx.jsx import scan_element

if TYPE_CHECKING:
    from mdxsite.mdx.render import Context

_DEFAULT = re.compile(r"^import\s+([A-Za-z_$][\w$]*)\s*(?:,\s*\{([^}]*)\})?\s*from\s*['\"]([^'\"]+)['\"]", re.S)
_NAMED = re.compile(r"^import\s*\{([^}]*)\}\s*from\s*['\"]([^'\"]+)['\"]", re.S)
_EXPORT = re.compile(r"^export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(.*)$", re.S)
# ({ a, b = 1 }) => …, (props) => …, props => …, () => …
_ARROW = re.compile(r"^(?:\(\s*(?:\{([^}]*)\}|([A-Za-z_$][\w$]*))?\s*\)|([A-Za-z_$][\w$]*))\s*=>(.*)$",
                    re.S)
_NO_TOOLCHAIN = ("React components run in the browser once esbuild and Preact are installed: "
                 "run `make theme-deps` in the mdxsite checkout (npm), or point "
                 "MDXSITE_THEME_DEPS at a folder where `npm install esbuild preact` ran")
_EXPORT_FN = re.compile(r"^export\s+(?:default\s+)?function\s+([A-Za-z_$][\w$]*)")


def _resolve(ctx: Context, spec: str) -> str:
    base = posixpath.dirname(ctx.file) if not spec.startswith("/") else ""
    return posixpath.normpath(posixpath.join(base, spec.lstrip("/") if spec.startswith("/") else spec))


def statement(ctx: Context, source: str, line: int | None) -> None:
    """Apply one import/export statement to ``ctx`` (scope and imported components)."""
    text = source.strip().rstrip(";")
    page_level = len(ctx.stack) == 1 and ctx.props is None  # islands run a page's own code
    m = _DEFAULT.match(text)
    if m:
        default, named, spec = m.groups()
        path = _resolve(ctx, spec)
        ctx.imports[default] = path
        if path.endswith(islands.SCRIPT_SUFFIXES) and page_level:
            ctx.scripts.append(text.replace(spec, "./" + path, 1))
        if named:
            _import_names(ctx, named, path, line)
        return
    m = _NAMED.match(text)
    if m:
        path = _resolve(ctx, m.group(2))
        if path.endswith(islands.SCRIPT_SUFFIXES) and page_level:
            ctx.scripts.append(text.replace(m.group(2), "./" + path, 1))
        _import_names(ctx, m.group(1), path, line)
        return
    m = _EXPORT.match(text)
    if m:
        name, value = m.groups()
        if page_level:
            ctx.scripts.append(text)
        component = _arrow_component(ctx, name, value, text, line)
        if component is not None:
            ctx.scope[name] = component
            return
        try:
            ctx.scope[name], undefined = jsvalue.evaluate(value.strip(), ctx.scope)
        except jsvalue.Unevaluable:
            if page_level and name[:1].isupper() and islands.toolchain() is not None:
                ctx.scope[name] = jsvalue.Script(name)  # drawn in the browser
                _warn_built_ins(ctx, line, name, value, "")
                return
            ctx.scope[name] = jsvalue.Undefined(name)
            ctx.warn(line, f"export {name!r} is JavaScript mdxsite does not run; where it is "
                     "used, a placeholder is shown", _script_hint(name), code="mdx.export")
        return
    m = _EXPORT_FN.match(text)
    if m:
        if page_level and islands.toolchain() is not None:
            ctx.scripts.append(text)
            ctx.scope[m.group(1)] = jsvalue.Script(m.group(1))
            return
        ctx.scope[m.group(1)] = jsvalue.Undefined(m.group(1))
        ctx.warn(line, f"function {m.group(1)!r} is JavaScript mdxsite does not run; where it "
                 "is used, a placeholder is shown", _script_hint(m.group(1)), code="mdx.export")
        return
    if not text.startswith("import"):
        ctx.warn(line, "this export is not understood and is ignored",
                 "write export const name = value", code="mdx.export")


def _script_hint(name: str) -> str:
    if not name[:1].isupper():
        return "export literals (strings, numbers, objects, arrays) or move the component " \
            "into a snippet"
    if islands.toolchain() is None:
        return _NO_TOOLCHAIN
    return "components run in the browser when defined in the page or in a .jsx snippet, " \
        "not in an .mdx snippet"


def _arrow_component(ctx: Context, name: str, value: str, text: str,
                     line: int | None) -> jsvalue.JsxComponent | None:
    """Read ``(…) => (<jsx/>)``, or ``(…) => { return (<jsx/>); }``, as a static component;
    None for anything else."""
    m = _ARROW.match(value)
    if m is None:
        return None
    destructured, whole, bare, body = m.groups()
    whole = whole or bare
    body = body.strip().rstrip(";").strip()
    if body.startswith("{") and body.endswith("}"):
        # a block body whose one statement returns the element: { return (<jsx/>); }
        ret = re.fullmatch(r"return\b\s*(.*?)\s*;?", body[1:-1].strip(), re.S)
        if ret is None:
            return None
        body = ret.group(1).strip()
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1].strip()
    if not body.startswith("<") or scan_element(body, 0) != len(body):
        return None  # a block body (hooks, return) or more than one element: not static
    params: list[tuple[str, str]] = []
    for part in _top_level_split(destructured or ""):
        prop, _, default = part.partition("=")
        if not re.fullmatch(r"\s*[A-Za-z_$][\w$]*\s*", prop):
            return None  # renamed or nested destructuring
        params.append((prop.strip(), default.strip()))
    start = ctx.where(line).line - 1 + text[:text.find(body[:40])].count("\n")
    written = ""
    if "```" not in body and "<pre" not in body:
        # the body is JSX, not Markdown: its text is inline, lines join as JSX joins them
        written, body = body, jsx_line(body)
    return jsvalue.JsxComponent(name, tuple(params), whole or "", body, ctx.file,
                                max(start, 0), written if "\n" in written else "")


# a JavaScript template literal: its line breaks are its own, not JSX whitespace
_TEMPLATE = re.compile(r"`(?:[^`\\]|\\.)*`", re.S)


def jsx_line(source: str) -> str:
    """Join JSX source into one line the way JSX treats whitespace.

    Each line is trimmed and blank ones dropped; text lines join with a space, and a line
    break beside a tag or an ``{expression}`` disappears. A template literal (``{`a
    b`}``, the code of a <CodeBlock>) keeps its lines, written as ``\\n`` escapes: they are
    JavaScript, not JSX text.
    """
    kept: list[str] = []

    def hold(m: re.Match[str]) -> str:
        kept.append(m.group(0).replace("\r\n", "\n").replace("\n", "\\n"))
        return f"\x00{len(kept) - 1}\x00"

    out = ""
    for line in (ln.strip() for ln in _TEMPLATE.sub(hold, source).split("\n")):
        if not line:
            continue
        if out and not (out.endswith((">", "}")) or line.startswith(("<", "{"))):
            out += " "
        out += line
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], out)


def _top_level_split(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [p for p in (*parts, current) if p.strip()]


def render_arrow(ctx: Context, component: jsvalue.JsxComponent, props: dict[str, Any],
                 children: str, line: int | None) -> str:
    """Render a static arrow-function component with the props it is given."""
    key = f"{component.file}#{component.name}"
    if key in ctx.stack:
        ctx.error(line, f"<{component.name}> renders itself: {' -> '.join((*ctx.stack, key))}",
                  "remove the self-reference")
        return ""
    from markupsafe import Markup

    from mdxsite.mdx.render import render_mdx

    bound: dict[str, Any] = {"children": Markup(children)}
    for prop, default in component.params:
        if prop == "children" and "children" not in props:
            continue
        if prop in props:
            bound[prop] = props[prop]
        elif default:
            try:
                bound[prop] = jsvalue.evaluate(default, ctx.scope)[0]
            except jsvalue.Unevaluable:
                bound[prop] = None
        else:
            bound[prop] = None  # an absent prop is undefined: prints nothing
    if component.whole:
        bound[component.whole] = {**props, "children": bound["children"]}
    child = ctx.child(component.file, component.offset)
    if component.file == ctx.file:  # defined on the page: a link its props fill in is
        child.page_lines, child.page_offset = ctx.page_lines, ctx.page_offset  # at the call
    child.stack = (*ctx.stack, key)
    child.scope = dict(ctx.scope)
    child.imports = dict(ctx.imports)
    child.props = bound
    if component.written:  # located on the lines as written, not on the joined one
        child.written = component.written.split("\n")
    return render_mdx(component.source, child)


def _import_names(ctx: Context, names: str, path: str, line: int | None) -> None:
    exports = load_exports(ctx, path, line)
    script = _Script(ctx, path) if path.endswith(islands.SCRIPT_SUFFIXES) \
        and (ctx.site.root / path).is_file() else None
    for part in names.split(","):
        part = part.strip()
        if not part:
            continue
        original, _, alias = part.partition(" as ")
        original, alias = original.strip(), (alias.strip() or original.strip())
        if script is not None and original in script.data:
            ctx.deps.add(path)
            ctx.scope[alias] = script.data[original]  # data: known at build time
        elif script is not None and original in script.components:
            ctx.deps.add(path)
            ctx.scope[alias] = script.components[original]  # static JSX: drawn at build time
        elif script is not None and islands.toolchain() is not None:
            ctx.deps.add(path)
            ctx.scope[alias] = jsvalue.Script(alias)  # drawn in the browser
            _warn_built_ins(ctx, line, original, script.sources.get(original, ""), path)
        elif exports is None:
            ctx.scope[alias] = jsvalue.Undefined(alias)
        elif original in exports:
            ctx.scope[alias] = exports[original]
        else:
            ctx.warn(line, f"{path!r} exports no {original!r}", "check the name in the snippet",
                     code="mdx.import")
            ctx.scope[alias] = jsvalue.Undefined(alias)


_SCRIPT_EXPORT = re.compile(r"^export\s+const\s+([A-Za-z_$][\w$]*)\s*=", re.M)
_TAG_NAME = re.compile(r"<([A-Z][\w.]*)")


class _Script:
    """A script snippet (``.jsx``, ``.js`` …) that one import statement names from: read once
    for all its names, each of its readings made on first use (a file it cannot read has none).
    """

    def __init__(self, ctx: Context, path: str) -> None:
        self.ctx, self.path = ctx, path
        try:
            self.text: str | None = (ctx.site.root / path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            self.text = None

    @cached_property
    def data(self) -> dict[str, object]:
        """The literal exports (data such as a list of rows), which text, props and static
        components use as they would an ``export const`` of an MDX snippet."""
        return jsvalue.literal_exports(self.text) if self.text is not None else {}

    @cached_property
    def components(self) -> dict[str, jsvalue.JsxComponent]:
        """The components that are static JSX drawing the platform's built-in components
        (``export const Setup = ({ a }) => (<Steps>…</Steps>)``): drawn at build time, as the
        same component defined in a page is.

        The built-in components (<Steps>, <Note>, <CodeBlock> …) exist at build time only: in
        the browser such a component stopped at its first one ("Steps is not defined") and
        showed nothing. Anything else (hooks, logic, plain HTML, a snippet that imports) stays
        an island.
        """
        text = self.text
        if text is None or re.search(r"^\s*import\b", text, re.M):
            return {}
        from mdxsite.mdx.components import BUILT_IN_TAGS

        found: dict[str, jsvalue.JsxComponent] = {}
        child = self.ctx.child(self.path, 0)
        for m, end in _exports(text):
            statement_text = text[m.start():end].strip()
            value = text[m.end():end].strip().rstrip(";").strip()
            line = text.count("\n", 0, m.start())
            component = _arrow_component(child, m.group(1), value, statement_text, line)
            tags = set(_TAG_NAME.findall(component.source)) if component is not None else set()
            if component is not None and tags and tags <= BUILT_IN_TAGS:
                found[m.group(1)] = component
        return found

    @cached_property
    def sources(self) -> dict[str, str]:
        """The text of each ``export const name = …``, after the ``=`` up to the next export
        (the first, when a name is exported twice)."""
        text = self.text or ""
        found: dict[str, str] = {}
        for m, end in _exports(text):
            found.setdefault(m.group(1), text[m.end():end])
        return found


def _exports(text: str) -> list[tuple[re.Match[str], int]]:
    """Each ``export const`` of a script snippet, with where its text ends: at the next
    export, or at the end of the file."""
    starts = list(_SCRIPT_EXPORT.finditer(text))
    return [(m, starts[i + 1].start() if i + 1 < len(starts) else len(text))
            for i, m in enumerate(starts)]


def _warn_built_ins(ctx: Context, line: int | None, name: str, source: str, path: str) -> None:
    """Say so when a component run in the browser draws built-in components (<Steps>, <Note>
    …): they exist at build time only, so in the browser it stops at the first one."""
    from mdxsite.mdx.components import BUILT_IN_TAGS

    defined = set(re.findall(r"\b(?:const|let|var|function|class)\s+([A-Z][\w$]*)", source))
    used = sorted(set(_TAG_NAME.findall(source)) & BUILT_IN_TAGS - defined)
    if not used:
        return
    where = f" in {path!r}" if path else ""
    tags = ", ".join(f"<{t}>" for t in used)
    ctx.warn(line, f"<{name}>{where} runs in the reader's browser and draws {tags}, built-in "
             "components that exist at build time only: in the browser it stops there and "
             "its place stays empty",
             "make it static JSX (props in, elements out: no hooks or other statements) so it "
             "is drawn at build time, or draw plain HTML elements in it", code="mdx.island-builtin")


def _read(ctx: Context, path: str, line: int | None) -> tuple[str, int] | None:
    full = ctx.site.root / path
    if not full.is_file():
        ctx.warn(line, f"import {path!r}: file not found", "create it or fix the path",
                 code="mdx.missing-import")
        return None
    if not path.endswith((".mdx", ".md")):
        return None
    ctx.deps.add(path)
    try:
        _, body, offset = frontmatter.read(full, path)
    except MdxsiteError as exc:
        ctx.errors.extend(exc.problems)
        return None
    return variables.apply(ctx.site.config.raw.get("variables"), body, path, offset, ctx.problems), offset


def load_exports(ctx: Context, path: str, line: int | None) -> dict[str, Any] | None:
    """Return the ``export const`` values of a snippet file (None if it cannot be read)."""
    if path in ctx.stack:
        ctx.error(line, f"snippet import cycle: {' -> '.join((*ctx.stack, path))}",
                  "remove one of the imports")
        return None
    read = _read(ctx, path, line)
    if read is None:
        return None
    body, offset = read
    child = ctx.child(path, offset)
    from mdxsite.mdx.render import parser

    for tok in parser().parse(body, {"mdx": child}):
        if tok.type == "mdx_statement":
            statement(child, tok.content, tok.map[0] if tok.map else None)
    return child.scope


def render_component(ctx: Context, name: str, props: dict[str, Any], line: int | None) -> str:
    """Render an imported snippet used as ``<Name …/>`` with its props."""
    path = ctx.imports[name]
    if path in ctx.stack:
        ctx.error(line, f"snippet cycle: {' -> '.join((*ctx.stack, path))}",
                  "remove one of the references")
        return ""
    if not path.endswith((".mdx", ".md")):
        if (ctx.site.root / path).is_file() and islands.toolchain() is not None and \
                len(ctx.stack) == 1:
            from mdxsite.mdx.render import island

            ctx.deps.add(path)
            return island(ctx, name, props, "")
        if (ctx.site.root / path).is_file():
            ctx.deps.add(path)
            ctx.warn(line, f"<{name}> comes from {path!r}, a JavaScript component mdxsite does "
                     "not run; a placeholder is shown", _NO_TOOLCHAIN, code="mdx.jsx-snippet")
        else:
            ctx.warn(line, f"<{name}>: {path!r} not found; a placeholder is shown",
                     "create the file or fix the import", code="mdx.missing-import")
        return f'<div class="mdx-placeholder" data-component="{html.escape(name)}"></div>'
    read = _read(ctx, path, line)
    if read is None:
        return f'<div class="mdx-placeholder" data-component="{html.escape(name)}"></div>'
    body, offset = read
    from mdxsite.mdx.render import render_mdx

    child = ctx.child(path, offset)
    child.props = dict(props)
    return render_mdx(body, child)


def render_legacy(ctx: Context, props: dict[str, Any], line: int | None) -> str:
    """Render ``<Snippet file="x.mdx" />`` from ``snippets/`` or ``_snippets/``."""
    file = props.get("file")
    if not isinstance(file, str) or not file:
        ctx.warn(line, "<Snippet> needs file=\"name.mdx\"", "add the file prop", code="mdx.snippet")
        return ""
    for folder in ("snippets", "_snippets"):
        path = posixpath.normpath(posixpath.join(folder, file.lstrip("/")))
        if (ctx.site.root / path).is_file():
            ctx.imports["__snippet__"] = path
            return render_component(ctx, "__snippet__", {k: v for k, v in props.items()
                                                          if k != "file"}, line)
    ctx.warn(line, f"<Snippet file={file!r}>: not found in snippets/ or _snippets/",
             "create it or fix the name", code="mdx.missing-import")
    return ""
