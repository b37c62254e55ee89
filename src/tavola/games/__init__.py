"""The built-in games, each a plug-in registered through the ``tavola.games`` entry point."""
