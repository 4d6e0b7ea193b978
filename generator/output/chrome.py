"""docs.json's appearance and site-structure settings, as data the theme draws.

``appearance``, ``fonts``, ``background``, ``banner``, ``navbar`` and ``footer`` as the
platform documents them, with a language's own ``banner``, ``navbar`` and ``footer`` (set on
its ``navigation.languages`` entry) winning over the site's. Functions here only read the
config and return plain values, strings of CSS or escaped HTML; templates place them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote_plus

from markupsafe import Markup

from mdxsite.config.schema import DECORATIONS
from mdxsite.errors import Problem
from mdxsite.mdx import frontmatter
from mdxsite.model import NavItem, Page, Site

_HEX = re.compile(r"^#[0-9a-fA-F]{3,8}$")
BANNER_COLORS = {"info": "var(--primary-dark, var(--accent))", "warning": "#b45309", "critical": "#b91c1c"}
# navbar buttons of a known type: label and Font Awesome icon when the author gives no label
LINK_TYPES = {"github": ("GitHub", "github"), "discord": ("Discord", "discord")}

# runs before first paint, so a dark-mode reader never sees a white flash
# appearance.default sets data-appearance; appearance.strict (data-strict) ignores what the reader chose
BOOT = ("(function(){var d=document.documentElement,s=null;try{if(!d.hasAttribute('data-strict'))"
        "s=localStorage.getItem('mdxsite-theme')}"
        "catch(e){}var m=s||d.getAttribute('data-appearance')||'system';if(m==='system'){m="
        "window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}"
        "if(m==='dark')d.classList.add('dark')})();")


def language_item(site: Site, page: Page) -> NavItem | None:
    """Return the ``navigation.languages`` entry the page sits in, if any."""
    at = next((c.at for c in page.trail if c.kind == "language"), "")
    if not at:
        return None
    return next((i for i in site.nav.walk() if i.kind == "language" and i.at == at), None)


def setting(site: Site, page: Page, key: str) -> Mapping[str, Any]:
    """Return ``banner``, ``navbar`` or ``footer`` for the page: its language's, else the site's."""
    item = language_item(site, page)
    own = item.extra.get(key) if item is not None else None
    value = own if isinstance(own, Mapping) else site.config.get(key)
    return value if isinstance(value, Mapping) else {}


def colors(site: Site) -> dict[str, Any]:
    """The site's primary colour and its light and dark variants (docs.json ``colors``)."""
    found = site.config.get("colors")
    colors: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    primary = colors.get("primary", "#16A34A")
    return {"primary": primary, "light": colors.get("light", primary),
            "dark": colors.get("dark", primary)}


def appearance(site: Site) -> dict[str, Any]:
    """``appearance.default`` (system, light or dark) and ``strict`` (no toggle, no memory)."""
    value = site.config.get("appearance")
    value = value if isinstance(value, Mapping) else {}
    default = value.get("default") if value.get("default") in ("system", "light", "dark") else "system"
    return {"default": default, "strict": value.get("strict") is True}


def _inline_markdown(text: str) -> Markup:
    """Links, bold, italic and code, as the platform allows in a banner; raw HTML stays text."""
    from markdown_it import MarkdownIt

    return Markup(MarkdownIt("commonmark", {"html": False}).renderInline(text))


_SITE_LINK = re.compile(r'(<a href=")(/[^"]*)"')


def site_links(html: str, href: Callable[[str], str]) -> Markup:
    """``html`` (Markdown written in docs.json: the banner, the 404 page's text) with each link
    to a site path (``[the guide](/guide)``) given the site's base URL, as a page's links are."""
    return Markup(_SITE_LINK.sub(lambda m: m[1] + href(m[2]) + '"', str(html)))


def banner(site: Site, page: Page) -> dict[str, Any] | None:
    """The banner above every page: its HTML, whether it can be dismissed, its colours and an
    id that changes with the content (a dismissed banner comes back when its text changes)."""
    value = setting(site, page, "banner")
    content = value.get("content")
    if not isinstance(content, str) or not content.strip():
        return None
    color = value.get("color")
    kind = str(value.get("type")) if value.get("type") in BANNER_COLORS else "info"
    light = dark = BANNER_COLORS[kind]
    if isinstance(color, str) and _HEX.match(color):
        light = dark = color
    elif isinstance(color, Mapping):
        light = color["light"] if _HEX.match(str(color.get("light", ""))) else light
        dark = color["dark"] if _HEX.match(str(color.get("dark", ""))) else light
    return {"html": site_links(_inline_markdown(content), site.href), "dismissible": value.get("dismissible") is True,
            "light": light, "dark": dark,
            "id": hashlib.sha256(content.encode("utf-8")).hexdigest()[:12]}


def navbar(site: Site, page: Page) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Return the navbar's links and primary button, labels and icons filled in for the
    ``github`` and ``discord`` types (their live star and member counts need the network)."""
    value = setting(site, page, "navbar")

    def entry(item: Mapping[str, Any], default_label: str = "") -> dict[str, Any]:
        label, glyph = LINK_TYPES.get(str(item.get("type")), (default_label, ""))
        found = item.get("href")  # a site path ("/contact", as the platform allows) takes the base URL
        return {**item, "label": item.get("label") or label, "icon": item.get("icon") or glyph,
                "href": site.href(found) if isinstance(found, str) and found else "#"}

    links = [entry(link, str(link.get("href", ""))) for link in value.get("links", [])
             if isinstance(link, Mapping)]
    primary = value.get("primary")
    if not isinstance(primary, Mapping) or not isinstance(primary.get("href"), str) or \
            not primary["href"].strip():  # a blank href is a warning of the config check
        return links, None
    return links, entry(primary, "Open")


def footer_link(item: object) -> bool:
    """True for a footer link the theme can show: a ``label`` and a non-blank ``href`` (the
    config check warns about any other, and the theme leaves it out)."""
    return isinstance(item, Mapping) and isinstance(item.get("label"), str) and \
        isinstance(item.get("href"), str) and bool(item["href"].strip())


def footer_columns(site: Site, page: Page) -> list[dict[str, Any]]:
    """``footer.links``: at most four columns of links, as on the platform."""
    columns = setting(site, page, "footer").get("links")
    found = []
    for column in columns if isinstance(columns, list) else ():
        if not isinstance(column, Mapping):
            continue
        listed = column.get("items")
        items = [i for i in (listed if isinstance(listed, list) else ()) if footer_link(i)]
        header = column.get("header")
        found.append({"header": header if isinstance(header, str) else "", "items": items})
    return found[:4]


def socials(site: Site, page: Page) -> Mapping[str, Any]:
    found = setting(site, page, "footer").get("socials")
    return found if isinstance(found, Mapping) else {}


# CSS's generic font families (CSS Fonts 4): keywords, not fonts a site can load
_GENERIC_FAMILIES = frozenset({"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui",
                               "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded", "math",
                               "emoji", "fangsong"})


def _font_rules(name: str, value: Mapping[str, Any], href: Callable[[str], str]) -> tuple[str, str]:
    """Return (link or @font-face CSS, the family's CSS value) for one ``fonts`` entry."""
    family = value.get("family")
    if not isinstance(family, str) or not family.strip():
        return "", ""
    if family.strip().lower() in _GENERIC_FAMILIES:
        # a CSS keyword (the reader's system font, ollama's "system-ui"): no font to fetch,
        # and written bare, as quoted it would name a font called "system-ui"
        return "", family.strip().lower()
    weight = value.get("weight")
    source = value.get("source")
    css_family = f'"{family}"'
    if isinstance(source, str) and source:
        url = source if source.startswith(("http://", "https://")) else href("/" + source.lstrip("/"))
        kind = value.get("format") if value.get("format") in ("woff", "woff2") else \
            ("woff2" if source.endswith(".woff2") else "woff")
        rule = (f'@font-face {{ font-family: "{family}"; src: url("{url}") format("{kind}"); '
                f"font-display: swap;{f' font-weight: {weight};' if isinstance(weight, (int, float)) else ''} }}")
        return rule, css_family
    # a family with no source is a Google Fonts family on the platform: the reader's browser
    # loads it from there, as on the platform
    axis = f":wght@{weight}" if isinstance(weight, (int, float)) else ""
    link = (f'<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family='
            f'{quote_plus(family)}{axis}&amp;display=swap" data-font="{name}">')
    return link, css_family


def fonts(site: Site) -> Markup:
    """The ``<head>`` markup for ``fonts`` (family, weight, source, format; heading and body)."""
    value = site.config.get("fonts")
    if not isinstance(value, Mapping):
        return Markup("")
    links: list[str] = []
    rules: list[str] = []
    props: list[str] = []
    weights: dict[str, float] = {}  # "text" and "heading": the font-weight each is drawn in
    for name, part, var in (("all", value, "--font"), ("heading", value.get("heading"), "--font-heading"),
                            ("body", value.get("body"), "--font")):
        if not isinstance(part, Mapping):
            continue
        rule, family = _font_rules(name, part, site.href)
        if not family:
            continue
        (links if rule.startswith("<link") else rules).append(rule)
        props.append(f"{var}: {family}, var(--font-fallback);")
        weight = part.get("weight")
        if isinstance(weight, (int, float)) and not isinstance(weight, bool):
            weights["heading" if name == "heading" else "text"] = weight
    if not props:
        return Markup("")
    # :root:root outweighs a theme stylesheet's own :root fonts (linden's monospace), which
    # load later: the site's fonts win, as on the platform. A weight is drawn too, not only
    # asked of Google Fonts: "weight" (or body's) for the text, heading's for the headings.
    # The top-level weight leaves headings their theme's weight (bold).
    style = " ".join(rules) + " :root:root { " + " ".join(props) + " }"
    if "text" in weights:
        style += f" :root:root body {{ font-weight: {_number(weights['text'])}; }}"
    if "heading" in weights:
        style += (f" :root:root :is(h1, h2, h3, h4, .page-title) "
                  f"{{ font-weight: {_number(weights['heading'])}; }}")
    return Markup("\n".join(links) + f"\n<style>{_css_text(style)}</style>")


def _number(value: float) -> str:
    """A weight as CSS writes it: 500, or 550.5 for a variable font (never 500.0)."""
    return str(int(value)) if float(value).is_integer() else str(value)


def background(site: Site) -> dict[str, Any]:
    """``background``: the decoration's name and the CSS for colours and images."""
    value = site.config.get("background")
    value = value if isinstance(value, Mapping) else {}
    css = []
    color = value.get("color")
    if isinstance(color, Mapping):
        # every theme's stylesheet, loaded after this <style>, sets its own --bg (maple's
        # `html.dark { --bg: … }`): the doubled :root outranks those rules, as for fonts
        if _HEX.match(str(color.get("light", ""))):
            css.append(f":root:root {{ --bg: {color['light']}; }}")
        if _HEX.match(str(color.get("dark", ""))):
            css.append(f":root:root.dark {{ --bg: {color['dark']}; }}")
    image = value.get("image")
    images = {"light": image, "dark": image} if isinstance(image, str) else \
        (image if isinstance(image, Mapping) else {})
    for mode, selector in (("light", "body"), ("dark", "html.dark body")):
        path = images.get(mode)
        if isinstance(path, str) and path:
            url = path if path.startswith(("http://", "https://")) else site.href("/" + path.lstrip("/"))
            css.append(f'{selector} {{ background-image: url("{url}"); background-size: cover; '
                       f"background-attachment: fixed; }}")
    decoration = value.get("decoration") if value.get("decoration") in DECORATIONS else ""
    return {"decoration": decoration, "css": Markup(_css_text(" ".join(css)))}


def _css_text(css: str) -> str:
    """CSS for a ``<style>`` element: no ``<`` can end it early (entities are not decoded there)."""
    return css.replace("<", "\\3c ")


# contextual.options the platform defines: title, description, icon, and for the AI tools the
# URL that opens them with a prompt ({prompt} is filled in the reader's browser, with the page's
# absolute URL). "copy" and "view" use the page's .md copy.
CONTEXTUAL: dict[str, tuple[str, str, str, str]] = {
    "copy": ("Copy page", "Copy this page as Markdown for LLMs", "copy", ""),
    "view": ("View as Markdown", "View this page as plain text", "file-lines", ""),
    "chatgpt": ("Open in ChatGPT", "Ask questions about this page", "comments",
                "https://chatgpt.com/?hints=search&q={prompt}"),
    "claude": ("Open in Claude", "Ask questions about this page", "comments",
               "https://claude.ai/new?q={prompt}"),
    "perplexity": ("Open in Perplexity", "Ask questions about this page", "comments",
                   "https://www.perplexity.ai/search/new?q={prompt}"),
    "grok": ("Open in Grok", "Ask questions about this page", "comments", "https://grok.com/?q={prompt}"),
    "aistudio": ("Open in AI Studio", "Ask questions about this page", "comments",
                 "https://aistudio.google.com/prompts/new_chat?prompt={prompt}"),
    "devin": ("Open in Devin", "Ask questions about this page", "comments",
              "https://app.devin.ai/?prompt={prompt}"),
    "windsurf": ("Open in Windsurf", "Ask questions about this page", "comments",
                 "windsurf://cascade?prompt={prompt}"),
}
# options that install or copy the platform's hosted MCP server: mdxsite serves none
MCP_OPTIONS = frozenset({"mcp", "add-mcp", "cursor", "vscode", "devin-mcp"})
# options the platform documents that need its servers or an app link mdxsite does not know:
# why each is left out
HOSTED_OPTIONS = {
    "download-pdf": "needs the platform's PDF export service",
    "devin-desktop": "opens the Devin Desktop app through a link of the platform's that "
                     "mdxsite does not know",
}


def contextual(site: Site, page: Page) -> dict[str, Any] | None:
    """The page's contextual menu (``contextual.options`` and ``display``), or None."""
    value = site.config.get("contextual")
    if not isinstance(value, Mapping) or not isinstance(value.get("options"), list):
        return None
    options = []
    for option in value["options"]:
        if isinstance(option, str) and option in CONTEXTUAL:
            title, description, glyph, url = CONTEXTUAL[option]
            options.append({"id": option, "title": title, "description": description,
                            "icon": glyph, "url": url})
        elif option == "download-spec":  # API pages only, as on the platform
            spec = page.data.get("spec") if page.kind == "openapi" else None
            if isinstance(spec, str) and spec:
                options.append({"id": "download-spec", "title": "Download API spec",
                                "description": "Download the OpenAPI specification",
                                "icon": "download", "url": spec if _SCHEME.match(spec)
                                else site.href("/" + spec.lstrip("/"))})
        elif isinstance(option, str) and option == "assistant" and \
                isinstance(plugins := site.config.mdxsite.get("plugins"), Mapping) and \
                "assistant" in plugins:
            options.append({"id": "assistant", "title": "Ask the assistant",
                            "description": "Ask about this page", "icon": "sparkles", "url": ""})
        elif isinstance(option, Mapping) and isinstance(option.get("title"), str):
            href = option.get("href")
            if isinstance(href, Mapping):  # {base, query: [{key, value}]}
                query = "&".join(f"{_q(q.get('key', ''))}={_q(q.get('value', ''))}"
                                 for q in href.get("query", []) if isinstance(q, Mapping))
                href = str(href.get("base", "")) + ("?" + query if query else "")
            if isinstance(href, str) and href:
                options.append({"id": "custom", "title": option["title"],
                                "description": str(option.get("description", "")),
                                "icon": str(option.get("icon") or "arrow-up-right-from-square"),
                                "url": site.href(href)})  # a site path takes the base URL
    if not options:
        return None
    return {"display": "toc" if value.get("display") == "toc" else "header", "options": options,
            "markdown": site.href(markdown_path(page.url))}


def _q(value: object) -> str:
    """Quote a query part, keeping the $page and $path placeholders the browser fills in."""
    return quote_plus(str(value), safe="$")


def markdown_path(url: str) -> str:
    """The site path of a page's .md copy (``/guides/x/`` -> ``/guides/x.md``)."""
    return "/" + (url.strip("/") or "index") + ".md"


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def related(site: Site, page: Page) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Return the "Related topics" links of frontmatter ``related`` and the warnings about it.

    As the platform documents the field: a list whose entries are a site path (the page's
    title and icon are shown), an absolute URL (opened in a new tab), or a ``Title: link``
    mapping (its own label); ``false`` or no field shows no section. mdxsite has no automatic
    suggestions (the platform's come from its hosted search, set in its dashboard). A path
    that names no page, or an entry of another shape, is a warning at the field's line and is
    left out.
    """
    value = page.frontmatter.get("related")
    if value is None or value is False:
        return [], []

    def problem(message: str, hint: str, needle: str = "") -> Problem:
        where = frontmatter.key_location(site.root, page.source, "related", page.key, needle)
        return Problem(where, f"related: {message}", hint, code="page.related", warning=True)

    if not isinstance(value, list):
        return [], [problem("expected a list of pages or links, or false",
                            "write one entry per line: - /path/to/page")]
    links: list[dict[str, Any]] = []
    problems: list[Problem] = []
    for entry in value:
        label = ""
        if isinstance(entry, Mapping) and len(entry) == 1:
            label, entry = next(iter(entry.items()))
            label = str(label)
        if not isinstance(entry, str) or not entry.strip():
            problems.append(problem(f"{entry!r} is neither a site path, a URL nor 'Title: link'",
                                    "write - /path/to/page, - https://…, or - Title: /path",
                                    str(entry) if entry else ""))
            continue
        target = entry.strip()
        if _SCHEME.match(target):
            links.append({"title": label or target, "url": target, "external": True, "icon": ""})
            continue
        kind, key = site.target(target)
        if kind != "page":
            problems.append(problem(f"{target!r} is not a page of the site",
                                    "fix the path, or link the page with its URL", target))
            continue
        found = site.pages[key]
        # the link keeps what follows the path: ?query and #fragment
        rest = target[len(target.partition("#")[0].partition("?")[0]):]
        icon = found.frontmatter.get("icon")
        links.append({"title": label or found.title, "url": site.href(found.url) + rest,
                      "external": False, "icon": icon if isinstance(icon, str) and not label else ""})
    return links, problems


def variations(site: Site) -> list[tuple[str, str]]:
    """Return docs.json's ``variations`` options as (id, label), the default first; [] unless
    the theme is willow, the only one the platform draws them with (the config check warns)."""
    if site.config.get("theme") != "willow":
        return []
    options = site.config.get("variations.options")
    return [(o["id"].strip(), o["label"].strip()) for o in options if isinstance(o, Mapping)
            and isinstance(o.get("id"), str) and isinstance(o.get("label"), str)] \
        if isinstance(options, list) else []
