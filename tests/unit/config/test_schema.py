"""docs.json's settings outside the navigation: the warnings a site author reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mdxsite.config import load_config


def _warnings(tmp_path: Path, doc: dict) -> list[str]:
    (tmp_path / "docs.json").write_text(json.dumps(doc, indent=2), encoding="utf-8")
    _, problems = load_config(tmp_path)
    return [str(p) for p in problems.warnings]


def test_mint_json_keys_in_a_docs_json_name_their_docs_json_setting(tmp_path: Path) -> None:
    """Real docs.json files carry mint.json's top-level keys ("analytics" with their Plausible
    domain, "modeToggle", "topbarLinks"): the platform drops them without a word, and the
    build's warning said "remove it", so the analytics, dark default and navbar links their
    authors asked for were lost. Each warning now names the docs.json setting to write."""
    warnings = _warnings(tmp_path, {
        "name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
        "modeToggle": {"default": "dark"}, "analytics": {"plausible": {"domain": "d.example"}},
        "topbarLinks": [{"name": "Blog", "url": "https://b.example"}], "font": {"family": "Inter"},
        "layout": "sidenav", "colour": "x"})
    assert warnings == [
        "docs.json:9:3: warning: modeToggle: unknown key 'modeToggle'. It is ignored: "
        "'modeToggle' is mint.json's; in docs.json write appearance (\"default\", and \"strict\" "
        "for isHidden). [config.unknown-key]",
        "docs.json:12:3: warning: analytics: unknown key 'analytics'. It is ignored: 'analytics' "
        "is mint.json's; in docs.json write integrations (same names inside). "
        "[config.unknown-key]",
        "docs.json:17:3: warning: topbarLinks: unknown key 'topbarLinks'. It is ignored: "
        "'topbarLinks' is mint.json's; in docs.json write navbar.links ({\"label\", \"href\"}). "
        "[config.unknown-key]",
        "docs.json:23:3: warning: font: unknown key 'font'. It is ignored: 'font' is mint.json's; "
        "in docs.json write fonts (\"heading\" and \"body\"). [config.unknown-key]",
        "docs.json:26:3: warning: layout: unknown key 'layout'. It is ignored: 'layout' is "
        "mint.json's; in docs.json write theme (\"sidenav\" is \"theme\": \"maple\", "
        "\"solidSidenav\" is \"theme\": \"willow\"). [config.unknown-key]",
        "docs.json:27:3: warning: colour: unknown key 'colour'. Did you mean 'colors'? "
        "[config.unknown-key]"]


def test_mint_json_background_colours_name_background_color(tmp_path: Path) -> None:
    """mint.json kept the page background in colors.background; a real docs.json still does,
    and the warning listed the three colours without saying where the background went."""
    warnings = _warnings(tmp_path, {"name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
                                    "colors": {"primary": "#6DB33F", "background": {"dark": "#0D1117"}}})
    assert warnings == [
        "docs.json:11:5: warning: colors.background: unknown colour 'background'; it is ignored. "
        "'background' is mint.json's; in docs.json write background.color ({\"light\", "
        "\"dark\"}). [config.unknown-key]"]


def test_unknown_keys_inside_settings_objects_are_located_warnings(tmp_path: Path) -> None:
    """Real docs.json files keep mint.json's feedback names ("suggestEdit"), background
    "style" and footer column "title"; the platform's schema drops them without a word, and so
    did the build: the edit link, grid and column header their authors asked for were lost.
    Any key a settings object does not hold is now a located warning, naming the docs.json key."""
    warnings = _warnings(tmp_path, {
        "name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
        "feedback": {"suggestEdit": True, "edits": True},
        "background": {"style": "grid"},
        "footer": {"links": [{"title": "Company", "items": [{"label": "Blog", "href": "https://b.example",
                                                              "icon": "x"}]}]},
        "navbar": {"links": [{"name": "Blog", "url": "https://b.example"}]},
        "banner": {"content": "Hi", "dismissable": True}})
    assert warnings == [
        "docs.json:14:5: warning: background.style: unknown key 'style'; it is ignored. 'style' is "
        "mint.json's; in docs.json write background.decoration. [config.unknown-key]",
        "docs.json:40:5: warning: banner.dismissable: unknown key 'dismissable'; it is ignored. Did "
        "you mean 'dismissible'? The keys here are 'content', 'dismissible', 'type', 'color'. "
        "[config.unknown-key]",
        "docs.json:10:5: warning: feedback.suggestEdit: unknown key 'suggestEdit'; it is ignored. "
        "'suggestEdit' is mint.json's; in docs.json write feedback.edits. [config.unknown-key]",
        "docs.json:19:9: warning: footer.links[0].title: unknown key 'title'; it is ignored. "
        "'title' is mint.json's; in docs.json write footer.links[0].header. [config.unknown-key]",
        "docs.json:24:13: warning: footer.links[0].items[0].icon: unknown key 'icon'; it is "
        "ignored. The keys here are 'label', 'href'. [config.unknown-key]",
        "docs.json:33:9: warning: navbar.links[0].name: unknown key 'name'; it is ignored. 'name' "
        "is mint.json's; in docs.json write navbar.links[0].label. [config.unknown-key]",
        "docs.json:34:9: warning: navbar.links[0].url: unknown key 'url'; it is ignored. 'url' is "
        "mint.json's; in docs.json write navbar.links[0].href. [config.unknown-key]"]


def test_mint_json_playground_mode_names_playground_display(tmp_path: Path) -> None:
    """A real docs.json keeps mint.json's api.playground.mode ("show"); docs.json says
    api.playground.display ("interactive"). The platform drops it, and the build did too,
    without a word: the playground the author asked for was not the one drawn."""
    warnings = _warnings(tmp_path, {"name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
                                    "api": {"playground": {"mode": "show"},
                                            "examples": {"languages": ["curl"], "default": "all"}}})
    assert warnings == [
        "docs.json:11:7: warning: api.playground.mode: unknown key 'mode'; it is ignored. 'mode' "
        "is mint.json's; in docs.json write api.playground.display. [config.unknown-key]",
        "docs.json:17:7: warning: api.examples.default: unknown key 'default'; it is ignored. Did "
        "you mean 'defaults'? The keys here are 'languages', 'defaults', 'prefill', "
        "'autogenerate'. [config.unknown-key]"]


def test_mint_json_meta_tags_under_metadata_name_seo_metatags(tmp_path: Path) -> None:
    """mint.json kept the site's meta tags in "metadata"; a real docs.json still does, where
    docs.json's "metadata" holds only "timestamp": each tag says where it goes now."""
    warnings = _warnings(tmp_path, {"name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
                                    "metadata": {"og:site_name": "Docs", "timestamp": True,
                                                 "forceDeploy": "2026-07-31"}})
    assert warnings == [
        "docs.json:10:5: warning: metadata.og:site_name: unknown key 'og:site_name'; it is "
        "ignored. Meta tags go in seo.metatags (mint.json kept them here): write "
        "seo.metatags.og:site_name. [config.unknown-key]",
        "docs.json:12:5: warning: metadata.forceDeploy: unknown key 'forceDeploy'; it is ignored. "
        "The keys here are 'timestamp'. [config.unknown-key]"]


def test_a_font_awesome_name_outside_the_free_set_is_not_called_unknown(tmp_path: Path) -> None:
    """The mint starter's global anchor icon "book-open-cover" is Font Awesome Pro, which the
    platform draws; the build called it an unknown icon, as if the name were a typo."""
    (tmp_path / "docs.json").write_text(
        '{"name": "I", "navigation": {"pages": ["index"], "global": {"anchors": [\n'
        '  {"anchor": "Docs", "href": "https://x.example", "icon": "book-open-cover"}]}}}\n',
        encoding="utf-8")
    _, problems = load_config(tmp_path)
    assert [str(p) for p in problems.warnings] == [
        "docs.json:2:59: warning: navigation.global.anchors[0].icon: icon 'book-open-cover' is not "
        "in Font Awesome Free, and no stand-in is known; a question mark is drawn in its place. If "
        "it is a Font Awesome Pro name the platform draws it, but no package installs Pro: pick a "
        "Font Awesome Free name, or set \"icons\": {\"library\": …}. [icon.unknown]"]


def test_mint_jsons_index_hidden_pages_names_the_docs_json_value(tmp_path: Path) -> None:
    """A real docs.json keeps mint.json's seo.indexHiddenPages: the warning said "did you mean
    'indexing'?" without the value that key takes."""
    (tmp_path / "docs.json").write_text(
        '{"name": "S", "navigation": {"pages": ["index"]},\n "seo": {"indexHiddenPages": true}}\n',
        encoding="utf-8")
    _, problems = load_config(tmp_path)
    assert [str(p) for p in problems.warnings] == [
        "docs.json:2:10: warning: seo.indexHiddenPages: unknown key 'indexHiddenPages'; it is "
        "ignored. 'indexHiddenPages' is mint.json's; in docs.json write \"indexing\": \"all\" "
        "(\"all\" indexes hidden pages too, \"navigable\" does not). [config.unknown-key]"]


def test_keys_for_the_sites_own_css_and_js_say_the_files_need_no_setting(tmp_path: Path) -> None:
    """Real docs.json files write "styles", "scripts", "css" or "js" for their own files: the
    build said "remove it" (or "did you mean 'styling'?") without saying the files still load."""
    (tmp_path / "docs.json").write_text(
        '{"name": "S", "navigation": {"pages": ["index"]},\n "styles": {"css": "/a.css"},\n'
        ' "js": "custom.js"}\n', encoding="utf-8")
    _, problems = load_config(tmp_path)
    hint = ("It is ignored: every .css and .js file of the site folder is added to each page "
            "without a setting, as on the platform; remove it (a script from another host is "
            "loaded by one of those .js files). [config.unknown-key]")
    assert [str(p) for p in problems.warnings] == [
        f"docs.json:2:2: warning: styles: unknown key 'styles'. {hint}",
        f"docs.json:3:2: warning: js: unknown key 'js'. {hint}"]


def test_thumbnail_layout_keys_say_once_that_they_are_not_drawn(tmp_path: Path) -> None:
    """The platform documents thumbnails.preset, surface and eyebrow. The build said both
    "not drawn" and "unknown key ... the keys here are 'appearance', 'background', 'fonts'"
    for each, the second telling the author that a documented setting does not exist."""
    warnings = _warnings(tmp_path, {"name": "W", "theme": "mint", "navigation": {"pages": ["index"]},
                                    "thumbnails": {"preset": "headline", "surface": "neutral",
                                                   "eyebrow": {"source": "tab"}}})
    assert warnings == [
        "docs.json:10:15: warning: thumbnails.preset: not drawn: mdxsite draws one layout, the "
        "site's name over the page's title and description. Remove it, or accept that layout. "
        "[config.unsupported]",
        "docs.json:11:16: warning: thumbnails.surface: not drawn: mdxsite draws one layout, the "
        "site's name over the page's title and description. Remove it, or accept that layout. "
        "[config.unsupported]",
        "docs.json:12:16: warning: thumbnails.eyebrow: not drawn: mdxsite draws one layout, the "
        "site's name over the page's title and description. Remove it, or accept that layout. "
        "[config.unsupported]"]


# what @mintlify/validation's docs.json schema says of each footer href: None if it takes it
FOOTER_HREFS = [
    ("guides/intro", "a path must start with /",
     'Write "href": "/guides/intro" for a page of this site (a path from the site\'s root), or '
     '"https://…" for another site.'),
    ("./intro", "a path must start with /",
     'Write "href": "/intro" for a page of this site (a path from the site\'s root), or '
     '"https://…" for another site.'),
    ("/intro", None, None),
    ("/files/a.zip", None, None),
    ("https://x.com/a.zip", "a link to an .svg, .exe or .zip file", 'Write "href": "https://…".'),
    ("http://x.com", "http: is not https", 'Write "href": "https://x.com".'),
    ("mailto:a@b.c", None, None),
]


@pytest.mark.parametrize(("href", "why", "hint"), FOOTER_HREFS, ids=[h for h, *_ in FOOTER_HREFS])
def test_a_footer_link_is_refused_as_the_platform_refuses_it(
        tmp_path: Path, href: str, why: str | None, hint: str | None) -> None:
    """A relative footer link "guides/intro" was refused as "not an absolute URL" with the
    advice to write https://…, wrong for a page of the site: the platform wants it from the
    root, "/guides/intro". And "/files/a.zip" is taken by the platform (only an absolute URL
    may not end in .svg, .exe or .zip), as by the build."""
    (tmp_path / "docs.json").write_text(json.dumps({
        "name": "F", "navigation": {"pages": ["index"]},
        "footer": {"links": [{"header": "More", "items": [{"label": "L", "href": href}]}]}},
        indent=2), encoding="utf-8")
    _, problems = load_config(tmp_path)
    expected = [] if why is None else [
        f"docs.json:15:21: footer.links[0].items[0].href: a footer link must be a path, a mailto: "
        f"or an https:// URL, got {href!r} ({why}); the platform's schema rejects it. {hint}"]
    assert [str(p) for p in problems.errors] == expected


SOCIALS = [("guides/intro", "not an absolute URL", "https://…"),
           ("./intro", "not an absolute URL", "https://…"),
           ("/intro", "not an absolute URL", "https://…"),
           ("/files/a.zip", "not an absolute URL", "https://…"),
           ("https://x.com/a.zip", "a link to an .svg, .exe or .zip file", "https://…"),
           ("http://x.com", "http: is not https", "https://x.com"),
           ("mailto:a@b.c", "mailto: is not https", "https://…")]


@pytest.mark.parametrize(("href", "why", "fix"), SOCIALS, ids=[h for h, *_ in SOCIALS])
def test_a_footer_social_is_refused_unless_an_https_url(
        tmp_path: Path, href: str, why: str, fix: str) -> None:
    """The platform's schema takes only an absolute https:// URL as a social link: each of
    these fails there, and here, with the spelling that fits."""
    (tmp_path / "docs.json").write_text(json.dumps({
        "name": "F", "navigation": {"pages": ["index"]}, "footer": {"socials": {"x": href}}},
        indent=2), encoding="utf-8")
    _, problems = load_config(tmp_path)
    assert [str(p) for p in problems.errors] == [
        f"docs.json:10:12: footer.socials.x: a social link must be an https:// URL, got {href!r} "
        f"({why}); the platform's schema rejects it. Write \"x\": \"{fix}\"."]


def test_footer_links_the_platform_refuses_are_located_errors(tmp_path: Path) -> None:
    """A real docs.json listed its footer socials as http:// URLs; the platform's schema takes
    only https:// there (and a path, mailto: or https:// in footer link columns, never an
    .svg, .exe or .zip), so the platform would not deploy it, while the build said nothing."""
    (tmp_path / "docs.json").write_text(json.dumps({
        "name": "F", "navigation": {"pages": ["index"]},
        "footer": {"socials": {"github": "http://github.com/acme", "x": "https://x.com/acme",
                               "discord": "https://acme.example/invite.zip"},
                   "links": [{"header": "More", "items": [
                       {"label": "Blog", "href": "http://blog.example"},
                       {"label": "Docs", "href": "/guides"}, {"label": "Mail", "href": "mailto:a@b.example"},
                       {"label": "Top", "href": "#top"}, {"label": "Site", "href": "https://acme.example/"},
                       {"label": "Logo", "href": "https://acme.example/logo.SVG"},
                       {"label": "Net", "href": "//cdn.example/x"}]}]}}, indent=2), encoding="utf-8")
    _, problems = load_config(tmp_path)
    assert [str(p) for p in problems.errors] == [
        "docs.json:10:17: footer.socials.github: a social link must be an https:// URL, got "
        "'http://github.com/acme' (http: is not https); the platform's schema rejects it. "
        "Write \"github\": \"https://github.com/acme\".",
        "docs.json:12:18: footer.socials.discord: a social link must be an https:// URL, got "
        "'https://acme.example/invite.zip' (a link to an .svg, .exe or .zip file); the platform's "
        "schema rejects it. Write \"discord\": \"https://…\".",
        "docs.json:20:21: footer.links[0].items[0].href: a footer link must be a path, a mailto: "
        "or an https:// URL, got 'http://blog.example' (http: is not https); the platform's schema "
        "rejects it. Write \"href\": \"https://blog.example\".",
        "docs.json:40:21: footer.links[0].items[5].href: a footer link must be a path, a mailto: "
        "or an https:// URL, got 'https://acme.example/logo.SVG' (a link to an .svg, .exe or .zip "
        "file); the platform's schema rejects it. Write \"href\": \"https://…\".",
        "docs.json:44:21: footer.links[0].items[6].href: a footer link must be a path, a mailto: "
        "or an https:// URL, got '//cdn.example/x' (no scheme); the platform's schema "
        "rejects it. Write \"href\": \"https://cdn.example/x\"."]
