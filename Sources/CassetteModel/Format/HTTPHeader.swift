import Foundation

/// One HTTP header field, with its name in the spelling it was received or set with.
///
/// Headers are kept in arrays, never dictionaries, so their order in a cassette is defined and the
/// same on every platform. Names compare case-insensitively.
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Whether this header's name equals `other`, ignoring ASCII case.
    public func hasName(_ other: String) -> Bool {
        HTTPHeader.namesEqual(name, other)
    }

    /// Whether two header names are equal, ignoring ASCII case.
    public static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count
            && zip(lhs.utf8, rhs.utf8).allSatisfy { HTTPHeader.lowercase($0) == HTTPHeader.lowercase($1) }
    }

    @inline(__always) static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The name with ASCII letters lower-cased: equal for names that ``namesEqual(_:_:)``.
    package var foldedName: [UInt8] {
        name.utf8.map(HTTPHeader.lowercase)
    }

    /// Sorts headers into the order cassettes store them in: by lower-cased name, keeping the
    /// relative order of fields with the same name (their order matters, as with `Set-Cookie`).
    ///
    /// Names are compared as they are read, folded byte by byte, with nothing allocated; headers
    /// already in that order (a cassette's, a request's single field) are returned as they are.
    package static func canonicalOrder(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        guard headers.count > 1 else { return headers }
        if zip(headers, headers.dropFirst()).allSatisfy({ !foldedPrecedes($1.name, $0.name) }) { return headers }
        return headers.enumerated().sorted { lhs, rhs in
            if foldedPrecedes(lhs.element.name, rhs.element.name) { return true }
            if foldedPrecedes(rhs.element.name, lhs.element.name) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Whether `lhs` sorts before `rhs` by their ASCII-lower-cased bytes.
    private static func foldedPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lazy.map(HTTPHeader.lowercase).lexicographicallyPrecedes(rhs.utf8.lazy.map(HTTPHeader.lowercase))
    }
}

extension Array where Element == HTTPHeader {
    /// The value of the first field named `name`, compared case-insensitively.
    public func value(for name: String) -> String? {
        first { $0.hasName(name) }?.value
    }

    /// Sets an existing `Content-Length` field to the size of `body`; adds none, and leaves it alone
    /// when there is no body (a `HEAD` or `304` response describes a body it does not carry).
    package mutating func fitContentLength(to body: Data?) {
        guard let body else { return }
        let length = String(body.count)
        for index in indices where self[index].hasName("Content-Length") && self[index].value != length {
            self[index].value = length
        }
    }

    /// A copy without the fields named `name`.
    package func removing(_ name: String) -> [HTTPHeader] {
        filter { !$0.hasName(name) }
    }
}
