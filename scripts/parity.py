"""A longer run of the MDX acceptance parity generator than the test suite's 2,000 pages.

    .venv/bin/python scripts/parity.py --pages 20000 --docs 20000 --seed 7

Needs the oracle's npm packages (``make oracle-deps``). Prints how many generated pages both
parsers accept, both reject, where they disagree, and on how many accepted pages the trees
agree (with the first few disagreements), and exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20_000, help="how many pages to generate")
    parser.add_argument("--docs", type=int, default=0,
                        help="also compare this many docs.json mutations with the validator")
    parser.add_argument("--seed", type=int, default=7, help="the generator's seed (the suite uses 14)")
    args = parser.parse_args()

    from mdxsite import pipeline, plugin_manager

    generate = load("mdx_parity_generate", REPO / "tests" / "parity" / "generate.py")
    trees = load("mdx_parity_trees", REPO / "tests" / "parity" / "trees.py")
    oracle = load("mdxsite_oracle_client", REPO / "tests" / "oracle" / "client.py").Oracle()
    site = pipeline.prepare(REPO / "tests" / "golden" / "mdx" / "site", plugin_manager.create())
    started = time.perf_counter()
    pages = [(f"seed-{seed}", text) for seed, text in generate.pages(args.pages, args.seed)]
    found = generate.verdicts(site, oracle, pages, trees)
    seconds = time.perf_counter() - started
    agree = len(found["both_ok"]) + len(found["both_reject"]) - len(found["other_line"])
    print(f"{args.pages} pages (seed {args.seed}) in {seconds:.1f} s: "
          f"{len(found['both_ok'])} both accept, {len(found['both_reject'])} both reject; "
          f"agreement {100 * agree / max(1, args.pages):.2f}%; trees agree on "
          f"{len(found['same_tree'])}/{len(found['same_tree']) + len(found['other_tree'])}")
    for kind in ("we_reject", "we_accept", "other_line", "other_tree"):
        print(f"  {kind}: {len(found[kind])}")
        for line in found[kind][:5]:
            print(f"    {line}")
    failed = agree != args.pages or bool(found["other_tree"])
    if args.docs:
        mutations = load("docs_parity_mutations", REPO / "tests" / "parity" / "docs_mutations.py")
        started = time.perf_counter()
        counts, unexplained = mutations.compare(oracle, REPO.parent / "shared" / "corpus",
                                                args.docs, args.seed)
        print(f"{args.docs} docs.json mutations (seed {args.seed}) in "
              f"{time.perf_counter() - started:.1f} s: {dict(sorted(counts.items()))}; "
              f"outside the known differences: {len(unexplained)}")
        for line in unexplained[:5]:
            print(f"    {line}")
        failed = failed or bool(unexplained)
    oracle.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
