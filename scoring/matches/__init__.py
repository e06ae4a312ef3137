"""The match page: its tables (deals, statistics, audit) and the sides of a saved sheet."""
