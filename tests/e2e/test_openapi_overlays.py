"""OpenAPI Overlays on a built site: listed in docs.json or found through ``extends``, applied
before pages, navigation and frontmatter references see the spec; a listed overlay's failure
fails the build, located, and a found one's is a warning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from mdxsite.cli import main

SPEC = """\
openapi: 3.1.0
info: {title: Pets, version: "1"}
servers: [{url: "https://api.example.com"}]
paths:
  /pets:
    get:
      summary: List pets
      description: Every pet we know.
      responses: {"200": {description: OK}}
  /internal/metrics:
    get:
      summary: Internal metrics
      responses: {"200": {description: OK}}
"""

# renames /pets to /animals (copy, then remove), drops the internal endpoint, adds x-mint
RENAME = """\
overlay: 1.1.0
info: {title: Public docs, version: "1"}
actions:
  - target: $.paths
    update: {/animals: {}}
  - target: "$.paths['/animals']"
    copy: "$.paths['/pets']"
  - target: "$.paths['/pets']"
    remove: true
  - target: "$.paths['/internal/metrics']"
    remove: true
  - target: "$.paths['/animals'].get"
    update:
      description: DESCRIPTION
      x-mint: {metadata: {title: All the animals}}
"""


def site(root: Path, openapi: Any, overlays: dict[str, str], pages: dict[str, str] | None = None
         ) -> Path:
    root.mkdir(exist_ok=True)
    (root / "openapi.yaml").write_text(SPEC, encoding="utf-8")
    for name, text in overlays.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    for name, text in (pages or {}).items():
        (root / name).write_text(text, encoding="utf-8")
    groups: list[dict[str, Any]] = [{"group": "API", "openapi": openapi}]
    if pages:
        groups.insert(0, {"group": "Guides", "pages": [n.removesuffix(".mdx") for n in pages]})
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "Overlays", "colors": {"primary": "#112233"},
        "navigation": {"groups": groups}}), encoding="utf-8")
    return root


def build(root: Path, out: Path) -> Result:
    return CliRunner().invoke(main, ["build", str(root), "-o", str(out), "--jobs", "1"])


def html_pages(out: Path) -> dict[str, str]:
    return {p.parent.name: p.read_text(encoding="utf-8")
            for p in out.glob("api-reference/*/index.html")}


def test_a_listed_overlay_renames_a_path_removes_an_endpoint_and_adds_x_mint(tmp_path: Path) -> None:
    root = site(tmp_path / "site", {"source": "openapi.yaml",
                                    "overlays": ["overlays/public.yaml"]},
                {"overlays/public.yaml": RENAME.replace("DESCRIPTION", "Every animal.")})
    result = build(root, tmp_path / "out")
    assert result.exit_code == 0, result.output
    pages = html_pages(tmp_path / "out")
    assert list(pages) == ["list-pets"]  # the metrics endpoint is gone
    page = pages["list-pets"]
    assert "/animals" in page and "/pets" not in page
    assert "<title>All the animals" in page and "Every animal." in page


def test_an_overlay_found_through_extends_applies_and_an_empty_list_opts_out(tmp_path: Path) -> None:
    found = RENAME.replace("info:", "extends: ../openapi.yaml\ninfo:").replace(
        "DESCRIPTION", "Found.")
    root = site(tmp_path / "site", "openapi.yaml", {"overlays/found.yaml": found})
    result = build(root, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "/animals" in html_pages(tmp_path / "out")["list-pets"]

    site(root, {"source": "openapi.yaml", "overlays": []}, {})
    result = build(root, tmp_path / "out2")
    assert result.exit_code == 0, result.output
    pages = html_pages(tmp_path / "out2")
    assert sorted(pages) == ["internal-metrics", "list-pets"]
    assert "/animals" not in pages["list-pets"]


def test_a_frontmatter_reference_names_the_transformed_path(tmp_path: Path) -> None:
    root = site(tmp_path / "site", {"source": "openapi.yaml", "overlays": ["public.yaml"]},
                {"public.yaml": RENAME.replace("DESCRIPTION", "From the overlay.")},
                {"animals.mdx": "---\ntitle: Animals\nopenapi: GET /animals\n---\n\nOwn words.\n"})
    result = build(root, tmp_path / "out")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "animals" / "index.html").read_text(encoding="utf-8")
    assert "From the overlay." in page and "Own words." in page


def test_a_listed_overlay_with_a_bad_target_is_a_located_error_and_keeps_the_output(
        tmp_path: Path) -> None:
    root = site(tmp_path / "site", {"source": "openapi.yaml", "overlays": ["public.yaml"]},
                {"public.yaml": RENAME.replace("DESCRIPTION", "Every animal.")})
    out = tmp_path / "out"
    assert build(root, out).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (root / "public.yaml").write_text(
        RENAME.replace("\"$.paths['/pets']\"\n    remove", "\"$.paths[\"\n    remove"),
        encoding="utf-8")

    result = build(root, out)

    assert result.exit_code == 1
    assert "public.yaml:8:13" in result.output, result.output
    assert "actions[2].target" in result.output and "not a JSONPath" in result.output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_a_broken_overlay_found_through_extends_is_skipped_with_a_warning(tmp_path: Path) -> None:
    broken = ("overlay: 1.0.0\nextends: openapi.yaml\ninfo: {title: B, version: '1'}\n"
              "actions:\n  - target: $.info\n    copy: $.servers\n")
    root = site(tmp_path / "site", "openapi.yaml", {"broken.yaml": broken})
    result = build(root, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "broken.yaml:6:11" in result.output and "copy needs Overlay 1.1" in result.output
    assert result.output.count("is skipped") == 1  # once, though the spec loads to render too
    assert sorted(html_pages(tmp_path / "out")) == ["internal-metrics", "list-pets"]


def test_a_warm_build_after_editing_the_overlay_rerenders_its_page(tmp_path: Path) -> None:
    # the server URL is in no page's model: only the overlay being a dependency of the page
    # (render cache) and part of the loaded document's key (same process) show the edit
    servers = "  - target: $.servers[0]\n    update: {url: 'https://URL.example.com'}\n"
    root = site(tmp_path / "site", {"source": "openapi.yaml", "overlays": ["public.yaml"]},
                {"public.yaml": RENAME + servers.replace("URL", "first")},
                {"intro.mdx": "---\ntitle: Intro\n---\n\nHello.\n"})
    out = tmp_path / "out"
    assert build(root, out).exit_code == 0
    assert "https://first.example.com" in html_pages(out)["list-pets"]
    intro = (out / "intro" / "index.html").stat().st_mtime_ns

    (root / "public.yaml").write_text(RENAME + servers.replace("URL", "second"), encoding="utf-8")
    result = build(root, out)

    assert result.exit_code == 0, result.output
    page = html_pages(out)["list-pets"]
    assert "https://second.example.com" in page and "https://first.example.com" not in page
    assert (out / "intro" / "index.html").stat().st_mtime_ns == intro  # not re-rendered


def test_api_openapi_lists_overlays_for_frontmatter_references(tmp_path: Path) -> None:
    root = tmp_path / "site"
    root.mkdir()
    (root / "openapi.yaml").write_text(SPEC, encoding="utf-8")
    (root / "public.yaml").write_text(RENAME.replace("DESCRIPTION", "Via api.openapi."),
                                      encoding="utf-8")
    (root / "animals.mdx").write_text("---\ntitle: Animals\nopenapi: GET /animals\n---\n",
                                      encoding="utf-8")
    (root / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "Overlays", "colors": {"primary": "#112233"},
        "api": {"openapi": {"source": "openapi.yaml", "overlays": ["public.yaml"]}},
        "navigation": {"pages": ["animals"]}}), encoding="utf-8")
    result = build(root, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "Via api.openapi." in (tmp_path / "out" / "animals" / "index.html").read_text("utf-8")


def test_overlays_in_docs_json_are_checked(tmp_path: Path) -> None:
    root = site(tmp_path / "site", {"source": "openapi.yaml", "overlays": "public.yaml"}, {})
    result = build(root, tmp_path / "out")
    assert result.exit_code == 1
    assert "navigation.groups[0].openapi.overlays: expected a list" in result.output

    site(root, {"source": "openapi.yaml", "overlays": ["missing.yaml"]}, {})
    result = build(root, tmp_path / "out")
    assert result.exit_code == 1
    assert "docs.json:" in result.output and "'missing.yaml' of openapi.yaml not found" \
        in result.output


def test_openapi_check_checks_the_document_as_the_overlays_leave_it(tmp_path: Path) -> None:
    (tmp_path / "openapi.yaml").write_text(SPEC, encoding="utf-8")
    # the overlay drops the description every response needs
    (tmp_path / "strip.yaml").write_text(
        "overlay: 1.0.0\ninfo: {title: S, version: '1'}\nactions:\n"
        "  - target: $.paths.*.get.responses.*.description\n    remove: true\n", encoding="utf-8")
    plain = CliRunner().invoke(main, ["openapi-check", str(tmp_path / "openapi.yaml")])
    assert plain.exit_code == 0, plain.output
    result = CliRunner().invoke(main, ["openapi-check", str(tmp_path / "openapi.yaml"),
                                       "--overlay", str(tmp_path / "strip.yaml")])
    assert "responses.200" in result.output and "description" in result.output, result.output


def test_found_overlays_apply_in_path_order_and_listed_ones_in_list_order(tmp_path: Path) -> None:
    def setting(words: str) -> str:
        return ("overlay: 1.0.0\nextends: openapi.yaml\ninfo: {title: O, version: '1'}\nactions:\n"
                f"  - target: \"$.paths['/pets'].get\"\n    update: {{description: {words}}}\n")
    overlays = {"b.yaml": setting("Said by b."), "a.yaml": setting("Said by a.")}
    root = site(tmp_path / "site", "openapi.yaml", overlays)
    assert build(root, tmp_path / "out").exit_code == 0
    assert "Said by b." in html_pages(tmp_path / "out")["list-pets"]  # b.yaml comes last

    site(root, {"source": "openapi.yaml", "overlays": ["b.yaml", "a.yaml"]}, overlays)
    assert build(root, tmp_path / "out2").exit_code == 0
    assert "Said by a." in html_pages(tmp_path / "out2")["list-pets"]
