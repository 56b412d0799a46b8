extension ScrubEngine {
    /// Words that, before `code` (or `otp`, `pin`, `passcode`), say a message carries a one-time
    /// code: `Your Acme verification code is 643859`, `Login code: 5821`.
    static let oneTimeCodeQualifiers: [String] = [
        "verification", "verify", "login", "log-in", "sign-in", "signin", "security", "one-time", "onetime",
        "confirmation", "confirm", "authentication", "2fa", "two-factor", "mfa", "otp", "passcode", "access",
    ]

    /// A one-time code in a message's text: a run of 4 to 8 digits standing alone, with `code`,
    /// `otp`, `pin` or `passcode` and a word that says what it unlocks in the 64 bytes before it or
    /// the 40 after it (`Use 90417342 as your one-time passcode`).
    /// Phone numbers, dates, amounts and ids stay: the digits must not be joined to other digits,
    /// letters, `+`, `-`, `/` or `.` followed by a digit.
    func oneTimeCodes(_ bytes: [UInt8]) -> Found {
        var found = Found()
        guard bytes.count >= 12, rules.isEnabled(.secretField) else { return found }
        var index = 0
        while index < bytes.count {
            guard ShapeBytes.isDigit(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, ShapeBytes.isDigit(bytes[index]) { index += 1 }
            let end = index
            guard (4...8).contains(end - start), ScrubEngine.standsAlone(bytes, start..<end) else { continue }
            let before = ScrubBytes.string(bytes, max(0, start - 64)..<start).lowercased()
            let after = ScrubBytes.string(bytes, end..<min(bytes.count, end + 40)).lowercased()
            guard ScrubEngine.namesOneTimeCode(before) || ScrubEngine.namesOneTimeCode(after) else { continue }
            found.spans.append(
                Span(
                    range: start..<end, secret: ScrubBytes.string(bytes, start..<end), rule: rules.spec(.secretField),
                    summary: "one-time code in a message"))
        }
        return found
    }

    /// `code`, `otp`, `pin` or `passcode`, and a word that says what it unlocks.
    private static func namesOneTimeCode(_ window: String) -> Bool {
        ["code", "otp", "pin", "passcode"].contains(where: window.contains)
            && oneTimeCodeQualifiers.contains(where: window.contains)
    }

    private static func standsAlone(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        // A group of a number written with spaces (`+1 415 555 0100`).
        if range.lowerBound >= 2, bytes[range.lowerBound - 1] == 0x20, ShapeBytes.isDigit(bytes[range.lowerBound - 2]) {
            return false
        }
        if range.upperBound + 1 < bytes.count, bytes[range.upperBound] == 0x20,
            ShapeBytes.isDigit(bytes[range.upperBound + 1])
        {
            return false
        }
        if range.lowerBound > 0 {
            let before = bytes[range.lowerBound - 1]
            if ShapeBytes.isAlphanumeric(before) || before == UInt8(ascii: "+") || before == UInt8(ascii: "-")
                || before == UInt8(ascii: "/") || before == UInt8(ascii: ".") || before == UInt8(ascii: "$")
                || before == UInt8(ascii: "_")
            {
                return false
            }
        }
        if range.upperBound < bytes.count {
            let after = bytes[range.upperBound]
            if ShapeBytes.isAlphanumeric(after) || after == UInt8(ascii: "_") { return false }
            if after == UInt8(ascii: "-") || after == UInt8(ascii: "/") || after == UInt8(ascii: ".")
                || after == UInt8(ascii: ",") || after == UInt8(ascii: ":")
            {
                let next = range.upperBound + 1
                if next < bytes.count, ShapeBytes.isDigit(bytes[next]) { return false }
            }
        }
        return true
    }
}
