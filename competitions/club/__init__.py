"""The club's own organiser page, ``/manage/clubs/<slug>/``: where an organiser lands after the set-up
and starts from — the club's competitions, a new one, its members, its people, and (while the install
still holds the demo) removing the demo."""
