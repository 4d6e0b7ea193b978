"""Seeded MDX pages built from the shapes real sites use, for the acceptance parity test.

Each page mixes paragraphs (with code spans that cross line breaks and ``<word>`` text in
them, inline components, void elements with closing tags), lists nested at varied
indentation with components and fences inside their items, components whose bodies and
closing tags are indented differently, lazy-line tags right after paragraph text, raw HTML
blocks with blank lines and Markdown between, tables and headings. It also writes the rest
of what the platform's parser reads: components inside block quotes and table cells,
attribute expressions holding braces, quotes and ``>`` in strings and template literals,
tags whose attributes span lines, MDX comments, emphasis around inline components, fences at
odd indentation inside components, headings with ``{#custom-id}``, ``export const`` values
and imported snippets used in props, math, footnotes and GFM (strikethrough, task lists,
autolink literals, link references), and the mistakes MDX fails a page on (a ``<`` ending a
paragraph, a ``{`` never closed). The same seed always gives the same page. :func:`verdicts`
compares mdxsite's verdict on pages with the oracle's.
"""

from __future__ import annotations

import random
import re
from typing import Any

from mdxsite.errors import MdxsiteError
from mdxsite.mdx import frontmatter
from mdxsite.mdx.render import Context, render_mdx

# a heading's {#custom-id}: the platform takes it off before it compiles (its "Format text"
# page); its MDX compiler alone, the oracle, would read the braces as an expression
CUSTOM_ID = re.compile(r"^( {0,3}#{1,6} .*?)[ \t]*\{#[^}]*\}[ \t]*(\r?)$", re.M)

WORDS = ("alpha beta gamma delta token request user value config deploy cache index "
         "café naïve 日本語 Ünïcode").split()
CONTAINERS = ["Note", "Tip", "Warning", "Info", "Check", "Accordion", "Card", "Frame", "Expandable"]
# attribute values as pages write them: braces, quotes and '>' inside strings, template
# literals and nested objects, which end neither the expression nor the tag
ATTRIBUTES = ['title="a > b"', "title='say \"hi\" }'", 'title={"}"}', 'title={`x > ${"}"} y`}',
              "data={{a: {b: [1, 2]}, c: '>'}}", "cols={2}", "open", 'href="/x?a=1&b={2}"',
              "{...rest}", 'aria-label="x"', "items={['a', `b${1}`]}",
              "title={/* a } comment */ 'x'}"]
# a quoted value going on over indented lines (a tag's own lines: see tag_lines)
LONG_VALUE = ['description="one', "    two", '\tthree"']
# what a page's top defines (a snippet of the golden site's, an exported value) and the
# components whose props use it
STATEMENTS = [("import Greeting from '/snippets/greeting.mdx';",
               '<Greeting name="Ada" product={"Acme"} />'),
              ("import { plan } from '/snippets/vars.mdx';", "<Card title={plan.name}>x</Card>"),
              ("export const cfg = { cols: 2, items: ['a', 'b>c'], deep: { x: `y}` } };",
               "<CardGroup cols={cfg.cols}>\n  <Card title={cfg.items[1]}>A</Card>\n</CardGroup>"),
              ("export const names = [\"x\", \"y\"];", "<Tooltip tip={names[0]}>t</Tooltip> text"),
              # comments holding what would open a string or a bracket anywhere else
              ("export const plans = [\n  \"free\", // doesn't include SSO {\n"
               "  \"pro\", /* it's ] here */\n];", "<Tooltip tip={plans[1]}>t</Tooltip> text"),
              ("export const pick = (s) => {\n  // } a brace, and an apostrophe: don't\n"
               "  return s;\n};", "<Card title={pick('x')}>x</Card>"),
              ("import { plan as tier } from '/snippets/vars.mdx' /* it's the plan */",
               "<Card title={tier.name}>x</Card>")]


class PageGenerator:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.uses: list[str] = []

    def words(self, low: int = 2, high: int = 7) -> str:
        return " ".join(self.r.choice(WORDS) for _ in range(self.r.randint(low, high)))

    def inline(self) -> str:
        r = self.r
        kind = r.randrange(18)
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
        if kind == 8:  # emphasis around an inline component, or inside one
            return r.choice([f'*{r.choice(WORDS)} <Icon icon="x" /> {r.choice(WORDS)}*',
                             f'**<Tooltip tip="t">{r.choice(WORDS)}</Tooltip>**',
                             f"_<Badge>{r.choice(WORDS)}</Badge>_",
                             f"<Badge>*{r.choice(WORDS)}* `c`</Badge>"])
        if kind == 9:  # GFM: strikethrough, autolink literals
            return r.choice([f"~~{self.words(1, 2)}~~", f"~{r.choice(WORDS)}~",
                             "https://example.com/a?b=1", "www.example.com", "x@example.com"])
        if kind == 10:  # math (never a price: "$5 and $10" stays off the page)
            return r.choice(["$x^2$", "$a_{i} + b$", "$$E = mc^2$$"])
        if kind == 11:
            return f"[^{r.choice(['1', 'note'])}]"
        if kind == 12:  # expressions holding braces and strings
            return r.choice(["{{a: 1}.a}", '{`t ${"}"}`}', "{'}'}", "{[1, 2].length}"])
        if kind == 13:
            return r.choice(['<Badge {...props}>b</Badge>',
                             f'<Tooltip {r.choice(ATTRIBUTES)}>{r.choice(WORDS)}</Tooltip>'])
        if kind == 14:
            return f"[{r.choice(WORDS)}][ref]"
        return self.words()

    def paragraph(self) -> list[str]:
        text = " ".join(self.inline() for _ in range(self.r.randint(1, 4))).strip()
        roll = self.r.random()
        if roll < .01:
            text += " <"  # '<' ending a paragraph: MDX expects a tag name there
        elif roll < .012:
            text += " {" + self.r.choice(WORDS)  # an expression never closed
        elif roll < .03:
            text += " < " + self.r.choice(WORDS)  # '<' and a space: text
        return text.split("\n")

    def fence(self) -> list[str]:
        lang = self.r.choice(["bash", "js", "python", "json", "", "ts title.ts"])
        body = [f"const {w} = <{w}>;" if self.r.random() < .3 else w for w in WORDS[:self.r.randint(1, 3)]]
        return ["```" + lang, *body, "```"]

    def table(self) -> list[str]:
        r = self.r
        cells = [r.choice(WORDS), "`x`", '<Icon icon="x" />', f'<Tooltip tip="t">{r.choice(WORDS)}</Tooltip>',
                 "a \\| b", "`c \\| d`", "~~old~~", "**b** *i*", "{1 + 1}", "$x$",
                 f"<Badge>{r.choice(WORDS)}</Badge>", "<br />", ""]
        rows = [f"| {r.choice(cells)} | {r.choice(cells)} |" + (f" {r.choice(cells)} |" if r.random() < .2 else "")
                for _ in range(r.randint(1, 3))]
        return ["| a | b |", r.choice(["|---|---|", "|:--|--:|", "| :-: | --- |"]), *rows]

    def quote(self, depth: int) -> list[str]:
        """A block quote: every line prefixed, or a lazy line left bare, around components,
        lists and fences."""
        inner = self.blocks(depth + 1, self.r.randint(1, 2), allow_lazy=False)
        prefix = self.r.choice(["> ", ">"])
        return [(prefix + line).rstrip() if line.strip() else ">" for line in inner]

    def tag_lines(self, depth: int) -> list[str]:
        """A component whose attributes span lines (a blank line among them at times)."""
        r = self.r
        name = r.choice(["Card", "Accordion", "Tooltip", "Expandable"])
        attrs = [f"  {r.choice(ATTRIBUTES)}" for _ in range(r.randint(1, 3))]
        if r.random() < .2:
            attrs.insert(1, "")
        if r.random() < .2:
            attrs[-1:-1] = LONG_VALUE
        if r.random() < .3:
            return [f"<{name}", *attrs, "/>"]
        body = self.blocks(depth + 1, 1, allow_lazy=False)
        return [f"<{name}", *attrs, ">", *body, f"</{name}>"]

    def math(self) -> list[str]:
        return self.r.choice([["$$", "\\frac{a}{b} = c", "$$"], ["$$", "x^2", "", "y", "$$"],
                              ["$$x = 1$$"]])

    def tasks(self) -> list[str]:
        return [f"- [{self.r.choice([' ', 'x'])}] {self.words()}" for _ in range(self.r.randint(1, 3))]

    def comment(self) -> list[str]:
        return self.r.choice([["{/* a comment */}"], ["{/*", "  a comment across lines", "*/}"],
                              ["<!-- an HTML comment -->"] if self.r.random() < .1 else ["{/**/}"],
                              ["{", "  // a { brace, and an apostrophe: it's", "  'x'", "}"]])

    def html(self, depth: int) -> list[str]:
        tag = self.r.choice(["div", "section", "span"])
        inner = self.blocks(depth + 1, self.r.randint(1, 2))
        return [f'<{tag} className="{self.r.choice(WORDS)}">', "", *inner, "", f"</{tag}>"]

    def component(self, depth: int) -> list[str]:
        r = self.r
        name = r.choice(CONTAINERS)
        attrs = f' title="{r.choice(WORDS)}"' if name in ("Accordion", "Card", "Expandable") else ""
        if r.random() < .3:
            attrs += " " + r.choice(ATTRIBUTES)
        body_indent = r.choice([0, 0, 2, 4, 6, 1, 3])
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
            choices = [self.paragraph, self.paragraph, self.fence, self.table, self.math,
                       self.tasks, self.comment]
            if depth < 3:
                choices += [lambda: self.component(depth), lambda: self.listing(depth),
                            lambda: self.html(depth), lambda: self.steps(depth),
                            lambda: self.quote(depth), lambda: self.tag_lines(depth)]
                if allow_lazy:
                    choices.append(lambda: self.lazy_tag(depth))
            if depth == 0:
                choices.append(lambda: [f"## {self.words(1, 3)}"])
                choices.append(lambda: [f"### {self.words(1, 2)} {{#{self.r.choice(WORDS[:8])}-id}}"])
            out += self.r.choice(choices)()
            out.append("")
        return out[:-1]

    def page(self) -> str:
        r = self.r
        top: list[str] = []
        for statement, use in r.sample(STATEMENTS, r.choice([0, 0, 0, 1, 2])):
            top += [statement, ""]
            self.uses.append(use)
        parts = [self.blocks(0, 1) for _ in range(r.randint(2, 6))]
        for use in self.uses:
            parts.insert(r.randrange(len(parts) + 1), use.split("\n"))
        body = [line for part in parts for line in [*part, ""]][:-1]
        notes = [f"[^{n}]: {self.words()}" for n in ("1", "note")] if r.random() < .3 else []
        refs = ["[ref]: https://example.com/ref"] if r.random() < .5 else []
        tail = [""] + notes + refs if notes or refs else []
        text = "\n".join(top + body + tail) + "\n"
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
    answers = oracle.mdx_many([CUSTOM_ID.sub(r"\1\2", text) for _, text in pages],
                              tree=trees is not None)
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
