"""Page thumbnails: the social image (``og:image``) of each page, drawn at build time with Pillow.

The platform draws one per page from docs.json ``thumbnails``: the page's title and
description and the site's name over a background in the site's colours, light or dark
(``appearance``), or over ``background``, an image in the site. mdxsite does the same when
``thumbnails`` is set, as a 1200×630 PNG at ``/_mdxsite/thumbnails/<page>.png``, unless the
page (or ``seo.metatags``) names its own ``og:image``. ``fonts.family`` names a Google Font,
which a build cannot download: the image uses the font Pillow ships (said once by validation).
A page's ``thumbnail`` frontmatter overrides ``appearance`` and ``background``; the platform's
``preset``, ``surface`` and ``eyebrow`` layouts are not drawn, which validation says where
they are written (docs.json, a navigation section, a page).
"""

from __future__ import annotations

import hashlib
import io
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from mdxsite.model import Page, Site

SIZE = (1200, 630)
FOLDER = "_mdxsite/thumbnails"
_SCHEME = {"light": ("#FFFFFF", "#0F172A", "#475569"), "dark": ("#0B0F17", "#F8FAFC", "#94A3B8")}


@dataclass(frozen=True, slots=True)
class Card:
    """What one thumbnail shows: everything its pixels depend on (its cache key)."""

    title: str
    description: str
    site_name: str
    appearance: str      # "light" or "dark"
    primary: str         # the site's primary colour, a hex string
    background: bytes    # the background image's bytes (b"" for the plain colour)

    def digest(self) -> str:
        h = hashlib.blake2b(digest_size=16)
        for part in (self.title, self.description, self.site_name, self.appearance, self.primary):
            h.update(part.encode("utf-8") + b"\0")
        h.update(self.background)
        return h.hexdigest()


def enabled(site: Site) -> bool:
    """Whether docs.json asks for generated thumbnails."""
    return isinstance(site.config.get("thumbnails"), Mapping)


def path_of(page: Page) -> str:
    """Return the site path of a page's thumbnail (``/_mdxsite/thumbnails/guides/x.png``)."""
    return f"/{FOLDER}/{page.key}.png"


def own_image(site: Site, page: Page) -> bool:
    """Whether the page already has a social image (its frontmatter or ``seo.metatags``)."""
    if isinstance(page.frontmatter.get("og:image"), str):
        return True
    metatags = site.config.get("seo.metatags")
    return isinstance(metatags, Mapping) and isinstance(metatags.get("og:image"), str)


def card(site: Site, page: Page) -> Card:
    """Return what ``page``'s thumbnail shows, from docs.json ``thumbnails`` and ``colors``.

    A page's ``thumbnail`` frontmatter overrides ``appearance`` and ``background`` key by key
    (``background: ""`` removes the site's image); an invalid value falls back to the site's,
    as the platform resolves its layers."""
    settings = site.config.get("thumbnails")
    settings = settings if isinstance(settings, Mapping) else {}
    own = page.frontmatter.get("thumbnail")
    own = own if isinstance(own, Mapping) else {}
    appearance = own.get("appearance") if own.get("appearance") in _SCHEME else \
        settings.get("appearance") if settings.get("appearance") in _SCHEME else "light"
    primary = site.config.get("colors.primary")
    background = b""
    source = own["background"] if isinstance(own.get("background"), str) else \
        settings.get("background")
    if isinstance(source, str) and source and not source.startswith(("http://", "https://")):
        file = site.root / source.lstrip("/")
        if file.is_file():
            background = file.read_bytes()
    description = page.frontmatter.get("description")
    return Card(title=page.title, description=description if isinstance(description, str) else "",
                site_name=str(site.config.get("name") or ""), appearance=str(appearance),
                primary=primary if isinstance(primary, str) else "#16A34A", background=background)


def draw(c: Card) -> bytes:
    """Return the PNG of a thumbnail."""
    from PIL import Image, ImageDraw, ImageFont  # imported only by a build that draws them

    bg, fg, soft = _SCHEME[c.appearance]
    image = Image.new("RGB", SIZE, bg)
    if c.background:
        try:
            with Image.open(io.BytesIO(c.background)) as found:
                picture = found.convert("RGB")
            scale = max(SIZE[0] / picture.width, SIZE[1] / picture.height)
            picture = picture.resize((round(picture.width * scale), round(picture.height * scale)))
            left, top = (picture.width - SIZE[0]) // 2, (picture.height - SIZE[1]) // 2
            image.paste(picture.crop((left, top, left + SIZE[0], top + SIZE[1])))
        except (OSError, ValueError):  # not an image Pillow reads: the plain colour stays
            pass
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, SIZE[0], 12), fill=c.primary)
    pen.text((80, 80), c.site_name, font=ImageFont.load_default(size=36), fill=c.primary)
    y = 200
    for line in textwrap.wrap(c.title, 28)[:3]:
        pen.text((80, y), line, font=ImageFont.load_default(size=72), fill=fg)
        y += 88
    for line in textwrap.wrap(c.description, 60)[:3]:
        pen.text((80, y + 16), line, font=ImageFont.load_default(size=32), fill=soft)
        y += 44
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def write(site: Site, pages: list[Page], out_dir: Path, cache: Path | None) -> int:
    """Draw the thumbnail of each page into ``out_dir``; return how many were drawn (not
    taken from ``cache``, a folder keeping earlier builds' images by what they show)."""
    drawn = 0
    for page in pages:
        c = card(site, page)
        key = c.digest()
        cached = cache / f"{key}.png" if cache is not None else None
        if cached is not None and cached.is_file():
            data = cached.read_bytes()
        else:
            data = draw(c)
            drawn += 1
            if cached is not None:
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.write_bytes(data)
        target = out_dir / path_of(page).lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return drawn
