"""The web app (``tavola serve``): a lobby, a live table per game over a WebSocket, bots."""

from .app import create_app

__all__ = ["create_app"]
