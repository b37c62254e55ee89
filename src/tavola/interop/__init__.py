"""Adapters from tavola games to the standard APIs of game research (the ``ai`` extra).

:mod:`tavola.interop.pettingzoo` makes any registered game a PettingZoo environment and
:mod:`tavola.interop.openspiel` an OpenSpiel game (docs/interop.md). Both see a game through the
core contract only; this package imports without PettingZoo or OpenSpiel installed, and each
adapter imports its library when first used.
"""
