extension TestHTTPServer {
    /// Streamed routes under `/stream/`, each event or line one HTTP chunk, deterministic bytes:
    ///
    /// - `/stream/chunked?count=N` (5): `chunk 1 of N\n` … as `text/plain`.
    /// - `/stream/openai?count=N` (3 content pieces): OpenAI-shaped `chat.completion.chunk` events, a
    ///   first one with the role, one per content piece, one with `finish_reason`, then `data: [DONE]`.
    /// - `/stream/anthropic?count=N` (3): Anthropic-shaped `event:` lines, `message_start` to
    ///   `message_stop`, with `content_block_delta` events between.
    /// - `/stream/ndjson?count=N` (4): one JSON object per line, `application/x-ndjson`.
    /// - `/stream/drip?count=N&ms=M` (5 chunks, 100 ms): chunks with a pause before each one after the first.
    /// - `/stream/secret`: three events, a token (``streamedSecret``) in the first two's JSON.
    /// - `/stream/cut?count=N` (3): N chunks, then the connection closes without the terminating chunk.
    ///
    /// Every route takes `ms=M` for a pause between chunks (0 by default but for `drip`).
    package static func streamingRoute(_ request: HTTPRequestHead) -> HTTPResponseSpec? {
        let items = request.queryItems
        let number = { (name: String) in items.first { $0.name == name }.flatMap { Int($0.value) } }
        let count = { (fallback: Int) in max(1, min(number("count") ?? fallback, 100_000)) }
        let pause = { (fallback: Int) in Duration.milliseconds(max(0, number("ms") ?? fallback)) }
        switch request.path {
        case "/stream/chunked":
            let total = count(5)
            let texts = (1...total).map { "chunk \($0) of \(total)\n" }
            return .streamed(
                HTTPResponseStream(texts: texts, pause: pause(0)), contentType: "text/plain; charset=utf-8")
        case "/stream/openai":
            return eventStream(openAIEvents(pieces: count(3)), pause: pause(0))
        case "/stream/anthropic":
            return eventStream(anthropicEvents(pieces: count(3)), pause: pause(0))
        case "/stream/ndjson":
            let lines = (1...count(4)).map { #"{"id":\#($0),"name":"item \#($0)","done":\#($0 == count(4))}"# + "\n" }
            return .streamed(HTTPResponseStream(texts: lines, pause: pause(0)), contentType: "application/x-ndjson")
        case "/stream/drip":
            let texts = (1...count(5)).map { "drip \($0)\n" }
            return .streamed(
                HTTPResponseStream(texts: texts, pause: pause(100)), contentType: "text/plain; charset=utf-8")
        case "/stream/secret":
            // A token inside an event's JSON, by its name and by its shape: scrubbing must reach it.
            let token = streamedSecret
            return eventStream(
                [
                    #"data: {"type":"session","api_key":"\#(token)"}"# + "\n\n",
                    #"data: {"type":"delta","text":"your key is \#(token)"}"# + "\n\n",
                    "data: [DONE]\n\n",
                ], pause: pause(0))
        case "/stream/cut":
            let total = count(3)
            let texts = (1...total).map { "part \($0) of \(total + 1)\n" }
            return .streamed(
                HTTPResponseStream(texts: texts, pause: pause(0), cutBeforeEnd: true),
                contentType: "text/plain; charset=utf-8")
        default:
            return nil
        }
    }

    /// The token `/stream/secret` streams inside its events' JSON.
    package static let streamedSecret =
        "sk-proj-" + "Q7vN2kXpL9mR4tW8yB3cF6hJ" + "T3BlbkFJ" + "1sD5gA0zE8uY2iO6pL4kM3nB"

    /// The content pieces the SSE routes stream, in order: "Hello", ", world", " 3", " 4", …
    package static func streamedContent(pieces: Int) -> [String] {
        (0..<pieces).map { index in
            switch index {
            case 0: return "Hello"
            case 1: return ", world"
            default: return " \(index + 1)"
            }
        }
    }

    /// `data: {…}` events as OpenAI's chat completions API streams them, ending in `data: [DONE]`.
    package static func openAIEvents(pieces: Int) -> [String] {
        let prefix =
            #"{"id":"chatcmpl-cassette","object":"chat.completion.chunk","created":1764547200,"model":"gpt-test","#
        let choice = { (delta: String, finish: String) in
            "data: " + prefix + #""choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(finish)}]}"# + "\n\n"
        }
        return [choice(#"{"role":"assistant","content":""}"#, "null")]
            + streamedContent(pieces: pieces).map { choice(#"{"content":"\#($0)"}"#, "null") }
            + [choice("{}", #""stop""#), "data: [DONE]\n\n"]
    }

    /// `event:` and `data:` lines as Anthropic's Messages API streams them.
    package static func anthropicEvents(pieces: Int) -> [String] {
        let event = { (name: String, data: String) in "event: \(name)\ndata: \(data)\n\n" }
        let start =
            #"{"type":"message_start","message":{"id":"msg_cassette","type":"message","role":"assistant","#
            + #""model":"claude-test","content":[],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":1}}}"#
        return [
            event("message_start", start),
            event(
                "content_block_start",
                #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
            event("ping", #"{"type":"ping"}"#),
        ]
            + streamedContent(pieces: pieces).map {
                event(
                    "content_block_delta",
                    #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\#($0)"}}"#)
            }
            + [
                event("content_block_stop", #"{"type":"content_block_stop","index":0}"#),
                event(
                    "message_delta",
                    #"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":\#(pieces)}}"#
                ),
                event("message_stop", #"{"type":"message_stop"}"#),
            ]
    }

    private static func eventStream(_ events: [String], pause: Duration) -> HTTPResponseSpec {
        var response = HTTPResponseSpec.streamed(
            HTTPResponseStream(texts: events, pause: pause), contentType: "text/event-stream")
        response.headers.append(("Cache-Control", "no-cache"))
        return response
    }
}
