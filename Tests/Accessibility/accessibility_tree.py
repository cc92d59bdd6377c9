#!/usr/bin/env python3
"""What a screen reader reads of one process's windows, through AT-SPI.

    accessibility_tree.py --pid PID [--skip-other-processes] tree
        prints every object below the app's windows, one a line, as JSON:
        {"role": …, "name": …, "path": [names and roles of its ancestors], "showing": bool,
         "process": pid, "depth": n, "x", "y", "width", "height": its box on screen (the app's own objects)}
    accessibility_tree.py --pid PID [--skip-other-processes] act ROLE NAME ACTION
        does ACTION ("click", "press") on the first showing object with that role and name.

Objects of other processes (a sandboxed web process answers for the page) are walked too,
unless --skip-other-processes: a page stuck in a loop answers nothing. Exits 2 when the
app is not on the accessibility bus.
"""
import argparse
import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


def application(pid):
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        child = desktop.get_child_at_index(index)
        if child is not None and child.get_process_id() == pid:
            return child
    return None


def process_of(accessible):
    try:
        return accessible.get_process_id()
    except Exception:
        return -1


def extents(accessible):
    """The object's box on screen ({x, y, width, height}), empty when it has no component (or went away)."""
    try:
        component = accessible.get_component_iface()
        box = component.get_extents(Atspi.CoordType.SCREEN) if component else None
        return {"x": box.x, "y": box.y, "width": box.width, "height": box.height} if box else {}
    except Exception:
        return {}


def walk(accessible, pid, skip_other, path, depth, found):
    """Every object below `accessible`, depth first; a cycle or a dead object ends a branch."""
    if depth > 60:
        return
    for index in range(accessible.get_child_count()):
        child = accessible.get_child_at_index(index)
        if child is None:
            continue
        process = process_of(child)
        if skip_other and process != pid:
            found.append({"role": "(another process)", "name": "", "path": path, "showing": False,
                          "process": process, "depth": depth})
            continue
        try:
            role = child.get_role_name()
            name = child.get_name() or ""
            states = child.get_state_set()
        except Exception as error:  # an object gone while the walk reached it
            found.append({"role": "gone", "name": str(error), "path": path, "showing": False,
                          "process": -1, "depth": depth})
            continue
        found.append({"role": role, "name": name, "path": path,
                      "showing": states.contains(Atspi.StateType.SHOWING),
                      "process": process, "depth": depth, **(extents(child) if process == pid else {})})
        walk(child, pid, skip_other, path + [f"{role} {name!r}"], depth + 1, found)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pid", type=int, required=True)
    commands = parser.add_subparsers(dest="command", required=True)
    parser.add_argument("--skip-other-processes", action="store_true")
    commands.add_parser("tree")
    act = commands.add_parser("act")
    act.add_argument("role")
    act.add_argument("name")
    act.add_argument("action")
    arguments = parser.parse_args()

    # A process that does not answer fails its call in seconds, not D-Bus's 25.
    Atspi.set_timeout(3000, 15000)
    app = application(arguments.pid)
    if app is None:
        print(f"process {arguments.pid} is not on the accessibility bus", file=sys.stderr)
        return 2
    if arguments.command == "tree":
        found = []
        walk(app, arguments.pid, arguments.skip_other_processes, [], 0, found)
        for entry in found:
            print(json.dumps(entry))
        return 0

    found = []
    stack = [app]
    while stack:
        accessible = stack.pop()
        for index in range(accessible.get_child_count()):
            child = accessible.get_child_at_index(index)
            if child is None or (arguments.skip_other_processes and process_of(child) != arguments.pid):
                continue
            if (child.get_role_name() == arguments.role and (child.get_name() or "") == arguments.name
                    and child.get_state_set().contains(Atspi.StateType.SHOWING)):
                actions = child.get_action_iface()
                names = [actions.get_action_name(i) for i in range(actions.get_n_actions())] if actions else []
                if arguments.action not in names and len(names) == 1:
                    arguments.action = names[0]
                if arguments.action not in names:
                    print(f"{arguments.role} {arguments.name!r} has no action {arguments.action} ({names})",
                          file=sys.stderr)
                    return 1
                actions.do_action(names.index(arguments.action))
                return 0
            stack.append(child)
    print(f"no showing {arguments.role} named {arguments.name!r}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
