"""A competition's season set-up: its rule set and its entry modes."""
