import Glibc
import WebViewHostApp

exit(MainActor.assumeIsolated { HostApplication.run() })
