import GLibCore

/// The colours the header bar's control offers the page's `changeBackgroundColor(colour)`.
public enum PageColour: String, CaseIterable, Sendable {
    case black, red, blue, green, purple

    /// The name shown in the control.
    public var label: String {
        switch self {
        case .black: tr("Black", context: "colour")
        case .red: tr("Red", context: "colour")
        case .blue: tr("Blue", context: "colour")
        case .green: tr("Green", context: "colour")
        case .purple: tr("Purple", context: "colour")
        }
    }
}
