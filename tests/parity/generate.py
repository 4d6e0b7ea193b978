"""Seeded MDX pages built from the shapes real sites use, for the acceptance parity test.

Each page mixes paragraphs (with code spans that cross line breaks and ``<word>`` text in
them, inline components, void elements with closing tags), lists nested at varied
indentation with components and fences inside their items, components whose bodies and
closing tags are indented differently, lazy-line tags right after paragraph text, raw HTML
blocks with blank lines and Markdown between, tables and headings. The same seed always
gives the same page. :func:`verdicts` compares mdxsite's verdict on pages with the oracle's.
"""

from __future__ import annotations

import random
import re
from typing import Any

from mdxsite.errors import MdxsiteError
from mdxsite.mdx import frontmatter
from mdxsite.mdx.render import Context, render_mdx

WORDS = ("alpha beta gamma delta token request user value config deploy cache index "
         "café naïve 日本語 Ünïcode").split()
CONTAINERS = ["Note", "Tip", "Warning", "Info", "Check", "Accordion", "Card", "Frame", "Expandable"]


class PageGenerator:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def words(self, low: int = 2, high: int = 7) -> str:
        return " ".join(self.r.choice(WORDS) for _ in range(self.r.randint(low, high)))

    def inline(self) -> str:
        r = self.r
        kind = r.randrange(10)
        if kind == 0:
            return f"`{self.words(1, 2)}`"
        if kind == 1:  # a code span crossing a line break, holding tag-like text
            return f"`{r.choice(WORDS)} --{r.choice(WORDS)}\n<{r.choice(WORDS)}>` "
        if kind == 2:
            return f"**{self.words(1, 3)}**"
        if kind == 3:
            return f"[{self.words(1, 2)}](/{r.choice(WORDS)})"
        if kind == 4:
            return '<Icon icon="check" />'
        if kind == 5:
            return r.choice(["<br />", "<br></br>", "<br>"])
        if kind == 6:
            return f'<Tooltip tip="{r.choice(WORDS)}">{r.choice(WORDS)}</Tooltip>'
        if kind == 7:
            return r.choice([f"{{'{r.choice(WORDS)}'}}", "{/* a comment */}"])
        return self.words()

    def paragraph(self) -> list[str]:
        text = " ".join(self.inline() for _ in range(self.r.randint(1, 4))).strip()
        return text.split("\n")

    def fence(self) -> list[str]:
        lang = self.r.choice(["bash", "js", "python", "json", "", "ts title.ts"])
        body = [f"const {w} = <{w}>;" if self.r.random() < .3 else w for w in WORDS[:self.r.randint(1, 3)]]
        return ["```" + lang, *body, "```"]

    def table(self) -> list[str]:
        return ["| a | b |", "|---|---|", f"| {self.r.choice(WORDS)} | `x` |"]

    def html(self, depth: int) -> list[str]:
        tag = self.r.choice(["div", "section", "span"])
        inner = self.blocks(depth + 1, self.r.randint(1, 2))
        return [f'<{tag} className="{self.r.choice(WORDS)}">', "", *inner, "", f"</{tag}>"]

    def component(self, depth: int) -> list[str]:
        r = self.r
        name = r.choice(CONTAINERS)
        attrs = f' title="{r.choice(WORDS)}"' if name in ("Accordion", "Card", "Expandable") else ""
        body_indent = r.choice([0, 0, 2, 4, 6])
        close_indent = r.choice([0, body_indent, max(0, body_indent - 2)])
        body = self.blocks(depth + 1, r.randint(1, 2), allow_lazy=False)
        blank = [""] if r.random() < .5 else []
        out = [f"<{name}{attrs}>", *blank]
        out += [(" " * body_indent + line) if line.strip() else "" for line in body]
        out += [*blank, " " * close_indent + f"</{name}>"]
        return out

    def steps(self, depth: int) -> list[str]:
        items: list[str] = ["<Steps>"]
        for _ in range(self.r.randint(1, 3)):
            items += [f'  <Step title="{self.r.choice(WORDS)}">']
            items += ["    " + line if line.strip() else "" for line in self.blocks(depth + 1, 1)]
            items += ["  </Step>"]
        return items + ["</Steps>"]

    def listing(self, depth: int) -> list[str]:
        r = self.r
        ordered = r.random() < .4
        out: list[str] = []
        for n in range(1, r.randint(2, 3)):
            marker = f"{n}. " if ordered else r.choice(["- ", "* "])
            pad = " " * len(marker)
            out.append(marker + self.words())
            if r.random() < .5:
                extra = r.choice([0, 0, 2])  # deeper than the item's text
                child = r.choice([self.component, self.listing, lambda d: self.fence()])(depth + 1)
                gap = [""] if r.random() < .5 else []
                out += gap + [(pad + " " * extra + line) if line.strip() else "" for line in child]
        return out

    def lazy_tag(self, depth: int) -> list[str]:
        """Paragraph text, then a component on the very next line, wrapping a fence, or an
        element with its text alone on a line between two text lines."""
        if self.r.random() < .3:
            return [self.words(), f"<Note> {self.words()} </Note>", self.words()]
        name = self.r.choice(["CodeGroup", "Note", "Accordion"])
        attrs = ' title="x"' if name == "Accordion" else ""
        return [self.words(), f"<{name}{attrs}>", *self.fence(),
                " " * self.r.choice([0, 2]) + f"</{name}>"]

    def blocks(self, depth: int, count: int, allow_lazy: bool = True) -> list[str]:
        out: list[str] = []
        for _ in range(count):
            choices = [self.paragraph, self.paragraph, self.fence, self.table]
            if depth < 3:
                choices += [lambda: self.component(depth), lambda: self.listing(depth),
                            lambda: self.html(depth), lambda: self.steps(depth)]
                if allow_lazy:
                    choices.append(lambda: self.lazy_tag(depth))
            if depth == 0:
                choices.append(lambda: [f"## {self.words(1, 3)}"])
            out += self.r.choice(choices)()
            out.append("")
        return out[:-1]

    def page(self) -> str:
        text = "\n".join(self.blocks(0, self.r.randint(2, 6))) + "\n"
        return text.replace("\n", "\r\n") if self.r.random() < .1 else text  # Windows files


def pages(count: int, seed: int = 14) -> list[tuple[int, str]]:
    return [(seed * 100_000 + n, PageGenerator(seed * 100_000 + n).page()) for n in range(count)]


# --------------------------------------------------------------------------- verdicts

def our_errors(site: Any, name: str, text: str) -> list[int]:
    """The lines of the errors mdxsite reports for a page (``[]``: it renders)."""
    try:
        _, body, offset = frontmatter.split(text, name)
        ctx = Context(site, name, offset, "guides/setup", stack=(name,))
        render_mdx(body, ctx)
    except MdxsiteError as exc:
        return [p.where.line or 0 for p in exc.problems]
    return [p.where.line or 0 for p in ctx.errors]


def verdicts(site: Any, oracle: Any, pages: list[tuple[str, str]],
             trees: Any = None) -> dict[str, list[str]]:
    """Compare acceptance (and, with the ``trees`` module, the trees of pages both accept)."""
    from mdxsite.mdx.tree import page_tree

    found: dict[str, list[str]] = {"both_ok": [], "both_reject": [], "we_reject": [],
                                   "we_accept": [], "other_line": [], "same_tree": [],
                                   "other_tree": []}
    answers = oracle.mdx_many([text for _, text in pages], tree=trees is not None)
    for (name, text), answer in zip(pages, answers):
        ours = our_errors(site, name, text)
        if answer["ok"]:
            found["we_reject" if ours else "both_ok"].append(f"{name}: line {ours[:1]}")
            if trees is not None and not ours:
                mine, theirs = trees.normal(page_tree(text, name)), trees.normal(answer["tree"])
                if mine == theirs:
                    found["same_tree"].append(name)
                else:
                    found["other_tree"].append(f"{name}: {trees.first_difference(mine, theirs)}")
        elif not ours:
            found["we_accept"].append(f"{name}: {answer['message']} at {answer['line']}")
        else:
            found["both_reject"].append(name)
            # the parser's place, or one its message names ("... for `<br>` (37:5-37:9)")
            named = {answer["line"], *map(int, re.findall(r"\((\d+):\d+", str(answer["message"])))}
            if answer["line"] and not named & set(ours):
                found["other_line"].append(f"{name}: we say {ours}; {answer['message']} at {answer['line']}")
    return found
