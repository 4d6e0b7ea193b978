"""A distribution's name and version read from its metadata file's head, as importlib.metadata
gives them."""

from __future__ import annotations

from importlib.metadata import PathDistribution
from pathlib import Path

import pytest

from mdxsite import plugin_manager

README = "Long description\n\nName: not-this\nVersion: 9\n"
METADATA = [
    "Metadata-Version: 2.1\nName: simple\nVersion: 1.0\n\n" + README,
    "Metadata-Version: 2.1\nname: lower\nversion: 2.0 \nSummary: x\n",   # any case, a blank kept
    "Metadata-Version: 2.1\nName: folded\n  on\nVersion: 3\n\n",          # a folded value
    "Metadata-Version: 2.1\r\nName: crlf\r\nVersion: 4\r\n\r\n",
    "Metadata-Version: 2.1\nSummary: no name\n\nName: body\n",
    "Metadata-Version: 2.1\nName: first\nName: second\nVersion: 5\n",
    "Metadata-Version: 2.1\nName:\tspaced-by-tab\nVersion:6\n",
    "Metadata-Version: 2.1\nnot a header\nName: broken\nVersion: 7\n",
    "Name: only\nDescription: a\n  long\n  one\nVersion: 8\n",
]


@pytest.mark.parametrize("text", METADATA)
def test_name_and_version_are_what_importlib_metadata_says(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "x-1.0.dist-info"
    folder.mkdir()
    (folder / "METADATA").write_bytes(text.encode())
    dist = PathDistribution(folder)
    assert plugin_manager.name_and_version(dist) == (dist.metadata["Name"], dist.version)


def test_an_egg_info_is_read_from_its_pkg_info(tmp_path: Path) -> None:
    folder = tmp_path / "x.egg-info"
    folder.mkdir()
    (folder / "PKG-INFO").write_text("Metadata-Version: 1.0\nName: egg\nVersion: 0.1\n")
    dist = PathDistribution(folder)
    assert plugin_manager.name_and_version(dist) == ("egg", "0.1")
