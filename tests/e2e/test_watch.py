"""Watch mode under a running watcher: each edit changes exactly the output files it should.

Every test starts a real :class:`~mdxsite.server.dev.DevSession` (watchdog on the site folder,
the incremental engine, and for some the HTTP server on a free port), edits files on disk as
an editor would, waits for the rebuild (polling with a deadline, never a fixed sleep) and
compares a snapshot of every output file's bytes before and after.
"""

from __future__ import annotations

import json
import re
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from mdxsite import hookimpl, plugin_manager
from mdxsite.server.dev import DevSession
from mdxsite.server.watch import Watcher
from mdxsite.sources import SKIP_DIRS

DEADLINE = 60.0  # seconds: generous for a loaded 2-core machine; a passing test takes far less

SPEC = {
    "openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
    "paths": {
        "/pets": {"get": {"operationId": "listPets", "summary": "List pets",
                          "description": "Every pet.", "tags": ["Pets"],
                          "responses": {"200": {"description": "The pets"}}}},
        "/pets/{id}": {"parameters": [{"name": "id", "in": "path", "required": True,
                                       "schema": {"type": "string"}}],
                       "get": {"operationId": "showPet", "summary": "Show a pet",
                               "description": "One pet.", "tags": ["Pets"],
                               "responses": {"200": {"description": "The pet"}}}},
    },
}

DOCS = {
    "$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Watched",
    "colors": {"primary": "#0D9373"},
    "navigation": {"tabs": [
        {"tab": "One", "groups": [{"group": "First", "pages": ["a", "b", "c"]}]},
        {"tab": "Two", "groups": [{"group": "Second", "pages": ["d", "e"]}]},
        {"tab": "API", "openapi": "openapi.json"},
    ]},
}


def page(title: str, body: str) -> str:
    return f"---\ntitle: {title}\n---\n\n{body}\n"


PAGES = {
    "a": page("Alpha", "Alpha body.\n\nimport Note from '/snippets/note.mdx';\n\n<Note />"),
    "b": page("Bravo", "Bravo body."),
    "c": page("Charlie", "Charlie body."),
    "d": page("Delta", "import Note from '/snippets/note.mdx';\n\nDelta body.\n\n<Note />"),
    "e": page("Echo", "Echo body."),
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "snippets").mkdir(parents=True)
    (root / "docs.json").write_text(json.dumps(DOCS, indent=2), encoding="utf-8")
    (root / "openapi.json").write_text(json.dumps(SPEC, indent=2), encoding="utf-8")
    (root / "snippets" / "note.mdx").write_text("A shared note.\n", encoding="utf-8")
    for key, text in PAGES.items():
        (root / f"{key}.mdx").write_text(text, encoding="utf-8")
    return root


class Watched:
    """A running session plus helpers to edit and to see what the output became."""

    def __init__(self, session: DevSession) -> None:
        self.session = session
        self.engine = session.engine
        self.root = session.engine.root
        self.out = session.engine.out_dir

    def snapshot(self) -> dict[str, bytes]:
        return {p.relative_to(self.out).as_posix(): p.read_bytes()
                for p in sorted(self.out.rglob("*")) if p.is_file()}

    def settle(self, since: int, rebuilds: int = 1) -> None:
        """Wait until ``rebuilds`` more rebuilds finished and the watcher is quiet."""
        end = time.monotonic() + DEADLINE
        while self.engine.generation < since + rebuilds:
            assert time.monotonic() < end, "no rebuild came"
            time.sleep(0.01)
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < 0.25:  # a late second burst would show here
            if not self.session.watcher.idle():
                quiet_since = time.monotonic()
            assert time.monotonic() < end, "the watcher never went quiet"
            time.sleep(0.01)

    def change(self, edit: Callable[[], object], rebuilds: int = 1) -> tuple[set[str], set[str]]:
        """Run ``edit``; return (files added or changed, files removed) in the output."""
        before = self.snapshot()
        since = self.engine.generation
        edit()
        self.settle(since, rebuilds)
        after = self.snapshot()
        changed = {k for k, v in after.items() if before.get(k) != v}
        return changed, set(before) - set(after)

    def write(self, rel: str, text: str) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture
def watched(site: Path, tmp_path: Path) -> Iterator[Watched]:
    pm = plugin_manager.create(["search"])  # Pagefind would only slow the first build down
    session = DevSession(site, tmp_path / "out", pm, port=0, jobs=1)
    first = session.start()
    assert first.ok, first.problems
    yield Watched(session)
    session.close()


def html(rel: str) -> str:
    return f"{rel}/index.html"


def test_editing_a_page_body_rewrites_that_page_only(watched: Watched) -> None:
    changed, removed = watched.change(lambda: watched.write("b.mdx", page("Bravo", "New words.")))
    assert changed == {html("b"), "b.md", "llms-full.txt", ".well-known/llms-full.txt"}
    assert removed == set()
    assert "New words." in (watched.out / html("b")).read_text()


def test_a_class_no_page_used_before_gets_its_utility_rule_on_every_page(
        watched: Watched, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    link = re.compile(r'href="/(_mdxsite/utilities\.[0-9a-f]{10}\.css)"')
    first = link.search((watched.out / html("c")).read_text())
    assert first is not None
    watched.change(lambda: watched.write("b.mdx", page("Bravo", '<p className="mt-7">New.</p>')))
    for key in ("b", "c"):  # the edited page, and one that did not change but links it
        now = link.search((watched.out / html(key)).read_text())
        assert now is not None and now.group(1) != first.group(1)
        assert ".mt-7{margin-top:1.75rem}" in (watched.out / now.group(1)).read_text()


def test_a_session_started_on_a_warm_cache_writes_every_page_into_llms_full(
        site: Path, tmp_path: Path) -> None:
    """The pages of the start-up build came from the render cache, their Markdown unread
    (the render cache reads it when first asked, here after that build closed it)."""
    pm = plugin_manager.create(["search"])
    warm = DevSession(site, tmp_path / "out", pm, port=0, jobs=1)
    assert warm.start().ok
    warm.close()
    session = DevSession(site, tmp_path / "out", plugin_manager.create(["search"]), port=0,
                         jobs=1)
    assert session.start().ok
    watched = Watched(session)
    try:
        changed, _ = watched.change(lambda: watched.write("b.mdx", page("Bravo", "New words.")))
        assert "llms-full.txt" in changed
        full = (watched.out / "llms-full.txt").read_text(encoding="utf-8")
        for words in ("Alpha body.", "New words.", "Charlie body.", "Delta body.", "Echo body."):
            assert words in full
        assert "Bravo body." not in full
    finally:
        session.close()


def test_a_title_change_rerenders_its_section_and_its_neighbours(watched: Watched) -> None:
    changed, _ = watched.change(lambda: watched.write("b.mdx", page("Bravo renamed", "Bravo body.")))
    # a and c show b in their sidebar and prev/next links; tab Two's sidebar does not list it
    assert changed == {html("a"), html("b"), html("c"), "b.md", "llms.txt", "llms-full.txt",
                       ".well-known/llms.txt", ".well-known/llms-full.txt"}
    assert "Bravo renamed" in (watched.out / html("a")).read_text()


def test_a_snippet_change_rerenders_the_pages_importing_it(watched: Watched) -> None:
    changed, _ = watched.change(lambda: watched.write("snippets/note.mdx", "A better note.\n"))
    assert changed == {html("a"), html("d")}
    assert "A better note." in (watched.out / html("d")).read_text()


def test_a_navigation_change_in_docs_json_rerenders_what_it_touches(watched: Watched) -> None:
    docs = json.loads(json.dumps(DOCS))
    docs["navigation"]["tabs"][1]["groups"][0]["group"] = "Second, renamed"
    changed, _ = watched.change(
        lambda: watched.write("docs.json", json.dumps(docs, indent=2)))
    assert changed == {html("d"), html("e")}
    assert "Second, renamed" in (watched.out / html("e")).read_text()


def test_a_setting_in_docs_json_rerenders_every_page(watched: Watched) -> None:
    docs = json.loads(json.dumps(DOCS))
    docs["colors"]["primary"] = "#AA0000"
    pages = {html(k) for k in "abcde"} | {html("api-reference/pets/list-pets"),
                                          html("api-reference/pets/show-a-pet")}
    changed, _ = watched.change(lambda: watched.write("docs.json", json.dumps(docs, indent=2)))
    assert pages <= changed
    assert "#AA0000" in (watched.out / html("c")).read_text()


def test_an_openapi_edit_rerenders_the_pages_of_that_operation(watched: Watched) -> None:
    spec = json.loads(json.dumps(SPEC))
    spec["paths"]["/pets/{id}"]["get"]["description"] = "Exactly one pet, by id."
    changed, _ = watched.change(lambda: watched.write("openapi.json", json.dumps(spec, indent=2)))
    # the spec is also a static file of the site, copied as it is; the page's Markdown copy
    # (and llms-full.txt) hold the operation's description too
    assert changed == {html("api-reference/pets/show-a-pet"), "openapi.json",
                       "api-reference/pets/show-a-pet.md", "llms-full.txt", ".well-known/llms-full.txt"}
    assert "Exactly one pet, by id." in (watched.out / html("api-reference/pets/show-a-pet")).read_text()


def test_a_new_operation_in_the_openapi_document_adds_its_page(watched: Watched) -> None:
    spec = json.loads(json.dumps(SPEC))
    spec["paths"]["/pets/{id}"]["delete"] = {"operationId": "deletePet", "summary": "Delete a pet",
                                            "tags": ["Pets"], "responses": {"204": {"description": "Gone"}}}
    changed, _ = watched.change(lambda: watched.write("openapi.json", json.dumps(spec, indent=2)))
    # the API tab's sidebar gains an entry: its pages change; tabs One and Two do not
    assert {html("api-reference/pets/delete-a-pet"), html("api-reference/pets/list-pets"),
            html("api-reference/pets/show-a-pet"), "openapi.json"} <= changed
    assert not changed & {html(k) for k in "abcde"}


def test_adding_renaming_and_deleting_an_unlisted_page(watched: Watched) -> None:
    changed, removed = watched.change(lambda: watched.write("notes.mdx", page("Notes", "Draft.")))
    assert (changed, removed) == ({html("notes"), "notes.md"}, set())

    changed, removed = watched.change(
        lambda: (watched.root / "notes.mdx").rename(watched.root / "memo.mdx"))
    assert (changed, removed) == ({html("memo"), "memo.md"}, {html("notes"), "notes.md"})

    changed, removed = watched.change(lambda: (watched.root / "memo.mdx").unlink())
    assert (changed, removed) == (set(), {html("memo"), "memo.md"})


def test_deleting_a_listed_page_is_a_located_error_until_docs_json_follows(
        watched: Watched) -> None:
    changed, removed = watched.change(lambda: (watched.root / "e.mdx").unlink())
    assert (changed, removed) == (set(), set())  # the last good output stays
    assert [str(p) for p in watched.engine.problems][0].startswith("docs.json:")
    assert "'e' not found" in str(watched.engine.problems[0])

    docs = json.loads(json.dumps(DOCS))
    docs["navigation"]["tabs"][1]["groups"][0]["pages"] = ["d"]
    changed, removed = watched.change(lambda: watched.write("docs.json", json.dumps(docs)))
    assert watched.engine.problems == ()
    assert removed == {html("e"), "e.md"}
    assert html("d") in changed  # its "next" link to e is gone
    assert "llms.txt" in changed


def test_a_broken_page_keeps_its_last_good_output_until_fixed(watched: Watched) -> None:
    good = (watched.out / html("c")).read_text()
    changed, _ = watched.change(lambda: watched.write("c.mdx", page("Charlie", "<Note>\nopen")))
    assert changed == set()
    assert [str(p) for p in watched.engine.problems] == [
        "c.mdx:5:1: <Note> is not closed. Add </Note> after its content."]
    assert (watched.out / html("c")).read_text() == good

    # another page saved meanwhile is published; the broken one is still reported
    changed, _ = watched.change(lambda: watched.write("b.mdx", page("Bravo", "Still fine.")))
    assert changed == {html("b"), "b.md", "llms-full.txt", ".well-known/llms-full.txt"}
    assert len(watched.engine.problems) == 1

    changed, _ = watched.change(lambda: watched.write("c.mdx", page("Charlie", "Fixed.")))
    assert watched.engine.problems == ()
    assert changed == {html("c"), "c.md", "llms-full.txt", ".well-known/llms-full.txt"}


def test_broken_docs_json_is_located_and_the_fix_rebuilds(watched: Watched) -> None:
    text = json.dumps(DOCS, indent=2)
    changed, _ = watched.change(lambda: watched.write("docs.json", text.replace('"Two"', '"Two",,')))
    assert changed == set()
    assert str(watched.engine.problems[0]).startswith("docs.json:")
    changed, _ = watched.change(lambda: watched.write("docs.json", text))
    assert watched.engine.problems == ()


def test_an_atomic_save_and_a_burst_of_events_make_one_rebuild(site: Path, tmp_path: Path) -> None:
    # a burst is events less than `debounce` apart: 1 s here, as the test's own steps can be
    # that far apart on a loaded machine (the default 50 ms suits an editor, not a busy CI)
    session = DevSession(site, tmp_path / "out", plugin_manager.create(["search"]), port=0,
                         jobs=1, debounce=1.0)
    assert session.start().ok
    watched = Watched(session)

    def editor_save() -> None:
        tmp = watched.root / "b.mdx.tmp~"
        tmp.write_text(page("Bravo", "Saved atomically."), encoding="utf-8")
        os.replace(tmp, watched.root / "b.mdx")      # write-then-rename, as many editors do
        os.utime(watched.root / "b.mdx")             # and a touch right after
        watched.write("snippets/note.mdx", "Saved with it.\n")

    try:
        since = watched.engine.generation
        changed, _ = watched.change(editor_save)
        assert watched.engine.generation == since + 1
        assert changed == {html("a"), html("b"), html("d"), "b.md", "llms-full.txt",
                           ".well-known/llms-full.txt"}
    finally:
        session.close()


class DependencyPlugin:
    """A plugin that shows a file from outside the site on page ``a``."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.changed: list[list[Path]] = []

    @hookimpl
    def mdxsite_watch_paths(self, site):
        return [self.data]

    @hookimpl
    def mdxsite_page_dependencies(self, site, page):
        return [os.path.relpath(self.data, site.root)] if page.key == "a" else []

    @hookimpl
    def mdxsite_files_changed(self, site, paths):
        self.changed.append(list(paths))

    @hookimpl(wrapper=True)
    def mdxsite_render_page(self, site, page):
        rendered = yield
        if page.key != "a":
            return rendered
        from dataclasses import replace

        return replace(rendered, html=rendered.html + f"<p>{self.data.read_text().strip()}</p>")


def test_a_plugin_declares_dependencies_and_watch_paths(site: Path, tmp_path: Path) -> None:
    data = tmp_path / "outside" / "price.toml"
    data.parent.mkdir()
    data.write_text("price = 1\n")
    pm = plugin_manager.create(["search"])
    plugin = DependencyPlugin(data)
    pm.register(plugin, name="deps")
    session = DevSession(site, tmp_path / "out", pm, port=0, jobs=1)
    try:
        assert session.start().ok
        w = Watched(session)
        changed, _ = w.change(lambda: data.write_text("price = 2\n"))
        assert changed == {html("a")}
        assert "price = 2" in (w.out / html("a")).read_text()
        assert [data] in plugin.changed
    finally:
        session.close()


# --------------------------------------------------------------------------- the server


class EchoPlugin:
    @hookimpl
    def mdxsite_asgi_apps(self, site, out_dir):
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse
        from starlette.routing import Route

        async def ping(request):
            return JSONResponse({"pages": len(site.pages)})

        return [("/v1/echo", Starlette(routes=[Route("/ping", ping)]))]


@pytest.fixture
def served(site: Path, tmp_path: Path) -> Iterator[Watched]:
    pm = plugin_manager.create(["search"])
    pm.register(EchoPlugin(), name="echo")
    session = DevSession(site, tmp_path / "out", pm, port=0, jobs=1)
    assert session.start().ok
    session.serve_in_background()
    yield Watched(session)
    session.close()


def _get(url: str) -> httpx.Response:
    end = time.monotonic() + DEADLINE
    while True:
        try:
            return httpx.get(url, timeout=5)
        except httpx.TransportError:
            assert time.monotonic() < end
            time.sleep(0.02)


def test_the_dev_server_serves_pages_with_the_client_and_mounts_plugin_apps(
        served: Watched) -> None:
    base = served.session.url
    page_b = _get(base + "/b/")
    assert page_b.status_code == 200 and page_b.headers["cache-control"] == "no-store"
    assert '<script src="/_mdxsite/dev/client.js"></script>' in page_b.text
    assert "/_mdxsite/dev/client.js" not in (served.out / html("b")).read_text()  # disk: as built
    moved = _get(base + "/b")
    assert (moved.status_code, moved.headers["location"]) == (308, "/b/")
    missing = _get(base + "/nope/")
    assert missing.status_code == 404 and "/_mdxsite/dev/client.js" in missing.text
    assert _get(base + "/%2e%2e/%2e%2e/etc/passwd").status_code == 404
    assert _get(base + "/_mdxsite/dev/client.js").headers["content-type"].startswith("text/javascript")
    echo = _get(base + "/v1/echo/ping")                  # the plugin's app, same origin
    assert echo.status_code == 200 and echo.json() == {"pages": 7}
    assert httpx.post(base + "/b/", timeout=5).status_code == 405


def test_the_event_stream_names_the_changed_pages_and_the_errors(served: Watched) -> None:
    events: list[dict] = []
    ready = threading.Event()

    def listen() -> None:
        with httpx.stream("GET", served.session.url + "/_mdxsite/dev/events",
                          timeout=DEADLINE) as response:
            assert response.headers["content-type"].startswith("text/event-stream")
            for line in response.iter_lines():
                if line.startswith("data: "):
                    events.append(json.loads(line[6:]))
                    ready.set()
                    if len(events) == 3:
                        return

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    assert ready.wait(DEADLINE)
    assert events[0] == {"type": "hello", "errors": []}
    served.change(lambda: served.write("c.mdx", page("Charlie", "<Note>\nopen")))
    served.change(lambda: served.write("c.mdx", page("Charlie", "Fixed.")))
    thread.join(DEADLINE)
    broken, fixed = events[1], events[2]
    assert broken["ok"] is False and broken["errors"][0].startswith("c.mdx:5:")
    assert fixed["ok"] is True and fixed["errors"] == [] and fixed["pages"] == ["/c/"]
    assert fixed["reloadAll"] is False


def test_mdxsite_dev_runs_until_interrupted(site: Path, tmp_path: Path, first_line) -> None:
    bin_dir = Path(sys.executable).parent
    proc = subprocess.Popen([str(bin_dir / "mdxsite"), "--disable-plugin", "search", "dev",
                             str(site), "--port", "0", "-o", str(tmp_path / "out"), "-j", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "CI": "1"})
    try:
        assert proc.stdout is not None
        line = first_line(proc, DEADLINE)
        assert line.startswith(f"serving {site} on http://127.0.0.1:"), line
        url = line.split(" on ", 1)[1].split(" ", 1)[0]
        assert _get(url + "b/").status_code == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=DEADLINE)
    assert proc.returncode == 0, err
    assert "built 7 pages" in err and "Traceback" not in err


def test_mdxsite_dev_on_a_busy_port_says_so(site: Path, cli) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = cli("dev", site, "--port", port)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"command line: cannot listen on 127.0.0.1:{port}")
    assert "choose another port with --port" in result.stderr


@pytest.mark.parametrize("folder", sorted(SKIP_DIRS) + [".git"])
def test_changes_in_folders_the_site_scan_skips_start_no_rebuild(tmp_path: Path,
                                                                 folder: str) -> None:
    # an output built into _site, a virtualenv's site-packages, node_modules: no page lives
    # there (mdxsite.sources), so thousands of writes there must not rebuild the site
    watcher = Watcher(tmp_path, lambda paths: None)
    root = str(tmp_path.resolve())
    assert watcher.wanted(os.path.join(root, "guides", "page.mdx"))
    assert not watcher.wanted(os.path.join(root, folder, "page.mdx"))
    assert not watcher.wanted(os.path.join(root, "venv", folder, "pkg", "README.md"))


def test_a_page_saved_in_place_is_handed_over_once_the_editor_closes_it(tmp_path: Path) -> None:
    # an editor (or a loaded machine) pausing between its writes to the page: the burst is
    # held until the file is closed, so the rebuild never reads the page half written
    page_file = tmp_path / "page.mdx"
    page_file.write_text("---\ntitle: Old\n---\n")
    seen: list[tuple[set[str], str]] = []
    handed = threading.Event()

    def on_change(paths: set[str]) -> None:
        seen.append((paths, page_file.read_text()))
        handed.set()

    watcher = Watcher(tmp_path, on_change, debounce=0.01, open_wait=DEADLINE)
    if not watcher.sees_closes:
        pytest.skip("only inotify (Linux) reports a file's close")
    watcher.start()
    try:
        with page_file.open("w") as editor:  # emptied: the first event
            editor.write("---\ntitle: New\n")
            editor.flush()
            time.sleep(0.3)                  # the pause: thirty quiet spells of the debounce
            editor.write("---\n\nBody.\n")
        assert handed.wait(DEADLINE)
        assert seen[0] == ({str(page_file.resolve())}, "---\ntitle: New\n---\n\nBody.\n")
    finally:
        watcher.stop()


def test_an_openapi_overlay_added_then_edited_changes_the_pages_of_its_spec(watched: Watched) -> None:
    overlay = ("overlay: 1.0.0\nextends: openapi.json\ninfo: {title: O, version: '1'}\nactions:\n"
               "  - target: \"$.paths['/pets/{id}'].get\"\n    update: {description: From the overlay.}\n")
    changed, _ = watched.change(lambda: watched.write("overlay.yaml", overlay))
    assert html("api-reference/pets/show-a-pet") in changed
    assert "From the overlay." in (watched.out / html("api-reference/pets/show-a-pet")).read_text()

    # the overlay now removes the operation: the navigation is expanded again, its page goes
    removing = overlay.replace("update: {description: From the overlay.}", "remove: true")
    changed, removed = watched.change(lambda: watched.write("overlay.yaml", removing))
    assert html("api-reference/pets/show-a-pet") in removed
    assert html("api-reference/pets/list-pets") in changed  # its sidebar lost the entry


def test_a_skill_file_edited_in_watch_mode_is_published_again(watched: Watched) -> None:
    # no page depends on a skill: the change still re-makes the files the plugin contributes
    skill = "---\nname: pets\ndescription: Look after pets.\n---\n\n# Pets\n"
    changed, _ = watched.change(lambda: watched.write(".mintlify/skills/pets/SKILL.md", skill))
    assert {".well-known/skills/index.json", ".well-known/agent-skills/pets/SKILL.md"} <= changed
    assert not any(name.endswith(".html") for name in changed)  # no page rendered again

    changed, _ = watched.change(lambda: watched.write(".mintlify/skills/pets/SKILL.md",
                                                      skill.replace("Look after", "Feed")))
    assert ".well-known/agent-skills/index.json" in changed
    assert "Feed pets." in (watched.out / ".well-known/skills/index.json").read_text()

    # the site's own skill.md: added (a new file), then edited (a file no page reads)
    watched.change(lambda: watched.write("skill.md", skill.replace("pets", "zoo")))
    changed, _ = watched.change(lambda: watched.write("skill.md", skill.replace("pets", "zoos")))
    assert (watched.out / "skill.md").read_text().startswith("---\nname: zoos")
    assert "skill.md" in changed and not any(name.endswith(".html") for name in changed)


def test_a_related_pages_new_title_redraws_the_page_listing_it(watched: Watched) -> None:
    # a lists a page no navigation shows: nothing else of a's layout shows it
    watched.change(lambda: watched.write("unlisted.mdx", page("Aside", "Aside body.")))
    watched.change(lambda: watched.write("a.mdx", "---\ntitle: Alpha\nrelated:\n  - /unlisted\n---\n\nA.\n"))
    assert "<span>Aside</span>" in (watched.out / html("a")).read_text()
    changed, _ = watched.change(lambda: watched.write("unlisted.mdx", page("Aside two", "Aside body.")))
    assert html("a") in changed
    assert "<span>Aside two</span>" in (watched.out / html("a")).read_text()
