/// Number spellings: the one canonical spelling used by the request body hash, and the check for
/// integers that other JSON readers would round.
package enum JSONNumber {
    /// Whether every JSON reader keeps a valid number literal as a client of the original saw it: it
    /// is not a negative zero, an integer lies within ±2^53, and any other number is within the range
    /// of a double without underflowing to zero.
    package static func isLossless(_ literal: String) -> Bool {
        var negative = false
        var allZero = true
        var isInteger = true
        var integerDigits = 0
        var inExponent = false
        for byte in literal.utf8 {
            switch byte {
            case UInt8(ascii: "-") where !inExponent: negative = true
            case UInt8(ascii: "."): isInteger = false
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                isInteger = false
                inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !inExponent:
                if isInteger { integerDigits += 1 }
                if byte != UInt8(ascii: "0") { allZero = false }
            default: break
            }
        }
        if negative && allZero { return false }
        if isInteger { return integerDigits <= 15 || isSafeInteger(literal) }
        if allZero { return true }
        guard let double = Double(literal) else { return false }
        return double.isFinite && double != 0
    }

    /// Whether an integer literal lies within ±2^53, where every JSON reader keeps it exact.
    package static func isSafeInteger(_ literal: String) -> Bool {
        var digits = Substring(literal)
        if digits.first == "-" { digits = digits.dropFirst() }
        let limit = "9007199254740992"
        if digits.count != limit.count { return digits.count < limit.count }
        // Same length: compare digit by digit; equal to the limit is still exact.
        return !limit.utf8.lexicographicallyPrecedes(digits.utf8)
    }

    /// The canonical spelling of a valid JSON number literal: the exact decimal value, written
    /// without a sign on zero, without leading or trailing zeros, as an integer when it is one of at
    /// most 21 digits, as a plain decimal when its exponent is small, and otherwise as
    /// `d.ddde±x`. `1`, `1.0`, `10e-1` and `0.1E1` all become `1`.
    package static func canonical(_ literal: String) -> String {
        let bytes = Array(literal.utf8)
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var seenDot = false
        var index = 0
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                seenDot = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                digits.append(byte)
                if seenDot { exponent -= 1 }
            }
        }
        var explicitExponent = 0
        var exponentNegative = false
        for byte in bytes[index...] {
            if byte == UInt8(ascii: "-") {
                exponentNegative = true
            } else if byte != UInt8(ascii: "+") {
                // Saturate: exponents this large are beyond any double and stay distinct enough.
                explicitExponent = min(explicitExponent * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000_000)
            }
        }
        exponent += exponentNegative ? -explicitExponent : explicitExponent
        // Strip leading zeros, then trailing zeros into the exponent.
        let firstNonZero = digits.firstIndex { $0 != UInt8(ascii: "0") }
        guard let firstNonZero else { return "0" }
        digits.removeFirst(firstNonZero)
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        let count = digits.count
        var text = negative ? "-" : ""
        let digitText = String(decoding: digits, as: UTF8.self)
        if exponent >= 0 && count + exponent <= 21 {
            text += digitText + String(repeating: "0", count: exponent)
        } else if exponent < 0 && count + exponent > -7 {
            let point = count + exponent
            if point > 0 {
                text += digitText.prefix(point) + "." + digitText.dropFirst(point)
            } else {
                text += "0." + String(repeating: "0", count: -point) + digitText
            }
        } else {
            let scientific = exponent + count - 1
            text += digitText.prefix(1)
            if count > 1 { text += "." + digitText.dropFirst() }
            text += "e" + (scientific < 0 ? "-" : "+") + String(abs(scientific))
        }
        return text
    }
}
