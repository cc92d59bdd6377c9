import Foundation

/// The benchmark's table: one row per measurement, each with its target and whether it met it.
@MainActor
final class Report {
    struct Row {
        let group: String
        let label: String
        let measured: String
        let target: String
        let passed: Bool?
    }

    private(set) var rows: [Row] = []

    /// Adds a row and prints it at once, so a long run shows its progress.
    func add(_ group: String, _ label: String, measured: String, target: String = "—", passed: Bool? = nil) {
        let row = Row(group: group, label: label, measured: measured, target: target, passed: passed)
        rows.append(row)
        print(Self.line(row))
    }

    static func line(_ row: Row) -> String {
        let verdict = row.passed.map { $0 ? "PASS" : "FAIL" } ?? "info"
        return "\(pad(row.group, 22)) \(pad(row.label, 34)) \(pad(row.measured, 52)) \(pad(row.target, 16)) \(verdict)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    var failures: [Row] { rows.filter { $0.passed == false } }

    func printSummary() {
        print("\n" + Self.line(Row(group: "GROUP", label: "WORKLOAD", measured: "MEASURED", target: "TARGET", passed: nil))
                .replacingOccurrences(of: "info", with: "RESULT"))
        rows.forEach { print(Self.line($0)) }
        let targeted = rows.filter { $0.passed != nil }.count
        print(failures.isEmpty ? "\nall \(targeted) targets met" : "\n\(failures.count) of \(targeted) targets missed")
    }
}
