/// Unguessable tokens for capabilities a page must not be able to forge or guess: the
/// bridge's secret handler names, the media server's URL token.
public enum SecretToken {
    /// 128 random bits from the system's generator, as 32 lower-case hex digits.
    public static func random128() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
