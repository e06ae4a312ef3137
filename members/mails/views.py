"""The one-click unsubscribe (RFC 8058): ``GET`` shows what the link turns off, with a button;
``POST`` (the button, or the mail program's own ``List-Unsubscribe=One-Click``) turns it off. No login:
the signed link names the member and the kind of mail."""

from __future__ import annotations

from django.core import signing
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from clubs.models import Player
from members import services
from members.mails.links import read_unsubscribe_token
from members.models import SWITCHES, Notice


def _refused(request, message: str, status: int):
    return render(request, "members/mails/unsubscribe.html", {"error": message}, status=status)


@csrf_exempt  # a mail program posts "List-Unsubscribe=One-Click" without a form of ours; it only turns mail off
def unsubscribe(request, token: str):
    try:
        player_id, kind = read_unsubscribe_token(token)
    except signing.BadSignature:
        return _refused(
            request,
            _(
                "This unsubscribe link is not valid: it was changed or cut short. Use the link in the mail "
                "itself, or switch mails off on your own page."
            ),
            400,
        )
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    if player is None or player.account_id is None or kind not in SWITCHES:  # removed, or anonymised
        return _refused(request, _("This link belongs to a member who is no longer on the list: nothing is sent."), 410)
    context = {"player": player, "kind": Notice.Kind(kind).label, "token": token}
    if request.method == "POST":
        services.set_mail_choices(player=player, choices={kind: False}, via="unsubscribe link")
        return render(request, "members/mails/unsubscribe.html", {**context, "done": True})
    return render(request, "members/mails/unsubscribe.html", context)
