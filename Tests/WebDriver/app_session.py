"""A Selenium session on an app built with WebViewHost, through WebKitGTK's WebKitWebDriver.

The driver runs already (``WebKitWebDriver --port=PORT``); the session asks it to start the
app with ``--automation``, the flag every WebViewHost app takes, and to match the app by the
browser name it reports (its program name) instead of Selenium's default ``MiniBrowser``.
"""

import argparse
import contextlib

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.webkitgtk.options import Options


def arguments(description):
    """The command line every script here takes: where the driver listens, which app it starts."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--driver", required=True, help="the WebKitWebDriver URL, e.g. http://127.0.0.1:4444")
    parser.add_argument("--app", required=True, help="the app's executable")
    parser.add_argument("--browser-name", required=True, help="the name the app reports (its program name)")
    parser.add_argument("--script-input", action="store_true",
                        help="type and click from page scripts: WebKitGTK 6.0 simulates no input for WebDriver")
    return parser.parse_args()


@contextlib.contextmanager
def app_session(options):
    """A WebDriver session whose windows are the app's own; ended (and the app with it) on exit."""
    browser = Options()
    browser.binary_location = options.app
    browser.add_argument("--automation")
    browser.set_capability("browserName", options.browser_name)
    driver = webdriver.Remote(command_executor=options.driver, options=browser)
    try:
        yield driver
    finally:
        driver.quit()


class PageInput:
    """Typing and clicking in the app's page, as WebDriver's simulated input does, or, with
    ``script_input``, from a script in the page: WebKitGTK 6.0 (2.50, GTK 4) answers every
    simulated click and key with an error that has no message, on X11 and Wayland alike, and
    so does WebKit's own MiniBrowser for 6.0. A script sets a field's value and fires its
    ``input`` event, and clicks an element or submits its form; the page's handlers run as
    for a user, though ``event.isTrusted`` is false. The first use checks that simulated
    input still fails there, so the day WebKit mends it this stops passing and says so."""

    def __init__(self, driver, script_input):
        self.driver = driver
        self.script_input = script_input
        self.checked = False

    def type(self, element, text, submit=False):
        """Types ``text`` into the field ``element``, then submits its form for ``submit``."""
        if not self.script_input:
            element.send_keys(text, Keys.ENTER) if submit else element.send_keys(text)
            return
        self._check_simulated_input_fails(element)
        self.driver.execute_script(
            "const [field, text, submit] = arguments;"
            "field.focus(); field.value = text;"
            "field.dispatchEvent(new Event('input', {bubbles: true}));"
            "if (submit) field.form.requestSubmit();", element, text, submit)

    def click(self, element):
        """Clicks ``element``."""
        if not self.script_input:
            element.click()
            return
        self._check_simulated_input_fails(element)
        self.driver.execute_script("arguments[0].click()", element)

    def _check_simulated_input_fails(self, element):
        if self.checked:
            return
        self.checked = True
        try:
            element.click()
        except WebDriverException:
            return
        raise AssertionError("WebDriver's simulated input works with this WebKit: drop --script-input")
