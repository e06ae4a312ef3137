"""Migrations clubs 0010 and 0011: the older ``Player.user`` folded into ``Player.account``, run for real: the
database migrated back to before it, members made with both links as they could be, migrated forward."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("clubs", "0009_club_signup_deadline")]
AFTER = [("clubs", "0011_remove_player_user")]


@pytest.fixture
def executor():
    executor = MigrationExecutor(connection)
    try:
        yield executor
    finally:  # whatever happened, the database ends where every other test expects it
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_older_login_becomes_the_account_and_a_clash_is_reported(executor, capsys):
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    User, Club, Player = old.get_model("auth", "User"), old.get_model("clubs", "Club"), old.get_model("clubs", "Player")
    club = Club.objects.create(name="Club troef", slug="troef")
    other_club = Club.objects.create(name="Harten", slug="harten")
    anna, bert, cor, dirk, els = (User.objects.create(username=name) for name in ("anna", "bert", "cor", "dirk", "els"))

    def member(number, first, *, club=club, user=None, account=None):
        return Player.objects.create(
            club=club, member_number=number, first_name=first, last_name="Lid", user=user, account=account
        ).pk

    only_user = member("1", "Alleen", user=anna)
    same = member("2", "Gelijk", user=bert, account=bert)
    differ = member("3", "Anders", user=cor, account=dirk)
    taken = member("4", "Bezet", user=els)  # els is member 5's account at this club already
    member("5", "Eigen", account=els)
    elsewhere = member("6", "Elders", club=other_club, user=dirk)  # dirk is an account at Club troef only
    neither = member("7", "Geen")
    capsys.readouterr()

    executor.loader.build_graph()
    executor.migrate(AFTER)

    new = executor.loader.project_state(AFTER).apps
    Player = new.get_model("clubs", "Player")
    assert "user" not in {f.name for f in Player._meta.get_fields()}
    accounts = dict(Player.objects.values_list("pk", "account__username"))
    assert accounts[only_user] == "anna"
    assert accounts[same] == "bert"
    assert accounts[differ] == "dirk"  # the account stays, the older login goes
    assert accounts[taken] is None  # one account per member per club
    assert accounts[elsewhere] == "dirk"  # another club: the same login may be a member there too
    assert accounts[neither] is None
    out = capsys.readouterr().out
    assert f"Anders Lid (#{differ}, troef) keeps the account dirk; the older login cor" in out
    assert f"Bezet Lid (#{taken}, troef) stays without an account: the login els" in out
    assert "Alleen" not in out and "Gelijk" not in out and "Elders" not in out
