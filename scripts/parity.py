"""A longer run of the MDX acceptance parity generator than the test suite's 2,000 pages.

    .venv/bin/python scripts/parity.py --pages 20000 --docs 20000 --seed 7

Needs the oracle's npm packages (``make oracle-deps``). Prints how many generated pages both
parsers accept, both reject, where they disagree, and on how many accepted pages the trees
agree (with the first few disagreements), and exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20_000, help="how many pages to generate")
    parser.add_argument("--docs", type=int, default=0,
                        help="also compare this many docs.json mutations with the validator")
    parser.add_argument("--seed", type=int, default=7, help="the generator's seed (the suite uses 14)")
    args = parser.parse_args()

    from mdxsite import pipeline, plugin_manager

    # the test suite's own helpers, as plain modules
    sys.path[:0] = [str(REPO / "tests" / "parity"), str(REPO / "tests" / "oracle")]
    import client
    import docs_mutations
    import generate
    import trees

    oracle = client.Oracle()
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
        started = time.perf_counter()
        counts, unexplained = docs_mutations.compare(oracle, REPO.parent / "shared" / "corpus",
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
