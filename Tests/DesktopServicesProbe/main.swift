// A small app built on `Application` and DesktopServices, launched by DesktopServicesTests on
// a private session bus where the test runs fake desktop services:
//   DesktopServicesProbe <application-id> <scenario>
// Scenarios: `notify` (sends a notification, quits on its "quit" answer), `notify-and-quit`
// (sends one and quits at once), `status-icon` (a status icon with the menu Open, a
// separator, Disabled and Quit).
// It reports on stdout, one line each: "started <pid>", "sent", "response <id> <action>",
// "icon <bus name>", "menu <item>", "activate <x> <y>", "removed <bus name>" (the icon's name
// is off the bus after shutdown), "exited <status>".
import CGLib
import DesktopServices
import Foundation
import GLibCore
import GtkWidgets

/// Writes one line straight to stdout, unbuffered, so the test sees it at once.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
let status = MainActor.assumeIsolated {
    let application = Application(id: arguments[1], name: "Probe")
    var kept: [AnyObject] = []
    application.onStartup {
        report("started \(getpid())")
        let notifications = Notifications(application: application)
        kept.append(notifications)
        let note = savedNote()
        kept.append(notifications.onResponse { response in
            report("response \(response.notificationID) \(response.action)")
            // The server took the notification away on the click: show it again, until "Quit".
            if response.action == "quit" { application.quit() } else { send(note, with: notifications) }
        })
        switch arguments[2] {
        case "notify", "notify-and-quit":
            kept.append(application.hold())
            send(note, with: notifications)
            if arguments[2] == "notify-and-quit" { application.quit() }
        default:
            kept.append(application.hold())
            showStatusIcon(in: application, keeping: &kept)
        }
    }
    application.onActivate {}
    return application.run(arguments: [arguments[0]])
}
report("exited \(status)")
exit(status)

/// The notification of the `notify` scenarios: a click, "Snooze" and "Quit".
func savedNote() -> DesktopNotification {
    var note = DesktopNotification(id: "saved", title: "Note saved", body: "Groceries: milk, eggs", iconName: "document-save",
                                   buttons: [.init("Snooze", action: "snooze"), .init("Quit", action: "quit")])
    note.priority = .urgent
    return note
}

@MainActor
func send(_ note: DesktopNotification, with notifications: Notifications) {
    do { try notifications.send(note) } catch { return report("failed \(error)") }
    report("sent")
}

/// A status icon whose menu reports each pick; "Open" changes the tooltip, "Quit" quits.
@MainActor
func showStatusIcon(in application: Application, keeping kept: inout [AnyObject]) {
    var icon: StatusIcon?
    do {
        icon = try StatusIcon(application: application, iconName: "mail-unread", tooltip: "3 unread", menu: [
            .command("Open") { report("menu open"); icon?.tooltip = "opened" },
            .separator,
            .command("Disabled", isEnabled: false) { report("menu disabled") },
            .command("Quit") { report("menu quit"); application.quit() },
        ])
    } catch {
        return report("failed \(error)")
    }
    guard let icon else { return }
    icon.onActivate = { x, y in report("activate \(x) \(y)") }
    report("icon \(icon.busName)")
    kept.append(icon)
    // After the icon's own shutdown handler: is its name still on the bus?
    kept.append(Signals.connect(application.reference.raw, "shutdown") {
        let bus = g_application_get_dbus_connection(application.reference.cast(to: GApplication.self))
        var name = [g_variant_new_string(icon.busName)]
        let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus", "NameHasOwner", g_variant_new_tuple(&name, 1), nil,
                                                G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
        if let reply {
            if takeString(g_variant_print(reply, 0)) == "(false,)" { report("removed \(icon.busName)") }
            g_variant_unref(reply)
        }
    })
}
