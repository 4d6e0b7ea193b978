"""Frontmatter the platform honours only for signed-in readers: a static build says, at the
page's own line, that the page stays public."""

from __future__ import annotations

from pathlib import Path


def test_frontmatter_groups_is_a_located_warning(cli, make_site, tmp_path: Path) -> None:
    pages = {"open": "---\ntitle: Open\n---\n\nFor all.\n",
             "staff": "---\ntitle: Staff\ndescription: Inside\ngroups: [\"admin\", \"ops\"]\n---\n\nSecret.\n"}
    root = make_site({"name": "G", "navigation": {"pages": ["open", "staff"]}}, pages=pages)
    result = cli("build", root, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    lines = [ln for ln in result.stderr.splitlines() if "[page.unsupported-auth]" in ln]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("staff.mdx:4:9: warning: groups keeps a page to signed-in readers")
    assert "this page is public" in lines[0]
    assert (tmp_path / "out" / "staff" / "index.html").is_file()  # still built, as the warning says


def test_a_pages_thumbnail_overrides_appearance_and_background(cli, make_site,
                                                               tmp_path: Path) -> None:
    """The platform resolves a page's ``thumbnail`` frontmatter before docs.json thumbnails,
    key by key: appearance and background are drawn; its layouts (preset, surface, eyebrow),
    and a navigation section's override, are warned where they are written."""
    from PIL import Image

    pages = {"plain": "---\ntitle: Plain\n---\n\nx\n",
             "night": "---\ntitle: Night\nthumbnail:\n  appearance: dark\n  preset: minimal\n---\n\nx\n",
             "odd": "---\ntitle: Odd\nthumbnail:\n  appearance: purple\n---\n\nx\n"}
    docs = {"name": "T", "colors": {"primary": "#7C3AED"},
            "thumbnails": {"appearance": "light", "surface": "neutral"},
            "navigation": {"groups": [{"group": "G", "thumbnail": {"preset": "classic"},
                                       "pages": ["plain", "night", "odd"]}]}}
    out = tmp_path / "out"
    result = cli("build", make_site(docs, pages=pages), "-o", out)
    assert result.exit_code == 0, result.stderr

    def corner(key: str) -> tuple[int, ...]:
        with Image.open(out / "_mdxsite" / "thumbnails" / f"{key}.png") as image:
            return tuple(image.getpixel((1190, 620)))

    assert corner("plain") == (255, 255, 255)
    assert corner("night") == (11, 15, 23)   # the page's own appearance
    assert corner("odd") == (255, 255, 255)  # invalid: the site's
    log = result.stderr
    assert "warning: thumbnails.surface: not drawn" in log
    assert "navigation.groups[0].thumbnail: a navigation section's thumbnail override is not " \
           "drawn" in log
    assert "night.mdx:3:11: warning: thumbnail: preset is not drawn" in log
    assert "odd.mdx" not in log
    # without docs.json thumbnails no page gets one, and a page asking for one hears why
    bare = make_site({"name": "B", "navigation": {"pages": ["night"]}},
                     pages={"night": pages["night"]})
    result = cli("build", bare, "-o", tmp_path / "bare")
    assert "night.mdx:3:11: warning: thumbnail: docs.json has no thumbnails" in result.stderr
