/// A JSON value as the cassette codec sees it: numbers keep the spelling they were written with and
/// object members keep their keys in Unicode code point order.
///
/// Keeping number literals as text means a cassette never rounds an integer beyond 2^53 or rewrites
/// `1.10` as `1.1`; sorting members once, when a value is built, means every writer emits the same
/// bytes for the same value.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as the literal text it was written with (`-12`, `3.50`, `1e400`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object whose members are sorted by key in Unicode code point (UTF-8 byte) order.
    case object([Member])

    /// One member of a JSON object.
    package struct Member: Sendable, Hashable {
        package var key: String
        package var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Builds an object from members in any order, sorting them by key.
    package static func object(sorting members: [Member]) -> JSONValue {
        .object(JSONValue.sortedMembers(members))
    }

    /// Builds an object from key-value pairs in any order, sorting them by key.
    package static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(sorting: pairs.map { Member($0.key, $0.value) })
    }

    /// Builds a number from an integer.
    package static func integer(_ value: Int) -> JSONValue {
        .number(String(value))
    }

    static func sortedMembers(_ members: [Member]) -> [Member] {
        var isSorted = true
        var index = 1
        while index < members.count {
            if JSONValue.keyPrecedes(members[index].key, members[index - 1].key) {
                isSorted = false
                break
            }
            index += 1
        }
        if isSorted { return members }
        return members.sorted { JSONValue.keyPrecedes($0.key, $1.key) }
    }

    /// Code point order, which is UTF-8 byte order; Swift's `<` on `String` compares canonically
    /// equivalent strings as equal, which would make two distinct keys collide.
    static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// The member named `key`, if this is an object that has one.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// A one-word name of the value's kind, used in error messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
