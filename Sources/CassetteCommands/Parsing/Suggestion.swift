/// "Did you mean" suggestions for a mistyped word of a closed set: commands, options, and the
/// values of options such as `--format`. The one place that decides what is close enough.
package enum Suggestion {
    /// `did you mean 'lint'?` when one of `candidates` is close to `word`, else `nil`.
    package static func didYouMean(_ word: String, in candidates: [String]) -> String? {
        closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// The candidate nearest to `word` by edit distance, when it is close enough to be a typo:
    /// at most two edits, and fewer than half the word's length. The first of equally near ones.
    package static func closest(to word: String, in candidates: [String]) -> String? {
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
