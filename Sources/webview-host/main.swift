import Foundation
import WebViewHostApp

exit(MainActor.assumeIsolated { HostApplication.run() })
