"""``{% result_staff match as who %}``: who entered and confirmed a result, as the public may see
them (``clubs.members.staff_names``: full name or role word, never the login name)."""

from django import template

from clubs.members.staff_names import result_staff_names

register = template.Library()


@register.simple_tag
def result_staff(match) -> dict[str, str]:
    return result_staff_names(match)
