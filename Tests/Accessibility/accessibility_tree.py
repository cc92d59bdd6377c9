#!/usr/bin/env python3
"""What a screen reader reads of one process's windows, through AT-SPI.

    accessibility_tree.py --pid PID [--skip-other-processes] [--shown-by-box] tree
        prints every object below the app's windows, one a line, as JSON:
        {"role": …, "name": …, "path": [names and roles of its ancestors], "showing": bool,
         "process": pid, "depth": n, "x", "y", "width", "height": its box on screen (the app's own objects)}
    accessibility_tree.py --pid PID [--skip-other-processes] [--shown-by-box] act ROLE NAME ACTION
        does ACTION ("click", "press") on the first showing object with that role and name;
        exits 3 printing its box as JSON when it has no action at all (GTK 4.8's menu
        button and menu items), for the caller to click it with the pointer.

"showing" is AT-SPI's showing state; with --shown-by-box (GTK 4.8, which sets showing on the
window alone, never on the widgets in it) an object counts as showing when it is visible and
has a box of some size on screen: a widget in a closed revealer (the hidden find bar) is
visible but has an empty box, and GTK 4 leaves hidden widgets out of the tree.

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


# Where boxes are measured: on screen; GTK 4 knows only its window (asked for the screen, it
# warns and answers in the window), which is the screen's origin under Xvfb with no window manager.
coordinates = Atspi.CoordType.SCREEN


def extents(accessible):
    """The object's box ({x, y, width, height}), empty when it has no component (or went away)."""
    try:
        component = accessible.get_component_iface()
        box = component.get_extents(coordinates) if component else None
        return {"x": box.x, "y": box.y, "width": box.width, "height": box.height} if box else {}
    except Exception:
        return {}


def showing(accessible, by_box):
    """Whether the object is on screen: its showing state, or (by_box) visible with a box of some size."""
    states = accessible.get_state_set()
    if not by_box:
        return states.contains(Atspi.StateType.SHOWING)
    box = extents(accessible)
    return states.contains(Atspi.StateType.VISIBLE) and box.get("width", 0) > 0 and box.get("height", 0) > 0


def walk(accessible, pid, skip_other, by_box, path, depth, found):
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
            shown = showing(child, by_box and process == pid)
        except Exception as error:  # an object gone while the walk reached it
            found.append({"role": "gone", "name": str(error), "path": path, "showing": False,
                          "process": -1, "depth": depth})
            continue
        found.append({"role": role, "name": name, "path": path,
                      "showing": shown,
                      "process": process, "depth": depth, **(extents(child) if process == pid else {})})
        walk(child, pid, skip_other, by_box, path + [f"{role} {name!r}"], depth + 1, found)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pid", type=int, required=True)
    commands = parser.add_subparsers(dest="command", required=True)
    parser.add_argument("--skip-other-processes", action="store_true")
    parser.add_argument("--shown-by-box", action="store_true")
    commands.add_parser("tree")
    act = commands.add_parser("act")
    act.add_argument("role")
    act.add_argument("name")
    act.add_argument("action")
    arguments = parser.parse_args()
    if arguments.shown_by_box:
        global coordinates
        coordinates = Atspi.CoordType.WINDOW

    # A process that does not answer fails its call in seconds, not D-Bus's 25.
    Atspi.set_timeout(3000, 15000)
    app = application(arguments.pid)
    if app is None:
        print(f"process {arguments.pid} is not on the accessibility bus", file=sys.stderr)
        return 2
    if arguments.command == "tree":
        found = []
        walk(app, arguments.pid, arguments.skip_other_processes, arguments.shown_by_box, [], 0, found)
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
                    and showing(child, arguments.shown_by_box)):
                actions = child.get_action_iface()
                names = [actions.get_action_name(i) for i in range(actions.get_n_actions())] if actions else []
                if not names:
                    print(json.dumps(extents(child)))
                    return 3
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
