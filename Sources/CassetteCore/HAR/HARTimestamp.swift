import Foundation

/// HAR's `startedDateTime` (ISO 8601 with a time zone offset, as browsers and proxies write it)
/// and the `recorded` day of a cassette interaction.
package enum HARTimestamp {
    /// The timestamp `cassette export` writes for an interaction without a `recorded` day: the Unix
    /// epoch. `cassette import` reads this day back as "no recorded day".
    package static let unknownDay = "1970-01-01"

    /// The `startedDateTime` `cassette export` writes for an interaction recorded on `day`
    /// (midnight UTC of that day; ``unknownDay`` when there is none), so an export is byte-stable.
    package static func startedDateTime(forDay day: String?) -> String {
        "\(day ?? unknownDay)T00:00:00.000Z"
    }

    /// The UTC day (`YYYY-MM-DD`) of an ISO 8601 date-time such as `2026-12-01T09:30:00.123Z`,
    /// `2026-12-01T23:30:00.123456-05:00` or `2026-12-01T09:30:00+0100`; a time without an offset is
    /// taken as UTC. `nil` when `text` is not such a date-time.
    package static func utcDay(of text: String) -> String? {
        instant(of: text).map { RecordingDay.string(for: Date(timeIntervalSince1970: $0.rounded(.down))) }
    }

    /// The moment an ISO 8601 date-time (as ``utcDay(of:)`` reads them) stands for, in seconds since
    /// 1970 (UTC), with its fraction of a second; `nil` when `text` is not such a date-time. Orders
    /// HAR entries by when they started.
    package static func instant(of text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, let midnight = RecordingDay.date(String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        var index = 10
        var seconds = 0
        var fraction = 0.0
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ") else { return nil }
            index += 1
            guard let hour = digits(bytes, &index, 2), hour < 24, expect(bytes, &index, ":"),
                let minute = digits(bytes, &index, 2), minute < 60
            else { return nil }
            seconds = hour * 3600 + minute * 60
            if expect(bytes, &index, ":") {
                guard let second = digits(bytes, &index, 2), second <= 60 else { return nil }
                seconds += second
                if expect(bytes, &index, ".") || expect(bytes, &index, ",") {
                    let start = index
                    var scale = 0.1
                    while index < bytes.count, isDigit(bytes[index]) {
                        fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                        scale /= 10
                        index += 1
                    }
                    guard index > start else { return nil }
                }
            }
            if index < bytes.count {
                if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
                    index += 1
                    guard let offsetHours = digits(bytes, &index, 2), offsetHours < 24 else { return nil }
                    _ = expect(bytes, &index, ":")
                    let offsetMinutes = digits(bytes, &index, 2) ?? 0
                    guard offsetMinutes < 60 else { return nil }
                    seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60)
                }
            }
        }
        guard index == bytes.count else { return nil }
        return midnight.timeIntervalSince1970 + Double(seconds) + fraction
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func digits(_ bytes: [UInt8], _ index: inout Int, _ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    private static func expect(_ bytes: [UInt8], _ index: inout Int, _ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }
}
