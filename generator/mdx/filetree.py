"""The Markdown-list form of ``<Tree>`` and ``<FileTree>``: a nested list drawn as a file tree.

::

    <Tree>
    - src/
      - **index.ts**
      - utils.ts
    - package.json
    </Tree>

An item with a nested list, or whose name ends in ``/``, is a folder (open, since a listing is
written to be read); any other item is a file. A name in bold is highlighted. The entries are
drawn with the ``Tree.Folder`` and ``Tree.File`` templates, so a site that restyles those
restyles both forms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Entry:
    """One list item: a file, or a folder with its entries."""

    name: str = ""
    highlight: bool = False
    children: list[Entry] = field(default_factory=list)
    folder: bool = False


class _ListReader(HTMLParser):
    """Read the rendered ``<ul>`` of the component's children into entries."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Entry(folder=True)
        self.path: list[Entry] = []     # the items open around the current position
        self.depth = 0                  # <ul>/<ol> nesting
        self.bold = 0
        self.other = False              # text or elements outside any list

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("ul", "ol"):
            if self.path:
                self.path[-1].folder = True
            self.depth += 1
        elif tag == "li" and self.depth:
            item = Entry()
            (self.path[-1] if self.path else self.root).children.append(item)
            self.path.append(item)
        elif tag in ("strong", "b"):
            self.bold += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("ul", "ol"):
            self.depth -= 1
        elif tag == "li" and self.path:
            self.path.pop()
        elif tag in ("strong", "b"):
            self.bold -= 1

    def handle_data(self, data: str) -> None:
        if not self.path:
            self.other = self.other or bool(data.strip())
            return
        item = self.path[-1]
        if item.folder and item.children:  # text after a nested list: not the name
            return
        if data.strip() and self.bold:
            item.highlight = True
        item.name += data


def read_list(children_html: str) -> Entry | None:
    """Return the tree a component's rendered children describe, or None when they are not
    one Markdown list (text around it, or no list at all)."""
    reader = _ListReader()
    reader.feed(children_html)
    reader.close()
    if reader.other or not reader.root.children:
        return None
    _normalise(reader.root)
    return reader.root


def _normalise(entry: Entry) -> None:
    for child in entry.children:
        child.name = " ".join(child.name.split())
        if child.name.endswith("/"):
            child.folder = True
            child.name = child.name.rstrip("/")
        _normalise(child)


def render(entry: Entry, folder: Callable[[Entry, str], str], file: Callable[[Entry], str]) -> str:
    """Draw ``entry``'s children with the two templates' render functions."""
    parts = []
    for child in entry.children:
        if child.folder:
            parts.append(folder(child, render(child, folder, file)))
        else:
            parts.append(file(child))
    return "".join(parts)
