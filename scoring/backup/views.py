"""The organiser's backup: download the newest file, or make one now (only for whoever may see every club)."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.backup.selectors import may_download_backups
from scoring.backup.services import latest_backup, make_backup

logger = logging.getLogger(__name__)


def _allowed(request) -> None:
    if not may_download_backups(request.user):
        raise PermissionDenied


@login_required
def download_latest(request):
    _allowed(request)
    latest = latest_backup()
    if latest is None:
        raise Http404(_("No backup has been made yet."))
    logger.info("backup downloaded: %s by %s", latest.name, request.user.get_username())
    return FileResponse(open(latest.path, "rb"), as_attachment=True, filename=latest.name)  # FileResponse closes it


@login_required
@require_POST
def make_now(request):
    _allowed(request)
    try:
        path = make_backup(reason=f"by {request.user.get_username()}")
    except OSError as error:
        messages.error(request, _("The backup could not be written: %(error)s") % {"error": error})
    else:
        messages.success(request, _("Backup made: %(name)s.") % {"name": path.name})
    return redirect("staff:dashboard")
