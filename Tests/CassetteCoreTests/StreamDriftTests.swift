import CassetteCore
import Foundation
import Testing

/// Verify mode and `cassette drift` compare a streamed answer event by event: the shape of each
/// kind of event, not the text the model happened to write.
@Suite struct StreamDriftTests {
    static func interaction(_ chunks: [String], error: Int? = nil) -> Interaction {
        Interaction(
            request: RecordedRequest(method: "POST", url: "https://api.example.com/v1/chat"),
            outcome: .response(
                RecordedResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "text/event-stream")],
                    stream: ResponseStream(
                        chunks: chunks.map { Data($0.utf8) }, error: error.map(TransportError.init(code:))))))
    }

    static func delta(_ text: String, extra: String = "") -> String {
        #"data: {"object":"chat.completion.chunk","choices":[{"delta":{"content":"\#(text)"\#(extra)}}]}"# + "\n\n"
    }

    static func compare(_ recorded: Interaction, _ live: Interaction) -> InteractionDrift {
        DriftCheck.compare(
            recorded: recorded, live: live, cassettePath: "Chat.json", index: 0, request: "POST /v1/chat",
            volatile: VolatileHeaders())
    }

    @Test func otherWordsInAsManyOrOtherEventsAreNotDrift() {
        let recorded = Self.interaction([Self.delta("Hello"), Self.delta(" world"), "data: [DONE]\n\n"])
        let live = Self.interaction([Self.delta("Hi"), Self.delta(" there"), Self.delta("!"), "data: [DONE]\n\n"])
        let drift = Self.compare(recorded, live)
        #expect(!drift.hasDrift, "\(drift.summary)")
        #expect(drift.differs, "the words changed")
    }

    @Test func aFieldAddedToAnEventIsDriftAtItsPath() {
        let recorded = Self.interaction([Self.delta("Hello"), "data: [DONE]\n\n"])
        let live = Self.interaction([Self.delta("Hello", extra: #","refusal":null"#), "data: [DONE]\n\n"])
        let drift = Self.compare(recorded, live)
        #expect(drift.hasDrift)
        #expect(drift.addedFields.count == 1)
        #expect(drift.addedFields.first?.contains("refusal") == true, "\(drift.addedFields)")
        #expect(drift.addedFields.first?.contains("chat.completion.chunk") == true, "the kind of event it is in")
    }

    @Test func aNewKindOfEventOrAMissingOneIsDrift() {
        let named = { (name: String) in "event: \(name)\ndata: {\"type\":\"\(name)\"}\n\n" }
        let recorded = Self.interaction([named("message_start"), named("ping"), named("message_stop")])
        let live = Self.interaction([named("message_start"), named("error"), named("message_stop")])
        let drift = Self.compare(recorded, live)
        #expect(drift.addedFields.contains { $0.contains("error") })
        #expect(drift.removedFields.contains { $0.contains("ping") })
    }

    @Test func aStreamCutLiveIsATransportFailure() {
        let recorded = Self.interaction([Self.delta("Hello"), "data: [DONE]\n\n"])
        let live = Self.interaction([Self.delta("Hello")], error: -1005)
        #expect(Self.compare(recorded, live).transportError?.contains("cut") == true)
        #expect(Self.compare(recorded, recorded).differs == false)
    }
}
