"""Built-in plugin: the files the platform serves to AI agents beside the pages.

- A ``skill.md`` or ``install.md`` at the site's root that the navigation does not list is
  the site's own agent file, not a page: it is published as written at ``/skill.md`` and
  ``/install.md`` (the platform lets these files override the ones it would generate; mdxsite
  generates neither, as the platform's come from a language model).
- Skills: that ``skill.md`` and each ``.mintlify/skills/<folder>/SKILL.md`` (a symlinked
  folder works) are listed, by the slug of their frontmatter ``name``, in both discovery
  indexes the platform serves: ``/.well-known/skills/index.json`` (each skill's file at
  ``/.well-known/skills/<name>/SKILL.md``, the name its ``files`` give; the platform's page also
  says ``skill.md``, which a case-blind disk could not hold beside it) and ``/.well-known/agent-skills/index.json`` (agent-skills
  0.2.0: a type, a URL and a sha256 digest each, the file under
  ``/.well-known/agent-skills/<name>/SKILL.md``). Without a root ``skill.md``, ``/skill.md``
  is the only skill, or, with several, a Markdown list of them (the platform redirects to the
  index; a redirect of a file path is not portable across static hosts).
- ``/.well-known/agent-card.json``, the A2A agent card naming the site and its skills, when
  the site's URL is known (its URLs are absolute).

A skill restricted to user ``groups`` is left out of every file, as the platform leaves it out
of its public ones (it shows such skills only to signed-in readers over MCP, which mdxsite does
not serve): the build says so. A skill file without a frontmatter ``name`` and ``description``
is left out with a located warning. Everything here uses the public hooks.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from mdxsite.errors import Location, MdxsiteError, Problem, report_warnings
from mdxsite.hookspecs import hookimpl
from mdxsite.mdx import frontmatter
from mdxsite.model import OutputFile, Site
from mdxsite.output.stamp import note_read
from mdxsite.sources import AGENT_FILES

SKILLS_FOLDER = ".mintlify/skills"
DESCRIPTION_LIMIT = 1024  # the agent-skills index's limit, as the platform applies it
DISCOVERY_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"


@dataclass(frozen=True, slots=True)
class Skill:
    slug: str
    name: str
    description: str
    data: bytes


def agent_files(site: Site) -> list[str]:
    """Return the root agent files the site ships (not pages: the navigation lists neither)."""
    return [name for name in AGENT_FILES
            if name.removesuffix(".md") not in site.pages and (site.root / name).is_file()]


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _skill(site: Site, path: Path, fallback: str, problems: list[Problem]) -> Skill | None:
    rel = path.relative_to(site.root).as_posix() if path.is_relative_to(site.root) else str(path)
    note_read(path)
    try:
        data = path.read_bytes()
        fm = frontmatter.split(frontmatter.text_of(data, rel), rel)[0]
    except OSError as exc:
        problems.append(Problem(Location(rel), f"the skill file cannot be read ({exc.strerror})",
                                "check its permissions", code="agents.skill", warning=True))
        return None
    except MdxsiteError as exc:
        problems += [dataclasses.replace(p, warning=True, code=p.code or "agents.skill")
                     for p in exc.problems]
        return None
    name, description = fm.get("name"), fm.get("description")
    if not isinstance(name, str) or not name.strip():
        name = fallback if fallback and isinstance(description, str) else None
    if name is None or not isinstance(description, str) or not description.strip():
        problems.append(Problem(
            Location(rel, 1, 1), "the skill file has no frontmatter 'name' and 'description': "
            "it is left out of the skills indexes",
            "start it with ---, name: my-product, description: what agents can do with it, ---",
            code="agents.skill", warning=True))
        return None
    if fm.get("groups") is not None:
        problems.append(Problem(
            Location(rel, 1, 1), f"skill {name!r} is restricted to user groups: it is published "
            "nowhere (the platform shows such skills only to signed-in readers, over MCP)",
            "remove 'groups' to publish it", code="agents.skill", warning=True))
        return None
    return Skill(_slug(name) or fallback, name, description.strip(), data)


def skills(site: Site, own: list[str], problems: list[Problem]) -> list[Skill]:
    """Return the site's published skills: the root ``skill.md`` first (when ``own``, the
    site's agent files from :func:`agent_files`, holds it), then
    ``.mintlify/skills/*/SKILL.md`` by folder name; a second skill of the same slug is left
    out with a warning."""
    found: list[Skill] = []
    if "skill.md" in own:
        one = _skill(site, site.root / "skill.md", "default", problems)
        found += [one] if one is not None else []
    folder = site.root / SKILLS_FOLDER
    note_read(folder)
    for path in sorted(folder.glob("*/SKILL.md")) if folder.is_dir() else ():
        one = _skill(site, path, _slug(path.parent.name), problems)
        if one is None:
            continue
        if any(s.slug == one.slug for s in found):
            problems.append(Problem(Location(path.relative_to(site.root).as_posix(), 1, 1),
                                    f"a second skill is named {one.slug!r}: it is left out",
                                    "give each skill its own name", code="agents.skill",
                                    warning=True))
            continue
        found.append(one)
    return found


def _json(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


@hookimpl
def mdxsite_output_files(site: Site) -> list[OutputFile]:
    own = agent_files(site)
    files = [OutputFile(path=name, source=site.root / name) for name in own]
    problems: list[Problem] = []
    found = skills(site, own, problems)
    report_warnings(problems)
    legacy, current = [], []
    for skill in found:
        for folder in ("skills", "agent-skills"):
            files.append(OutputFile(path=f".well-known/{folder}/{skill.slug}/SKILL.md", content=skill.data))
        legacy.append({"name": skill.slug, "description": skill.description[:DESCRIPTION_LIMIT],
                       "files": ["SKILL.md"]})
        current.append({"name": skill.slug, "type": "skill-md",
                        "description": skill.description[:DESCRIPTION_LIMIT],
                        "url": site.href(f"/.well-known/agent-skills/{skill.slug}/SKILL.md"),
                        "digest": "sha256:" + hashlib.sha256(skill.data).hexdigest()})
    if found:
        files.append(OutputFile(path=".well-known/skills/index.json", content=_json({"skills": legacy})))
        files.append(OutputFile(path=".well-known/agent-skills/index.json",
                                content=_json({"$schema": DISCOVERY_SCHEMA, "skills": current})))
        if "skill.md" not in own:
            files.append(OutputFile(path="skill.md", content=found[0].data if len(found) == 1
                                    else _skill_list(site, found)))
    base = site.public_url
    if base:
        files.append(OutputFile(path=".well-known/agent-card.json", content=_card(site, base, found)))
    elif found:
        report_warnings([Problem(Location(site.config.file), "the agent card "
                                 "(/.well-known/agent-card.json) needs absolute URLs and the site's URL is unknown: it is not written",
                                 "build with --site-url https://…, or set "
                                 f"{site.config.setting('seo.metatags.canonical')}",
                                 code="agents.card", warning=True)])
    return files


def _skill_list(site: Site, found: list[Skill]) -> str:
    lines = [f"# {site.config.name} skills", ""]
    lines += [f"- [{s.name}]({site.href(f'/.well-known/agent-skills/{s.slug}/SKILL.md')}): "
              f"{s.description}" for s in found]
    lines += ["", f"Index: {site.href('/.well-known/agent-skills/index.json')}", ""]
    return "\n".join(lines)


def _card(site: Site, base: str, found: list[Skill]) -> str:
    """The A2A agent card (protocol 0.3) as the platform's page describes it."""
    home = base + site.href("/")
    description = site.config.get("description")
    return _json({
        "protocolVersion": "0.3",
        "name": site.config.name,
        "description": description if isinstance(description, str) else "",
        "url": home,
        "documentationUrl": home,
        "preferredTransport": "HTTP+JSON",
        "supportedInterfaces": [{"url": home, "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}],
        "provider": {"url": home, "organization": site.config.name},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "capabilities": {"streaming": False, "pushNotifications": False},
        "skills": [{"id": s.slug, "name": s.name, "description": s.description, "tags": [],
                    "url": base + site.href(f"/.well-known/agent-skills/{s.slug}/SKILL.md")}
                   for s in found],
    })


@hookimpl
def mdxsite_watch_paths(site: Site) -> list[Path]:
    # present or not: the watcher skips hidden folders such as .mintlify unless asked
    return [site.root / SKILLS_FOLDER, *(site.root / name for name in AGENT_FILES)]
