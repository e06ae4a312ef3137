"""A name on the phone's table page, marked so static/js/table_names.js can follow a reseat without a
reload (issue 33 item 4): ``{{ side|side_word }}`` → ``<span data-side-word="1">zij (Jan, Piet)</span>``."""

from django import template
from django.utils.html import format_html

register = template.Library()


@register.filter
def side_word(side):
    """A side as the page names it ("wij (Jan Smit & Piet Bos)"), in a span the names script rewrites."""
    if side is None or side == "":
        return ""
    return format_html('<span data-side-word="{}">{}</span>', side.index, str(side))
