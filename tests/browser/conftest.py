import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# Module scope: Playwright's sync API keeps an event loop running while it is open,
# which async tests elsewhere must not find.
@pytest.fixture(scope="module")
def browser():
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        if os.environ.get("CI") or os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"Chromium is required here but {CHROMIUM} is missing")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    # Playwright's sync API drives its own loop; Django checks for a running loop.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()


#: How long a page action or a wait for something on a page may take, and how long an
#: ``expect`` assertion waits for its condition. Generous: they are deadlines for
#: conditions, which cost nothing when met, and a loaded machine (CI, or two busy cores)
#: takes seconds for what takes milliseconds here.
ACTION_TIMEOUT_MS = 60_000
EXPECT_TIMEOUT_MS = 30_000


#: A phone held upright: the viewport the issue names, with touch.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def new_page(browser, web_server):
    """Pages in fresh browser contexts: each context is a different guest; ``phone=True``
    makes it a 390 x 844 touch screen. The site's Content-Security-Policy is enforced
    only with ``csp=True``: Playwright's ``wait_for_function`` evaluates its string in
    the page, which the policy rightly refuses (test_what_players_meet.py enforces it
    on every page)."""
    contexts = []

    def make(phone: bool = False, csp: bool = False):
        extra = PHONE if phone else {}
        context = browser.new_context(
            base_url=web_server, accept_downloads=True, bypass_csp=not csp, **extra
        )
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
