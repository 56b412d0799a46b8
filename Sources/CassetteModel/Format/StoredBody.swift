import Foundation

/// How a body is stored in a cassette, chosen from its bytes and its `Content-Type` so that a diff
/// of the cassette reads well.
package enum StoredBody: Sendable, Equatable {
    /// JSON stored as structured JSON: only where re-encoding it loses nothing a client could see.
    case json(JSONValue)
    /// UTF-8 text stored as a string.
    case text(String)
    /// Anything else, stored as base64.
    case base64(String)

    /// Chooses the representation for a body.
    ///
    /// - JSON when the `Content-Type` is JSON (or absent and the bytes hold an object or array) and
    ///   the text parses with nothing lost (``JSONLossiness``);
    /// - text when the bytes are valid UTF-8 without control characters other than tab, LF and CR,
    ///   and the `Content-Type` does not declare a binary type;
    /// - base64 otherwise.
    package init(bytes: Data, contentType: String?) {
        let mediaType = contentType.map(MediaType.init)
        if StoredBody.mayBeJSON(bytes, mediaType: mediaType) {
            var lossiness = JSONLossiness()
            if let value = try? JSONParser.parse(bytes, lossiness: &lossiness), lossiness.isEmpty {
                self = .json(value)
                return
            }
        }
        if mediaType?.isDeclaredBinary != true, let text = StoredBody.plainText(bytes) {
            self = .text(text)
            return
        }
        self = .base64(bytes.base64EncodedString())
    }

    /// Whether `candidate`, read from a file, is what ``init(bytes:contentType:)`` gives for
    /// `bytes`, confirmed without parsing JSON. `false` means "not confirmed", not "different".
    ///
    /// A cassette file says how each body was stored; when that is the canonical choice, reading,
    /// linting and scrubbing the file need not parse and classify the body again.
    package static func confirms(_ candidate: StoredBody, bytes: Data, contentType: String?) -> Bool {
        let mediaType = contentType.map(MediaType.init)
        switch candidate {
        case .json(let value):
            if let mediaType {
                guard mediaType.isJSON else { return false }
            } else {
                switch value {
                case .object, .array: break
                default: return false
                }
            }
            return isLossless(value)
        case .text:
            return !mayBeJSON(bytes, mediaType: mediaType) && mediaType?.isDeclaredBinary != true
                && plainText(bytes) != nil
        case .base64:
            return !mayBeJSON(bytes, mediaType: mediaType)
                && (mediaType?.isDeclaredBinary == true || plainText(bytes) == nil)
        }
    }

    /// Whether a parsed JSON value re-encodes with nothing lost: no key twice in an object and every
    /// number lossless. (Strings re-encode with canonical escapes by construction.)
    private static func isLossless(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let literal):
            return JSONNumber.isLossless(literal)
        case .array(let elements):
            return elements.allSatisfy(isLossless)
        case .object(let members):
            for index in members.indices {
                if index > 0 && members[index - 1].key.utf8.elementsEqual(members[index].key.utf8) { return false }
                if !isLossless(members[index].value) { return false }
            }
            return true
        default:
            return true
        }
    }

    package static func mayBeJSON(_ bytes: Data, mediaType: MediaType?) -> Bool {
        if let mediaType { return mediaType.isJSON }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            return false
        }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    package static func plainText(_ bytes: Data) -> String? {
        let allowed = bytes.withUnsafeBytes { raw in
            raw.allSatisfy { ($0 >= 0x20 && $0 != 0x7F) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        guard allowed else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The bytes this representation stands for: JSON in compact form, text as UTF-8.
    package func bytes() throws(BodyDecodingError) -> Data {
        switch self {
        case .json(let value): return Data(JSONWriter.bytes(of: value, style: .compact))
        case .text(let text): return Data(text.utf8)
        case .base64(let encoded):
            guard let data = Data(base64Encoded: encoded) else { throw BodyDecodingError() }
            return data
        }
    }

    /// The JSON object that stands for this body in a cassette: `{"json": ...}`, `{"text": ...}`
    /// or `{"base64": ...}`.
    package var jsonValue: JSONValue {
        switch self {
        case .json(let value): .object([.init("json", value)])
        case .text(let text): .object([.init("text", .string(text))])
        case .base64(let encoded): .object([.init("base64", .string(encoded))])
        }
    }
}

/// A base64 body that is not valid base64.
package struct BodyDecodingError: Error, Sendable, Equatable {}
