"""What a plugin author relies on, each through a real build: components, template overrides,
the configure hooks, settings, slots, dependencies, wrappers and the blame for a failing hook.

Plugins here are registered in code (``pm.register``) beside every installed one; the
examples under ``examples/plugins`` are tested installed, through the command line.
"""

from __future__ import annotations

import gc
import types
from pathlib import Path
from typing import Any

import pytest

from mdxsite import (Component, Dependency, MdxsiteError, OutputFile, PluginError, Setting,
                     hookimpl, pipeline, plugin_manager)


def plugin(name: str, **hooks: Any) -> types.SimpleNamespace:
    """A plugin object whose attributes are the given hook implementations."""
    return types.SimpleNamespace(__name__=name, **hooks)


def build(root: Path, out: Path, *plugins: Any, **kwargs: Any):
    pm = plugin_manager.create(["search"])
    for i, p in enumerate(plugins):
        pm.register(p, name=getattr(p, "__name__", f"p{i}"))
    return pipeline.build(root, out, pm, jobs=1, **kwargs)


@pytest.fixture
def site(make_site) -> Path:
    return make_site({"name": "Contract", "navigation": {"pages": ["index", "guide"]}},
                     pages={"index": "---\ntitle: Home\n---\n\nPress <Kbd>Ctrl</Kbd>+<Kbd>K</Kbd>.\n\n"
                                     "<Note>Careful.</Note>\n\n<Tip>Handy.</Tip>\n",
                            "guide": "---\ntitle: Guide\n---\n\nTerm\n: Its meaning.\n"})


def html(out: Path, key: str = "") -> str:
    return (out / key / "index.html").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- components

def test_a_plugin_adds_a_component_and_restyles_note_alone(site: Path, tmp_path: Path) -> None:
    templates = tmp_path / "templates" / "components"
    templates.mkdir(parents=True)
    (templates / "kbd.html").write_text("<kbd class=\"key\">{{ children | shout }}</kbd>")
    (templates / "note.html").write_text('<aside class="my-note">{{ children }}</aside>')
    kbd = plugin(
        "kbd",
        mdxsite_components=hookimpl(lambda: [Component("Kbd", "components/kbd.html", inline=True)]),
        mdxsite_template_folders=hookimpl(lambda: [tmp_path / "templates"]),
        mdxsite_configure_jinja=hookimpl(lambda env: env.filters.update(shout=str.upper)))
    out = tmp_path / "out"
    report = build(site, out, kbd)
    page = html(out)
    assert '<kbd class="key">CTRL</kbd>+<kbd class="key">K</kbd>' in page
    assert '<aside class="my-note">Careful.</aside>' in page
    assert 'class="callout callout-tip"' in page          # other callouts keep their look
    assert "mdx-unknown" not in page and report.pages == 2

    without = tmp_path / "without"
    build(site, without)
    assert 'data-component="Kbd"' in html(without)         # a plain box (and a warning) without it


def test_two_plugins_defining_one_component_is_an_error_naming_both(site: Path, tmp_path: Path) -> None:
    mine = plugin("mine", mdxsite_components=hookimpl(lambda: [Component("Note", "x.html")]))
    with pytest.raises(MdxsiteError) as caught:
        build(site, tmp_path / "out", mine)
    assert "plugins 'mine' and 'mdx' both contribute the component <Note>" in str(caught.value)
    assert not (tmp_path / "out").exists()


def test_a_mistake_in_a_plugin_or_site_template_is_located_in_that_template(
        site: Path, tmp_path: Path) -> None:
    # it was "plugin 'mdx' (or 'theme') failed ... a bug in that plugin, not in your site"
    folder = tmp_path / "templates"
    (folder / "components").mkdir(parents=True)
    kbd = plugin(
        "kbd",
        mdxsite_components=hookimpl(lambda: [Component("Kbd", "components/kbd.html", inline=True)]),
        mdxsite_template_folders=hookimpl(lambda: [folder]))

    def problems(out: str) -> list[str]:
        with pytest.raises(MdxsiteError) as caught:
            build(site, tmp_path / out, kbd)
        assert not (tmp_path / out).exists()
        return [str(p) for p in caught.value.problems]

    (folder / "components" / "kbd.html").write_text("<kbd>\n{{ lable }}</kbd>")
    assert problems("undefined") == [
        f"{folder / 'components' / 'kbd.html'}:2: 'lable' is undefined. Templates run with "
        "StrictUndefined: a name must be defined (test it with `is defined`)."]
    (folder / "components" / "kbd.html").write_text("<kbd>{% if %}</kbd>")
    assert problems("syntax") == [
        f"{folder / 'components' / 'kbd.html'}:1: Expected an expression, got 'end of "
        "statement block'"]
    (folder / "components" / "kbd.html").unlink()
    assert problems("missing")[0].startswith(
        "index.mdx: no template folder has the template 'components/kbd.html'. A plugin's "
        "component names it")
    (folder / "components" / "kbd.html").write_text("<kbd>{{ children }}</kbd>")
    (site / "_templates" / "partials").mkdir(parents=True)
    (site / "_templates" / "partials" / "sidebar.html").write_text("{{ nope }}")
    assert problems("layout")[0].startswith(
        "_templates/partials/sidebar.html:1: 'nope' is undefined.")


def test_configure_markdown_extends_the_parser_of_every_page(site: Path, tmp_path: Path) -> None:
    from mdit_py_plugins.deflist import deflist_plugin

    deflist = plugin("deflist", mdxsite_configure_markdown=hookimpl(lambda md: md.use(deflist_plugin)))
    out = tmp_path / "out"
    build(site, out, deflist)
    assert "<dl>\n<dt>Term</dt>\n<dd>Its meaning.</dd>\n</dl>" in html(out, "guide")


# --------------------------------------------------------------------------- settings, slots

def test_settings_are_checked_located_and_read_with_defaults(make_site, tmp_path: Path) -> None:
    seen: list[Any] = []

    def finished(site: Any) -> None:
        seen.append(dict(site.plugin_settings("feed")))

    feed = plugin("feed",
                  mdxsite_settings=hookimpl(lambda: {"title": Setting(str, default="Updates"),
                                                     "limit": Setting(int, default=20),
                                                     "format": Setting(str, default="atom",
                                                                       choices=("atom", "rss"))}),
                  mdxsite_build_finished=hookimpl(finished))
    good = make_site('{"name": "S", "navigation": {"pages": ["index"]},\n'
                     ' "mdxsite": {"plugins": {"feed": {"limit": 5}}}}\n')
    build(good, tmp_path / "good", feed)
    assert seen == [{"title": "Updates", "limit": 5, "format": "atom"}]

    bad = make_site('{"name": "S", "navigation": {"pages": ["index"]},\n'
                    ' "mdxsite": {"plugins": {"feed": {"titel": "x", "limit": "5", "format": "xml"}}}}\n')
    with pytest.raises(MdxsiteError) as caught:
        build(bad, tmp_path / "bad", feed)
    lines = [str(p) for p in caught.value.problems]
    assert lines[0].startswith("docs.json:2:35: mdxsite.plugins.feed.titel: plugin 'feed' has no "
                               "option 'titel'. Did you mean 'title'?")
    assert any("mdxsite.plugins.feed.limit: expected a whole number, got the string '5'" in x for x in lines)
    assert any("'xml' is not one of 'atom', 'rss'" in x for x in lines)
    assert not (tmp_path / "bad").exists()


def test_slots_place_plugin_html_and_an_unknown_slot_names_the_plugin(site: Path, tmp_path: Path) -> None:
    slots = plugin("slots", mdxsite_page_slots=hookimpl(lambda page: {
        "head": '<meta name="x-reviewed" content="yes">',
        "after_content": f'<p class="reviewed">{page.title} reviewed</p>',
        "sidebar_footer": '<p class="side-note">v2</p>'}))
    out = tmp_path / "out"
    build(site, out, slots)
    page = html(out, "guide")
    head, body = page.split("</head>")
    assert '<meta name="x-reviewed" content="yes">' in head
    article = body.split('<article class="prose">')[1].split("</article>")[0]
    assert article.rstrip().endswith('<p class="reviewed">Guide reviewed</p>')
    assert '<p class="side-note">v2</p></aside>' in body

    typo = plugin("typo", mdxsite_page_slots=hookimpl(lambda: {"afterContent": "x"}))
    with pytest.raises(MdxsiteError) as caught:
        build(site, tmp_path / "typo", typo)
    assert "plugin 'typo' fills the slot 'afterContent', which the theme does not have" in str(caught.value)


def test_a_template_variable_the_theme_sets_is_an_error_naming_the_plugin(site: Path, tmp_path: Path) -> None:
    clash = plugin("clash", mdxsite_template_context=hookimpl(lambda: {"toc": []}))
    with pytest.raises(MdxsiteError) as caught:
        build(site, tmp_path / "out", clash)
    assert "plugin 'clash' sets the template variable 'toc', which the theme sets itself" in str(caught.value)


# --------------------------------------------------------------------------- dependencies

def test_declared_dependencies_decide_whether_a_cached_page_is_used(site: Path, tmp_path: Path) -> None:
    state = {"head": "aaa"}
    (site / "authors.txt").write_text("Ann\n")
    rendered: list[str] = []

    def render_page(page: Any):
        rendered.append(page.key)  # count real renders; the mdx plugin answers

    git = plugin("git",
                 mdxsite_page_dependencies=hookimpl(lambda page: [Dependency("head", state["head"])]
                                                    + (["authors.txt"] if page.key == "guide" else [])),
                 mdxsite_render_page=hookimpl(render_page))
    out = tmp_path / "out"
    build(site, out, git)
    assert sorted(rendered) == ["guide", "index"]
    rendered.clear()
    assert build(site, out, git).reused == 2 and rendered == []        # nothing changed
    (site / "authors.txt").write_text("Ann\nBo\n")
    build(site, out, git)
    assert rendered == ["guide"]                                       # the declared file
    rendered.clear()
    state["head"] = "bbb"
    build(site, out, git)
    assert sorted(rendered) == ["guide", "index"]                      # the key: a new commit


# --------------------------------------------------------------------------- calling and blame

def test_a_raising_contribution_names_its_plugin_and_line(site: Path, tmp_path: Path) -> None:
    def output_files(site: Any) -> list[OutputFile]:
        return [OutputFile(path="x.txt", content=str(1 / 0))]

    broken = plugin("broken", mdxsite_output_files=hookimpl(output_files))
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "kept.html").write_text("last good")
    with pytest.raises(PluginError) as caught:
        build(site, tmp_path / "out", broken)
    err = caught.value
    assert (err.plugin, err.hook) == ("broken", "mdxsite_output_files")
    assert err.where.endswith(f"test_plugin_contract.py:{output_files.__code__.co_firstlineno + 1}")
    assert "ZeroDivisionError: division by zero" in str(err)
    assert (tmp_path / "out" / "kept.html").read_text() == "last good"


def test_a_raising_wrapper_is_blamed_alone(site: Path, tmp_path: Path) -> None:
    def wrap(page: Any):
        rendered = yield
        if page.key == "guide":
            raise KeyError("oops")
        return rendered

    bystander = plugin("bystander", mdxsite_render_page=hookimpl(lambda page: None))
    wrapper = plugin("wrapper", mdxsite_render_page=hookimpl(wrapper=True)(wrap))
    with pytest.raises(PluginError) as caught:
        build(site, tmp_path / "out", bystander, wrapper)
    assert (caught.value.plugin, caught.value.page) == ("wrapper", "guide")
    assert "plugin 'wrapper' (registered in code) failed in mdxsite_render_page while rendering " \
           "'guide'" in str(caught.value)


def test_a_raising_page_built_is_blamed_naming_plugin_and_page(site: Path, tmp_path: Path) -> None:
    def built(result: Any) -> None:
        if result.page.key == "guide":
            raise ValueError("no")

    with pytest.raises(PluginError) as caught:
        build(site, tmp_path / "out", plugin("listener", mdxsite_page_built=hookimpl(built)))
    err = caught.value
    assert (err.plugin, err.hook, err.page) == ("listener", "mdxsite_page_built", "guide")
    assert err.where.endswith(f"test_plugin_contract.py:{built.__code__.co_firstlineno + 2}")
    assert not (tmp_path / "out").exists()
    # the render, stopped between two pages, left nothing frozen (a watch-mode process would
    # otherwise never collect garbage again)
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize(("hook", "returned", "shown"), [
    ("mdxsite_settings", lambda: ["title"], "['title']"),
    ("mdxsite_extra_pages", lambda: [{"key": "news"}], "{'key': 'news'}"),
    ("mdxsite_output_files", lambda: ["feed.xml"], "'feed.xml'"),
    ("mdxsite_template_folders", lambda: ["templates"], "'templates'"),
    ("mdxsite_template_context", lambda: "minutes", "'minutes'"),
    ("mdxsite_page_slots", lambda: {"after_content": None}, "{'after_content': None}"),
    ("mdxsite_page_assets", lambda: [3], "3"),
])
def test_a_result_of_the_wrong_type_is_one_located_error_naming_the_plugin(
        site: Path, tmp_path: Path, hook: str, returned: Any, shown: str) -> None:
    # not an AttributeError in mdxsite's code, blamed on whichever plugin was running, and
    # once, not once per page
    with pytest.raises(MdxsiteError) as caught:
        build(site, tmp_path / "out", plugin("wrong", **{hook: hookimpl(returned)}))
    assert [str(p).split(". Return")[0] for p in caught.value.problems] == [
        f"plugin wrong: plugin 'wrong' returns {shown} from {hook}"]
    assert not (tmp_path / "out").exists()


def test_a_template_variable_mdxsite_sets_is_an_error_naming_the_plugin(site: Path, tmp_path: Path) -> None:
    # "slots" and "page_assets" were silently replaced by the merged slots and assets
    for name in ("slots", "page_assets"):
        clash = plugin("clash", mdxsite_template_context=hookimpl(lambda name=name: {name: {}}))
        with pytest.raises(MdxsiteError) as caught:
            build(site, tmp_path / name, clash)
        assert f"plugin 'clash' sets the template variable {name!r}, which mdxsite sets " \
               "itself" in str(caught.value)


def test_page_built_wrappers_and_call_monitors_see_every_page(site: Path, tmp_path: Path) -> None:
    # per-page hooks skip pluggy's call machinery when it has nothing to do
    # (plugin_manager.call_each): a wrapper or a monitor must still get every call
    wrapped: list[str] = []
    monitored: list[str] = []

    def wrap(result: Any):
        wrapped.append(result.page.key)
        return (yield)

    pm = plugin_manager.create(["search"])
    pm.register(plugin("wrapper", mdxsite_page_built=hookimpl(wrapper=True)(wrap)), name="wrapper")
    pipeline.build(site, tmp_path / "out", pm, jobs=1)
    assert sorted(wrapped) == ["guide", "index"]

    pm = plugin_manager.create(["search"])
    undo = pm.add_hookcall_monitoring(
        lambda hook, impls, kwargs: monitored.append(kwargs["result"].page.key)
        if hook == "mdxsite_page_built" else None, lambda *args: None)
    pipeline.build(site, tmp_path / "again", pm, jobs=1)
    assert sorted(monitored) == ["guide", "index"]
    undo()
    monitored.clear()
    pipeline.build(site, tmp_path / "again", pm, jobs=1)
    assert monitored == []


def test_old_style_hookwrappers_are_refused_with_what_to_write(site: Path) -> None:
    def old(page: Any):
        yield

    pm = plugin_manager.create(["search"])
    with pytest.raises(MdxsiteError) as caught:
        pm.register(plugin("old", mdxsite_render_page=hookimpl(hookwrapper=True)(old)), name="old")
    assert "implements mdxsite_render_page with hookwrapper=True" in str(caught.value)
    assert "Use @hookimpl(wrapper=True)" in str(caught.value)
    assert pm.get_plugin("old") is None


def test_contributions_follow_pluggy_order_and_wrappers(site: Path, tmp_path: Path) -> None:
    first = plugin("first", mdxsite_page_assets=hookimpl(tryfirst=True)(lambda: ["/a/first.css"]))
    last = plugin("last", mdxsite_page_assets=hookimpl(trylast=True)(lambda: ["/a/last.css"]))

    def drop(site: Any):
        files = yield
        return [[f for f in group if f.path != "llms.txt"] for group in files]

    dropper = plugin("dropper", mdxsite_output_files=hookimpl(wrapper=True)(drop))
    out = tmp_path / "out"
    build(site, out, last, first, dropper)
    page = html(out)
    assert page.index("/a/first.css") < page.index("/a/last.css")
    assert (out / "llms-full.txt").is_file() and not (out / "llms.txt").exists()


def test_watch_mode_renders_again_the_pages_whose_declared_key_changed(site: Path, tmp_path: Path) -> None:
    from mdxsite.incremental import Engine

    head = tmp_path / "HEAD"   # stands for .git/HEAD: outside the site, watched by the plugin
    head.write_text("aaa")
    key = plugin("key",
                 mdxsite_watch_paths=hookimpl(lambda: [head]),
                 mdxsite_page_dependencies=hookimpl(lambda page: [Dependency(
                     "head", head.read_text())] if page.key == "guide" else []),
                 mdxsite_page_slots=hookimpl(lambda page: {"after_content": head.read_text()}))
    pm = plugin_manager.create(["search", "agents"])  # agents watches the site's skill files
    pm.register(key, name="key")
    engine = Engine(site, tmp_path / "out", pm)
    try:
        assert engine.build().ok and engine.watch_paths == (head,)
        head.write_text("bbb")
        rebuilt = engine.apply([head])
    finally:
        engine.close()
    assert rebuilt is not None and rebuilt.ok and rebuilt.rendered == ("guide",)
    assert "bbb</article>" in html(tmp_path / "out", "guide")
    assert "aaa</article>" in html(tmp_path / "out")     # declared nothing: left as it was


def moving_key(head: Path, landing: list[str]) -> types.SimpleNamespace:
    """A plugin keying every page by ``head``'s text and showing it; ``landing`` holds a
    commit that lands right after the guide's render read ``head``."""
    def slots(page: Any) -> dict[str, str]:
        shown = head.read_text()
        if landing and page.key == "guide":
            head.write_text(landing.pop())
        return {"after_content": f"<p>at {shown}</p>"}

    return plugin("key", mdxsite_watch_paths=hookimpl(lambda: [head]),
                  mdxsite_page_dependencies=hookimpl(lambda page: [Dependency(
                      "head", head.read_text())]),
                  mdxsite_page_slots=hookimpl(slots))


def test_a_key_that_moves_while_the_page_renders_renders_it_again(site: Path, tmp_path: Path) -> None:
    """A commit that lands while a page is being rendered: the page shows the old commit, so
    the key kept with it is the old one, and the commit's own change renders it again."""
    from mdxsite.incremental import Engine

    head = tmp_path / "HEAD"
    head.write_text("aaa")
    landing: list[str] = []
    key = moving_key(head, landing)
    pm = plugin_manager.create(["search"])
    pm.register(key, name="key")
    engine = Engine(site, tmp_path / "out", pm, jobs=1)
    out = tmp_path / "out"
    try:
        assert engine.build().ok
        landing.append("bbb")
        (site / "guide.mdx").write_text("---\ntitle: Guide\n---\n\nNew words.\n")
        edited = engine.apply([site / "guide.mdx"])
        assert edited is not None and edited.rendered == ("guide",)
        assert "<p>at aaa</p>" in html(out, "guide") and head.read_text() == "bbb"
        moved = engine.apply([head])
    finally:
        engine.close()
    assert moved is not None and moved.ok and set(moved.rendered) == {"index", "guide"}
    assert "<p>at bbb</p>" in html(out, "guide")


def test_a_key_that_moves_during_the_first_watch_build_renders_the_page_again(
        site: Path, tmp_path: Path) -> None:
    from mdxsite.incremental import Engine

    head = tmp_path / "HEAD"
    head.write_text("aaa")
    pm = plugin_manager.create(["search"])
    pm.register(moving_key(head, ["bbb"]), name="key")
    engine = Engine(site, tmp_path / "out", pm, jobs=1)
    try:
        assert engine.build().ok and "<p>at aaa</p>" in html(tmp_path / "out", "guide")
        moved = engine.apply([head])
    finally:
        engine.close()
    assert moved is not None and "guide" in moved.rendered
    assert "<p>at bbb</p>" in html(tmp_path / "out", "guide")


def test_the_render_cache_keeps_the_key_a_page_was_rendered_under(site: Path, tmp_path: Path) -> None:
    head = tmp_path / "HEAD"
    head.write_text("aaa")
    landing = ["bbb"]
    key = moving_key(head, landing)
    out = tmp_path / "out"
    assert build(site, out, key).reused == 0
    assert "<p>at aaa</p>" in html(out, "guide") and head.read_text() == "bbb"
    build(site, out, key)                       # the key moved: no page is taken from the cache
    assert "<p>at bbb</p>" in html(out, "guide") and "<p>at bbb</p>" in html(out)
    # an edited page is rendered early, before the cache is checked: the same holds for it
    landing.append("ccc")
    (site / "guide.mdx").write_text("---\ntitle: Guide\n---\n\nNew words.\n")
    build(site, out, key)
    assert "New words." in html(out, "guide") and "<p>at bbb</p>" in html(out, "guide")
    assert head.read_text() == "ccc"
    build(site, out, key)
    assert "<p>at ccc</p>" in html(out, "guide")


def test_watch_mode_reports_a_plugin_mistake_on_every_page_once(site: Path, tmp_path: Path) -> None:
    from mdxsite.incremental import Engine

    head = tmp_path / "HEAD"
    head.write_text("good")
    flaky = plugin("flaky",
                   mdxsite_watch_paths=hookimpl(lambda: [head]),
                   mdxsite_page_dependencies=hookimpl(lambda: [Dependency("head", head.read_text())]),
                   mdxsite_page_slots=hookimpl(lambda: {"after_content": None}
                                               if head.read_text() == "bad" else {}))
    pm = plugin_manager.create(["search"])
    pm.register(flaky, name="flaky")
    engine = Engine(site, tmp_path / "out", pm)
    try:
        assert engine.build().ok
        head.write_text("bad")
        rebuilt = engine.apply([head])
    finally:
        engine.close()
    assert rebuilt is not None and not rebuilt.ok
    assert [str(p).split(". Return")[0] for p in rebuilt.problems] == [
        "plugin flaky: plugin 'flaky' returns {'after_content': None} from mdxsite_page_slots"]


# --------------------------------------------------------------------------- a built-in on the contract

def test_metadata_timestamp_shows_the_last_commit_and_follows_a_new_one(make_site, tmp_path: Path) -> None:
    """The built-in timestamps plugin uses the same hooks: a slot and a Dependency key."""
    import subprocess

    root = make_site({"name": "T", "metadata": {"timestamp": True},
                      "navigation": {"pages": ["index", "guide"]}},
                     pages={"index": "# Home\n", "guide": "---\ntitle: Guide\ntimestamp: false\n---\nG\n"})

    def git(*args: str, when: str = "2026-03-04T10:00:00+00:00") -> None:
        env = {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_NAME": "a",
               "GIT_AUTHOR_EMAIL": "a@b.c", "GIT_COMMITTER_NAME": "a",
               "GIT_COMMITTER_EMAIL": "a@b.c", "HOME": str(tmp_path)}
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)

    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "first")
    out = tmp_path / "out"
    build(root, out)
    assert '<time datetime="2026-03-04T10:00:00+00:00">March 4, 2026</time>' in html(out)
    assert "last-modified" not in html(out, "guide")          # timestamp: false on the page
    (root / "index.mdx").write_text("# Home\n\nMore.\n")
    build(root, out)                                           # edited, not committed yet
    assert "March 4, 2026" in html(out) and "More." in html(out)
    git("commit", "-qam", "second", when="2026-05-06T10:00:00+00:00")
    report = build(root, out)          # no file changed since the last build: only the commit
    assert "May 6, 2026" in html(out) and report.reused == 1   # guide declared nothing
