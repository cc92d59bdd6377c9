// A tiny app built on `Application`, launched twice by the single-instance tests:
//   application-probe [--separate] <application-id> [uri-or-path…]
// (`--separate` runs it with `unique: false`.)
// It reports on stdout what reached which process: "activated <pid>",
// "opened <pid> <uri>…" and "exited <pid> <status>". An open closes its window,
// so the primary instance then quits because its last window closed.
import Foundation
import WebKitGTK

/// Writes one line straight to stdout, unbuffered, so the test sees it at once.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let separate = CommandLine.arguments.dropFirst().first == "--separate"
let arguments = separate ? [CommandLine.arguments[0]] + CommandLine.arguments.dropFirst(2) : CommandLine.arguments
let pid = getpid()
let status = MainActor.assumeIsolated {
    let application = Application(id: arguments[1], unique: !separate)
    application.onActivate {
        report("activated \(pid)")
        guard application.openWindows.isEmpty else { return }
        let window = Window(title: "probe", width: 200, height: 100)
        application.add(window)
        window.showAll()
    }
    application.onOpen { uris in
        report("opened \(pid) \(uris.joined(separator: " "))")
        application.openWindows.forEach { $0.close() }
    }
    return application.run(arguments: [arguments[0]] + arguments.dropFirst(2))
}
report("exited \(pid) \(status)")
exit(status)
