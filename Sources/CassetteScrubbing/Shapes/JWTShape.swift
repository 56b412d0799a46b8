/// JSON Web Tokens: `eyJ` and at least four more base64url characters, a dot, at least four, a
/// dot, and the signature (possibly empty), not inside a longer base64url word. A segment may keep
/// its `=` padding (AWS load balancers send `x-amzn-oidc-data` so).
enum JWTShape {
    static func matches(in bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        let marker = Array("eyJ".utf8)
        while let start = ScrubBytes.firstIndex(of: marker, in: bytes, from: index) {
            let headerEnd = run(bytes, from: start)
            index = headerEnd
            // Inside a longer word: every later `eyJ` of this word is too.
            if start > 0, ShapeBytes.isBase64URL(bytes[start - 1]) { continue }
            guard headerEnd - start >= 7, headerEnd < bytes.count, bytes[headerEnd] == UInt8(ascii: ".") else {
                continue
            }
            let payloadEnd = run(bytes, from: headerEnd + 1)
            guard payloadEnd - headerEnd - 1 >= 4, payloadEnd < bytes.count, bytes[payloadEnd] == UInt8(ascii: ".")
            else { continue }
            let end = run(bytes, from: payloadEnd + 1)
            found.append(start..<end)
            index = end
        }
        return found
    }

    /// The end of the run of base64url characters from `start`, with up to two `=` of padding.
    private static func run(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, ShapeBytes.isBase64URL(bytes[end]) { end += 1 }
        var padded = end
        while padded < bytes.count, padded - end < 2, bytes[padded] == UInt8(ascii: "=") { padded += 1 }
        // Padding ends a segment: a dot, or what cannot continue a token, follows it.
        if padded > end, padded == bytes.count || !ShapeBytes.isBase64URL(bytes[padded]) { return padded }
        return end
    }
}
