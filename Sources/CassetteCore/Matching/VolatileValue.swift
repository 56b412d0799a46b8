import CassetteScrubbing
import Foundation

/// Recognises values that change on every run of a test, such as a client timestamp or a freshly
/// generated id, so a miss can say so and suggest the rule that tolerates them instead of
/// re-recording a request that will differ again next time.
package enum VolatileValue {
    /// What `value` (found under `name`, when it has one) looks like, when it looks like a value
    /// that changes on every run: `a timestamp`, `a UUID`, `a Unix time`, `a random token`; `nil`
    /// otherwise.
    package static func kind(of value: String, name: String? = nil) -> String? {
        let bytes = Array(value.utf8)
        if ShapeBytes.isUUID(bytes) { return "a UUID" }
        if isISODateTime(bytes) { return "a timestamp" }
        if let number = Double(value), isUnixTime(number) { return "a Unix time" }
        if isRandomToken(bytes) { return "a random token" }
        if let name, namesChangingValue(name), !value.isEmpty { return "a value named \(name)" }
        return nil
    }

    /// ``kind(of:name:)`` of a JSON value: strings and numbers only.
    package static func kind(of value: JSONValue, name: String? = nil) -> String? {
        switch value {
        case .string(let text): kind(of: text, name: name)
        case .number(let literal): kind(of: literal, name: name)
        default: nil
        }
    }

    /// Names that by themselves say the value changes: `timestamp`, `nonce`, `requestId`, `_`.
    static func namesChangingValue(_ name: String) -> Bool {
        let words = ScrubNameMatcher.words(name)
        if name == "_" || words == ["t"] || words == ["ts"] || words == ["cb"] { return true }
        let volatileWords: Set = ["timestamp", "nonce", "uuid", "guid", "trace", "correlation", "idempotency"]
        if words.contains(where: volatileWords.contains) { return true }
        if words.count >= 2, words.last == "id", ["request", "client", "trace", "span", "message"].contains(words[0]) {
            return true
        }
        if let last = words.last, ["time", "at", "timestamp", "date"].contains(last), words.count >= 2 {
            return ["client", "request", "sent", "created", "updated", "current", "local", "now"].contains(words[0])
        }
        return false
    }

    /// `YYYY-MM-DDTHH:MM` (or a space for `T`), with anything after it: seconds, fractions, a zone.
    static func isISODateTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes.count <= 40 else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15]
        guard digits.allSatisfy({ ShapeBytes.isDigit(bytes[$0]) }) else { return false }
        return bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && (bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ")) && bytes[13] == UInt8(ascii: ":")
    }

    /// Seconds, milliseconds or microseconds since 1970 within 2001 and 2100.
    static func isUnixTime(_ number: Double) -> Bool {
        let seconds: ClosedRange<Double> = 978_307_200...4_102_444_800
        return seconds.contains(number) || seconds.contains(number / 1_000) || seconds.contains(number / 1_000_000)
    }

    /// At least 16 characters of hex, or of base64/base64url with both letters and digits, and no
    /// other character: the shape of nonces, generated ids and hashes.
    static func isRandomToken(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes.count <= 512 else { return false }
        if bytes.allSatisfy(ShapeBytes.isHexDigit) { return bytes.contains(where: ShapeBytes.isDigit) }
        var letters = false
        var digits = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): letters = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="): break
            default: return false
            }
        }
        return letters && digits
    }
}
