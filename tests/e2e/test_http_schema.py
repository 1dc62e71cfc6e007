"""The API against its own OpenAPI document, for each role: schemathesis generates
thousands of requests from ``/openapi.json`` (valid and not) against a real server, and
none may fail the server (no 500), answer outside its documented schema, or with another
content type. The session path is pinned to a session that exists, so the requests reach
the commands and the rules rather than a 404; the stream is left out (an endless
response)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import runner
from tests.e2e.server import Served, served
from tests.e2e.test_http_roles import table

ST = Path(sys.executable).parent / "st"


def night_s_document(server: Served, folder: Path) -> Path:
    """The server's OpenAPI document as schemathesis is given it: every operation on the
    one session the table opened, and without the live stream (it never ends)."""
    document = server.get("/openapi.json").json()
    del document["paths"]["/v1/sessions/{session}/stream"]
    for path in document["paths"].values():
        for operation in path.values():
            for parameter in operation.get("parameters", ()):
                if parameter["name"] == "session":
                    parameter["schema"] = {"type": "string", "enum": ["night"]}
    schema = folder / "openapi.json"
    schema.write_text(json.dumps(document))
    return schema


@pytest.mark.slow  # schemathesis: every operation, every role
@pytest.mark.parametrize("role", ["admin", "sensei", "ana", "kenji"])
def test_no_request_of_any_role_breaks_the_server_or_its_schema(tmp_path: Path, role: str) -> None:
    tokens = table(runner(tmp_path))
    with served(tmp_path / "data") as server:
        token = server.admin if role == "admin" else tokens[role]
        schema = night_s_document(server, tmp_path)
        done = subprocess.run(
            [str(ST), "run", str(schema), "--url", server.url,
             "-H", f"Authorization: Bearer {token}", "--max-examples", "8", "--seed", "1",
             "--checks", "not_a_server_error,response_schema_conformance,"
             "content_type_conformance"],
            capture_output=True, text=True, timeout=600, cwd=tmp_path,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
        assert "generated" in done.stdout
    assert "Traceback" not in server.stderr


CHECKS = (
    "not_a_server_error,status_code_conformance,content_type_conformance,"
    "response_headers_conformance,response_schema_conformance,unsupported_method,"
    "allow_header_conformance,missing_required_header,ignored_auth,negative_data_rejection"
)
"""Every check schemathesis has but those that judge the rules (a schema-valid command the
rules refuse now is a 422, not a disagreement: positive_data_acceptance) or the data
(ensure_resource_availability: it takes a token's secret for the id the revoke route
takes)."""


@pytest.mark.slow  # schemathesis, under a minute: the document and the server agree
def test_the_document_and_the_server_agree_with_the_checks_on(tmp_path: Path) -> None:
    tokens = table(runner(tmp_path))
    with served(tmp_path / "data", "--auth-failures", "100000") as server:
        schema = night_s_document(server, tmp_path)
        done = subprocess.run(
            [str(ST), "run", str(schema), "--url", server.url,
             "-H", f"Authorization: Bearer {tokens['sensei']}", "--max-examples", "5",
             "--seed", "1", "--max-time", "40", "--checks", CHECKS],
            capture_output=True, text=True, timeout=120, cwd=tmp_path,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
        assert "generated" in done.stdout
    assert "Traceback" not in server.stderr
