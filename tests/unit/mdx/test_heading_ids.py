"""Heading ids as the platform makes them (its "Format text" page): what sites written for
the platform link to must exist."""

from __future__ import annotations

import pytest

from mdxsite.mdx.render import slugify


@pytest.mark.parametrize("text, expected", [
    ("Getting Started", "getting-started"),                        # lower case, space: hyphen
    ("Fees & billing", "fees-&-billing"),                          # & kept
    ("Processor Pause/Resume (Urgent)", "processor-pause/resume-urgent"),  # / kept, () gone
    ("What's next?", "what\u2019s-next"),                          # ' becomes ’; ? dropped
    ("What\u2019s next", "what\u2019s-next"),
    ("Step 1: Issue a proxy secret", "step-1-issue-a-proxy-secret"),  # the platform's example
    ("Triggering your task in Next.js", "triggering-your-task-in-next-js"),  # . separates
    ("tasks.batchTrigger()", "tasks-batchtrigger"),               # no hyphen left at the end
    ("enableMic(enable: boolean)", "enablemic-enable-boolean"),   # ( separates words
    ("3. VAD & Turn Analyzer Configuration", "3-vad-&-turn-analyzer-configuration"),  # one -
    ("Per-Tool Options with @tool_options", "per-tool-options-with-@tool_options"),  # @ _ kept
    ("error 🤖", "error-🤖"),                                       # emoji kept
    ("session.in — clients → task", "session-in-—-clients-→-task"),  # dashes, arrows kept
    ("Über uns", "über-uns"),                                      # not GitHub-style: no ASCII fold
    ("  a   -  b  ", "a-b"),                                       # runs of spaces and hyphens
    ("C# & F#, \"quoted\" [x] {y} a+b=c", "c-&-f-quoted-x-y-abc"),  # other punctuation dropped
    ("?!", "section"),                                             # nothing left
])
def test_slugify_makes_the_platform_ids(text: str, expected: str) -> None:
    assert slugify(text) == expected
