"""One broken rule per docs.json: the exact first error line, exit code 1, no traceback.

Each row is a tiny site. ``expected`` is the first line ``mdxsite build`` prints on stderr:
file:line:column, the JSON path, what is wrong, and what to do.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

PAGES = {"index": "# Home\n", "guide": "# Guide\n", "setup": "# Setup\n"}


def doc(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


CASES: list[tuple[str, str, dict[str, str], str]] = [
    ("trailing-comma", doc('''
        {
          "name": "T",
          "navigation": {"pages": ["index"],}
        }
        '''), {}, "docs.json:3:36: trailing comma before '}'. Remove the last comma."),
    ("comment", doc('''
        {
          // the site
          "name": "T"
        }
        '''), {}, "docs.json:2:3: comments are not allowed in JSON. Remove the // comment."),
    ("single-quotes", doc('''
        {
          "name": 'T',
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:2:11: strings need double quotes in JSON. Replace ' with \"."),
    ("duplicate-key", doc('''
        {
          "name": "T",
          "name": "U",
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:3: key 'name' appears twice in this object. Keep one of them."),
    ("root-not-object", '["index"]\n', {},
     "docs.json:1:1: docs.json must hold an object, got an array. "
     "Start the file with { \"name\": …, \"navigation\": … }."),
    ("missing-name", doc('''
        {
          "navigation": {"pages": ["index"]}
        }
        '''), {}, 'docs.json:1:1: docs.json needs "name", the site\'s name. Add "name": "My Docs".'),
    ("missing-navigation", doc('''
        {
          "name": "T"
        }
        '''), {}, 'docs.json:1:1: docs.json needs "navigation". '
                  'Add "navigation": {"pages": ["index"]}.'),
    ("unknown-theme", doc('''
        {
          "name": "T",
          "theme": "mintt",
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:12: theme: unknown theme 'mintt'. Did you mean 'mint'? Use one of "
                  "mint, maple, palm, willow, linden, almond, aspen, sequoia, luma."),
    ("colour-not-hex", doc('''
        {
          "name": "T",
          "colors": {"primary": "green"},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:25: colors.primary: 'primary' must be a hex colour such as "
                  "\"#0D9373\", got 'green'. Write \"primary\": \"#0D9373\"."),
    # a real docs.json wrote "none": the platform's schema rejects it, and the build drew no
    # decoration without a word
    ("background-decoration", doc('''
        {
          "name": "T",
          "background": {"decoration": "none"},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:32: background.decoration: 'decoration' must be one of "
                  "'gradient', 'grid', 'windows', got 'none'. Remove \"decoration\" for a plain "
                  "background, or write \"decoration\": \"gradient\"."),
    ("background-colour-not-hex", doc('''
        {
          "name": "T",
          "background": {"color": {"dark": "black"}},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:36: background.color.dark: 'dark' must be a hex colour such as "
                  "\"#F8FAFC\", got 'black'. Write \"dark\": \"#F8FAFC\"."),
    ("navigation-array", doc('''
        {
          "name": "T",
          "navigation": ["index"]
        }
        '''), {}, "docs.json:3:17: navigation: expected an object, got an array. "
                  "Write \"navigation\": { \"pages\": [\"index\"] } or another root pattern."),
    ("no-root-pattern", doc('''
        {
          "name": "T",
          "navigation": {}
        }
        '''), {}, "docs.json:3:17: navigation: no root pattern. Add exactly one of 'pages', "
                  "'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'."),
    ("pages-not-array", doc('''
        {
          "name": "T",
          "navigation": {"pages": "index"}
        }
        '''), {}, "docs.json:3:27: navigation.pages: expected an array, got the string 'index'. "
                  "Write \"pages\": [ … ]."),
    ("page-entry-number", doc('''
        {
          "name": "T",
          "navigation": {"pages": ["index", 7]}
        }
        '''), {}, "docs.json:3:37: navigation.pages[1]: expected a page path or a group, "
                  "got a number. Write \"folder/page\" or {\"group\": \"Name\", \"pages\": […]}."),
    ("page-not-found", doc('''
        {
          "name": "T",
          "navigation": {
            "groups": [
              {"group": "Start", "pages": ["index", "guides/setup"]}
            ]
          }
        }
        '''), {}, "docs.json:5:45: navigation.groups[0].pages[1]: page 'guides/setup' not found "
                  "(looked for guides/setup.mdx, guides/setup.md). Create it or fix the path."),
    ("page-near-miss", doc('''
        {
          "name": "T",
          "navigation": {"pages": ["index", "guid"]}
        }
        '''), {}, "docs.json:3:37: navigation.pages[1]: page 'guid' not found (looked for "
                  "guid.mdx, guid.md). Did you mean 'guide'? Create it or fix the path."),
    ("page-folder-index", doc('''
        {
          "name": "T",
          "navigation": {"pages": ["index", "guides"]}
        }
        '''), {"guides/index.mdx": "# Guides\n"},
        "docs.json:3:37: navigation.pages[1]: page 'guides' not found (looked for guides.mdx, "
        "guides.md). Did you mean 'guides/index'? Create it or fix the path."),
    ("page-outside-root", doc('''
        {
          "name": "T",
          "navigation": {"pages": ["index", "../secrets"]}
        }
        '''), {}, "docs.json:3:37: navigation.pages[1]: page '../secrets' is outside the site "
                  "folder. Move the file into the site folder and list its path from there."),
    ("group-without-name", doc('''
        {
          "name": "T",
          "navigation": {"groups": [{"pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:29: navigation.groups[0]: a group needs 'group'. "
                  "Add \"group\": \"Name\"."),
    ("group-with-an-empty-name", doc('''
        {
          "name": "T",
          "navigation": {"groups": [{"group": "", "pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:39: navigation.groups[0].group: 'group' must be a non-empty string, "
                  "got the string ''. Write \"group\": \"Name\"."),
    ("groups-inside-group", doc('''
        {
          "name": "T",
          "navigation": {"groups": [{"group": "A", "pages": ["index"], "groups": []}]}
        }
        '''), {}, "docs.json:3:64: navigation.groups[0].groups: 'groups' is not allowed in a "
                  "group. A group holds only \"pages\" (nested groups go inside pages)."),
    ("tab-without-label", doc('''
        {
          "name": "T",
          "navigation": {"tabs": [{"pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:27: navigation.tabs[0]: a tab needs 'tab'. Add \"tab\": \"Name\"."),
    ("tab-no-content", doc('''
        {
          "name": "T",
          "navigation": {"tabs": [{"tab": "Empty"}]}
        }
        '''), {}, "docs.json:3:27: navigation.tabs[0]: tab 'Empty' has no content. Add \"groups\" "
                  "or \"pages\", an \"href\" link, or an \"openapi\" source."),
    ("menu-outside-tab", doc('''
        {
          "name": "T",
          "navigation": {"anchors": [{"anchor": "A", "menu": [{"item": "x", "pages": ["index"]}]}]}
        }
        '''), {}, "docs.json:3:46: navigation.anchors[0].menu: 'menu' is not allowed in an "
                  "anchor. A menu belongs directly inside a tab or a product."),
    ("menu-item-with-tabs", doc('''
        {
          "name": "T",
          "navigation": {
            "tabs": [{"tab": "A", "menu": [{"item": "M", "tabs": [{"tab": "x", "pages": ["index"]}]}]}]
          }
        }
        '''), {}, "docs.json:4:50: navigation.tabs[0].menu[0].tabs: 'tabs' is not allowed in a "
                  "menu. A menu item holds pages, groups or sections, not tabs."),
    ("expanded-not-boolean", doc('''
        {
          "name": "T",
          "navigation": {
            "groups": [{"group": "A", "pages": ["index", {"group": "B", "expanded": "yes", "pages": ["guide"]}]}]
          }
        }
        '''), {}, "docs.json:4:77: navigation.groups[0].pages[1].expanded: \"expanded\" must be "
                  "true or false, got the string 'yes'. Write \"expanded\": true."),
    ("expanded-on-tab", doc('''
        {
          "name": "T",
          "navigation": {"tabs": [{"tab": "A", "expanded": true, "pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:52: navigation.tabs[0].expanded: \"expanded\" applies only to "
                  "groups, not to a tab. Remove it."),
    ("global-anchor-no-href", doc('''
        {
          "name": "T",
          "navigation": {
            "global": {"anchors": [{"anchor": "Blog"}]},
            "pages": ["index"]
          }
        }
        '''), {}, "docs.json:4:28: navigation.global.anchors[0]: global anchors need an absolute "
                  "URL, got None. Use https://…; site paths belong in navigation.anchors."),
    ("global-anchor-href-number", doc('''
        {
          "name": "T",
          "navigation": {
            "global": {"anchors": [{"anchor": "Blog", "href": 12}]},
            "pages": ["index"]
          }
        }
        '''), {}, "docs.json:4:55: navigation.global.anchors[0].href: global anchors need an "
                  "absolute URL, got 12. Use https://…; site paths belong in navigation.anchors."),
    ("unknown-language", doc('''
        {
          "name": "T",
          "navigation": {"languages": [{"language": "english", "pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:45: navigation.languages[0].language: unknown language code "
                  "'english'. Use one of ar ca cn cs da de en es fi fr fr-CA fr-ca he hi hu id it "
                  "ja ja-JP ja-jp jp ko lv nl no pl pt pt-BR ro ru sv tr ua uk uz vi zh zh-CN "
                  "zh-Hans zh-Hant zh-TW."),
    ("duplicate-version", doc('''
        {
          "name": "T",
          "navigation": {
            "versions": [
              {"version": "v1", "pages": ["index"]},
              {"version": "v1", "pages": ["guide"]}
            ]
          }
        }
        '''), {}, "docs.json:6:19: navigation.versions[1].version: version 'v1' is listed twice "
                  "(also at index 0). Give each one its own name."),
    ("two-default-versions", doc('''
        {
          "name": "T",
          "navigation": {
            "versions": [
              {"version": "v2", "default": true, "pages": ["index"]},
              {"version": "v1", "default": true, "pages": ["guide"]}
            ]
          }
        }
        '''), {}, "docs.json:6:36: navigation.versions[1].default: more than one entry is marked "
                  "\"default\". Mark one default."),
    ("openapi-without-source", doc('''
        {
          "name": "T",
          "navigation": {"tabs": [{"tab": "API", "openapi": {"directory": "api"}}]}
        }
        '''), {}, "docs.json:3:53: navigation.tabs[0].openapi: an openapi object needs "
                  "\"source\", a file path or URL. Write {\"source\": \"openapi.yaml\", "
                  "\"directory\": \"api-reference\"}."),
    ("openapi-number", doc('''
        {
          "name": "T",
          "navigation": {"tabs": [{"tab": "API", "openapi": 3}]}
        }
        '''), {}, "docs.json:3:53: navigation.tabs[0].openapi: expected a file path, a URL or "
                  "{source, directory}, got a number. Write \"openapi\": \"openapi.yaml\"."),
    ("endpoint-without-spec", doc('''
        {
          "name": "T",
          "navigation": {"pages": ["index", "GET /users"]}
        }
        '''), {}, "docs.json:3:37: navigation.pages[1]: endpoint 'GET /users' has no OpenAPI "
                  "document to come from. Set \"openapi\" on this element or a parent, or write "
                  "\"openapi.yaml GET /path\"."),
    ("ref-missing-file", doc('''
        {
          "name": "T",
          "navigation": {"$ref": "nav/en.json"}
        }
        '''), {}, "docs.json:3:26: navigation.$ref: $ref 'nav/en.json': file not found "
                  "(nav/en.json). Create the file or fix the path (it is relative to the file "
                  "holding the $ref)."),
    ("ref-outside-site", doc('''
        {
          "name": "T",
          "navigation": {"$ref": "../nav.json"}
        }
        '''), {}, "docs.json:3:26: navigation.$ref: $ref '../nav.json' leads outside the site "
                  "folder. Keep referenced files inside the site."),
    ("styling-eyebrows", doc('''
        {
          "name": "T",
          "styling": {"eyebrows": "trail"},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:27: styling.eyebrows: 'eyebrows' must be one of 'section', "
                  "'breadcrumbs', got 'trail'. Write \"eyebrows\": \"section\"."),
    ("api-params-expanded", doc('''
        {
          "name": "T",
          "api": {"params": {"expanded": "open"}},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:34: api.params.expanded: 'expanded' must be one of 'all', "
                  "'closed', got 'open'. Write \"expanded\": \"all\"."),
    ("api-params-post", doc('''
        {
          "name": "T",
          "api": {"params": {"post": "x-since"}},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:30: api.params.post: 'post' must be a list of schema keys, got "
                  "the string 'x-since'. Write \"post\": [\"x-since\"]."),
    ("latex-not-boolean", doc('''
        {
          "name": "T",
          "styling": {"latex": "off"},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:24: styling.latex: \"latex\" must be true or false, got the string "
                  "'off'. Write \"latex\": false to leave $…$ as text, or remove it."),
    ("markdown-schema-not-boolean", doc('''
        {
          "name": "T",
          "markdown": {"schema": 0},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:26: markdown.schema: \"schema\" must be true or false, got a "
                  "number. Write \"schema\": false to leave the OpenAPI document out of API "
                  "pages' .md copies."),
    ("group-boost-not-number", doc('''
        {
          "name": "T",
          "navigation": {"groups": [{"group": "G", "boost": "high", "pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:53: navigation.groups[0].boost: \"boost\" must be a number of 0 "
                  "or more, got the string 'high'. Write \"boost\": 3 to rank the group's pages "
                  "three times higher in search."),
    ("drilldown-not-boolean", doc('''
        {
          "name": "T",
          "interaction": {"drilldown": "yes"},
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:32: interaction.drilldown: \"drilldown\" must be true or false, "
                  "got the string 'yes'. Write \"drilldown\": true."),
    ("redirect-without-destination", doc('''
        {
          "name": "T",
          "redirects": [{"source": "/old"}],
          "navigation": {"pages": ["index"]}
        }
        '''), {}, "docs.json:3:17: redirects[0]: a redirect needs 'destination', a path. "
                  "Write {\"source\": \"/old\", \"destination\": \"/new\"}."),
    ("icon-wrong-type", doc('''
        {
          "name": "T",
          "navigation": {"groups": [{"group": "A", "icon": 5, "pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:52: navigation.groups[0].icon: an icon is a name or {name, style}, "
                  "got a number. Write \"icon\": \"book-open\"."),
    ("hidden-not-boolean", doc('''
        {
          "name": "T",
          "navigation": {"groups": [{"group": "A", "hidden": "no", "pages": ["index"]}]}
        }
        '''), {}, "docs.json:3:54: navigation.groups[0].hidden: 'hidden' must be true or false, "
                  "got the string 'no'. Write \"hidden\": true."),
]


@pytest.mark.parametrize("name,docs,files,expected", CASES, ids=[c[0] for c in CASES])
def test_broken_docs_json_is_located(cli: Callable, make_site: Callable, tmp_path: Path,
                                     name: str, docs: str, files: dict[str, str],
                                     expected: str) -> None:
    root = make_site(docs, pages=PAGES, files=files)
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first == expected
    assert "Traceback" not in result.output + result.stderr
    assert not (tmp_path / "out").exists()


def test_there_are_at_least_thirty_rules() -> None:
    assert len({c[0] for c in CASES}) >= 30


def test_every_problem_is_reported_at_once(cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(doc('''
        {
          "name": "T",
          "theme": "nope",
          "navigation": {"pages": ["index", "missing", 3]}
        }
        '''), pages=PAGES)
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith("docs.json:3:12: theme: unknown theme 'nope'")
    assert lines[1].startswith("docs.json:4:37: navigation.pages[1]: page 'missing' not found")
    assert lines[2].startswith("docs.json:4:48: navigation.pages[2]: expected a page path")
    assert lines[3] == "failed: 3 problems"


def test_error_inside_a_referenced_file_names_that_file(cli: Callable, make_site: Callable,
                                                        tmp_path: Path) -> None:
    root = make_site(doc('''
        {
          "name": "T",
          "navigation": {"$ref": "nav/main.json"}
        }
        '''), pages=PAGES, files={"nav/main.json": doc('''
        {
          "pages": ["index", "nope"]
        }
        ''')})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "nav/main.json:2:22: navigation.pages[1]: page 'nope' not found (looked for nope.mdx, "
        "nope.md). Create it or fix the path.")


def test_ref_cycle_is_an_error(cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(doc('''
        {
          "name": "T",
          "navigation": {"$ref": "a.json"}
        }
        '''), pages=PAGES, files={"a.json": '{"$ref": "b.json"}', "b.json": '{"$ref": "a.json"}'})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "b.json:1:10: navigation.$ref: $ref 'a.json' makes a cycle (docs.json -> a.json -> b.json "
        "-> a.json). Remove one of the references.")


def test_a_mint_json_site_builds_with_a_warning_and_upgrade_writes_docs_json(
        tmp_path: Path, cli: Callable) -> None:
    import json

    site = tmp_path / "site"
    site.mkdir()
    mint = {"name": "Legacy", "colors": {"primary": "#0D9373"},
            "topbarCtaButton": {"name": "Sign up", "url": "https://app.example.com", "style": "pill"},
            "tabs": [{"name": "API", "url": "api"}], "feedback": {"thumbsRating": True},
            "navigation": [{"group": "Start", "pages": ["index"]}, {"group": "API", "pages": ["api/users"]}]}
    (site / "mint.json").write_text(json.dumps(mint))
    (site / "index.mdx").write_text("# Home\n")
    (site / "api").mkdir()
    (site / "api" / "users.mdx").write_text("---\ntitle: Users\n---\nList users.\n")
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("mint.json:1:1: warning: read as docs.json from mint.json, the platform's old format "
            "(upgraded: navigation, tabs, topbarCtaButton)") in result.output
    assert ("mint.json:1:186: warning: feedback: mint.json's 'feedback' has no docs.json form"
            in result.output)
    page = (tmp_path / "out" / "api" / "users" / "index.html").read_text()
    assert "Sign up" in page and ">API<" in page
    result = cli("upgrade", site)
    assert result.exit_code == 0 and (site / "docs.json").is_file()
    assert "mint.json: left out, with no docs.json form: 'feedback', 'topbarCtaButton.style'" \
        in result.output
    written = json.loads((site / "docs.json").read_text())
    assert written["navbar"]["primary"] == {"type": "button", "label": "Sign up", "href": "https://app.example.com"}
    again = cli("upgrade", site)
    assert again.exit_code == 1 and "already exists" in again.output
    assert "0 warnings" in cli("build", site, "-o", tmp_path / "out2").output


def test_a_mint_json_mistake_is_located_in_mint_json(tmp_path: Path, cli: Callable) -> None:
    # the build reads mint.json as the docs.json the platform's upgrade makes of it; a mistake
    # found there is shown where the user wrote it, with mint.json's own path, not a path of
    # the upgraded document that mint.json does not have
    site = tmp_path / "site"
    site.mkdir()
    (site / "mint.json").write_text(
        '{\n'
        '  "name": "Legacy",\n'
        '  "tabs": [{"name": "API", "url": "api"}],\n'
        '  "anchors": [{"name": "Blog", "icon": "no-such-icon-here", "url": "https://blog.example"}],\n'
        '  "navigation": [\n'
        '    {"group": "Start", "pages": ["index"]},\n'
        '    {"group": "API", "pages": [\n'
        '      "api/users",\n'
        '      "api/missing"\n'
        '    ]}\n'
        '  ]\n'
        '}\n')
    (site / "index.mdx").write_text("# Home\n")
    (site / "api").mkdir()
    (site / "api" / "users.mdx").write_text("# Users\n")
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert ("mint.json:9:7: navigation[1].pages[1] (read as docs.json's "
            "navigation.tabs[1].groups[0].pages[1]): page 'api/missing' not found") in result.output
    (site / "api" / "missing.mdx").write_text("# Missing no more\n")
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("mint.json:4:40: warning: anchors[0].icon (read as docs.json's "
            "navigation.global.anchors[0].icon): icon 'no-such-icon-here'") in result.output


EMPTY_OPENAPI = 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: {}\n'


def _mint_site(tmp_path: Path, mint: str, files: dict[str, str]) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "mint.json").write_text(mint)
    for name, text in {"index.mdx": "# Home\n", **files}.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    return site


def test_a_mint_json_tabs_missing_openapi_file_is_named_by_its_mint_json_key(
        tmp_path: Path, cli: Callable) -> None:
    # the upgrade puts mint.json's tabs after a first "Documentation" tab, so docs.json's
    # tabs[1] is the author's tabs[0]: the warning named the other tab, and the hint a file
    # the site does not have
    site = _mint_site(tmp_path, (
        '{\n'
        '  "name": "Legacy",\n'
        '  "tabs": [{"name": "API", "url": "api", "openapi": "missing.yaml"},\n'
        '           {"name": "Events", "url": "events", "openapi": "empty.yaml"}],\n'
        '  "navigation": [\n'
        '    {"group": "Start", "pages": ["index"]},\n'
        '    {"group": "API", "pages": ["api/users"]},\n'
        '    {"group": "Events", "pages": ["events/list"]}\n'
        '  ]\n'
        '}\n'), {"api/users.mdx": "# Users\n", "events/list.mdx": "# List\n",
                 "empty.yaml": EMPTY_OPENAPI})
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("mint.json:3:53: warning: tabs[0].openapi (read as docs.json's "
            "navigation.tabs[1].openapi): the OpenAPI document 'missing.yaml' does not exist; "
            "no page uses it yet. Fix the path (relative to the folder holding mint.json), or "
            "remove it from the \"openapi\" field. [openapi.missing-file]") in result.output
    assert ("mint.json:4:59: warning: tabs[1].openapi (read as docs.json's "
            "navigation.tabs[2].openapi): no API page comes from 'empty.yaml'") in result.output


def test_a_mint_json_anchor_whose_openapi_has_no_operation_is_named_by_its_mint_json_key(
        tmp_path: Path, cli: Callable) -> None:
    site = _mint_site(tmp_path, (
        '{\n'
        '  "name": "Legacy",\n'
        '  "anchors": [{"name": "API", "url": "api", "openapi": "empty.yaml"}],\n'
        '  "navigation": [{"group": "Start", "pages": ["index"]}]\n'
        '}\n'), {"empty.yaml": EMPTY_OPENAPI})
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("mint.json:3:15: warning: anchors[0].openapi (read as docs.json's "
            "navigation.anchors[1].openapi): the OpenAPI document 'empty.yaml' has no operation "
            "to list (no paths or webhooks, or every one x-excluded), so this anchor gets no "
            "pages. Add operations to the document, list pages here, or remove \"openapi\". "
            "[openapi.no-operations]") in result.output


def test_a_mint_json_navigation_listing_no_page_is_named_by_its_mint_json_key(
        tmp_path: Path, cli: Callable) -> None:
    site = _mint_site(tmp_path, '{\n  "name": "Legacy",\n  "navigation": [{"group": "Start", '
                      '"pages": []}]\n}\n', {})
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("mint.json:3:18: warning: navigation[0] (read as docs.json's navigation): the "
            "navigation lists no page: the site has no sidebar, and its 1 page is reached by "
            "URL only. List pages in the navigation, e.g. \"pages\": [\"index\"]. "
            "[nav.no-pages]") in result.output


ENDPOINT_PAGE = '---\ntitle: Users\napi: "GET /users"\nauthMethod: weird\n---\nList users.\n'
SKILL = "---\nname: payments\ndescription: Take payments.\n---\n\n# Payments\n"


def test_a_mint_json_sites_hints_name_the_settings_mint_json_has(
        tmp_path: Path, cli: Callable, make_site: Callable) -> None:
    # a hint saying which setting to write names mint.json's key and file; docs.json's, there
    # (api.mdx.server), would be dropped by the upgrade
    files = {"users.mdx": ENDPOINT_PAGE, ".mintlify/skills/payments/SKILL.md": SKILL}
    site = _mint_site(tmp_path, '{"name": "Legacy", "navigation": [{"group": "Start", '
                      '"pages": ["index", "users"]}]}', files)
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("users.mdx:3:6: warning: api 'GET /users' has a relative path and mint.json has no "
            "api.baseUrl, so the playground cannot send it. Add \"api\": {\"baseUrl\": "
            "\"https://…\"} to mint.json, or write the full URL. [openapi.mdx-server]"
            ) in result.output
    assert ("users.mdx:4:13: warning: authMethod 'weird' is not an auth method the playground "
            "can send; the site's api.auth applies.") in result.output
    assert ("mint.json: warning: the agent card (/.well-known/agent-card.json) needs absolute "
            "URLs and the site's URL is unknown: it is not written. Build with --site-url "
            "https://…, or set metadata.canonical. [agents.card]") in result.output
    # the same site written as docs.json names docs.json's settings
    docs = make_site(doc('''{"name": "Now", "navigation": {"pages": ["index", "users"]}}'''),
                     pages={"index": "# Home\n"}, files=files)
    result = cli("build", docs, "-o", tmp_path / "out2")
    assert result.exit_code == 0, result.output
    assert ("users.mdx:3:6: warning: api 'GET /users' has a relative path and docs.json has no "
            "api.mdx.server, so the playground cannot send it. Add \"api\": {\"mdx\": "
            "{\"server\": \"https://…\"}} to docs.json, or write the full URL. "
            "[openapi.mdx-server]") in result.output
    assert "the site's api.mdx.auth applies." in result.output
    assert ("docs.json: warning: the agent card (/.well-known/agent-card.json) needs absolute "
            "URLs and the site's URL is unknown: it is not written. Build with --site-url "
            "https://…, or set seo.metatags.canonical. [agents.card]") in result.output


SPEC = ('openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths:\n  /users:\n'
        '    get: {responses: {"200": {description: OK}}}\n')


def test_a_mint_json_openapi_no_page_uses_says_where_mint_json_gives_it_pages(
        tmp_path: Path, cli: Callable) -> None:
    # mint.json's top-level "openapi" is docs.json's api.openapi; its groups have no "openapi"
    # (the upgrade drops it), so the hint names tabs and anchors only
    site = _mint_site(tmp_path, (
        '{\n'
        '  "name": "Legacy",\n'
        '  "openapi": "spec.yaml",\n'
        '  "navigation": [{"group": "Start", "pages": ["index", "bad"]}]\n'
        '}\n'), {"spec.yaml": SPEC, "bad.mdx": '---\ntitle: Bad\napi: "FETCH users"\n---\nx\n'})
    result = cli("build", site, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert ("mint.json:3:14: warning: openapi (read as docs.json's api.openapi): no page comes "
            "from 'spec.yaml': mdxsite makes API pages from \"openapi\" on a navigation element, "
            "and from pages whose frontmatter names an operation (openapi: GET /users); "
            "mint.json's top-level openapi only lends its document to such pages. To give every "
            "operation a page, set \"openapi\": \"spec.yaml\" on one of mint.json's tabs or "
            "anchors. [openapi.unused-api-spec]") in result.output
    assert ("bad.mdx:3:6: warning: api 'FETCH users' is not METHOD URL; write \"POST "
            "https://api.example.com/users\" or \"POST /users\" with api.baseUrl in mint.json. "
            "Fix the api field of the frontmatter. [openapi.mdx-api]") in result.output


def test_an_element_with_two_kinds_of_child_builds_the_one_the_platform_keeps(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    # the platform's schema tries its child arrays in a fixed order and drops the others; the
    # spec allows one kind per level, so the build says which one it kept
    docs = doc('''
        {
          "name": "T",
          "navigation": {
            "tabs": [{"tab": "A", "pages": ["index"]}],
            "dropdowns": [{"dropdown": "D", "pages": ["guide"]}]
          }
        }
        ''')
    root = make_site(docs, pages={"index": "# Home\n", "guide": "# Guide\n", "extra": "# Extra\n"})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert ("docs.json:3:17: warning: navigation: the navigation's root holds both 'tabs' and "
            "'dropdowns': the spec allows one type of child per level, and the platform builds "
            "its 'tabs' and ignores 'dropdowns', as mdxsite does") in result.stderr
    assert "[nav.mixed-children]" in result.stderr
    sidebar = (tmp_path / "out" / "index.html").read_text()
    assert 'href="/guide/"' not in sidebar.split('id="sidebar"')[1].split("</nav>")[0]

    # inside an element: a dropdown's groups win over its pages
    docs2 = {"name": "T", "navigation": {"dropdowns": [
        {"dropdown": "D", "pages": ["guide"], "groups": [{"group": "G", "pages": ["index"]}]}]}}
    result = cli("build", make_site(docs2, pages={"index": "# Home\n", "guide": "# Guide\n"}),
                 "-o", tmp_path / "out2", "--strict")
    assert result.exit_code == 1  # --strict: the spec's rule holds
    assert "dropdown 'D' holds both 'pages' and 'groups'" in result.stderr
    assert "builds its 'groups' and ignores 'pages'" in result.stderr


def test_an_operation_page_without_a_document_says_where_mint_json_names_one(
        tmp_path: Path, cli: Callable, make_site: Callable) -> None:
    # the hint said 'set "openapi" in docs.json navigation' on a mint.json site, whose groups
    # have no "openapi" (the upgrade drops it): mint.json names its document at the top level
    files = {"users.mdx": "---\ntitle: Users\nopenapi: GET /users\n---\n"}
    site = _mint_site(tmp_path, '{"name": "Legacy", "navigation": [{"group": "Start", '
                      '"pages": ["index", "users"]}]}', files)
    result = cli("build", site, "-o", tmp_path / "out")
    assert ("no OpenAPI document to look the operation up in. Set the top-level \"openapi\" in "
            "mint.json, or name the file: 'openapi: openapi.yaml GET /path'") in result.output
    docs = make_site(doc('''{"name": "Now", "navigation": {"pages": ["index", "users"]}}'''),
                     pages={"index": "# Home\n"}, files=files)
    result = cli("build", docs, "-o", tmp_path / "out2")
    assert ("no OpenAPI document to look the operation up in. Set \"openapi\" in docs.json "
            "navigation, or name the file: 'openapi: openapi.yaml GET /path'") in result.output
