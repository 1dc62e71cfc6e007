"""A request body's depth, counted on its bytes before it is decoded."""

from __future__ import annotations

import json


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    from adapters.http.bodies import depth_of

    assert depth_of(b'{"a": [1, {"b": "[[[[\\"{{"}]}') == 3
    assert depth_of(json.dumps({"note": "[" * 500}).encode()) == 1
    assert depth_of(b"[" * 1000 + b"]" * 1000) == 1000
    assert depth_of(b'"' + b"\\" * 5000) == 0  # an unterminated string: read once
