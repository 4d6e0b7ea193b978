"""``<Visibility>`` through a real build: humans read one thing on the page, agents another in
the page's ``.md`` copy and llms-full.txt, and a code example of the component stays as written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

PAGE = '''---
title: Accounts
---

Create an account.

<Visibility for="humans">
  <Note>Click **Get started** in the top-right corner.</Note>
</Visibility>

<Visibility for="agents">
  Call `POST /v1/accounts` with an email address.
</Visibility>

Both read this. <Visibility for="agents">Agents only, inline.</Visibility>

```mdx
<Visibility for="humans">
  example kept
</Visibility>
```
'''


def test_humans_and_agents_each_read_their_own_content(cli: Callable, make_site: Callable,
                                                       tmp_path: Path) -> None:
    docs = {"name": "T", "navigation": {"pages": ["index", "accounts"]}}
    out = tmp_path / "out"
    result = cli("build", make_site(docs, pages={"index": "# Home\n", "accounts": PAGE}), "-o", out)
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr

    page = (out / "accounts" / "index.html").read_text("utf-8")
    assert "Get started" in page and 'class="callout callout-note"' in page
    assert "POST /v1/accounts" not in page and "Agents only" not in page
    assert "Both read this." in page

    for agents in ((out / "accounts.md").read_text("utf-8"),
                   (out / "llms-full.txt").read_text("utf-8")):
        assert "Call `POST /v1/accounts` with an email address." in agents
        assert "Both read this. Agents only, inline." in agents
        assert "Click **Get started**" not in agents
        assert "<Visibility for=\"agents\">" not in agents
        assert "<Visibility for=\"humans\">\n  example kept\n</Visibility>" in agents


def test_an_unknown_audience_is_a_located_warning(cli: Callable, make_site: Callable,
                                                  tmp_path: Path) -> None:
    docs = {"name": "T", "navigation": {"pages": ["index"]}}
    body = "Intro.\n\n<Visibility for=\"bots\">\nText.\n</Visibility>\n"
    result = cli("build", make_site(docs, pages={"index": body}), "-o", tmp_path / "out")
    assert result.exit_code == 0
    assert ("index.mdx:3:1: warning: <Visibility for='bots'> is not one of 'humans' or "
            "'agents'. Write for='humans'. [mdx.unsupported-prop]") in result.stderr
