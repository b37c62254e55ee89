"""The terminal front end: play any registered game against bots, one line of input at a time."""

from .terminal import play

__all__ = ["play"]
