"""The wheel: one import namespace (mdxsite), themes and entry points inside, nothing generic."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([*PIP, "wheel", "--no-deps", "--no-build-isolation", "-w", str(out), str(REPO)],
                   check=True, capture_output=True, text=True, timeout=300)
    return next(out.glob("mdxsite-*.whl"))


def test_every_entry_is_under_mdxsite_or_its_dist_info(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/", 1)[0] for n in names}
    assert tops == {"mdxsite", next(t for t in tops if t.endswith(".dist-info"))}
    assert "mdxsite/themes/base/theme.json" in names
    assert "mdxsite/themes/base/templates/page.html" in names
    assert "mdxsite/themes/THEMES.json" in names
    for theme in ("mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma"):
        assert f"mdxsite/themes/{theme}/theme.json" in names, theme       # each platform theme's
        assert f"mdxsite/themes/{theme}/static/{theme}.css" in names, theme  # package ships whole
    assert "mdxsite/plugins/navigation.py" in names
    assert "mdxsite/py.typed" in names
    assert not [n for n in names if n.endswith(".pyc") or "__pycache__" in n]


def test_entry_points_register_the_builtins_and_the_commands(wheel: Path) -> None:
    zf = zipfile.ZipFile(wheel)
    eps = zf.read(next(n for n in zf.namelist() if n.endswith("entry_points.txt"))).decode()
    assert "[mdxsite.plugins]" in eps and "navigation = mdxsite.plugins.navigation" in eps
    assert "mdxsite = mdxsite.cli:main" in eps
    assert "mdxsite-scraping = mdxsite.cli:scraping_main" in eps


@pytest.mark.slow
def test_pip_install_into_an_empty_venv(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    # no byte-compiling of mdxsite and its dependencies: pip never fails on it, the imports and
    # the build below compile what they run, and it was a quarter of this test (97 -> 73 s)
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "--no-compile", str(wheel)], check=True, capture_output=True, text=True,
                   timeout=600)
    ok = subprocess.run([str(py), "-c", "import mdxsite, mdxsite.plugins, mdxsite.themes; print('ok')"],
                        cwd=tmp_path, capture_output=True, text=True)
    assert ok.stdout.strip() == "ok", ok.stderr
    bare = subprocess.run([str(py), "-c", "import plugins"], cwd=tmp_path, capture_output=True,
                          text=True)
    assert bare.returncode != 0 and "No module named 'plugins'" in bare.stderr
    site = next((env_dir / "lib").glob("python*/site-packages"))
    assert not {"plugins", "generator", "themes"} & {p.name for p in site.iterdir()}
    built = subprocess.run([str(env_dir / "bin" / "mdxsite"), "build",
                            str(REPO / "tests" / "fixtures" / "sites" / "tabs"), "-o",
                            str(tmp_path / "out")], capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "api" / "intro" / "index.html").is_file()
