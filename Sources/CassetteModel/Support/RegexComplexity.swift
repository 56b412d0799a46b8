/// Finds the shape of regular expression that makes a backtracking engine (ICU's, behind
/// `NSRegularExpression`) take exponential time: a repeated group whose content repeats too, such
/// as `(a+)+` or `(\w*,?)*`. On a text that almost matches, `(a+)+$` tries every way of splitting
/// the run of `a`s: a 35-character value took 17 s. Such patterns are refused when loaded.
///
/// Possessive repetition (`a++`) and atomic groups (`(?>...)`) do not backtrack and are allowed.
/// Alternatives that overlap inside a repeated group (`(a|a)*`) are not detected.
package enum RegexComplexity {
    /// The first nested repetition in `pattern`, as written (`(a+)+`), or `nil` when it has none.
    package static func nestedRepetition(in pattern: String) -> String? {
        let characters = Array(pattern)
        /// An open group: where it starts, whether it is atomic, whether something in it repeats.
        struct Group {
            var start: Int
            var atomic: Bool
            var repeatsInside = false
        }
        var groups: [Group] = [Group(start: 0, atomic: false)]
        var index = 0
        /// Whether a quantifier that leaves a choice of how often to repeat (`*`, `+`, `{2,5}`;
        /// not `?`, `{3}` or a possessive one) starts at `position`, and the position after it.
        func quantifier(at position: Int) -> (repeats: Bool, end: Int, possessive: Bool)? {
            guard position < characters.count else { return nil }
            var end = position + 1
            var repeats: Bool
            switch characters[position] {
            case "*", "+": repeats = true
            case "?": repeats = false
            case "{":
                guard let close = characters[position...].firstIndex(of: "}") else { return nil }
                let inside = String(characters[(position + 1)..<close])
                let bounds = inside.split(separator: ",", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0.allSatisfy(\.isNumber) }),
                    !bounds[0].isEmpty
                else { return nil }
                // An exact count ({3}) leaves nothing to choose, so it cannot backtrack by itself.
                repeats = bounds.count == 2 && (bounds[1].isEmpty || (Int(bounds[1]) ?? 0) > (Int(bounds[0]) ?? 0))
                end = close + 1
            default: return nil
            }
            var possessive = false
            if end < characters.count, characters[end] == "?" {
                end += 1
            } else if end < characters.count, characters[end] == "+" {
                possessive = true
                end += 1
            }
            if possessive { repeats = false }
            return (repeats, end, possessive)
        }
        while index < characters.count {
            let character = characters[index]
            var atomEnd = index + 1
            switch character {
            case "\\":
                if index + 1 < characters.count, characters[index + 1] == "Q" {
                    // \Q...\E is literal text.
                    var end = index + 2
                    while end + 1 < characters.count, !(characters[end] == "\\" && characters[end + 1] == "E") {
                        end += 1
                    }
                    atomEnd = min(end + 2, characters.count)
                } else {
                    atomEnd = min(index + 2, characters.count)
                }
            case "[":
                var end = index + 1
                if end < characters.count, characters[end] == "^" { end += 1 }
                if end < characters.count, characters[end] == "]" { end += 1 }
                while end < characters.count, characters[end] != "]" {
                    end += characters[end] == "\\" ? 2 : 1
                }
                atomEnd = min(end + 1, characters.count)
            case "(":
                let atomic =
                    index + 2 < characters.count && characters[index + 1] == "?" && characters[index + 2] == ">"
                groups.append(Group(start: index, atomic: atomic))
                index += 1
                continue
            case ")":
                guard groups.count > 1 else { return nil }
                let group = groups.removeLast()
                if let found = quantifier(at: index + 1) {
                    if found.repeats, group.repeatsInside, !group.atomic {
                        return String(characters[group.start..<found.end])
                    }
                    if found.repeats || (group.repeatsInside && !group.atomic) {
                        groups[groups.count - 1].repeatsInside = true
                    }
                    index = found.end
                } else {
                    if group.repeatsInside && !group.atomic { groups[groups.count - 1].repeatsInside = true }
                    index += 1
                }
                continue
            default:
                break
            }
            if let found = quantifier(at: atomEnd) {
                if found.repeats { groups[groups.count - 1].repeatsInside = true }
                index = found.end
            } else {
                index = atomEnd
            }
        }
        return nil
    }
}
