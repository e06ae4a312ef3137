"""The demo: ``season`` makes it (``manage.py seed_demo``), ``services.remove_demo`` removes it in one
step from ``/manage/demo/remove/`` (an organiser of a club of its own, or a superuser)."""
