import Cassette
import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Upload tasks (`upload(for:from:)`, `upload(for:fromFile:)`): the body reaches the server when
/// recording, is stored, and is matched in replay; where a platform hides it, the request is
/// refused loudly, never recorded or matched without its body.
@Suite struct UploadTests {
    func uploadRequest(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        return request
    }

    @Test func anUploadIsRecordedWithItsBodyAndReplaysOnlyForThatBody() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Upload.json")
        let server = try TestHTTPServer()
        let request = uploadRequest(server.url("/echo"))
        let recorder = try openCassette(file, .record)
        let (data, _) = try await recorder.session().upload(for: request, from: Data("the uploaded body".utf8))
        try await recorder.finish()
        // The server got the body, and the cassette holds it.
        #expect(String(decoding: data, as: UTF8.self).contains(#""body":"the uploaded body""#))
        let stored = try CassetteDocument.read(from: file)
        #expect(stored.interactions.map(\.request.body) == [Data("the uploaded body".utf8)])
        server.stop()

        let player = try openCassette(file, .replay)
        let (replayed, _) = try await player.session().upload(for: request, from: Data("the uploaded body".utf8))
        #expect(replayed == data)
        await #expect(throws: CassetteError.self) {
            _ = try await player.session().upload(for: request, from: Data("another body".utf8))
        }
        try await player.finish()
        #expect(player.misses.count == 1)
        #expect(player.misses.first?.nearest?.differences.first?.hasPrefix("body") == true, "\(player.misses)")
    }

    @Test func anUploadFromAFileIsRecordedWithTheFilesBody() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Upload.json")
        let body = try directory.write("body.txt", "the file's body")
        let server = try TestHTTPServer()
        let recorder = try openCassette(file, .record)
        let (data, _) = try await recorder.session().upload(for: uploadRequest(server.url("/echo")), fromFile: body)
        try await recorder.finish()
        #expect(String(decoding: data, as: UTF8.self).contains(#""body":"the file's body""#))
        #expect(
            try CassetteDocument.read(from: file).interactions.map(\.request.body) == [Data("the file's body".utf8)])
    }

    /// Where the body of an upload cannot be seen (as on a platform that hides it), recording and
    /// replay refuse the request with a message that names the call and the fix, and the trait
    /// reports it even when the code under test swallows the error.
    @Test(arguments: [Cassette.Mode.record, .replay])
    func anUploadWhoseBodyCannotBeSeenIsRefusedLoudly(mode: Cassette.Mode) async throws {
        let package = try ScratchPackage()
        let server = try TestHTTPServer()
        let request = uploadRequest(server.url("/echo"))
        // A recorded body-less POST that a body-less match would serve.
        try package.write(
            "Cassettes/Uploads.json",
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(method: "POST", url: request.url!.absoluteString),
                    outcome: .response(RecordedResponse(status: 200, body: Data("served".utf8))))
            ]))
        var options = testOptions()
        options.uploadBody = { task in task is URLSessionUploadTask ? .unavailable : .notAnUpload }
        let trait = CassetteTrait.cassette(
            "Uploads", mode: mode, options: options, filePath: package.url("Tests/X.swift").path)
        let thrown = Locked<(any Error)?>(nil)
        try await withKnownIssue {
            try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
                do {
                    _ = try await #require(Cassette.current).session().upload(for: request, from: Data("body".utf8))
                } catch {
                    thrown.withLock { $0 = error }
                }
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(
                    "error: POST \(request.url!.absoluteString) was sent as an upload task (upload(for:from:), "
                        + "uploadTask(withStreamedRequest:)) whose body a URLProtocol is not shown here, so the "
                        + "cassette can neither record nor match it and failed the request; fix: send it with "
                        + "data(for:) and the body in URLRequest.httpBody")
                    // Recording, a refused request fails the test, which keeps its cassette as it was.
                    || mode == .record
                        && $0.rawValue.contains(
                            "error: cassette not written: the test failed (a request was refused), so the cassette "
                                + "was left as it was")
            }
        }
        #expect(
            try CassetteDocument.read(from: package.url("Cassettes/Uploads.json")).interactions.map(\.request.body)
                == [nil], "the refused upload changed the cassette")
        let error = thrown.withLock { $0 }
        guard case .uploadBodyUnavailable? = error as? CassetteError else {
            Issue.record("the upload got \(String(describing: error)), not the refusal")
            return
        }
        #expect(server.requestCount == 0, "a body-less request reached the server")
    }

    /// A streamed upload's body comes from the session delegate's stream, which the protocol never
    /// sees: refused, on the platform's own behaviour (no injected reader).
    @Test func aStreamedUploadIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let server = try TestHTTPServer()
        let cassette = try openCassette(directory.file("Streamed.json"), .record)
        let delegate = StreamingDelegate()
        let session = URLSession(configuration: cassette.configuration(), delegate: delegate, delegateQueue: nil)
        let error = await withCheckedContinuation { (continuation: CheckedContinuation<(any Error)?, Never>) in
            let task = session.uploadTask(withStreamedRequest: uploadRequest(server.url("/echo")))
            delegate.completion.withLock { $0 = { continuation.resume(returning: $0) } }
            task.resume()
        }
        session.finishTasksAndInvalidate()
        guard case .uploadBodyUnavailable? = error as? CassetteError else {
            Issue.record("the streamed upload got \(String(describing: error)), not the refusal")
            return
        }
        #expect(cassette.isRecording)
        #expect(server.requestCount == 0)
    }
}

/// Hands a streamed upload its body, and reports how the task ended.
final class StreamingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    let completion = Locked<(@Sendable ((any Error)?) -> Void)?>(nil)

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(InputStream(data: Data("streamed body".utf8)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        completion.withLock { $0 }?(error)
    }
}
