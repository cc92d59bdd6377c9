"""A Selenium session on an app built with WebViewHost, through WebKitGTK's WebKitWebDriver.

The driver runs already (``WebKitWebDriver --port=PORT``); the session asks it to start the
app with ``--automation``, the flag every WebViewHost app takes, and to match the app by the
browser name it reports (its program name) instead of Selenium's default ``MiniBrowser``.
"""

import argparse
import contextlib

from selenium import webdriver
from selenium.webdriver.webkitgtk.options import Options


def arguments(description):
    """The command line every script here takes: where the driver listens, which app it starts."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--driver", required=True, help="the WebKitWebDriver URL, e.g. http://127.0.0.1:4444")
    parser.add_argument("--app", required=True, help="the app's executable")
    parser.add_argument("--browser-name", required=True, help="the name the app reports (its program name)")
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
