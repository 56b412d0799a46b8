import CassetteCommands
import Testing

/// The one "did you mean" rule: at most two edits, and fewer than half the word.
@Suite struct SuggestionTests {
    @Test func suggestsTyposOnly() {
        #expect(Suggestion.didYouMean("lnt", in: ["lint", "scrub"]) == "did you mean 'lint'?")
        #expect(Suggestion.didYouMean("--dry-rn", in: ["--dry-run", "--force"]) == "did you mean '--dry-run'?")
        #expect(Suggestion.didYouMean("jsn", in: ["text", "github", "json"]) == "did you mean 'json'?")
        #expect(Suggestion.didYouMean("xml", in: ["text", "github", "json"]) == nil)
        #expect(Suggestion.didYouMean("ab", in: ["xy"]) == nil)
        #expect(Suggestion.didYouMean("shw", in: ["show", "scrub"]) == "did you mean 'show'?")
    }

    @Test func firstOfEquallyCloseCandidates() {
        #expect(Suggestion.closest(to: "scrab", in: ["scrub", "scram"]) == "scrub")
    }
}
