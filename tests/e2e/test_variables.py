"""docs.json ``variables``: ``{{name}}`` is replaced wherever a page's source goes, and an
undefined name is a located warning that stays visible."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

DOCS = {"name": "V", "navigation": {"pages": ["index"]},
        "variables": {"product": "Acme", "api-url": "https://api.acme.example", "port": 8080}}
PAGE = """---
title: About {{product}}
description: "{{ product }} docs"
---
import Install from "/snippets/install.mdx"

Use {{product}} on port {{port}}, `curl {{api-url}}/health`, [the API]({{api-url}}/v1).

<Card title="{{product}} card">Body</Card>

```bash
export URL={{api-url}}
```

Unknown: {{missing-name}} and `{{in-code}}`.

<Install />
"""


def test_variables_reach_every_place_of_the_source(make_site: Callable[..., Path], cli: Callable,
                                                   tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": PAGE},
                     files={"snippets/install.mdx": "Install {{product}} {{gone}}.\n"})
    out = tmp_path / "out"
    result = cli("build", root, "-o", out)
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text()
    article = page[page.index("<article"):page.index("</article>")]
    assert "<title>About Acme - V</title>" in page
    assert 'content="Acme docs"' in page
    assert "Use Acme on port 8080" in article
    assert "<code>curl https://api.acme.example/health</code>" in article
    assert 'href="https://api.acme.example/v1"' in article
    assert "Acme card" in article
    assert "https://api.acme.example" in re.sub(r"<[^>]+>", "", article.split("export")[1])
    assert "Install Acme" in article
    # undefined: visible as written, in prose and in code, and located in the warnings
    assert "Unknown: {{missing-name}} and <code>{{in-code}}</code>" in article
    assert "index.mdx:15:10: warning: variable 'missing-name' is not defined in docs.json" in result.output
    assert "index.mdx:15:32: warning: variable 'in-code' is not defined in docs.json" in result.output
    assert result.output.count("snippets/install.mdx:1:21: warning: variable 'gone'") == 1
    copy = (out / "index.md").read_text()
    assert copy.startswith("# About Acme\n") and "curl https://api.acme.example/health" in copy
    assert "Use Acme on port 8080" in (out / "llms-full.txt").read_text()


def test_strict_fails_on_an_undefined_variable(make_site: Callable[..., Path], cli: Callable,
                                               tmp_path: Path) -> None:
    root = make_site(DOCS, pages={"index": "Hello {{nobody}}\n"})
    result = cli("build", root, "-o", tmp_path / "out", "--strict")
    assert result.exit_code == 1
    assert "index.mdx:1:7: warning: variable 'nobody' is not defined" in result.output


def test_a_value_is_text_never_markup(make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    docs = {**DOCS, "variables": {"evil": "<script>alert(1)</script>{x}"}}
    root = make_site(docs, pages={"index": "Value: {{evil}} and `{{evil}}`\n"})
    assert cli("build", root, "-o", tmp_path / "out").exit_code == 0
    page = (tmp_path / "out" / "index.html").read_text()
    article = page[page.index("<article"):page.index("</article>")]
    assert "<script>" not in article
    assert "Value: &lt;script&gt;alert(1)&lt;/script&gt;{x} and <code>&lt;script&gt;alert(1)&lt;/script&gt;{x}</code>" in article


def test_a_site_without_variables_keeps_template_braces_in_code_quietly(
        make_site: Callable[..., Path], cli: Callable, tmp_path: Path) -> None:
    page = "Hello {{reader}}.\n\n```python\nprompt = 'Hi {{customer}}'\n```\n\nUse `{{plan}}`.\n"
    root = make_site({"name": "T", "navigation": {"pages": ["index"]}}, pages={"index": page})
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "index.mdx:1:7: warning: variable 'reader' is not defined" in result.output  # prose
    assert "customer" not in result.output and "plan" not in result.output  # code: a template's
    article = (tmp_path / "out" / "index.html").read_text()
    assert "{{customer}}" in article and "<code>{{plan}}</code>" in article
