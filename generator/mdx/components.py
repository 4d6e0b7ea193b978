"""The built-in MDX component set: the platform's components, each with its own template.

The built-in ``mdx`` plugin contributes them through ``mdxsite_components``, the hook any
plugin uses to add one. Overriding a component's template (``components/note.html`` in the
site's ``_templates/`` or a plugin's template folder) changes that component alone.
"""

from __future__ import annotations

from mdxsite.model import Component

# callouts share one look (components/callout.html) and differ by ``kind``
CALLOUTS = {"Note": "note", "Tip": "tip", "Warning": "warning", "Info": "info",
            "Check": "check", "Danger": "danger", "Callout": "callout"}
# text-level components: no line break follows them
_INLINE = frozenset({"Icon", "Tooltip", "Badge", "Color"})
_NAMES = (
    "Note Tip Warning Info Check Danger Callout Card CardGroup Columns Tabs Tab CodeGroup "
    "Accordion AccordionGroup Steps Step Frame Icon Tooltip Badge Tile Tree Tree.Folder Tree.File "
    "Panel Update Expandable ParamField ResponseField RequestExample ResponseExample Mermaid "
    "Latex Color Color.Item Color.Row View Banner Snippet Link").split()


def template_for(name: str) -> str:
    """Return the template file of a component name: ``Tree.Folder`` -> ``components/tree-folder.html``."""
    return f"components/{name.lower().replace('.', '-')}.html"


BUILTIN: tuple[Component, ...] = tuple(
    Component(name, template_for(name), inline=name in _INLINE) for name in _NAMES)
