"""Kiroku's installable client side: :mod:`kiroku.client`, a typed Python client of the
HTTP API that ``kiroku serve`` serves. It speaks HTTP only and imports nothing of the
engine (``domain``, ``application``, ``adapters``), so a front end depends on the API,
never on the server's internals."""
