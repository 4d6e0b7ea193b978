"""Audiences: the platform's tag on a navigation group (``"audience"``) or a page
(frontmatter ``audience``) naming the readers who see it.

On the platform a reader's audience comes from their sign-in; a reader in none of the site's
audiences, and every visitor who is not signed in, is in the reserved ``default`` audience and
sees only untagged pages and pages tagged ``default``; the others are built and open by URL but
left out of the navigation, search, the assistant, the sitemap and the llms files. A static
site has no sign-in, so every reader is such a visitor: mdxsite applies that rule.
"""

from __future__ import annotations

DEFAULT = "default"


def names(value: object) -> tuple[str, ...] | None:
    """Return the audience names ``value`` gives (a name or a list of names), None when it is
    neither."""
    if isinstance(value, str) and value.strip():
        return (value.strip(),)
    if isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
        return tuple(v.strip() for v in value)
    return None


def for_visitors(value: object) -> bool:
    """True when readers who are not signed in see what ``value`` tags (no tag, a tag that is
    not a name or list of names, or one naming ``default``)."""
    found = names(value)
    return found is None or DEFAULT in found


def spoken(value: object) -> str:
    """Return the audience names of ``value`` as a message says them: ``'internal' or 'beta'``."""
    return " or ".join(repr(n) for n in names(value) or ())
