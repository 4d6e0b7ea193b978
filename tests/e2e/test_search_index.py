"""The search index: rebuilt when a page changes, kept untouched when nothing did, split into
shards when it is large.

Each rebuilt index is compared with a --no-cache build of the same input into a fresh folder,
so keeping or rebuilding never changes what a reader downloads. A sharded index is searched
with Pagefind's own pagefind.js from the build, in Node, merging the shards the listing names.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pagefind")

DOCS = {"name": "Search test", "theme": "mint", "colors": {"primary": "#0D9373"},
        "navigation": {"pages": ["index", "alpha", "beta"]}}
PAGES = {"index": "---\ntitle: Home\n---\n\nWelcome to the harbour.\n",
         "alpha": "---\ntitle: Alpha\n---\n\nLighthouses guide ships.\n",
         "beta": "---\ntitle: Beta\n---\n\nTugboats push barges.\n"}


# node search.mjs PAGEFIND_JS BUNDLE_URL TERM [MERGED_BUNDLE_URL...] -> the result URLs
SEARCH = """
const [script, bundle, term, ...merged] = process.argv.slice(2);
const pagefind = await import(script);
await pagefind.options({ basePath: bundle });
for (const other of merged) await pagefind.mergeIndex(other);
const found = await pagefind.search(term);
const pages = await Promise.all(found.results.map((result) => result.data()));
console.log(JSON.stringify(pages.map((page) => new URL(page.url).pathname)));
"""


def _index(out: Path) -> dict[str, bytes]:
    folder = out / "_pagefind"
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _stamps(out: Path) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns
            for p in (out / "_pagefind").rglob("*") if p.is_file()}


def _fresh(cli: Callable, root: Path, out: Path) -> dict[str, bytes]:
    assert cli("build", root, "-o", out, "--no-cache").exit_code == 0
    return _index(out)


def test_a_warm_build_keeps_the_index_and_a_change_rebuilds_it(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    first = _index(out)
    assert any(name.startswith("fragment/") for name in first)
    stamps = _stamps(out)

    assert cli("build", root, "-o", out).exit_code == 0
    assert _stamps(out) == stamps  # not one index file rewritten
    assert _index(out) == first == _fresh(cli, root, tmp_path / "fresh1")

    (root / "alpha.mdx").write_text("---\ntitle: Alpha\n---\n\nZeppelins float.\n",
                                    encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    changed = _index(out)
    assert changed != first
    assert changed == _fresh(cli, root, tmp_path / "fresh2")


def test_a_changed_boost_or_keyword_indexes_the_page_again(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """A group's boost lives in docs.json and leaves the page's HTML as it was: the index
    must follow it all the same, and a warm build must not keep the stale one."""
    docs = {**DOCS, "navigation": {"groups": [{"group": "G", "pages": ["index", "alpha"]},
                                              {"group": "H", "pages": ["beta"]}]}}
    root = make_site(docs, PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    first = _index(out)
    page = (out / "beta" / "index.html").read_bytes()

    docs["navigation"]["groups"][1]["boost"] = 3
    (root / "docs.json").write_text(json.dumps(docs), encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    boosted = _index(out)
    assert boosted != first and (out / "beta" / "index.html").read_bytes() == page
    assert boosted == _fresh(cli, root, tmp_path / "fresh1")

    (root / "beta.mdx").write_text("---\ntitle: Beta\nboost: lots\n---\n\nTugboats push barges.\n",
                                   encoding="utf-8")
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0
    assert "beta.mdx: warning: boost must be a number of 0 or more, got 'lots'; the page is " \
           "ranked without it. Write boost: 3" in result.output
    assert _index(out) == boosted  # ranked as its group says, the only boost left


def test_removing_a_page_or_the_published_index_rebuilds_it(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    root = make_site(DOCS, PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    first = _index(out)

    # the other pages' bytes are unchanged, but the index must drop the page
    (root / "beta.mdx").unlink()
    (root / "docs.json").write_text(
        '{"name": "Search test", "theme": "mint", "colors": {"primary": "#0D9373"}, '
        '"navigation": {"pages": ["index", "alpha"]}}', encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    smaller = _index(out)
    assert smaller != first and smaller == _fresh(cli, root, tmp_path / "fresh1")

    # someone deleted one fragment (kept by name, not size, on a warm build): written again
    fragment = next(p for p in sorted((out / "_pagefind" / "fragment").iterdir()))
    fragment.unlink()
    assert cli("build", root, "-o", out).exit_code == 0
    assert fragment.is_file() and _index(out) == smaller

    # someone deleted the published index: the next build writes it again
    for f in sorted((out / "_pagefind").rglob("*"), reverse=True):
        f.unlink() if f.is_file() else f.rmdir()
    (out / "_pagefind").rmdir()
    assert cli("build", root, "-o", out).exit_code == 0
    assert _index(out) == smaller


def _search(tmp_path: Path, base: str, out: Path, term: str, shards: list[str]) -> list[str]:
    """Search the index in ``out`` (served at ``base``) as search.js does: the first shard
    named, every other one merged; return the result paths."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: install nodejs (make test needs it for node-deps)")
    script = tmp_path / "search.mjs"
    script.write_text(SEARCH, encoding="utf-8")
    bundle = f"{base}/_pagefind/"
    done = subprocess.run([node, str(script), (out / "_pagefind" / "pagefind.js").as_uri(),
                           *(bundle + path for path in shards[:1]), term,
                           *(bundle + path for path in shards[1:])],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_page_menu_and_the_buttons_of_code_and_endpoints_are_not_indexed(
        cli: Callable, make_site: Callable, tmp_path: Path, serve_dir: Callable) -> None:
    # every page's "Copy page / Copy this page as Markdown for LLMs" menu, and each code
    # block's "Copy" button, were indexed: a search for "LLMs" found every page
    docs = {**DOCS, "contextual": {"options": ["copy", "view", "chatgpt"]},
            "navigation": {"pages": ["index", "alpha", "beta", "endpoint"]}}
    spec = {"openapi": "3.0.0", "info": {"title": "A", "version": "1"},
            "servers": [{"url": "https://api.example.com"}],
            "paths": {"/moorings": {"get": {"summary": "List moorings",
                                            "responses": {"200": {"description": "Moorings"}}}}}}
    pages = {**PAGES, "alpha": PAGES["alpha"] + "\n```python\nships = 3\n```\n",
             "endpoint": "---\ntitle: Moorings\nopenapi: GET /moorings\n---\n"}
    root = make_site(docs, pages)
    (root / "openapi.json").write_text(json.dumps(spec), encoding="utf-8")
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert "Markdown for LLMs" in (out / "index.html").read_text(encoding="utf-8")
    assert "Try it" in (out / "endpoint" / "index.html").read_text(encoding="utf-8")
    base = serve_dir(out)
    assert _search(tmp_path, base, out, "lighthouses", [""]) == ["/alpha/"]
    assert _search(tmp_path, base, out, "moorings", [""]) == ["/endpoint/"]
    for term in ("LLMs", "ChatGPT", "copy", "try"):
        assert _search(tmp_path, base, out, term, [""]) == [], term


SHARDED = {"name": "Search test", "theme": "mint", "colors": {"primary": "#0D9373"},
           "navigation": {"pages": ["index", "alpha", "beta", "delta", "gamma"]}}
# dealt in navigation order, two a shard: index | alpha, beta | delta, gamma (1 + 2 + 2 pages)
SHARDED_PAGES = {**PAGES, "index": "---\ntitle: Home\n---\n\nZeppelins moor at the harbour.\n",
                 "delta": "---\ntitle: Delta\n---\n\nSilt settles in the harbour.\n",
                 "gamma": "---\ntitle: Gamma\n---\n\nCranes lift harbour containers.\n"}


def test_a_large_index_is_split_into_shards_that_search_together(
        cli: Callable, make_site: Callable, tmp_path: Path, serve_dir: Callable,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mdxsite.plugins.search.SHARD_PAGES", 2)
    root = make_site(SHARDED, SHARDED_PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    listing = json.loads((out / "_pagefind" / "shard~list.json").read_text(encoding="utf-8"))
    assert listing == {"shards": [{"path": "", "languages": ["en"]},
                                  {"path": "shard~2/", "languages": ["en"]},
                                  {"path": "shard~3/", "languages": ["en"]}]}
    for shard in ("", "shard~2/", "shard~3/"):
        assert (out / "_pagefind" / shard / "pagefind-entry.json").is_file()
        assert (out / "_pagefind" / shard / "pagefind.js").is_file()  # a search may start there
    assert not (out / "_pagefind" / "shard~4").exists()
    # Pagefind's UI is loaded from the index folder alone (search.js): no copy in the shards
    ui = {"pagefind-ui.js", "pagefind-ui.css", "pagefind-highlight.js"}
    assert ui <= {p.name for p in (out / "_pagefind").iterdir()}
    for shard in ("shard~2", "shard~3"):
        names = {p.name for p in (out / "_pagefind" / shard).iterdir()}
        assert not {n for n in names if n.endswith((".js", ".css"))} - {"pagefind.js",
                                                                      "pagefind-worker.js"}

    base = serve_dir(out)
    shards = [shard["path"] for shard in listing["shards"]]
    assert _search(tmp_path, base, out, "cranes", shards) == ["/gamma/"]  # in the last shard
    assert _search(tmp_path, base, out, "cranes", shards[:1]) == []  # not in the first
    assert sorted(_search(tmp_path, base, out, "harbour", shards)) == [
        "/", "/delta/", "/gamma/"]
    assert _index(out) == _fresh(cli, root, tmp_path / "fresh1")  # deterministic


def test_a_smaller_index_gets_smaller_shards_while_they_stay_few(
        cli: Callable, make_site: Callable, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # scaled down: shards of at most 4 pages, of 2 while that makes at most 3 (5 pages: 3)
    monkeypatch.setattr("mdxsite.plugins.search.SHARD_PAGES", 4)
    monkeypatch.setattr("mdxsite.plugins.search.SMALL_SHARD_PAGES", 2)
    monkeypatch.setattr("mdxsite.plugins.search.SHARDS_MERGED", 3)
    root = make_site(SHARDED, SHARDED_PAGES)
    assert cli("build", root, "-o", tmp_path / "small").exit_code == 0
    listing = json.loads((tmp_path / "small" / "_pagefind" / "shard~list.json").read_text("utf-8"))
    assert [shard["path"] for shard in listing["shards"]] == ["", "shard~2/", "shard~3/"]

    # 2 pages a shard would make more than 2: the shards grow instead (3 + 2 pages)
    monkeypatch.setattr("mdxsite.plugins.search.SHARDS_MERGED", 2)
    assert cli("build", root, "-o", tmp_path / "few").exit_code == 0
    listing = json.loads((tmp_path / "few" / "_pagefind" / "shard~list.json").read_text("utf-8"))
    assert [shard["path"] for shard in listing["shards"]] == ["", "shard~2/"]


def test_a_warm_build_keeps_every_shard_and_a_smaller_site_drops_them(
        cli: Callable, make_site: Callable, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mdxsite.plugins.search.SHARD_PAGES", 2)
    root = make_site(SHARDED, SHARDED_PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    first = _index(out)
    stamps = _stamps(out)
    assert any(name.startswith("shard~3/fragment/") for name in first)

    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    assert "search: 0 of 3 index shards written\n" in result.stderr
    assert _stamps(out) == stamps  # no shard rewritten

    (root / "gamma.mdx").write_text("---\ntitle: Gamma\n---\n\nGulls circle.\n",
                                    encoding="utf-8")  # a page of the last shard
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    # only the last shard (delta, gamma) is indexed again
    assert "search: 1 of 3 index shards written: _pagefind/shard~3/ (2 pages)\n" in result.stderr
    changed = _index(out)
    assert changed != first and changed == _fresh(cli, root, tmp_path / "fresh1")
    after = _stamps(out)
    assert all(after[rel] == stamp for rel, stamp in stamps.items() if "/shard~3/" not in rel)

    # two pages fit one shard: laid out as an index that was never sharded
    for key in ("beta", "delta", "gamma"):
        (root / f"{key}.mdx").unlink()
    (root / "docs.json").write_text(
        '{"name": "Search test", "theme": "mint", "colors": {"primary": "#0D9373"}, '
        '"navigation": {"pages": ["index", "alpha"]}}', encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    small = _index(out)
    assert not any(name.startswith("shard~") and "/" in name for name in small)
    # listed all the same: search.js asks for the listing of every index (no 404 in the console)
    assert json.loads(small["shard~list.json"]) == {"shards": [{"path": "", "languages": ["en"]}]}
    assert small == _fresh(cli, root, tmp_path / "fresh2")


def test_an_edit_build_finds_the_edited_word_and_reindexes_only_its_shard(
        cli: Callable, make_site: Callable, tmp_path: Path, serve_dir: Callable,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The edited page's shard is indexed beside the build, fed the other pages' published
    files; one of those found changed in the output is indexed from what the build wrote."""
    monkeypatch.setattr("mdxsite.plugins.search.SHARD_PAGES", 2)
    root = make_site(SHARDED, SHARDED_PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    base = serve_dir(out)
    shards = ["", "shard~2/", "shard~3/"]
    assert _search(tmp_path, base, out, "tugboats", shards) == ["/beta/"]

    (root / "beta.mdx").write_text("---\ntitle: Beta\n---\n\nKayaks paddle past.\n",
                                   encoding="utf-8")  # beta shares shard~2 with alpha
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    assert "search: 1 of 3 index shards written: _pagefind/shard~2/ (2 pages)\n" in result.stderr
    assert _search(tmp_path, base, out, "kayaks", shards) == ["/beta/"]
    assert _search(tmp_path, base, out, "tugboats", shards) == []
    assert _search(tmp_path, base, out, "lighthouses", shards) == ["/alpha/"]
    assert _index(out) == _fresh(cli, root, tmp_path / "fresh1")

    # alpha's published file no longer holds its page: the shard is indexed from the page
    alpha = out / "alpha" / "index.html"
    alpha.write_text(alpha.read_text(encoding="utf-8").replace("Lighthouses", "Submarines"),
                     encoding="utf-8")
    (root / "beta.mdx").write_text("---\ntitle: Beta\n---\n\nCanoes drift.\n", encoding="utf-8")
    assert cli("build", root, "-o", out).exit_code == 0
    assert "Lighthouses" in alpha.read_text(encoding="utf-8")
    assert _search(tmp_path, base, out, "submarines", shards) == []
    assert _search(tmp_path, base, out, "lighthouses", shards) == ["/alpha/"]
    assert _search(tmp_path, base, out, "canoes", shards) == ["/beta/"]
    assert _index(out) == _fresh(cli, root, tmp_path / "fresh2")


def test_an_edit_build_indexes_its_shard_right_when_the_stored_texts_are_lost_or_damaged(
        cli: Callable, make_site: Callable, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The other pages of an edited page's shard are sent the texts stored when the shard
    was last indexed (beside the render cache); without them, or with a damaged file, the
    shard is indexed from the pages all the same."""
    monkeypatch.setattr("mdxsite.plugins.search.SHARD_PAGES", 2)
    root = make_site(SHARDED, SHARDED_PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    store = tmp_path / ".mdxsite-cache" / "out" / "search-texts"
    assert len(list(store.iterdir())) == 3  # one a shard
    edits = {"lost": "Kayaks paddle past.", "damaged": "Canoes drift.", "stored": "Rafts float."}
    for n, (case, text) in enumerate(edits.items()):
        texts = sorted(store.iterdir())
        if case == "lost":
            for path in texts:
                path.unlink()
        elif case == "damaged":  # the header (the token the state names) kept, not the rest
            for path in texts:
                data = path.read_bytes()
                path.write_bytes(data[:data.index(b"\n", 30) + 1] + b"not zlib")
        (root / "beta.mdx").write_text(f"---\ntitle: Beta\n---\n\n{text}\n", encoding="utf-8")
        result = cli("-v", "build", root, "-o", out)
        assert result.exit_code == 0
        assert "1 of 3 index shards written: _pagefind/shard~2/ (2 pages)" in result.stderr
        assert ("indexing _pagefind/shard~2/ again" in result.stderr) == (case == "damaged")
        assert _index(out) == _fresh(cli, root, tmp_path / f"fresh{n}")


def _hold_fds(seconds: float) -> None:
    import time

    time.sleep(seconds)


def test_a_shard_service_stops_at_once_when_a_process_forked_meanwhile_holds_its_pipe() -> None:
    """A render worker forked while a shard's Pagefind ran keeps a copy of the pipe feeding
    it, so Pagefind never sees its input end: finishing the shard must not wait for that
    (it held every later shard back for 30 s on a 10,000-page build)."""
    import multiprocessing

    from mdxsite.plugins.search import _Service

    with _Service() as service:
        proc = service._proc
        assert service.call({"type": "NewIndex", "config": {}}, "NewIndex")["index_id"] >= 0
        worker = multiprocessing.get_context("fork").Process(target=_hold_fds, args=(60,),
                                                             daemon=True)
        worker.start()
    try:
        assert proc.poll() is not None  # Pagefind is gone
        assert worker.is_alive()        # and the pipe's other holder was not waited for
    finally:
        worker.kill()
        worker.join()


# markup the plugin leaves out of what it sends Pagefind (highlighted code, icons, the table of
# contents), beside markup it must keep: an svg with an id (an anchor Pagefind numbers) and a
# span of a class Pagefind is told to exclude; a textarea's text is indexed as written
MARKUP_PAGES = {
    "index": "---\ntitle: Home\n---\n\nWelcome to the harbour.\n\n## Moorings\n\n"
             '```python\nfrom harbour import crane\ncrane.lift("containers", tons=40)\n```\n\n'
             "<Note>Tides turn twice a day.</Note>\n\n"
             '<CardGroup cols={2}>\n<Card title="Docks" icon="anchor" href="/alpha">Berths for '
             'ferries.</Card>\n<Card title="Locks" icon="water">Gates hold the basin.</Card>\n'
             "</CardGroup>\n",
    "alpha": "---\ntitle: Alpha\n---\n\nLighthouses guide ships.\n\n"
             '<svg id="beacon" viewBox="0 0 2 2"><path d="M0 0h2v2z" /></svg>\n\n'
             "## Signals\n\nFoghorns <span className=\"eyebrow\">hidden word</span> sound at "
             "night.\n\n"
             "```js\nconst lamp = { on: true, colour: 'amber' };\n```\n",
    "beta": "---\ntitle: Beta\n---\n\nTugboats push barges.\n\n<textarea rows={2}>Knots and "
            "ropes</textarea>\n\n```bash\necho \"ropes\"\n```\n",
}


def _whole_pages_index(out: Path) -> dict[str, bytes]:
    """Pagefind's index of the written pages as they are, every byte parsed."""
    import base64

    from mdxsite.plugins import search

    rels = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html")
                  if "data-pagefind-body" in p.read_text(encoding="utf-8"))
    with search._Service() as service:
        index_id = service.call({"type": "NewIndex", "config": {"exclude_selectors": search.EXCLUDE}},
                                "NewIndex")["index_id"]
        for rel in rels:
            service.call({"type": "AddFile", "index_id": index_id, "url": None, "file_path": rel,
                          "file_contents": (out / rel).read_text(encoding="utf-8")}, "IndexedFile")
        files = service.call({"type": "GetFiles", "index_id": index_id}, "GetFiles")["files"]
    index = {}
    for item in files:
        data = base64.b64decode(item["content"])
        if item["path"] == "pagefind-entry.json":  # written with sorted keys
            data = json.dumps(json.loads(data), sort_keys=True, separators=(",", ":")).encode()
        index[item["path"]] = data
    return index


def test_the_index_is_the_one_pagefind_makes_of_the_whole_pages(
        cli: Callable, make_site: Callable, tmp_path: Path) -> None:
    """The plugin sends Pagefind less than the written pages (no header, sidebar, table of
    contents, icons or code token tags), and the index is the same bytes all the same."""
    root = make_site(DOCS, MARKUP_PAGES)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    home = (out / "index.html").read_text(encoding="utf-8")
    assert '<span class="n">crane</span>' in home and "<svg" in home  # what is left out
    assert 'id="beacon"' in (out / "alpha" / "index.html").read_text(encoding="utf-8")
    ours = _index(out)
    assert ours.pop("shard~list.json")  # the listing search.js reads, not Pagefind's
    assert ours == _whole_pages_index(out)


def _index_of(pages: dict[str, str]) -> dict[str, bytes]:
    """Pagefind's index of ``pages`` ({file: its text}), sent one by one."""
    import base64

    from mdxsite.plugins import search

    with search._Service() as service:
        index_id = service.call({"type": "NewIndex", "config": {"exclude_selectors": search.EXCLUDE}},
                                "NewIndex")["index_id"]
        for rel, text in sorted(pages.items()):
            service.call({"type": "AddFile", "index_id": index_id, "url": None, "file_path": rel,
                          "file_contents": text}, "IndexedFile")
        files = service.call({"type": "GetFiles", "index_id": index_id}, "GetFiles")["files"]
    return {item["path"]: base64.b64decode(item["content"]) for item in files
            if item["path"] != "pagefind-entry.json"}


def test_a_head_is_sent_without_its_scripts_styles_and_links_unless_pagefind_reads_it() -> None:
    """The head's scripts, style sheets, links and metas are left out of what Pagefind is sent
    (it reads nothing there); a head holding a data-pagefind attribute, a comment or a
    noscript is sent whole; the index is the same bytes either way."""
    from mdxsite.plugins import search

    plain = ('<meta charset="utf-8">\n<title>Harbour</title>\n<meta name="description" '
             'content="Cranes &gt; ships">\n<link rel="stylesheet" href="/a.css">\n'
             "<script>if (a < b && '</p>') {}</script>\n<style>p > a { color: red }</style>\n"
             '<script defer src="/s.js"></script>\n')
    heads = {
        "plain": plain,
        "filter": plain + '<meta data-pagefind-filter="port[content]" content="Leith">\n',
        "comment": plain + "<!-- <script> -->\n",
        "noscript": plain + '<noscript><link rel="stylesheet" href="/n.css"></noscript>\n',
    }
    pages = {f"{name}/index.html":
             f'<!doctype html>\n<html lang="en">\n<head>\n{head}</head>\n<body><nav>Menu</nav>'
             f'<main data-pagefind-body><h1>Port {name}</h1><p>Tugboats push barges.</p></main>'
             "</body>\n</html>\n" for name, head in heads.items()}
    sent = {rel: search._indexed_part(text) for rel, text in pages.items()}
    kept = {rel.split("/")[0]: "<script" in text for rel, text in sent.items()}
    assert kept == {"plain": False, "filter": True, "comment": True, "noscript": True}
    assert "<title>Harbour</title>" in sent["plain/index.html"]
    assert _index_of(sent) == _index_of(pages)


@pytest.fixture
def stamped_shards(cli: Callable, make_site: Callable, tmp_path: Path,
                   monkeypatch: pytest.MonkeyPatch,
                   age_files: Callable[[Path], None]) -> tuple[Path, Path]:
    """The sharded site (three shards of two pages) built once, its files dated back so the
    build stamps what it read: the next build knows which files changed. (site, output)"""
    monkeypatch.setattr("mdxsite.plugins.search.SHARD_PAGES", 2)
    root = make_site(SHARDED, SHARDED_PAGES)
    age_files(root)
    out = tmp_path / "out"
    assert cli("build", root, "-o", out).exit_code == 0
    return root, out


def _pagefind_threads() -> list[str]:
    import threading
    return [t.name for t in threading.enumerate() if t.name.startswith("pagefind ")]


def test_an_edited_pages_shard_is_indexed_from_the_builds_start_and_comes_out_the_same(
        cli: Callable, tmp_path: Path, serve_dir: Callable,
        stamped_shards: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit of a page's file alone starts its shard's indexing before the site loads, fed
    the other pages' stored texts, and the edited page as soon as it is rendered, before the
    render cache is checked; the page is rendered once, and the index is the one a fresh
    build makes."""
    from mdxsite import pipeline

    root, out = stamped_shards
    (root / "beta.mdx").write_text("---\ntitle: Beta\n---\n\nKayaks paddle past.\n",
                                   encoding="utf-8")  # beta shares shard~2 with alpha
    renders: list[str] = []
    render_one = pipeline._render_one

    def counted(key: str) -> Any:
        renders.append(key)
        return render_one(key)

    monkeypatch.setattr(pipeline, "_render_one", counted)
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    assert renders == ["beta"]
    assert "search: indexing _pagefind/shard~2/ from the build's start (1 changed file)" \
        in result.stderr
    handed = result.stderr.index("search: beta/index.html handed to _pagefind/shard~2/ as it "
                                 "rendered, before the cache check")
    assert handed < result.stderr.index("cache: 4 of 5 pages unchanged, rendering 1")
    assert "did not change as guessed" not in result.stderr
    assert "search: 1 of 3 index shards written: _pagefind/shard~2/ (2 pages)\n" in result.stderr
    base = serve_dir(out)
    shards = ["", "shard~2/", "shard~3/"]
    assert _search(tmp_path, base, out, "kayaks", shards) == ["/beta/"]
    assert _search(tmp_path, base, out, "tugboats", shards) == []
    assert _search(tmp_path, base, out, "lighthouses", shards) == ["/alpha/"]
    assert _index(out) == _fresh(cli, root, tmp_path / "fresh")


def test_an_early_start_that_guessed_wrong_is_stopped_and_the_index_is_right(
        cli: Callable, tmp_path: Path, stamped_shards: tuple[Path, Path],
        age_files: Callable[[Path], None]) -> None:
    """A page file touched with the same bytes leaves its shard unread; a new title changes
    the neighbours' links (alpha, fed its stored text, is not what was published): the shard
    is indexed as without an early start. A new navigation file starts nothing early."""
    import os
    root, out = stamped_shards
    before = _index(out)

    os.utime(root / "beta.mdx")  # the same bytes, a new time
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    assert "indexing _pagefind/shard~2/ from the build's start" in result.stderr
    assert "_pagefind/shard~2/ started early for pages that did not change as guessed" \
        in result.stderr
    assert "search: 0 of 3 index shards written\n" in result.stderr
    assert _index(out) == before

    age_files(root)
    assert cli("build", root, "-o", out).exit_code == 0  # stamped again
    (root / "beta.mdx").write_text("---\ntitle: Bravo\n---\n\nTugboats push barges.\n",
                                   encoding="utf-8")
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    assert "_pagefind/shard~2/ started early for pages that did not change as guessed" \
        in result.stderr
    assert "alpha" in (out / "alpha" / "index.html").read_text(encoding="utf-8").lower()
    assert 'Bravo' in (out / "alpha" / "index.html").read_text(encoding="utf-8")  # its next
    assert _index(out) == _fresh(cli, root, tmp_path / "fresh1")

    age_files(root)
    assert cli("build", root, "-o", out).exit_code == 0
    docs = json.loads((root / "docs.json").read_text(encoding="utf-8"))
    docs["name"] = "Search test, renamed"
    (root / "docs.json").write_text(json.dumps(docs), encoding="utf-8")
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    assert "from the build's start" not in result.stderr
    assert _index(out) == _fresh(cli, root, tmp_path / "fresh2")


def test_an_edited_page_handed_early_that_is_not_the_page_built_is_indexed_again(
        cli: Callable, tmp_path: Path, serve_dir: Callable,
        stamped_shards: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The search plugin checks the page it was handed early against the page built: one
    that differs (here the build renders it again, and each render differs) has its shard
    indexed again from what the build wrote, as a fresh build indexes it."""
    from mdxsite import pipeline

    root, out = stamped_shards
    (root / "beta.mdx").write_text("---\ntitle: Beta\n---\n\nKayaks paddle past.\n",
                                   encoding="utf-8")
    render_one, render_early = pipeline._render_one, pipeline.render_early
    count = iter(range(1, 100))

    def renumbered(key: str) -> Any:
        result, problems = render_one(key)
        if result is not None:  # a word of its own in each render of the page
            result = replace(result, document=result.document.replace(
                "Kayaks", f"Kayaks render{next(count)}"))
        return result, problems

    def told_not_kept(*args: Any, **kwargs: Any) -> dict[str, Any]:
        render_early(*args, **kwargs)  # the plugins hear of the page; the build renders it again
        return {}

    monkeypatch.setattr(pipeline, "_render_one", renumbered)
    monkeypatch.setattr(pipeline, "render_early", told_not_kept)
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 0
    assert "handed to _pagefind/shard~2/ as it rendered" in result.stderr
    assert "search: indexing _pagefind/shard~2/ again: a published page changed under the " \
        "build" in result.stderr
    assert "render2" in (out / "beta" / "index.html").read_text(encoding="utf-8")
    base = serve_dir(out)
    shards = ["", "shard~2/", "shard~3/"]
    assert _search(tmp_path, base, out, "render2", shards) == ["/beta/"]
    assert _search(tmp_path, base, out, "render1", shards) == []


def test_a_build_failing_after_an_early_start_stops_its_pagefind_and_keeps_the_output(
        cli: Callable, stamped_shards: tuple[Path, Path]) -> None:
    """A page removed fails the build as it loads the site, after its shard started: the
    shard's Pagefind stops with the build, the published index stays."""
    root, out = stamped_shards
    before = _index(out)
    (root / "beta.mdx").unlink()
    result = cli("-v", "build", root, "-o", out)
    assert result.exit_code == 1
    assert "indexing _pagefind/shard~2/ from the build's start" in result.stderr
    assert "page 'beta' not found" in result.stderr
    assert _pagefind_threads() == []
    assert _index(out) == before
