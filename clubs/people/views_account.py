"""One's own account: e-mail address and password (``/account/``), API tokens (``/account/tokens/``),
and the "forgotten password" page that says plainly when this server sends no mail."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.contrib.auth.views import PasswordResetView
from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.people import selectors, services
from clubs.people.forms import EmailForm, TokenForm
from clubs.people.services import PeopleRefused
from clubs.people.tables import TokenTable
from core import outbox


@login_required
def account(request):
    user = request.user
    email_form = EmailForm(initial={"email": user.email})
    password_form = PasswordChangeForm(user)
    status = 200
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "email":
            email_form = EmailForm(request.POST)
            if email_form.is_valid():
                try:
                    services.set_email(user=user, email=email_form.cleaned_data["email"])
                except PeopleRefused as refused:
                    email_form.add_error("email", refused.message)
                else:
                    messages.success(request, _("Your email address is saved."))
                    return redirect("people:account")
        elif action == "password":
            password_form = PasswordChangeForm(user, request.POST)
            if password_form.is_valid():
                password_form.save()
                update_session_auth_hash(request, password_form.user)
                messages.success(request, _("Your password is changed."))
                return redirect("people:account")
        status = 400
    context = {"email_form": email_form, "password_form": password_form, "mail_ready": outbox.is_configured()}
    return render(request, "clubs/people/account.html", context, status=status)


@never_cache  # the new token is shown once: never from a cache or the back button
@login_required
def api_tokens(request):
    form = TokenForm()
    context = {}
    status = 200
    if request.method == "POST":
        form = TokenForm(request.POST)
        if form.is_valid():
            try:
                context["new_token"] = services.make_api_token(user=request.user, name=form.cleaned_data["name"])
                context["new_name"] = form.cleaned_data["name"].strip()
                form = TokenForm()
            except PeopleRefused as refused:
                form.add_error("name", refused.message)
                status = 400
        else:
            status = 400
    context.update(form=form, tokens=TokenTable(selectors.tokens_of(request.user), csrf_token=get_token(request)))
    return render(request, "clubs/people/tokens.html", context, status=status)


@login_required
@require_POST
def revoke_api_token(request, pk):
    if not selectors.has_token(request.user, pk):
        raise Http404  # another account's token: not there for you
    try:
        token = services.revoke_api_token(user=request.user, token_id=pk)
    except PeopleRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token.name or token.prefix})
    return redirect("people:tokens")


class ForgottenPasswordView(PasswordResetView):
    """Django's reset view; where this server sends no mail it says so and sends nothing."""

    def get_context_data(self, **kwargs):
        return super().get_context_data(mail_ready=outbox.is_configured(), **kwargs)

    def post(self, request, *args, **kwargs):
        if not outbox.is_configured():
            return self.render_to_response(self.get_context_data())
        return super().post(request, *args, **kwargs)
