"""``makemessages`` that also extracts ``N_("...")``, the rules engine's no-op translation marker.

The engine (``scoring/rules``) has no Django import, so its messages are marked with
``scoring.rules.errors.N_`` and translated where they are shown. Run::

    .venv/bin/python manage.py makemessages -l nl --ignore=.venv --ignore=staticfiles --no-obsolete
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
