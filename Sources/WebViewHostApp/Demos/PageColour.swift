/// The colours the header bar's control offers the page's `changeBackgroundColor(colour)`.
public enum PageColour: String, CaseIterable, Sendable {
    case black, red, blue, green, purple

    /// The name shown in the control.
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
