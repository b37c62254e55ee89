"""The game-independent core: protocol, registry, errors, records, seeded RNG, data files."""
