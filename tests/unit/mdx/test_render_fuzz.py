"""The renderer under mutated real pages: truncated, lines shuffled, nested deep, and huge
lines of the characters parsers struggle with. A page may be rejected (a located
MdxsiteError), but never with a traceback, never after more than 10 s of CPU, and the
process's memory stays bounded.

The 10 s are CPU time (a profiling timer), not wall time: on a loaded machine (other builds,
the suite's other pytest-xdist worker) a page's wall time says more about the machine than
about the renderer."""

from __future__ import annotations

import random
import resource
import signal
from pathlib import Path

import pytest

from mdxsite import pipeline, plugin_manager
from mdxsite.errors import MdxsiteError
from mdxsite.mdx.render import Context, render_mdx

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO.parent / "shared" / "corpus"
GOLDEN_SITE = REPO / "tests" / "golden" / "mdx" / "site"


def _mutate(text: str, r: random.Random) -> str:
    lines = text.split("\n")
    kind = r.randrange(7)
    if kind == 0:
        return text[: r.randrange(len(text) + 1)]  # truncated anywhere, even mid-tag
    if kind == 1:
        r.shuffle(lines)
        return "\n".join(lines)
    if kind == 2:  # deep nesting of components, lists and quotes
        depth = r.choice([50, 300, 2000])
        return r.choice(["<Note>" * depth + "x" + "</Note>" * depth,
                         "".join("  " * i + "- a\n" for i in range(depth)),
                         ">" * depth + " deep", "[" * depth + "x" + "]" * depth,
                         "{" * depth + "}" * depth]) + "\n" + text
    if kind == 3:  # a huge line of one troublesome character
        ch = r.choice(["*", "_", "[", "`", "<", "~", "$", "|", "\\", "{"])
        at = r.randrange(len(lines) + 1)
        lines.insert(at, ch * r.choice([1000, 20_000, 100_000]))
        return "\n".join(lines)
    if kind == 4:
        return "\n".join(line * r.randrange(1, 4) for line in lines)
    if kind == 5:  # unbalanced tags and expressions sprinkled in
        for _ in range(20):
            at = r.randrange(len(lines) + 1)
            lines.insert(at, r.choice(["<Card>", "</Steps>", "{", "}", "```", "<a href=", "$$"]))
        return "\n".join(lines)
    return text.replace("\n", "\r\n")


class _TooSlow(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TooSlow


def test_mutated_corpus_pages_never_crash_hang_or_grow_memory(figures) -> None:
    site = pipeline.prepare(GOLDEN_SITE, plugin_manager.create())
    files = sorted(CORPUS.rglob("*.mdx"))
    r = random.Random(20)
    sample = r.sample(files, 120)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rejected = rendered = 0
    old = signal.signal(signal.SIGPROF, _alarm)
    try:
        for path in sample:
            for _ in range(3):
                text = _mutate(path.read_text(encoding="utf-8", errors="replace"), r)
                ctx = Context(site, path.name, 0, "guides/setup", stack=(path.name,))
                signal.setitimer(signal.ITIMER_PROF, 10)
                try:
                    render_mdx(text, ctx)
                except MdxsiteError:
                    rejected += 1
                except _TooSlow:
                    pytest.fail(f"{path.name}: a mutated page took over 10 s of CPU")
                else:
                    rejected += bool(ctx.errors)
                    rendered += not ctx.errors
                    for problem in ctx.errors:  # every error is located
                        assert problem.where.line is not None, problem
                finally:
                    signal.setitimer(signal.ITIMER_PROF, 0)
    finally:
        signal.signal(signal.SIGPROF, old)
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    figures(f"renderer fuzzing: {len(sample) * 3} mutated pages, {rendered} rendered, "
            f"{rejected} rejected with located errors; peak memory grew {grown_mib:.0f} MiB")
    assert grown_mib < 500
    assert rendered > 50 and rejected > 20  # both outcomes are reached
