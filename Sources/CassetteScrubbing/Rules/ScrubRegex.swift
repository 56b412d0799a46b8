import Foundation

/// A compiled regular expression that can be shared between tasks.
///
/// `NSRegularExpression` is immutable once built and documented as safe to use from several
/// threads, but it is not `Sendable` on every platform this package builds on.
final class ScrubRegex: @unchecked Sendable {
    let expression: NSRegularExpression

    init(_ source: String, options: NSRegularExpression.Options = []) throws {
        expression = try NSRegularExpression(pattern: source, options: options)
    }

    /// Builds one of the scrubber's own expressions, which are known to compile.
    static func builtIn(_ source: String, options: NSRegularExpression.Options = []) -> ScrubRegex {
        do {
            return try ScrubRegex(source, options: options)
        } catch {
            preconditionFailure("built-in scrub expression does not compile: \(source)")
        }
    }

    /// For every match in `text`, the UTF-8 byte range of each capture group (`nil` where a group
    /// did not take part), the whole match first.
    func matchGroups(in text: String) -> [[Range<Int>?]] {
        let nsRange = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.matches(in: text, range: nsRange).map { match in
            (0..<match.numberOfRanges).map { group in
                let groupRange = match.range(at: group)
                guard groupRange.location != NSNotFound, let range = Range(groupRange, in: text) else { return nil }
                let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                return start..<(start + text.utf8.distance(from: range.lowerBound, to: range.upperBound))
            }
        }
    }

}
