/// The zoom levels Ctrl+plus and Ctrl+minus step through, as browsers do, so repeated
/// presses land on familiar values (90 %, 110 %, 125 %…) rather than drifting.
public enum Zoom {
    /// The steps, as fractions of 100 % (0.3 is 30 %, 3 is 300 %), in ascending order; 1 is
    /// a page's default.
    public static let levels: [Double] = [0.3, 0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3]

    /// The next level above `level`, or the largest.
    public static func larger(than level: Double) -> Double {
        levels.first { $0 > level + 0.001 } ?? levels.last!
    }

    /// The next level below `level`, or the smallest.
    public static func smaller(than level: Double) -> Double {
        levels.last { $0 < level - 0.001 } ?? levels.first!
    }
}
