/// A JSON path in the subset `.cassette.json` accepts: `$` followed by `.key`, `["key"]`, `[0]`, the
/// wildcards `[*]` and `.*`, and recursive descent `..key` (any depth).
///
/// `$.items[*].nonce` names the `nonce` of every element of `items`; `$..traceId` names every member
/// called `traceId`, however deep.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    package enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
        case anyIndex
        case anyKey
        /// `..key`: a member named `key` at this level or any level below.
        case descendant(String)
    }

    package let steps: [Step]
    /// The path as written.
    package let description: String

    /// Parses a path; `nil` when it is not in the accepted subset.
    package init?(_ text: String) {
        var rest = Substring(text)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var steps: [Step] = []
        func name(in rest: inout Substring) -> Substring {
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            defer { rest = rest[end...] }
            return rest[..<end]
        }
        while let first = rest.first {
            if rest.hasPrefix("..") {
                rest = rest.dropFirst(2)
                let key = name(in: &rest)
                guard !key.isEmpty, key != "*" else { return nil }
                steps.append(.descendant(String(key)))
            } else if first == "." {
                rest = rest.dropFirst()
                let key = name(in: &rest)
                guard !key.isEmpty else { return nil }
                steps.append(key == "*" ? .anyKey : .key(String(key)))
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if inside == "*" {
                    steps.append(.anyIndex)
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else if inside.count >= 2, inside.first == "\"", inside.last == "\"" {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        guard !steps.isEmpty else { return nil }
        self.steps = steps
        description = text
    }

    /// The field this path names in a flat body (a form or multipart body): its first step's key,
    /// when the path is just `$.field`.
    package var fieldName: String? {
        guard steps.count == 1 else { return nil }
        switch steps[0] {
        case .key(let key), .descendant(let key): return key
        default: return nil
        }
    }

    /// `value` with every member this path names removed (array elements it names are removed too).
    package func removing(from value: JSONValue) -> JSONValue {
        JSONPath.removing(steps[...], from: value)
    }

    private static func removing(_ steps: ArraySlice<Step>, from value: JSONValue) -> JSONValue {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        let last = rest.isEmpty
        switch (step, value) {
        case (.key(let key), .object(let members)):
            if last { return .object(members.filter { !$0.key.utf8.elementsEqual(key.utf8) }) }
            return .object(
                members.map { member in
                    member.key.utf8.elementsEqual(key.utf8)
                        ? JSONValue.Member(member.key, removing(rest, from: member.value)) : member
                })
        case (.anyKey, .object(let members)):
            if last { return .object([]) }
            return .object(members.map { JSONValue.Member($0.key, removing(rest, from: $0.value)) })
        case (.index(let index), .array(let elements)):
            guard elements.indices.contains(index) else { return value }
            var result = elements
            if last {
                result.remove(at: index)
            } else {
                result[index] = removing(rest, from: elements[index])
            }
            return .array(result)
        case (.anyIndex, .array(let elements)):
            if last { return .array([]) }
            return .array(elements.map { removing(rest, from: $0) })
        case (.descendant(let key), _):
            // This level first (as a `.key` step), then every value below it, still looking for `key`.
            let here = removing(ArraySlice([.key(key)] + rest), from: value)
            switch here {
            case .object(let members):
                return .object(members.map { JSONValue.Member($0.key, removing(steps, from: $0.value)) })
            case .array(let elements):
                return .array(elements.map { removing(steps, from: $0) })
            default:
                return here
            }
        default:
            return value
        }
    }

    /// Whether the place `path` (from the root) is one this path names.
    package func matches(_ path: [JSONPathComponent]) -> Bool {
        JSONPath.matches(steps[...], path[...])
    }

    private static func matches(_ steps: ArraySlice<Step>, _ path: ArraySlice<JSONPathComponent>) -> Bool {
        guard let step = steps.first else { return path.isEmpty }
        guard let component = path.first else { return false }
        let rest = steps.dropFirst()
        switch (step, component) {
        case (.key(let expected), .key(let key)):
            return expected == key && matches(rest, path.dropFirst())
        case (.index(let expected), .index(let index)):
            return expected == index && matches(rest, path.dropFirst())
        case (.anyIndex, .index), (.anyKey, .key):
            return matches(rest, path.dropFirst())
        case (.descendant(let expected), _):
            // The member here, or the same step one level down.
            if case .key(let key) = component, key == expected, matches(rest, path.dropFirst()) { return true }
            return matches(steps, path.dropFirst())
        default:
            return false
        }
    }

    /// The values this path names in `value`, in document order.
    package func values(in value: JSONValue) -> [JSONValue] {
        var found: [JSONValue] = []
        JSONPath.collect(steps[...], in: value, into: &found)
        return found
    }

    private static func collect(_ steps: ArraySlice<Step>, in value: JSONValue, into found: inout [JSONValue]) {
        guard let step = steps.first else {
            found.append(value)
            return
        }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.key(let key), .object):
            if let member = value[key] { collect(rest, in: member, into: &found) }
        case (.anyKey, .object(let members)):
            for member in members { collect(rest, in: member.value, into: &found) }
        case (.index(let index), .array(let elements)):
            if elements.indices.contains(index) { collect(rest, in: elements[index], into: &found) }
        case (.anyIndex, .array(let elements)):
            for element in elements { collect(rest, in: element, into: &found) }
        case (.descendant(let key), .object(let members)):
            for member in members {
                if member.key.utf8.elementsEqual(key.utf8) { collect(rest, in: member.value, into: &found) }
                collect(steps, in: member.value, into: &found)
            }
        case (.descendant, .array(let elements)):
            for element in elements { collect(steps, in: element, into: &found) }
        default:
            break
        }
    }

    /// `value` with the first value this path names replaced by `replacement`; unchanged when the
    /// path names nothing in it.
    package func replacingFirst(in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        var done = false
        return JSONPath.replacing(steps[...], in: value, with: replacement, done: &done)
    }

    private static func replacing(
        _ steps: ArraySlice<Step>, in value: JSONValue, with replacement: JSONValue, done: inout Bool
    ) -> JSONValue {
        guard !done else { return value }
        guard let step = steps.first else {
            done = true
            return replacement
        }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.key(let key), .object(let members)):
            var result = members
            for index in result.indices where !done && result[index].key.utf8.elementsEqual(key.utf8) {
                result[index].value = replacing(rest, in: result[index].value, with: replacement, done: &done)
            }
            return .object(result)
        case (.anyKey, .object(let members)):
            var result = members
            for index in result.indices where !done {
                result[index].value = replacing(rest, in: result[index].value, with: replacement, done: &done)
            }
            return .object(result)
        case (.index(let index), .array(let elements)):
            guard elements.indices.contains(index) else { return value }
            var result = elements
            result[index] = replacing(rest, in: elements[index], with: replacement, done: &done)
            return .array(result)
        case (.anyIndex, .array(let elements)):
            var result = elements
            for index in result.indices where !done {
                result[index] = replacing(rest, in: result[index], with: replacement, done: &done)
            }
            return .array(result)
        case (.descendant(let key), .object(let members)):
            var result = members
            for index in result.indices where !done {
                if result[index].key.utf8.elementsEqual(key.utf8) {
                    result[index].value = replacing(rest, in: result[index].value, with: replacement, done: &done)
                }
                if !done {
                    result[index].value = replacing(steps, in: result[index].value, with: replacement, done: &done)
                }
            }
            return .object(result)
        case (.descendant, .array(let elements)):
            var result = elements
            for index in result.indices where !done {
                result[index] = replacing(steps, in: result[index], with: replacement, done: &done)
            }
            return .array(result)
        default:
            return value
        }
    }
}
