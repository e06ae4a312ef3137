"""Dutch first: the Dutch catalogue is complete and current, Dutch is the default, English a switch away,
and dates and numbers are written the Dutch way.

The msgids are English (models, forms, views, templates and the rules engine's ``N_`` messages);
``locale/nl/LC_MESSAGES/django.po`` holds the Dutch. When a test below lists missing or untranslated
entries, run the project's makemessages and translate what it added::

    .venv/bin/python manage.py makemessages -l nl --ignore=.venv --ignore=staticfiles --no-obsolete
"""

from __future__ import annotations

import ast
import datetime
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.template import engines
from django.utils import translation

ROOT = Path(settings.BASE_DIR)
PO = ROOT / "locale" / "nl" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
MAKEMESSAGES = ["makemessages", "-l", "nl", "--ignore=.venv", "--ignore=staticfiles", "--no-obsolete"]
#: What is not the project's source: never copied for the up-to-date check.
NOT_SOURCE = {".venv", "staticfiles", ".git", ".hypothesis", ".pytest_cache", "__pycache__", "node_modules"}


# --- a small .po reader (no dependency): enough for what makemessages writes


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    def where(self) -> str:
        ref = f" ({' '.join(self.references[:3])})" if self.references else ""
        ctx = f"[{self.msgctxt}] " if self.msgctxt is not None else ""
        return f"{ctx}{self.msgid!r}{ref}"


_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$')


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, the header (msgid "") first."""
    entries: list[Entry] = []
    entry: Entry | None = None
    target: tuple[str, int | None] | None = None
    seen_keyword = False

    def finish():
        nonlocal entry, target, seen_keyword
        if entry is not None and seen_keyword:
            entries.append(entry)
        entry, target, seen_keyword = None, None, False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            finish()
            continue
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if line.startswith("|"):
                continue
        if line.startswith("#") and not obsolete:
            if entry is None or seen_keyword:
                finish()
                entry = Entry()
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            elif line.startswith("#:"):
                entry.references += line[2:].split()
            continue
        if entry is None:
            entry = Entry()
        entry.obsolete = entry.obsolete or obsolete
        match = _KEYWORD.match(line)
        if match:
            keyword, index, literal = match.groups()
            if keyword in ("msgctxt", "msgid") and seen_keyword and target and target[0] == "msgstr":
                finish()  # a new entry without a blank line before it
                entry = Entry(obsolete=obsolete)
            value = ast.literal_eval(literal)
            seen_keyword = True
            if keyword.startswith("msgstr"):
                target = ("msgstr", int(index) if index else 0)
                entry.msgstr[target[1]] = value
            else:
                target = (keyword, None)
                setattr(entry, keyword, value)
        elif line.startswith('"') and target is not None:
            value = ast.literal_eval(line)
            if target[0] == "msgstr":
                entry.msgstr[target[1]] += value
            else:
                setattr(entry, target[0], getattr(entry, target[0]) + value)
        else:
            raise AssertionError(f"{path}:{number}: cannot read {raw!r}")
    finish()
    return entries


def messages(path: Path) -> list[Entry]:
    return [e for e in read_po(path) if e.msgid != "" and not e.obsolete]


# --- placeholders: %(name)s, %s, %d, %% and {name}, {name!r}

_PERCENT = re.compile(r"%(?:\((?P<name>[^)]+)\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?P<type>[diouxXeEfFgGcrsa%])")
_BRACE = re.compile(r"(?<!\{)\{(?P<name>[A-Za-z_][A-Za-z0-9_]*|\d*)(?P<conv>![rsa])?(?::[^{}]*)?\}(?!\})")


def placeholders(text: str, entry: Entry) -> Counter:
    found: Counter = Counter()
    if "python-format" in entry.flags or "%(" in entry.msgid:
        found.update(m.group(0) for m in _PERCENT.finditer(text))
    found.update(m.group(0) for m in _BRACE.finditer(text))
    return found


# --- (a) the catalogue is complete


@pytest.fixture(scope="module")
def catalogue() -> list[Entry]:
    assert PO.exists(), f"{PO.relative_to(ROOT)} is missing: run makemessages (see this module's docstring)"
    return read_po(PO)


def test_catalogue_header_is_dutch_with_dutch_plurals(catalogue):
    header = catalogue[0]
    assert header.msgid == "", "the .po must start with its header"
    assert "fuzzy" not in header.flags, "the header is still marked fuzzy"
    text = header.msgstr[0]
    assert "Language: nl\n" in text
    assert "charset=UTF-8" in text
    assert "Plural-Forms: nplurals=2; plural=(n != 1);\n" in text


def test_every_entry_is_translated_and_none_is_fuzzy(catalogue):
    entries = [e for e in catalogue if e.msgid != "" and not e.obsolete]
    assert entries, "the Dutch catalogue has no entries"
    fuzzy = [e.where() for e in entries if "fuzzy" in e.flags]
    untranslated = [
        e.where()
        for e in entries
        if not e.msgstr
        or any(not s.strip() for s in e.msgstr.values())
        or (e.msgid_plural is not None and sorted(e.msgstr) != [0, 1])
    ]
    problems = []
    if fuzzy:
        problems.append(f"{len(fuzzy)} fuzzy (check the Dutch, then remove '#, fuzzy'):\n  " + "\n  ".join(fuzzy))
    if untranslated:
        problems.append(f"{len(untranslated)} untranslated:\n  " + "\n  ".join(untranslated))
    assert not problems, "\n".join(problems)


def test_placeholders_are_kept_in_every_translation(catalogue):
    wrong = []
    for e in catalogue:
        if e.msgid == "" or e.obsolete:
            continue
        if e.msgid_plural is None:
            expected = placeholders(e.msgid, e)
            for text in e.msgstr.values():
                if text and placeholders(text, e) != expected:
                    wrong.append(f"{e.where()}: {dict(expected)} but msgstr has {dict(placeholders(text, e))}")
            continue
        plural = placeholders(e.msgid_plural, e)
        allowed = set(placeholders(e.msgid, e)) | set(plural)
        for index, text in e.msgstr.items():
            if not text:
                continue
            got = placeholders(text, e)
            # The singular may leave out the count ("één ronde"); nothing may be added.
            if set(got) - allowed or (index > 0 and set(got) != set(plural)):
                wrong.append(f"{e.where()} msgstr[{index}]: {sorted(got)}, allowed {sorted(allowed)}")
    assert not wrong, "placeholders differ between msgid and msgstr:\n  " + "\n  ".join(wrong)


def _gettext_tool(name: str) -> str:
    """The path of a GNU gettext program; without it the test is skipped (``make run`` and the .mo do
    not need gettext), except on CI, which installs it."""
    path = shutil.which(name)
    if path is None:
        reason = f"needs GNU gettext ({name}): apt-get install gettext"
        if os.environ.get("CI"):
            pytest.fail(reason + "; .ci/run installs it, so on CI this is an error", pytrace=False)
        pytest.skip(reason)
    return path


def test_catalogue_compiles_with_format_checks():
    msgfmt = _gettext_tool("msgfmt")
    result = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", os.devnull, str(PO)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "fuzzy" not in result.stderr and "untranslated" not in result.stderr, result.stderr


# --- (b) the catalogue is up to date with the source


def _copy_source(destination: Path) -> Path:
    def ignore(directory, names):
        skipped = {n for n in names if n in NOT_SOURCE or n.startswith("db.sqlite3") or n.endswith((".pyc", ".mo"))}
        return skipped

    shutil.copytree(ROOT, destination, ignore=ignore, symlinks=True)
    return destination


def test_catalogue_has_every_msgid_of_the_source(tmp_path):
    """makemessages in a copy of the source tree finds exactly the msgids of the committed .po."""
    for tool in ("xgettext", "msgmerge", "msguniq"):
        _gettext_tool(tool)
    copy = _copy_source(tmp_path / "src")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [sys.executable, "manage.py", *MAKEMESSAGES, "-v", "0"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"makemessages failed:\n{result.stdout}\n{result.stderr}"

    committed = {e.key: e for e in messages(PO)}
    fresh = {e.key: e for e in messages(copy / PO.relative_to(ROOT))}
    new = sorted(set(fresh) - set(committed), key=lambda k: (k[1], k[0] or ""))
    stale = sorted(set(committed) - set(fresh), key=lambda k: (k[1], k[0] or ""))
    plural_changed = sorted(
        (k for k in set(fresh) & set(committed) if fresh[k].msgid_plural != committed[k].msgid_plural),
        key=lambda k: (k[1], k[0] or ""),
    )
    problems = []
    if new:
        problems.append(
            f"{len(new)} msgid(s) in the source but not in {PO.relative_to(ROOT)}:\n  "
            + "\n  ".join(fresh[k].where() for k in new)
        )
    if stale:
        problems.append(
            f"{len(stale)} msgid(s) in {PO.relative_to(ROOT)} but no longer in the source:\n  "
            + "\n  ".join(committed[k].where() for k in stale)
        )
    if plural_changed:
        problems.append("plural forms changed:\n  " + "\n  ".join(fresh[k].where() for k in plural_changed))
    assert not problems, (
        "\n".join(problems)
        + "\n\nRun: .venv/bin/python manage.py makemessages -l nl --ignore=.venv --ignore=staticfiles "
        "--no-obsolete and translate the new entries."
    )


def test_makemessages_extracts_the_rules_engine_messages():
    """The engine's messages are marked with the no-op N_ (no Django in the engine) and extracted."""
    from scoring.management.commands.makemessages import Command
    from scoring.rules import errors

    assert "--keyword=N_" in Command.xgettext_options
    marked = "a message"
    assert errors.N_(marked) is marked  # a no-op marker (a literal here would itself be extracted)
    templates = {value for name, value in vars(errors).items() if name.isupper() and isinstance(value, str)}
    ids = {e.msgid for e in messages(PO)}
    assert templates and not templates - ids, sorted(templates - ids)


def test_engine_message_is_shown_in_dutch():
    from scoring.rules import RULESETS, DealInput, InvalidDeal, score_deal
    from scoring.sheet.deal_input import translate_engine_message

    with pytest.raises(InvalidDeal) as caught:
        score_deal(RULESETS["amsterdam"], DealInput(points=(100, 100), bidder=0))
    with translation.override("nl"):
        dutch = translate_engine_message(caught.value)
    with translation.override("en"):
        english = translate_engine_message(caught.value)
    assert english == str(caught.value)
    assert "162" in dutch and "100 + 100" in dutch and "200" in dutch
    assert dutch != english


# --- (c) Dutch by default, English a switch away


def _mo_is_current():
    assert MO.exists() and MO.stat().st_mtime >= PO.stat().st_mtime, (
        f"{MO.relative_to(ROOT)} is missing or older than the .po: run `make messages`"
    )


@pytest.mark.django_db
@pytest.mark.parametrize("accept", [None, "nl", "nl-NL,nl;q=0.9,en;q=0.8", "de-DE,de;q=0.9"])
def test_home_page_is_dutch_by_default(client, accept):
    _mo_is_current()
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}
    response = client.get("/", **headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="nl">' in html
    assert "Competities" in html
    assert "Inloggen" in html
    assert ">Competitions<" not in html
    assert response.headers.get("Content-Language") == "nl"


@pytest.mark.django_db
@pytest.mark.parametrize("accept", ["en", "en-GB,en;q=0.9", "en-US,en;q=0.9,nl;q=0.5"])
def test_home_page_follows_an_english_browser(client, accept):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Competitions" in html and "Log in" in html
    assert "Competities" not in html


@pytest.mark.django_db
def test_language_menu_switches_and_remembers(client):
    _mo_is_current()
    html = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in html and 'name="language"' in html
    assert '<option value="nl" selected>Nederlands</option>' in html
    assert '<option value="en">English</option>' in html

    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302 and response["Location"] == "/"
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()  # the choice beats the browser
    assert '<html lang="en">' in html and "Competitions" in html
    assert '<option value="en" selected>English</option>' in html

    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="nl">' in html and "Competities" in html


# --- (d) dates and numbers the Dutch way


def _render(source: str, language: str, **context) -> str:
    template = engines["django"].from_string("{% load humanize %}" + source)
    with translation.override(language):
        return template.render(context)


def test_dates_are_dutch():
    _mo_is_current()
    day = datetime.date(2026, 3, 14)
    assert _render("{{ d|date }}", "nl", d=day) == "14 maart 2026"
    assert _render("{{ d|date:'l j F Y' }}", "nl", d=day) == "zaterdag 14 maart 2026"
    assert _render("{{ d|date:'j M' }}", "nl", d=day) == "14 Mrt"
    assert _render("{{ d|date:'SHORT_DATE_FORMAT' }}", "nl", d=day) == "14-3-2026"
    assert _render("{{ d|date }}", "en", d=day) == "March 14, 2026"


def test_numbers_are_dutch():
    # Decimals with a comma; thousands grouped with a point where a template asks (|intcomma), and
    # scores as a scorekeeper writes them (1634, no separator: USE_THOUSAND_SEPARATOR stays off, so
    # table numbers, versions and years are never "grouped").
    assert not settings.USE_THOUSAND_SEPARATOR
    assert _render("{{ x|floatformat:1 }}", "nl", x=81.46) == "81,5"
    assert _render("{{ x }}", "nl", x=Decimal("81.5")) == "81,5"
    assert _render("{{ x }}", "nl", x=1634) == "1634"
    assert _render("{{ x|intcomma }}", "nl", x=1234567) == "1.234.567"
    assert _render("{{ x|floatformat:'1g' }}", "nl", x=12345.67) == "12.345,7"
    assert _render("{{ x|floatformat:1 }}", "en", x=81.46) == "81.5"
    assert _render("{{ x|intcomma }}", "en", x=1234567) == "1,234,567"
