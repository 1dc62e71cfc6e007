"""The ``kiroku`` command line."""

from adapters.cli.startup import msgspec_on_typing_alone

msgspec_on_typing_alone()

from adapters.cli.main import main  # noqa: E402  (msgspec first, as the line above imports it)

__all__ = ["main"]
