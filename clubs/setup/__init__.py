"""A club of its own on a fresh install: ``/setup/`` makes the club (or league) and its first organiser.

Open only while the site has no club of its own (the demo's clubs, ``Club.is_demo``, do not count) and
only to a request from the machine itself or one carrying the setup link's token, which ``make run``
and ``manage.py setup_link`` print (``link``); every other request gets a 404, as does /setup/ once a
club of its own exists. The organiser is never Django staff: they work on the organiser's pages.
"""
