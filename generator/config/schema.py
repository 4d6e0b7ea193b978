"""Check docs.json's top-level keys (navigation has its own module, ``mdxsite.nav.validate``).

Every key the platform defines is accepted and its shape checked where mdxsite uses it;
unknown keys are located warnings with the closest known key suggested.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from mdxsite.config.mint import LAYOUT_THEMES
from mdxsite.errors import JsonPath, Problems, describe

THEMES = ("mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma")
TOP_LEVEL = frozenset(
    "$schema theme name colors description logo favicon api appearance background banner "
    "contextual errors fonts footer icons integrations interaction metadata navbar navigation "
    "redirects search seo styling thumbnails variables mdxsite public markdown feedback "
    "variations".split())
# mint.json's top-level keys and where docs.json keeps each setting (the platform's upgrade
# moves them; in a docs.json its validator drops them without a word, and so did the build's
# "remove it", which lost a site's analytics, navbar links or dark default)
MINT_TOP_LEVEL = {
    "modeToggle": 'appearance ("default", and "strict" for isHidden)',
    "topbarLinks": 'navbar.links ({"label", "href"})',
    "topbarCtaButton": 'navbar.primary ({"type": "button" or "github", "label", "href"})',
    "tabs": "navigation.tabs", "versions": "navigation.versions",
    "anchors": "navigation.global.anchors (links) or navigation.anchors (sections)",
    "topAnchor": "navigation.anchors (its first anchor)",
    "primaryTab": "navigation.tabs (its first tab)",
    "footerSocials": "footer.socials", "eyebrow": "styling.eyebrows",
    "codeBlock": "styling.codeblocks", "backgroundImage": "background.image",
    "font": 'fonts ("heading" and "body")', "analytics": "integrations (same names inside)",
    "openapi": "api.openapi, or \"openapi\" on a navigation section",
    "layout": "theme (" + ", ".join(f'"{name}" is "theme": "{theme}"'
                                    for name, theme in LAYOUT_THEMES.items()) + ")",
}
# docs.json's schema has "openapi" under "api" and on navigation elements, not at the top:
# the platform drops it there, so no page comes of it and a URL in it is never fetched
_TOP_LEVEL_OPENAPI = (
    "it is ignored, as on the platform, whose docs.json has no top-level openapi: no page "
    "comes of it and a URL there is never read (pages' openapi: frontmatter still finds the "
    "site folder's OpenAPI files); write it as api.openapi, or as \"openapi\" on a navigation "
    "tab or group to give every operation a page")
# keys real docs.json files write for their own stylesheets and scripts, which need no setting
OWN_FILES_KEYS = frozenset({"css", "js", "styles", "scripts", "stylesheets", "customCSS", "customJS"})
OWN_FILES_HINT = ("it is ignored: every .css and .js file of the site folder is added to each page "
                  "without a setting, as on the platform; remove it (a script from another host "
                  "is loaded by one of those .js files)")
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")

Check = Callable[[object, JsonPath, Problems], None]


def check_top_level(raw: dict[str, object], out: Problems) -> None:
    """Record every problem in docs.json outside ``navigation``."""
    root = JsonPath()
    for key in raw:
        if key not in TOP_LEVEL:
            close = difflib.get_close_matches(key, sorted(TOP_LEVEL), n=1, cutoff=0.7)
            moved = MINT_TOP_LEVEL.get(key)
            out.warn(root / key, f"unknown key {key!r}",
                     hint=_TOP_LEVEL_OPENAPI if key == "openapi" else
                     f"it is ignored: {key!r} is mint.json's; in docs.json write {moved}"
                     if moved else OWN_FILES_HINT if key in OWN_FILES_KEYS
                     else f"did you mean {close[0]!r}?" if close
                     else "it is ignored; remove it",
                     code="config.unknown-key", key=True)
    if "name" not in raw:
        out.add(root, "docs.json needs \"name\", the site's name", hint='add "name": "My Docs"')
    elif not isinstance(raw["name"], str) or not raw["name"].strip():
        out.add(root / "name", f"\"name\" must be a non-empty string, got {describe(raw['name'])}",
                hint='write "name": "My Docs"')
    if "navigation" not in raw:
        out.add(root, "docs.json needs \"navigation\"", hint='add "navigation": {"pages": ["index"]}')
    if "theme" in raw:
        theme = raw["theme"]
        if not isinstance(theme, str) or theme not in THEMES:
            close = difflib.get_close_matches(str(theme), THEMES, n=1) if isinstance(theme, str) else []
            out.add(root / "theme", f"unknown theme {theme!r}",
                    hint=(f"did you mean {close[0]!r}? Use" if close else "use") +
                    " one of " + ", ".join(THEMES))
    for key, check in CHECKS.items():
        if key in raw:
            check(raw[key], root / key, out)
    _check_assistant_option(raw, out)
    _check_icon_names(raw, out)
    for spec, (known, mint) in SETTINGS_KEYS.items():
        for value, at in _objects_at(raw, spec):
            _check_settings_keys(value, at, known, mint, out)
    if "variations" in raw and raw.get("theme") != "willow":
        out.warn(root / "variations", "variations are drawn by the willow theme only: with "
                 f"theme {raw.get('theme', 'mint')!r}, <Variation> content is shown nowhere, as "
                 "on the platform", hint='set "theme": "willow", or remove "variations"',
                 code="config.variations-theme", key=True)


# The keys of docs.json's settings objects, as the platform's schema names them, and mint.json's
# names for some of them (real docs.json files keep "suggestEdit", background "style" and footer
# column "title"). The platform drops any other key without a word, and so did the build: the
# suggest-edit link, grid or column header their authors asked for did not come, silently.
# "[]" stands for every element of an array.
SETTINGS_KEYS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "background": (("image", "decoration", "color"), {"style": "decoration"}),
    "background.color": (("light", "dark"), {}),
    "banner": (("content", "dismissible", "type", "color"), {}),
    "errors": (("404",), {}),
    "errors.404": (("redirect", "title", "description"), {}),
    "search": (("prompt",), {}),
    "metadata": (("timestamp",), {}),
    "interaction": (("drilldown",), {}),
    "icons": (("library",), {}),
    "styling": (("eyebrows", "codeblocks", "latex"), {}),
    "thumbnails": (("appearance", "background", "fonts", "preset", "surface", "eyebrow"), {}),
    "feedback": (("thumbs", "edits", "issues"),
                 {"thumbsRating": "thumbs", "suggestEdit": "edits", "raiseIssue": "issues"}),
    "fonts": (("family", "weight", "source", "format", "heading", "body"),
              {"headings": "heading", "url": "source"}),
    "fonts.heading": (("family", "weight", "source", "format"), {"url": "source"}),
    "fonts.body": (("family", "weight", "source", "format"), {"url": "source"}),
    "footer": (("socials", "links"), {}),
    "footer.links[]": (("header", "items"), {"title": "header", "links": "items"}),
    "footer.links[].items[]": (("label", "href"), {"url": "href"}),
    "navbar": (("links", "primary"), {}),
    "navbar.links[]": (("label", "href", "icon", "iconType", "type"), {"name": "label", "url": "href"}),
    "navbar.primary": (("type", "label", "href"), {"name": "label", "url": "href"}),
    "api.playground": (("display", "proxy", "credentials"), {"mode": "display"}),
    "api.examples": (("languages", "defaults", "prefill", "autogenerate"), {}),
    # api.params and api.spec: check_api checks their keys beside their values
    "api.mdx": (("auth", "server"), {}),
    "api.mdx.auth": (("method", "name"), {}),
}


_META_NAMES = frozenset("description keywords robots author canonical title google-site-verification "
                        "theme-color application-name".split())


def _objects_at(raw: dict[str, object], spec: str) -> list[tuple[dict, JsonPath]]:
    """The objects a SETTINGS_KEYS path names in ``raw``, each with its JSON path."""
    found: list[tuple[object, JsonPath]] = [(raw, JsonPath())]
    for part in spec.split("."):
        name, each = part.removesuffix("[]"), part.endswith("[]")
        step = []
        for value, at in found:
            child = value.get(name) if isinstance(value, dict) else None
            if each:
                step += [(v, at / name / i) for i, v in enumerate(child)] if isinstance(child, list) else []
            elif child is not None:
                step.append((child, at / name))
        found = step
    return [(value, at) for value, at in found if isinstance(value, dict)]


def _check_settings_keys(value: dict, at: JsonPath, known: tuple[str, ...],
                         mint: dict[str, str], out: Problems) -> None:
    holds = ", ".join(repr(k) for k in known)
    for k in value:
        if k in known:
            continue
        if k in mint:
            hint = f"{k!r} is mint.json's; in docs.json write {at / mint[k]}"
        elif at == JsonPath(("metadata",)) and (":" in k or k in _META_NAMES):
            # mint.json's "metadata" held the site's meta tags; docs.json's holds "timestamp"
            hint = f"meta tags go in seo.metatags (mint.json kept them here): write seo.metatags.{k}"
        else:
            close = difflib.get_close_matches(k, known, n=1, cutoff=0.7)
            hint = (f"did you mean {close[0]!r}? The" if close else "the") + f" keys here are {holds}"
        out.warn(at / k, f"unknown key {k!r}; it is ignored", hint=hint,
                 code="config.unknown-key", key=True)


def check_public(value: object, at: JsonPath, out: Problems) -> None:
    if value is False:
        out.warn(at, "\"public\": false asks the platform to put the docs behind its login; a "
                 "static build is readable by anyone who can reach the host", hint="protect the "
                 "host itself (basic auth, a private bucket) or remove the key",
                 code="config.unsupported")
    elif not isinstance(value, bool):
        out.add(at, f"\"public\" must be true or false, got {describe(value)}", hint='write "public": true')


def check_feedback(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"thumbs": true}')
    # edits and issues are drawn from the site's git checkout (plugins/feedback.py)
    if (obj or {}).get("thumbs") is True:
        out.warn(at / "thumbs", "feedback 'thumbs' is not supported: page ratings need the "
                 "platform's feedback service; nothing is shown",
                 hint="remove it, or add a link to your tracker in footer.links",
                 code="config.unsupported")


def check_errors(value: object, at: JsonPath, out: Problems) -> None:
    """errors.404: the platform's schema fills "redirect" with true when it is left out, so a
    404 page whose title or description is written, without "redirect", is never shown."""
    obj = _obj(value, at, out, '{"404": {"redirect": false, "title": "Lost?"}}')
    page = (obj or {}).get("404")
    if isinstance(page, dict) and "redirect" not in page and ("title" in page or "description" in page):
        out.warn(at / "404", "without \"redirect\", a missing page sends readers to the home page "
                 "(\"redirect\" defaults to true, as on the platform), so this title and description "
                 "are never shown", hint='add "redirect": false to show them',
                 code="config.404-redirect", key=True)


def check_markdown(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"instructions": "Use the acme CLI."}')
    found = (obj or {}).get("instructions")
    if found is not None and not isinstance(found, str) and not (
            isinstance(found, list) and all(isinstance(x, str) for x in found)):
        out.add(at / "instructions", f"\"instructions\" must be text or a list of lines, got "
                f"{describe(found)}", hint='write "instructions": "Use the acme CLI."')
    if "schema" in (obj or {}) and not isinstance((obj or {})["schema"], bool):
        out.add(at / "schema", f"\"schema\" must be true or false, got {describe((obj or {})['schema'])}",
                hint='write "schema": false to leave the OpenAPI document out of API pages\' .md copies')


def check_thumbnails(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"appearance": "dark"}')
    if obj is None:
        return
    _enum(obj, "appearance", ("light", "dark"), at, out)
    background = obj.get("background")
    if isinstance(background, str) and background.startswith(("http://", "https://")):
        out.warn(at / "background", "a build does not download images, so thumbnails are drawn "
                 "without this background", hint="put the image in the site folder and write its "
                 "path, e.g. \"/images/thumbnail.png\"", code="config.unsupported")
    elif background is not None and not isinstance(background, str):
        out.add(at / "background", f"\"background\" must be an image path, got {describe(background)}",
                hint='write "background": "/images/thumbnail.png"')
    for key in ("preset", "surface", "eyebrow"):
        if key in obj:
            out.warn(at / key, "not drawn: mdxsite draws one layout, the site's name over "
                     "the page's title and description",
                     hint="remove it, or accept that layout", code="config.unsupported")
    fonts = obj.get("fonts")
    if isinstance(fonts, dict) and "family" in fonts:
        out.warn(at / "fonts" / "family", f"thumbnails use the font Pillow ships, not "
                 f"{fonts['family']!r}: a build cannot download Google Fonts",
                 hint="remove it, or accept the built-in font", code="config.unsupported")


# the platform's schema names these three; any other value (a real docs.json writes "none")
# fails its validation, and the build drew no decoration without a word
DECORATIONS = ("gradient", "grid", "windows")


def check_background(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"decoration": "gradient"}')
    if obj is None:
        return
    _enum(obj, "decoration", DECORATIONS, at, out,
          hint='remove "decoration" for a plain background, or write "decoration": "gradient"')
    if "color" in obj:
        color = _obj(obj["color"], at / "color", out, '{"light": "#F8FAFC", "dark": "#0F172A"}')
        if color is not None:
            _hex_colours(color, ("light", "dark"), at / "color", out, "#F8FAFC")
    if "image" in obj:
        _str_or_obj(obj["image"], at / "image", out, ("light", "dark"),
                    '"/images/background.png"')


def check_icons(value: object, at: JsonPath, out: Problems) -> None:
    from mdxsite.output.icons import LIBRARIES, npm_folder

    obj = _obj(value, at, out, '{"library": "lucide"}')
    if obj is None:
        return
    _enum(obj, "library", LIBRARIES, at, out)
    library = obj.get("library")
    if library in ("lucide", "tabler") and npm_folder(str(library)) is None:
        out.warn(at / "library", f"the {library} icons are not installed, so Font Awesome's "
                 "question mark is drawn for every icon", hint="run make theme-deps (or set "
                 "MDXSITE_THEME_DEPS to the folder holding its node_modules)",
                 code="icon.library-missing")


def _check_icon_names(raw: dict[str, object], out: Problems) -> None:
    """Warn, where docs.json writes it, about each icon name the site's library does not have
    (the page draws a question mark in its place: never a blank)."""
    from mdxsite.output.icons import LIBRARIES, has_icon, npm_folder, stand_in_said, unknown_said

    icons = raw.get("icons")
    library = icons.get("library") if isinstance(icons, dict) else None
    library = library if library in LIBRARIES else "fontawesome"
    if library != "fontawesome" and npm_folder(str(library)) is None:
        return  # said once by check_icons

    def walk(value: object, at: JsonPath) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                name = v.get("name") if k == "icon" and isinstance(v, dict) else v
                if k == "icon" and isinstance(name, str) and name.strip() and \
                        not has_icon(name.strip(), str(library)):
                    said = stand_in_said(name.strip(), str(library))
                    if said is not None:
                        out.warn(at / k, said[0], hint=said[1], code="icon.substituted")
                        continue
                    said = unknown_said(name.strip(), str(library))
                    out.warn(at / k, said[0], hint=said[1], code="icon.unknown")
                elif isinstance(v, (dict, list)) and k not in ("integrations", "variables"):
                    walk(v, at / k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                if isinstance(v, (dict, list)):  # not the path of each of 10,000 page names
                    walk(v, at / i)

    walk(raw, JsonPath())


def _check_assistant_option(raw: dict[str, object], out: Problems) -> None:
    """contextual's "assistant" opens the assistant, which only the assistant plugin provides."""
    ctx, own = raw.get("contextual"), raw.get("mdxsite")
    options = ctx.get("options") if isinstance(ctx, dict) else None
    plugins = own.get("plugins") if isinstance(own, dict) else None
    if isinstance(options, list) and "assistant" in options and \
            not (isinstance(plugins, dict) and "assistant" in plugins):
        out.warn(JsonPath(("contextual", "options", options.index("assistant"))),
                 "contextual option 'assistant' needs the assistant plugin; it is left out",
                 hint='turn it on with "mdxsite": {"plugins": {"assistant": {"domain": "docs"}}}',
                 code="config.unsupported")


def _obj(value: object, at: JsonPath, out: Problems, example: str) -> dict | None:
    if isinstance(value, dict):
        return value
    out.add(at, f"expected an object, got {describe(value)}", hint=f"write {example}")
    return None


def _enum(value: dict, name: str, choices: tuple[object, ...], at: JsonPath, out: Problems,
          hint: str = "") -> None:
    if name in value and value[name] not in choices:
        out.add(at / name, f"{name!r} must be one of {', '.join(map(repr, choices))}, "
                f"got {value[name]!r}",
                hint=hint or f'write "{name}": {choices[0]!r}'.replace("'", '"'))


def _hex_colours(obj: dict, keys: tuple[str, ...], at: JsonPath, out: Problems,
                 example: str) -> None:
    """Each of ``keys`` that ``obj`` holds is a hex colour (``example`` shows one)."""
    for k in keys:
        if k in obj and (not isinstance(obj[k], str) or not _HEX.match(obj[k])):
            out.add(at / k, f"{k!r} must be a hex colour such as \"{example}\", got {obj[k]!r}",
                    hint=f'write "{k}": "{example}"')


def _str_or_obj(value: object, at: JsonPath, out: Problems, keys: tuple[str, ...], example: str) -> None:
    if isinstance(value, str):
        return
    obj = _obj(value, at, out, example)
    if obj is None:
        return
    for k in keys:
        if k in obj and not isinstance(obj[k], str):
            out.add(at / k, f"{k!r} must be a string, got {describe(obj[k])}", hint=f"write {example}")


def check_colors(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"primary": "#0D9373"}')
    if obj is None:
        return
    for k in obj:
        if k not in ("primary", "light", "dark"):
            out.warn(at / k, f"unknown colour {k!r}; it is ignored",
                     hint=f"{k!r} is mint.json's; in docs.json write background.color "
                     '({"light", "dark"})' if k == "background" else
                     'colors holds "primary", "light" and "dark"',
                     code="config.unknown-key", key=True)
    _hex_colours(obj, ("primary", "light", "dark"), at, out, "#0D9373")


def check_logo(value: object, at: JsonPath, out: Problems) -> None:
    _str_or_obj(value, at, out, ("light", "dark", "href"), '{"light": "/logo/light.svg", "dark": "/logo/dark.svg"}')
    for k in value if isinstance(value, dict) else ():
        if k not in ("light", "dark", "href"):
            out.warn(at / k, f"unknown key {k!r}; it is ignored",
                     hint='logo holds "light", "dark" and "href" (its size comes from the theme)',
                     code="config.unknown-key", key=True)
    if isinstance(value, dict) and isinstance(value.get("href"), str) and not value["href"].strip():
        out.warn(at / "href", "a blank \"href\" is ignored: the logo links to the home page",
                 hint='write "href": "https://…" or remove it', code="config.blank-href")


def check_favicon(value: object, at: JsonPath, out: Problems) -> None:
    _str_or_obj(value, at, out, ("light", "dark"), '"/favicon.svg"')


def check_styling(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"eyebrows": "breadcrumbs"}')
    if obj is not None:
        _enum(obj, "eyebrows", ("section", "breadcrumbs"), at, out)
        if "latex" in obj and not isinstance(obj["latex"], bool):
            out.add(at / "latex", f"\"latex\" must be true or false, got {describe(obj['latex'])}",
                    hint='write "latex": false to leave $…$ as text, or remove it')
        if "codeblocks" in obj:
            _check_codeblocks(obj["codeblocks"], at / "codeblocks", out)


def _check_codeblocks(value: object, at: JsonPath, out: Problems) -> None:
    """``"system"``, ``"dark"``, a Shiki theme name, ``{"theme": name}`` or
    ``{"theme": {"light": name, "dark": name}}``, with optional ``languages.custom``."""
    from mdxsite.mdx.code import CSS_VARIABLES, SHIKI_STYLES

    example = '{"theme": {"light": "github-light", "dark": "github-dark"}}'
    names = sorted(SHIKI_STYLES) + [CSS_VARIABLES]

    def theme_name(name: object, where: JsonPath) -> None:
        if name != CSS_VARIABLES and (not isinstance(name, str) or name not in SHIKI_STYLES):
            close = difflib.get_close_matches(str(name), names, n=1) if isinstance(name, str) else []
            out.add(where, f"unknown code theme {name!r}",
                    hint=(f"did you mean {close[0]!r}? Use" if close else "use") +
                    " \"system\", \"dark\" or a Shiki theme name such as \"github-dark\"")

    if isinstance(value, str):
        if value not in ("system", "dark", "light"):
            theme_name(value, at)
        return
    obj = _obj(value, at, out, example)
    if obj is None:
        return
    for k in obj:
        if k not in ("theme", "languages"):
            out.warn(at / k, f"unknown key {k!r}", hint="codeblocks holds \"theme\" and \"languages\"",
                     code="config.unknown-key", key=True)
    theme = obj.get("theme")
    if isinstance(theme, dict):
        for mode in ("light", "dark"):
            if mode not in theme:
                out.add(at / "theme", f"a code theme per mode needs {mode!r}",
                        hint=f"write \"theme\": {example[10:-1]}")
            else:
                theme_name(theme[mode], at / "theme" / mode)
    elif theme is not None:
        theme_name(theme, at / "theme")
    if "languages" in obj:
        out.warn(at / "languages", "custom Shiki languages are not supported: Pygments highlights "
                 "code, and those blocks show as plain text", hint="remove \"languages\"",
                 code="config.unsupported")


def check_interaction(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"drilldown": true}')
    if obj is not None and "drilldown" in obj and not isinstance(obj["drilldown"], bool):
        out.add(at / "drilldown", f"\"drilldown\" must be true or false, got {describe(obj['drilldown'])}",
                hint='write "drilldown": true')


def check_appearance(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"default": "system"}')
    if obj is not None:
        _enum(obj, "default", ("system", "light", "dark"), at, out)
        if "strict" in obj and not isinstance(obj["strict"], bool):
            out.add(at / "strict", "\"strict\" must be true or false", hint='write "strict": true')
        for k in obj:  # the platform's schema strips the others without a word
            if k not in ("default", "strict"):
                layouts = ", ".join(f'"{name}" is "theme": "{theme}"'
                                    for name, theme in LAYOUT_THEMES.items())
                out.warn(at / k, f"unknown key {k!r}; it is ignored",
                         hint=f"in docs.json the theme sets the layout ({layouts})" if k == "layout"
                         else 'appearance holds "default" and "strict"',
                         code="config.unknown-key", key=True)


def check_redirects(value: object, at: JsonPath, out: Problems) -> None:
    if not isinstance(value, list):
        out.add(at, f"expected an array, got {describe(value)}",
                hint='write "redirects": [{"source": "/old", "destination": "/new"}]')
        return
    for i, r in enumerate(value):
        if not isinstance(r, dict):
            out.add(at / i, f"expected an object, got {describe(r)}",
                    hint='write {"source": "/old", "destination": "/new"}')
            continue
        for k in ("source", "destination"):
            if isinstance(r.get(k), str) and not r[k].strip():  # the platform accepts it
                out.warn(at / i / k, f"a redirect with a blank {k!r} is skipped",
                         hint='write {"source": "/old", "destination": "/new"}',
                         code="config.blank-redirect")
            elif not isinstance(r.get(k), str):
                out.add(at / i / k if k in r else at / i, f"a redirect needs {k!r}, a path",
                        hint='write {"source": "/old", "destination": "/new"}')
        if "permanent" in r and not isinstance(r["permanent"], bool):
            out.add(at / i / "permanent", "\"permanent\" must be true or false",
                    hint='write "permanent": false')
        if isinstance(r.get("source"), str) and "#" in r["source"]:
            out.warn(at / i / "source", "a browser never sends a URL's #fragment to the server, "
                     "so a redirect from one never applies; it is left out",
                     hint="redirect the page's path, without the fragment, or keep a heading "
                     "with that id on the page", code="config.redirect-fragment")


def check_navbar(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"links": [{"label": "Blog", "href": "https://…"}]}')
    if obj is None:
        return
    links = obj.get("links", [])
    if not isinstance(links, list):
        out.add(at / "links", f"expected an array, got {describe(links)}",
                hint='write "links": [{"label": "Blog", "href": "https://…"}]')
    else:
        for i, link in enumerate(links):
            if not isinstance(link, dict) or not isinstance(link.get("href"), str):
                out.add(at / "links" / i, "a navbar link needs \"href\"",
                        hint='write {"label": "Blog", "href": "https://…"}')
    primary = obj.get("primary")
    if primary is not None:
        p = _obj(primary, at / "primary", out, '{"type": "button", "label": "Sign up", "href": "https://…"}')
        if p is not None:
            _enum(p, "type", ("button", "github", "discord"), at / "primary", out)
            if not isinstance(p.get("href"), str):
                out.add(at / "primary", "the primary navbar button needs \"href\"",
                        hint='write {"type": "button", "label": "Sign up", "href": "https://…"}')
            elif not p["href"].strip():
                out.warn(at / "primary" / "href", "the primary navbar button has a blank \"href\"; "
                         "it is left out", hint='write "href": "https://…"',
                         code="config.blank-href")


def check_footer(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"socials": {"x": "https://x.com/…"}}')
    if obj is None:
        return
    socials = obj.get("socials")
    if socials is not None:
        s = _obj(socials, at / "socials", out, '{"github": "https://github.com/…"}')
        for k, v in (s or {}).items():
            if not isinstance(v, str):
                out.add(at / "socials" / k, f"a social link must be a URL string, got {describe(v)}",
                        hint=f'write "{k}": "https://…"')
            elif (why := _not_secure(v, relative=False)):
                out.add(at / "socials" / k, f"a social link must be an https:// URL, got {v!r} ({why}); "
                        "the platform's schema rejects it", hint=_secure_hint(k, v, relative=False))
    links = obj.get("links")
    if links is not None:
        _check_footer_links(links, at / "links", out)


def _check_footer_links(links: object, at: JsonPath, out: Problems) -> None:
    """Columns of footer links: a column or link the theme cannot show is left out, said so."""
    from mdxsite.output.chrome import footer_link

    example = '[{"header": "Company", "items": [{"label": "Blog", "href": "https://…"}]}]'
    if not isinstance(links, list):
        out.warn(at, f"expected an array of columns, got {describe(links)}; it is ignored",
                 hint=f"write \"links\": {example}", code="config.footer-links")
        return
    for i, column in enumerate(links):
        if isinstance(column, dict) and "header" in column and not isinstance(column["header"], str):
            out.warn(at / i / "header", f"a column header is text, got {describe(column['header'])}; "
                     "the column has none", hint='write "header": "Company"', code="config.footer-links")
        items = column.get("items") if isinstance(column, dict) else None
        if not isinstance(items, list):
            out.warn(at / i, "a footer column needs \"items\", an array of links; it is left out",
                     hint=f"write {example}", code="config.footer-links")
            continue
        for j, item in enumerate(items):
            if not footer_link(item):
                out.warn(at / i / "items" / j, "a footer link needs \"label\" and \"href\"; it is "
                         "left out", hint='write {"label": "Blog", "href": "https://…"}',
                         code="config.footer-links")
            elif isinstance(item, dict) and (why := _not_secure(str(item["href"]), relative=True)):
                out.add(at / i / "items" / j / "href", f"a footer link must be a path, a mailto: or "
                        f"an https:// URL, got {item['href']!r} ({why}); the platform's schema "
                        "rejects it", hint=_secure_hint("href", str(item["href"]), relative=True))


# files the platform's schema refuses an absolute footer URL to end in (a path may: "/a.zip")
_UNSAFE_FILES = (".svg", ".exe", ".zip")


def _not_secure(url: str, *, relative: bool) -> str:
    """Why the platform's schema refuses ``url`` as a footer link ("" if it takes it).

    Footer socials must be absolute https URLs. Footer links (``relative``) may also be a path
    from the site's root (``/guides/intro``, any file included), a ``#fragment`` or a
    ``mailto:``; a path without its leading ``/`` (``guides/intro``, ``./intro``) is refused. An
    absolute URL may not point at an .svg, .exe or .zip file.
    """
    from urllib.parse import unquote, urlsplit

    if relative and url.startswith(("/", "#", "mailto:")) and not url.startswith("//"):
        return ""
    if url.startswith("//"):
        return "no scheme"
    parts = urlsplit(url.split("#", 1)[0])
    if not parts.scheme:
        return "a path must start with /" if relative else "not an absolute URL"
    if parts.scheme != "https":
        return f"{parts.scheme}: is not https"
    if not parts.netloc:
        return "not an absolute URL"
    if unquote(parts.path).lower().rstrip("/").endswith(_UNSAFE_FILES):
        return "a link to an .svg, .exe or .zip file"
    return ""


def _secure_hint(key: str, url: str, *, relative: bool) -> str:
    """The spelling to write instead of ``url``, refused by _not_secure."""
    from urllib.parse import urlsplit

    if url.startswith("http://"):
        return f'write "{key}": "https://{url[len("http://"):]}"'
    if url.startswith("//"):
        return f'write "{key}": "https:{url}"'
    if relative and not urlsplit(url).scheme:
        page = re.sub(r"^(\.{1,2}/)+", "", url)
        return (f'write "{key}": "/{page}" for a page of this site (a path from the site\'s '
                'root), or "https://…" for another site')
    return f'write "{key}": "https://…"'


SEO_KEYS = ("metatags", "paths", "organization", "indexing", "trailingSlash")


def check_seo(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"indexing": "navigable"}')
    if obj is None:
        return
    _enum(obj, "indexing", ("navigable", "all"), at, out)
    for k in obj:
        if k == "indexHiddenPages":  # mint.json's switch, which docs.json spells as a value
            wanted = "all" if obj[k] is True else "navigable"
            out.warn(at / k, f"unknown key {k!r}; it is ignored",
                     hint=f"'indexHiddenPages' is mint.json's; in docs.json write \"indexing\": "
                     f"\"{wanted}\" (\"all\" indexes hidden pages too, \"navigable\" does not)",
                     code="config.unknown-key", key=True)
        elif k not in SEO_KEYS:
            close = difflib.get_close_matches(k, SEO_KEYS, n=1)
            out.warn(at / k, f"unknown key {k!r}", hint=(f"did you mean {close[0]!r}? " if close else "")
                     + "seo holds " + ", ".join(SEO_KEYS), code="config.unknown-key", key=True)
    if "metatags" in obj and not isinstance(obj["metatags"], dict):
        out.add(at / "metatags", "\"metatags\" must be an object of name: content",
                hint='write "metatags": {"og:image": "https://…"}')
    paths = obj.get("paths")
    if paths is not None and not isinstance(paths, list):
        out.add(at / "paths", f"\"paths\" must be an array, got {describe(paths)}",
                hint='write "paths": [{"path": "guides/v2", "metatags": {"robots": "noindex"}}]')
    for i, entry in enumerate(paths if isinstance(paths, list) else ()):
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str) or \
                not entry["path"].strip("/ ") or not isinstance(entry.get("metatags"), dict):
            out.add(at / "paths" / i, "a seo path needs \"path\" (a folder of the site) and "
                    "\"metatags\" (an object)",
                    hint='write {"path": "guides/v2", "metatags": {"robots": "noindex"}}')
    given = obj.get("organization")
    org: dict = {} if given is None else \
        _obj(given, at / "organization", out, '{"name": "Acme", "sameAs": ["https://…"]}') or {}
    for k in org:
        if k not in ("id", "name", "legalName", "url", "logo", "sameAs"):
            out.warn(at / "organization" / k, f"unknown key {k!r}", hint="organization holds id, "
                     "name, legalName, url, logo and sameAs", code="config.unknown-key", key=True)
        elif k == "sameAs" and not (isinstance(org[k], list) and all(isinstance(u, str) for u in org[k])):
            out.add(at / "organization" / k, "\"sameAs\" must be an array of URLs",
                    hint='write "sameAs": ["https://github.com/acme"]')
        elif k != "sameAs" and not isinstance(org[k], str):
            out.add(at / "organization" / k, f"{k!r} must be a string, got {describe(org[k])}",
                    hint=f'write "{k}": "…"')
    slash = obj.get("trailingSlash")
    if slash is not None and not isinstance(slash, bool):
        out.add(at / "trailingSlash", f"\"trailingSlash\" must be true or false, got {describe(slash)}",
                hint='write "trailingSlash": true')
    elif slash is False:
        out.warn(at / "trailingSlash", "page URLs keep their trailing slash (a static host serves "
                 "each page as folder/index.html, and the URL without it redirects there), so "
                 "canonical links and the sitemap do too", hint="remove it, or set it to true",
                 code="config.unsupported")


API_KEYS = ("openapi", "asyncapi", "params", "playground", "examples", "url", "mdx", "spec")
# mint.json's names, which docs.json moved (the platform drops them from a docs.json silently)
_MINT_API = {"baseUrl": "api.mdx.server", "auth": "api.mdx.auth",
             "maintainOrder": "navigation order (docs.json keeps the spec's order)"}


def check_api(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"playground": {"display": "interactive"}}')
    if obj is None:
        return
    for k in obj:
        if k not in API_KEYS:
            moved = _MINT_API.get(k)
            out.warn(at / k, f"unknown key {k!r}; it is ignored",
                     hint=f"{k!r} is mint.json's; in docs.json write {moved}" if moved else
                     f"api holds {', '.join(repr(key) for key in API_KEYS)}",
                     code="config.unknown-key", key=True)
    params = obj.get("params")
    if params is not None:
        p = _obj(params, at / "params", out, '{"expanded": "all"}')
        if p is not None:
            _enum(p, "expanded", ("all", "closed"), at / "params", out)
            post = p.get("post")
            if post is not None and not (isinstance(post, list)
                                         and all(isinstance(k, str) for k in post)):
                out.add(at / "params" / "post", f"'post' must be a list of schema keys, got "
                        f"{describe(post)}", hint='write "post": ["x-since"]')
            for k in p:
                if k not in ("expanded", "post"):
                    out.warn(at / "params" / k, f"unknown key {k!r}; it is ignored",
                             hint="params holds 'expanded' and 'post'",
                             code="config.unknown-key", key=True)
    pg = obj.get("playground")
    if pg is not None:
        p = _obj(pg, at / "playground", out, '{"display": "interactive"}')
        if p is not None:
            _enum(p, "display", ("interactive", "simple", "none", "auth"), at / "playground", out)
            if p.get("proxy") is True:
                out.warn(at / "playground" / "proxy", "a static site has no proxy server: the "
                         "playground sends requests straight from the reader's browser, so the "
                         "API must allow the docs' origin (CORS)",
                         hint='set "proxy": false to say so, or remove it',
                         code="config.unsupported")
    spec_setting = obj.get("spec")
    if spec_setting is not None:
        p = _obj(spec_setting, at / "spec", out, '{"download": true}')
        if p is not None:
            if "download" in p and not isinstance(p["download"], bool):
                out.add(at / "spec" / "download", f"expected true or false, got "
                        f"{describe(p['download'])}", hint='write "download": true')
            for k in p:
                if k != "download":
                    out.warn(at / "spec" / k, f"unknown key {k!r}; it is ignored",
                             hint="spec holds 'download'", code="config.unknown-key", key=True)
    if "asyncapi" in obj:  # the documents asyncapi: frontmatter names a channel of
        from mdxsite.nav.validate import check_asyncapi

        check_asyncapi(obj["asyncapi"], at / "asyncapi", out)
    spec = obj.get("openapi")
    if spec is not None and not isinstance(spec, (str, list, dict)):
        out.add(at / "openapi", f"expected a path, a list of paths or {{source, directory}}, "
                f"got {describe(spec)}", hint='write "openapi": "openapi.yaml"')


def check_contextual(value: object, at: JsonPath, out: Problems) -> None:
    from mdxsite.output.chrome import CONTEXTUAL, HOSTED_OPTIONS, MCP_OPTIONS

    obj = _obj(value, at, out, '{"options": ["copy", "view", "chatgpt"]}')
    options = (obj or {}).get("options")
    if options is not None and not isinstance(options, list):
        out.warn(at / "options", f"expected an array of options, got {describe(options)}; the page "
                 "menu is left out", hint='write "options": ["copy", "view"]',
                 code="config.contextual")
    for i, option in enumerate(options if isinstance(options, list) else ()):
        if isinstance(option, str) and option in MCP_OPTIONS:
            out.warn(at / "options" / i, f"contextual option {option!r} needs the platform's hosted MCP "
                     "server, which a static site does not have; it is left out",
                     hint="remove it, or add a custom option whose href points at your own MCP server",
                     code="config.unsupported")
        elif isinstance(option, str) and option in HOSTED_OPTIONS:
            out.warn(at / "options" / i, f"contextual option {option!r} "
                     f"{HOSTED_OPTIONS[option]}; it is left out", hint="remove it",
                     code="config.unsupported")
        elif isinstance(option, str) and option not in CONTEXTUAL and \
                option not in ("assistant", "download-spec"):
            out.warn(at / "options" / i, f"unknown contextual option {option!r}; it is left out",
                     hint=f"use one of {', '.join(sorted(CONTEXTUAL))}", code="config.unknown-option")


def check_variables(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"product": "Acme"}')
    for k, v in (obj or {}).items():
        if not isinstance(v, (str, int, float)):
            out.add(at / k, f"a variable must be a string, got {describe(v)}", hint=f'write "{k}": "…"')


def check_mdxsite(value: object, at: JsonPath, out: Problems) -> None:
    obj = _obj(value, at, out, '{"plugins": {"assistant": {"domain": "docs"}}}')
    if obj is None:
        return
    known = {"plugins", "exclude", "assistant", "search", "site_url", "theme"}
    for k in obj:
        if k not in known:
            close = difflib.get_close_matches(k, sorted(known), n=1, cutoff=0.7)
            out.warn(at / k, f"unknown mdxsite setting {k!r}",
                     hint=f"did you mean {close[0]!r}?" if close else "it is ignored",
                     code="config.unknown-key", key=True)
    exclude = obj.get("exclude")
    if exclude is not None and (not isinstance(exclude, list) or
                                not all(isinstance(e, str) for e in exclude)):
        out.add(at / "exclude", "\"exclude\" must be an array of glob patterns",
                hint='write "exclude": ["drafts/**"]')
    plugins = obj.get("plugins")
    if plugins is not None and not isinstance(plugins, dict):
        out.add(at / "plugins", f"expected an object of plugin name to options, got {describe(plugins)}",
                hint='write "plugins": {"assistant": {}}')


def check_variations(value: object, at: JsonPath, out: Problems) -> None:
    """``variations``: the options a reader picks between for ``<Variation>`` content, as the
    platform's willow theme reads them (ids unique, at least one)."""
    obj = _obj(value, at, out, '{"options": [{"id": "cloud", "label": "Cloud"}]}')
    if obj is None:
        return
    options = obj.get("options")
    if not isinstance(options, list) or not options:
        out.add(at / "options", "\"options\" must be a non-empty array of {\"id\", \"label\"}",
                hint='write "options": [{"id": "cloud", "label": "Cloud"}]')
        return
    seen: set[str] = set()
    for i, option in enumerate(options):
        if not isinstance(option, dict) or not all(
                isinstance(option.get(k), str) and option[k].strip() for k in ("id", "label")):
            out.add(at / "options" / i, "a variation needs a non-empty \"id\" and \"label\"",
                    hint='write {"id": "cloud", "label": "Cloud"}')
        elif option["id"].strip() in seen:
            out.add(at / "options" / i / "id", f"variation id {option['id']!r} is duplicated",
                    hint="give each variation its own id")
        else:
            seen.add(option["id"].strip())


CHECKS: dict[str, Check] = {
    "colors": check_colors, "logo": check_logo, "favicon": check_favicon,
    "styling": check_styling, "interaction": check_interaction, "appearance": check_appearance,
    "redirects": check_redirects, "navbar": check_navbar, "footer": check_footer,
    "seo": check_seo, "api": check_api, "variables": check_variables, "mdxsite": check_mdxsite,
    "contextual": check_contextual, "icons": check_icons, "public": check_public,
    "feedback": check_feedback, "markdown": check_markdown, "thumbnails": check_thumbnails,
    "variations": check_variations, "errors": check_errors, "background": check_background,
}
