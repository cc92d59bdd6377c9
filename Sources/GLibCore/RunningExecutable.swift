import FoundationEssentials

/// The file of the running program, where its resources and catalogs are looked for beside.
public enum RunningExecutable {
    /// The program's file as the kernel names it (`/proc/self/exe`, symbolic links resolved),
    /// nil where there is no `/proc`. Foundation's `Bundle.main` answers the same, but would
    /// link Foundation's ICU-backed half, with ICU's 34 MB of data, into every app.
    public static let url: URL? = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        .map { URL(fileURLWithPath: $0) }
}
