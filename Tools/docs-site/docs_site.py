#!/usr/bin/env python3
"""The browsable API reference `make docs` builds: one static DocC site of every library module.

    docs_site.py check SITE MODULE...   fails unless SITE, served over HTTP as `serve` serves it,
                                        has a landing page (/documentation/) linking every
                                        MODULE and each MODULE's own page
    docs_site.py serve SITE [--port N] [--no-open]
                                        serves SITE on 127.0.0.1 until Ctrl+C and opens its
                                        landing page in the desktop's browser (xdg-open)

A DocC site is a JavaScript app that fetches its pages' JSON, so it needs a web server: a
browser refuses those fetches from file: URLs. Python's own server is enough, since DocC's
static-hosting transform writes an index.html into every page's folder.
"""
import argparse
import functools
import http.server
import json
import shutil
import subprocess
import sys
import threading
import urllib.request

LANDING = "/documentation/"


def start_server(site, port):
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def fetch(base, path):
    with urllib.request.urlopen(base + path, timeout=10) as response:
        return response.read().decode("utf-8")


def check(site, modules):
    server = start_server(site, 0)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    problems = []
    try:
        try:
            if 'id="app"' not in fetch(base, LANDING):
                problems.append(f"{LANDING} is not DocC's page")
            landing = json.loads(fetch(base, "/data/documentation.json"))
        except Exception as error:  # no site, or no landing page in it
            return [f"no landing page at {LANDING} of {site}: {error}"]
        linked = {reference.get("url") for reference in landing.get("references", {}).values()}
        listed = {identifier for section in landing.get("topicSections", []) for identifier in section.get("identifiers", [])}
        for module in modules:
            url = f"/documentation/{module.lower()}"
            if url not in linked or not any(identifier.endswith(f"/documentation/{module}") for identifier in listed):
                problems.append(f"the landing page does not link {module} ({url})")
            try:
                page = json.loads(fetch(base, f"/data{url}.json"))
                if page.get("metadata", {}).get("title") != module:
                    problems.append(f"{url} is not {module}'s page")
                fetch(base, url + "/")
            except Exception as error:
                problems.append(f"{module}'s page {url}/ is not served: {error}")
    finally:
        server.shutdown()
    return problems


def serve(site, port, open_browser):
    try:
        server = start_server(site, port)
    except OSError:  # the port is taken: any free one
        server = start_server(site, 0)
    url = f"http://127.0.0.1:{server.server_address[1]}{LANDING}"
    print(f"The API reference: {url} (Ctrl+C stops serving it)", flush=True)
    if open_browser and shutil.which("xdg-open"):
        subprocess.Popen(["xdg-open", url], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    server.shutdown()


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check")
    checking.add_argument("site")
    checking.add_argument("modules", nargs="+")
    serving = commands.add_parser("serve")
    serving.add_argument("site")
    serving.add_argument("--port", type=int, default=8000)
    serving.add_argument("--no-open", action="store_true")
    arguments = parser.parse_args()
    if arguments.command == "serve":
        serve(arguments.site, arguments.port, not arguments.no_open)
        return 0
    problems = check(arguments.site, arguments.modules)
    for problem in problems:
        print(f"docs-site: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"docs-site: {LANDING} links all {len(arguments.modules)} modules, each served")
    return 0


if __name__ == "__main__":
    sys.exit(main())
