extension ScrubEngine {
    /// Whether a media type is gRPC's (`application/grpc`, `application/grpc-web`, their `+proto`
    /// and `-text` forms), whose bodies are length-prefixed frames of protobuf messages.
    static func isGRPC(_ mediaType: MediaType?) -> Bool {
        mediaType?.essence.hasPrefix("application/grpc") == true
    }

    /// The strings of a gRPC body's protobuf messages that look like credentials: protobuf carries
    /// no field names, so a string is taken by its look alone, and only inside gRPC frames: 16 to
    /// 512 characters without blanks, `/` or `.`, holding upper- and lower-case letters and digits
    /// (`sess_Q3x…`, a refresh token, a password), which ids (`user-104233`), regions, hex digests
    /// and paths do not.
    static func grpcCredentialStrings(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var index = 0
        while index + 5 <= bytes.count {
            let flag = bytes[index]
            let length = bytes[(index + 1)..<(index + 5)].reduce(0) { $0 << 8 | Int($1) }
            let start = index + 5
            guard length >= 0, start + length <= bytes.count else { break }
            if flag & 0x80 == 0 { protobufStrings(bytes, start..<(start + length), depth: 0, into: &found) }
            index = start + length
        }
        return found
    }

    /// The credential-like strings of the protobuf message at `range`, and of messages nested in it.
    private static func protobufStrings(_ bytes: [UInt8], _ range: Range<Int>, depth: Int, into found: inout [String]) {
        var index = range.lowerBound
        func varint() -> Int? {
            var value = 0
            var shift = 0
            while index < range.upperBound, shift < 63 {
                let byte = bytes[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while index < range.upperBound {
            guard let key = varint(), key >> 3 > 0 else { return }
            switch key & 7 {
            case 0: guard varint() != nil else { return }
            case 1: index += 8
            case 5: index += 4
            case 2:
                guard let length = varint(), length >= 0, index + length <= range.upperBound else { return }
                let field = index..<(index + length)
                index += length
                if let text = String(validating: bytes[field], as: UTF8.self), looksLikeCredential(bytes[field]) {
                    found.append(text)
                } else if depth < 3 {
                    protobufStrings(bytes, field, depth: depth + 1, into: &found)
                }
            default: return
            }
        }
    }

    private static func looksLikeCredential(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 16, bytes.count <= 512 else { return false }
        var upper = false
        var lower = false
        var digit = false
        for byte in bytes {
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "/"), byte != UInt8(ascii: ".") else { return false }
            if ShapeBytes.isUpper(byte) { upper = true }
            if ShapeBytes.isLower(byte) { lower = true }
            if ShapeBytes.isDigit(byte) { digit = true }
        }
        return upper && lower && digit
    }
}
