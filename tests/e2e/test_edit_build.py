"""An edit build (the render cache and the last output in place) publishes what a build from
scratch would: every file, byte for byte.

Each test builds a copy of a site, edits it the way an author does (a page's body, a title the
neighbours' prev/next links and every sidebar show, a snippet a page imports, the OpenAPI
document API pages come from), builds again with the cache, then builds the same tree with
``--no-cache`` into a fresh folder and compares the two outputs. Only Pagefind's index files are
left out: their names are digests that change from one index to the next (see
scripts/output_digest.py); the search index's content is tested in test_search_index.py.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import jinja2.bccache
from click.testing import CliRunner

from mdxsite import hookimpl, pipeline, plugin_manager
from mdxsite.cli import main
from mdxsite.model import PageResult

REPO = Path(__file__).resolve().parents[2]
SKIPPED = ("pagefind/",)


def build(site: Path, out: Path, *options: str) -> str:
    result = CliRunner().invoke(main, ["build", str(site), "-o", str(out), "--jobs", "1",
                                       *options])
    assert result.exit_code == 0, result.output
    return result.output


def files(out: Path) -> dict[str, bytes]:
    found = {}
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if path.is_file() and not rel.startswith(SKIPPED):
            found[rel] = path.read_bytes()
    return found


def assert_same_as_cold(site: Path, out: Path, tmp_path: Path, name: str) -> None:
    cold = tmp_path / f"cold-{name}"
    build(site, cold, "--no-cache")
    edited, fresh = files(out), files(cold)
    assert sorted(edited) == sorted(fresh)
    differ = [rel for rel in fresh if edited[rel] != fresh[rel]]
    assert differ == [], f"after {name}, these files differ from a build without the cache"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_edit_builds_of_the_sample_site_publish_what_a_cold_build_does(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(REPO / "sample_site", site)
    (site / "snippets").mkdir()
    (site / "snippets" / "tip.mdx").write_text("Retries start after **5 seconds**.\n",
                                               encoding="utf-8")
    retries = site / "jobs" / "retries.mdx"
    retries.write_text(retries.read_text(encoding="utf-8").replace(
        "\n---\n", "\n---\n\nimport Tip from '/snippets/tip.mdx';\n\n<Tip />\n", 1),
        encoding="utf-8")
    out = tmp_path / "out"
    build(site, out)
    assert "5 seconds" in (out / "jobs" / "retries" / "index.html").read_text(encoding="utf-8")

    # a paragraph added to one page's body, as the benchmark's edit row does
    cron = site / "jobs" / "cron.mdx"
    cron.write_text(cron.read_text(encoding="utf-8") + "\n\nOne more paragraph.\n",
                    encoding="utf-8")
    build(site, out)
    assert "One more paragraph." in (out / "jobs" / "cron" / "index.html").read_text(
        encoding="utf-8")
    assert_same_as_cold(site, out, tmp_path, "a body edit")

    # a new title: the page's neighbours link it by title (prev/next), every sidebar lists it
    edit(site / "jobs" / "delays.mdx", 'title: "Delays"', 'title: "Delays renamed"')
    build(site, out)
    assert "Delays renamed" in (out / "jobs" / "retries" / "index.html").read_text(encoding="utf-8")
    assert_same_as_cold(site, out, tmp_path, "a title change")

    # a snippet: the page importing it changes, though its own file did not
    (site / "snippets" / "tip.mdx").write_text("Retries start after **9 seconds**.\n",
                                               encoding="utf-8")
    build(site, out)
    assert "9 seconds" in (out / "jobs" / "retries" / "index.html").read_text(encoding="utf-8")
    assert_same_as_cold(site, out, tmp_path, "a snippet edit")


def test_edit_builds_of_an_api_site_publish_what_a_cold_build_does(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(REPO / "tests" / "fixtures" / "sites" / "openapi", site)
    out = tmp_path / "out"
    build(site, out)

    # an API page's own text (its frontmatter names the operation)
    edit(site / "adopt.mdx", "Look a pet up before", "Look a pet up, with its papers, before")
    build(site, out)
    assert "with its papers" in (out / "adopt" / "index.html").read_text(encoding="utf-8")
    assert_same_as_cold(site, out, tmp_path, "an API page edit")

    # the OpenAPI document: every API page it makes follows
    spec = site / "petstore.yaml"
    edit(spec, "Manage the animals of a small shelter.", "Manage the animals of a large shelter.")
    build(site, out)
    assert "large shelter" in (out / "api-reference" / "pets" / "get-a-pet.md").read_text(
        encoding="utf-8")
    assert_same_as_cold(site, out, tmp_path, "an OpenAPI edit")


def test_an_edited_template_override_is_compiled_again(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "docs.json").write_text(
        '{"name": "Templates", "theme": "mint", "colors": {"primary": "#0D9373"}, '
        '"navigation": {"pages": ["index"]}}', encoding="utf-8")
    (site / "index.mdx").write_text("---\ntitle: Home\n---\n\n<Note>Read me.</Note>\n",
                                    encoding="utf-8")
    override = site / "_templates" / "components" / "note.html"
    override.parent.mkdir(parents=True)
    override.write_text('<aside class="first">{{ children }}</aside>', encoding="utf-8")
    out = tmp_path / "out"
    build(site, out)
    assert '<aside class="first">' in (out / "index.html").read_text(encoding="utf-8")

    # the compiled templates kept beside the cache never stand for the edited source
    override.write_text('<aside class="again">{{ children }}</aside>', encoding="utf-8")
    build(site, out)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<aside class="again">' in page and '<aside class="first">' not in page
    assert_same_as_cold(site, out, tmp_path, "a template edit")

    # a damaged compiled template (cut inside the source digest it is filed under, which
    # Jinja's own reader lets through as an error) is compiled again, not reported
    kept = list((tmp_path / ".mdxsite-cache" / "out" / "templates").rglob("*.cache"))
    assert kept
    for path in kept:
        path.write_bytes(path.read_bytes()[:len(jinja2.bccache.bc_magic) + 10])
    (site / "index.mdx").write_text("---\ntitle: Home\n---\n\n<Note>Read me twice.</Note>\n",
                                    encoding="utf-8")
    build(site, out)
    assert "Read me twice." in (out / "index.html").read_text(encoding="utf-8")
    assert_same_as_cold(site, out, tmp_path, "a damaged compiled template")


class _Told:
    """A third-party plugin noting the early renders and the builds' events, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, object]] = []

    @hookimpl
    def mdxsite_page_rendered_early(self, result: PageResult) -> None:
        self.events.append(("early", result.page.key, result))

    @hookimpl
    def mdxsite_build_started(self) -> None:
        self.events.append(("started", "", None))

    @hookimpl
    def mdxsite_page_built(self, result: PageResult) -> None:
        self.events.append(("built", result.page.key, result))


def test_an_edited_page_is_rendered_once_and_told_to_plugins_before_the_build_starts(
        tmp_path: Path, age_files: Callable[[Path], None]) -> None:
    """``mdxsite_page_rendered_early``: a page whose file changed is rendered before the render
    cache is checked, and the plugins are told of it before ``mdxsite_build_started``; the
    same result then arrives in ``mdxsite_page_built``. A file touched with the same bytes, or
    built again unchanged, tells nothing early; a build without the cache never does."""
    site = tmp_path / "site"
    shutil.copytree(REPO / "sample_site", site)
    out = tmp_path / "out"
    told = _Told()
    pm = plugin_manager.create(["search"])
    pm.register(told, name="told")
    age_files(site)
    pipeline.build(site, out, pm, jobs=1)
    told.events.clear()

    def early() -> list[str]:
        return [key for what, key, _ in told.events if what == "early"]

    edit(site / "quickstart.mdx", "## ", "Added by the test.\n\n## ")
    pipeline.build(site, out, pm, jobs=1)
    assert early() == ["quickstart"]
    started = told.events.index(("started", "", None))
    assert told.events[0][:2] == ("early", "quickstart") and started == 1
    built = [result for what, key, result in told.events[started:] if key == "quickstart"]
    assert built == [told.events[0][2]] and built[0] is told.events[0][2]
    assert "Added by the test." in (out / "quickstart" / "index.html").read_text(encoding="utf-8")

    for again in range(2):  # unchanged since; then touched, the same bytes
        told.events.clear()
        if again:
            os.utime(site / "quickstart.mdx")
        pipeline.build(site, out, pm, jobs=1)
        assert early() == []
    edit(site / "quickstart.mdx", "Added by the test.", "Changed by the test.")
    told.events.clear()
    pipeline.build(site, out, pm, jobs=1, use_cache=False)
    assert early() == []
