import CassetteModel
import CassetteTestSupport
import Foundation
import Testing

/// Patterns whose backtracking can take exponential time are refused when loaded.
@Suite struct RegexComplexityTests {
    @Test(arguments: [
        ("(a+)+$", "(a+)+"), (#"(\w*,?)*"#, #"(\w*,?)*"#), ("(a{1,10})+", "(a{1,10})+"), ("x((ab)*c)+", "((ab)*c)+"),
        ("(?:x+y?)*z", "(?:x+y?)*"), ("(a+){2,}", "(a+){2,}"), ("((a+))*", "((a+))*"),
    ])
    func nestedRepetitionIsFound(pattern: String, nested: String) {
        #expect(RegexComplexity.nestedRepetition(in: pattern) == nested)
    }

    @Test(arguments: [
        "a+b+", "(ab)+", "(a|b)*", "(?>a+)+", "(a++)+", "[(a+)]+", #"\(a+\)+"#, "(a{2})+", "(a+)?", #"\Q(a+)+\E"#,
        "sk_live_[A-Za-z0-9]{24,}", "tenant-[0-9a-f]{8}(-[0-9a-f]{4}){3}",
    ])
    func otherPatternsPass(pattern: String) {
        #expect(RegexComplexity.nestedRepetition(in: pattern) == nil)
    }
}
