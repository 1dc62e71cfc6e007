"""A session has one signing key, even when several processes make it at once: the first
to store its key wins, every other signs with the winner's, and no reader sees half a
key (the race CI once lost: two writers on a fresh store, one failing with "File exists")."""

from __future__ import annotations

import threading
from pathlib import Path

from adapters.keys import Keys, public_hex


def test_the_first_key_stored_is_the_sessions_key_for_every_process(tmp_path: Path) -> None:
    first, second = Keys(tmp_path / "keys"), Keys(tmp_path / "keys")
    ours = first.signer("s1")
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    lost = second._store_first("s1", Ed25519PrivateKey.generate())  # made before it saw ours
    assert public_hex(lost) == public_hex(ours)
    assert second.trusted("s1") == [public_hex(ours)]
    assert not list((tmp_path / "keys").glob("*.draft"))


def test_writers_racing_on_a_fresh_store_all_sign_with_one_key(tmp_path: Path) -> None:
    keys = [Keys(tmp_path / "keys") for _ in range(8)]
    made: list[str] = []
    start = threading.Barrier(len(keys))

    def make(k: Keys) -> None:
        start.wait()
        made.append(public_hex(k.signer("s1")))

    threads = [threading.Thread(target=make, args=(k,)) for k in keys]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == len(keys)
    assert len(set(made)) == 1
    assert Keys(tmp_path / "keys").trusted("s1") == made[:1]
