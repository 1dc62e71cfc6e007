"""Each session's signing key, kept outside the store (as the HTTP server's admin token
is): whoever can edit the store's rows — and recompute the hash chain over them — cannot
sign the seals again without it (issue 28, item 5).

A key is an Ed25519 key pair (the ``cryptography`` package: a well-kept, audited
implementation, where code of our own would be the weak link). The private key of
session S lives in ``KEYS_DIR/<digest of S>.key`` (``KIROKU_KEYS_DIR``, default
``DATA_DIR/keys``; mode 0600; made when S records
its first sealed ruling here); the public keys trusted for S — its own, those that signed
the records an import or a fork brought in — in ``….pub``, one hex key a line. A memory
store keeps them in memory.

A record's ``signature`` is ``KEYID:SIGNATURE`` (hex): the first 16 hex digits of the
SHA-256 of the public key that signed, then the Ed25519 signature over
``kiroku-seal\\0SESSION\\0LAST\\0CHAIN`` — the seal of the ruling that ends at position
LAST; a seal the store signed when it imported a file that had not is
``imported:KEYID:SIGNATURE`` over ``kiroku-imported-seal\\0…`` (so neither kind passes
for the other). An export's header carries the public keys and the head signed the same
way. A key says which store it signs for (``….store``): a store never makes a session's
key twice (:meth:`Keys.refuse_kept`).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from adapters.store import StoreConfig
from domain.errors import IllegalUnderRules, MalformedInput, excerpt
from domain.session.record import IMPORTED, CommandRecord

if TYPE_CHECKING:  # imported where a key is used: a read (state, log) signs nothing
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

PUBLIC_HEX = 64
"""An Ed25519 public key: 32 bytes, 64 hex digits."""


def key_id(public: str) -> str:
    """The 16 hex digits a signature names its key by."""
    return hashlib.sha256(bytes.fromhex(public)).hexdigest()[:16]


def sealed_message(session: str, last: int, chain: str, *, imported: bool = False) -> bytes:
    """What a seal's signature signs (``imported``: a seal signed at import, which no
    ordinary signature can be passed off as, nor the other way round)."""
    kind = b"kiroku-imported-seal" if imported else b"kiroku-seal"
    return b"%s\0%s\0%d\0%s" % (kind, session.encode(), last, chain.encode())


def public_hex(key: Ed25519PrivateKey) -> str:
    """The raw public key in hex (``public_bytes_raw``: the same bytes as
    ``public_bytes(Encoding.Raw, PublicFormat.Raw)`` without importing the serialization
    package, whose SSH and cipher modules a command's start-up would pay for)."""
    return key.public_key().public_bytes_raw().hex()


def check_public(text: str, where: str = "--key") -> str:
    """A public key as given (64 hex digits), or a refusal quoting it."""
    value = text.strip().lower()
    if len(value) != PUBLIC_HEX or any(c not in "0123456789abcdef" for c in value):
        raise MalformedInput(
            f"{where} {excerpt(text)}: a session's public key is 64 hexadecimal digits (as "
            "kiroku verify prints it and an export's header holds it)"
        )
    return value


def signed_by(public: str, message: bytes, signature: str) -> bool:
    """Whether ``signature`` (hex) is ``public``'s over ``message``."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public)).verify(
            bytes.fromhex(signature), message
        )
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass
class Keys:
    """The signing keys of a store's sessions: in ``directory``, or in memory (None)."""

    directory: Path | None
    store: str = ""
    """The store the keys sign for (its file, or its database; "" for the keys in a
    SQLite store's own data folder, which moves with it): a key made here says so beside
    it (``….store``), so that only this store's sessions are :meth:`kept`."""
    _private: dict[str, Ed25519PrivateKey] = field(default_factory=dict)
    _trusted: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, config: StoreConfig) -> Keys:
        if config.kind == "memory":
            return cls(None)
        if config.kind == "sqlite" and config.keys is None:
            return cls(config.keys_dir)  # in the data folder: whose it is goes where it goes
        where = str(config.sqlite_path.resolve()) if config.kind == "sqlite" else config.describe()
        return cls(config.keys_dir, where)

    def _path(self, session: str, suffix: str) -> Path:
        assert self.directory is not None
        digest = hashlib.sha256(session.encode()).hexdigest()[:32]
        return self.directory / f"{digest}{suffix}"

    def signer(self, session: str) -> Ed25519PrivateKey:
        """Session ``session``'s private key, made (and trusted) the first time."""
        held = self._private.get(session)
        if held is not None:
            return held
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        key: Ed25519PrivateKey | None = None
        if self.directory is not None:
            key = self._stored_key(session)
        if key is None:
            key = Ed25519PrivateKey.generate()
            if self.directory is not None:
                key = self._store_first(session, key)
            self.trust(session, public_hex(key))
        self._private[session] = key
        return key

    def _stored_key(self, session: str) -> Ed25519PrivateKey | None:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        path = self._path(session, ".key")
        if not path.exists():
            return None
        return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(path.read_text()))

    def _store_first(self, session: str, key: Ed25519PrivateKey) -> Ed25519PrivateKey:
        """Store ``key`` as the session's, unless another process stored one first: then
        that one is the session's key and is returned. The key is written whole to a file
        of its own and linked into place, so no reader ever sees half a key."""
        assert self.directory is not None
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor, draft = tempfile.mkstemp(dir=self.directory, suffix=".draft")
        try:
            with os.fdopen(descriptor, "w") as out:  # mkstemp's file is 0600
                out.write(key.private_bytes_raw().hex())
            try:
                os.link(draft, self._path(session, ".key"))
                self._path(session, ".store").write_text(self.store + "\n")
            except FileExistsError:
                self._trusted.pop(session, None)  # the first process trusted its key
                first = self._stored_key(session)
                assert first is not None
                return first
        finally:
            os.unlink(draft)
        return key

    def sign(self, session: str, record: CommandRecord, *, imported: bool = False) -> str:
        """The signature of a sealed record, as the record holds it (``imported``: of a
        record a file held unsigned, :data:`~domain.session.record.IMPORTED`)."""
        key = self.signer(session)
        message = sealed_message(session, record.last, record.chain, imported=imported)
        signed = f"{key_id(public_hex(key))}:{key.sign(message).hex()}"
        return IMPORTED + signed if imported else signed

    def kept(self, session: str) -> bool:
        """Whether a private key for ``session`` was made here for this store (a session
        of another store that shares the folder, or a key from before keys said whose
        they are, is not this store's)."""
        if session in self._private:
            return True
        if self.directory is None or not self._path(session, ".key").exists():
            return False
        whose = self._path(session, ".store")
        return whose.exists() and whose.read_text().strip() == self.store

    def refuse_kept(self, session: str, given: str) -> None:
        """Refuse to make ``session`` anew (``given``: to a new session, to an import)
        when this store made its key already: a key is made once, with a session's first
        ruling, so its rows were removed — and a session made again under it would be
        signed as the one the GM noted."""
        if self.kept(session):
            where = "" if self.directory is None else f" ({self._path(session, '.key')})"
            raise IllegalUnderRules(
                f"session {session!r} has a signing key here{where} but the store holds no "
                "such session: its events were removed from the store (restore them), or it "
                "was recorded on another store with these keys; move the key aside to give "
                f"its id to {given}"
            )

    def sign_head(self, session: str, last: int, head: str) -> tuple[str, str]:
        """The session's public key and its signature of ``head`` after ``last``."""
        key = self.signer(session)
        return public_hex(key), key.sign(sealed_message(session, last, head)).hex()

    def trusted(self, session: str) -> list[str]:
        """The public keys trusted for ``session`` here (none: it never signed here)."""
        held = self._trusted.get(session)
        if held is not None:
            return list(held)
        found: list[str] = []
        if self.directory is not None:
            path = self._path(session, ".pub")
            if path.exists():
                lines = (line.strip() for line in path.read_text().splitlines())
                found = list(dict.fromkeys(line for line in lines if line))
        self._trusted[session] = found
        return list(found)

    def trust(self, session: str, public: str) -> None:
        """Trust ``public`` for ``session`` (its own key; a key an import brought)."""
        known = self.trusted(session)
        if public in known:
            return
        known.append(public)
        self._trusted[session] = known
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            with open(self._path(session, ".pub"), "a") as out:
                out.write(public + "\n")


@dataclass
class SignatureCheck:
    """What :func:`domain.session.verify.verify` asks of each sealed record: whether its
    signature is one of the trusted keys' (``required``: that key's alone). ``every``:
    each record must be sealed and signed — a store's are, since it seals and signs
    every ruling it records, an imported one's included (a file's may be unsigned)."""

    session: str
    trusted: list[str]
    required: str | None = None
    every: bool = False

    def __post_init__(self) -> None:
        keys = [self.required] if self.required is not None else self.trusted
        self._by_id = {key_id(k): k for k in keys}

    @property
    def knows_a_key(self) -> bool:
        return bool(self._by_id)

    def __call__(self, record: CommandRecord) -> str | None:
        """None when the record's seal is signed by a key trusted here; else why not. A
        seal signed at import (:data:`~domain.session.record.IMPORTED`) is this store's
        word, checked against the keys trusted here — and never the ``required`` key's,
        which did not sign it (``verify`` says how many were)."""
        if not record.signature:
            return None  # unsigned: a record made before signing (verify judges the order)
        imported = record.signature.startswith(IMPORTED)
        if imported and self.required is not None:
            return (
                "its seal was signed here when it was imported, not by the key given: the "
                "file it came from had not signed it"
            )
        kid, _, signature = record.signature.removeprefix(IMPORTED).partition(":")
        public = self._by_id.get(kid)
        if public is None:
            if self.required is None and not self._by_id:
                return (
                    f"its seal is signed by key {kid[:16]!r}, and no key is trusted for the "
                    "session here (its keys folder, KIROKU_KEYS_DIR, was removed or not "
                    "brought with the store; verify --key KEY checks the key noted)"
                )
            which = "the key given" if self.required is not None else "any key trusted here"
            return f"its seal is signed by key {kid[:16]!r}, not {which}"
        message = sealed_message(self.session, record.last, record.chain, imported=imported)
        if not signed_by(public, message, signature):
            return "its seal's signature does not verify: the seal or the signature was edited"
        return None
