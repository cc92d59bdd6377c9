/// Asks the user whether an origin may have a permission.
///
/// A protocol so tests can answer without a dialog; `GTKPermissionPrompter` is the real one.
@MainActor
public protocol PermissionPrompter: AnyObject {
    /// True to allow. Anything but an explicit yes must answer false.
    func decide(_ question: PermissionQuestion) async -> Bool
}
