"""Record, then compare, the output bytes of the sample site and of every site in ../shared/corpus.

    .venv/bin/python scripts/output_digest.py record /tmp/before.json
    # ... a change that claims to leave output alone ...
    .venv/bin/python scripts/output_digest.py compare /tmp/before.json

Each site is built from scratch (no cache) into a temporary folder with ``mdxsite build``; the
digest is a SHA-256 per written file, the search index's included (Pagefind's files are named
by their content and come out the same for the same pages). ``compare`` lists every file added,
removed or changed and exits 1 if there is any.

Record the baseline in the same environment as the comparison: a site with
``metadata.timestamp`` and no git history dates its pages by their files' modification times,
so a corpus copied afresh changes those pages.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"



def sites() -> list[Path]:
    found = [REPO / "sample_site"]
    corpus = SHARED / "corpus"
    if corpus.is_dir():
        found += sorted(p.parent for p in corpus.glob("**/docs.json"))
    return found


def site_name(site: Path) -> str:
    return site.relative_to(SHARED / "corpus").as_posix() if site.is_relative_to(SHARED) else site.name


def digest(site: Path) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        subprocess.run(
            [str(REPO / ".venv" / "bin" / "mdxsite"), "build", str(site), "-o", str(out), "--no-cache"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        files = {}
        for path in sorted(out.rglob("*")):
            rel = path.relative_to(out).as_posix()
            if path.is_file():
                files[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["record", "compare"])
    parser.add_argument("file", type=Path, help="the JSON file of digests to write or read")
    args = parser.parse_args()
    now = {site_name(site): digest(site) for site in sites()}
    if args.action == "record":
        args.file.write_text(json.dumps(now, indent=1, sort_keys=True))
        print(f"recorded {sum(map(len, now.values()))} files of {len(now)} sites in {args.file}")
        return 0
    before = json.loads(args.file.read_text())
    differences = 0
    for name in sorted(set(before) | set(now)):
        old, new = before.get(name, {}), now.get(name, {})
        for rel in sorted(set(old) | set(new)):
            if old.get(rel) != new.get(rel):
                state = "added" if rel not in old else "removed" if rel not in new else "changed"
                print(f"{name}/{rel}: {state}")
                differences += 1
    print(f"{differences} files differ across {len(now)} sites")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
