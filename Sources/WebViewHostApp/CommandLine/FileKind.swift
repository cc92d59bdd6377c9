/// What a path on the command line names: only a regular file can be shown.
public enum FileKind: Sendable, Equatable {
    case missing
    case regular
    case directory
    /// A FIFO, device or socket: reading it could block or never end.
    case other
}
