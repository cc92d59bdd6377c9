// A small app on WebAppWindow's PageNotifications, launched by PageNotificationsTests on a
// private session bus where the test runs a fake notification server:
//   PageNotificationsProbe <application-id> <page directory>
// Its app:// page of the directory given says `new Notification(…)`; it quits when the
// page's title says "done". It reports on stdout, one line each: "started <pid>",
// "title <page title>", "presented", "exited <status>".
import CWebKitGTKHelpers
import Foundation
import WebAppWindow
import WebKitGTK

/// Writes one line straight to stdout, unbuffered, so the test sees it at once.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
/// Where the page's web context keeps its data, removed at exit.
let probeData = FileManager.default.temporaryDirectory.appendingPathComponent("page-notifications-probe-\(getpid())")
let status = MainActor.assumeIsolated {
    let application = Application(id: arguments[1], name: "Probe")
    var kept: [AnyObject] = []
    application.onStartup {
        report("started \(getpid())")
        let notifications = Notifications(application: application)
        kept.append(notifications)
        showPage(in: application, notifications: notifications, directory: arguments[2], keeping: &kept)
    }
    application.onActivate {}
    return application.run(arguments: [arguments[0]])
}
try? FileManager.default.removeItem(at: probeData)
report("exited \(status)")
exit(status)

/// A window showing the app:// page of `directory`, its notifications routed to the desktop.
@MainActor
func showPage(in application: Application, notifications: Notifications, directory: String, keeping kept: inout [AnyObject]) {
    // A context that keeps data (in a directory of its own): WebKit denies notifications in ephemeral ones.
    let context = WebContext(dataDirectory: probeData.appendingPathComponent("data").path,
                             cacheDirectory: probeData.appendingPathComponent("cache").path)
    let scheme = try! AppScheme(directory: directory)
    context.register(scheme)
    // The app's own pages may notify, as an app that declares the permission grants it.
    let origin = webkit_security_origin_new_for_uri("app://localhost/")
    let allowed = g_list_append(nil, UnsafeMutableRawPointer(origin))
    webkit_web_context_initialize_notification_permissions(context.reference.pointer, allowed, nil)
    g_list_free(allowed)
    webkit_security_origin_unref(origin)
    let view = WebView(context: context)
    let window = Window(title: "probe", width: 400, height: 300)
    window.setChild(view.widget)
    application.add(window)
    window.showAll()
    kept.append(PageNotifications(view: view, notifications: notifications, isAppPage: { $0.hasPrefix("app://localhost/") },
                                  onClick: { window.present(); report("presented") }))
    kept.append(view.observe { event in
        guard case .titleChanged(let title?) = event else { return }
        report("title \(title)")
        if title == "done" { window.close() }
    })
    kept.append(view)
    view.load(uri: scheme.uri(for: "index.html"))
}
