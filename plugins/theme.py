"""Built-in plugin: lay rendered pages out with the site's theme, and ship its assets.

The platform's theme names map onto our themes in ``themes/THEMES.json`` (shown in the README):
each entry says which of our themes draws it and its defaults (breadcrumbs, drilldown).
``styling.eyebrows`` and ``interaction.drilldown`` in docs.json override those defaults.
"""

from __future__ import annotations

import html
import logging
import posixpath
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from markupsafe import Markup

from mdxsite import sources
from mdxsite.errors import JsonPath, Location, MdxsiteError, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.mdx.frontmatter import key_location as frontmatter_key_location
from mdxsite.model import (SLOTS, BuildReport, NavItem, OutputFile, Page, PageResult, RenderedPage,
                           Site)
from mdxsite.nav import audience
from mdxsite.output import (chrome, feeds, i18n, icons, layout, staging, structured, thumbnails,
                            utilities, visibility)
from mdxsite.output import sidebar as sidebars
from mdxsite.output.assets import IMMUTABLE, fingerprinted
from mdxsite.output import theme as themes

log = logging.getLogger(__name__)

theme_for = themes.theme_for

# the script a large section's pages load to swap their sidebar's window for the whole sidebar
NAV_SCRIPT = "_mdxsite/nav.js"

# footer.socials keys the platform knows whose Font Awesome name differs
SOCIAL_ICONS = {"x": "x-twitter", "website": "globe"}


def _asset_url(site: Site, value: object) -> str:
    if not isinstance(value, str) or not value:
        return ""
    return value if value.startswith(("http://", "https://")) else site.href(_site_file(value))


def _site_file(path: str) -> str:
    """The site path of a file docs.json names relative to the site folder ('./logo/a.svg',
    'logo/a.svg' and '/logo/a.svg' are all '/logo/a.svg')."""
    return posixpath.normpath("/" + path.strip().lstrip("/"))


_CUSTOM: list[tuple[object, tuple[list[str], list[str]]]] = []  # (assets, files): once a build


def _custom_files(site: Site) -> tuple[list[str], list[str]]:
    if not _CUSTOM or _CUSTOM[0][0] is not site.assets:
        _CUSTOM[:] = [(site.assets, sources.custom_files(site.assets, site.root))]
    return _CUSTOM[0][1]


def _absent(site: Site, path: object) -> bool:
    """True when ``path`` names a file the site folder lacks (a URL, or anything but a path,
    is taken as present)."""
    return isinstance(path, str) and bool(path) and \
        not path.startswith(("http://", "https://", "//", "data:")) and \
        not (site.root / path.lstrip("/")).is_file()


def _brand(site: Site, field: str) -> dict[str, Any]:
    """docs.json's ``logo`` or ``favicon`` as {"light", "dark", ("href")}: a mode whose file
    the site lacks shows the other mode's, and with neither there is none (the header then
    shows the site's name), instead of a broken image on every page."""
    value = site.config.get(field)
    found: dict[str, Any] = {"light": value, "dark": value} if isinstance(value, str) else \
        dict(value) if isinstance(value, Mapping) else {}
    light, dark = (None if _absent(site, found.get(k)) else found.get(k) for k in ("light", "dark"))
    if isinstance(value, Mapping) or light != found.get("light") or dark != found.get("dark"):
        found["light"], found["dark"] = light or dark, dark or light
    return {k: v for k, v in found.items() if v is not None}


def _missing_file(site: Site, at: JsonPath, path: object, consequence: str) -> Problem | None:
    """A warning, located in docs.json, when the value at ``at`` names a file the site folder
    lacks (a URL, or anything but a path, is not checked); ``consequence`` says what the
    reader gets instead."""
    if not _absent(site, path):
        return None
    return site.config.problems().warn(
        at, f"{path!r} is not a file in the site folder: {consequence}",
        hint="add the file or fix the path (relative to the site folder)", code="config.missing-file")


def _missing_brand_files(site: Site) -> list[Problem]:
    """Warnings for docs.json's logo and favicon naming a file the site folder lacks: the
    header of every page showed a broken image (a tab no icon), and the build said nothing."""
    found: list[Problem] = []
    for field in ("logo", "favicon"):
        value = site.config.get(field)
        named = value.items() if isinstance(value, Mapping) else [(None, value)]
        shown = _brand(site, field)
        for variant, path in named:
            if variant == "href":
                continue
            other = {"light": "dark", "dark": "light"}.get(str(variant))
            instead = (f"pages show the {other}-mode {field} in its place"
                       if other and shown.get(str(variant)) else
                       "pages show the site's name instead" if field == "logo" else
                       "pages have no icon")
            if (problem := _missing_file(
                    site, JsonPath((field,) if variant is None else (field, variant)), path,
                    instead)) is not None:
                found.append(problem)
    return found


def _missing_icon_files(site: Site) -> list[Problem]:
    """Warnings for each ``icon`` of docs.json (a tab's, a group's, a product's...) that names
    a file by its site path (``/images/redis.svg``) the site folder lacks: the navigation drew
    a broken image there, and the build said nothing."""
    found: list[Problem] = []

    def walk(value: object, at: JsonPath) -> None:
        if isinstance(value, Mapping):
            for k, v in value.items():
                name = v.get("name") if k == "icon" and isinstance(v, Mapping) else v
                if k == "icon" and isinstance(name, str) and name.strip().startswith("/"):
                    problem = _missing_file(site, at / k, name.strip(), "a broken image is drawn "
                                            "in the icon's place")
                    found.extend([problem] if problem is not None else [])
                elif isinstance(v, (Mapping, list)) and k not in ("integrations", "variables"):
                    walk(v, at / k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                if isinstance(v, (Mapping, list)):  # not each of 10,000 page names
                    walk(v, at / i)

    walk(site.config.raw, JsonPath())
    return found


def _favicon(site: Site) -> dict[str, str]:
    """Return the favicon for light and dark mode (``dark`` is '' when there is one only)."""
    found = _brand(site, "favicon")
    light, dark = _asset_url(site, found.get("light")), _asset_url(site, found.get("dark"))
    return {"light": light, "dark": dark if dark != light else ""}


# (id of the navigation, what part, which variant) -> (the navigation, the page map, its
# HTML): parts of the layout every page of a section shares (the sidebar, the tab bar),
# rendered once. The navigation is kept and compared by identity: once freed, its id may be
# reused by the next one (watch mode).
_SHARED: dict[tuple[int, str, tuple[str, ...]], tuple[object, object, str]] = {}


def _shared(site: Site, part: str, variant: tuple[str, ...], render: Callable[[], str]) -> str:
    key = (id(site.nav), part, variant)
    cached = _SHARED.get(key)
    if cached is not None and cached[0] is site.nav and cached[1] is site.pages:
        return cached[2]
    if len(_SHARED) > 512:
        _SHARED.clear()
    html = render()
    _SHARED[key] = (site.nav, site.pages, html)
    return html


def _full_sidebar(site: Site, env: Any, key: str, items: tuple[NavItem, ...]) -> str:
    return _shared(site, "sidebar", (key,), lambda: env.get_template(
        "partials/sidebar.html").render(site=site, items=items,
                                        words=i18n.words(sidebars.section_language(site, key))))


def _sidebar(site: Site, env: Any, nav: Mapping[str, Any], page: Page) -> tuple[str, bool]:
    """Return the page's sidebar HTML, and whether it is the window of a large one (the page
    then loads nav.js, which swaps the whole sidebar in)."""
    key, items = nav["sidebar_key"], nav["sidebar_items"]
    if not sidebars.is_large(site, key, items):
        return _full_sidebar(site, env, key, items), False
    win = sidebars.window(site, page, items)
    url = site.href("/" + _nav_page(site, env, key, items)[0])
    # rendered once per window: the pages of one group share it
    return _shared(site, "window", (key, win.key), lambda: env.get_template(
        "partials/sidebar.html").render(site=site, items=items, window=win, full_url=url,
                                        section_title=sidebars.section_title(site, key),
                                        words=i18n.words(sidebars.section_language(site, key)))), True


def _nav_page(site: Site, env: Any, key: str, items: tuple[NavItem, ...]) -> tuple[str, str]:
    """Return the output path (named after its bytes) and the HTML of the page holding the
    whole sidebar of the large section ``key``. Every render worker makes the same bytes, so
    pages link the name the build writes (mdxsite_build_finished)."""
    # its stylesheet links are the fingerprinted names: a site before fingerprinting (same
    # navigation, same pages) must not share its entry
    names = "|".join(site.asset_names.values())

    def page() -> str:
        lang = sidebars.section_language(site, key)
        return env.get_template("nav.html").render(
            site=site, config=site.config, title=sidebars.section_title(site, key), lang=lang,
            text_direction=i18n.direction(lang), words=i18n.words(lang),
            theme_name=theme_for(site)[0].name, appearance=chrome.appearance(site),
            colors=chrome.colors(site), theme_boot=Markup(chrome.BOOT),
            stylesheets=themes.site_stylesheets(site, _custom_files(site)[0]),
            drilldown=bool(_setting(site, "interaction.drilldown", theme_for(site)[1]["drilldown"])),
            sidebar=Markup(_full_sidebar(site, env, key, items)))

    text = _shared(site, "navpage", (key, names), page)
    path = _shared(site, "navpath", (key, names), lambda: fingerprinted(
        sidebars.nav_file_path(site, key), text.encode("utf-8")))
    return path, text


def _tab_bar(site: Site, env: Any, nav: Mapping[str, Any]) -> str:
    """The tabs bar, rendered once per current tab and menu item (it filters every tab's
    children: a tenth of the render workers' time on 10,000 pages, when done for each page)."""
    if not nav["tabs"] and not any(i.kind == "tab" for i in nav["globals"]):
        return ""
    own = tuple(i.at for i in nav["globals"] if i.kind == "tab")  # a section's own global tabs
    lang = i18n.tag(next((c.title for c in nav["trail"] if c.kind == "language"), "en"))
    return _shared(site, "tabs", (nav["current_tab"], nav["current_menu"], lang, *own),
                   lambda: env.get_template("partials/tabs.html").render(
                       site=site, nav=nav, words=i18n.words(lang)))


def _setting(site: Site, dotted: str, default: Any) -> Any:
    value = site.config.get(dotted)
    return default if value is None else value


# the template values that depend on the site alone, worked out once per site: (the site,
# its values). The site is frozen; it is kept, and compared by identity.
_SITE_VALUES: list[tuple[Site, dict[str, Any]]] = []


def _site_values(site: Site) -> dict[str, Any]:
    """Return the page template's values that depend on the site alone (the same for every
    page: worked out once a site, not for each of its pages)."""
    if _SITE_VALUES and _SITE_VALUES[0][0] is site:
        return _SITE_VALUES[0][1]
    theme, entry = theme_for(site)
    logo = _brand(site, "logo")
    found_seo = site.config.get("seo")
    seo: Mapping[str, Any] = found_seo if isinstance(found_seo, Mapping) else {}
    own_css, own_js = _custom_files(site)  # the site's .css and .js files, on every page
    values = {
        "theme": theme, "entry": entry, "seo": seo, "site_url": site.public_url,
        "eyebrows": _setting(site, "styling.eyebrows", entry["eyebrows"]),
        "drilldown": bool(_setting(site, "interaction.drilldown", entry["drilldown"])),
        "stylesheets": tuple(themes.site_stylesheets(site, own_css)),
        "scripts": (site.href("/_mdxsite/site.js"), *(site.href("/" + a) for a in own_js)),
        "favicon": _favicon(site),
        "logo": {k: (site.href(_site_file(v)) if isinstance(v, str) and not v.startswith("http") and k != "href" else v)
                 for k, v in logo.items()},
        # the light logo as a site path (or URL), for the structured data's Organization
        "logo_file": (_site_file(logo["light"]) if not logo["light"].startswith("http") else logo["light"])
        if isinstance(logo.get("light"), str) and logo["light"].strip() else "",
        "colors": chrome.colors(site), "appearance": chrome.appearance(site),
        "fonts_head": chrome.fonts(site), "background": chrome.background(site),
        "search_prompt": _search_prompt(site),
    }
    _SITE_VALUES[:] = [(site, values)]
    return values


# trail elements the platform leaves out of a page's breadcrumbs: the version and language
# selectors say those (@mintlify/common's generatePathToBreadcrumbsMapForDocsConfig keeps tabs,
# anchors, dropdowns, products, menu items and every group, nested ones too)
UNCRUMBED = frozenset({"version", "language"})


def context(site: Site, page: Page, rendered: RenderedPage, extra: Mapping[str, Any]) -> dict[str, Any]:
    constant = _site_values(site)
    theme, entry = constant["theme"], constant["entry"]
    env = themes.site_environment(site)
    nav = layout.layout_context(site, page)
    fm = page.frontmatter
    eyebrows = constant["eyebrows"]
    sidebar, windowed = _sidebar(site, env, nav, page)
    here = f'href="{site.href(page.url)}"'
    # every link to the page, a page listed twice included: the platform's sidebar marks each
    # link whose path is the page's (its section, trail and neighbours are its first listing's)
    sidebar = sidebar.replace(here, here + ' aria-current="page"')
    crumbs = [{"title": layout.display_title(c.kind, c.title), "url": site.pages[c.first_page].url
               if c.first_page in site.pages else ""} for c in nav["trail"]
              if c.kind not in UNCRUMBED and c.title.strip()]
    groups = [c.title for c in page.trail if c.kind == "group"]
    lang = i18n.tag(next((c.title for c in nav["trail"] if c.kind == "language"), "en"))
    words = i18n.words(lang)
    navbar_links, navbar_primary = chrome.navbar(site, page)  # a language's own navbar wins
    seo: Mapping[str, Any] = constant["seo"]
    assets = list(extra.get("page_assets", []))
    updates = feeds.updates(rendered.html)
    stylesheets = [*constant["stylesheets"], *(site.href(a) for a in assets if a.endswith(".css"))]
    scripts = [*constant["scripts"], *(site.href(a) for a in assets if a.endswith(".js"))]
    if windowed:
        scripts.append(site.href("/" + NAV_SCRIPT))
    # a mode the theme does not draw falls back to the default layout, as on the platform (a
    # located warning says so: see mdxsite_page_built)
    mode = fm.get("mode") if fm.get("mode") in entry.get("modes", ()) else "default"
    site_url = constant["site_url"]
    noindex = visibility.noindex(site, page)
    metatags, canonical, og_type, og_title = _metatags(site, page, seo, site_url, noindex)
    found_description = fm.get("description")
    description = found_description if isinstance(found_description, str) else ""
    if thumbnails.enabled(site) and not thumbnails.own_image(site, page):  # docs.json thumbnails
        image = site_url + site.href(thumbnails.path_of(page))
        metatags += [("og:image", image), ("og:image:width", "1200"), ("og:image:height", "630"),
                     ("twitter:image", image)]
        if not any(name == "twitter:card" for name, _ in metatags):
            metatags.append(("twitter:card", "summary_large_image"))
    own = {
        "site": site, "page": page, "rendered": rendered, "config": site.config,
        "theme_name": theme.name, "nav": nav, "sidebar": Markup(sidebar),
        "tab_bar": Markup(_tab_bar(site, env, nav)),
        "global_anchors": site.nav.global_anchors,
        "breadcrumbs": eyebrows == "breadcrumbs", "crumbs": crumbs,
        "eyebrow": groups[-1] if groups else "", "drilldown": constant["drilldown"],
        "lang": lang, "text_direction": i18n.direction(lang), "words": words,
        "script_words": i18n.script_words(lang),
        "rendered_body": Markup(rendered.html),
        "version": next((c.title for c in nav["trail"] if c.kind == "version"), ""),
        # the platform's hook for a page's own CSS: html[data-current-path="/quickstart"]
        "current_path": page.url.rstrip("/") or "/",
        "description": description,
        "noindex": noindex,  # hidden pages too, unless seo.indexing is "all"
        "structured_data": None if noindex else structured.graph(
            site, page, canonical=canonical, site_url=site_url, title=page.title,
            description=description, crumbs=crumbs, logo=constant["logo_file"]),
        "canonical": canonical, "site_url": site_url,
        "markdown_copy": site.href(chrome.markdown_path(page.url)),
        "variations": chrome.variations(site),
        "related": chrome.related(site, page)[0] if "related" in fm else [],
        "metatags": metatags, "og_type": og_type, "og_title": og_title, "favicon": constant["favicon"], "logo": constant["logo"],
        "colors": constant["colors"],
        "navbar_links": navbar_links, "navbar_primary": navbar_primary,
        # a network Font Awesome has no logo for shows its name instead of a question mark
        "socials": [(name, url, _social_glyph(name)) for name, url
                    in sorted(chrome.socials(site, page).items())],
        "footer_columns": chrome.footer_columns(site, page),
        "appearance": constant["appearance"], "banner": chrome.banner(site, page),
        "fonts_head": constant["fonts_head"], "background": constant["background"],
        "search_prompt": constant["search_prompt"] or words["search"],
        "contextual": i18n.contextual(chrome.contextual(site, page), lang),
        "stylesheets": stylesheets, "scripts": scripts, "theme_boot": Markup(chrome.BOOT),
        "mode": mode, "toc": feeds.toc_with_updates(rendered.html, rendered.headings) if mode not in ("custom", "frame") else [],
        "update_tags": sorted({t for u in updates for t in u.tags}),
        "feed": site.href(feeds.feed_path(page)) if feeds.has_feed(page, feeds.labelled(updates)) else "",
        "feed_button": fm.get("rss") is True,
        "prev": _listed_neighbour(site, page.key, 0),
        "next": _listed_neighbour(site, page.key, 1),
        "slots": extra.get("slots") or {name: "" for name in SLOTS},
    }
    owners: Mapping[str, str] = getattr(extra, "owners", {})
    for key in extra.keys() - {"page_assets", "slots"}:
        if key in own:
            raise MdxsiteError.single(
                f"plugin {owners.get(key, '?')!r} sets the template variable {key!r}, which "
                "the theme sets itself", where=Location(f"plugin {owners.get(key, '?')}"),
                hint="give it a name of its own (prefix it with the plugin's name), or fill a "
                     "theme slot with mdxsite_page_slots")
    return {**extra, **own}


def _social_glyph(name: str) -> str:
    glyph = SOCIAL_ICONS.get(name, name)
    return glyph if icons.has_icon(glyph) else ""


def _search_prompt(site: Site) -> str:
    """docs.json search.prompt, or '' for the theme's own word in the page's language."""
    prompt = site.config.get("search.prompt")
    return prompt if isinstance(prompt, str) and prompt.strip() else ""


def _listed_neighbour(site: Site, key: str, side: int) -> Page | None:
    """Return the previous (0) or next (1) page in the sidebar, stepping over hidden pages:
    ``hidden: true`` in their frontmatter, or under a hidden group, tab or other element."""
    seen = {key}
    while True:
        key = site.nav.neighbours(key)[side]
        page = site.pages.get(key)
        shown = page is not None and not visibility.hidden(site, page)
        if page is None or key in seen or shown:
            return page if shown else None
        seen.add(key)


# page frontmatter keys that become <meta> tags, as on the platform
_META_PREFIXES = ("og:", "twitter:")
# set by the template itself from the page; a metatag of the same name would be a duplicate
_OWN_TAGS = ("og:title", "og:type", "og:url")
_IMAGE_TAGS = frozenset({"og:image", "og:image:url", "og:image:secure_url", "twitter:image"})


def _metatags(site: Site, page: Page, seo: Mapping[str, Any],
              base: str, noindex: bool) -> tuple[list[tuple[str, str]], str, str, str]:
    """Return the page's extra ``<meta>`` tags, its canonical URL ('' when unknown), its
    ``og:type`` and its ``og:title`` ('' for the page's title).

    ``seo.metatags`` apply to every page; ``seo.paths`` entries to the pages under their
    folder, a longer path over a shorter one; a page's own ``og:``/``twitter:`` frontmatter
    over both. The canonical URL is ``base``, the site URL (``Site.public_url``), plus the
    page's path; frontmatter ``canonical`` wins. ``og:type`` is ``website`` unless one of
    those sets it, the platform's default; ``og:title`` the page's title unless one of them
    sets it (the platform's SEO page: docs.json's meta tags override the generated ones).
    """
    tags: dict[str, str] = {}
    scoped = seo.get("paths")
    layers = [seo.get("metatags")] + [
        entry.get("metatags") for entry in sorted(
            (e for e in (scoped if isinstance(scoped, list) else ())
             if isinstance(e, dict) and isinstance(e.get("path"), str)),
            key=lambda e: len(e["path"].strip("/")))
        if (page.key + "/").startswith(entry["path"].strip("/") + "/")]
    for layer in layers:
        for k, v in (layer.items() if isinstance(layer, dict) else ()):
            if isinstance(k, str) and k != "canonical" and isinstance(v, (str, int, float)):
                tags[k] = str(v)
    for k, v in page.frontmatter.items():
        if k.startswith(_META_PREFIXES) and isinstance(v, (str, int, float)):
            tags[k] = str(v)
    for k in _IMAGE_TAGS & tags.keys():
        # a site path ("/images/og.png", as real docs.json files write it) takes the base URL,
        # as every other site path of docs.json does, and the site's URL when it is known:
        # crawlers read no relative social image
        found = tags[k].strip()
        if found.startswith("/") and not found.startswith("//"):
            tags[k] = base + site.href(found)
    og_type = tags.get("og:type", "").strip() or "website"
    og_title = tags.get("og:title", "").strip()
    own = page.frontmatter.get("canonical")
    if isinstance(own, str) and own:
        canonical = own
    else:
        canonical = base + site.href(page.url) if base else ""
    own_tags = set(_OWN_TAGS)
    if isinstance(page.frontmatter.get("description"), str):
        own_tags |= {"description", "og:description"}
    if isinstance(page.frontmatter.get("og:description"), str):
        own_tags.add("og:description")  # the template writes it, the page's own value first
    if noindex:  # the template writes robots itself
        own_tags.add("robots")
    return [(k, v) for k, v in tags.items() if k not in own_tags], canonical, og_type, og_title


@hookimpl
def mdxsite_render_document(site: Site, page: Page, rendered: RenderedPage,
                            context: Mapping[str, Any]) -> str:
    env = themes.site_environment(site)
    return env.get_template("page.html").render(**_context(site, page, rendered, context))


_context = context


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    theme, _ = theme_for(site)
    files: dict[str, OutputFile] = {}
    for t in reversed(theme.chain()):  # a child theme's file replaces its parent's
        static = t.folder / "static"
        for f in sorted(static.rglob("*")):
            if f.is_file():
                rel = "_mdxsite/" + f.relative_to(static).as_posix()
                files[rel] = OutputFile(path=rel, source=f)
    if not sidebars.large_sections(site):  # no page links it: a site of small sections only
        files.pop(NAV_SCRIPT, None)        # keeps its output as it was before windows existed
    shipped = files.get(UTILITIES)
    if shipped is not None and shipped.source is not None and \
            Path(shipped.source).resolve() == utilities.SHIPPED:  # not a theme's own file
        css, missing = utilities.stylesheet(site.class_names, lambda: _site_css(site))
        if css is not utilities.shipped()[0]:  # the site's own: its classes go beyond ours
            files[UTILITIES] = OutputFile(path=UTILITIES, content=css)
        _UNSTYLED[:] = [_unstyled(missing)] if missing else []
    return list(files.values())


UTILITIES = "_mdxsite/utilities.css"
# the warning for class names no utility rule covers (Tailwind not installed), told at the end
_UNSTYLED: list[Problem] = []


def _site_css(site: Site) -> str:
    """The site's own stylesheets, those every page loads (:func:`_custom_files`)."""
    texts = []
    for rel in _custom_files(site)[0]:
        try:
            texts.append((site.root / site.assets[rel]).read_text(encoding="utf-8",
                                                                  errors="replace"))
        except OSError:
            continue
    return "\n".join(texts)


def _unstyled(missing: Mapping[str, str]) -> Problem:
    names = sorted(missing)
    first = min(missing.values())
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return Problem(Location(first), f"{len(names)} class name{'s' if len(names) != 1 else ''} "
                   f"in class/className attributes ha{'ve' if len(names) != 1 else 's'} no rule "
                   f"in mdxsite's utility stylesheet ({shown}; the first in {first}); pages "
                   "using them are drawn without those styles",
                   "if they are Tailwind utilities, run `make theme-deps` (it installs Tailwind, "
                   "which mdxsite then runs to generate them); otherwise define them in a .css "
                   "file of the site", code="theme.utilities", warning=True)


# page key -> located warnings for icon names its library does not have (drawn as a question
# mark, marked data-icon-missing): by page, so a watch-mode rebuild replaces them
_MISSING_ICONS: dict[str, list[Problem]] = {}
# (the attribute, the name): a question mark, or a stand-in for a Font Awesome Pro name
_MISSING_MARK = re.compile(f"({icons.MISSING_ATTR}|{icons.SUBSTITUTE_ATTR})" + r'="([^"]*)"')
# the names a page's document marks missing, in its PageResult.notes: the render cache keeps
# them with the page, so a cached page is not laid out again only to be scanned (a one-page
# edit of 10,000 pages spent 5 s on that)
ICON_NOTE = "theme.missing-icons"
UPDATES_NOTE = "theme.updates"  # PageResult.notes: the page holds a labelled <Update>


# page key -> its RSS document (feeds.has_feed), written when the build finishes
_FEEDS: dict[str, tuple[str, str]] = {}


# page key -> its frontmatter's located warnings: a ``mode`` the site's theme does not draw,
# ``related`` entries that name no page
_PAGE_WARNINGS: dict[str, list[Problem]] = {}


def _mode_warning(site: Site, page: Page) -> Problem | None:
    """Return a warning when ``page`` asks for a mode its theme does not draw (frame is
    Aspen, Almond and Luma's, center Mint and Linden's), located at its ``mode:`` line."""
    mode = page.frontmatter.get("mode")
    if not isinstance(mode, str):  # most pages: no theme lookup (10,000 a build)
        return None
    theme, entry = theme_for(site)
    if mode in entry["modes"]:
        return None
    drawing = [name for name, row in themes.theme_table().items()
               if mode in themes.load_theme(row["theme"]).modes()]
    where = Location(page.source.as_posix() if page.source is not None else page.key)
    if page.source is not None:
        try:
            text = (site.root / page.source).read_text(encoding="utf-8")
        except OSError:
            text = ""
        m = re.search(r"^mode\s*:", text, re.M)
        if m is not None:
            where = Location(page.source.as_posix(), text.count("\n", 0, m.start()) + 1, 1)
    return Problem(where, f"mode {mode!r} is not drawn by the {theme.name!r} theme; the page "
                   "uses the default layout",
                   "themes drawing it: " + (", ".join(drawing) or "none") + "; pick one of "
                   + ", ".join(entry["modes"]) + ", or change docs.json theme",
                   code="page.unsupported-mode", warning=True)


def _thumbnail_warnings(site: Site, page: Page) -> list[Problem]:
    """What a page's ``thumbnail`` frontmatter asks that its thumbnail does not show: the
    platform's layouts (preset, surface, eyebrow), or any thumbnail when docs.json draws none."""
    value = page.frontmatter["thumbnail"]
    where = frontmatter_key_location(site.root, page.source, "thumbnail", page.key)
    if not thumbnails.enabled(site):
        return [Problem(where, "thumbnail: docs.json has no thumbnails, so no thumbnail is "
                        "drawn for any page", 'add "thumbnails": {} to docs.json, or remove it',
                        code="page.unsupported-thumbnail", warning=True)]
    drawn = [k for k in (value if isinstance(value, Mapping) else ())
             if k in ("preset", "surface", "eyebrow")]
    if not drawn:
        return []
    return [Problem(where, f"thumbnail: {', '.join(drawn)} {'is' if len(drawn) == 1 else 'are'} "
                    "not drawn: mdxsite draws one layout; appearance and background apply",
                    "remove " + ", ".join(drawn), code="page.unsupported-thumbnail", warning=True)]


@hookimpl
def mdxsite_build_started(site: Site, out_dir: Path) -> None:
    _LINKED.clear()
    _LAID_OUT.clear()
    _MISSING_ICONS.clear()
    _PAGE_WARNINGS.clear()
    _FEEDS.clear()
    if site.config.get("seo.organization") is not None and not site.public_url:
        report_warnings([Problem(
            site.config.where(JsonPath(("seo", "organization"))), "seo.organization: the structured data that "
            "names the organization needs absolute URLs, and the site's URL is unknown: no page "
            "carries it", "build with --site-url https://…, or set "
            f"{site.config.setting('seo.metatags.canonical')}",
            code="config.unsupported", warning=True)])


@hookimpl
def mdxsite_page_built(site: Site, result: PageResult) -> None:
    """Locate each unknown icon name a page draws where the page's own file writes it (names
    from docs.json are located by the config check instead)."""
    page = result.page
    if not result.unchanged:  # laid out anew: its section's shared sidebar may have changed
        root = layout.section_root(site, page) if page.trail else None
        section = root.at if root is not None else ""
        _LAID_OUT.add(section)
        linked = _linked_nav_page(site, result.document)
        if linked:
            result.notes[NAV_NOTE] = [section, linked]
        else:
            result.notes.pop(NAV_NOTE, None)
    else:  # the published document: it links what its note says
        noted = result.notes.get(NAV_NOTE)
        if isinstance(noted, list) and len(noted) == 2:
            section, linked = noted
            if isinstance(section, str) and isinstance(linked, str):
                linking = _LINKED.get(section)
                if linking is None:  # not setdefault: a set made for every page of a section
                    linking = _LINKED[section] = set()
                linking.add(linked)
    frontmatter = page.frontmatter
    mode_warning = _mode_warning(site, page) if "mode" in frontmatter else None
    warnings = [mode_warning] if mode_warning is not None else []
    if "related" in frontmatter:
        warnings += chrome.related(site, page)[1]
    if "thumbnail" in frontmatter and page.source is not None:
        warnings += _thumbnail_warnings(site, page)
    if "groups" in frontmatter and page.source is not None:
        # the platform's pages doc: groups keeps the page to signed-in readers of those groups
        warnings.append(Problem(
            frontmatter_key_location(site.root, page.source, "groups", page.key),
            "groups keeps a page to signed-in readers of those groups on the platform; a "
            "static site has no sign-in, so this page is public", "remove groups, or leave "
            "the page out of the site if it must stay private", code="page.unsupported-auth",
            warning=True))
    if "audience" in frontmatter and page.source is not None and \
            not audience.for_visitors(frontmatter["audience"]):
        warnings.append(Problem(
            frontmatter_key_location(site.root, page.source, "audience", page.key),
            f"the page is for the audience {audience.spoken(frontmatter['audience'])}: a static "
            "site has no sign-in, so every reader is a visitor (the \"default\" audience) and, "
            "as on the platform for visitors, the page is built and reachable by URL but left "
            "out of the navigation, search, the sitemap and the llms files",
            'add "default" to its audience to show it to everyone', code="page.audience",
            warning=True))
    if warnings:
        _PAGE_WARNINGS[page.key] = warnings
    else:
        _PAGE_WARNINGS.pop(page.key, None)
    # whether the page holds a labelled update, noted when it renders: a cached page's body
    # is read from the cache only when used, and 10,000 of them are read for nothing otherwise
    updated = result.notes.get(UPDATES_NOTE)
    if not isinstance(updated, bool):
        updated = result.notes[UPDATES_NOTE] = feeds.labelled(feeds.updates(result.rendered.html))
    if feeds.has_feed(page, updated):
        site_url = site.public_url
        _FEEDS[page.key] = (feeds.feed_path(page).lstrip("/"), feeds.rss(
            page, str(site.config.get("name") or ""), site_url, result.rendered.html,
            site.href(page.url)))
    noted = result.notes.get(ICON_NOTE)
    if isinstance(noted, (list, tuple)):  # a cached page: its document was scanned when made
        names = [(str(mark[0]), str(mark[1])) for mark in noted
                 if isinstance(mark, (list, tuple)) and len(mark) == 2]
    else:  # `in` scans a large document about ten times faster than findall
        names = (sorted(set(_MISSING_MARK.findall(result.document)))
                 if "data-icon-" in result.document else [])
        result.notes[ICON_NOTE] = [list(mark) for mark in names]
    source = result.page.source
    if not names or source is None:
        _MISSING_ICONS.pop(result.page.key, None)
        return
    try:
        text = (site.root / source).read_text(encoding="utf-8")
    except OSError:
        return
    library = site.config.get("icons.library") or "fontawesome"
    found = []
    for mark, name in names:
        name = html.unescape(name)
        # the name as a whole icon value (`icon: x`, `icon="x"`, `icon={"x"}`): the page's HTML
        # also holds the chrome's icons (docs.json's anchors), whose names a title may contain
        m = re.search(r"""\bicon\s*[=:]\s*\{?\s*(["']?)""" + re.escape(name) + r"""(?=["'}\s]|$)""", text)
        if m is None:
            continue
        line = text.count("\n", 0, m.end(1)) + 1
        column = m.end(1) - (text.rfind("\n", 0, m.end(1)) + 1) + 1
        said = icons.stand_in_said(name) if mark == icons.SUBSTITUTE_ATTR else None
        if said is not None:
            found.append(Problem(Location(source.as_posix(), line, column), said[0],
                                 said[1] + " in docs.json", code="icon.substituted", warning=True))
            continue
        said = icons.unknown_said(name, str(library))
        found.append(Problem(Location(source.as_posix(), line, column), said[0],
                             said[1] + " in docs.json", code="icon.unknown", warning=True))
    _MISSING_ICONS[result.page.key] = found


# A page of a large section links its section's shared sidebar page by name (see _nav_page);
# its PageResult.notes keep [section key, that name], read from the document it was laid out
# into, so the render cache keeps, beside a published document, the name that document links.
# A section whose every page is the published document is then kept as published, not
# rendered again (0.3 s on 10,000 pages, when one was edited): the name the pages' notes
# agree on, when the published file of that name still holds the bytes it is named after.
# Anything else (no note, notes that disagree, a file missing or changed) renders it.
NAV_NOTE = "theme.nav-page"
_NAV_MARK = 'data-nav-full="'  # partials/sidebar.html: the window's link to the whole sidebar
# section key -> the names its published pages link (from their notes), in this build
_LINKED: dict[str, set[str]] = {}
# the sections with a page laid out anew in this build
_LAID_OUT: set[str] = set()
# section key -> the name of its shared sidebar page the output holds once the last build
# (of this process) is published: watch-mode rebuilds, which start no build, go on from here
_PUBLISHED_NAV: dict[str, str] = {}


def _linked_nav_page(site: Site, document: str) -> str:
    """Return the output path of the shared sidebar page ``document`` links ('' if none)."""
    at = document.find(_NAV_MARK)
    if at < 0:
        return ""
    at += len(_NAV_MARK)
    url = html.unescape(document[at:document.find('"', at)])
    prefix = site.base_url.rstrip("/") + "/"
    return url[len(prefix):] if url.startswith(prefix) else ""


def _published_nav_page(site: Site, out_dir: Path, key: str) -> str | None:
    """Return the name of section ``key``'s shared sidebar page its published pages link, if
    the published output holds it intact; None: render it."""
    names = _LINKED.get(key)
    published = staging.published_for(out_dir)
    if names is None or len(names) != 1 or published is None:
        return None
    (name,) = names
    plain = sidebars.nav_file_path(site, key)
    # the only names a section's page can have: no other file of the output (or outside it) is
    # read, whatever a note says
    if not re.fullmatch(re.escape(plain.removesuffix(".html")) + r"\.[0-9a-f]+\.html", name):
        return None
    try:
        data = (published / name).read_bytes()
    except OSError:
        return None
    return name if fingerprinted(plain, data) == name else None


def _write_nav_pages(site: Site, out_dir: Path, report: BuildReport) -> None:
    """Write the whole sidebar of every large section (the pages link them by name), and tell
    hosts that read ``_headers`` they never change (a changed sidebar gets a new name)."""
    whole = report.changed_pages is None  # else a watch-mode rebuild: the rest stays published
    large = sidebars.large_sections(site)
    env = themes.site_environment(site)
    paths: dict[str, str] = {}
    for key, items in large.items():
        if key not in _LAID_OUT:
            known = _published_nav_page(site, out_dir, key) if whole else _PUBLISHED_NAV.get(key)
            if known is not None and (not whole or staging.keep_present(out_dir, [known])):
                paths[key] = known
                continue
        path, text = _nav_page(site, env, key, items)
        data = text.encode("utf-8")
        if not staging.keep_if_same(out_dir, path, data):
            (out_dir / path).parent.mkdir(parents=True, exist_ok=True)
            (out_dir / path).write_bytes(data)
        paths[key] = path
    _PUBLISHED_NAV.clear()
    _PUBLISHED_NAV.update(paths)
    _LAID_OUT.clear()
    headers = out_dir / "_headers"  # written by mdxsite.output.assets unless the site has one
    if large and "_headers" not in site.assets and headers.is_file():
        rule = f"{site.href('/' + sidebars.NAV_FOLDER + '/')}*\n  {IMMUTABLE}\n"
        headers.write_text(headers.read_text(encoding="utf-8") + rule, encoding="utf-8")


@hookimpl
def mdxsite_build_finished(site: Site, out_dir: Path, report: BuildReport) -> None:
    pages = report.changed_pages
    keys = _MISSING_ICONS if pages is None else [k for k in pages if k in _MISSING_ICONS]
    report_warnings(sorted(p for k in keys if k in site.pages for p in _MISSING_ICONS[k]))
    warned = _PAGE_WARNINGS if pages is None else [k for k in pages if k in _PAGE_WARNINGS]
    report_warnings(sorted(p for k in warned if k in site.pages for p in _PAGE_WARNINGS[k]))
    report_warnings(_missing_brand_files(site))
    report_warnings(_missing_icon_files(site))
    report_warnings(_UNSTYLED)
    if thumbnails.enabled(site):
        missing = _missing_file(site, JsonPath(("thumbnails", "background")),
                                site.config.get("thumbnails.background"),
                                "thumbnails are drawn on the plain colour")
        report_warnings([missing] if missing is not None else [])
        drawn = [site.pages[k] for k in (pages if pages is not None else site.pages) if k in site.pages]
        published = report.out_dir
        thumbnails.write(site, [p for p in drawn if not thumbnails.own_image(site, p)], out_dir,
                         staging.cache_dir_for(published) / "thumbnails" if published else None)
    _write_nav_pages(site, out_dir, report)
    for key, (path, text) in _FEEDS.items():
        if key in site.pages:
            target = out_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
