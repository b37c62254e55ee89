"""The built-in games; importing this package registers them."""

from . import testa_di_pecora  # noqa: F401
