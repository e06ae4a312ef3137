"""The demo season behind ``manage.py seed_demo``."""
