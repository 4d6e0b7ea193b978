"""The built-in MDX component set: the platform's components, each with its own template.

The built-in ``mdx`` plugin contributes them through ``mdxsite_components``, the hook any
plugin uses to add one. Overriding a component's template (``components/note.html`` in the
site's ``_templates/`` or a plugin's template folder) changes that component alone.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Mapping
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

from mdxsite.model import Component

# callouts share one look (components/callout.html) and differ by ``kind``
CALLOUTS = {"Note": "note", "Tip": "tip", "Warning": "warning", "Info": "info",
            "Check": "check", "Danger": "danger", "Callout": "callout"}
# text-level components: no line break follows them
_INLINE = frozenset({"Icon", "Tooltip", "Badge", "Color", "Mention"})
_NAMES = (
    "Note Tip Warning Info Check Danger Callout Card CardGroup Columns Tabs Tab CodeGroup "
    "Accordion AccordionGroup Steps Step Frame Icon Tooltip Badge Tile Tree Tree.Folder Tree.File "
    "Panel Update Expandable ParamField ResponseField RequestExample ResponseExample Mermaid "
    "Latex Color Color.Item Color.Row View Banner Snippet Link Visibility Prompt GitHub.Repo "
    "Column FileTree Heading Variation Timeline Timeline.Item Popup PopupTrigger PopupContent "
    "Terminal Graph Mention").split()

# The props the platform documents for a component (its component pages, prop by prop), with
# the values a prop accepts where it lists them (None: any value). A prop a component is written
# with that is not here is a located warning: accepted but not honoured would be silence.
# Components without an entry (Link, Snippet, Banner, Mermaid: no component page of the
# platform's documents their props) accept any prop.
_ICON: dict[str, tuple[str, ...] | None] = {"icon": None, "iconType": None}
# the typed callouts take the generic Callout's icon and colour too (sites write <Info icon=…>)
_CALLOUT: dict[str, tuple[str, ...] | None] = {**_ICON, "color": None}
_DROPDOWN: dict[str, tuple[str, ...] | None] = {"dropdown": None}
_TITLE_SIZES = ("p", "h2", "h3", "h4")
# the marker colours of <Timeline.Item> (its component page lists them; gray is the default)
_MARKER_COLORS = ("gray", "blue", "green", "yellow", "orange", "red", "purple")
PROPS: dict[str, dict[str, tuple[str, ...] | None]] = {
    **{name: _CALLOUT for name in CALLOUTS},
    # type: the callout look (its colours and its default icon) on a card
    "Card": {"title": None, **_ICON, "color": None, "href": None, "horizontal": None,
             "img": None, "cta": None, "arrow": None,
             "type": ("info", "warning", "note", "tip", "check", "danger")},
    "CardGroup": {"cols": None},
    "Columns": {"cols": None},
    "Column": {},
    "Tabs": {"defaultTabIndex": None, "sync": None, "borderBottom": None},
    "Tab": {"title": None, **_ICON},
    "CodeGroup": _DROPDOWN,
    "RequestExample": _DROPDOWN,
    "ResponseExample": _DROPDOWN,
    # id: the anchor to link to it (the platform defaults it to the title)
    "Accordion": {"title": None, "description": None, "defaultOpen": None, "id": None, **_ICON},
    "AccordionGroup": {},
    # lazy: the platform draws the children on first opening; a static page has them already,
    # and the reader sees the same either way
    "Expandable": {"title": None, "defaultOpen": None, "lazy": None},
    "Steps": {"titleSize": _TITLE_SIZES},
    # id: a step listed in the contents (titleSize h2 or h3) and an update are linked to by it
    # (the platform's contents read it; else the title's or label's slug); noAnchor keeps a
    # step out of them
    "Step": {"title": None, **_ICON, "stepNumber": None, "titleSize": _TITLE_SIZES, "id": None,
             "noAnchor": None},
    "Frame": {"caption": None, "hint": None},
    "Icon": {**_ICON, "color": None, "size": None, "className": None},
    "Tooltip": {"tip": None, "headline": None, "cta": None, "href": None},
    "Badge": {"color": ("gray", "blue", "green", "yellow", "orange", "red", "purple", "white",
                        "surface", "white-destructive", "surface-destructive"),
              "size": ("xs", "sm", "md", "lg"), "shape": ("rounded", "pill"), **_ICON,
              "stroke": None, "disabled": None, "className": None},
    "Tile": {"href": None, "title": None, "description": None},
    "Panel": {},
    "Latex": {},
    "Update": {"label": None, "description": None, "tags": None, "rss": None, "id": None},
    "ParamField": {"query": None, "path": None, "body": None, "header": None, "type": None,
                   "required": None, "default": None, "placeholder": None, "deprecated": None},
    "ResponseField": {"name": None, "type": None, "required": None, "default": None,
                      "deprecated": None, "pre": None, "post": None},
    "Color": {"variant": ("compact", "table")},
    "Color.Row": {"title": None},
    "Color.Item": {"name": None, "value": None},
    "View": {"title": None, **_ICON},
    "Visibility": {"for": ("humans", "agents")},
    "Variation": {"is": None},
    "Prompt": {"description": None, "actions": None, "icon": None, "iconType": None,
               "className": None},
    "GitHub.Repo": {"repo": None, "variant": ("inset", "flat"), "className": None},
    "Tree": {},
    "FileTree": {},
    # highlight: what bold marks in the Markdown-list form, so the element form has it too
    "Tree.Folder": {"name": None, "defaultOpen": None, "openable": None, "highlight": None},
    "Tree.File": {"name": None, "highlight": None},
    # the platform's React heading ("Format text"): an <hN>, with no anchor link under noAnchor
    "Heading": {"level": ("1", "2", "3", "4", "5", "6"), "id": None, "noAnchor": None},
    "Mention": {"user": None, "page": None},
    "Timeline": {},
    "Timeline.Item": {"title": None, "date": None, **_ICON, "color": _MARKER_COLORS},
    "Popup": {},
    "PopupTrigger": {},
    "PopupContent": {},
    "Terminal": {"title": None, "theme": ("dark", "light", "matrix", "retro"),
                 "interactive": None, "height": None, "maxHeight": None,
                 "showLineNumbers": None, "copyable": None},
    "Graph": {"type": ("line", "bar", "area", "pie", "donut"), "title": None, "xKey": None,
              "yKey": None, "height": None, "color": None, "stacked": None, "showLegend": None,
              "showGrid": None},
}
# Props the platform documents that mdxsite does not do yet, with what the reader gets instead:
# written, they are a located warning rather than a silent difference.
UNHONOURED: dict[str, dict[str, str]] = {}
# Props the platform does not document that mdxsite's templates still draw (kept for pages
# written for them); still a warning, as the platform's own build may drop them.
EXTENSIONS: dict[str, frozenset[str]] = {
    "ParamField": frozenset({"name", "cookie"}), "Icon": frozenset({"title"}),
    "Tooltip": frozenset({"content"}),
}
# props without which a component cannot do its job
REQUIRED: dict[str, tuple[str, ...]] = {"Visibility": ("for",), "Variation": ("is",),
                                        # the component pages mark these required
                                        "Accordion": ("title",), "Tile": ("href",),
                                        "Update": ("label",),
                                        "GitHub.Repo": ("repo",), "Timeline.Item": ("title",),
                                        "Graph": ("type",),
                                        "Tree.Folder": ("name",), "Tree.File": ("name",)}
PROMPT_ACTIONS = ("copy", "cursor")


def prop_problems(name: str, props: Mapping[str, object]) -> list[tuple[str, str, str]]:
    """Return (prop, message, hint) for each prop of a built-in component it does not honour:
    unknown to the platform's documentation, documented but not done by mdxsite, a value outside
    the documented ones, or missing. A value that is an expression is not checked."""
    known = PROPS.get(name)
    if known is None:
        return []
    out = []
    for prop, value in props.items():
        if prop == "className":  # any component's: on its outer element, as the platform does
            continue
        choices = known.get(prop, ())
        if prop not in known and prop in EXTENSIONS.get(name, ()):
            out.append((prop, f"<{name} {prop}> is not a prop the platform documents: mdxsite "
                        "draws it, the platform may not", "use the documented props: "
                        + ", ".join(sorted(known))))
        elif prop not in known:
            documented = ", ".join(sorted(known)) or "none"
            out.append((prop, f"<{name}> has no prop {prop!r}, so it is ignored",
                        f"the platform documents: {documented}"))
        elif prop in UNHONOURED.get(name, {}):
            out.append((prop, f"<{name} {prop}> is not supported by mdxsite yet, so it is "
                        f"ignored: {UNHONOURED[name][prop]}", f"remove {prop} to silence this"))
        elif choices is not None and isinstance(value, str) and value not in choices:
            allowed = " or ".join(repr(v) for v in choices)
            out.append((prop, f"<{name} {prop}={value!r}> is not one of {allowed}",
                        f"write {prop}={choices[0]!r}"))
    for prop in REQUIRED.get(name, ()):
        if props.get(prop) in (None, ""):
            out.append((prop, f"<{name}> needs the {prop!r} prop", f"add {prop}=\"...\""))
    # the Tooltips page: href is "required when using cta" (the link the cta is drawn as)
    if name == "Tooltip" and props.get("cta") not in (None, "") and \
            props.get("href") in (None, ""):
        out.append(("cta", f"<Tooltip cta={props.get('cta')!r}> is not shown: it needs an "
                    "href to link to", 'add href="..." or remove cta'))
    return out


# <Columns> and <CardGroup>: the number of columns per row, "values from 1 to 4" (the
# platform's Columns page), 2 when not given
COLUMNS = (1, 4)
DEFAULT_COLUMNS = 2


def column_count(name: str, value: object) -> tuple[int, tuple[str, str] | None]:
    """Return the columns mdxsite draws for ``<Columns cols=…>``, and (message, hint) when
    that is not the value as written: outside 1 to 4, not a whole number, or not a number.
    The platform's handling of such values is not documented; the message says what mdxsite
    does instead."""
    low, high = COLUMNS
    if value is None:
        return DEFAULT_COLUMNS, None
    written = (f'"{value}"' if isinstance(value, str) else
               "" if value is True else "{" + _jsvalue_text(value) + "}")
    shown = f"<{name} cols{'=' + written if written else ''}>"
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    if number is None or not math.isfinite(number):
        return DEFAULT_COLUMNS, (f"{shown} is not a number of columns: mdxsite draws the "
                                 f"default {DEFAULT_COLUMNS}",
                                 f"write cols={{{DEFAULT_COLUMNS}}}, a number from {low} to {high}")
    count = min(max(int(number), low), high)
    if isinstance(value, str):
        return count, (f"{shown} is text; the platform documents a number: mdxsite draws "
                       f"{count} column{'s' if count != 1 else ''}", f"write cols={{{count}}}")
    if count != number:
        reason = (f"outside the platform's {low} to {high}" if not low <= number <= high
                  else "not a whole number")
        return count, (f"{shown} is {reason}: mdxsite draws {count} column"
                       f"{'s' if count != 1 else ''}", f"write cols={{{count}}}")
    return count, None


def _jsvalue_text(value: object) -> str:
    """A prop's value as it was written between braces (``5``, ``2.5``, ``true``).

    ``jsvalue.to_json(value) or str(value)`` gives the same but for a list or an object, which
    it writes as JSON (``["a"]``) where this writes Python's form (``['a']``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value) if isinstance(value, (int, float)) else repr(value)


_SLUG = re.compile(r"^(?:https?://(?:www\.)?github\.com/)?([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


def github_repo(value: object) -> str | None:
    """Return ``owner/name`` from a ``<GitHub.Repo repo>`` (a slug or a github.com URL)."""
    if not isinstance(value, str):
        return None
    match = _SLUG.match(value.strip())
    return f"{match.group(1)}/{match.group(2)}" if match else None


def cursor_link(prompt: str) -> str:
    """Return the link that opens Cursor with ``prompt`` typed in (Cursor's web deeplink)."""
    return "https://cursor.com/link/prompt?text=" + quote(prompt, safe="")


def template_for(name: str) -> str:
    """Return the template file of a component name: ``Tree.Folder`` -> ``components/tree-folder.html``."""
    return f"components/{name.lower().replace('.', '-')}.html"


BUILTIN: tuple[Component, ...] = tuple(
    Component(name, template_for(name), inline=name in _INLINE) for name in _NAMES)

# the tags a page may draw without defining them: the components above, and <CodeBlock>
# (drawn as a code fence); they exist at build time only, not in the reader's browser
BUILT_IN_TAGS = frozenset({c.name for c in BUILTIN} | {"CodeBlock"})


# The components whose ``title`` takes a bounded inline Markdown (the platform's help page
# "Format component titles with inline Markdown"): bold, italic, strikethrough, code and links,
# a link drawn as label text (the title is a control already); anything else stays as written.
MARKDOWN_TITLES = frozenset({"Accordion", "Card", "Step", "Tab", "Tile", "Color.Row"})
_TITLE_MARKS = re.compile(r"[*_~`\[]")


def _title_parser() -> MarkdownIt:
    parser = MarkdownIt("zero").enable(["emphasis", "strikethrough", "backticks", "link",
                                        "escape"])

    def link_open(renderer: object, tokens: list[Token], idx: int, options: object,
                  env: object) -> str:
        return '<span class="title-link">'

    def link_close(renderer: object, tokens: list[Token], idx: int, options: object,
                   env: object) -> str:
        return "</span>"

    parser.add_render_rule("link_open", link_open)
    parser.add_render_rule("link_close", link_close)
    return parser


_TITLES = _title_parser()


def title_html(title: str) -> Markup | None:
    """Return a component title's inline Markdown as HTML, or None when it has none."""
    if not _TITLE_MARKS.search(title):
        return None
    # an image is not in the set: "![logo](/a.png)" stays as written, not "!" and a link
    drawn = _TITLES.renderInline(title.replace("![", "!\\["))
    return Markup(drawn) if drawn != html.escape(title, quote=False) else None


def title_text(title: str) -> str:
    """Return a component title as the reader reads it: its Markdown marks taken off (for ids,
    the contents and tab sync, as the platform does)."""
    drawn = title_html(title)
    return title if drawn is None else html.unescape(re.sub(r"<[^>]+>", "", drawn))
