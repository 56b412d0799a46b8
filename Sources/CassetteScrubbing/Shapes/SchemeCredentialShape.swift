import Foundation

/// `Bearer` and `Basic` credentials in text (`curl -H 'Authorization: Bearer …'`, a token echoed
/// in a JSON string and followed directly by its closing quote).
///
/// A `Bearer` token must look random (a digit, or 24 characters or more) and `Basic` credentials
/// must decode to `user:password`, so prose ("Bearer tokens", "Basic authentication") and challenge
/// parameters (`Bearer error="invalid_token"`) are left alone.
enum SchemeCredentialShape {
    /// The symbols a token68 credential may hold beside letters and digits.
    private static let tokenSymbols = ByteSet("-._~+/")

    static func matches(in bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        let bearer = Array("bearer".utf8)
        let basic = Array("basic".utf8)
        while index < bytes.count {
            let lower = ShapeBytes.lowercase(bytes[index])
            guard lower == UInt8(ascii: "b"), index == 0 || !ShapeBytes.isWord(bytes[index - 1]) else {
                index += 1
                continue
            }
            let scheme: [UInt8]
            if ShapeBytes.matchesIgnoringCase(bearer, in: bytes, at: index) {
                scheme = bearer
            } else if ShapeBytes.matchesIgnoringCase(basic, in: bytes, at: index) {
                scheme = basic
            } else {
                index += 1
                continue
            }
            var start = index + scheme.count
            index = start
            guard start < bytes.count, ShapeBytes.isBlank(bytes[start]) else { continue }
            while start < bytes.count, ShapeBytes.isBlank(bytes[start]) { start += 1 }
            var end = start
            while end < bytes.count, isTokenCharacter(bytes[end]) { end += 1 }
            let characters = end - start
            var padded = end
            while padded < bytes.count, bytes[padded] == UInt8(ascii: "=") { padded += 1 }
            index = padded
            guard characters >= 8 else { continue }
            if padded < bytes.count {
                let next = bytes[padded]
                // `name="value"` or `name=value`: a challenge parameter, not credentials.
                if isTokenCharacter(next) || (padded > end && next == UInt8(ascii: "\"")) { continue }
            }
            let credentials = String(decoding: bytes[start..<padded], as: UTF8.self)
            guard accepts(credentials, basic: scheme == basic) else { continue }
            found.append(start..<padded)
        }
        return found
    }

    /// The token68 characters of RFC 7235.
    @inline(__always) static func isTokenCharacter(_ byte: UInt8) -> Bool {
        ShapeBytes.isAlphanumeric(byte) || SchemeCredentialShape.tokenSymbols.contains(byte)
    }

    /// Whether credentials of the scheme look like real ones.
    static func accepts(_ credentials: String, basic: Bool) -> Bool {
        if basic {
            let padded = credentials + String(repeating: "=", count: (4 - credentials.utf8.count % 4) % 4)
            guard let data = Data(base64Encoded: padded), let text = String(data: data, encoding: .utf8) else {
                return false
            }
            // A user kept beside a placeholder was scrubbed already.
            return text.contains(":") && !text.contains("SCRUBBED")
        }
        return credentials.utf8.count >= 24 || credentials.utf8.contains(where: ShapeBytes.isDigit)
    }
}
