/// "Did you mean" suggestions for mistyped commands and options.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when it is close enough to be a typo:
    /// at most two edits, and fewer than half the word's length.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 && $0.1 * 2 < max(word.count, 2) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein distance between two words.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let target = Array(rhs)
        var previous = Array(0...target.count)
        for (row, character) in lhs.enumerated() {
            var current = [row + 1]
            for (column, other) in target.enumerated() {
                let substitution = previous[column] + (character == other ? 0 : 1)
                current.append(min(previous[column + 1] + 1, current[column] + 1, substitution))
            }
            previous = current
        }
        return previous[target.count]
    }
}
