"""``kiroku serve --public-url``: the address the players' links and QR codes name, checked
before the server starts — a link a phone cannot open, or one carrying a password, is
refused, quoting what was given."""

from __future__ import annotations

import pytest

from adapters.cli.serve import public_url
from domain.errors import MalformedInput


@pytest.mark.parametrize(
    "given",
    [
        "ftp://table",
        "http://[::1",
        "http://h:99999",
        "http://h:abc",
        "http://h:0",
        "http://user:pw@h:8000",
        "http://user@h:8000",
        "http://h:8000/?x=1",
        "http://h:8000/#top",
        "http://",
        "http://h ost:8000",
    ],
)
def test_a_link_no_phone_could_use_is_refused_quoting_it(given: str) -> None:
    with pytest.raises(MalformedInput) as refused:
        public_url(given)
    assert repr(given) in str(refused.value) or given[:20] in str(refused.value)


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("http://192.168.1.20:8322", "http://192.168.1.20:8322"),
        ("https://table.example/kiroku/", "https://table.example/kiroku"),
        ("http://[fe80::1]:8000", "http://[fe80::1]:8000"),
    ],
)
def test_an_address_phones_reach_is_taken_without_its_trailing_slash(given: str, used: str) -> None:
    assert public_url(given) == used
