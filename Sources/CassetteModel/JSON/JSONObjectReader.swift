import Foundation

/// A JSON value that does not have the shape a reader expects, with where it is.
package struct JSONShapeError: Error, Sendable, Equatable {
    /// Where the value is.
    package var path: [JSONPathComponent]
    /// What was expected, in words (`expected an integer, found a string`).
    package var message: String
    /// Whether the problem is the key at the end of `path` rather than its value.
    package var atKey: Bool

    package init(path: [JSONPathComponent], message: String, atKey: Bool = false) {
        self.path = path
        self.message = message
        self.atKey = atKey
    }

    /// `path` as text: `interactions[2].response.status`.
    package var pathText: String { JSONPathComponent.text(path) }

    /// The 1-based line and column of the offending value (or key) in `data`, the JSON text the
    /// value was parsed from.
    package func position(in data: Data) -> (line: Int, column: Int)? {
        JSONLocator.offset(of: path, atKey: atKey, in: data).map { TextPosition.lineAndColumn(of: $0, in: data) }
    }
}

extension JSONSyntaxError {
    /// The 1-based line and column of the error in `data`, the text that was parsed.
    package func position(in data: Data) -> (line: Int, column: Int) {
        TextPosition.lineAndColumn(of: offset, in: data)
    }
}

/// Reads one JSON object of a file format the package defines (a cassette, `.cassette.json`, a
/// usage ledger): refuses unknown and duplicate keys, and says of every value that has the wrong
/// type where it is and what was expected.
///
/// Every reader of the package's JSON files goes through this one, so each reports problems the same
/// way (``JSONShapeError``, located in the text by ``JSONShapeError/position(in:)``).
package struct JSONObjectReader {
    package let members: [JSONValue.Member]
    package let path: [JSONPathComponent]

    /// Which keys beyond the listed ones an object may hold: none in the package's own formats;
    /// formats with extension fields (HAR's `_`-prefixed keys) name their prefix.
    package enum ExtraKeys: Sendable {
        /// Only the listed keys.
        case none
        /// The listed keys and any key that starts with the prefix.
        case prefixed(String)
        /// Any key (a newer minor version of a format whose readers must ignore what they do not know).
        case any

        func allows(_ key: String) -> Bool {
            switch self {
            case .none: false
            case .prefixed(let prefix): key.hasPrefix(prefix)
            case .any: true
            }
        }

        var note: String {
            if case .prefixed(let prefix) = self { return ", or extension keys that start with \"\(prefix)\"" }
            return ""
        }
    }

    /// Reads `value` as an object that may hold only `keys` (and the `extra` keys a format allows).
    ///
    /// - Parameters:
    ///   - what: The object in words, for messages (`a request`).
    ///   - keys: Every key the object may hold.
    ///   - extra: Keys beyond `keys` the format allows; none unless said.
    package init(
        _ value: JSONValue, path: [JSONPathComponent], what: String, keys: [String], extra: ExtraKeys = .none
    ) throws(JSONShapeError) {
        guard case .object(let members) = value else {
            throw JSONShapeError(path: path, message: "expected \(what) (an object), found \(value.kindName)")
        }
        for (position, member) in members.enumerated() {
            if position > 0 && members[position - 1].key == member.key {
                throw JSONShapeError(
                    path: path + [.key(member.key)], message: "duplicate key \"\(member.key)\"", atKey: true)
            }
            if !keys.contains(member.key) && !extra.allows(member.key) {
                let expected = keys.map { "\"\($0)\"" }.joined(separator: ", ")
                throw JSONShapeError(
                    path: path + [.key(member.key)],
                    message: "unknown key \"\(member.key)\" in \(what); expected only \(expected)\(extra.note)",
                    atKey: true)
            }
        }
        self.members = members
        self.path = path
    }

    /// The value of `key`, if the object has one.
    package func optional(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The value of `key`; its absence is an error.
    package func required(_ key: String) throws(JSONShapeError) -> JSONValue {
        guard let value = optional(key) else {
            throw JSONShapeError(path: path, message: "missing required key \"\(key)\"")
        }
        return value
    }

    /// The string value of `key`, which must be present.
    package func string(_ key: String, nonEmpty: Bool = true) throws(JSONShapeError) -> String {
        try JSONObjectReader.string(required(key), path: path + [.key(key)], nonEmpty: nonEmpty)
    }

    /// The string value of `key`, if present.
    package func optionalString(_ key: String, nonEmpty: Bool = true) throws(JSONShapeError) -> String? {
        guard let value = optional(key) else { return nil }
        return try JSONObjectReader.string(value, path: path + [.key(key)], nonEmpty: nonEmpty)
    }

    /// `value` as a string.
    /// (`path` is built only for an error: readers call this for every field of a large file.)
    package static func string(
        _ value: JSONValue, path: @autoclosure () -> [JSONPathComponent], nonEmpty: Bool
    ) throws(JSONShapeError) -> String {
        guard case .string(let text) = value else {
            throw JSONShapeError(path: path(), message: "expected a string, found \(value.kindName)")
        }
        if nonEmpty && text.isEmpty {
            throw JSONShapeError(path: path(), message: "expected a non-empty string")
        }
        return text
    }

    /// The integer value of `key`, which must be present and within `range`.
    package func integer(_ key: String, in range: ClosedRange<Int>) throws(JSONShapeError) -> Int {
        try JSONObjectReader.integer(required(key), path: path + [.key(key)], in: range)
    }

    /// The integer value of `key` within `range`, if present.
    package func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(JSONShapeError) -> Int? {
        guard let value = optional(key) else { return nil }
        return try JSONObjectReader.integer(value, path: path + [.key(key)], in: range)
    }

    /// `value` as an integer within `range`.
    package static func integer(
        _ value: JSONValue, path: @autoclosure () -> [JSONPathComponent], in range: ClosedRange<Int>
    ) throws(JSONShapeError) -> Int {
        guard case .number(let literal) = value else {
            throw JSONShapeError(path: path(), message: "expected an integer, found \(value.kindName)")
        }
        guard let integer = Int(literal) else {
            throw JSONShapeError(path: path(), message: "expected an integer, found \(literal)")
        }
        guard range.contains(integer) else {
            throw JSONShapeError(
                path: path(),
                message: "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(literal)")
        }
        return integer
    }

    /// The boolean value of `key`, which must be present.
    package func bool(_ key: String) throws(JSONShapeError) -> Bool {
        let value = try required(key)
        guard case .bool(let flag) = value else {
            throw JSONShapeError(path: path + [.key(key)], message: "expected a boolean, found \(value.kindName)")
        }
        return flag
    }

    /// The elements of the array value of `key`, if present.
    package func array(_ key: String) throws(JSONShapeError) -> [JSONValue]? {
        guard let value = optional(key) else { return nil }
        guard case .array(let elements) = value else {
            throw JSONShapeError(path: path + [.key(key)], message: "expected an array, found \(value.kindName)")
        }
        return elements
    }

    /// The array of strings under `key` (empty when absent).
    package func strings(_ key: String, nonEmpty: Bool = true) throws(JSONShapeError) -> [String] {
        guard let value = optional(key) else { return [] }
        let place = path + [.key(key)]
        guard case .array(let elements) = value else {
            throw JSONShapeError(path: place, message: "expected an array of strings, found \(value.kindName)")
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element, !(nonEmpty && text.isEmpty) else {
                let found = element == .string("") ? "an empty string" : element.kindName
                throw JSONShapeError(
                    path: place + [.index(index)],
                    message: "expected a \(nonEmpty ? "non-empty " : "")string, found \(found)")
            }
            result.append(text)
        }
        return result
    }

    /// A reader for each object in the array under `key` (none when absent).
    package func objects(_ key: String, what: String, keys: [String]) throws(JSONShapeError) -> [JSONObjectReader] {
        guard let elements = try array(key) else { return [] }
        var readers: [JSONObjectReader] = []
        readers.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            readers.append(
                try JSONObjectReader(element, path: path + [.key(key), .index(index)], what: what, keys: keys))
        }
        return readers
    }

    /// A reader for the object under `key`, if present.
    package func object(_ key: String, what: String, keys: [String]) throws(JSONShapeError) -> JSONObjectReader? {
        guard let value = optional(key) else { return nil }
        return try JSONObjectReader(value, path: path + [.key(key)], what: what, keys: keys)
    }
}
