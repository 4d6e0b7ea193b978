"""Files a static host or CDN needs, and byte-identical output for identical input."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_host_files_for_the_sample_site(cli: Callable, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli("build", REPO / "sample_site", "-o", out, "--site-url", "https://docs.example.com",
                 "--base-url", "/docs/")
    assert result.exit_code == 0, result.stderr
    sitemap = (out / "sitemap.xml").read_text()
    assert "<loc>https://docs.example.com/docs/jobs/retries/</loc>" in sitemap
    assert "Sitemap: https://docs.example.com/docs/sitemap.xml" in (out / "robots.txt").read_text()
    assert (out / "_redirects").read_text() == "/docs/start /docs/quickstart/ 302\n"
    assert 'url=/docs/quickstart/' in (out / "start" / "index.html").read_text()
    assert "Page not found" in (out / "404.html").read_text()
    llms = (out / "llms.txt").read_text().splitlines()
    assert llms[0] == "# Acme Cloud"
    assert "- [Retries](/docs/jobs/retries/): Retry failed jobs with exponential backoff." in llms
    copy = (out / "jobs" / "retries.md").read_text()
    assert copy.startswith("# Retries\n\nA failed job is retried up to `max_attempts` times")
    assert "Source: /docs/jobs/idempotency/" in (out / "llms-full.txt").read_text()


def test_no_sitemap_without_a_site_url(cli: Callable, tmp_path: Path) -> None:
    assert cli("build", REPO / "sample_site", "-o", tmp_path / "out").exit_code == 0
    assert not (tmp_path / "out" / "sitemap.xml").exists()
    assert (tmp_path / "out" / "robots.txt").read_text() == "User-agent: *\nAllow: /\n"


def test_two_builds_of_the_same_input_are_byte_identical(cli: Callable, tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert cli("build", REPO / "sample_site", "-o", tmp_path / name, "--no-cache",
                   "--site-url", "https://x.example").exit_code == 0
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")


def test_every_page_has_one_h1_a_title_lang_and_alt_text(cli: Callable, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert cli("build", REPO / "sample_site", "-o", out).exit_code == 0
    import re
    pages = [p for p in out.rglob("index.html") if "Redirecting" not in p.read_text()]
    assert len(pages) >= 18
    for page in pages:
        text = page.read_text()
        assert text.count("<h1") == 1, page
        assert re.search(r"<title>[^<]+</title>", text), page
        assert re.search(r'<html lang="[a-zA-Z-]+"', text), page
        assert all("alt=" in img for img in re.findall(r"<img [^>]*>", text)), page
    assert '<html lang="fr"' in (out / "fr" / "quickstart" / "index.html").read_text()
