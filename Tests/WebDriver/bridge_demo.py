"""webview-host's bridge demo under WebDriver: the page geocodes an address through the app's
native geocodeAddress handler and shows the latitude the app sends back."""

import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from app_session import PageInput, app_session, arguments

PARIS_LATITUDE = 48.8566


def fill(driver, page_input, name, text):
    field = driver.find_element(By.NAME, name)
    field.clear()
    if text:
        page_input.type(field, text)


def main():
    options = arguments(__doc__)
    with app_session(options) as driver:
        page_input = PageInput(driver, options.script_input)
        assert driver.capabilities["browserName"] == options.browser_name, driver.capabilities
        driver.get("app://localhost/bridge.html")
        assert driver.title == "Bridge demo", driver.title
        for name, text in [("street", ""), ("city", "Paris"), ("state", ""), ("country", "France")]:
            fill(driver, page_input, name, text)
        page_input.click(driver.find_element(By.CSS_SELECTOR, "#address button[type=submit]"))
        latitude = driver.find_element(By.ID, "latitude")
        # "–" before, "…" while the app answers, then the number.
        WebDriverWait(driver, 20).until(lambda _: latitude.text not in ("–", "…", ""))
        error = driver.find_element(By.ID, "geocode-error")
        assert not error.is_displayed(), error.text
        shown = float(latitude.text)
        assert abs(shown - PARIS_LATITUDE) < 0.05, f"latitude {shown}, expected about {PARIS_LATITUDE}"
        place = driver.find_element(By.ID, "place").text
        assert "Paris" in place, place
        print(f"bridge demo: Paris, France is at latitude {shown} ({place})")


if __name__ == "__main__":
    sys.exit(main())
