"""Both stores, same tests: atomic admission, threads, keys, and SQLite surviving a reopen."""

from __future__ import annotations

import threading
from pathlib import Path

from mdxsite.plugins.assistant import keys
from mdxsite.plugins.assistant.limits import Counter, counters
from mdxsite.plugins.assistant.settings import Limits
from mdxsite.plugins.assistant.store import SQLiteStore, Store


def test_200_threads_racing_for_a_limit_of_50_admit_exactly_50(store: Store) -> None:
    limit = counters(Limits(key_per_month=50), key_prefix="k1", domain="d", ip="1.2.3.4")
    admitted: list[bool] = []
    barrier = threading.Barrier(40)

    def hit() -> None:
        try:
            barrier.wait(timeout=5)
        except threading.BrokenBarrierError:
            pass
        admitted.append(store.admit(limit) is None)

    threads = [threading.Thread(target=hit) for _ in range(200)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(admitted) == 200 and admitted.count(True) == 50
    hit_counter = store.admit(limit)
    assert hit_counter is not None and hit_counter.name == "key-month"


def test_a_full_counter_spends_nothing_from_the_others(store: Store) -> None:
    small = Counter("ip-day", "ip-day:x:1", 1, 86400, 2_000_000_000)
    big = Counter("domain-hour", "domain-hour:d:1", 10, 3600, 2_000_000_000)
    assert store.admit([big, small]) is None
    assert store.admit([big, small]) == small
    for _ in range(9):
        assert store.admit([big]) is None  # the refused request did not count against `big`
    assert store.admit([big]) == big


def test_threads_keep_their_messages_in_order_per_domain(store: Store) -> None:
    tid = store.create_thread("acme")
    assert store.thread_messages("acme", tid) == []
    store.append_messages(tid, [{"role": "user", "content": "hi"}])
    store.append_messages(tid, [{"role": "assistant", "content": "hello"},
                                {"role": "user", "content": "more"}])
    assert [m["content"] for m in store.thread_messages("acme", tid) or []] == ["hi", "hello", "more"]
    assert store.thread_messages("other", tid) is None
    assert store.thread_messages("acme", "thr_missing") is None


def test_keys_are_stored_as_hashes_listed_and_revoked(store: Store) -> None:
    key, record = keys.new_key(("acme",), "ci")
    store.add_key(record)
    found = store.get_key(record.prefix)
    assert found is not None and keys.matches(found, key) and key not in repr(found)
    assert not keys.matches(found, key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert [k.prefix for k in store.list_keys()] == [record.prefix]
    assert store.revoke_key(record.prefix) and not store.revoke_key("00000000")
    assert not keys.matches(store.get_key(record.prefix), key)


def test_sqlite_counters_threads_and_keys_survive_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite"
    first = SQLiteStore(path)
    limit = counters(Limits(ip_per_day=2), key_prefix="k", domain="d", ip="9.9.9.9")
    assert first.admit(limit) is None and first.admit(limit) is None
    tid = first.create_thread("acme")
    first.append_messages(tid, [{"role": "user", "content": "kept"}])
    first.close()
    second = SQLiteStore(path)
    assert second.admit(limit) is not None
    assert second.thread_messages("acme", tid) == [{"role": "user", "content": "kept"}]
    second.close()
