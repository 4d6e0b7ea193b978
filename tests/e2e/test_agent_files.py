"""The files the platform serves to AI agents: a site's own skill.md and install.md, its
skills under .mintlify/skills, the two skills discovery indexes and the A2A agent card."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

DOCS = {"name": "Acme", "description": "Acme's docs", "navigation": {"pages": ["index"]}}
ROOT_SKILL = "---\nname: Acme Platform\ndescription: Use Acme from an agent.\n---\n\n# Acme\n\nDo things.\n"
PAYMENTS = "---\nname: payments\ndescription: Take payments.\nlicense: MIT\n---\n\n# Payments\n"
ADMIN = "---\nname: admin-tools\ndescription: Internal.\ngroups: [\"admin\"]\n---\n\n# Admin\n"


def _site(make_site: Callable[..., Path], docs: dict[str, object] = DOCS, **files: str) -> Path:
    return make_site(docs, pages={"index": "# Home\n\nHello.\n"}, files=files)


def test_skills_are_published_in_both_discovery_indexes(cli, make_site, tmp_path: Path) -> None:
    root = _site(make_site, **{"skill.md": ROOT_SKILL, "install.md": "# Install\n\nRun `acme up`.\n",
                               ".mintlify/skills/payments/SKILL.md": PAYMENTS,
                               ".mintlify/skills/admin/SKILL.md": ADMIN})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.stderr
    # the site's own agent files are published as written, and are not pages
    assert (out / "skill.md").read_text() == ROOT_SKILL
    assert (out / "install.md").read_text() == "# Install\n\nRun `acme up`.\n"
    assert not (out / "skill").exists() and not (out / "install").exists()
    assert "skill" not in (out / "llms.txt").read_text().lower()

    legacy = json.loads((out / ".well-known/skills/index.json").read_text())
    assert legacy == {"skills": [
        {"name": "acme-platform", "description": "Use Acme from an agent.", "files": ["SKILL.md"]},
        {"name": "payments", "description": "Take payments.", "files": ["SKILL.md"]}]}
    assert (out / ".well-known/skills/payments/SKILL.md").read_text() == PAYMENTS

    current = json.loads((out / ".well-known/agent-skills/index.json").read_text())
    assert current["$schema"].endswith("/discovery/0.2.0/schema.json")
    assert [(s["name"], s["type"], s["url"]) for s in current["skills"]] == [
        ("acme-platform", "skill-md", "/.well-known/agent-skills/acme-platform/SKILL.md"),
        ("payments", "skill-md", "/.well-known/agent-skills/payments/SKILL.md")]
    for skill in current["skills"]:  # the digest is the published file's
        data = (out / skill["url"].lstrip("/")).read_bytes()
        assert skill["digest"] == "sha256:" + hashlib.sha256(data).hexdigest()

    # a skill for signed-in groups is published nowhere, and the build says so
    assert not (out / ".well-known/skills/admin-tools").exists()
    assert "admin-tools" not in (out / ".well-known/agent-skills/index.json").read_text()
    assert (".mintlify/skills/admin/SKILL.md:1:1: warning: skill 'admin-tools' is restricted to "
            "user groups") in result.stderr


def test_without_a_root_skill_md_the_skills_stand_for_it(cli, make_site, tmp_path: Path) -> None:
    one = _site(make_site, **{".mintlify/skills/payments/SKILL.md": PAYMENTS})
    assert cli("build", one, "-o", tmp_path / "one").exit_code == 0
    assert (tmp_path / "one" / "skill.md").read_text() == PAYMENTS

    two = _site(make_site, **{".mintlify/skills/payments/SKILL.md": PAYMENTS,
                              ".mintlify/skills/refunds/SKILL.md": PAYMENTS.replace("payments", "refunds")})
    assert cli("build", two, "-o", tmp_path / "two", "--base-url", "/docs/").exit_code == 0
    listing = (tmp_path / "two" / "skill.md").read_text()
    assert "- [payments](/docs/.well-known/agent-skills/payments/SKILL.md): Take payments." in listing
    assert "- [refunds](/docs/.well-known/agent-skills/refunds/SKILL.md)" in listing


def test_a_skills_folder_may_be_a_symlink(cli, make_site, tmp_path: Path) -> None:
    root = _site(make_site, **{"skills/payments/SKILL.md": PAYMENTS})
    (root / ".mintlify").mkdir()
    os.symlink("../skills", root / ".mintlify" / "skills")
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    assert (tmp_path / "out" / ".well-known/agent-skills/payments/SKILL.md").read_text() == PAYMENTS


def test_a_skill_without_name_and_description_is_a_located_warning(cli, make_site,
                                                                     tmp_path: Path) -> None:
    root = _site(make_site, **{".mintlify/skills/bare/SKILL.md": "# Bare\n\nNo frontmatter.\n",
                               ".mintlify/skills/payments/SKILL.md": PAYMENTS})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0
    assert (".mintlify/skills/bare/SKILL.md:1:1: warning: the skill file has no frontmatter "
            "'name' and 'description'") in result.stderr
    index = json.loads((tmp_path / "out" / ".well-known/skills/index.json").read_text())
    assert [s["name"] for s in index["skills"]] == ["payments"]


def test_a_listed_install_md_stays_a_page(cli, make_site, tmp_path: Path) -> None:
    docs = {**DOCS, "navigation": {"pages": ["index", "install"]}}
    root = _site(make_site, docs, **{"install.md": "---\ntitle: Installing\n---\n\nSteps.\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    assert "Steps." in (tmp_path / "out" / "install" / "index.html").read_text()
    assert not (tmp_path / "out" / ".well-known" / "skills").exists()  # no skills, no index


def test_the_agent_card_names_the_site_and_its_skills(cli, make_site, tmp_path: Path) -> None:
    root = _site(make_site, **{".mintlify/skills/payments/SKILL.md": PAYMENTS})
    result = cli("build", root, "-o", tmp_path / "nourl")
    assert "the agent card (/.well-known/agent-card.json) needs absolute URLs" in result.stderr
    assert not (tmp_path / "nourl" / ".well-known" / "agent-card.json").exists()

    out = tmp_path / "out"
    assert cli("build", root, "-o", out, "--site-url", "https://acme.dev",
               "--base-url", "/docs/").exit_code == 0
    card = json.loads((out / ".well-known" / "agent-card.json").read_text())
    assert card["protocolVersion"] == "0.3" and card["preferredTransport"] == "HTTP+JSON"
    assert (card["name"], card["description"], card["url"]) == ("Acme", "Acme's docs", "https://acme.dev/docs/")
    assert card["provider"] == {"url": "https://acme.dev/docs/", "organization": "Acme"}
    assert [(s["id"], s["url"]) for s in card["skills"]] == [
        ("payments", "https://acme.dev/docs/.well-known/agent-skills/payments/SKILL.md")]
