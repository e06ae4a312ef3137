"""Near matches (issue 31 item 6): which two names a walk-in or an import asks about before making a
second member. A known-answer table of pairs that match and pairs that must not."""

import pytest

from clubs.names import full_name_key, name_key, near_matches, nearly_same, typo_apart

MATCH = [
    ("Henk Hebers", "Henk Hebers sr."),
    ("Henk Hebers", "henk hébers"),
    ("Henk Hebers", "HENK HEBERS"),
    ("Henk Hebers", "Henk  Hebers jr"),
    ("Henk Hebers", "H. Hebers"),
    ("Henk Hebers", "Henk Heebers"),  # one typo in a long surname
    ("Henk Hebers", "Henk Hbeers"),  # two letters swapped
    ("Piet van der Meer", "Piet v.d. Meer"),
    ("Piet van der Meer", "Piet vd Meer"),
    ("Piet van der Meer", "Piet Meer"),
    ("Jan de Vries", "Jan de vries"),
    ("Jan de Vries", "Jan De Vries"),
    ("Kees Meijer", "Kees Meyer"),
    ("Gerrit Bakker", "Gerit Bakker"),  # a typo in a long first name
    ("Anne-Marie Smit", "Anne Marie Smit"),
    ("Jan Willem Bos", "Jan Bos"),
    ("Renée Dekker", "Renee Dekker"),
    ("Søren Dijkstra", "Soren Dykstra"),
    ("Hebers", "Henk Hebers"),  # a surname alone may be anyone of that name
]
NO_MATCH = [
    ("Jan de Vries", "Jan de Wit"),
    ("Jan de Vries", "Piet de Vries"),
    ("Kees Bos", "Kees Vos"),  # short surnames: one letter makes another family
    ("Marja Smit", "Marja Smits"),
    ("Henk Hebers", "Hennie Hebers"),
    ("Joop Jansen", "Joke Jansen"),
    ("Henk Hebers", "Hans Hebers"),
    ("H. Hebers", "J. Hebers"),
    ("Gerrit Bakker", "Gerrit Becker jr"),  # two differences in the surname
    ("Willem Hoekstra", "Wim Hoekstra"),  # a nickname is not guessed
    ("Jan van Dijk", "Jan van Dam"),
    ("Anneke Visser", "Anneke Fisher"),
    ("Henk Heebers", "Hans Hebers"),  # a typo and another first name
]


@pytest.mark.parametrize(("a", "b"), MATCH)
def test_names_that_are_nearly_one_person(a, b):
    assert nearly_same(full_name_key(a), full_name_key(b))
    assert nearly_same(full_name_key(b), full_name_key(a))


@pytest.mark.parametrize(("a", "b"), NO_MATCH)
def test_names_of_two_people(a, b):
    assert not nearly_same(full_name_key(a), full_name_key(b))
    assert not nearly_same(full_name_key(b), full_name_key(a))


def test_a_members_two_fields_read_as_the_full_name():
    assert name_key("Piet", "van der Meer") == full_name_key("Piet van der Meer")
    assert name_key("Anne-Marie", "Smit") == full_name_key("Anne Marie Smit")
    assert name_key("Henk", "Hebers sr.") == name_key("henk", "Hébers")
    assert name_key("", "Hebers").first == ""


def test_near_matches_keeps_the_candidates_order():
    candidates = [(1, full_name_key("Henk Hebers")), (2, full_name_key("Jan de Wit")), (3, full_name_key("H Hebers"))]
    assert near_matches(full_name_key("henk hebers sr"), candidates) == [1, 3]
    assert near_matches(full_name_key(""), candidates) == []


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("hebers", "hebers", 0),
        ("hebers", "heebers", 1),
        ("hebers", "hbeers", 1),
        ("hebers", "hubert", 2),
        ("a", "abc", 2),
    ],
)
def test_typo_distance(a, b, distance):
    assert typo_apart(a, b) == distance
