"""Pages' own React components, run in the reader's browser as on the platform.

``export const Counter = () => { const [n, setN] = useState(0); … }`` in a page, or a
component imported from a ``.jsx`` snippet, is JavaScript mdxsite cannot draw at build time.
Each use becomes an *island*: ``<div data-island="Counter" data-props="{…}">`` holding a static
fallback (the children as written), and the page links one script that esbuild compiled at
build time from the page's exports and imports, with Preact standing in for React (hooks
included). Both come from npm (``make theme-deps``); without them the fallback stays and the
build says how to get them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import mdxsite

FOLDER = "_mdxsite/islands"
SCRIPT_SUFFIXES = (".jsx", ".tsx", ".js", ".ts")
# React's names a page's components use without importing them (the platform provides them)
_GLOBALS = ("useState", "useEffect", "useRef", "useMemo", "useCallback", "useReducer",
            "useContext", "createContext", "useLayoutEffect", "Fragment")
_MOUNT = """
import { h as __h, render as __render } from "preact";
const __components = { %s };
for (const el of document.querySelectorAll("[data-island]")) {
  const Component = __components[el.getAttribute("data-island")];
  if (!Component) continue;
  const props = JSON.parse(el.getAttribute("data-props") || "{}");
  const html = el.innerHTML;
  if (html.trim()) props.children = __h("div", { dangerouslySetInnerHTML: { __html: html } });
  el.textContent = "";
  try {
    __render(__h(Component, props), el);
  } catch (error) {  // this one keeps its fallback; the page's other components still run
    console.error(error);
    el.innerHTML = html;
    continue;
  }
  el.setAttribute("data-hydrated", "");
}
"""


class CompileError(Exception):
    """esbuild rejected a page's components; the message is its first error."""


def theme_deps() -> Path:
    """The folder holding ``node_modules`` (``MDXSITE_THEME_DEPS``, or the checkout's)."""
    folder = os.environ.get("MDXSITE_THEME_DEPS")
    return Path(folder) if folder else \
        Path(mdxsite.__file__).resolve().parent.parent / "theme-deps"


@lru_cache(maxsize=1)
def toolchain() -> Path | None:
    """Return esbuild's binary when esbuild and Preact are installed, else None."""
    modules = theme_deps() / "node_modules"
    esbuild = modules / ".bin" / "esbuild"
    if esbuild.is_file() and (modules / "preact" / "package.json").is_file():
        return esbuild
    return None


def script_path(js: str) -> str:
    """The output path of a page's island script, named by its content."""
    return f"{FOLDER}/{hashlib.sha256(js.encode()).hexdigest()[:16]}.js"


def props_json(props: dict[str, Any]) -> str:
    """The props an island is drawn with, as JSON (values JSON cannot hold become text)."""
    return json.dumps({k: v for k, v in props.items() if k != "children"}, default=str,
                      ensure_ascii=False, separators=(",", ":"))


def _hooks_shim() -> str:
    """A module exporting React's hooks, which esbuild binds wherever a file uses one unbound.

    The platform pre-injects them ("useState … available without importing them") into
    snippet files too, not only into the page: a ``.jsx`` snippet calling ``useState`` has
    no import of it. The page's own code gets them from its prelude already.
    """
    shim = _shim_folder() / "react-hooks.js"
    if not shim.is_file():  # written once; again if a long `mdxsite dev` outlived a /tmp clean-up
        shim.parent.mkdir(parents=True, exist_ok=True)
        shim.write_text(f'export {{ {", ".join(_GLOBALS)} }} from "react";\n', encoding="utf-8")
    return str(shim)


@lru_cache(maxsize=1)
def _shim_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="mdxsite-islands-"))


def compile_page(root: Path, statements: list[str], names: list[str]) -> str:
    """Bundle a page's import/export statements and a mount script for ``names``.

    Args:
        root: the site folder (imports resolve from it).
        statements: the page's import and export statements, imports already pointing at
            site-relative paths (``./snippets/x.jsx``).
        names: the components the page uses as islands.

    Raises:
        CompileError: esbuild's first error (a syntax error in the page's code).
    """
    esbuild = toolchain()
    assert esbuild is not None
    source = "\n".join(s.strip() for s in statements)
    imported = set(re.findall(r"\b(" + "|".join(_GLOBALS) + r")\b", " ".join(
        s for s in statements if s.lstrip().startswith("import"))))
    missing = [g for g in _GLOBALS if g not in imported]
    prelude = f'import {{ {", ".join(missing)} }} from "react";\n' if missing else ""
    entry = prelude + source + _MOUNT % ", ".join(sorted(set(names)))
    env = {**os.environ, "NODE_PATH": str(theme_deps() / "node_modules")}
    result = subprocess.run(
        [str(esbuild), "--bundle", "--format=iife", "--minify", "--loader=jsx",
         f"--inject:{_hooks_shim()}",
         "--jsx=automatic", "--jsx-import-source=preact", "--alias:react=preact/compat",
         "--alias:react-dom=preact/compat", "--log-level=error", "--color=false"],
        input=entry, capture_output=True, text=True, cwd=root, env=env, timeout=60)
    if result.returncode != 0:
        first = next((ln.strip() for ln in result.stderr.splitlines() if ln.strip()), "")
        raise CompileError(first.removeprefix("✘ ").removeprefix("[ERROR] "))
    return result.stdout
