"""The notes example under WebDriver: a note typed into its page is stored through the app's
addNote handler and listed; a second window of the session lists it too, and closing that
window leaves the first one working."""

import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from app_session import PageInput, app_session, arguments


def main():
    options = arguments(__doc__)
    with app_session(options) as driver:
        page_input = PageInput(driver, options.script_input)
        assert driver.capabilities["browserName"] == options.browser_name, driver.capabilities
        driver.get("app://localhost/index.html")
        WebDriverWait(driver, 20).until(lambda d: d.title == "Notes (0)")
        page_input.type(driver.find_element(By.ID, "text"), "Buy milk", submit=True)
        WebDriverWait(driver, 20).until(lambda d: d.title == "Notes (1)")
        listed = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#notes li .text")]
        assert listed == ["Buy milk"], listed
        assert driver.find_element(By.ID, "error").text == ""

        first = driver.current_window_handle
        driver.switch_to.new_window("window")
        driver.get("app://localhost/index.html")
        WebDriverWait(driver, 20).until(lambda d: d.title == "Notes (1)")
        assert len(driver.window_handles) == 2, driver.window_handles
        driver.close()
        driver.switch_to.window(first)
        assert driver.window_handles == [first], driver.window_handles
        page_input.type(driver.find_element(By.ID, "text"), "Call Ada", submit=True)
        WebDriverWait(driver, 20).until(lambda d: d.title == "Notes (2)")
        print(f"notes example: listed {listed}, then 2 notes after a second window came and went")


if __name__ == "__main__":
    sys.exit(main())
