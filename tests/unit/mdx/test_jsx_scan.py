"""The one-match reading of simple tags (speed) gives the tag the full scanner gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mdxsite.mdx import jsx

SPACE = st.sampled_from(["", " ", "\t", "\n", "  ", "\u00a0"])
NAME = st.sampled_from(["Card", "a", "Tree.Folder", "x:y", "n-1", "h1", "1", ""])
ATTR = st.tuples(SPACE, st.sampled_from(["a", "bc", "$x", "@y", ":z", "d-e", "f.g", "é"]),
                 st.sampled_from(["", "=", " =", "= ", "=\n", "\t="]),
                 st.sampled_from(["", '"v"', "'w'", '"a\nb"', '""', "{1}", '"', "q", "{'}'}"]))
END = st.sampled_from([">", "/>", " />", "", "/", ">>", "}>", "\n>"])


@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(["", "/"]), NAME, st.lists(ATTR, max_size=4), SPACE, END,
       st.sampled_from(["", "x", " more"]))
def test_quick_and_full_scans_agree(slash: str, name: str, attrs: list[tuple[str, ...]],
                                    space: str, end: str, after: str) -> None:
    src = "<" + slash + name + "".join("".join(a) for a in attrs) + space + end + after
    assert jsx.scan_tag(src, 0) == jsx._scan_tag_slowly(src, 0)


def test_memo_answers_the_same_tag() -> None:
    src = '<Card title="A"><Note>x</Note></Card>'
    memo: dict[int, jsx.Tag | None] = {}
    assert jsx.scan_element(src, 0, memo) == jsx.scan_element(src, 0) == len(src)
    assert memo[0] == jsx.scan_tag(src, 0)
    assert jsx.scan_tag(src, 0, memo) is memo[0]
