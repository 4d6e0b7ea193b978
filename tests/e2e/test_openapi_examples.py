"""The OpenAPI Initiative's example shapes, written by hand under tests/fixtures/openapi.

Each passes ``openapi-check``, and a site listing them gives every operation and webhook a
page showing what makes that shape special (allOf, callbacks, links, webhooks).
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdxsite.cli import main
from mdxsite.openapi.expand import operations
from mdxsite.openapi.load import load_path

SPECS = Path(__file__).resolve().parents[1] / "fixtures" / "openapi"
NAMES = ["petstore", "petstore-expanded", "callbacks", "links", "webhook-example"]


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("examples")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\nExamples.\n")
    tabs: list[dict[str, object]] = [{"tab": "Home", "pages": ["index"]}]
    for name in NAMES:
        shutil.copy(SPECS / f"{name}.yaml", root / f"{name}.yaml")
        tabs.append({"tab": name, "openapi": {"source": f"{name}.yaml", "directory": name}})
    (root / "docs.json").write_text(json.dumps({"name": "Examples", "theme": "mint",
                                                "navigation": {"tabs": tabs}}))
    result = CliRunner().invoke(main, ["build", str(root), "-o", str(root / "_out")])
    assert result.exit_code == 0, result.output
    return root / "_out"


def text(out: Path, key: str) -> str:
    doc = (out / key / "index.html").read_text()
    body = re.sub(r"<script\b.*?</script>", " ", doc[doc.index("<h1"):doc.index("</article>")],
                  flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("name", NAMES)
def test_each_example_passes_openapi_check(name: str) -> None:
    result = CliRunner().invoke(main, ["openapi-check", str(SPECS / f"{name}.yaml")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name", NAMES)
def test_every_operation_gets_a_page(out: Path, name: str) -> None:
    expected = operations(load_path(SPECS / f"{name}.yaml"))
    pages = sorted((out / name).rglob("index.html"))
    assert len(pages) == len(expected) > 0
    shown = " ".join(text(out, str(p.parent.relative_to(out))) for p in pages)
    for entry in expected:
        assert (f"WEBHOOK {entry['path']}" if entry["webhook"]
                else f"{entry['method'].upper()} {entry['path']}") in shown


def test_petstore_shapes(out: Path) -> None:
    listing = text(out, "petstore/pets/page-through-pets")
    assert "limit integer<int32> query Page size (100 at most)" in listing and "<= 100" in listing
    assert ("200 One page of pets Headers x-next string header Link to the following page "
            "application/json Pet[] items <= 100 id integer<int64> required") in listing
    assert "curl --request GET" in listing and "https://pets.example.test/v1/pets" in listing


def test_expanded_petstore_merges_all_of(out: Path) -> None:
    found = text(out, "petstore-expanded/get-pets-1")
    assert "Path parameters # id integer<int64> path required Pet id" in found
    response = found[found.index("200 The pet"):]
    assert "name string required" in response and "id integer<int64> required" in response
    listing = text(out, "petstore-expanded/get-pets")
    assert "tags string[] query Tags to filter by" in listing


def test_callbacks_are_listed_with_their_payload(out: Path) -> None:
    page = text(out, "callbacks/subscribe-to-a-stream")
    assert "Callbacks POST {$request.query.callbackUrl}/data (onData) Event delivery" in page
    assert "timestamp string<date-time>" in page and "userData string" in page
    assert "https://listener.example.test/events" in page  # the query example in samples
    assert "Example: https://listener.example.test/events" in page


def test_links_name_their_target_operation(out: Path) -> None:
    page = text(out, "links/get-20-users")
    assert "Links userRepositories → getRepositoriesByOwner username = $response.body#/username" \
        in page
    repos = text(out, "links/get-20-repositories")
    assert "slug = $response.body#/slug" in repos


def test_webhook_only_document(out: Path) -> None:
    page = text(out, "webhook-example/a-pet-was-registered")
    assert page.startswith(" A pet was registered WEBHOOK newPet") or \
        page.startswith("A pet was registered WEBHOOK newPet")
    assert "The new pet" in page and "tag string | null nullable" in page
    assert "data-playground" not in (out / "webhook-example" / "a-pet-was-registered" /
                                     "index.html").read_text()
