"""A parent that has imported the site once and forks a fresh Celery worker or web server
on request, in a fraction of a second instead of the seconds an import takes on a busy
machine. Tests get their own worker and server this way (see ``tests/conftest.py``):
stopped, and waited for, before their database is flushed.

    python -m tests.forkserver      then one JSON line per process on stdin:
    {"kind": "worker", "argv": [...celery worker arguments], "log": "/path"}
    {"kind": "web", "port": 8123, "log": "/path"}
    and optionally "setup": "module:function", called in the new process before it serves
    (the test-only race game installs itself this way), and "settings": {name: value},
    set in it before it serves.
It answers each with the new process's pid (its own process group), after "ready".
It never opens a database connection: only the processes it forks do.
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import sys


def _reap(*_) -> None:
    """Collect the forked processes that ended, so none stays a zombie."""
    try:
        while True:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if not pid:
                return
            # In this server's log: how each forked process ended, for a test that
            # finds one dead before it was ready.
            print(f"pid {pid} ended: {os.waitstatus_to_exitcode(status)}", file=sys.stderr)
    except ChildProcessError:
        pass


def _child(order: dict) -> None:
    os.setpgid(0, 0)  # a group of its own: stopped with everything it starts
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    null = os.open(os.devnull, os.O_RDONLY)
    log = os.open(order["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    sys.stdin = open(0)  # noqa: SIM115 - the process's own, for its life
    sys.stdout = open(1, "w", buffering=1)  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1)  # noqa: SIM115
    if order.get("setup"):
        module, function = order["setup"].split(":")
        getattr(importlib.import_module(module), function)()
    if order.get("settings"):
        # A test's own values of settings read at call time (a short first-move window).
        from django.conf import settings

        for name, value in order["settings"].items():
            setattr(settings, name, value)
    if order["kind"] == "web":
        import uvicorn

        from webapp.config import asgi

        if order.get("setup"):
            # The parent built the site's middleware, and WhiteNoise listed the static
            # files then: built afresh, it serves what the setup added.
            importlib.reload(asgi)
        application = asgi.application
        from webapp.launcher import HTTP_PROTOCOL, trusted_proxies

        trusted = trusted_proxies(os.environ)
        uvicorn.run(
            application,
            host="127.0.0.1",
            port=order["port"],
            log_level="warning",
            http=HTTP_PROTOCOL,  # as make run serves: request heads within a deadline
            # and believing forwarded headers only from the proxies it is told of
            proxy_headers=bool(trusted),
            forwarded_allow_ips=trusted or None,
        )
    else:
        from webapp.config.celery import app

        app.worker_main(order["argv"])


def main() -> None:
    # What the worker and the web server import, once, before any fork.
    import django

    django.setup()
    import uvicorn  # noqa: F401

    from webapp.config.asgi import application  # noqa: F401
    from webapp.config.celery import app

    app.loader.import_default_modules()
    signal.signal(signal.SIGCHLD, _reap)
    print("ready", flush=True)
    for line in sys.stdin:
        order = json.loads(line)
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                _child(order)
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else 1
            except BaseException:
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        # The parent sets the group too, so it exists before the pid is answered: a test
        # may stop the process before the child has run a line.
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass  # the child did it first
        print(pid, flush=True)


if __name__ == "__main__":
    main()
