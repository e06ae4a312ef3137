"""A real SMTP server on loopback for the mail tests (aiosmtpd): it keeps what it receives, and can be
stopped, started again on the same port, or made to refuse every message."""

from __future__ import annotations

import asyncio
import email
import email.policy
import socket
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """The aiosmtpd handler: ``messages`` holds every mail accepted, parsed."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.refuse: str | None = None  #: e.g. "550 5.7.1 Relaying denied": every recipient refused
        self.delay = 0.0  #: seconds to think before accepting a message (workers overlap)
        self.refuse_to: set[str] = set()  #: addresses refused ("550 No such user"), the others accepted
        self.greetings = 0  #: EHLOs received: one per SMTP connection
        self.lock = threading.Lock()

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        session.host_name = hostname
        with self.lock:
            self.greetings += 1
        return responses

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse:
            return self.refuse
        if address in self.refuse_to:
            return "550 5.1.1 No such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append(message)
        return "250 Message accepted for delivery"

    def message_ids(self) -> list[str]:
        with self.lock:
            return [m["Message-ID"] for m in self.messages]


class MailServer:
    """``start()`` and ``stop()`` as often as needed: the port stays the same."""

    def __init__(self, port: int | None = None, *, login: tuple[str, str] | None = None) -> None:
        self.port = port or free_port()
        self.inbox = Inbox()
        self.login = login  #: (user, password) the server demands (AUTH without TLS, loopback only)
        self.controller: Controller | None = None

    def authenticate(self, server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and (auth_data.login.decode(), auth_data.password.decode()) == self.login
        )
        return AuthResult(success=ok, handled=False)  # handled=False: aiosmtpd answers 535 itself

    def start(self) -> MailServer:
        extra = (
            {"authenticator": self.authenticate, "auth_require_tls": False, "auth_required": True} if self.login else {}
        )
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port, **extra)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def settings(self) -> dict:
        """The settings that send to this server (for the ``settings`` fixture or the environment)."""
        return {
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": self.port,
            "EMAIL_USE_TLS": False,
            "EMAIL_USE_SSL": False,
            "EMAIL_TIMEOUT": 5,
        }

    def environment(self) -> dict[str, str]:
        return {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(self.port), "EMAIL_USE_TLS": "0", "EMAIL_USE_SSL": "0"}
