/// One place where two JSON values differ.
package struct JSONDifference: Sendable, Equatable {
    /// The place as a JSON path (`$.user.name`, `$.items[2]`, `$["odd key"]`), which the match
    /// rules accept as written.
    package var path: String
    /// The key of the member at `path`, when the place is an object member.
    package var key: String?
    /// The value on this side; `nil` where only the other side has one.
    package var value: JSONValue?
    /// The value on the other side; `nil` where only this side has one.
    package var other: JSONValue?
}

extension JSONValue {
    /// The places at which this value and `other` differ, with the values on both sides, at most
    /// `limit` of them, in document order. Numbers compare by their canonical spelling.
    package func differences(from other: JSONValue, limit: Int = 5) -> [JSONDifference] {
        var found: [JSONDifference] = []
        JSONValue.collectDifferences(self, other, path: "$", key: nil, into: &found, limit: limit)
        return found
    }

    /// `path` followed by the member `key`: `.key` for identifier-like keys, `["key"]` otherwise.
    package static func path(_ path: String, member key: String) -> String {
        let identifier =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte)
                    || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            }
        return identifier ? path + "." + key : path + "[\"" + key + "\"]"
    }

    private static func collectDifferences(
        _ lhs: JSONValue, _ rhs: JSONValue, path: String, key: String?, into found: inout [JSONDifference], limit: Int
    ) {
        guard found.count < limit else { return }
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            var leftIndex = 0
            var rightIndex = 0
            while leftIndex < left.count || rightIndex < right.count {
                guard found.count < limit else { return }
                if rightIndex == right.count
                    || (leftIndex < left.count && keyPrecedes(left[leftIndex].key, right[rightIndex].key))
                {
                    let member = left[leftIndex]
                    found.append(
                        JSONDifference(
                            path: JSONValue.path(path, member: member.key), key: member.key, value: member.value,
                            other: nil))
                    leftIndex += 1
                } else if leftIndex == left.count || keyPrecedes(right[rightIndex].key, left[leftIndex].key) {
                    let member = right[rightIndex]
                    found.append(
                        JSONDifference(
                            path: JSONValue.path(path, member: member.key), key: member.key, value: nil,
                            other: member.value))
                    rightIndex += 1
                } else {
                    let memberKey = left[leftIndex].key
                    collectDifferences(
                        left[leftIndex].value, right[rightIndex].value, path: JSONValue.path(path, member: memberKey),
                        key: memberKey, into: &found, limit: limit)
                    leftIndex += 1
                    rightIndex += 1
                }
            }
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                guard found.count < limit else { return }
                if index < left.count && index < right.count {
                    collectDifferences(
                        left[index], right[index], path: "\(path)[\(index)]", key: key, into: &found, limit: limit)
                } else {
                    found.append(
                        JSONDifference(
                            path: "\(path)[\(index)]", key: key, value: index < left.count ? left[index] : nil,
                            other: index < right.count ? right[index] : nil))
                }
            }
        case (.number(let left), .number(let right)):
            if JSONNumber.canonical(left) != JSONNumber.canonical(right) {
                found.append(JSONDifference(path: path, key: key, value: lhs, other: rhs))
            }
        default:
            if lhs != rhs { found.append(JSONDifference(path: path, key: key, value: lhs, other: rhs)) }
        }
    }
}
