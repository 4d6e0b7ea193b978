"""HTML for schema trees (fields, badges, notes, expandable children).

Written in Python rather than as recursive Jinja macros: a large API page holds hundreds of
fields, and macro calls cost about 1 ms each (Stripe's pages took 0.3 s apiece); string
building here is over ten times faster. The markup uses the theme's field classes (the same
as the ParamField/ResponseField components), so themes restyle it with CSS.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from markupsafe import Markup

from mdxsite.openapi.schema import Field, Node
from mdxsite.output import i18n

Markdown = Callable[[str], str]
# the theme's words in the page's language (mdxsite.output.i18n); None: English
Words = Mapping[str, str] | None
# (component name, "request" or "response") -> URL of the fragment holding its fields
FragmentUrl = Callable[[str, str], str]


def _no_fragments(name: str, mode: str) -> str:
    return ""


def _value(v: Any) -> str:
    text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
    return f"<code>{escape(text)}</code>"


def _type_label(node: Node) -> str:
    if node.recursive:
        return (f'<a class="api-recursive" href="#{escape(node.recursive)}" '
                f'title="recursive: see above">{escape(node.type)}</a> '
                '<span class="api-badge">recursive</span>')
    return escape(node.type)


def _words(words: Words) -> Mapping[str, str]:
    return words if words is not None else i18n.words("en")


def notes(node: Node, md: Markdown, words: Words = None) -> str:
    """The description, allowed values, default, example and constraints of ``node``."""
    t = _words(words)
    out = [str(md(node.description))]
    if node.enum:
        out.append(f'<p class="api-note api-enum">{escape(t["allowed_values"])} '
                   + " ".join(_value(v) for v in node.enum) + "</p>")
    if node.has_default:
        out.append(f'<p class="api-note api-default">{escape(t["default_note"])} '
                   f'{_value(node.default)}</p>')
    if node.has_example:
        out.append(f'<p class="api-note api-example">{escape(t["example_note"])} '
                   f'{_value(node.example)}</p>')
    if node.constraints:
        out.append('<p class="api-note api-constraints">' + "".join(
            f'<span class="api-constraint">{escape(c)}</span>' for c in node.constraints) + "</p>")
    return "\n".join(o for o in out if o)


def field(name: str, node: Node, required: bool, md: Markdown, *, location: str = "",
          deprecated: bool = False, description: str = "", example: Any = None,
          url: FragmentUrl = _no_fragments, link: str = "", words: Words = None) -> str:
    """One field line with its notes and expandable children; ``link`` gives it an id and a
    ``#`` link to itself (parameters: ``param-query-limit``)."""
    t = _words(words)
    own = node.anchor or _anchor(link)
    anchor = f' id="{escape(own)}"' if own else ""
    # x-platform/x-mint pills: "pre" before the name, "post" after the built-in badges
    head = [*(f'<span class="api-badge api-pill">{escape(p)}</span>' for p in node.pre),
            f'<code class="field-name">{escape(name)}</code>']
    if link and own:
        head.insert(0, f'<a class="field-anchor" href="#{escape(own)}" '
                       f'aria-label="{escape(t["link_to"].format(name=name))}">#</a>')
    if node.type:
        head.append(f'<span class="field-type">{_type_label(node)}</span>')
    if location:
        head.append(f'<span class="field-location">{escape(location)}</span>')
    if required:
        head.append(f'<span class="field-required">{escape(t["required"])}</span>')
    for flag, label in ((node.nullable, "nullable"), (node.read_only, "read-only"),
                        (node.write_only, "write-only")):
        if flag:
            head.append(f'<span class="api-badge">{label}</span>')
    head += [f'<span class="api-badge api-pill">{escape(p)}</span>' for p in node.post]
    if deprecated or node.deprecated:
        head.append(f'<span class="field-deprecated">{escape(t["deprecated"])}</span>')
    body = [str(md(description)), notes(node, md, words)]
    if example is not None and not (node.has_example and node.example == example):
        body.append(f'<p class="api-note api-example">{escape(t["example_note"])} '
                    f'{_value(example)}</p>')
    body.append(children(node, md, url, words))
    inner = "\n".join(b for b in body if b)
    return (f'<div class="field api-field"{anchor} data-field="{escape(name)}">\n'
            f'<div class="field-head">{"".join(head)}</div>\n'
            f'<div class="field-body">\n{inner}\n</div>\n</div>\n')


def _anchor(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text).strip("-")


def fields(items: list[Field], md: Markdown, url: FragmentUrl = _no_fragments,
           words: Words = None) -> str:
    return "".join(field(f.name, f.node, f.required, md, url=url, words=words) for f in items)


def _show_children(words: Words) -> str:
    t = _words(words)
    return escape(t["show_named"].format(title=t["child_attributes"]))


def lazy(node: Node, url: FragmentUrl, words: Words = None) -> str:
    """A named schema whose fields load when opened (a plain link to them without scripts)."""
    src = url(node.lazy, node.lazy_mode)
    return (f'<details class="expandable api-children api-lazy" data-src="{escape(src)}">'
            f'<summary>{_show_children(words)}</summary><div class="expandable-body">\n'
            f'<p class="api-note"><a href="{escape(src)}">'
            f'{escape(_words(words)["fields_of"].format(name=node.lazy))}</a></p>'
            "</div></details>")


def content(node: Node, md: Markdown, url: FragmentUrl = _no_fragments,
            words: Words = None) -> str:
    """What an opened schema shows: its fields, then its variants (a fragment's body)."""
    out = [fields(node.properties, md, url, words)]
    if node.variants or node.truncated:
        out.append(children(Node(variants=node.variants, combinator=node.combinator,
                                 discriminator=node.discriminator, mapping=node.mapping,
                                 truncated=node.truncated), md, url, words))
    return "\n".join(o for o in out if o)


def children(node: Node, md: Markdown, url: FragmentUrl = _no_fragments,
             words: Words = None) -> str:
    """Expandable child attributes, then oneOf/anyOf variants, then a truncation note."""
    out = []
    if node.lazy:
        out.append(lazy(node, url, words))
    if node.properties:
        out.append(f'<details class="expandable api-children"><summary>{_show_children(words)}'
                   '</summary><div class="expandable-body">\n'
                   + fields(node.properties, md, url, words) + "</div></details>")
    if node.variants:
        t = _words(words)
        kind = "one_of" if node.combinator == "oneOf" else "any_of"
        if node.discriminator:
            intro = escape(t[kind + "_chosen_by"]).replace(
                "{field}", f"<code>{escape(node.discriminator)}</code>")
        else:
            intro = escape(t[kind])
        parts = [f'<div class="api-variants"><p class="api-note">{intro}</p>']
        if node.mapping:
            parts.append('<p class="api-note api-mapping">' + ", ".join(
                f"<code>{escape(k)}</code> &rarr; {escape(v)}" for k, v in node.mapping) + "</p>")
        for index, v in enumerate(node.variants, start=1):
            anchor = f' id="{escape(v.anchor)}"' if v.anchor else ""
            label = v.title or v.ref or v.type
            summary = escape(label or t["option_number"].format(number=index))
            inner = []
            if v.recursive:
                inner.append(f'<p class="api-note">{_type_label(v)}</p>')
            elif v.type and v.type != label:  # an option named by its type says it once
                inner.append(f'<p class="api-note">{escape(t["type_note"])} <code>{escape(v.type)}</code></p>')
            inner += [notes(v, md, words), fields(v.properties, md, url, words)]
            if v.variants or v.lazy:
                inner.append(children(Node(variants=v.variants, combinator=v.combinator,
                                           discriminator=v.discriminator, mapping=v.mapping,
                                           lazy=v.lazy, lazy_mode=v.lazy_mode), md, url,
                                      words))
            parts.append(f'<details class="expandable api-variant"{anchor}><summary>{summary}'
                         '</summary><div class="expandable-body">\n'
                         + "\n".join(i for i in inner if i) + "\n</div></details>")
        parts.append("</div>")
        out.append("\n".join(parts))
    if node.truncated:
        out.append(f'<p class="api-note api-truncated">{escape(_words(words)["nested_too_deep"])}</p>')
    return "\n".join(out)


def root(node: Node, md: Markdown, url: FragmentUrl = _no_fragments, words: Words = None) -> str:
    """A schema at the top of a section (a body, a response): its fields listed directly."""
    anchor = f' id="{escape(node.anchor)}"' if node.anchor else ""
    badge = ' <span class="api-badge">nullable</span>' if node.nullable else ""
    out = [f'<div class="api-schema"{anchor}>',
           f'<p class="api-schema-type"><span class="field-type">{_type_label(node)}</span>'
           f"{badge}</p>", notes(node, md, words), content(node, md, url, words)]
    if node.lazy:
        out.append(lazy(node, url, words))
    out.append("</div>")
    return "\n".join(o for o in out if o)


def helpers(md: Markdown, url: FragmentUrl = _no_fragments,
            words: Words = None) -> dict[str, Callable[..., Markup]]:
    """Template globals: ``schema_root(node)``, ``schema_field(name, node, ...)`` and friends,
    their labels in ``words`` (English without)."""
    return {
        "schema_root": lambda node: Markup(root(node, md, url, words)),
        "schema_field": lambda name, node, required=False, **kw: Markup(
            field(name, node, required, md, url=url, words=words, **kw)),
        "schema_fields": lambda items: Markup(fields(items, md, url, words)),
        "schema_children": lambda node: Markup(children(node, md, url, words)),
        "schema_notes": lambda node: Markup(notes(node, md, words)),
        "schema_type": lambda node: Markup(_type_label(node)),
    }
