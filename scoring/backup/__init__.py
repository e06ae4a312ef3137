"""Backups: one portable file with the whole database, made while the server runs, restored into an
empty SQLite or PostgreSQL database (``manage.py backup`` / ``manage.py restore``), made by itself
after each fully confirmed round, and offered for download to whoever may see every club's data.

archive.py (the file), snapshot.py (a consistent read), services.py (making, keeping, listing),
restore.py (loading), auto.py (after a round), views.py (the organiser's page).
"""
