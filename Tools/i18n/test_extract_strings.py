"""The template check fails on a stale template, on a user-visible literal without tr(), and on
an interpolated message (python3 -m unittest discover -s Tools/i18n -p 'test_*.py')."""
import os
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "extract-strings.py")


class ExtractStringsTests(unittest.TestCase):
    def check(self, source, write_first=None):
        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "Sources"))
            path = os.path.join(folder, "Sources", "Bar.swift")
            pot = os.path.join(folder, "d.pot")
            if write_first is not None:
                open(path, "w").write(write_first)
                subprocess.run([sys.executable, TOOL, "write", "--domain", "d", "--output", pot, "Sources"], cwd=folder, check=True,
                               capture_output=True)
            open(path, "w").write(source)
            return subprocess.run([sys.executable, TOOL, "check", "--domain", "d", "--output", pot, "Sources"], cwd=folder,
                                  capture_output=True, text=True)

    def test_an_up_to_date_template_passes(self):
        source = 'let bar = InfoBar(message: tr("This page is not responding"), kind: .warning)\n'
        self.assertEqual(self.check(source, write_first=source).returncode, 0)

    def test_a_new_message_makes_the_template_stale(self):
        result = self.check('bar.addButton(tr("Wait"))\nbar.addButton(tr("Reload"))\n', write_first='bar.addButton(tr("Wait"))\n')
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("out of date", result.stderr)

    def test_a_literal_in_a_button_fails(self):
        source = 'bar.addButton("Wait")\n'
        result = self.check(source, write_first='let x = 1\n')
        self.assertIn("without tr()", result.stderr)

    def test_an_interpolated_message_fails(self):
        result = self.check('let t = tr("Saved \\(name)")\n', write_first='let x = 1\n')
        self.assertIn("interpolates", result.stderr)

    def test_plural_and_context_reach_the_template(self):
        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "Sources"))
            open(os.path.join(folder, "Sources", "A.swift"), "w").write(
                'let a = tr("{count} match", "{count} matches", count: n)\nlet b = tr("Open", context: "a saved file")\n')
            subprocess.run([sys.executable, TOOL, "write", "--domain", "d", "--output", "d.pot", "Sources"], cwd=folder, check=True,
                           capture_output=True)
            pot = open(os.path.join(folder, "d.pot")).read()
            self.assertIn('msgid "{count} match"\nmsgid_plural "{count} matches"', pot)
            self.assertIn('msgctxt "a saved file"\nmsgid "Open"', pot)


if __name__ == "__main__":
    unittest.main()
