/// A JSON path into a body, in the subset `.cassette.json` accepts: `$`, `.key`, `["key"]`, `[0]`
/// and the wildcards `[*]` and `.*`.
struct ScrubJSONPath: Sendable, Hashable {
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
        case anyIndex
        case anyKey
    }

    let steps: [Step]

    /// Parses a path; `nil` when it is not in the accepted subset.
    init?(_ text: String) {
        var rest = Substring(text)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var steps: [Step] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let key = rest[..<end]
                guard !key.isEmpty else { return nil }
                steps.append(key == "*" ? .anyKey : .key(String(key)))
                rest = rest[end...]
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
    }

    /// Whether `path`, relative to the body's root, is this path.
    func matches(_ path: [JSONPathComponent]) -> Bool {
        guard path.count == steps.count else { return false }
        for (step, component) in zip(steps, path) {
            switch (step, component) {
            case (.key(let expected), .key(let key)) where expected == key: continue
            case (.index(let expected), .index(let index)) where expected == index: continue
            case (.anyIndex, .index), (.anyKey, .key): continue
            default: return false
            }
        }
        return true
    }
}
